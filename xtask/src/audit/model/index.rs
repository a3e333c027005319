//! The system-wide lists: failing examples, errata and rulings.

use conformance::Verdict;
use serde::Serialize;
use serde_json::Value as Json;

use super::refs::Cite;
use crate::audit::git::Written;

/// An example whose verdict is `fails`, with why.
#[derive(Debug, Serialize)]
pub struct FailingExample {
    pub example: Cite,
    pub rule: Cite,
    /// Each failing claim's reason, and the case's error if it failed as a whole.
    pub why: Vec<String>,
}

/// An erratum on one claim of an example.
#[derive(Debug, Serialize)]
pub struct ErratumEntry {
    pub example: Cite,
    pub claim: String,
    /// What the book prints.
    pub book: Json,
    /// What the resolver gave; none when it gave nothing for the claim.
    pub rules: Option<Json>,
    /// `erratum`, or `fails` when the resolver no longer gives what the erratum says.
    pub status: Verdict,
    pub ruling: Cite,
    pub reason: String,
}

/// A ruling section: the examples whose errata cite it (a ruling that goes
/// against what the book prints has some; one that fills a gap has none),
/// the examples whose derivation cites it, and who wrote it and when.
#[derive(Debug, Serialize)]
pub struct RulingFacts {
    pub ruling: Cite,
    pub chapter: String,
    pub cited_by: Vec<Cite>,
    /// `against the book` when an erratum cites it, else `fills a gap`.
    pub stance: &'static str,
    pub derivations: Vec<Cite>,
    /// Its file and first and last line (none: to the end), for git's history of its lines.
    pub file: String,
    pub lines: (usize, Option<usize>),
    /// Who wrote its lines and when (git blame); none outside a checkout.
    pub written: Option<Written>,
}
