//! `property` blocks: a well-formed one compiles to a typed domain and a law
//! with its bound qualified; each mistake is reported at its `demo.md:line:col`
//! with the words that name it and a caret under the offending line.

mod common;

use codegen::model::{Bound, Direction, Domain, Law, Relation, Value, Written};
use codegen::{Book, Diagnostic, Diagnostics};

/// Rule `demo.hit`, whose `damage` is both an optional input and an output,
/// then a property `p` of the given body (and anything after it).
fn with_property(body: &str) -> String {
    format!(
        r#"{}
# Demo {{#demo}}

```rule hit
[given]
roll = "int"
surface = "text"
aimed = "bool?"
weapon = "dice?"
tags = "[text]?"
damage = "int?"
[outputs]
damage = "int"
dice = "dice"
band = "text"
hit = "bool"
```

```property p
{body}```
"#,
        common::FRONT
    )
}

fn compile(test: &str, text: &str) -> Result<Book, Diagnostics> {
    common::compile("properties", test, text)
}

/// The one diagnostic of a chapter that must fail.
fn only_error(test: &str, text: &str) -> Diagnostic {
    match compile(test, text) {
        Ok(_) => panic!("`{test}`: the chapter compiled, but it should not have"),
        Err(d) if d.0.len() == 1 => d.0.into_iter().next().expect("one"),
        Err(d) => panic!("`{test}`: expected one diagnostic, got:\n{}", d.render()),
    }
}

/// `d` sits where `at` starts, says each of `words`, and renders that line
/// with a caret.
fn assert_at(text: &str, d: &Diagnostic, at: &str, words: &[&str]) {
    assert_at_in(text, d, at, at, words);
}

/// [`assert_at`] for the first line that holds `line`, at `at` within it.
fn assert_at_in(text: &str, d: &Diagnostic, line: &str, at: &str, words: &[&str]) {
    let (n, source) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(line))
        .unwrap_or_else(|| panic!("the fixture has no `{line}`"));
    let col = source[..source.find(at).expect("`at` is on the line")]
        .chars()
        .count()
        + 1;
    assert_eq!(
        d.location(),
        format!("demo.md:{}:{col}", n + 1),
        "{}",
        d.render()
    );
    for w in words {
        assert!(d.message.contains(w), "`{}` does not say `{w}`", d.message);
    }
    let rendered = d.render();
    assert!(
        rendered.contains(source) && rendered.contains('^'),
        "{rendered}"
    );
}

const GOOD: &str = r#"rule = "demo.hit"

[given]
roll = { from = 3, to = 18 }
surface = ["Rock", "Ice"]
aimed = [false, true]
weapon = "2d6+1"
tags = []

[law]
at-most = { output = "damage", bound = "outputs.dice" }
"#;

#[test]
fn a_well_formed_property_compiles_with_typed_domains_and_a_qualified_bound() {
    let second = "rule = \"demo.hit\"\n[given]\nroll = 4\nsurface = \"Rock\"\ndamage = { from = 0, to = 9 }\n[law]\nnon-increasing = { output = \"hit\", in = \"damage\" }\n";
    let text = with_property(&format!("{GOOD}```\n\n```property q\n{second}"));
    let book = compile("good", &text).unwrap_or_else(|d| panic!("{}", d.render()));
    let chapter = &book.systems[0].chapters[0];
    let p = &chapter.properties[0];
    assert_eq!((p.id.as_str(), p.rule.as_str()), ("p", "demo.hit"));
    assert_eq!(p.section.as_deref(), Some("demo"));
    let domains: Vec<(&str, &Domain)> = p
        .given
        .iter()
        .map(|i| (i.name.as_str(), &i.domain))
        .collect();
    assert_eq!(domains[0], ("roll", &Domain::Range { from: 3, to: 18 }));
    assert_eq!(
        domains[1],
        (
            "surface",
            &Domain::OneOf(vec![Value::Text("Rock".into()), Value::Text("Ice".into())])
        )
    );
    assert!(
        matches!(domains[3], ("weapon", Domain::Fixed(Value::Dice(d))) if d.to_string() == "2d6+1")
    );
    assert_eq!(
        domains[4],
        ("tags", &Domain::Fixed(Value::TextList(vec![])))
    );
    assert!(matches!(
        &p.law,
        Law::Bounded { output, relation: Relation::AtMost, bound: Written::Qualified(Bound::Output(b)) }
            if output.name == "damage" && b.name == "dice"
    ));
    let q = &chapter.properties[1];
    assert!(matches!(
        &q.law,
        Law::Monotone { output, input, direction: Direction::NonIncreasing }
            if output.name == "hit" && input.name == "damage"
    ));
}

