//! Totality: every rule, given any inputs of the types its rule block declares,
//! either resolves or refuses with a `RuleError`. It never panics, and tests run
//! in debug, where an arithmetic overflow panics too. A decimal it gives is a
//! number: never NaN or infinite. When it resolves, every input and every
//! output lies in the domain its rule block declares (its `Param`'s `domain`).
//!
//! Inputs lean hard on the extremes (`i64::MIN`, `i32::MAX`, a million below
//! zero; for decimals NaN, the infinities and -0), on the words and figures the book's own examples use (read from the
//! case files, so a rule's deeper paths are reached), on each end of a declared
//! domain and one past it, and on arbitrary text.
//! Optional inputs are sometimes left out. The seed is fixed, so a run is
//! repeatable; every rule that panics is reported with its shrunk input.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::path::Path;

use conformance::{Case, ParseFile};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestError, TestRng, TestRunner};
use rules::dice::Dice;
use rules::trace::Trace;
use rules::value::signature::{Param, RuleInfo, figures};
use rules::value::{Type, Value, Values};

/// Whole numbers a rule is most likely to mishandle.
const EXTREMES: &[i64] = &[
    i64::MIN,
    i64::MIN + 1,
    i64::MAX,
    i32::MIN as i64,
    i32::MAX as i64,
    i32::MAX as i64 + 1,
    -1_000_000,
    -1,
    0,
    1,
    1_000_000,
];

/// Test cases tried per rule.
const CASES: u32 = 192;

/// What the book's examples give each input, by (system, rule, input), and every
/// text they give anywhere.
#[derive(Default)]
struct Seeds {
    by_input: BTreeMap<(String, String, String), Vec<Value>>,
    words: Vec<String>,
}

fn seeds() -> Seeds {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases");
    let mut seeds = Seeds::default();
    let systems = std::fs::read_dir(&root).expect("conformance/cases is readable");
    for file in systems.flat_map(|s| {
        std::fs::read_dir(s.expect("a system folder").path()).expect("a system folder is readable")
    }) {
        let path = file.expect("a case file").path();
        let text = std::fs::read_to_string(&path).expect("a case file is readable");
        let case = Case::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (name, v) in case.given.0 {
            let v = conformance::to_rules(&v);
            match &v {
                Value::Text(s) => seeds.words.push(s.clone()),
                Value::TextList(ts) => seeds.words.extend(ts.iter().cloned()),
                _ => {}
            }
            let key = (case.system.clone(), case.rule.clone(), name);
            seeds.by_input.entry(key).or_default().push(v);
        }
    }
    seeds.words.sort();
    seeds.words.dedup();
    seeds
}

fn int() -> BoxedStrategy<i64> {
    prop_oneof![
        4 => proptest::sample::select(EXTREMES),
        3 => -30i64..=30,
        1 => -2_000_000i64..=2_000_000,
        1 => any::<i64>(),
    ]
    .boxed()
}

/// Decimals a rule is most likely to mishandle: no number at all, the infinite,
/// the largest and the tiniest, a negative zero, and beyond any figure.
const DECIMAL_EXTREMES: &[f64] = &[
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::MAX,
    f64::MIN,
    f64::MIN_POSITIVE,
    f64::EPSILON,
    -0.0,
    -0.5,
    0.0,
    0.5,
    i32::MAX as f64,
    i32::MAX as f64 + 0.5,
    -1e300,
    1e300,
];

fn decimal() -> BoxedStrategy<f64> {
    prop_oneof![
        4 => proptest::sample::select(DECIMAL_EXTREMES),
        3 => (-60i32..=60).prop_map(|halves| f64::from(halves) / 2.0),
        1 => -2e6f64..2e6,
        1 => any::<f64>(),
    ]
    .boxed()
}

fn dice_part() -> BoxedStrategy<i32> {
    prop_oneof![
        2 => proptest::sample::select(EXTREMES).prop_map(|n| n.clamp(i32::MIN.into(), i32::MAX.into()) as i32),
        3 => -3i32..=12,
        1 => any::<i32>(),
    ]
    .boxed()
}

/// Text that reads as a number, for inputs that parse one (`"0.5"`, a band `"5-8"`).
fn numeral() -> BoxedStrategy<String> {
    prop_oneof![
        int().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|x| x.to_string()),
        (int(), int()).prop_map(|(a, b)| format!("{a}-{b}")),
        proptest::sample::select(&["inf", "-inf", "NaN", "1e300", "-0", "0.5", "1e-300"][..])
            .prop_map(str::to_string),
    ]
    .boxed()
}

