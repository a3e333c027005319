//! The verdict logic through the public API: hand-written case files, parsed and
//! evaluated against the real resolver, one test per way a claim can come out.
//!
//! All cases use `action` rule `falling.fall` for a 24-metre fall. The
//! figures they claim are read from the generated falling table (`row`), not
//! typed here, so that correcting one of the book's figures fails only the
//! book's own example of it, not these tests of the verdict logic.

use conformance::{Case, ParseFile, Report, Status, Value, Verdict, evaluate};
use rules::dice::Dice;
use rules::spec::action::falling::{FALLING, FallBand};

/// The falling table's row for `metres`.
fn row(metres: i32) -> &'static FallBand {
    FALLING
        .iter()
        .find(|r| r.distance.contains(metres))
        .unwrap_or_else(|| panic!("the falling table has no row for {metres} m"))
}

/// Dice of the book's table as a report holds them.
fn dice(d: Dice) -> Value {
    conformance::from_rules(d.into())
}

/// The row's damage with `more` dice added: a figure the rule does not give.
fn other_damage(more: i32) -> Dice {
    let d = row(24).damage;
    Dice::new(d.count + more, d.sides, d.bonus)
}

/// A `falling.fall` case for 24 metres, with `rest` (claims, errata) appended.
fn fall_case(id: &str, rest: &str) -> String {
    format!(
        r#"id = "{id}"
system = "action"
rule = "falling.fall"
source = "spec/action/falling.md#{id}"
ours = false

[given]
distance = 24

{rest}"#
    )
}

fn run(text: &str) -> Report {
    let case = Case::parse(text).unwrap_or_else(|e| panic!("case does not parse: {e}\n{text}"));
    evaluate(&case)
}

fn status<'a>(report: &'a Report, claim: &str) -> &'a Status {
    &report
        .claims
        .iter()
        .find(|c| c.name == claim)
        .unwrap_or_else(|| panic!("no claim `{claim}` in:\n{}", report.render()))
        .status
}

fn fails_because<'a>(report: &'a Report, claim: &str) -> &'a str {
    match status(report, claim) {
        Status::Fails(why) => why,
        other => panic!(
            "claim `{claim}` is {other:?}, not a failure:\n{}",
            report.render()
        ),
    }
}

#[test]
fn claims_that_match_the_rules_agree() {
    let r24 = row(24);
    let r = run(&fall_case(
        "t-agrees",
        &format!(
            "[book]\nband = \"{}\"\ndamage = \"{}\"\nseconds = {}\n",
            r24.distance, r24.damage, r24.seconds
        ),
    ));
    assert_eq!(r.verdict, Verdict::Agrees, "{}", r.render());
    assert_eq!(r.error, None);
    assert_eq!(r.claims.len(), 3);
    assert!(r.claims.iter().all(|c| c.status == Status::Agrees));
    let damage = r.claims.iter().find(|c| c.name == "damage").unwrap();
    assert_eq!(damage.book, dice(r24.damage));
    assert_eq!(damage.rules, Some(dice(r24.damage)));
    assert!(!r.trace.steps.is_empty(), "the resolution left no trace");
}

#[test]
fn our_own_expectations_are_read_from_expect() {
    let flat = row(24).flat;
    let text = fall_case("t-ours", &format!("[expect]\nflat = {flat}\n"))
        .replace("ours = false", "ours = true");
    let r = run(&text);
    assert!(r.case.ours);
    assert_eq!(r.verdict, Verdict::Agrees, "{}", r.render());
    assert_eq!(r.claims[0].rules, Some(Value::Int(flat.into())));
}

#[test]
fn a_documented_disagreement_is_an_erratum() {
    let r24 = row(24);
    let r = run(&fall_case(
        "t-erratum",
        &format!(
            r#"[book]
band = "{band}"
damage = "{book}"

[errata.damage]
rules = "{rules}"
ruling = "ruling-fall-velocity"
reason = "The table's row reads otherwise."
"#,
            band = r24.distance,
            book = other_damage(1),
            rules = r24.damage,
        ),
    ));
    assert_eq!(r.verdict, Verdict::Erratum, "{}", r.render());
    assert_eq!(r.error, None);
    assert_eq!(status(&r, "band"), &Status::Agrees);
    assert_eq!(
        status(&r, "damage"),
        &Status::Erratum {
            ruling: "ruling-fall-velocity".into(),
            reason: "The table's row reads otherwise.".into(),
        }
    );
}

#[test]
fn an_undocumented_disagreement_fails() {
    let r = run(&fall_case(
        "t-undocumented",
        &format!("[book]\ndamage = \"{}\"\n", other_damage(1)),
    ));
    assert_eq!(r.verdict, Verdict::Fails, "{}", r.render());
    assert!(
        fails_because(&r, "damage").contains("undocumented disagreement"),
        "{}",
        r.render()
    );
}

