//! A function of `rules/src` that some rule reaches: its review, the rules
//! that reach it, and the mutants that survive in it.

use schemars::JsonSchema;
use serde::Serialize;

use super::mutation::SurvivorFacts;
use super::refs::Cite;
use crate::audit::reviewed::Review;

#[derive(Debug, Serialize, JsonSchema)]
pub struct FunctionFacts {
    pub path: String,
    pub file: String,
    /// The line of its name, and its first line (doc comments included).
    pub line: usize,
    pub first_line: usize,
    pub review: Review,
    pub reviewer: Option<String>,
    pub reviewed_on: Option<String>,
    /// The rules whose resolver function reaches it.
    pub rules: Vec<Cite>,
    /// The surviving mutants within its lines.
    pub survivors: Vec<SurvivorFacts>,
    /// Its entry in the review queue (`queue/….html#path`, from the site's
    /// root), when it is read there.
    pub queue: Option<String>,
}
