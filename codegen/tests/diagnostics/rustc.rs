//! Chapters that the spec accepted and rustc then rejected in the generated
//! code: each is now either emitted so that rustc takes it (a keyword becomes a
//! raw identifier, a carriage return leaves doc comments) or a spec diagnostic.

use super::*;

/// The generated Rust of a chapter that must compile, which must parse as Rust.
pub(super) fn rust(test: &str, text: &str) -> String {
    let code = match compile(test, text) {
        Ok(book) => codegen::emit::rust::rust_module(&book),
        Err(d) => panic!("`{test}` should compile:\n{d}"),
    };
    if let Err(e) = syn::parse_file(&code) {
        panic!("`{test}` emitted Rust that does not parse: {e}\n{code}");
    }
    code
}

/// `gen` is a keyword of Rust 2024, the edition of `rules`.
#[test]
fn a_field_or_input_named_gen_is_emitted_raw() {
    let code = rust(
        "gen",
        &chapter(
            r#"
# Demo {#demo}

<!-- table gens
const = "GENS"
row = "Gen"
columns = ["gen: int"]
-->
| Gen |
|---|
| 1 |

```rule roll
[given]
gen = "int"
[outputs]
type = "int"
```
"#,
        ),
    );
    for raw in [
        "pub r#gen: ::core::primitive::i32",
        "pub r#gen: ::core::primitive::i64",
        "r#gen: v.get(\"gen\")?",
        "pub r#type: ::core::primitive::i64",
        "v.set(\"type\", self.r#type)",
    ] {
        assert!(code.contains(raw), "no `{raw}` in:\n{code}");
    }
}

/// `&#13;` in a heading and `\r` in the title would put a bare carriage return
/// into a doc comment, which rustc rejects.
#[test]
fn a_carriage_return_never_reaches_a_doc_comment() {
    let text =
        chapter("\n# Demo&#13;Part {#demo}\n").replace("title = \"Demo\"", "title = \"De\\rmo\"");
    let code = rust("carriage_return", &text);
    assert!(!code.contains('\r'), "a carriage return in:\n{code:?}");
    assert!(code.contains("/// Section \"Demo Part\"."), "{code}");
    assert!(code.contains("/// De mo (demo\\.md)."), "{code}");
}

/// Table figures compile to `i32`; a larger one used to be "literal out of range" in rustc.
#[test]
fn a_figure_too_large_for_an_i32_is_reported_at_its_cell() {
    let text = chapter(
        r#"
# Demo {#demo}

<!-- table big
const = "BIG"
row = "Big"
columns = ["n: int", "m: modifier", "band: range"]
-->
| N | M | Band |
|---|---|---|
| 3000000000 | +1 | 1 |
| 1 | +2147483648 | 2 |
| 2 | +1 | 1-3000000000 |
"#,
    );
    let diags = errors("too_large", &text);
    assert_eq!(diags.len(), 3, "{}", all(&diags));
    let cases = [
        (
            "cell `3000000000`",
            "demo.md:19:3",
            "`3000000000` is too large",
            "| 3000000000 | +1 | 1 |",
        ),
        (
            "cell `+2147483648`",
            "demo.md:20:8",
            "`2147483648` is too large",
            "| 1 | +2147483648 | 2 |",
        ),
        (
            "cell `1-3000000000`",
            "demo.md:21:14",
            "`3000000000` is too large",
            "| 2 | +1 | 1-3000000000 |",
        ),
    ];
    for (cell, location, why, source_line) in cases {
        let d = find(&diags, cell);
        assert_report(
            &text,
            d,
            location,
            &[why, "a figure is at most 2147483647"],
            source_line,
        );
    }
}

/// Dice in an example become `rules::dice::Dice` (of `i32`s) in the case file:
/// too large a count used to fail in regen, with no file or line.
#[test]
fn example_dice_too_large_for_an_i32_are_reported_at_the_claim() {
    let text = with_example(
        r#"rule = "demo.hit"
[given]
roll = 3
[book]
damage = "3000000000d6"
"#,
    );
    let diags = errors("dice_too_large", &text);
    assert_report(
        &text,
        only(&diags),
        "demo.md:24:1",
        &["claim `damage` is not dice", "`3000000000` is too large"],
        "damage = \"3000000000d6\"",
    );
}