#[test]
fn an_erratum_expecting_another_rules_value_fails() {
    let r = run(&fall_case(
        "t-wrong-erratum",
        &format!(
            r#"[book]
damage = "{}"

[errata.damage]
rules = "{}"
ruling = "ruling-fall-velocity"
reason = "Written against an older table."
"#,
            other_damage(1),
            other_damage(2)
        ),
    ));
    assert_eq!(r.verdict, Verdict::Fails, "{}", r.render());
    let why = fails_because(&r, "damage");
    assert!(
        why.contains(&other_damage(2).to_string()),
        "`{why}` does not name the erratum's value"
    );
    let damage = r.claims.iter().find(|c| c.name == "damage").unwrap();
    assert_eq!(damage.rules, Some(dice(row(24).damage)));
}

#[test]
fn an_erratum_on_a_claim_that_now_agrees_fails() {
    let r = run(&fall_case(
        "t-stale-erratum",
        &format!(
            r#"[book]
damage = "{damage}"

[errata.damage]
rules = "{damage}"
ruling = "ruling-fall-velocity"
reason = "The book once printed another figure."
"#,
            damage = row(24).damage
        ),
    ));
    assert_eq!(r.verdict, Verdict::Fails, "{}", r.render());
    assert!(
        fails_because(&r, "damage").contains("no longer disagrees"),
        "{}",
        r.render()
    );
}

#[test]
fn an_erratum_on_a_claim_the_case_does_not_make_fails() {
    let r = run(&fall_case(
        "t-stray-erratum",
        &format!(
            r#"[book]
damage = "{}"

[errata.seconds]
rules = 2
ruling = "ruling-fall-velocity"
reason = "No such claim."
"#,
            row(24).damage
        ),
    ));
    assert_eq!(r.verdict, Verdict::Fails, "{}", r.render());
    assert_eq!(status(&r, "damage"), &Status::Agrees);
    let error = r.error.as_deref().expect("an error for the stray erratum");
    assert!(error.contains("seconds"), "{error}");
}

#[test]
fn a_claim_the_rule_does_not_produce_fails() {
    let r = run(&fall_case("t-no-output", "[book]\nsplat = 3\n"));
    assert_eq!(r.verdict, Verdict::Fails, "{}", r.render());
    assert_eq!(r.claims[0].rules, None);
    assert!(matches!(status(&r, "splat"), Status::Fails(_)));
}

#[test]
fn an_unknown_rule_fails_with_an_error() {
    let text = fall_case("t-unknown-rule", "[book]\ndamage = \"1d6\"\n")
        .replace("rule = \"falling.fall\"", "rule = \"falling.no-such-rule\"");
    let r = run(&text);
    assert_eq!(r.verdict, Verdict::Fails, "{}", r.render());
    assert!(r.error.is_some(), "no error for an unknown rule");
    assert!(r.claims.is_empty());
    assert!(r.render().contains("error: "), "{}", r.render());
}

#[test]
fn a_case_without_claims_fails() {
    let r = run(&fall_case("t-no-claims", ""));
    assert_eq!(r.verdict, Verdict::Fails, "{}", r.render());
}

#[test]
fn the_rendered_report_shows_both_values_of_a_disagreement() {
    let r24 = row(24);
    let r = run(&fall_case(
        "t-render",
        &format!(
            "[book]\nband = \"{}\"\ndamage = \"{}\"\n",
            r24.distance,
            other_damage(1)
        ),
    ));
    let out = r.render();
    assert!(out.contains("verdict: fails"), "{out}");
    assert!(
        out.contains("case: t-render (spec/action/falling.md#t-render)"),
        "{out}"
    );
    assert!(out.contains("rule: action.falling.fall"), "{out}");
    assert!(out.contains("distance = 24"), "{out}");
    let damage = format!("damage = {} | {}  -> FAILS", other_damage(1), r24.damage);
    assert!(out.contains(&damage), "{out}");
    let band = format!("band = \"{0}\" | \"{0}\"  -> agrees", r24.distance);
    assert!(out.contains(&band), "{out}");
    assert!(out.contains("trace:\n  1. ["), "{out}");
}

/// A `falling.fall` case of ours for `distance` metres that says the rule refuses it.
fn refused_case(id: &str, distance: i64, reason: &str) -> String {
    fall_case(id, &format!("[refused]\nreason = {reason:?}\n"))
        .replace("ours = false", "ours = true")
        .replace("distance = 24", &format!("distance = {distance}"))
}

fn refusal_fails_because(report: &Report) -> &str {
    let refusal = report.refusal.as_ref().expect("a refusal result");
    match &refusal.status {
        Status::Fails(why) => why,
        other => panic!(
            "the refusal is {other:?}, not a failure:\n{}",
            report.render()
        ),
    }
}

