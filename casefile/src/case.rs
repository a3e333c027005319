//! A case file, as `cargo xtask regen` writes it, read back with its values
//! typed by the rule's signature (`conformance` reads it: it knows the rules).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::value::{Value, Values};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Case {
    pub id: String,
    pub system: String,
    pub rule: String,
    /// `spec/<system>/<chapter>.md#<example id>`.
    pub source: String,
    /// The anchor of the section the example sits under, if any.
    pub section: Option<String>,
    pub ours: bool,
    pub given: Values,
    /// What the book prints, or, for an example of ours, what we worked out.
    pub claims: Vec<(String, Value)>,
    /// For a refused example (`[refused]`): words the rule's refusal must contain.
    pub refused: Option<String>,
    pub errata: BTreeMap<String, Erratum>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Erratum {
    pub rules: Value,
    pub ruling: String,
    pub reason: String,
}