#[test]
fn a_bare_bound_names_the_input_or_the_output_it_is() {
    let text = with_property(
        "rule = \"demo.hit\"\n[given]\nroll = 3\nsurface = \"Rock\"\n[law]\nequals = { output = \"damage\", bound = \"roll\" }\n",
    );
    let book = compile("bare_bound", &text).unwrap_or_else(|d| panic!("{}", d.render()));
    let p = &book.systems[0].chapters[0].properties[0];
    assert!(
        matches!(&p.law, Law::Bounded { bound: Written::Qualified(Bound::Input(n)), .. } if n.name == "roll")
    );
}

/// Replaces `from` in [`GOOD`] by `to`, compiles, and returns the text and its one error.
fn error_in(test: &str, from: &str, to: &str) -> (String, Diagnostic) {
    assert!(GOOD.contains(from), "GOOD has no `{from}`");
    let text = with_property(&GOOD.replace(from, to));
    let d = only_error(test, &text);
    (text, d)
}

#[test]
fn an_unknown_rule_is_reported_at_its_name_with_the_closest_rule() {
    let (text, d) = error_in("unknown_rule", "\"demo.hit\"", "\"demo.hti\"");
    assert_at(
        &text,
        &d,
        "\"demo.hti\"",
        &["property `p`", "unknown rule `demo.hti`"],
    );
    assert_eq!(d.label, "did you mean `demo.hit`?");
    assert!(
        d.notes.is_empty(),
        "no list of the system's rules: {:?}",
        d.notes
    );
}

#[test]
fn an_input_the_rule_does_not_take_is_reported_at_its_key() {
    let (text, d) = error_in("no_input", "roll = {", "rol = 3\nroll = {");
    assert_at(
        &text,
        &d,
        "rol = 3",
        &["rule `demo.hit` takes no input `rol`"],
    );
}

#[test]
fn a_required_input_left_out_is_reported_at_the_block() {
    let (text, d) = error_in("missing", "surface = [\"Rock\", \"Ice\"]\n", "");
    assert_at(&text, &d, "```property p", &["does not give `surface`"]);
}

#[test]
fn a_range_on_a_text_input_is_reported() {
    let (text, d) = error_in("text_range", "[\"Rock\", \"Ice\"]", "{ from = 1, to = 2 }");
    assert_at(
        &text,
        &d,
        "surface = {",
        &["input `surface`", "only an int input takes a range"],
    );
}

#[test]
fn a_range_that_runs_backwards_is_reported_at_the_range() {
    let (text, d) = error_in("backwards", "from = 3, to = 18", "from = 18, to = 3");
    assert_at(&text, &d, "{ from = 18", &["runs backwards (18 to 3)"]);
}

#[test]
fn a_value_of_the_wrong_type_in_a_list_is_reported() {
    let (text, d) = error_in("wrong_type", "[\"Rock\", \"Ice\"]", "[\"Rock\", 2]");
    assert_at(
        &text,
        &d,
        "surface = [",
        &["input `surface`", "type `text`"],
    );
}

#[test]
fn unknown_keys_are_reported_in_the_block_the_range_and_the_law() {
    let (text, d) = error_in("key_block", "[given]", "seed = 4\n[given]");
    assert_at(&text, &d, "seed = 4", &["unknown key `seed` in a property"]);
    let (text, d) = error_in("key_range", "to = 18 }", "to = 18, step = 2 }");
    assert_at(&text, &d, "step = 2", &["unknown key `step` in a range"]);
    let (text, d) = error_in(
        "key_law",
        "bound = \"outputs.dice\" }",
        "bound = \"outputs.dice\", by = 1 }",
    );
    assert_at(&text, &d, "by = 1", &["unknown key `by` in a law"]);
}

