//! `conformance::property::check` through the public API: hand-written property
//! files against the real resolver, one test per way a law can come out.
//!
//! Most use `action` rule `falling.fall`, whose damage grows by a die per band
//! (1-2 m: 1d6, 3-4 m: 2d6, ...) and holds at 30d6 past 210 metres, and which
//! refuses a fall of 0 metres (outside the domain its rule block declares).

use conformance::property::{CASES, PropertyCase, PropertyReport, Tried, check};
use conformance::{ParseFile, Value};

/// A property of `rule` with `given` and `law` (each a TOML table's body).
fn property(rule: &str, given: &str, law: &str) -> PropertyCase {
    let text = format!(
        "id = \"t\"\nsystem = \"action\"\nrule = \"{rule}\"\nsource = \"spec/action/x.md#t\"\n\n[given]\n{given}\n[law]\n{law}\n"
    );
    PropertyCase::parse(&text).unwrap_or_else(|e| panic!("does not parse: {e}\n{text}"))
}

fn fall(from: i64, to: i64, law: &str) -> PropertyCase {
    property(
        "falling.fall",
        &format!("distance = {{ from = {from}, to = {to} }}"),
        law,
    )
}

/// The report of a law that must fail, and its message.
fn failing(case: &PropertyCase) -> (PropertyReport, String) {
    let report = check(case, CASES);
    let message = match &report.failure {
        Some(f) => f.message.clone(),
        None => panic!("the law holds, but should fail:\n{}", report.render()),
    };
    (report, message)
}

fn distance_at(report: &PropertyReport, point: usize) -> i64 {
    let failure = report.failure.as_ref().expect("a failure");
    match failure.points[point].given.0.get("distance") {
        Some(Value::Int(n)) => *n,
        other => panic!("no distance: {other:?}"),
    }
}

#[test]
fn a_true_law_over_a_large_domain_holds_at_the_drawn_inputs() {
    let case = fall(
        1,
        100_000,
        "kind = \"non-decreasing\"\noutput = \"damage\"\nin = \"distance\"",
    );
    let report = check(&case, CASES);
    assert!(report.holds(), "{}", report.render());
    assert_eq!(report.tried, Tried::Drawn(CASES));
    assert!(
        report
            .render()
            .contains("verdict: holds at 512 inputs drawn")
    );
}

#[test]
fn a_small_domain_is_checked_whole_each_neighbouring_pair_once() {
    let case = fall(
        1,
        1000,
        "kind = \"non-decreasing\"\noutput = \"damage\"\nin = \"distance\"",
    );
    let report = check(&case, CASES);
    assert!(report.holds(), "{}", report.render());
    assert_eq!(report.tried, Tried::Every(999));
}

#[test]
fn a_false_monotone_law_fails_with_a_shrunk_pair_and_both_traces() {
    let case = fall(
        1,
        100_000,
        "kind = \"non-increasing\"\noutput = \"damage\"\nin = \"distance\"",
    );
    let (report, message) = failing(&case);
    let failure = report.failure.as_ref().expect("failed");
    assert_eq!(failure.points.len(), 2, "{}", report.render());
    let (lo, hi) = (distance_at(&report, 0), distance_at(&report, 1));
    assert!(lo < hi, "{}", report.render());
    assert!(message.starts_with("`damage` rose from"), "{message}");
    // Shrunk: far below the 100 km the domain reaches, into the table's rows.
    let last = rules::spec::action::falling::FALLING
        .last()
        .and_then(|r| r.distance.hi)
        .expect("the table's last row ends");
    assert!(
        hi <= i64::from(last),
        "not shrunk: {lo} to {hi}\n{}",
        report.render()
    );
    let rendered = report.render();
    for p in &failure.points {
        assert!(
            p.trace.steps.iter().any(|s| s.cites == "falling-table"),
            "{rendered}"
        );
    }
    assert!(rendered.contains("counterexample (shrunk):\n  at distance = "));
    assert!(rendered.contains("    trace:\n      1. [falling-table] "));
    assert_eq!(
        rendered,
        check(&case, CASES).render(),
        "the fixed seed draws the same inputs every run"
    );
}

