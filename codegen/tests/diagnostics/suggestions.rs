//! Errors that suggest the fix (issue 10.8): the closest rule, input, output,
//! type or lint instead of a list of every one; one cause, one error; a unit
//! named in full; an id reused across kinds named as both.

use super::*;

/// The only diagnostic of `body` after the front matter and `# Demo {#demo}`.
fn only_in(test: &str, body: &str) -> (String, Diagnostic) {
    let text = chapter(&format!("\n# Demo {{#demo}}\n\n{body}"));
    let diags = errors(test, &text);
    let d = only(&diags).clone();
    (text, d)
}

const RULE: &str =
    "```rule hit\n[given]\nroll = \"int\"\naimed = \"bool?\"\n[outputs]\ndamage = \"int\"\n```\n";

/// An example of `demo.hit` with the given body lines after `rule = …`.
fn example(rule: &str, rest: &str) -> String {
    format!("\n```example hit-one\nrule = \"{rule}\"\n{rest}```\n")
}

#[test]
fn a_misspelt_rule_input_or_output_suggests_the_closest_name_and_lists_nothing() {
    let cases = [
        (
            "demo.hti",
            "[given]\nroll = 3\n[book]\ndamage = 3\n",
            DiagCode::UnknownRule,
            "did you mean `demo.hit`?",
        ),
        (
            "demo.hit",
            "[given]\nroll = 3\naim = true\n[book]\ndamage = 3\n",
            DiagCode::UnknownInput,
            "did you mean `aimed`?",
        ),
        (
            "demo.hit",
            "[given]\nroll = 3\n[book]\ndamages = 3\n",
            DiagCode::UnknownOutput,
            "did you mean `damage`?",
        ),
    ];
    for (rule, rest, code, label) in cases {
        let (_, d) = only_in("suggest", &format!("{RULE}{}", example(rule, rest)));
        assert_eq!((d.code, d.label.as_str()), (code, label), "{}", d.render());
        assert!(d.notes.is_empty(), "no list of names: {:?}", d.notes);
        assert!(d.render().contains(label), "{}", d.render());
    }
}

#[test]
fn a_rule_block_that_fails_gives_one_error_not_one_per_example_or_property() {
    let broken = RULE.replace("roll = \"int\"", "roll = \"integer\"");
    let property = "\n```property hit-resolves\nrule = \"demo.hit\"\n[given]\nroll = { from = 1, to = 6 }\n[law]\nresolves = true\n```\n";
    let examples = example("demo.hit", "[given]\nroll = 3\n[book]\ndamage = 3\n")
        + &example("demo.hit", "[given]\nroll = 4\n[book]\ndamage = 4\n")
            .replace("hit-one", "hit-two");
    let (_, d) = only_in("broken_rule", &format!("{broken}{examples}{property}"));
    assert_eq!(d.code, DiagCode::UnknownType);
    assert_eq!(d.message, "`roll` has an unknown type `integer`");
    assert_eq!(d.label, "did you mean `int`?");
    // The list of types is complete: it is built from the types parsing knows.
    assert_eq!(
        d.notes,
        [
            "the types are `int`, `bool`, `text`, `dice`, `decimal`, `[int]`, `[text]`, `[decimal]`, `word(a|b)`, each optionally followed by `?`"
        ]
    );
}

#[test]
fn a_misspelt_column_type_or_lint_suggests_the_right_one() {
    let table = |cols: &str, allow: &str| {
        format!(
            "<!-- table falls\nconst = \"FALLS\"\nrow = \"Fall\"\ncolumns = [{cols}]\n{allow}-->\n| Metres | Modifier |\n|---|---|\n| 1-2 | -1 |\n| 5-6 | -2 |\n"
        )
    };
    let (_, d) = only_in(
        "column_type",
        &table("\"band: range\", \"modifier: modifer\"", ""),
    );
    assert_eq!(d.code, DiagCode::UnknownType);
    assert!(
        d.message
            .starts_with("unknown column type `modifer`; did you mean `modifier`? (known: int,"),
        "{}",
        d.message
    );
    let allow = "allow = [{ lint = \"band-gaps\", reason = \"The book leaves a gap.\" }]\n";
    let (_, d) = only_in(
        "lint_name",
        &table("\"band: range\", \"modifier: modifier\"", allow),
    );
    assert_eq!(
        (d.code, d.message.as_str(), d.label.as_str()),
        (
            DiagCode::UnknownLint,
            "unknown lint `band-gaps`",
            "did you mean `band-gap`?"
        )
    );
}

#[test]
fn a_unit_written_out_says_which_unit_the_column_expects() {
    let table = "<!-- table falls\nconst = \"FALLS\"\nrow = \"Fall\"\ncolumns = [\"height: int(m)\"]\n-->\n| Height |\n|---|\n| 1 m |\n| 2 metres |\n";
    let (text, d) = only_in("unit", table);
    assert_eq!(d.code, DiagCode::BadCell);
    assert!(
        d.message.ends_with("expected the unit `m`, found `metres`"),
        "{}",
        d.message
    );
    assert_eq!(&text[d.span.clone()], "metres");
}

#[test]
fn an_example_reusing_a_section_id_names_both_kinds() {
    let body = format!(
        "{RULE}{}",
        example("demo.hit", "[given]\nroll = 3\n[book]\ndamage = 3\n").replace("hit-one", "demo")
    );
    let (_, d) = only_in("section_and_example", &body);
    assert_eq!(d.code, DiagCode::DuplicateId);
    assert_eq!(
        d.message,
        "example id `demo` is already the id of a section"
    );
    assert_eq!(d.notes, ["the section `demo` is defined at demo.md:10:1"]);
}
