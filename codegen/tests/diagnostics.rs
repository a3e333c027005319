//! Integration tests for the spec compiler's diagnostics: each test writes a small
//! chapter to a temporary folder, compiles it, and checks where the diagnostic
//! points (`demo.md:line:col`), what it says, and that its rendered report shows
//! the offending source line with a caret.
//!
//! Fixtures are the front matter ([`FRONT`], 8 lines) followed by a body written
//! as a raw string that opens with a newline, so body line `k` (counting that
//! first, empty line as 1) is file line `8 + k`: the usual `# Demo {#demo}`
//! heading right after it is line 10.

mod common;
// Hostile input (issue 9), one module per kind of failure.
#[path = "diagnostics/domains.rs"]
mod domains;
#[path = "diagnostics/panics.rs"]
mod panics;
#[path = "diagnostics/poor_errors.rs"]
mod poor_errors;
#[path = "diagnostics/runs_as_code.rs"]
mod runs_as_code;
#[path = "diagnostics/rustc.rs"]
mod rustc;
#[path = "diagnostics/shadowing.rs"]
mod shadowing;
#[path = "diagnostics/silent.rs"]
mod silent;
// Errors that suggest the fix (issue 10.8).
#[path = "diagnostics/suggestions.rs"]
mod suggestions;

use codegen::cell::{CellValue, DiceSpec};
use codegen::{Book, DiagCode, Diagnostic, Diagnostics};

/// The front matter, then `body`.
fn chapter(body: &str) -> String {
    format!("{}{body}", common::FRONT)
}

fn compile(test: &str, text: &str) -> Result<Book, Diagnostics> {
    common::compile("diagnostics", test, text)
}

/// The diagnostics of a compilation that must fail.
fn errors(test: &str, text: &str) -> Vec<Diagnostic> {
    match compile(test, text) {
        Ok(_) => panic!("`{test}`: the chapter compiled, but it should not have"),
        Err(d) => d.0,
    }
}

/// The one diagnostic whose message contains `needle`.
fn find<'a>(diags: &'a [Diagnostic], needle: &str) -> &'a Diagnostic {
    let hits: Vec<&Diagnostic> = diags
        .iter()
        .filter(|d| d.message.contains(needle))
        .collect();
    assert_eq!(
        hits.len(),
        1,
        "expected one diagnostic saying `{needle}`, got:\n{}",
        all(diags)
    );
    hits[0]
}

/// The only diagnostic, failing if there are others (the fixture is otherwise clean).
fn only(diags: &[Diagnostic]) -> &Diagnostic {
    assert_eq!(
        diags.len(),
        1,
        "expected exactly one diagnostic, got:\n{}",
        all(diags)
    );
    &diags[0]
}

fn all(diags: &[Diagnostic]) -> String {
    diags
        .iter()
        .map(|d| format!("{d}\n{}\n", d.render()))
        .collect()
}

/// Line `n` (1-based) of `text`.
fn line(text: &str, n: usize) -> &str {
    text.lines()
        .nth(n - 1)
        .unwrap_or_else(|| panic!("the fixture has no line {n}"))
}

/// Checks that `d` sits at `location`, says every one of `words`, and renders
/// `offending` (which must be on the location's line of `text`) with a caret.
fn assert_report(text: &str, d: &Diagnostic, location: &str, words: &[&str], offending: &str) {
    assert_eq!(
        d.location(),
        location,
        "wrong location for: {}\n{}",
        d.message,
        d.render()
    );
    for w in words {
        assert!(
            d.message.contains(w),
            "message `{}` does not say `{w}`",
            d.message
        );
    }
    let line_no: usize = location
        .rsplit(':')
        .nth(1)
        .and_then(|l| l.parse().ok())
        .expect("path:line:col");
    assert!(
        line(text, line_no).contains(offending),
        "fixture line {line_no} is `{}`, which does not hold `{offending}` (fixture line count is off)",
        line(text, line_no)
    );
    let rendered = d.render();
    assert!(
        rendered.starts_with(&format!("error[{}]: ", d.code)),
        "the report does not open with its code:\n{rendered}"
    );
    assert!(
        rendered.contains(offending),
        "the report does not show `{offending}`:\n{rendered}"
    );
    assert!(
        rendered.contains('^'),
        "the report has no caret:\n{rendered}"
    );
    assert!(
        rendered.contains(location),
        "the report does not name `{location}`:\n{rendered}"
    );
}

