//! Running a case and judging it: every claim agrees, is a documented erratum,
//! or fails; the case's verdict is the worst of its claims.

use std::fmt::{self, Write as _};

use rules::trace::Trace;
use rules::value::Value;

use crate::case::Case;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    Agrees,
    Erratum,
    Fails,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Agrees => "agrees",
            Verdict::Erratum => "erratum",
            Verdict::Fails => "fails",
        })
    }
}

/// How one claim came out.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    Agrees,
    /// The book and the rules differ exactly as the erratum says.
    Erratum {
        ruling: String,
        reason: String,
    },
    Fails(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClaimResult {
    pub name: String,
    pub book: Value,
    /// What the resolver gave; `None` when it gave nothing for this claim.
    pub rules: Option<Value>,
    pub status: Status,
}

#[derive(Debug, Clone)]
pub struct Report {
    pub case: Case,
    pub verdict: Verdict,
    pub claims: Vec<ClaimResult>,
    pub trace: Trace,
    /// Why the case failed as a whole (an unknown rule, inputs the rule refused).
    pub error: Option<String>,
}

/// Runs the case's rule and judges each claim.
pub fn evaluate(case: &Case) -> Report {
    let mut trace = Trace::default();
    let outcome = rules::resolve(&case.system, &case.rule, &case.given, &mut trace);
    let outputs = match outcome {
        Ok(o) => o,
        Err(e) => {
            return Report {
                case: case.clone(),
                verdict: Verdict::Fails,
                claims: Vec::new(),
                trace,
                error: Some(e.to_string()),
            };
        }
    };
    let claims: Vec<ClaimResult> = case
        .claims
        .iter()
        .map(|(name, book)| {
            let rules = outputs.0.get(name).cloned();
            let status = judge(book, rules.as_ref(), case.errata.get(name));
            ClaimResult {
                name: name.clone(),
                book: book.clone(),
                rules,
                status,
            }
        })
        .collect();
    let stray: Vec<&String> = case
        .errata
        .keys()
        .filter(|k| !case.claims.iter().any(|(n, _)| n == *k))
        .collect();
    let error =
        (!stray.is_empty()).then(|| format!("errata on claims the case does not make: {stray:?}"));
    let verdict = claims
        .iter()
        .map(|c| match c.status {
            Status::Agrees => Verdict::Agrees,
            Status::Erratum { .. } => Verdict::Erratum,
            Status::Fails(_) => Verdict::Fails,
        })
        .chain(error.as_ref().map(|_| Verdict::Fails))
        .max()
        .unwrap_or(Verdict::Fails);
    Report {
        case: case.clone(),
        verdict,
        claims,
        trace,
        error,
    }
}

fn judge(book: &Value, rules: Option<&Value>, erratum: Option<&crate::Erratum>) -> Status {
    let Some(rules) = rules else {
        return Status::Fails("the rule gave no such output".into());
    };
    match (rules == book, erratum) {
        (true, None) => Status::Agrees,
        (true, Some(_)) => {
            Status::Fails("the erratum no longer disagrees: book and rules now agree".into())
        }
        (false, None) => {
            Status::Fails("undocumented disagreement: no erratum for this claim".into())
        }
        (false, Some(e)) if &e.rules == rules => Status::Erratum {
            ruling: e.ruling.clone(),
            reason: e.reason.clone(),
        },
        (false, Some(e)) => {
            Status::Fails(format!("the erratum expects the rules to give {}", e.rules))
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
        let _ = writeln!(out, "claims ({whose} | rules):");
        for claim in &self.claims {
            let rules = claim
                .rules
                .as_ref()
                .map_or("(none)".to_string(), Value::to_string);
            let status = match &claim.status {
                Status::Agrees => "agrees".to_string(),
                Status::Erratum { ruling, reason } => format!("erratum, ruling {ruling}: {reason}"),
                Status::Fails(why) => format!("FAILS: {why}"),
            };
            let _ = writeln!(
                out,
                "  {} = {} | {}  -> {status}",
                claim.name, claim.book, rules
            );
        }
        if let Some(e) = &self.error {
            let _ = writeln!(out, "error: {e}");
        }
        let _ = writeln!(out, "trace:");
        for (i, s) in self.trace.steps.iter().enumerate() {
            let _ = writeln!(out, "  {}. [{}] {}", i + 1, s.cites, s.text);
        }
        out
    }
}