/// Names that rustc saw twice in one scope: two inputs that are one Rust field,
/// a column field named twice, a rule module beside `ids`, a constant defined twice.
#[test]
fn names_that_clash_in_the_generated_code_are_reported() {
    let text = chapter(
        r#"
# Demo {#demo}

```rule ids
[given]
a-b = "int"
a_b = "int"
[outputs]
out = "int"
```

<!-- table pairs
const = "PAIRS"
row = "Pair"
columns = ["n: int", "n: int"]
-->
| N | N |
|---|---|
| 1 | 2 |

<!-- table twos
const = "TWO"
row = "Two"
columns = ["n: int"]
-->
| N |
|---|
| 2 |

<!-- table figures
kind = "constants"
columns = ["name: ident", "value: int"]
-->
| Name | Value |
|---|---|
| ONE | 1 |
| ONE | 2 |
| TWO | 2 |
"#,
    );
    let diags = errors("clashes", &text);
    assert_eq!(diags.len(), 5, "{}", all(&diags));
    let ids = find(&diags, "rule `ids`");
    assert_report(
        &text,
        ids,
        "demo.md:12:9",
        &["`ids` is the module of the chapter's section and table ids"],
        "```rule ids",
    );
    let field = find(&diags, "input `a_b`");
    assert_report(
        &text,
        field,
        "demo.md:15:1",
        &["becomes the same Rust field as `a-b`"],
        "a_b = \"int\"",
    );
    assert_eq!(field.notes, ["`a-b` is at demo.md:14:1"]);
    let column = find(&diags, "column field `n` is named twice");
    assert_report(
        &text,
        column,
        "demo.md:23:23",
        &[],
        "columns = [\"n: int\", \"n: int\"]",
    );
    assert_eq!(column.notes, ["first named at demo.md:23:12"]);
    let one = find(&diags, "constant `ONE`");
    assert_report(
        &text,
        one,
        "demo.md:45:1",
        &["defined twice in chapter `demo`"],
        "| ONE | 2 |",
    );
    assert_eq!(one.notes, ["first defined at demo.md:44:1"]);
    let two = find(&diags, "constant `TWO`");
    assert_report(
        &text,
        two,
        "demo.md:46:1",
        &["defined twice in chapter `demo`"],
        "| TWO | 2 |",
    );
    assert_eq!(two.notes, ["first defined at demo.md:29:1"]);
}

/// The emitter writes Rust as text: quotes, backslashes, `"#` and control
/// characters in a cell stay inside the table's raw literal (escaped as the
/// data's canonical text escapes them), a comment's closing `*/` in a title
/// stays inside its doc comment (as escaped Markdown), and a text direction
/// mark (which rustc refuses in a comment) is written as its escape.
#[test]
fn text_that_rust_escapes_is_written_as_a_literal() {
    let text = chapter(
        r##"
# Demo */ partRLO {#demo}

<!-- table quotes
const = "QUOTES"
row = "Quote"
columns = ["said: text"]
-->
| Said |
|---|
| say "hi" \ thenTABstopRLO "# |
"##,
    )
    .replace("TAB", "\t")
    .replace("RLO", "\u{202e}");
    let code = rust("escapes", &text);
    assert!(
        code.contains("r##\"\nsay \"hi\" \\\\ then\\tstop\\u{202e} \"#\n\"##,"),
        "{code}"
    );
    assert!(
        code.contains("/// Section \"Demo \\*\\/ part\\u{202e}\"."),
        "{code}"
    );
}

/// A doc line that starts with `/` must stay a doc line: written after `///`
/// it made `////`, an ordinary comment, and dropped out of the docs.
#[test]
fn a_doc_line_starting_with_a_slash_stays_in_the_docs() {
    let code = rust(
        "slash_doc",
        &chapter(
            r#"
# Demo {#demo}

## /etc {#etc}

<!-- table gens
const = "GENS"
row = "Gen"
title = "Grip\n/ by surface"
columns = ["gen: int"]
-->
| Gen |
|---|
| 1 |
"#,
        ),
    );
    let dropped: Vec<&str> = code
        .lines()
        .filter(|l| l.trim_start().starts_with("////"))
        .collect();
    assert!(
        dropped.is_empty(),
        "doc lines dropped as comments: {dropped:#?}"
    );
    assert!(
        code.contains("by surface"),
        "the title is not in the docs:\n{code}"
    );
}