/// The column the rendered caret points at, counted in the rendered source line
/// that shows `source_line` (which must be printed in full).
fn caret_column(rendered: &str, source_line: &str) -> usize {
    let lines: Vec<&str> = rendered.lines().collect();
    let i = lines
        .iter()
        .position(|l| l.ends_with(source_line))
        .unwrap_or_else(|| panic!("no rendered line shows `{source_line}`:\n{rendered}"));
    let text_start = lines[i].len() - source_line.len();
    let caret_line = lines[i + 1..]
        .iter()
        .find(|l| l.contains('^'))
        .unwrap_or_else(|| panic!("no caret under `{source_line}`:\n{rendered}"));
    let caret = caret_line.find('^').expect("has a caret");
    caret - text_start + 1
}

/// A clean chapter: one table (its last damage cell a ditto), one rule, one example.
const GOOD: &str = r#"
# Demo {#demo}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: range", "modifier: modifier", "damage: dice?"]
-->
| Distance | Modifier | Damage |
|---|---|---|
| 1-2 | +1 | 1d6 |
| 3-4 | -2 | " |

```rule hit
[given]
roll = "int"
[outputs]
damage = "dice"
```

```example hit-one
rule = "demo.hit"
[given]
roll = 3
[book]
damage = "1d6"
```
"#;

#[test]
fn well_formed_chapter_compiles_and_resolves_ditto_marks() {
    let book = match compile("well_formed", &chapter(GOOD)) {
        Ok(book) => book,
        Err(d) => panic!("the chapter should compile, but:\n{d}"),
    };
    assert_eq!(book.systems.len(), 1);
    assert_eq!(book.systems[0].id, "demo");
    let ch = &book.systems[0].chapters[0];
    assert_eq!(ch.id, "demo");
    assert_eq!(ch.section_title("demo"), Some("Demo"));
    let table = &ch.tables[0];
    assert_eq!(table.id, "speeds");
    assert_eq!(table.section.as_deref(), Some("demo"));
    assert_eq!(table.rows.len(), 2);
    let above = &table.cells_of(&table.rows[0])[2];
    let ditto = &table.cells_of(&table.rows[1])[2];
    assert_eq!(
        above.value,
        CellValue::Dice(DiceSpec {
            count: 1,
            sides: 6,
            bonus: 0
        })
    );
    assert_eq!(ditto.value, above.value);
    assert!(ditto.ditto && !above.ditto);
    assert_eq!(
        table.cells_of(&table.rows[1])[1].value,
        CellValue::Modifier(-2)
    );
    assert_eq!(
        table.cells_of(&table.rows[1])[0].value,
        CellValue::Range {
            lo: 3,
            hi: Some(4),
            label: "".into()
        }
    );
    assert_eq!(ch.rules[0].id, "demo.hit");
    assert_eq!(&*ch.examples[0].rule, "demo.hit");
}

#[test]
fn ragged_row_is_reported_at_its_line() {
    let text = chapter(
        r#"
# Demo {#demo}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: range", "modifier: modifier", "damage: dice?"]
-->
| Distance | Modifier | Damage |
|---|---|---|
| 1-2 | +1 | 1d6 | 9 |
| 3-4 | -2 |
| 5-6 | +0 | 2d6 |
"#,
    );
    let diags = errors("ragged_row", &text);
    assert_eq!(diags.len(), 2, "one per ragged row:\n{}", all(&diags));
    // Body line 11 is the row with a cell too many, line 12 the one with a cell too few.
    let many = find(&diags, "4 cells");
    assert_report(
        &text,
        many,
        "demo.md:19:1",
        &["ragged row", "4 cells", "`speeds`", "3 columns"],
        "| 1-2 | +1 | 1d6 | 9 |",
    );
    let few = find(&diags, "2 cells");
    assert_report(
        &text,
        few,
        "demo.md:20:1",
        &["ragged row", "2 cells", "`speeds`", "3 columns"],
        "| 3-4 | -2 |",
    );
}

