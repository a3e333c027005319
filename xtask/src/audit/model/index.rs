//! The system-wide lists: failing examples, errata and rulings.

use casefile::Verdict;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value as Json;

use super::refs::Cite;
use crate::audit::git::Written;

/// An example whose verdict is `fails`, with why.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FailingExample {
    pub example: Cite,
    pub rule: Cite,
    /// Each failing claim's reason, and the case's error if it failed as a whole.
    pub why: Vec<String>,
}

/// An erratum on one claim of an example.
#[derive(Debug, Serialize, JsonSchema)]
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

/// A ruling section: what it declares of the book (the printed figures it
/// sets aside, or that it fills a gap), the examples whose errata cite it,
/// the examples whose derivation cites it, every example it touches, and who
/// wrote it and when.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RulingFacts {
    pub ruling: Cite,
    pub chapter: String,
    pub cited_by: Vec<Cite>,
    /// `against the book` when it declares what it sets aside (`aside=…`),
    /// `fills a gap` when it declares `gap`, `undeclared` otherwise (which
    /// the `undeclared-ruling` lint reports).
    pub stance: &'static str,
    /// What it sets aside, as declared: `line 200: 3`, each checked against
    /// the book by `cargo xtask provenance`.
    pub sets_aside: Vec<String>,
    pub derivations: Vec<Cite>,
    /// The examples it touches: through an erratum, a derivation, by
    /// standing in the section it governs (its own, or the one its heading
    /// sits under), or named in its text, once each.
    pub touches: Vec<Cite>,
    /// Its file and first and last line (none: to the end), for git's history of its lines.
    pub file: String,
    pub lines: (usize, Option<usize>),
    /// Who wrote its lines and when (git blame); none outside a checkout.
    pub written: Option<Written>,
}
