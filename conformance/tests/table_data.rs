//! codegen's encoder and `rules`' decoder of table data are each other's
//! inverse, on cells the bundled book never prints: text that is `-` or opens
//! with a quote, a tab, a backslash, the word `-` in an optional column, a
//! gloss with parentheses, a group field. A chapter is compiled with codegen,
//! its table's data written as the generated literal holds it, and read back
//! with a row type that mirrors the generated one.

use std::path::Path;

use rules::dice::Dice;
use rules::table::{
    Amount, Cells, DamageForm, DamageKind, DamageType, Label, Or, Per, Quantity, Range, Rate,
    RateOfFire, Rows, RowsTable, Term, TimedDice,
};

const CHAPTER: &str = r#"+++
system = "demo"
title = "Demo"
version = "1"
[source]
book = "Some book"
section = "Some section"
+++

# Mix {#mix}

<!-- table mix-table
const = "MIX"
row = "Mix"
group = "kind"
columns = ["name: text", "note: text?", "band: range", "rate: rate", "term: term", "dice: dice?", "label: label", "what: quantity", "wt: decimal", "rof: rof", "amount: amount", "damage: damage_type", "hits: locations", "heal: timed_dice", "modifier: modifier | Var. | -?", "n: int?"]
-->
| Name | Note | Band | Rate | Term | Dice | Label | What | Wt | RoF | Amount | Damage | Hits | Heal | Mod | N |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
| - | "quoted | 801-1,000 meters | +2 per turn (+6 max) | + REF | 5d6+2 | Long (beyond (far)) | RoF/Fire zone (m) | ½ | 4:20 | STRx5 | P/L | 3, 5-15 | 1d6 per day | - | |
| Built | | | | | | | | | | | | | | | |
| a \| bTABc | -- | 2049+ | -1 per 10 rds | -3 | | Brick | 4 | .25 | 1/3 | 22 km | Sp/Sp | 13 | 2d6 hours | Var. | 7 |
"#;

/// The row type codegen would generate for `mix`, and its `decode_row`.
#[derive(Debug, PartialEq)]
struct Mix {
    name: &'static str,
    note: Option<&'static str>,
    band: Range,
    rate: Rate,
    term: Term,
    dice: Option<Dice>,
    label: Label,
    what: Quantity,
    wt: f64,
    rof: RateOfFire,
    amount: Amount,
    damage: DamageType,
    hits: &'static [(i32, i32)],
    heal: TimedDice,
    modifier: Option<Or<i32>>,
    n: Option<i32>,
    kind: Option<&'static str>,
}

fn decode_row(c: &mut Cells) -> Result<Mix, String> {
    Ok(Mix {
        name: c.next("name")?,
        note: c.next("note")?,
        band: c.next("band")?,
        rate: c.next("rate")?,
        term: c.next("term")?,
        dice: c.next("dice")?,
        label: c.next("label")?,
        what: c.next("what")?,
        wt: c.next("wt")?,
        rof: c.next("rof")?,
        amount: c.next("amount")?,
        damage: c.next("damage")?,
        hits: c.next("hits")?,
        heal: c.next("heal")?,
        modifier: c.next("modifier")?,
        n: c.next("n")?,
        kind: c.next("kind")?,
    })
}

/// The data codegen writes for the chapter's table, leaked as the literal would be.
fn data() -> &'static str {
    let dir = std::env::temp_dir().join(format!("conformance-table-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create the test folder");
    let path = dir.join("demo.md");
    std::fs::write(&path, CHAPTER.replace("TAB", "\t")).expect("write the chapter");
    let book = codegen::compile_files(codegen::Book::default(), &[path], Path::new(&dir));
    let _ = std::fs::remove_dir_all(&dir);
    let book = book.unwrap_or_else(|d| panic!("{}", d.render()));
    let table = &book.systems[0].chapters[0].tables[0];
    format!("\n{}", codegen::emit::rust::table_data(table)).leak()
}

#[test]
fn every_cell_reads_back_as_the_book_printed_it() {
    let rows = Rows::new("mix", 2, decode_row, data());
    assert_eq!(rows.decoded_rows(), Ok(2));
    let first = Mix {
        name: "-",
        note: Some("\"quoted"),
        band: Range {
            lo: 801,
            hi: Some(1000),
            label: "meters",
        },
        rate: Rate {
            value: 2,
            per: Some(Per {
                count: 1,
                unit: "turn",
            }),
            max: Some(6),
        },
        term: Term::Stat {
            sign: 1,
            name: "REF",
        },
        dice: Some(Dice::new(5, 6, 2)),
        label: Label {
            name: "Long",
            gloss: Some("beyond (far)"),
        },
        what: Quantity::Ratio("RoF", "Fire zone (m)"),
        wt: 0.5,
        rof: RateOfFire::Modes(&[4, 20]),
        amount: Amount::Times {
            of: Some("STR"),
            factor: 5,
        },
        damage: DamageType {
            kind: DamageKind::Penetrating,
            form: DamageForm::Lethal,
        },
        hits: &[(3, 3), (5, 15)],
        heal: TimedDice {
            dice: Dice::new(1, 6, 0),
            per: true,
            unit: "day",
        },
        modifier: Some(Or::Word("-")),
        n: None,
        kind: None,
    };
    let second = Mix {
        name: "a \\| b\tc",
        note: None,
        band: Range {
            lo: 2049,
            hi: None,
            label: "",
        },
        rate: Rate {
            value: -1,
            per: Some(Per {
                count: 10,
                unit: "rds",
            }),
            max: None,
        },
        term: Term::Flat(-3),
        dice: None,
        label: Label {
            name: "Brick",
            gloss: None,
        },
        what: Quantity::Count(4),
        wt: 0.25,
        rof: RateOfFire::EveryTurns(3),
        amount: Amount::Of {
            value: 22,
            unit: Some("km"),
        },
        damage: DamageType {
            kind: DamageKind::Special,
            form: DamageForm::Special,
        },
        hits: &[(13, 13)],
        heal: TimedDice {
            dice: Dice::new(2, 6, 0),
            per: false,
            unit: "hours",
        },
        modifier: Some(Or::Word("Var.")),
        n: Some(7),
        kind: Some("Built"),
    };
    assert_eq!(rows[..], [first, second]);
}
