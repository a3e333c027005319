//! The properties: each law, its domains, whether it holds, and the index of
//! them per system.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value as Json;

use super::refs::{Cite, StepFacts};

#[derive(Debug, Serialize, JsonSchema)]
pub struct PropertyFacts {
    pub id: String,
    pub line: usize,
    pub section: Option<String>,
    pub rule: Cite,
    /// The law in words, names in backticks.
    pub law: String,
    /// Each input's domain, in the block's order.
    pub given: Vec<DomainFacts>,
    pub verdict: Holds,
    /// Which inputs the law was judged at.
    pub tried: String,
    pub failure: Option<FailureFacts>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct DomainFacts {
    pub name: String,
    /// `1 to 500`, `one of "Brick", "Dry rock"`, or the one value.
    pub domain: String,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct FailureFacts {
    pub message: String,
    /// The counterexample, shrunk: one point, or two for a monotone law.
    pub points: Vec<PointFacts>,
}

/// One resolution of the rule at the counterexample.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PointFacts {
    pub given: BTreeMap<String, Json>,
    /// The outputs; none when the rule gave none.
    pub outputs: Option<BTreeMap<String, Json>>,
    /// Why there are no outputs (a refusal, a panic).
    pub refused: Option<String>,
    pub trace: Vec<StepFacts>,
}

/// A system's properties: how many hold, and a link to each.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PropertyIndex {
    pub count: usize,
    pub hold: usize,
    pub fail: usize,
    pub properties: Vec<PropertyEntry>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct PropertyEntry {
    pub property: Cite,
    pub rule: Cite,
    pub law: String,
    pub verdict: Holds,
}

/// Whether a property's law held over its domain: `holds` or `fails` in
/// `audit.json` and the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Holds {
    Holds,
    Fails,
}

impl Holds {
    pub fn as_str(self) -> &'static str {
        match self {
            Holds::Holds => "holds",
            Holds::Fails => "fails",
        }
    }
}