fn text(words: &[String]) -> BoxedStrategy<String> {
    let any_text = prop_oneof![
        Just(String::new()),
        any::<String>(),
        "[a-z -]{0,12}",
        numeral(),
        numeral()
    ];
    if words.is_empty() {
        return any_text.boxed();
    }
    prop_oneof![3 => proptest::sample::select(words.to_vec()), 2 => any_text].boxed()
}

/// A value of the declared type: often one an example gives this input, else
/// anything of the type, extremes first.
fn value(ty: Type, seen: &[Value], seeds: &Seeds) -> BoxedStrategy<Value> {
    let own: Vec<String> = seen
        .iter()
        .flat_map(|v| match v {
            Value::Text(s) => vec![s.clone()],
            Value::TextList(ts) => ts.clone(),
            _ => Vec::new(),
        })
        .collect();
    let words: Vec<String> = own.iter().chain(&seeds.words).cloned().collect();
    let fresh = match ty {
        Type::Int => int().prop_map(Value::Int).boxed(),
        Type::Bool => any::<bool>().prop_map(Value::Bool).boxed(),
        Type::Text => text(&words).prop_map(Value::Text).boxed(),
        // Its own words mostly; any other text must be refused, not panic.
        Type::Word(listed) => {
            let listed: Vec<String> = listed.iter().map(|w| w.to_string()).collect();
            prop_oneof![3 => proptest::sample::select(listed), 1 => text(&words)]
                .prop_map(Value::Text)
                .boxed()
        }
        Type::Dice => (dice_part(), dice_part(), dice_part())
            .prop_map(|(c, s, b)| Value::Dice(Dice::new(c, s, b)))
            .boxed(),
        Type::IntList => prop_oneof![
            4 => proptest::collection::vec(int(), 0..8),
            1 => proptest::collection::vec(int(), 0..300),
        ]
        .prop_map(Value::IntList)
        .boxed(),
        Type::Decimal => decimal().prop_map(Value::Decimal).boxed(),
        Type::DecimalList => prop_oneof![
            4 => proptest::collection::vec(decimal(), 0..8),
            1 => proptest::collection::vec(decimal(), 0..300),
        ]
        .prop_map(Value::DecimalList)
        .boxed(),
        Type::TextList => prop_oneof![
            proptest::collection::vec(text(&words), 0..6),
            proptest::collection::vec(numeral(), 0..6),
            proptest::collection::vec(text(&own), 0..6),
        ]
        .prop_map(Value::TextList)
        .boxed(),
    };
    if seen.is_empty() {
        return fresh;
    }
    prop_oneof![1 => proptest::sample::select(seen.to_vec()), 2 => fresh].boxed()
}

fn input(rule: &RuleInfo, p: &Param, seeds: &Seeds) -> BoxedStrategy<Option<Value>> {
    let key = (
        rule.system.to_string(),
        rule.id.to_string(),
        p.name.to_string(),
    );
    let mut seen = seeds.by_input.get(&key).cloned().unwrap_or_default();
    seen.extend(edges(p));
    let v = value(p.ty, &seen, seeds);
    if p.optional {
        proptest::option::weighted(0.7, v).boxed()
    } else {
        v.prop_map(Some).boxed()
    }
}

/// The figures at and just past each end of an int input's declared domain.
fn edges(p: &Param) -> Vec<Value> {
    let Some(d) = p.domain.filter(|_| p.ty == Type::Int) else {
        return Vec::new();
    };
    [d.lo, d.hi]
        .into_iter()
        .flatten()
        .flat_map(|x| [x - 1.0, x, x + 1.0])
        .map(|x| Value::Int(x as i64))
        .collect()
}

