//! Decimal claims through the public API: a case file's decimals are read as
//! `f64`, and a claim agrees only when the resolver gives the same number.
//!
//! The cases use `damage-system` rule `wounds.accumulate`, whose total is the
//! sum of the damage given: no table figure is typed here.

use conformance::{Case, ParseFile, Report, Status, Value, Verdict, evaluate};

/// A `wounds.accumulate` case for `damage` with `claims` (`[book]` or
/// `[expect]`, and any errata), evaluated.
fn accumulate(damage: &str, claims: &str) -> Report {
    let ours = !claims.starts_with("[book]");
    let text = format!(
        r#"id = "t-decimal"
system = "damage-system"
rule = "wounds.accumulate"
source = "spec/damage-system/wounds.md#t-decimal"
ours = {ours}

[given]
damage = {damage}

{claims}"#
    );
    let case = Case::parse(&text).unwrap_or_else(|e| panic!("case does not parse: {e}\n{text}"));
    evaluate(&case)
}

fn total(r: &Report) -> (&Value, Option<&Value>, &Status) {
    let c = r
        .claims
        .iter()
        .find(|c| c.name == "total")
        .unwrap_or_else(|| panic!("no claim `total` in:\n{}", r.render()));
    (&c.book, c.rules.as_ref(), &c.status)
}

fn fails_because(r: &Report) -> &str {
    match total(r).2 {
        Status::Fails(why) => why,
        other => panic!("`total` is {other:?}, not a failure:\n{}", r.render()),
    }
}

#[test]
fn a_decimal_claim_agrees_with_the_same_number() {
    let r = accumulate("[0.5, 2]", "[expect]\ntotal = 2.5\n");
    assert_eq!(r.verdict, Verdict::Agrees, "{}", r.render());
    let (book, rules, status) = total(&r);
    assert_eq!(book, &Value::Decimal(2.5));
    assert_eq!(rules, Some(&Value::Decimal(2.5)));
    assert_eq!(status, &Status::Agrees);
    let shown = r.render();
    assert!(shown.contains("total = 2.5 | 2.5  -> agrees"), "{shown}");
}

#[test]
fn a_whole_number_claims_a_decimal_output() {
    // Given as `[1, 2]` and claimed as `3`, both are decimals by the rule's types.
    let r = accumulate("[1, 2]", "[expect]\ntotal = 3\n");
    assert_eq!(r.verdict, Verdict::Agrees, "{}", r.render());
    assert_eq!(total(&r).0, &Value::Decimal(3.0));
}

#[test]
fn a_decimal_claim_off_by_any_amount_fails() {
    for claimed in ["2", "3", "2.4", "2.5000000001"] {
        let r = accumulate("[0.5, 2]", &format!("[expect]\ntotal = {claimed}\n"));
        assert_eq!(r.verdict, Verdict::Fails, "{claimed}: {}", r.render());
        let why = fails_because(&r);
        assert!(
            why.contains("undocumented disagreement"),
            "{claimed}: {why}"
        );
    }
}

#[test]
fn a_decimal_erratum_must_give_the_rules_number() {
    let book = |rules: &str| {
        accumulate(
            "[0.5, 2]",
            &format!(
                "[book]\ntotal = 3\n\n[errata.total]\nrules = {rules}\n\
                 ruling = \"ruling-wound-rounding\"\nreason = \"The sum is 2.5.\"\n"
            ),
        )
    };
    let r = book("2.5");
    assert_eq!(r.verdict, Verdict::Erratum, "{}", r.render());
    let r = book("2.0");
    assert_eq!(r.verdict, Verdict::Fails, "{}", r.render());
    let why = fails_because(&r);
    assert!(
        why.contains("the erratum expects the rules to give 2"),
        "{why}"
    );
}
