//! A derivation trace as data: every step a resolution took, citing the spec
//! id (section or table) it applied.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// A section or table id of the spec.
    pub cites: String,
    pub text: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    pub steps: Vec<Step>,
}
