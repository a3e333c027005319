//! Table shapes the books print: header rows repeated inside a table, parent rows
//! with lowercase child rows, and broken cells read through a table erratum.

mod common;

use codegen::Book;
use codegen::cell::CellValue;
use codegen::model::Table;

fn compile(test: &str, body: &str) -> Result<Book, codegen::Diagnostics> {
    let text = format!("{}\n# Demo {{#demo}}\n\n{body}", common::FRONT);
    common::compile("tables", test, &text)
}

fn table(book: &Book) -> &Table {
    &book.systems[0].chapters[0].tables[0]
}

const WEAPONS: &str = r#"<!-- table guns
const = "GUNS"
row = "Gun"
group = "category"
parent = "model"
columns = ["weapon: text", "str_min: int | Crew | N/A", "rof: rof", "wt: decimal?"]
-->
| Weapon | STR Min | RoF | Wt |
|---|---|---|---|
| Pistols | | | |
| Derringer | 2 | 1 | .25 |
| Weapon | STR Min | RoF | Wt |
|---|---|---|---|
| Machine-guns | STR Min | RoF | Wt |
| Light MG | | | |
| mounted | N/A | 20 | 15 |
| carried | 4 | 20 | 9 |
| Heavy MG | Crew | 4:20 | 30 |
"#;

#[test]
fn repeated_header_rows_and_parent_rows_fold_into_fields() {
    let book = compile("shapes", WEAPONS).unwrap_or_else(|d| panic!("{d}"));
    let t = table(&book);
    let names: Vec<_> = t
        .rows
        .iter()
        .map(|r| (r.group.as_deref(), r.parent.as_deref()))
        .collect();
    assert_eq!(
        names,
        [
            (Some("Pistols"), None),
            (Some("Machine-guns"), Some("Light MG")),
            (Some("Machine-guns"), Some("Light MG")),
            (Some("Machine-guns"), None),
        ],
        "a verbatim header repeat is skipped; one with a new first cell names a group; `Light MG` parents its lowercase rows only"
    );
    assert_eq!(
        t.cells_of(&t.rows[1])[1].value,
        CellValue::Word("N/A".into())
    );
    assert_eq!(
        t.cells_of(&t.rows[3])[2].value,
        CellValue::Modes(vec![4, 20])
    );
}

const ARMOR: &str = r#"<!-- table armor
const = "ARMOR"
row = "Armor"
columns = ["item: text", "wt: decimal?", "notes: text?"]
errata = [
  { row = "Samurai", column = "wt", printed = "½ AV vs. Blunt damage", reading = "--", reason = "The note slid into the weight column." },
]
-->
| Item | Wt. | Notes |
|---|---|---|
| Leather | 2 | ½ AV vs. Blunt damage |
| Samurai | ½ AV vs. Blunt damage | |
"#;

#[test]
fn a_table_erratum_reads_a_broken_cell_as_stated() {
    let book = compile("erratum", ARMOR).unwrap_or_else(|d| panic!("{d}"));
    let t = table(&book);
    assert_eq!(t.cells_of(&t.rows[1])[1].value, CellValue::None);
    assert_eq!(t.errata.len(), 1);
}

#[test]
fn a_table_erratum_that_does_not_match_is_reported() {
    let wrong_print = ARMOR.replace("printed = \"½ AV", "printed = \"¼ AV");
    let d = compile("erratum-mismatch", &wrong_print).unwrap_err();
    assert!(
        d.0[0]
            .message
            .contains("table erratum expects `¼ AV vs. Blunt damage`"),
        "{d}"
    );
    assert_eq!(d.0[0].location(), "demo.md:23:13");

    let wrong_row = ARMOR.replace("row = \"Samurai\"", "row = \"Ronin\"");
    let d = compile("erratum-unused", &wrong_row).unwrap_err();
    let messages: Vec<_> = d.0.iter().map(|x| x.message.as_str()).collect();
    assert!(
        messages.iter().any(|m| m.contains("no row `Ronin`")),
        "{messages:?}"
    );
}

#[test]
fn a_missing_last_cell_is_read_through_a_table_erratum() {
    let body = r#"<!-- table whips
const = "WHIPS"
row = "Whip"
columns = ["weapon: text", "wt: decimal", "notes: text?"]
errata = [{ row = "Whip", column = "notes", printed = "", reading = "--", reason = "The row stops one cell short." }]
-->
| Weapon | Wt | Notes |
|---|---|---|
| Whip | .5 |
"#;
    let book = compile("missing", body).unwrap_or_else(|d| panic!("{d}"));
    let t = table(&book);
    assert_eq!(t.cells_of(&t.rows[0])[2].value, CellValue::None);
    let without = body.replace("errata = [", "#errata = [");
    let d = compile("missing-unexplained", &without).unwrap_err();
    assert!(d.0[0].message.starts_with("ragged row"), "{d}");
}

/// A rule that takes nothing still compiles warning-free: its reader ignores the values.
#[test]
fn a_rule_without_inputs_emits_no_unused_parameter() {
    let body = "```rule roll-dice\n[outputs]\ndice = \"dice\"\n```\n";
    let book = compile("no-inputs", body).unwrap_or_else(|d| panic!("{d}"));
    let code = codegen::emit::rust::readable_module(&book);
    assert!(code.contains("fn from_values(_v: &Values)"), "{code}");
}

/// When groups open with a repeated header, the header itself names the first group.
#[test]
fn the_header_names_the_first_group() {
    let body = r#"<!-- table mods
const = "MODS"
row = "Mod"
group = "category"
columns = ["situation: text", "modifier: modifier"]
-->
| Target Size | Modifier |
|---|---|
| Small | -2 |
| Target Cover | Modifier |
| Half | -1 |
"#;
    let book = compile("header-group", body).unwrap_or_else(|d| panic!("{d}"));
    let groups: Vec<_> = table(&book)
        .rows
        .iter()
        .map(|r| r.group.as_deref())
        .collect();
    assert_eq!(groups, [Some("Target Size"), Some("Target Cover")]);
}