#[test]
fn a_property_must_state_exactly_one_known_law() {
    let law = "at-most = { output = \"damage\", bound = \"outputs.dice\" }\n";
    let (text, d) = error_in("no_law", &format!("[law]\n{law}"), "");
    assert_at(&text, &d, "```property p", &["property `p` states no law"]);
    let (text, d) = error_in("two_laws", law, &format!("{law}resolves = true\n"));
    assert_at(&text, &d, "resolves = true", &["more than one law"]);
    let (text, d) = error_in("unknown_law", "at-most =", "rises =");
    assert_at(&text, &d, "rises =", &["unknown law `rises`"]);
    let (text, d) = error_in("resolves_false", law, "resolves = false\n");
    assert_at_in(&text, &d, "resolves", "false", &["`resolves` takes `true`"]);
}

#[test]
fn a_law_on_an_output_the_rule_lacks_or_without_an_order_is_reported() {
    let (text, d) = error_in("no_output", "output = \"damage\"", "output = \"wounds\"");
    assert_at(
        &text,
        &d,
        "\"wounds\"",
        &["names `wounds`", "does not produce"],
    );
    assert_eq!(d.label, "not an output of the rule");
    assert!(
        d.notes.is_empty(),
        "no list of the rule's outputs: {:?}",
        d.notes
    );
    let (_, d) = error_in("near_output", "output = \"damage\"", "output = \"damages\"");
    assert_eq!(d.label, "did you mean `damage`?");
    let (text, d) = error_in("unordered", "output = \"damage\"", "output = \"band\"");
    assert_at(&text, &d, "\"band\"", &["`band`", "which is text", "order"]);
}

#[test]
fn a_monotone_law_must_grow_a_varying_int_or_bool_input() {
    let grow =
        |input: &str| format!("non-decreasing = {{ output = \"damage\", in = \"{input}\" }}");
    let law = "at-most = { output = \"damage\", bound = \"outputs.dice\" }";
    let (text, d) = error_in("grows_fixed", law, &grow("weapon"));
    assert_at(
        &text,
        &d,
        "\"weapon\" }",
        &["grows `weapon`", "which is dice"],
    );
    let (text, d) = error_in("grows_text", law, &grow("surface"));
    assert_at(&text, &d, "\"surface\" }", &["which is text"]);
    let held = GOOD
        .replace("roll = { from = 3, to = 18 }", "roll = 3")
        .replace(law, &grow("roll"));
    let text = with_property(&held);
    let d = only_error("grows_held_roll", &text);
    assert_at(&text, &d, "\"roll\" }", &["grows `roll`", "holds fixed"]);
}

#[test]
fn a_bound_must_name_one_input_or_output_of_a_comparable_type() {
    let (text, d) = error_in("ambiguous", "\"outputs.dice\"", "\"damage\"");
    assert_at_in(
        &text,
        &d,
        "bound = \"damage\"",
        "\"damage\" }",
        &["both an input and an output"],
    );
    assert!(d.render().contains("given.damage"), "{}", d.render());
    let (text, d) = error_in("neither", "\"outputs.dice\"", "\"armor\"");
    assert_at(
        &text,
        &d,
        "\"armor\"",
        &["`armor`", "neither an input nor an output"],
    );
    let (text, d) = error_in("bool_int", "\"outputs.dice\"", "\"outputs.hit\"");
    assert_at_in(
        &text,
        &d,
        "outputs.hit",
        "\"damage\"",
        &["compares `damage` (int) with `hit` (bool)"],
    );
    let (text, d) = error_in("not_given", "\"outputs.dice\"", "\"given.damage\"");
    assert_at(
        &text,
        &d,
        "\"given.damage\"",
        &["which property `p` does not give"],
    );
}

#[test]
fn a_property_id_shares_the_namespace_of_sections_tables_and_examples() {
    let text = with_property(GOOD).replace("# Demo {#demo}", "# Demo {#p}");
    let d = only_error("duplicate", &text);
    assert_at(
        &text,
        &d,
        "```property p",
        &["property id `p` is already the id of a section"],
    );
}
