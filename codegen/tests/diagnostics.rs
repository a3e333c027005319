//! The compiler's tests on hostile input that a UI test (`tests/ui.rs`: a
//! chapter in, its rendered diagnostics out) cannot hold: chapters that must
//! compile and are read back from the model or the emitted Rust, a chapter
//! against a book, folder shapes (links, FIFOs, a folder no system can be),
//! and the generated code put through rustc and rustdoc.
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
#[path = "diagnostics/parallel.rs"]
mod parallel;
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

use codegen::cell::{CellValue, DiceSpec};
use codegen::{Book, Diagnostic, Diagnostics};

/// The front matter, then `body`.
fn chapter(body: &str) -> String {
    format!("{}{body}", common::FRONT)
}

fn compile(test: &str, text: &str) -> Result<Book, Diagnostics> {
    common::compile("diagnostics", test, text)
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
