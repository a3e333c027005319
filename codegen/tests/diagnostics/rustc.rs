//! Chapters that the spec accepted and rustc then rejected in the generated
//! code, now emitted so that rustc takes it (a keyword becomes a raw
//! identifier, a carriage return leaves doc comments); those that became spec
//! diagnostics are UI tests.

use super::*;

/// The generated Rust of a chapter that must compile, laid out to be read,
/// which must parse as Rust.
pub(super) fn rust(test: &str, text: &str) -> String {
    emitted(test, text, codegen::emit::rust::readable_module)
}

/// The generated Rust of a chapter that must compile as the build writes it,
/// its tokens as they are: what rustc compiles.
pub(super) fn built(test: &str, text: &str) -> String {
    emitted(test, text, |book| codegen::emit::rust::generate(book).code)
}

fn emitted(test: &str, text: &str, emit: fn(&codegen::Book) -> String) -> String {
    let code = match compile(test, text) {
        Ok(book) => emit(&book),
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
        "pub r#gen: i64",
        "r#gen: v.get(\"gen\")?",
        "pub r#type: i64",
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
