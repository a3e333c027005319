//! Running a case and judging it: every claim agrees, is a documented erratum,
//! or fails; the case's verdict is the worst of its claims.

use std::panic::{AssertUnwindSafe, catch_unwind};

use casefile::{
    Case, ClaimResult, Erratum, RefusalResult, Report, Status, Trace, Value, Values, Verdict,
};
use rules::value::RuleError;

/// Runs the case's rule and judges each claim, or its refusal.
pub fn evaluate(case: &Case) -> Report {
    let (outcome, trace) = crate::value::resolve(&case.system, &case.rule, &case.given);
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
        rules: shown(&rules),
        status,
    }
}

fn judge(book: &Value, rules: Option<&Value>, erratum: Option<&Erratum>) -> Status {
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

/// What the rule did, as a report shows it: `refused "…"`, `resolved a = 1, …`
/// or `error: …` for a refusal other than `RuleError::Invalid`.
fn shown(rules: &Result<Values, RuleError>) -> String {
    match rules {
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

/// Runs `case` with `evaluate` ([`evaluate`], or a stand-in in tests). A
/// panic becomes a failing report that carries its message, so a resolver
/// that panics on one example fails that example and the others still run.
pub fn run_case(case: &Case, evaluate: fn(&Case) -> Report) -> Report {
    catch_unwind(AssertUnwindSafe(|| evaluate(case))).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".into());
        Report {
            case: case.clone(),
            verdict: Verdict::Fails,
            claims: Vec::new(),
            refusal: None,
            trace: Trace::default(),
            error: Some(format!("the resolver panicked: {message}")),
        }
    })
}