#[test]
fn cell_not_fitting_its_column_type_is_reported_at_the_cell() {
    let text = chapter(
        r#"
# Demo {#demo}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: range", "modifier: modifier", "damage: dice?"]
-->
| Distance | Modifier | Damage |
|---|---|---|
| 1-2 | +1 | 1d6 |
| 3-4 | x3 | 1d6 |
| 5-6 | +3x | 2d6 |
"#,
    );
    let diags = errors("cell_type", &text);
    assert_eq!(diags.len(), 2, "one per bad cell:\n{}", all(&diags));
    // `| 3-4 | x3 | 1d6 |`: the cell starts at column 9, and is wrong from its first character.
    let x3 = find(&diags, "`x3`");
    assert_report(
        &text,
        x3,
        "demo.md:20:9",
        &[
            "cell `x3`",
            "does not fit column `modifier`",
            "of type `modifier`",
            "expected a number",
        ],
        "| 3-4 | x3 | 1d6 |",
    );
    assert_eq!(caret_column(&x3.render(), "| 3-4 | x3 | 1d6 |"), 9);
    // `| 5-6 | +3x | 2d6 |`: the cell starts at column 9; the stray `x` is at column 11.
    let trailing = find(&diags, "`+3x`");
    assert_report(
        &text,
        trailing,
        "demo.md:21:11",
        &[
            "cell `+3x`",
            "does not fit column `modifier`",
            "unexpected `x`",
        ],
        "| 5-6 | +3x | 2d6 |",
    );
    assert_eq!(caret_column(&trailing.render(), "| 5-6 | +3x | 2d6 |"), 11);
}

#[test]
fn unknown_column_type_is_reported_at_the_type_name() {
    let text = chapter(
        r#"
# Demo {#demo}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: integer", "modifier: modifier", "damage: dice?"]
-->
| Distance | Modifier | Damage |
|---|---|---|
| 1-2 | +1 | 1d6 |
"#,
    );
    let diags = errors("unknown_column_type", &text);
    // The rejected schema also leaves its table without one ("table has no schema" at
    // line 17); only the schema's own diagnostic is checked here.
    // `columns = ["band: integer", ...`: `[` is column 11, the quote 12, `band` 13, `integer` 19.
    let d = find(&diags, "unknown column type");
    let line15 = r#"columns = ["band: integer", "modifier: modifier", "damage: dice?"]"#;
    assert_report(
        &text,
        d,
        "demo.md:15:19",
        &["unknown column type `integer`", "known:", "int", "modifier"],
        line15,
    );
    assert_eq!(d.label, "not a column type");
    assert_eq!(caret_column(&d.render(), line15), 19);
}

#[test]
fn duplicate_id_is_reported_with_where_it_was_first_defined() {
    let text = chapter(
        r#"
# Demo {#demo}

Some text.

## Again {#demo}
"#,
    );
    let diags = errors("duplicate_id", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:14:1",
        &["duplicate", "section", "`demo`"],
        "## Again {#demo}",
    );
    assert_eq!(d.notes, vec!["first defined at demo.md:10:1".to_string()]);
    assert!(
        d.render().contains("first defined at demo.md:10:1"),
        "the note is not rendered:\n{}",
        d.render()
    );
}

#[test]
fn duplicate_id_across_kinds_is_reported() {
    // Sections, tables and examples share one namespace: a table may not reuse a section's id.
    let text = chapter(
        r#"
# Demo {#demo}

## Speeds {#speeds}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: range"]
-->
| Distance |
|---|
| 1-2 |
"#,
    );
    let diags = errors("duplicate_id_across_kinds", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:14:1",
        &["table id `speeds` is already the id of a section"],
        "<!-- table speeds",
    );
    assert_eq!(d.notes, ["the section `speeds` is defined at demo.md:12:1"]);
}

/// A chapter with rule `demo.hit` (roll: int -> damage: dice) and one example of it,
/// whose body (starting at file line 20, after the fence on line 19) is `example`.
fn with_example(example: &str) -> String {
    with_rule(
        "hit\n[given]\nroll = \"int\"\n[outputs]\ndamage = \"dice\"",
        "hit-one",
        example,
    )
}

/// A chapter with the rule block `rule` (its name, then a four-line body) and
/// example `id`, whose body starts at file line 20.
fn with_rule(rule: &str, id: &str, example: &str) -> String {
    chapter(&format!(
        r#"
# Demo {{#demo}}

```rule {rule}
```

```example {id}
{example}```
"#
    ))
}