#[test]
fn a_refusal_with_the_reason_agrees() {
    let r = run(&refused_case("t-refused", 0, "outside its domain"));
    assert_eq!(r.verdict, Verdict::Agrees, "{}", r.render());
    assert!(r.claims.is_empty());
    assert_eq!(r.error, None);
    let refusal = r.refusal.as_ref().expect("a refusal result");
    assert_eq!(refusal.reason, "outside its domain");
    assert_eq!(refusal.status, Status::Agrees);
    assert_eq!(
        refusal.rules,
        "refused \"`distance` is 0, outside its domain 1..\""
    );
    assert!(
        r.render().contains(
            "refused: \"outside its domain\" | rules: refused \"`distance` is 0, outside its domain 1..\"  -> agrees"
        ),
        "{}",
        r.render()
    );
}

#[test]
fn a_refusal_the_rule_resolves_instead_fails() {
    let r = run(&refused_case("t-resolves", 1, "not one the table covers"));
    assert_eq!(r.verdict, Verdict::Fails, "{}", r.render());
    let why = refusal_fails_because(&r);
    assert!(why.contains("resolves instead of refusing"), "{why}");
    assert!(why.contains("not one the table covers"), "{why}");
    let out = r.render();
    let first = row(1);
    let resolved = format!(
        "rules: resolved band = \"{}\", damage = {}",
        first.distance, first.damage
    );
    assert!(out.contains(&resolved), "{out}");
    assert!(out.contains("-> FAILS: the rule resolves"), "{out}");
}

#[test]
fn a_refusal_with_another_message_fails_naming_both() {
    let r = run(&refused_case("t-other-reason", 0, "too short to hurt"));
    assert_eq!(r.verdict, Verdict::Fails, "{}", r.render());
    let why = refusal_fails_because(&r);
    assert!(
        why.contains("\"`distance` is 0, outside its domain 1..\""),
        "{why}"
    );
    assert!(why.contains("\"too short to hurt\""), "{why}");
}

#[test]
fn a_refusal_for_a_missing_input_is_no_refusal_of_the_inputs() {
    let text = refused_case("t-missing", 0, "distance").replace("distance = 0\n", "");
    let r = run(&text);
    assert_eq!(r.verdict, Verdict::Fails, "{}", r.render());
    let why = refusal_fails_because(&r);
    assert!(why.contains("rejects the case"), "{why}");
}

#[test]
fn a_refused_case_with_errata_fails() {
    let text = refused_case("t-refused-errata", 0, "not one the table covers")
        + "\n[errata.damage]\nrules = \"1d6\"\nruling = \"ruling-fall-velocity\"\nreason = \"none\"\n";
    let r = run(&text);
    assert_eq!(r.verdict, Verdict::Fails, "{}", r.render());
    assert!(
        r.error.as_deref().unwrap_or("").contains("damage"),
        "{}",
        r.render()
    );
}

#[test]
fn a_refused_case_that_also_claims_is_unreadable() {
    let text =
        refused_case("t-refused-claims", 0, "not one the table covers") + "\n[expect]\nflat = 3\n";
    let err = Case::parse(&text).expect_err("a refused case with claims parsed");
    assert!(err.contains("claims nothing"), "{err}");
}

/// Each key that no case file holds, at the top, in an erratum and in a
/// refusal: the reader refuses it by name rather than skip what it says.
#[test]
fn an_unknown_key_in_a_case_file_is_an_error_that_names_it() {
    let erratum =
        "[book]\nseconds = 2\n\n[errata.seconds]\nrules = 3\nruling = \"r\"\nreason = \"x\"\n";
    let texts = [
        (
            "colour",
            format!(
                "colour = \"red\"\n{}",
                fall_case("t-top", "[book]\nseconds = 2\n")
            ),
        ),
        (
            "page",
            fall_case("t-erratum", &format!("{erratum}page = 12\n")),
        ),
        (
            "hint",
            refused_case("t-refused-hint", 0, "none") + "hint = \"no\"\n",
        ),
    ];
    for (key, text) in texts {
        let err = Case::parse(&text).expect_err("a case with an unknown key parsed");
        assert!(
            err.contains(&format!("unknown field `{key}`")),
            "{err}\n{text}"
        );
    }
}

/// The book's example claims in `[book]`; an `[expect]` beside it (or a
/// `[book]` in an example of ours) would be a table no verdict reads.
#[test]
fn a_case_that_claims_in_the_other_table_is_unreadable() {
    let book = fall_case("t-book", "[book]\nseconds = 2\n\n[expect]\nseconds = 2\n");
    let err = Case::parse(&book).expect_err("a book case with `[expect]` parsed");
    assert!(err.contains("not `[expect]`"), "{err}");
    let ours = fall_case("t-ours", "[book]\nseconds = 2\n").replace("ours = false", "ours = true");
    let err = Case::parse(&ours).expect_err("a case of ours with `[book]` parsed");
    assert!(err.contains("not `[book]`"), "{err}");
}
