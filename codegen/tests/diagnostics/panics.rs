//! Input that used to crash the compiler: a cell error that fell inside a
//! multi-byte character, and names that cannot become Rust names. Each is a
//! diagnostic at its place now, and a book with it never reaches the emitter.

use super::*;

/// `| 1–2 |` with an en dash, a full-width `３`, dice `1d６`, a rate of fire `1/３`.
#[test]
fn a_cell_error_on_a_multibyte_character_is_reported_at_that_character() {
    let text = chapter(
        r#"
# Demo {#demo}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: range", "n: int", "dice: dice", "rof: rof"]
-->
| Band | N | Dice | RoF |
|---|---|---|---|
| 1–2 | 1 | 1d6 | 1 |
| 3 | ３ | 1d6 | 1 |
| 4 | 1 | 1d６ | 1 |
| 5 | 1 | 1d6 | 1/３ |
"#,
    );
    let diags = errors("multibyte_cells", &text);
    assert_eq!(diags.len(), 4, "one per bad cell:\n{}", all(&diags));
    let cases = [
        (
            "cell `1–2`",
            "demo.md:19:4",
            "found `–` (U+2013 EN DASH)",
            "| 1–2 | 1 | 1d6 | 1 |",
            4,
        ),
        (
            "cell `３`",
            "demo.md:20:7",
            "found `３` (U+FF13)",
            "| 3 | ３ | 1d6 | 1 |",
            7,
        ),
        (
            "cell `1d６`",
            "demo.md:21:13",
            "found `６`",
            "| 4 | 1 | 1d６ | 1 |",
            13,
        ),
        (
            "cell `1/３`",
            "demo.md:22:19",
            "found `３`",
            "| 5 | 1 | 1d6 | 1/３ |",
            19,
        ),
    ];
    for (cell, location, found, source_line, column) in cases {
        let d = find(&diags, cell);
        assert_report(
            &text,
            d,
            location,
            &["does not fit column", found],
            source_line,
        );
        assert_eq!(caret_column(&d.render(), source_line), column, "{cell}");
    }
}

/// The reading of a table erratum is what fails, so the whole printed cell is shown.
#[test]
fn an_erratum_reading_that_fails_on_a_multibyte_cell_is_reported_at_the_cell() {
    let text = chapter(
        r#"
# Demo {#demo}

<!-- table armor
const = "ARMOR"
row = "Armor"
columns = ["item: text", "wt: int"]
errata = [
  { row = "Samurai", column = "wt", printed = "½ AV", reading = "x", reason = "A note slid here." },
]
-->
| Item | Wt |
|---|---|
| Samurai | ½ AV |
"#,
    );
    let diags = errors("erratum_multibyte", &text);
    let d = only(&diags);
    assert_report(
        &text,
        d,
        "demo.md:22:13",
        &[
            "table erratum reads cell `½ AV` as `x`",
            "does not fit column `wt` of type `int`",
            "expected a number, found `x`",
        ],
        "| Samurai | ½ AV |",
    );
    assert_eq!(d.notes, vec!["erratum at demo.md:17:3".to_string()]);
}

/// A chapter with rule `name` taking `input`, and a table with column `field`
/// and row type `row`.
fn named(name: &str, input: &str, field: &str, row: &str) -> String {
    chapter(&format!(
        r#"
# Demo {{#demo}}

<!-- table speeds
const = "SPEEDS"
row = "{row}"
columns = ["{field}: int"]
-->
| N |
|---|
| 1 |

```rule {name}
[given]
"{input}" = "int"
[outputs]
out = "int"
```
"#
    ))
}

