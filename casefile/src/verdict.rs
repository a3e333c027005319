//! How a case came out: every claim agrees, is a documented erratum, or
//! fails; the case's verdict is the worst of its claims. `conformance`
//! judges; this is what it says, and how a report shows it.

use std::fmt::{self, Write as _};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::case::Case;
use crate::trace::Trace;
use crate::value::Value;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Agrees,
    Erratum,
    Fails,
}

impl Verdict {
    /// The verdict's word, as reports and `audit.json` write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Agrees => "agrees",
            Verdict::Erratum => "erratum",
            Verdict::Fails => "fails",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How one claim came out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Status {
    Agrees,
    /// The book and the rules differ exactly as the erratum says.
    Erratum {
        ruling: String,
        reason: String,
    },
    Fails(String),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClaimResult {
    pub name: String,
    pub book: Value,
    /// What the resolver gave; `None` when it gave nothing for this claim.
    pub rules: Option<Value>,
    pub status: Status,
}

/// How a refused example came out: the reason it gives, what the rule did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RefusalResult {
    /// Words the refusal must contain.
    pub reason: String,
    /// What the rule did, as a report shows it: `refused "…"`, `resolved a = 1, …`
    /// or `error: …` for an error other than a refusal of the inputs.
    pub rules: String,
    /// `Agrees` when the rule refused with a message containing `reason`.
    pub status: Status,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    pub case: Case,
    pub verdict: Verdict,
    pub claims: Vec<ClaimResult>,
    /// For a refused example, how its refusal came out (it makes no claims).
    pub refusal: Option<RefusalResult>,
    pub trace: Trace,
    /// Why the case failed as a whole (an unknown rule, inputs the rule refused).
    pub error: Option<String>,
}

/// As a snapshot shows a claim's outcome.
impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Agrees => f.write_str("agrees"),
            Status::Erratum { ruling, reason } => write!(f, "erratum, ruling {ruling}: {reason}"),
            Status::Fails(why) => write!(f, "FAILS: {why}"),
        }
    }
}

impl Report {
    /// The case's outcome as a person reads it: verdict, each claim with both
    /// values, and the derivation trace. This is what the snapshots hold.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let c = &self.case;
        let whose = if c.ours { "expect (ours)" } else { "book" };
        let _ = writeln!(out, "case: {} ({})", c.id, c.source);
        let _ = writeln!(out, "rule: {}.{}", c.system, c.rule);
        let _ = writeln!(out, "verdict: {}", self.verdict);
        if !c.given.0.is_empty() {
            let _ = writeln!(out, "given:");
            for (k, v) in &c.given.0 {
                let _ = writeln!(out, "  {k} = {v}");
            }
        }
        if let Some(r) = &self.refusal {
            let _ = writeln!(
                out,
                "refused: {:?} | rules: {}  -> {}",
                r.reason, r.rules, r.status
            );
        } else {
            let _ = writeln!(out, "claims ({whose} | rules):");
        }
        for claim in &self.claims {
            let rules = claim
                .rules
                .as_ref()
                .map_or("(none)".to_string(), Value::to_string);
            let _ = writeln!(
                out,
                "  {} = {} | {}  -> {}",
                claim.name, claim.book, rules, claim.status
            );
        }
        if let Some(e) = &self.error {
            let _ = writeln!(out, "error: {e}");
        }
        out.push_str(&self.render_trace());
        out
    }

    /// The derivation, one numbered step a line with the id it cites: the
    /// end of [`Report::render`], and what `cargo xtask eval --trace` shows.
    pub fn render_trace(&self) -> String {
        let mut out = "trace:\n".to_string();
        write_steps(&mut out, &self.trace, "  ");
        out
    }
}

/// Each step of `trace` on a line of its own after `indent`: `N. [id] text`.
pub(crate) fn write_steps(out: &mut String, trace: &Trace, indent: &str) {
    for (i, s) in trace.steps.iter().enumerate() {
        let _ = writeln!(out, "{indent}{}. [{}] {}", i + 1, s.cites, s.text);
    }
}
