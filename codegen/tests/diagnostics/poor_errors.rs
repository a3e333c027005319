//! Input the compiler used to report badly (the rest are UI tests): the
//! smallest `i64`, once refused, and a system the book lacks, reported with the
//! nearest system of the book compiled against.

use super::*;

#[test]
fn the_smallest_i64_is_an_integer() {
    let text = with_example(
        "rule = \"demo.hit\"\n[given]\nroll = -9223372036854775808\n[book]\ndamage = \"1d6\"\n",
    );
    let book = compile("i64_min", &text).unwrap_or_else(|d| panic!("{d}"));
    let given = &book.systems[0].chapters[0].examples[0].given()[0];
    assert_eq!(given.value, codegen::model::Value::Int(i64::MIN));
}

#[test]
fn an_unknown_system_is_reported_at_the_front_matter() {
    let base = compile("known_system", &chapter(GOOD)).unwrap_or_else(|d| panic!("{d}"));
    let text = chapter(GOOD).replacen("system = \"demo\"", "system = \"dmeo\"", 1);
    let result = common::in_folder(
        "diagnostics",
        "unknown_system",
        &[("x.md", text.as_bytes())],
        |dir| codegen::compile_files(base, &[dir.join("x.md")], dir),
    );
    let diags = result.expect_err("an unknown system").0;
    let d = only(&diags);
    assert_eq!(
        d.to_string(),
        "x.md:2:10: error[E0002]: system `dmeo` is not a system of the book"
    );
    assert_eq!(d.label, "did you mean `demo`?");
}
