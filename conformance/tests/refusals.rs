//! Inputs the book cannot mean are refused with `RuleError::Invalid` and the
//! message that says why, through the registry as any caller reaches a rule.
//! Each row takes an example that resolves, changes one input, and expects a
//! refusal: so the refusal is due to that input alone. The rows are the nonsense the totality campaigns found
//! resolving or panicking, each refused at the rule's declared domain when its input has one.

use std::path::Path;

use conformance::{Case, ParseFile};
use rules::dice::Dice;
use rules::trace::Trace;
use rules::value::{RuleError, Value, Values};

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

/// A book example that resolves, with one input changed to a value the book
/// cannot mean, and the refusal's message in full.
struct Refusal {
    /// The case file under `cases/`.
    case: &'static str,
    input: &'static str,
    value: Value,
    /// What the value would mean.
    why: &'static str,
    message: &'static str,
}

fn refusals() -> Vec<Refusal> {
    let beyond = i64::from(i32::MAX) + 1;
    vec![
        Refusal {
            case: "action/av-10-against-16",
            input: "av",
            value: Value::Int(-1_000_000),
            why: "armor letting 1,000,016 through",
            message: "`av` is -1000000, outside its domain 0..",
        },
        Refusal {
            case: "action/craft-spray",
            input: "rounds",
            value: Value::Int(-1_000_000),
            why: "a spray landing negative hits",
            message: "`rounds` is -1000000, outside its domain 1..",
        },
        Refusal {
            case: "outcome-armor/outcome-plain-success",
            input: "roll",
            value: Value::Int(-1_000_000),
            why: "a roll no dice give, an Outcome of -1,000,003",
            message: "`roll` is -1000000, outside its domain -50..=50",
        },
        Refusal {
            case: "outcome-armor/outcome-plain-success",
            input: "roll",
            value: Value::Int(i32::MAX.into()),
            why: "a roll no dice give, and a success",
            message: "`roll` is 2147483647, outside its domain -50..=50",
        },
        Refusal {
            case: "action/craft-stream",
            input: "rounds",
            value: Value::Int(30),
            why: "more rounds than the weapon's RoF of 20 fires in a turn",
            message: "a stream fires at most the weapon's RoF of 20 rounds, not 30",
        },
        Refusal {
            case: "action/jim-stabilized",
            input: "lif",
            value: Value::Int(i32::MIN.into()),
            why: "a patient long dead",
            message: "`lif` is -2147483648, outside its domain -9..",
        },
        Refusal {
            case: "active-defense/broadsword-13-parry",
            input: "earlier_parries",
            value: Value::Int(i32::MAX.into()),
            why: "parries beyond any turn, a Parry of -8,589,934,579",
            message: "`earlier_parries` is 2147483647, outside its domain 0..=20",
        },
        Refusal {
            case: "active-defense/enhanced-dodge-two-levels",
            input: "levels",
            value: Value::Int(i32::MAX.into()),
            why: "levels beyond any roll, 32,212,254,705 points",
            message: "`levels` is 2147483647, outside its domain 0..=20",
        },
        Refusal {
            case: "action/bob-knife",
            input: "str",
            value: Value::Int(-1),
            why: "a negative STR",
            message: "`str` is -1, outside its domain 0..",
        },
        Refusal {
            case: "action/bob-knife",
            input: "str",
            value: Value::Int(beyond),
            why: "a STR beyond any figure",
            message: "`str` is 2147483648, beyond any figure the book uses",
        },
        Refusal {
            case: "action/grenade-average-radius",
            input: "damage",
            value: Value::Dice(Dice::new(0, 6, 0)),
            why: "dice with no die",
            message: "an explosion's dice cannot be 0: it is never below 1",
        },
        Refusal {
            case: "action/grenade-average-radius",
            input: "damage",
            value: Value::Dice(Dice::new(i32::MAX, 6, 0)),
            why: "dice whose total overflows",
            message: "`damage` is 2147483647d6, beyond any roll the book uses",
        },
        Refusal {
            case: "action/drop-damage",
            input: "action",
            value: text("Shove"),
            why: "a takedown that is neither Drop nor Throw",
            message: "`action` is `Shove`, which is not one of its words: Drop, Throw",
        },
        Refusal {
            case: "action/sprinter-loses-ref",
            input: "action",
            value: text("Teleport"),
            why: "an action not in the actions table",
            message: "no action `Teleport` in the actions table",
        },
        Refusal {
            case: "active-defense/no-retreat-from-a-thrown-axe",
            input: "defense",
            value: text("dodge"),
            why: "a defense word in the wrong case, on a path that ends early",
            message: "`defense` is `dodge`, which is not one of its words: Dodge, Parry, Block",
        },
        Refusal {
            case: "active-defense/no-retreat-from-a-thrown-axe",
            input: "states",
            value: Value::TextList(vec!["Flying".into()]),
            why: "a state not in the table, on a path that ends early",
            message: "no state `Flying` in the retreat-states table",
        },
        Refusal {
            case: "active-defense/blade-meets-a-karate-kick",
            input: "attacker_skill",
            value: text(" "),
            why: "a blank skill",
            message: "the attacker's skill needs a name",
        },
        Refusal {
            case: "protection/dagger-parry",
            input: "shield_position",
            value: text("held"),
            why: "a shield position that is neither ready nor slung",
            message: "`shield_position` is `held`, which is not one of its words: ready, slung",
        },
        Refusal {
            case: "damage-system/baton-odd-wounds",
            input: "damage",
            value: Value::DecimalList(vec![9.3e18]),
            why: "a hit beyond any figure",
            message: "`damage` is 9300000000000000000, beyond any figure the book uses",
        },
        Refusal {
            case: "damage-system/three-minimum-hits",
            input: "damage",
            value: Value::DecimalList(vec![0.5, -0.5]),
            why: "a hit of negative damage",
            message: "`damage` holds -0.5, outside its domain 0..",
        },
        Refusal {
            case: "damage-system/three-minimum-hits",
            input: "damage",
            value: Value::DecimalList(vec![f64::NAN]),
            why: "a hit whose damage is no number",
            message: "`damage` is NaN, beyond any figure the book uses",
        },
        Refusal {
            case: "active-defense/dodge-basic-speed-5-75",
            input: "basic_speed",
            value: Value::Decimal(-0.25),
            why: "a negative Basic Speed",
            message: "`basic_speed` is -0.25, outside its domain 0..",
        },
        Refusal {
            case: "active-defense/dodge-basic-speed-5-75",
            input: "basic_speed",
            value: Value::Decimal(f64::INFINITY),
            why: "an infinite Basic Speed",
            message: "`basic_speed` is inf, beyond any figure the book uses",
        },
    ]
}

