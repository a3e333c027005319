//! `decimal` and `[decimal]` rule values: an example writes a decimal as a TOML
//! number or as text the `decimal` cell grammar reads (`"½"`); each becomes an
//! `f64`, written back to the case file as a TOML float. A value that is no
//! decimal is reported at its `demo.md:line:col`.

mod common;

use codegen::emit::cases::case_file;
use codegen::model::{Domain, Value, ValueType};
use codegen::{Book, Diagnostic, Diagnostics};

/// Rule `demo.jump` with decimal inputs and outputs, then `rest`.
fn with_rule(rest: &str) -> String {
    format!(
        r#"{}
# Demo {{#demo}}

```rule jump
[given]
strength = "decimal"
hits = "[decimal]"
bonus = "decimal?"
[outputs]
metres = "decimal"
each = "[decimal]"
```
{rest}"#,
        common::FRONT
    )
}

fn example(given: &str, expect: &str) -> String {
    with_rule(&format!(
        "\n```example e\nrule = \"demo.jump\"\n\n[given]\n{given}\n\n[expect]\n{expect}\n```\n"
    ))
}

fn compile(test: &str, text: &str) -> Result<Book, Diagnostics> {
    common::compile("decimals", test, text)
}

/// The one diagnostic of a chapter that must fail.
fn only_error(test: &str, text: &str) -> Diagnostic {
    let Err(diags) = compile(test, text) else {
        panic!("`{test}`: the chapter compiled, but it should not have")
    };
    assert_eq!(diags.0.len(), 1, "`{test}`:\n{}", diags.render());
    diags.0[0].clone()
}

/// `d` sits at the start of the first line holding `line`, and says `words`.
fn assert_at_line(text: &str, d: &Diagnostic, line: &str, words: &str) {
    let n = text
        .lines()
        .position(|l| l.starts_with(line))
        .unwrap_or_else(|| panic!("the fixture has no `{line}`"));
    assert_eq!(
        d.location(),
        format!("demo.md:{}:1", n + 1),
        "{}",
        d.render()
    );
    assert!(
        d.message.contains(words),
        "`{}` does not say `{words}`",
        d.message
    );
    assert!(d.render().contains(line), "{}", d.render());
}

#[test]
fn decimal_types_read_and_write_back_as_a_rule_block_does() {
    for (text, ty) in [
        ("decimal", ValueType::Decimal),
        ("[decimal]", ValueType::DecimalList),
    ] {
        assert_eq!(ValueType::parse(text), Some(ty.clone()));
        assert_eq!(ty.to_string(), text);
    }
    let book = compile("types", &example("strength = 1\nhits = []", "metres = 0.5")).unwrap();
    let rule = &book.systems[0].chapters[0].rules[0];
    let bonus = rule.given.iter().find(|p| &*p.name == "bonus").unwrap();
    assert!(bonus.optional);
    assert_eq!(bonus.ty, ValueType::Decimal);
}

#[test]
fn numbers_and_the_cell_grammar_both_give_decimals() {
    let text = example(
        "strength = \"2½\"\nhits = [0.5, 4, 1]\nbonus = \".25\"",
        "metres = 7\neach = [\"½\", \"1.5\"]",
    );
    let book = compile("read", &text).unwrap_or_else(|d| panic!("{}", d.render()));
    let e = &book.systems[0].chapters[0].examples[0];
    let given = |n: &str| &e.given().iter().find(|b| &*b.name == n).unwrap().value;
    assert_eq!(given("strength"), &Value::Decimal(2.5));
    assert_eq!(given("hits"), &Value::DecimalList(vec![0.5, 4.0, 1.0]));
    assert_eq!(given("bonus"), &Value::Decimal(0.25));
    assert_eq!(e.claims()[0].value, Value::Decimal(7.0));
    assert_eq!(e.claims()[1].value, Value::DecimalList(vec![0.5, 1.5]));
    let system = &book.systems[0];
    let case = case_file(system, &system.chapters[0], e).text;
    for line in [
        "strength = 2.5",
        "hits = [0.5, 4.0, 1.0]",
        "metres = 7.0",
        "each = [0.5, 1.5]",
    ] {
        assert!(case.contains(line), "no `{line}` in the case file:\n{case}");
    }
}

#[test]
fn text_that_is_no_decimal_is_refused_where_it_stands() {
    for (given, words) in [
        (
            "strength = \"1.\"",
            "input `strength` is not a decimal: expected digits after the point",
        ),
        (
            "strength = \"-2\"",
            "input `strength` is not a decimal: expected a number",
        ),
        (
            "strength = \"2 m\"",
            "input `strength` is not a decimal: unexpected `m`",
        ),
        (
            "strength = true",
            "input `strength` must be of type `decimal`",
        ),
    ] {
        let text = example(&format!("{given}\nhits = []"), "metres = 1");
        let d = only_error("bad-text", &text);
        assert_at_line(&text, &d, given, words);
    }
}

#[test]
fn a_number_that_is_not_finite_is_refused() {
    for (given, words) in [
        (
            "strength = nan",
            "input `strength` is NaN, which is no number",
        ),
        (
            "strength = -inf",
            "input `strength` is -inf, which is no number",
        ),
        (
            "hits = [0.5, inf]",
            "input `hits` is inf, which is no number",
        ),
    ] {
        let rest = if given.starts_with("hits") {
            "strength = 1"
        } else {
            "hits = []"
        };
        let text = example(&format!("{given}\n{rest}"), "metres = 1");
        let d = only_error("not-finite", &text);
        assert_at_line(&text, &d, given, words);
    }
    let text = example("strength = 1\nhits = []", "each = [1, \"x\"]");
    let d = only_error("mixed", &text);
    assert!(
        d.message.contains("values are numbers, booleans, strings"),
        "{}",
        d.message
    );
}

#[test]
fn a_decimal_given_to_an_int_input_is_refused() {
    let text = with_rule(
        "\n```rule count\n[given]\nn = \"int\"\n[outputs]\nm = \"int\"\n```\n\n\
         ```example c\nrule = \"demo.count\"\n[given]\nn = 2.5\n[expect]\nm = 1\n```\n",
    );
    let d = only_error("int", &text);
    assert_at_line(&text, &d, "n = 2.5", "input `n` must be of type `int`");
}

#[test]
fn a_property_ranges_a_decimal_over_a_list_and_grows_it() {
    let text = with_rule(
        "\n```property p\nrule = \"demo.jump\"\n[given]\nstrength = [1, 2.5, \"3½\"]\nhits = [0.5, 1]\n\
         [law]\nnon-decreasing = { output = \"metres\", in = \"strength\" }\n```\n",
    );
    let book = compile("property", &text).unwrap_or_else(|d| panic!("{}", d.render()));
    let p = &book.systems[0].chapters[0].properties[0];
    let domain = |n: &str| &p.given.iter().find(|i| i.name == n).unwrap().domain;
    assert_eq!(
        domain("strength"),
        &Domain::OneOf(vec![
            Value::Decimal(1.0),
            Value::Decimal(2.5),
            Value::Decimal(3.5)
        ])
    );
    assert_eq!(
        domain("hits"),
        &Domain::Fixed(Value::DecimalList(vec![0.5, 1.0]))
    );

    let ranged = with_rule(
        "\n```property p\nrule = \"demo.jump\"\n[given]\nstrength = { from = 1, to = 3 }\nhits = []\n\
         [law]\nresolves = true\n```\n",
    );
    let d = only_error("range", &ranged);
    assert!(
        d.message.contains("only an int input takes a range"),
        "{}",
        d.message
    );
}
