//! `table-anomaly`: a numeric column of a banded table that rises, or keeps a
//! constant step or ratio, along the bands but for one cell.

use super::*;

/// The bands of [`column`]'s rows, one per value.
const BANDS: [&str; 6] = ["1-2", "3-4", "5-6", "7-8", "9-10", "11+"];

/// A chapter with one banded table, `falls`, whose `seconds` column holds
/// `values` (one row per value, in the bands of [`BANDS`]), with `schema`
/// added to its schema. Without `schema`, row `k` is on line `19 + k`.
fn column(values: &[&str], schema: &str) -> String {
    let rows: String = values
        .iter()
        .zip(BANDS)
        .map(|(v, b)| format!("| {b} | {v} |\n"))
        .collect();
    format!(
        r#"
# Demo {{#demo}}

<!-- table falls
const = "FALLS"
row = "Fall"
columns = ["metres: range", "seconds: int"]
{schema}-->
| Metres | Seconds |
|---|---|
{rows}"#
    )
}

/// Where row `k`'s value cell is, in a table without extra schema lines.
fn at(k: usize) -> String {
    format!("demo.md:{}:{}", 19 + k, BANDS[k].len() + 6)
}

#[test]
fn a_cell_that_breaks_a_rising_column_is_reported() {
    let found = lint("anomaly-rise", &column(&["1", "2", "9", "5", "7"], ""));
    let l = only(
        &found,
        LintKind::TableAnomaly,
        &at(2),
        "anomaly in column `seconds` of table `falls`: `9` at band `5-6` breaks the column's pattern",
    );
    assert!(!l.is_allowed());
    assert_eq!(
        l.diagnostic.label,
        "the column's other 4 cells: rises along the bands"
    );
}

#[test]
fn a_cell_that_breaks_a_constant_step_is_reported_with_the_figure_the_step_gives() {
    // Still rising, so only the step shows the slip: 4 where 3 belongs.
    let found = lint("anomaly-step", &column(&["1", "2", "4", "4", "5"], ""));
    let l = only(
        &found,
        LintKind::TableAnomaly,
        &at(2),
        "anomaly in column `seconds` of table `falls`: `4` at band `5-6` breaks the column's pattern",
    );
    assert_eq!(
        l.diagnostic.label,
        "the column's other 4 cells: steps by 1 from band to band, which puts 3 here"
    );
}

#[test]
fn a_cell_that_breaks_a_constant_ratio_is_reported() {
    let found = lint(
        "anomaly-ratio",
        &column(&["1", "2", "4", "8", "15", "32"], ""),
    );
    let l = only(
        &found,
        LintKind::TableAnomaly,
        &at(4),
        "anomaly in column `seconds` of table `falls`: `15` at band `9-10` breaks the column's pattern",
    );
    assert_eq!(
        l.diagnostic.label,
        "the column's other 5 cells: grows 2 times from band to band, which puts 16 here"
    );
}

#[test]
fn a_cell_that_breaks_a_level_column_is_reported() {
    let found = lint("anomaly-level", &column(&["2", "2", "2", "5", "2"], ""));
    let l = only(
        &found,
        LintKind::TableAnomaly,
        &at(3),
        "anomaly in column `seconds` of table `falls`: `5` at band `7-8` breaks the column's pattern",
    );
    assert_eq!(l.diagnostic.label, "the column's other 4 cells: all hold 2");
}

#[test]
fn columns_that_keep_their_pattern_or_keep_none_are_clean() {
    // Rising with uneven steps; a constant step; a constant ratio; no pattern
    // at all (two cells out of line); too few cells for "all but one".
    for (i, values) in [
        &["1", "2", "4", "5", "7"][..],
        &["3", "5", "7", "9", "11"],
        &["1", "3", "9", "27", "81"],
        &["1", "9", "2", "8", "3"],
        &["1", "5", "2"],
    ]
    .iter()
    .enumerate()
    {
        let found = lint(&format!("anomaly-clean-{i}"), &column(values, ""));
        assert!(found.is_empty(), "{values:?}: {found:?}");
    }
}