fn case(file: &str) -> Case {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("cases")
        .join(format!("{file}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Case::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs the case's rule at `given`, inputs as `rules` takes them.
fn run(case: &Case, given: &Values) -> Result<Values, RuleError> {
    rules::resolve(&case.system, &case.rule, given, &mut Trace::default())
}

#[test]
fn nonsense_inputs_are_refused() {
    let mut wrong = Vec::new();
    for r in refusals() {
        let case = case(r.case);
        let mut given = conformance::rules_values(&case.given);
        if let Err(e) = run(&case, &given) {
            wrong.push(format!("{} itself is refused: {e}", r.case));
            continue;
        }
        given.set(r.input, r.value.clone());
        let said = |m: &str| m == r.message;
        match run(&case, &given) {
            Err(RuleError::Invalid(m)) if said(&m) => {}
            other => wrong.push(format!(
                "{} with {} = {} ({}): {other:?}, not Invalid({:?})",
                r.case, r.input, r.value, r.why, r.message
            )),
        }
    }
    assert!(wrong.is_empty(), "not refused:\n{}", wrong.join("\n"));
}

#[test]
fn a_word_outside_its_set_is_refused_naming_the_words() {
    let case = case("active-defense/no-retreat-from-a-thrown-axe");
    let mut given = conformance::rules_values(&case.given);
    given.set("defense", text("Duck"));
    let e = run(&case, &given).unwrap_err();
    assert_eq!(
        e.to_string(),
        "`defense` is `Duck`, which is not one of its words: Dodge, Parry, Block"
    );
}