thread_local! {
    /// The message and place of the last panic on this thread.
    static PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs the rule; a panic becomes `Err` with its message and place, and so
/// does a decimal output that is no number (NaN or infinite), which no claim
/// could ever equal.
fn resolve(rule: &RuleInfo, given: &Values) -> Result<(), String> {
    let run = || rules::resolve(rule.system, rule.id, given, &mut Trace::default());
    match panic::catch_unwind(AssertUnwindSafe(run)) {
        Ok(Ok(outputs)) => match outputs.0.iter().find(|(_, v)| !finite(v)) {
            Some((name, v)) => Err(format!("output `{name}` is {v}, which is no number")),
            None => within_domains(rule.given, "given", given).and(within_domains(
                rule.outputs,
                "outputs",
                &outputs,
            )),
        },
        Ok(Err(_)) => Ok(()),
        Err(_) => Err(PANIC.with(|p| p.borrow().clone())),
    }
}

/// Each of `values` (the `side` of `rule`: `given` or `outputs`, declared
/// by `params`) inside the domain its rule block declares for it, if any.
fn within_domains(params: &[Param], side: &str, values: &Values) -> Result<(), String> {
    for (name, v) in &values.0 {
        let declared = params.iter().find(|p| p.name == name.as_str());
        let Some(d) = declared.and_then(|p| p.domain) else {
            continue;
        };
        if figures(v).any(|x| !d.holds(x)) {
            return Err(format!(
                "{side} `{name}` is {v}, outside its declared domain {d}"
            ));
        }
    }
    Ok(())
}

fn finite(v: &Value) -> bool {
    match v {
        Value::Decimal(x) => x.is_finite(),
        Value::DecimalList(xs) => xs.iter().all(|x| x.is_finite()),
        _ => true,
    }
}

/// Tries one rule; the shrunk input and panic if it panics.
fn check(rule: &RuleInfo, seeds: &Seeds) -> Result<(), String> {
    let inputs: Vec<_> = rule.given.iter().map(|p| input(rule, p, seeds)).collect();
    let names: Vec<&str> = rule.given.iter().map(|p| p.name).collect();
    let config = Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(
        config.clone(),
        TestRng::deterministic_rng(config.rng_algorithm),
    );
    let outcome = runner.run(&inputs, |vals| {
        let mut given = Values::default();
        for (name, v) in names.iter().zip(vals) {
            if let Some(v) = v {
                given.set(name, v);
            }
        }
        resolve(rule, &given).map_err(TestCaseError::fail)
    });
    match outcome {
        Ok(()) => Ok(()),
        Err(TestError::Fail(why, vals)) => {
            let shown: Vec<String> = names
                .iter()
                .zip(vals)
                .filter_map(|(n, v)| v.map(|v| format!("{n} = {v}")))
                .collect();
            Err(format!(
                "{}/{} fails on {{ {} }}: {why}",
                rule.system,
                rule.id,
                shown.join(", ")
            ))
        }
        Err(TestError::Abort(why)) => Err(format!("{}/{}: {why}", rule.system, rule.id)),
    }
}

#[test]
fn every_rule_resolves_or_refuses_any_input() {
    let seeds = seeds();
    let quiet = panic::take_hook();
    panic::set_hook(Box::new(|info| {
        PANIC.with(|p| *p.borrow_mut() = info.to_string())
    }));
    let failures: Vec<String> = rules::RULES
        .iter()
        .filter_map(|r| check(r, &seeds).err())
        .collect();
    panic::set_hook(quiet);
    assert!(
        failures.is_empty(),
        "{} of {} rules panic or give no number:\n{}",
        failures.len(),
        rules::RULES.len(),
        failures.join("\n")
    );
}

/// The test above can hold a figure to its domain only where the rule block
/// declares one, so every int or decimal (or list of them) that a rule of the
/// bundled book takes or gives must declare it: `..` for a figure the book
/// bounds on neither side. Each one missing is named at its file:line:col.
#[test]
fn every_figure_of_every_rule_declares_its_domain() {
    use codegen::model::ValueType;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace holds conformance/");
    let book = codegen::compile_dir(&root.join("spec"), root)
        .unwrap_or_else(|d| panic!("the bundled book compiles:\n{d:?}"));
    let mut missing = Vec::new();
    for chapter in book.systems.iter().flat_map(|s| &s.chapters) {
        for rule in &chapter.rules {
            let sides = [("input", &rule.given), ("output", &rule.outputs)];
            for (side, p) in sides
                .iter()
                .flat_map(|(s, ps)| ps.iter().map(move |p| (s, p)))
            {
                let figure = matches!(
                    p.ty,
                    ValueType::Int
                        | ValueType::Decimal
                        | ValueType::IntList
                        | ValueType::DecimalList
                );
                if figure && p.domain.is_none() {
                    missing.push(format!(
                        "{}: {side} `{}` of rule `{}` declares no domain",
                        chapter.file.location(p.span.start),
                        p.name,
                        rule.id
                    ));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} figures declare no domain (write one after the type, `..` when the book bounds it on neither side):\n{}",
        missing.len(),
        missing.join("\n")
    );
}
