//! Input the compiler used to report badly: at the wrong place, with the wrong
//! words, or with an error that was not there. Each is now accepted as Markdown
//! reads it, or reported once, where the author must look.

use super::*;

/// A chapter whose only fault is a heading without an id, on line 14.
const NO_ID: &str = "\n# Demo {#demo}\n\nSome text.\n\n## Notes\n";

#[test]
fn a_byte_order_mark_is_no_part_of_the_chapter() {
    let text = format!("\u{feff}{}", chapter(NO_ID));
    let diags = errors("bom", &text);
    assert_report(
        &text,
        only(&diags),
        "demo.md:14:1",
        &["section `Notes` has no id"],
        "## Notes",
    );
}

#[test]
fn carriage_returns_alone_end_lines() {
    let text = chapter(NO_ID).replace('\n', "\r");
    let diags = errors("cr_only", &text);
    let d = only(&diags);
    assert_eq!(d.location(), "demo.md:14:1", "{}", d.render());
    assert!(
        d.message.contains("section `Notes` has no id"),
        "{}",
        d.message
    );
    let rendered = d.render();
    assert!(rendered.contains("14 | ## Notes\n"), "{rendered}");
    assert!(
        !rendered.contains("Some text"),
        "one line is quoted, not the file:\n{rendered}"
    );
}

#[test]
fn an_unclosed_allow_comment_is_reported_where_it_opens() {
    let text = chapter(
        r#"
# Demo {#demo}
<!-- allow rule-without-example: the book has none

Some prose.

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: range"]
-->
| Band |
|---|
| 1 |
"#,
    );
    let diags = errors("unclosed_allow", &text);
    assert_report(
        &text,
        only(&diags),
        "demo.md:11:1",
        &["this comment is not closed before the next one opens, at demo.md:15:1"],
        "<!-- allow rule-without-example: the book has none",
    );
}

#[test]
fn an_unterminated_fence_is_reported_where_it_opens() {
    let text = chapter(
        r#"
# Demo {#demo}

```rule hit
[outputs]
x = "int"

Some prose that follows, which is no TOML.
"#,
    );
    let diags = errors("unterminated_fence", &text);
    assert_report(
        &text,
        only(&diags),
        "demo.md:12:1",
        &["block `hit` is not closed"],
        "```rule hit",
    );
}

#[test]
fn a_byte_that_is_not_utf8_is_reported_at_its_line_and_column() {
    let mut bytes = chapter("\n# Demo {#demo}\n\nSome pr").into_bytes();
    bytes.extend(b"\xffose.\n");
    let offset = bytes.len() - 6;
    let result = common::in_folder("diagnostics", "not_utf8", &[("demo.md", &bytes)], |dir| {
        codegen::compile_with(Book::default(), &[dir.join("demo.md")], dir)
    });
    let diags = result.expect_err("not UTF-8").0;
    let d = only(&diags);
    assert_eq!(d.location(), "demo.md:12:8");
    assert_eq!(
        d.message,
        format!("the file is not UTF-8: byte 0xff at offset {offset} is no character")
    );
    assert!(
        d.render().contains("12 | Some pr\u{fffd}ose."),
        "{}",
        d.render()
    );
}

#[test]
fn the_smallest_i64_is_an_integer() {
    let text = with_example(
        "rule = \"demo.hit\"\n[given]\nroll = -9223372036854775808\n[book]\ndamage = \"1d6\"\n",
    );
    let book = compile("i64_min", &text).unwrap_or_else(|d| panic!("{d}"));
    let given = &book.systems[0].chapters[0].examples[0].given()[0];
    assert_eq!(given.value, codegen::model::Value::Int(i64::MIN));
}

/// The first row's bad cell is reported; the ditto mark under it is not "with
/// nothing above it" (there is a row above; its value is unknown).
#[test]
fn an_error_in_the_first_row_is_the_only_error() {
    let text = chapter(
        r#"
# Demo {#demo}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: range", "modifier: modifier"]
-->
| Distance | Modifier |
|---|---|
| x | +1 |
| 3-4 | " |
"#,
    );
    let diags = errors("first_row", &text);
    assert_report(
        &text,
        only(&diags),
        "demo.md:19:3",
        &["cell `x`", "expected a number"],
        "| x | +1 |",
    );
}

#[test]
fn two_errata_on_one_cell_are_reported_as_such() {
    let text = chapter(
        r#"
# Demo {#demo}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["name: text", "band: range"]
errata = [
  { row = "r", column = "band", printed = "x", reading = "1", reason = "a" },
  { row = "r", column = "band", printed = "x", reading = "2", reason = "b" },
]
-->
| Name | Band |
|---|---|
| r | x |
"#,
    );
    let diags = errors("two_errata", &text);
    let d = only(&diags);
    assert_eq!(
        d.to_string(),
        "demo.md:18:3: error[E0019]: a second erratum on cell `band` of row `r`"
    );
    assert_eq!(d.notes, ["the first is at demo.md:17:3"]);
}

#[test]
fn empty_front_matter_is_reported_as_empty() {
    let text = "+++\n+++\n---\nsystem: demo\n---\n\n# Demo {#demo}\n";
    let diags = errors("empty_front", text);
    let messages: Vec<String> = diags.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "demo.md:4:1: error[E0006]: section `system: demo` has no id",
            "demo.md:1:1: error[E0003]: the front matter is empty",
        ]
    );
}

#[test]
fn unterminated_front_matter_is_reported_as_unclosed() {
    let text = "+++\nsystem = \"demo\"\n\n# Demo {#demo}\n";
    let diags = errors("unterminated_front", text);
    assert_eq!(
        only(&diags).to_string(),
        "demo.md:1:1: error[E0009]: the front matter is not closed"
    );
}

#[test]
fn a_schema_in_a_blockquote_is_reported_as_such() {
    let text = chapter(
        "\n# Demo {#demo}\n\n> <!-- table speeds\n> const = \"SPEEDS\"\n> row = \"Speed\"\n> columns = [\"band: range\"]\n> -->\n> | Band |\n> |---|\n> | 1 |\n",
    );
    let diags = errors("quoted_schema", &text);
    assert_eq!(
        only(&diags).to_string(),
        "demo.md:12:3: error[E0008]: a table schema sits in a blockquote, where it is not read"
    );
}

#[test]
fn an_unknown_system_is_reported_at_the_front_matter() {
    let base = compile("known_system", &chapter(GOOD)).unwrap_or_else(|d| panic!("{d}"));
    let text = chapter(GOOD).replacen("system = \"demo\"", "system = \"dmeo\"", 1);
    let result = common::in_folder(
        "diagnostics",
        "unknown_system",
        &[("x.md", text.as_bytes())],
        |dir| codegen::compile_with(base, &[dir.join("x.md")], dir),
    );
    let diags = result.expect_err("an unknown system").0;
    let d = only(&diags);
    assert_eq!(
        d.to_string(),
        "x.md:2:10: error[E0002]: system `dmeo` is not a system of the book"
    );
    assert_eq!(d.label, "did you mean `demo`?");
}

#[test]
fn front_matter_opening_with_a_blank_line_is_reported_as_such() {
    let text = "+++\n\nsystem = \"demo\"\n+++\n\n# Demo {#demo}\n";
    let diags = errors("blank_front", text);
    assert_eq!(
        only(&diags).to_string(),
        "demo.md:1:1: error[E0003]: the front matter opens with a blank line, so it is not read as one"
    );
}