#[test]
fn an_allow_in_the_schema_silences_the_finding() {
    let schema = "allow = [{ lint = \"table-anomaly\", reason = \"The book means it.\" }]\n";
    let found = lint(
        "anomaly-allowed",
        &column(&["1", "2", "9", "5", "7"], schema),
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].kind, LintKind::TableAnomaly);
    let allow = found[0].allowed.as_ref().expect("allowed");
    assert_eq!(allow.reason, "The book means it.");
}

#[test]
fn an_erratum_that_mends_the_cell_silences_it_and_one_that_keeps_it_acknowledges_it() {
    let erratum = |reading: &str| {
        format!(
            "errata = [{{ row = \"5-6\", column = \"seconds\", printed = \"9\", reading = \"{reading}\", reason = \"A slipped digit.\" }}]\n"
        )
    };
    let mended = lint(
        "anomaly-mended",
        &column(&["1", "2", "9", "5", "7"], &erratum("3")),
    );
    assert!(mended.is_empty(), "{mended:?}");
    let kept = lint(
        "anomaly-kept",
        &column(&["1", "2", "9", "5", "7"], &erratum("8")),
    );
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(kept[0].kind, LintKind::TableAnomaly);
    let allow = kept[0]
        .allowed
        .as_ref()
        .expect("acknowledged by the erratum");
    assert_eq!(allow.reason, "table erratum: A slipped digit.");
    // No `unused-allow`: an erratum is no allow that could silence nothing.
}

/// Issue 29.5: the book's two-inch aluminium plate reads its own materials
/// table in the six-inch column (210 Hits where 50 mm holds 70). The lint
/// finds that claim in the bundled book by itself, and the example's erratum
/// on `hits` acknowledges it.
#[test]
fn the_bundled_book_aluminium_plate_is_found_and_acknowledged_by_its_erratum() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let book = codegen::compile_dir(&root.join("spec"), &root)
        .unwrap_or_else(|d| panic!("the bundled book does not compile:\n{d}"));
    let found = lints(&book, &|_, _| true, &uncited);
    let plate: Vec<&Lint> = found
        .iter()
        .filter(|l| l.kind == LintKind::TableAnomaly)
        .filter(|l| l.diagnostic.message.contains("aluminium-plate"))
        .collect();
    assert_eq!(plate.len(), 1, "{found:#?}");
    let l = plate[0];
    assert_eq!(
        l.diagnostic.message,
        "anomaly in table `material-table`: example `aluminium-plate` claims `hits` = 210 for `Aluminum alloy` at `50mm (2\")`, where the table holds 70"
    );
    assert_eq!(l.diagnostic.label, "the row's cell at `150mm (6\")`");
    // At the claim, wherever the chapter has it now.
    let chapter = std::fs::read_to_string(root.join("spec/action/objects.md")).expect("objects.md");
    let claim = chapter.find("\nhits = 210\n").expect("the plate's claim") + 1;
    let line = chapter[..claim].lines().count() + 1;
    assert_eq!(
        l.diagnostic.location(),
        format!("spec/action/objects.md:{line}:1")
    );
    let allow = l.allowed.as_ref().expect("acknowledged by the erratum");
    assert!(
        allow
            .reason
            .starts_with("erratum of example `aluminium-plate`: The table's 50 mm"),
        "{}",
        allow.reason
    );
}

#[test]
fn a_claim_that_reads_another_column_of_the_named_row_is_reported() {
    let body = r#"
# Demo {#demo}

<!-- table plates
const = "PLATES"
row = "Plate"
columns = ["material: text", "mm10: int", "mm20: int", "mm50: int"]
-->
| Material | 10mm | 20mm | 50mm |
|---|---|---|---|
| Tin | 3 | 6 | 15 |

```rule plate
[given]
material = "text"
millimetres = "int 1.."
[outputs]
hits = "int 0.."
```

```example tin-plate
rule = "demo.plate"
[given]
material = "Tin"
millimetres = 20
[book]
hits = 15
```
"#;
    let found = lint("anomaly-misread", body);
    let l = only(
        &found,
        LintKind::TableAnomaly,
        "demo.md:35:1",
        "anomaly in table `plates`: example `tin-plate` claims `hits` = 15 for `Tin` at `20mm`, where the table holds 6",
    );
    assert_eq!(l.diagnostic.label, "the row's cell at `50mm`");
}