#[test]
fn example_naming_an_unknown_rule_is_reported_at_the_rule_name() {
    let text = with_example(
        r#"rule = "demo.miss"
[given]
roll = 3
[book]
damage = "1d6"
"#,
    );
    assert_eq!(line(&text, 19), "```example hit-one");
    let diags = errors("unknown_rule", &text);
    let d = only(&diags);
    // `rule = "demo.miss"`: the value's opening quote is column 8.
    assert_report(
        &text,
        d,
        "demo.md:20:8",
        &["example `hit-one`", "unknown rule `demo.miss`"],
        r#"rule = "demo.miss""#,
    );
    assert_eq!((d.code, d.code.as_str()), (DiagCode::UnknownRule, "E0023"));
    // Nothing is close to `demo.miss`: the label says so, and no note lists the rules.
    assert_eq!(d.label, "no `rule` block of system `demo` declares this");
    assert!(d.notes.is_empty(), "{:?}", d.notes);
    assert_eq!(caret_column(&d.render(), r#"rule = "demo.miss""#), 8);
}

#[test]
fn example_claiming_an_output_the_rule_lacks_is_reported_at_the_claim() {
    let text = with_example(
        r#"rule = "demo.hit"
[given]
roll = 3
[book]
damage = "1d6"
wounds = 2
"#,
    );
    let diags = errors("unknown_output", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:25:1",
        &[
            "example `hit-one`",
            "claims `wounds`",
            "rule `demo.hit`",
            "does not produce",
        ],
        "wounds = 2",
    );
    assert_eq!(d.label, "not an output of the rule");
    assert!(d.notes.is_empty(), "{:?}", d.notes);
}

#[test]
fn example_giving_an_input_the_rule_lacks_is_reported_at_the_input() {
    let text = with_example(
        r#"rule = "demo.hit"
[given]
roll = 3
range = 4
[book]
damage = "1d6"
"#,
    );
    let diags = errors("unknown_input", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:23:1",
        &["rule `demo.hit`", "takes no input `range`"],
        "range = 4",
    );
    assert_eq!(d.label, "not an input of the rule");
    assert!(d.notes.is_empty(), "{:?}", d.notes);
}

#[test]
fn malformed_toml_in_an_example_is_reported_where_it_breaks() {
    let text = with_example(
        r#"rule = "demo.hit"
[given]
roll = = 3
[book]
damage = "1d6"
"#,
    );
    let diags = errors("malformed_example", &text);
    let d = only(&diags);
    // `roll = = 3`: the second `=`, where a value should be, is column 8.
    assert_report(
        &text,
        d,
        "demo.md:22:8",
        &["malformed TOML", "in an example"],
        "roll = = 3",
    );
}

/// A string left open is reported where it runs off its line, with what is
/// missing, not on the next line as a key with no value.
#[test]
fn a_string_left_open_is_reported_on_its_own_line() {
    let text = with_example("rule = \"demo.hit\"\n[given]\nroll = 3\n[book]\ndamage = \"1d6\n");
    let diags = errors("open_string", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:24:14",
        &[
            "malformed TOML",
            "in an example",
            "unterminated basic string",
        ],
        "damage = \"1d6",
    );
}

/// A key whose line ends before its `=` is reported at the end of that line,
/// and the report shows that one line, not the next as well.
#[test]
fn a_key_cut_off_by_the_end_of_its_line_is_reported_on_that_line() {
    let text = with_example("rule = \"demo.hit\"\n[given]\nroll\n= 3\n[book]\ndamage = \"1d6\"\n");
    let diags = errors("cut_key", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:22:5",
        &["malformed TOML", "in an example", "expected an equals"],
        "roll",
    );
    assert!(!d.render().contains("= 3"), "{}", d.render());
}

#[test]
fn malformed_toml_in_front_matter_is_reported_where_it_breaks() {
    let text = r#"+++
system = "demo"
title = Demo
version = "1"
[source]
book = "Some book"
section = "Some section"
+++

# Demo {#demo}
"#;
    let diags = errors("malformed_front", text);
    // The compiler also reports "chapter has no front matter" at 1:1, since the chapter
    // is dropped; only the TOML diagnostic is checked here.
    let d = find(&diags, "malformed TOML");
    // `title = Demo`: the bare word starts at column 9.
    assert_report(
        text,
        d,
        "demo.md:3:9",
        &["malformed TOML", "in the front matter"],
        "title = Demo",
    );
}

#[test]
fn ditto_mark_in_the_first_row_is_reported_at_the_mark() {
    let text = chapter(
        r#"
# Demo {#demo}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: range", "modifier: modifier", "damage: dice?"]
-->
| Distance | Modifier | Damage |
|---|---|---|
| 1-2 | +1 | " |
| 3-4 | -2 | 1d6 |
"#,
    );
    let diags = errors("ditto_first_row", &text);
    let d = only(&diags);
    // `| 1-2 | +1 | " |`: the mark is column 14.
    assert_report(
        &text,
        d,
        "demo.md:19:14",
        &["ditto mark", "nothing above"],
        r#"| 1-2 | +1 | " |"#,
    );
    assert!(d.label.contains("`damage`"), "label: {}", d.label);
    assert_eq!(caret_column(&d.render(), r#"| 1-2 | +1 | " |"#), 14);
}

#[test]
fn section_heading_without_id_is_reported_at_the_heading() {
    let text = chapter(
        r#"
# Demo {#demo}

Some text.

## Notes
"#,
    );
    let diags = errors("heading_without_id", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:14:1",
        &["section `Notes`", "has no id"],
        "## Notes",
    );
}

#[test]
fn table_without_schema_is_reported_at_its_header() {
    let text = chapter(
        r#"
# Demo {#demo}

| Distance | Modifier |
|---|---|
| 1-2 | +1 |
"#,
    );
    let diags = errors("table_without_schema", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:12:1",
        &["table has no schema"],
        "| Distance | Modifier |",
    );
}

#[test]
fn header_with_a_column_count_other_than_the_schema_is_reported() {
    let text = chapter(
        r#"
# Demo {#demo}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: range", "modifier: modifier", "damage: dice?"]
-->
| Distance | Modifier |
|---|---|
| 1-2 | +1 |
"#,
    );
    let diags = errors("header_columns", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:17:1",
        &["table `speeds`", "has 2 columns", "its schema names 3"],
        "| Distance | Modifier |",
    );
    assert_eq!(d.notes, vec!["schema at demo.md:12:1".to_string()]);
}

#[test]
fn schema_not_followed_by_a_table_is_reported() {
    let text = chapter(
        r#"
# Demo {#demo}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: range"]
-->

Some text where the table should be.
"#,
    );
    let diags = errors("orphan_schema", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:12:1",
        &["schema `speeds`", "not followed by a table"],
        "<!-- table speeds",
    );
}

#[test]
fn unknown_key_in_an_example_is_reported_at_the_key() {
    let text = with_example(
        r#"rule = "demo.hit"
note = "a stray key"
[given]
roll = 3
[book]
damage = "1d6"
"#,
    );
    let diags = errors("unknown_key", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:21:1",
        &["unknown key `note`", "in an example"],
        r#"note = "a stray key""#,
    );
}

#[test]
fn erratum_citing_an_unknown_ruling_is_reported() {
    let text = with_example(
        r#"rule = "demo.hit"
[given]
roll = 3
[book]
damage = "1d6"
[errata.damage]
rules = "2d6"
ruling = "nowhere"
reason = "the table says so"
"#,
    );
    let diags = errors("unknown_ruling", &text);
    let d = only(&diags);
    // The erratum's span is its claim's name in `[errata.damage]`, which starts at column 9.
    assert_report(
        &text,
        d,
        "demo.md:25:9",
        &[
            "erratum `damage`",
            "ruling `nowhere`",
            "no section of system `demo`",
        ],
        "[errata.damage]",
    );
}

/// An id that cannot become a Rust name is a diagnostic, not a panic in the emitter.
#[test]
fn malformed_ids_are_reported_not_emitted() {
    let text = chapter(
        r#"
# Demo {#demo}

## Notes {#1st.part}
"#,
    );
    let diags = errors("malformed_id", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:12:1",
        &["`1st.part` is not a valid id"],
        "## Notes {#1st.part}",
    );
}

/// A chapter with rule `demo.retreat` (`retreat` of type `ty`) and one example
/// giving `retreat = "<given>"` on file line 22.
fn with_word_rule(ty: &str, given: &str) -> String {
    let rule = format!("retreat\n[given]\nretreat = \"{ty}\"\n[outputs]\nbonus = \"int\"");
    let example =
        format!("rule = \"demo.retreat\"\n[given]\nretreat = \"{given}\"\n[book]\nbonus = 3\n");
    with_rule(&rule, "step-back", &example)
}

#[test]
fn a_word_of_the_set_compiles() {
    let text = with_word_rule("word(step|slip|none)", "slip");
    let book = compile("word_ok", &text).unwrap_or_else(|d| panic!("{}", d.render()));
    let rule = &book.systems[0].chapters[0].rules[0];
    assert_eq!(rule.given[0].ty.to_string(), "word(step|slip|none)");
}

/// A value outside the words is reported at its line, with the nearest word
/// suggested under the caret when one is close, and no guess when none is.
#[test]
fn a_word_outside_its_set_is_reported_with_the_nearest_word() {
    for (given, meant) in [("stpe", Some("step")), ("cartwheel", None)] {
        let text = with_word_rule("word(step|slip|none)", given);
        let diags = errors("word_outside", &text);
        let d = only(&diags);
        let offending = format!(r#"retreat = "{given}""#);
        let says = [
            "input `retreat`",
            &format!("`{given}`"),
            "not one of its words: step, slip, none",
        ];
        assert_report(&text, d, "demo.md:22:1", &says, &offending);
        let guess = meant.map(|w| format!("did you mean `{w}`?"));
        assert_eq!(guess.as_deref().unwrap_or(""), d.label, "{given}");
        assert_eq!(
            d.render().contains("did you mean"),
            meant.is_some(),
            "{}",
            d.render()
        );
    }
}

#[test]
fn a_word_type_with_an_empty_or_repeated_word_is_reported_at_the_type() {
    for (ty, says) in [
        ("word(step||none)", "an empty word"),
        ("word(step|slip|step)", "`step` is listed twice"),
    ] {
        let text = with_word_rule(ty, "step");
        let diags = errors("word_type_bad", &text);
        // The example then names a rule that did not compile: a second error.
        let d = find(&diags, "lists its words badly");
        // `retreat = "word(…)"`: the value's opening quote is column 11 of line 14.
        let offending = format!(r#"retreat = "{ty}""#);
        assert_report(
            &text,
            d,
            "demo.md:14:11",
            &["`retreat` lists its words badly", says],
            &offending,
        );
        assert_eq!(caret_column(&d.render(), &offending), 11);
    }
}

#[test]
fn refused_example_compiles_as_ours_without_claims() {
    let text = with_example(
        r#"rule = "demo.hit"
[given]
roll = 0
[refused]
reason = "no roll of 0"
"#,
    );
    let book = compile("refused_ok", &text).unwrap_or_else(|d| panic!("{}", d.render()));
    let e = &book.systems[0].chapters[0].examples[0];
    assert!(e.ours, "a refused example is one of ours");
    assert!(e.claims().is_empty());
    let refusal = e.refused.as_ref().expect("the refusal");
    assert_eq!(refusal.reason, "no roll of 0");
    let case = &codegen::emit::cases::case_files(&book)[0].text;
    assert!(
        case.ends_with(
            "ours = true\n\n[given]\nroll = 0\n\n[refused]\nreason = \"no roll of 0\"\n"
        ),
        "{case}"
    );
}

#[test]
fn refused_and_book_together_are_reported_at_the_second() {
    let text = with_example(
        r#"rule = "demo.hit"
[given]
roll = 3
[book]
damage = "1d6"
[refused]
reason = "no roll of 3"
"#,
    );
    let diags = errors("refused_and_book", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:25:1",
        &["example `hit-one`", "both `[book]` and `[refused]`"],
        "[refused]",
    );
}

#[test]
fn refusal_with_an_empty_reason_is_reported_at_the_reason() {
    let text = with_example(
        r#"rule = "demo.hit"
[given]
roll = 0
[refused]
reason = "  "
"#,
    );
    let diags = errors("refused_empty", &text);
    let d = only(&diags);
    // `reason = "  "`: the value's opening quote is column 10.
    assert_report(
        &text,
        d,
        "demo.md:24:10",
        &["refusal's `reason` is empty"],
        r#"reason = "  ""#,
    );
}

#[test]
fn refusal_without_a_reason_is_reported() {
    let text = with_example(
        r#"rule = "demo.hit"
[given]
roll = 0
[refused]
why = "no roll of 0"
"#,
    );
    let diags = errors("refused_no_reason", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:23:1",
        &["an example's `refused` has no `reason`"],
        "[refused]",
    );
}

#[test]
fn errata_on_a_refused_example_are_reported() {
    let text = with_example(
        r#"rule = "demo.hit"
[given]
roll = 0
[refused]
reason = "no roll of 0"
[errata.damage]
rules = "2d6"
ruling = "demo"
reason = "none"
"#,
    );
    let diags = errors("refused_errata", &text);
    let d = only(&diags);
    // The dotted header's span starts at its first key, `errata`, in column 2.
    assert_report(
        &text,
        d,
        "demo.md:25:2",
        &["an example of ours has no errata", "fix its `refused`"],
        "[errata.damage]",
    );
}