#[test]
fn names_rust_cannot_take_are_reported_where_they_are_written() {
    let good = named("hit", "roll", "n", "Speed");
    if let Err(d) = compile("names_good", &good) {
        panic!("the fixture must compile as it stands:\n{d}");
    }
    let cases = [
        (
            named("self", "roll", "n", "Speed"),
            "demo.md:21:9",
            "rule `self`: `self` is a Rust path keyword",
            "```rule self",
        ),
        (
            named("super", "roll", "n", "Speed"),
            "demo.md:21:9",
            "rule `super`: `super` is a Rust path keyword",
            "```rule super",
        ),
        (
            named("hit", "roll", "crate", "Speed"),
            "demo.md:15:13",
            "column field `crate` is a Rust path keyword",
            "columns = [\"crate: int\"]",
        ),
        (
            named("hit", "roll", "n", "Self"),
            "demo.md:14:7",
            "`row`: `Self` is a Rust path keyword",
            "row = \"Self\"",
        ),
        (
            named("hit", "my input", "n", "Speed"),
            "demo.md:23:1",
            "input `my input` is not a Rust name",
            "\"my input\" = \"int\"",
        ),
        (
            named("hit", "self", "n", "Speed"),
            "demo.md:23:1",
            "input `self` is a Rust path keyword",
            "\"self\" = \"int\"",
        ),
        (
            named("hit", "Roll", "n", "Speed"),
            "demo.md:23:1",
            "input `Roll` must start with a lowercase letter",
            "\"Roll\" = \"int\"",
        ),
    ];
    for (i, (text, location, message, offending)) in cases.iter().enumerate() {
        let diags = errors(&format!("names_{i}"), text);
        let d = only(&diags);
        assert_report(text, d, location, &[message], offending);
    }
}

/// The fixture's front matter, with the system `system`.
fn front_of(system: &str) -> String {
    common::FRONT.replace("\"demo\"", &format!("\"{system}\""))
}

#[test]
fn a_system_rust_cannot_name_is_reported_at_the_front_matter() {
    for (system, message) in [
        ("super", "`super` is a Rust path keyword"),
        ("registry", "`registry` cannot name a system"),
        ("Bad System", "`Bad System` is not a valid system id"),
    ] {
        let text = front_of(system) + "\n# Demo {#demo}\n";
        let diags = errors(&format!("system_{}", system.len()), &text);
        let d = only(&diags);
        let line = format!("system = \"{system}\"");
        assert_report(&text, d, "demo.md:2:10", &[message], &line);
    }
}

#[test]
fn a_chapter_file_rust_cannot_name_is_reported() {
    let text = chapter("\n# Demo {#demo}\n");
    let result = common::in_folder(
        "diagnostics",
        "chapter_self",
        &[("self.md", text.as_bytes())],
        |dir| codegen::compile_with(Book::default(), &[dir.join("self.md")], dir),
    );
    let diags = result.expect_err("a chapter `self` cannot compile").0;
    let d = only(&diags);
    assert_eq!(d.location(), "self.md:1:1");
    assert!(
        d.message
            .contains("chapter `self`: `self` is a Rust path keyword"),
        "{}",
        d.message
    );
}

/// A folder of `spec/` that cannot be a system is reported as such, even when
/// empty (it used to reach the emitter and crash it).
#[test]
fn a_system_folder_rust_cannot_name_is_reported() {
    let text = front_of("Bad System") + "\n# Demo {#demo}\n";
    let files: &[(&str, &[u8])] = &[
        ("spec/Bad System/demo.md", text.as_bytes()),
        ("spec/super/.keep", b""),
    ];
    let result = common::in_folder("diagnostics", "bad_folders", files, |dir| {
        codegen::compile_dir(&dir.join("spec"), dir)
    });
    let diags = result.expect_err("the folders cannot be systems").0;
    let messages: Vec<String> = diags.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "spec/Bad System:1:1: error[E0004]: `Bad System` is not a valid system id: ids are kebab-case, a lowercase letter, then lowercase letters, digits and single dashes",
            "spec/super:1:1: error[E0004]: `super` is a Rust path keyword, which nothing can be named, not even as `r#super`",
        ]
    );
}
