//! A property file read back: a law of one rule over a domain of its inputs.

use serde::{Deserialize, Serialize};

use super::law::{Domain, Law};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PropertyCase {
    pub id: String,
    pub system: String,
    pub rule: String,
    /// `spec/<system>/<chapter>.md#<property id>`.
    pub source: String,
    /// Each input the property gives, in the file's order.
    pub given: Vec<(String, Domain)>,
    pub law: Law,
}

impl PropertyCase {
    /// The input a monotone law grows, if the law is monotone.
    pub fn grown(&self) -> Option<&str> {
        match &self.law {
            Law::Monotone { input, .. } => Some(input),
            _ => None,
        }
    }
}
