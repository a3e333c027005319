//! The decoder of generated table data, one field type at a time: canonical
//! text in, the value out, and malformed text refused with a message that
//! names it. The book's tables reach only some of these forms; this reaches
//! the rest (spec/README.md, "The generated tables", lists the forms).

use rules::dice::Dice;
use rules::table::{
    Amount, Cells, DamageForm, DamageKind, DamageType, Decode, Label, Or, Per, Quantity, Range,
    Rate, RateOfFire, Rows, RowsTable, Term, TimedDice,
};

fn ok<T: Decode + std::fmt::Debug + PartialEq>(text: &'static str, value: T) {
    assert_eq!(T::decode(text), Ok(value), "`{text}`");
}

fn refused<T: Decode + std::fmt::Debug>(text: &'static str, message: &str) {
    match T::decode(text) {
        Ok(v) => panic!("`{text}` decoded to {v:?}"),
        Err(e) => assert_eq!(e, message, "`{text}`"),
    }
}

#[test]
fn whole_numbers_and_decimals() {
    ok("+3", 3_i32);
    ok("-12", -12_i32);
    ok("0", 0_i32);
    refused::<i32>("3 m", "`3 m` is not a whole number");
    refused::<i32>("", "`` is not a whole number");
    ok("0.5", 0.5_f64);
    ok("7154.0", 7154.0_f64);
    refused::<f64>("½", "`½` is not a decimal");
}

