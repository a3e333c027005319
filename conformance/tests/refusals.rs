//! Inputs the book cannot mean are refused with `RuleError::Invalid`, through the
//! registry as any caller reaches a rule. Each row takes a book example that
//! resolves, changes one input, and expects a refusal: so the refusal is due to
//! that input alone. The rows are the nonsense the totality campaign found
//! resolving or panicking.

use std::path::Path;

use conformance::Case;
use rules::dice::Dice;
use rules::trace::Trace;
use rules::value::{RuleError, Value, Values};

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

/// (case file under `cases/`, input, value the book cannot mean, why).
fn refusals() -> Vec<(&'static str, &'static str, Value, &'static str)> {
    let beyond = i64::from(i32::MAX) + 1;
    vec![
        (
            "action/av-10-against-16",
            "av",
            Value::Int(-1_000_000),
            "armor letting 1,000,016 through",
        ),
        (
            "action/craft-spray",
            "rounds",
            Value::Int(-1_000_000),
            "a spray landing negative hits",
        ),
        ("action/bob-knife", "str", Value::Int(-1), "a negative STR"),
        (
            "action/bob-knife",
            "str",
            Value::Int(beyond),
            "a STR beyond any figure",
        ),
        (
            "action/grenade-average-radius",
            "damage",
            Value::Dice(Dice::new(0, 6, 0)),
            "dice with no die",
        ),
        (
            "action/grenade-average-radius",
            "damage",
            Value::Dice(Dice::new(i32::MAX, 6, 0)),
            "dice whose total overflows",
        ),
        (
            "action/drop-damage",
            "action",
            text("Shove"),
            "a takedown that is neither Drop nor Throw",
        ),
        (
            "action/sprinter-loses-ref",
            "action",
            text("Teleport"),
            "an action not in the actions table",
        ),
        (
            "active-defense/no-retreat-from-a-thrown-axe",
            "defense",
            text("dodge"),
            "a defense word in the wrong case, on a path that ends early",
        ),
        (
            "active-defense/no-retreat-from-a-thrown-axe",
            "states",
            Value::TextList(vec!["Flying".into()]),
            "a state not in the table, on a path that ends early",
        ),
        (
            "active-defense/blade-meets-a-karate-kick",
            "attacker_skill",
            text(" "),
            "a blank skill",
        ),
        (
            "protection/dagger-parry",
            "shield_position",
            text("held"),
            "a shield position that is neither ready nor slung",
        ),
        (
            "damage-system/baton-odd-wounds",
            "damage",
            Value::DecimalList(vec![9.3e18]),
            "a hit beyond any figure",
        ),
        (
            "damage-system/three-minimum-hits",
            "damage",
            Value::DecimalList(vec![0.5, -0.5]),
            "a hit of negative damage",
        ),
        (
            "damage-system/three-minimum-hits",
            "damage",
            Value::DecimalList(vec![f64::NAN]),
            "a hit whose damage is no number",
        ),
        (
            "active-defense/dodge-basic-speed-5-75",
            "basic_speed",
            Value::Decimal(-0.25),
            "a negative Basic Speed",
        ),
        (
            "active-defense/dodge-basic-speed-5-75",
            "basic_speed",
            Value::Decimal(f64::INFINITY),
            "an infinite Basic Speed",
        ),
    ]
}

fn case(file: &str) -> Case {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("cases")
        .join(format!("{file}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Case::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn run(case: &Case, given: &Values) -> Result<Values, RuleError> {
    rules::resolve(&case.system, &case.rule, given, &mut Trace::default())
}

#[test]
fn nonsense_inputs_are_refused() {
    let mut wrong = Vec::new();
    for (file, input, bad, why) in refusals() {
        let case = case(file);
        if let Err(e) = run(&case, &case.given) {
            wrong.push(format!("{file} itself is refused: {e}"));
            continue;
        }
        let mut given = case.given.clone();
        given.set(input, bad.clone());
        match run(&case, &given) {
            Err(RuleError::Invalid(_)) => {}
            other => wrong.push(format!("{file} with {input} = {bad} ({why}): {other:?}")),
        }
    }
    assert!(wrong.is_empty(), "not refused:\n{}", wrong.join("\n"));
}

#[test]
fn a_word_outside_its_set_is_refused_naming_the_words() {
    let case = case("active-defense/no-retreat-from-a-thrown-axe");
    let mut given = case.given.clone();
    given.set("defense", text("Duck"));
    let e = run(&case, &given).unwrap_err();
    assert_eq!(
        e.to_string(),
        "`defense` is `Duck`, which is not one of its words: Dodge, Parry, Block"
    );
}
