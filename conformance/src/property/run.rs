//! Checking a property: the law is judged at every input of a small domain,
//! or at inputs proptest draws from a large one with a fixed seed; a failing
//! draw is shrunk and resolved once more for its traces.

use std::cmp::Ordering;
use std::panic::{AssertUnwindSafe, catch_unwind};

use casefile::property::{
    Bound, Direction, Failure, Law, Point, PropertyCase, PropertyReport, Relation, Tried,
};
use casefile::{Value, Values};
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};

use super::draws::{self, Draw};
use super::order::compare;

/// How many times as many inputs as `cases` a domain may hold and still be
/// checked whole rather than drawn from.
pub const WHOLE: u32 = 8;

/// Checks `case` over its domain: at every input when the domain holds at most
/// `cases` × [`WHOLE`] of them, else at `cases` inputs drawn with a fixed seed,
/// so that every run tries the same ones.
pub fn check(case: &PropertyCase, cases: u32) -> PropertyReport {
    let (tried, failure) = match draws::whole(case, u128::from(cases) * u128::from(WHOLE)) {
        Err(why) => (Tried::Drawn(0), Some(Failure::setup(why))),
        Ok(Some(every)) => (Tried::Every(every.len()), whole(case, every)),
        Ok(None) => (Tried::Drawn(cases), drawn(case, cases)),
    };
    PropertyReport {
        case: case.clone(),
        tried,
        failure,
    }
}

/// Judges every draw in order; the first failure is the counterexample.
fn whole(case: &PropertyCase, every: Vec<Draw>) -> Option<Failure> {
    every.iter().find_map(|draw| {
        let (points, verdict) = judge(case, draw);
        verdict.err().map(|message| Failure { message, points })
    })
}

/// Judges `cases` draws from proptest, and shrinks a failing one.
fn drawn(case: &PropertyCase, cases: u32) -> Option<Failure> {
    let strategy = match draws::strategy(case) {
        Ok(s) => s,
        Err(why) => return Some(Failure::setup(why)),
    };
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let result = runner.run(&strategy, |draw| {
        judge(case, &draw).1.map_err(TestCaseError::fail)
    });
    match result {
        Ok(()) => None,
        Err(TestError::Fail(_, draw)) => {
            let (points, verdict) = judge(case, &draw);
            Some(Failure {
                message: verdict.err().unwrap_or_else(|| {
                    "the law failed during the run but holds at the shrunk input".into()
                }),
                points,
            })
        }
        Err(TestError::Abort(why)) => Some(Failure::setup(format!("proptest gave up: {why}"))),
    }
}

/// Resolves the rule at `draw` (twice for a monotone law) and judges the law.
fn judge(case: &PropertyCase, draw: &Draw) -> (Vec<Point>, Result<(), String>) {
    let low = resolve(case, draw.given.clone());
    let verdict = match &case.law {
        Law::Resolves => outputs(&low).map(|_| ()),
        Law::Bounded {
            output,
            relation,
            bound,
        } => bounded(&low, output, *relation, bound),
        Law::Monotone {
            output,
            input,
            direction,
        } => {
            let mut given = draw.given.clone();
            if let Some(v) = &draw.higher {
                given.0.insert(input.clone(), v.clone());
            }
            let high = resolve(case, given);
            let verdict = monotone(&low, &high, output, input, *direction);
            return (vec![low, high], verdict);
        }
    };
    (vec![low], verdict)
}

/// Runs the rule; a refusal or a panic is the point's outcome, not a crash.
fn resolve(case: &PropertyCase, given: Values) -> Point {
    let mut trace = rules::trace::Trace::default();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let rules_given = crate::value::rules_values(&given);
        rules::resolve(&case.system, &case.rule, &rules_given, &mut trace)
    }));
    let outcome = match outcome {
        Ok(Ok(values)) => Ok(crate::value::values_from_rules(values)),
        Ok(Err(e)) => Err(format!("the resolver refused it: {e}")),
        Err(panic) => Err(format!("the resolver panicked: {}", panic_text(&*panic))),
    };
    let trace = crate::value::trace(trace);
    Point {
        given,
        outcome,
        trace,
    }
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "(no message)".into())
}

/// The point's outputs, or why it has none.
fn outputs(p: &Point) -> Result<&Values, String> {
    p.outcome
        .as_ref()
        .map_err(|e| format!("at {}: {e}", p.inputs()))
}

/// The point's value of `output`.
fn output_of<'a>(p: &'a Point, output: &str) -> Result<&'a Value, String> {
    outputs(p)?
        .0
        .get(output)
        .ok_or_else(|| format!("at {}: the rule gave no `{output}`", p.inputs()))
}

fn monotone(
    low: &Point,
    high: &Point,
    output: &str,
    input: &str,
    direction: Direction,
) -> Result<(), String> {
    let a = output_of(low, output)?;
    let b = output_of(high, output)?;
    let (wrong, moved) = match direction {
        Direction::NonDecreasing => (Ordering::Greater, "fell"),
        Direction::NonIncreasing => (Ordering::Less, "rose"),
    };
    match compare(a, b)? {
        o if o == wrong => Err(format!(
            "`{output}` {moved} from {} at {input} = {} to {} at {input} = {}",
            shown(a),
            low.given.0.get(input).map_or("?".into(), Value::to_string),
            shown(b),
            high.given.0.get(input).map_or("?".into(), Value::to_string),
        )),
        _ => Ok(()),
    }
}

fn bounded(p: &Point, output: &str, relation: Relation, bound: &Bound) -> Result<(), String> {
    let a = output_of(p, output)?;
    let constant;
    let (b, named) = match bound {
        Bound::Constant(n) => {
            constant = Value::Int(*n);
            (&constant, String::new())
        }
        Bound::Input(n) => (
            p.given
                .0
                .get(n)
                .ok_or_else(|| format!("the property gives no input `{n}`"))?,
            format!("`{n}` (input) = "),
        ),
        Bound::Output(n) => (output_of(p, n)?, format!("`{n}` = ")),
    };
    let holds = match (relation, compare(a, b)?) {
        (Relation::AtMost, o) => o != Ordering::Greater,
        (Relation::AtLeast, o) => o != Ordering::Less,
        (Relation::Equals, o) => o == Ordering::Equal,
    };
    let is = match relation {
        Relation::AtMost => "more than",
        Relation::AtLeast => "less than",
        Relation::Equals => "not equal to",
    };
    if holds {
        return Ok(());
    }
    Err(format!(
        "at {}: `{output}` = {} is {is} {named}{}",
        p.inputs(),
        shown(a),
        shown(b)
    ))
}

/// Ints as they are, dice with their mean.
fn shown(v: &Value) -> String {
    match v {
        Value::Dice(d) => format!("{d} (mean {})", crate::value::rules_dice(*d).mean()),
        other => other.to_string(),
    }
}
