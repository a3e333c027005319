//! Running a case and judging it: every claim agrees, is a documented erratum,
//! or fails; the case's verdict is the worst of its claims.

use std::fmt::{self, Write as _};

use rules::trace::Trace;
use rules::value::{RuleError, Value, Values};

use crate::case::Case;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
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

impl serde::Serialize for Verdict {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
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

/// How a refused example came out: the reason it gives, what the rule did.
#[derive(Debug, Clone, PartialEq)]
pub struct RefusalResult {
    /// Words the refusal must contain.
    pub reason: String,
    /// The rule's outputs, or its error.
    pub rules: Result<Values, RuleError>,
    /// `Agrees` when the rule refused with a message containing `reason`.
    pub status: Status,
}

impl RefusalResult {
    /// What the rule did, as a report shows it: `refused "…"`, `resolved a = 1, …`
    /// or `error: …` for a refusal other than `RuleError::Invalid`.
    pub fn rules_shown(&self) -> String {
        match &self.rules {
            Err(RuleError::Invalid(msg)) => format!("refused {msg:?}"),
            Err(e) => format!("error: {e}"),
            Ok(outputs) => {
                let parts: Vec<String> = outputs
                    .0
                    .iter()
                    .map(|(k, v)| format!("{k} = {v}"))
                    .collect();
                format!("resolved {}", parts.join(", "))
            }
        }
    }
}

#[derive(Debug, Clone)]
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

/// Runs the case's rule and judges each claim, or its refusal.
pub fn evaluate(case: &Case) -> Report {
    let mut trace = Trace::default();
    let outcome = rules::resolve(&case.system, &case.rule, &case.given, &mut trace);
    let mut report = Report {
        case: case.clone(),
        verdict: Verdict::Fails,
        claims: Vec::new(),
        refusal: None,
        trace,
        error: None,
    };
    if let Some(reason) = &case.refused {
        report.refusal = Some(judge_refusal(reason, outcome));
    } else {
        match outcome {
            Ok(outputs) => report.claims = judge_claims(case, &outputs),
            Err(e) => {
                report.error = Some(e.to_string());
                return report;
            }
        }
    }
    let stray: Vec<&String> = case
        .errata
        .keys()
        .filter(|k| !case.claims.iter().any(|(n, _)| n == *k))
        .collect();
    report.error =
        (!stray.is_empty()).then(|| format!("errata on claims the case does not make: {stray:?}"));
    report.verdict = report
        .claims
        .iter()
        .map(|c| &c.status)
        .chain(report.refusal.as_ref().map(|r| &r.status))
        .map(|s| match s {
            Status::Agrees => Verdict::Agrees,
            Status::Erratum { .. } => Verdict::Erratum,
            Status::Fails(_) => Verdict::Fails,
        })
        .chain(report.error.as_ref().map(|_| Verdict::Fails))
        .max()
        .unwrap_or(Verdict::Fails);
    report
}

fn judge_claims(case: &Case, outputs: &Values) -> Vec<ClaimResult> {
    case.claims
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
        .collect()
}

/// A refusal agrees when the rule refuses the inputs as outside what it covers
/// (`RuleError::Invalid`) with a message that contains `reason`.
fn judge_refusal(reason: &str, rules: Result<Values, RuleError>) -> RefusalResult {
    let status = match &rules {
        Err(RuleError::Invalid(msg)) if msg.contains(reason) => Status::Agrees,
        Err(RuleError::Invalid(msg)) => Status::Fails(format!(
            "the rule refuses with {msg:?}, which does not contain {reason:?}"
        )),
        Err(e) => Status::Fails(format!(
            "the rule rejects the case ({e}) rather than refusing its inputs with {reason:?}"
        )),
        Ok(_) => Status::Fails(format!(
            "the rule resolves instead of refusing with {reason:?}"
        )),
    };
    RefusalResult {
        reason: reason.to_string(),
        rules,
        status,
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
                r.reason,
                r.rules_shown(),
                r.status
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
pub(crate) fn write_steps(out: &mut String, trace: &rules::trace::Trace, indent: &str) {
    for (i, s) in trace.steps.iter().enumerate() {
        let _ = writeln!(out, "{indent}{}. [{}] {}", i + 1, s.cites, s.text);
    }
}
