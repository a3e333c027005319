//! Showing how the book's examples came out, for the commands: every
//! command names a failing example the same way, `path:line id: fails`, then
//! the claims that differ. The judge runs them, each under `catch_unwind`, so
//! a resolver that panics on one example fails that example alone.

use std::fmt::Write as _;

use casefile::{Report, Status, Verdict};
use codegen::Book;

use crate::context::Context;

/// Whose value a claim states: the book's (`[book]`) or ours (`[expect]`).
pub fn whose(report: &Report) -> &'static str {
    if report.case.ours { "ours" } else { "book" }
}

/// `path:line id: verdict`, then one indented line per claim (only those that
/// fail when `failing_only`), the refusal and the error, as `eval` prints them.
pub fn describe(location: &str, report: &Report, failing_only: bool) -> String {
    let mut out = format!("{location} {}: {}\n", report.case.id, report.verdict);
    let shown = |s: &Status| !failing_only || matches!(s, Status::Fails(_));
    for c in report.claims.iter().filter(|c| shown(&c.status)) {
        let rules = c.rules.as_ref().map_or("(none)".into(), |v| v.to_string());
        let _ = writeln!(
            out,
            "    {}: {} {} | rules {rules}  {}",
            c.name,
            whose(report),
            c.book,
            status_word(&c.status)
        );
    }
    if let Some(r) = report.refusal.as_ref().filter(|r| shown(&r.status)) {
        let _ = writeln!(
            out,
            "    refused: {:?} | rules {}  {}",
            r.reason,
            r.rules,
            status_word(&r.status)
        );
    }
    if let Some(err) = &report.error {
        let _ = writeln!(out, "    error: {err}");
    }
    out
}

/// A claim's (or a refusal's) outcome in one or two words and the reason.
fn status_word(status: &Status) -> String {
    match status {
        Status::Agrees => "agrees".to_string(),
        Status::Erratum { ruling, .. } => format!("erratum ({ruling})"),
        Status::Fails(why) => format!("fails: {why}"),
    }
}

/// Every failing example of `book` among `reports`, in book order, as
/// [`describe`] shows it with only the claims that fail.
pub fn failing(book: &Book, reports: &[Report]) -> Vec<String> {
    let mut out = Vec::new();
    for (system, chapter) in book.chapters() {
        for e in &chapter.examples {
            let report = reports
                .iter()
                .find(|r| r.case.system == system.id && r.case.id == e.id);
            if let Some(report) = report.filter(|r| r.verdict == Verdict::Fails) {
                let (line, col) = chapter.file.line_col(failing_at(e, report));
                let location = format!("{}:{line}:{col}", chapter.file.path.display());
                out.push(describe(&location, report, true));
            }
        }
    }
    out
}

/// Writes each failing example of `book` to stderr with the claims that
/// differ; returns the failure to report, if any.
pub fn print_failing(cx: &Context, book: &Book, reports: &[Report]) -> Option<String> {
    let failing = failing(book, reports);
    for report in &failing {
        eprint!("{}", cx.text(report));
    }
    (!failing.is_empty()).then(|| format!("{} example(s) fail (listed above)", failing.len()))
}

/// Where `e` fails: at its first failing claim, the value an erratum rules
/// for it when one does (so a changed ruling is shown where it was changed),
/// else the claim as the book or we state it; at the example's fence when no
/// claim fails (a refusal, or an error of the case as a whole).
fn failing_at(e: &codegen::model::Example, report: &Report) -> usize {
    let Some(claim) = report
        .claims
        .iter()
        .find(|c| matches!(c.status, Status::Fails(_)))
    else {
        return e.span.start;
    };
    if let Some(erratum) = e.errata.iter().find(|x| x.claim == claim.name) {
        return erratum.rules_span.start;
    }
    e.bindings[e.claims_at..]
        .iter()
        .find(|b| b.name == claim.name)
        .map_or(e.span.start, |b| b.span.start)
}

#[cfg(test)]
mod tests {
    use casefile::{Case, ClaimResult, Trace, Value};

    use super::*;

    /// The judge's report of an example of ours whose one claim agrees.
    fn agreeing() -> Report {
        let case = Case {
            id: "t".into(),
            system: "action".into(),
            rule: "armor.absorb".into(),
            source: "x".into(),
            section: None,
            ours: true,
            given: Default::default(),
            claims: vec![("damage_through".into(), Value::Int(6))],
            refused: None,
            errata: Default::default(),
        };
        Report {
            case,
            verdict: Verdict::Agrees,
            claims: vec![ClaimResult {
                name: "damage_through".into(),
                book: Value::Int(6),
                rules: Some(Value::Int(6)),
                status: Status::Agrees,
            }],
            refusal: None,
            trace: Trace::default(),
            error: None,
        }
    }

    #[test]
    fn an_error_is_shown_under_the_example() {
        let report = Report {
            verdict: Verdict::Fails,
            claims: Vec::new(),
            error: Some("the resolver panicked: no resolver here".into()),
            ..agreeing()
        };
        assert!(
            describe("x.md:3", &report, true)
                .contains("    error: the resolver panicked: no resolver here")
        );
    }

    #[test]
    fn an_example_of_ours_is_labelled_ours() {
        let report = agreeing();
        assert_eq!(
            describe("x.md:3", &report, false),
            "x.md:3 t: agrees\n    damage_through: ours 6 | rules 6  agrees\n"
        );
        assert_eq!(describe("x.md:3", &report, true), "x.md:3 t: agrees\n");
    }
}
