//! Issue 29.6: the guards of `rules::bounds` that the mutation record keeps
//! as unreachable through the registry (`[guards]` of `conformance/mutants.toml`,
//! which `xtask/tests/mutants.rs` holds to the scan of `rules/src`) are
//! unreachable: each figure just outside a kept guard's bounds, given through
//! the registry to a worked example of each rule the figure comes from, is
//! refused by the input's declared domain, before the resolver and its guard
//! run. A guard's own refusal ("… cannot be -1: it is never below 0") would
//! mean the domain lets the figure through, and the guard is reachable.

use std::path::Path;

use conformance::{Case, ParseFile};
use rules::trace::Trace;
use rules::value::{RuleError, Type, Value, Values};
use xtask::mutants::{RECORD_FILE, Record};

/// Every case file the suite holds.
fn cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases");
    let mut out = Vec::new();
    for system in std::fs::read_dir(&dir).expect("read cases/") {
        let system = system.expect("a folder of cases/").path();
        for file in std::fs::read_dir(&system).expect("read a system's cases") {
            let path = file.expect("a case file").path();
            let text = std::fs::read_to_string(&path).expect("read a case file");
            out.push(Case::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())));
        }
    }
    out
}

/// The inputs of a worked example of `rule` of `system` that it resolves.
fn resolving(cases: &[Case], system: &str, rule: &str) -> Option<Values> {
    cases
        .iter()
        .filter(|c| c.system == system && c.rule == rule)
        .map(|c| conformance::rules_values(&c.given))
        .find(|given| rules::resolve(system, rule, given, &mut Trace::default()).is_ok())
}

/// `lo..` or `lo..=hi`, as the record writes a guard's bounds.
fn bounds(text: &str) -> (f64, Option<f64>) {
    let (lo, hi) = text
        .split_once("..")
        .expect("bounds are `lo..` or `lo..=hi`");
    let number = |s: &str| s.parse::<f64>().expect("a bound is a number");
    (number(lo), hi.strip_prefix('=').map(number))
}

/// The figures just outside `bounds` that an input of type `ty` can hold.
fn just_outside(ty: Type, (lo, hi): (f64, Option<f64>)) -> Vec<Value> {
    let step = match ty {
        Type::Int | Type::IntList => 1.0,
        _ => 0.5,
    };
    let figures = std::iter::once(lo - step).chain(hi.map(|hi| hi + step));
    figures
        .map(|x| match ty {
            Type::Int => Value::Int(x as i64),
            Type::IntList => Value::IntList(vec![x as i64]),
            Type::Decimal => Value::Decimal(x),
            Type::DecimalList => Value::DecimalList(vec![x]),
            other => panic!("a guarded figure of type {other:?}"),
        })
        .collect()
}

#[test]
fn every_kept_guard_is_refused_first_by_its_inputs_domain() {
    let root = xtask::workspace_root();
    let record = Record::load(&root).unwrap_or_else(|e| panic!("{e}"));
    let cases = cases();
    let (mut tried, mut wrong) = (0, Vec::new());
    for (file, guards) in &record.guards {
        for g in &guards.kept {
            for input in &g.inputs {
                let (rule, name) = input.split_once(": ").expect("`system/rule: input`");
                let (system, rule) = rule.split_once('/').expect("`system/rule`");
                let at = format!("{file}: `{}` in `{}` via {input}", g.guard, g.function);
                let info = rules::RULES
                    .iter()
                    .find(|r| r.system == system && r.id == rule)
                    .unwrap_or_else(|| panic!("{at}: no such rule"));
                let param = info
                    .given
                    .iter()
                    .find(|p| p.name == name)
                    .unwrap_or_else(|| panic!("{at}: no such input"));
                let Some(given) = resolving(&cases, system, rule) else {
                    wrong.push(format!("{at}: no worked example of the rule resolves"));
                    continue;
                };
                for value in just_outside(param.ty, bounds(&g.bounds)) {
                    tried += 1;
                    let mut given = given.clone();
                    given.set(name, value.clone());
                    match rules::resolve(system, rule, &given, &mut Trace::default()) {
                        Err(RuleError::Invalid(m))
                            if m.starts_with(&format!("`{name}` "))
                                && m.contains("outside its domain") => {}
                        other => wrong.push(format!(
                            "{at}: {name} = {value}, just outside the guard's {}, gave {other:?}, not the domain's refusal",
                            g.bounds
                        )),
                    }
                }
            }
        }
    }
    assert!(tried > 0, "{RECORD_FILE} keeps no guard");
    assert!(
        wrong.is_empty(),
        "kept guards the registry does not refuse first:\n{}",
        wrong.join("\n")
    );
}