#[test]
fn text_is_read_with_its_escapes_undone() {
    ok("Up to ½ MOV", "Up to ½ MOV");
    ok("", "");
    ok(r"say \\ \t\n\r\u{202e}", "say \\ \t\n\r\u{202e}");
    ok(r"\-", "-");
    ok(r#"\"quoted""#, "\"quoted\"");
    refused::<&str>(r"ends \", r"`ends \` ends in a lone backslash");
    refused::<&str>(r"\u{zz}", r"`\u{zz}` is not a `\u{…}` escape");
    refused::<&str>(r"\u{110000}", r"`\u{110000}` is not a `\u{…}` escape");
    refused::<&str>(r"\u202e", r"`\u202e` is not a `\u{…}` escape");
}

#[test]
fn text_without_escapes_is_the_data_itself() {
    let data: &'static str = "plain";
    let text = <&str>::decode(data).unwrap_or_else(|e| panic!("{e}"));
    assert!(std::ptr::eq(text, data));
}

#[test]
fn none_and_words() {
    ok("-", None::<i32>);
    ok("+4", Some(4_i32));
    ok(r"\-", Some("-"));
    ok(r#""Var.""#, Or::<i32>::Word("Var."));
    ok(r#""-""#, Some(Or::<i32>::Word("-")));
    ok("-", None::<Or<i32>>);
    ok("-2", Or::Value(-2_i32));
    ok(r#""a\tb""#, Or::<i32>::Word("a\tb"));
    refused::<Or<i32>>("Var.", "`Var.` is not a whole number");
    refused::<Option<i32>>("--", "`--` is not a whole number");
}

#[test]
fn ranges_and_hit_locations() {
    let range = |lo, hi, label| Range { lo, hi, label };
    ok("23-26", range(23, Some(26), ""));
    ok("1 meter", range(1, Some(1), "meter"));
    ok("2049+ /turn", range(2049, None, "/turn"));
    ok("-5--3", range(-5, Some(-3), ""));
    ok("801-1000  m (x)", range(801, Some(1000), " m (x)"));
    refused::<Range>("meters", "`meters` is not a band (`1-2`, `3`, `4+`)");
    refused::<Range>("1-x", "`1-x` is not a band (`1-2`, `3`, `4+`)");
    refused::<Range>("x+", "`x+` is not a band (`1-2`, `3`, `4+`)");
    ok("3, 5-15", &[(3, 3), (5, 15)][..]);
    ok("", &[][..]);
    refused::<&[(i32, i32)]>("3, 5+", "`3, 5+` is not hit locations (`3, 5-15`)");
    refused::<&[(i32, i32)]>("3,5", "`3,5` is not hit locations (`3, 5-15`)");
}

#[test]
fn rates() {
    let per = |count, unit| Some(Per { count, unit });
    ok(
        "+1",
        Rate {
            value: 1,
            per: None,
            max: None,
        },
    );
    ok(
        "-1 per 10 rds",
        Rate {
            value: -1,
            per: per(10, "rds"),
            max: None,
        },
    );
    ok(
        "+2 max +6 per 1 turn",
        Rate {
            value: 2,
            per: per(1, "turn"),
            max: Some(6),
        },
    );
    ok(
        "-1 max -3",
        Rate {
            value: -1,
            per: None,
            max: Some(-3),
        },
    );
    ok(
        "+1 per 2",
        Rate {
            value: 1,
            per: per(2, ""),
            max: None,
        },
    );
    let bad = "is not a rate (`+2 max +6 per 1 turn`)";
    for text in [
        "x",
        "+2 max x",
        "+2 each 1 turn",
        "+2 per x turn",
        "+2 max +6 per",
    ] {
        refused::<Rate>(text, &format!("`{text}` {bad}"));
    }
}

#[test]
fn terms() {
    ok("+3", Term::Flat(3));
    ok(
        "+ REF",
        Term::Stat {
            sign: 1,
            name: "REF",
        },
    );
    ok(
        "- DEX",
        Term::Stat {
            sign: -1,
            name: "DEX",
        },
    );
    ok(
        "+2 STR",
        Term::Stat {
            sign: 2,
            name: "STR",
        },
    );
    refused::<Term>("REF", "`REF` is not a term (`+3`, `+ REF`)");
    refused::<Term>("* REF", "`*` is not a term's sign (`+`, `-`, `+2`)");
}

#[test]
fn dice() {
    ok("2d6", Dice::new(2, 6, 0));
    ok("5d6+2", Dice::new(5, 6, 2));
    ok("1d10-1", Dice::new(1, 10, -1));
    for text in ["2x6", "d6", "2d", "2d6+", "2d6+x", "2d0"] {
        refused::<Dice>(text, &format!("`{text}` is not dice (like 6d6 or 5d6+2)"));
    }
}

#[test]
fn labels() {
    ok(
        "Long",
        Label {
            name: "Long",
            gloss: None,
        },
    );
    ok(
        "Long (lands beyond (far))",
        Label {
            name: "Long",
            gloss: Some("lands beyond (far)"),
        },
    );
    ok(
        r"A \(b) (c)",
        Label {
            name: "A (b)",
            gloss: Some("c"),
        },
    );
    ok(
        "Nil ()",
        Label {
            name: "Nil",
            gloss: Some(""),
        },
    );
    let bad = "is not a label (`name (gloss)`)";
    refused::<Label>("Long(x)", &format!("`Long(x)` {bad}"));
    refused::<Label>("Long (x", &format!("`Long (x` {bad}"));
}

#[test]
fn quantities() {
    ok("4", Quantity::Count(4));
    ok("RoF", Quantity::Of("RoF"));
    ok(r"\4", Quantity::Of("4"));
    ok(r"a\/b", Quantity::Of("a/b"));
    ok("RoF/Fire zone (m)", Quantity::Ratio("RoF", "Fire zone (m)"));
    ok(r"x\/y/z/w", Quantity::Ratio("x/y", "z/w"));
    refused::<Quantity>(r"bad\", r"`bad\` ends in a lone backslash");
}

#[test]
fn rates_of_fire() {
    ok("4", RateOfFire::Shots(4));
    ok("1/3", RateOfFire::EveryTurns(3));
    ok("4:20", RateOfFire::Modes(&[4, 20]));
    ok("5:", RateOfFire::Modes(&[5]));
    let bad = "is not a rate of fire (`4`, `1/3`, `4:20`)";
    for (text, part) in [("x", "x"), ("1/x", "x"), ("4:x", "x"), ("2/3", "2/3")] {
        refused::<RateOfFire>(text, &format!("`{part}` {bad}"));
    }
}

#[test]
fn amounts() {
    ok(
        "1000",
        Amount::Of {
            value: 1000,
            unit: None,
        },
    );
    ok(
        "22 km",
        Amount::Of {
            value: 22,
            unit: Some("km"),
        },
    );
    ok(
        "x5",
        Amount::Times {
            of: None,
            factor: 5,
        },
    );
    ok(
        "x5 STR",
        Amount::Times {
            of: Some("STR"),
            factor: 5,
        },
    );
    let bad = "is not an amount (`22 km`, `x5 STR`)";
    refused::<Amount>("km", &format!("`km` {bad}"));
    refused::<Amount>("xy STR", &format!("`y` {bad}"));
}

#[test]
fn damage_types() {
    let t = |kind, form| DamageType { kind, form };
    ok("P/L", t(DamageKind::Penetrating, DamageForm::Lethal));
    ok("B/S", t(DamageKind::Blunt, DamageForm::Stunning));
    ok("Sp/Sp", t(DamageKind::Special, DamageForm::Special));
    for text in ["PL", "X/L", "P/X"] {
        refused::<DamageType>(text, &format!("`{text}` is not a damage type (`P/L`)"));
    }
}

#[test]
fn timed_dice() {
    ok(
        "2d6 hours",
        TimedDice {
            dice: Dice::new(2, 6, 0),
            per: false,
            unit: "hours",
        },
    );
    ok(
        "1d6/day",
        TimedDice {
            dice: Dice::new(1, 6, 0),
            per: true,
            unit: "day",
        },
    );
    let bad = "is not timed dice (`2d6 hours`, `1d6/day`)";
    refused::<TimedDice>("2d6", &format!("`2d6` {bad}"));
    refused::<TimedDice>("2x6 hours", &format!("`2x6 hours` {bad}"));
}

/// A two-column row, for the tests of a table's rows.
#[derive(Debug, PartialEq)]
struct Pair {
    n: i32,
    name: &'static str,
}

fn pair(cells: &mut Cells) -> Result<Pair, String> {
    Ok(Pair {
        n: cells.next("n")?,
        name: cells.next("name")?,
    })
}

#[test]
fn a_table_names_the_row_and_column_it_cannot_read() {
    let good = Rows::new("pairs", 2, pair, "\n1\tone\n-2\t\n");
    assert_eq!(good.decoded_rows(), Ok(2));
    assert_eq!(good[1], Pair { n: -2, name: "" });
    assert_eq!(good.id(), "pairs");
    for (data, e) in [
        (
            "\n1\tone\nx\ttwo\n",
            "row 2, column `n`: `x` is not a whole number",
        ),
        ("\n1\n", "row 1, column `name`: the row ends before it"),
        ("\n1\tone\tmore\n", "row 1, past the last column: `more`"),
    ] {
        let rows = Rows::new("pairs", 1, pair, data);
        assert_eq!(rows.decoded_rows(), Err(format!("table `pairs`, {e}")));
    }
    assert_eq!(Rows::new("none", 0, pair, "\n").decoded_rows(), Ok(0));
}

#[test]
#[should_panic(expected = "codegen wrote table data rules cannot read: table `pairs`, row 1")]
fn a_table_that_cannot_be_read_is_a_defect_of_the_build() {
    let rows = Rows::new("pairs", 1, pair, "\nx\ty\n");
    let _ = rows.len();
}