#[test]
fn a_refused_input_fails_resolves_with_the_resolver_s_reason() {
    let (report, message) = failing(&fall(0, 1000, "kind = \"resolves\""));
    assert_eq!(distance_at(&report, 0), 0, "{}", report.render());
    assert!(
        message.contains(
            "at distance = 0: the resolver refused it: `distance` is 0, outside its domain 1.."
        ),
        "{message}"
    );
    // A large domain is drawn from, and its ends are drawn often enough to find 0.
    let (report, _) = failing(&fall(0, 1_000_000, "kind = \"resolves\""));
    assert_eq!(report.tried, Tried::Drawn(CASES));
    assert_eq!(distance_at(&report, 0), 0, "{}", report.render());
    assert!(report.render().contains("trace: (no steps)"));
}

#[test]
fn a_bound_by_a_constant_fails_where_the_output_passes_it() {
    let law = "kind = \"at-most\"\noutput = \"flat\"\nbound = 60";
    let (report, message) = failing(&fall(1, 100_000, law));
    // 93-100 m is the last row at 60 flat; 101 m is the first past it.
    assert_eq!(distance_at(&report, 0), 101, "{}", report.render());
    assert_eq!(message, "at distance = 101: `flat` = 63 is more than 60");
    let report = check(&fall(1, 100, law), CASES);
    assert!(report.holds(), "{}", report.render());
}

#[test]
fn a_bound_by_an_input_compares_with_the_value_given() {
    let given = "damage = { from = 0, to = 40 }\nav = { from = 0, to = 40 }\nhalf_av = { one-of = [false, true] }";
    let at_most = "kind = \"at-most\"\noutput = \"damage_through\"\nbound = \"given.damage\"";
    let report = check(&property("armor.absorb", given, at_most), CASES);
    assert!(report.holds(), "{}", report.render());
    assert_eq!(report.tried, Tried::Every(41 * 41 * 2));
    let equals = "kind = \"equals\"\noutput = \"damage_through\"\nbound = \"given.damage\"";
    let (_, message) = failing(&property("armor.absorb", given, equals));
    assert!(
        message.contains("is not equal to `damage` (input) = "),
        "{message}"
    );
}

#[test]
fn a_bool_input_grows_from_false_to_true() {
    let given = "damage = 20\nav = { from = 0, to = 40 }\nhalf_av = { one-of = [true, false] }";
    let law = "kind = \"non-decreasing\"\noutput = \"damage_through\"\nin = \"half_av\"";
    let report = check(&property("armor.absorb", given, law), CASES);
    assert!(report.holds(), "{}", report.render());
    let law = "kind = \"non-increasing\"\noutput = \"damage_through\"\nin = \"half_av\"";
    let (report, _) = failing(&property("armor.absorb", given, law));
    let failure = report.failure.expect("failed");
    let halved: Vec<Option<&Value>> = failure
        .points
        .iter()
        .map(|p| p.given.0.get("half_av"))
        .collect();
    assert_eq!(
        halved,
        [Some(&Value::Bool(false)), Some(&Value::Bool(true))]
    );
}

#[test]
fn a_law_the_resolver_cannot_run_fails_before_any_input() {
    let (report, message) = failing(&property(
        "falling.no-such-rule",
        "distance = 3",
        "kind = \"resolves\"",
    ));
    assert!(
        message.contains("has no rule `falling.no-such-rule`"),
        "{message}"
    );
    assert_eq!(report.failure.expect("failed").points.len(), 1);
    let (_, message) = failing(&fall(
        1,
        10,
        "kind = \"non-decreasing\"\noutput = \"damage\"\nin = \"height\"",
    ));
    assert!(
        message.contains("grows `height`, which the property does not give"),
        "{message}"
    );
}

#[test]
fn a_property_file_without_a_law_does_not_parse() {
    let text = "id = \"t\"\nsystem = \"action\"\nrule = \"falling.fall\"\nsource = \"x\"\n[given]\ndistance = 3\n";
    let err = PropertyCase::parse(text).expect_err("no law");
    assert!(err.contains("`law`"), "{err}");
}
