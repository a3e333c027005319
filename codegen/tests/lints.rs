//! Lints: each test writes a small chapter to a temporary folder, compiles it,
//! runs `codegen::lints`, and checks the finding's kind, `demo.md:line:col`,
//! message, and whether an allow silences it.
//!
//! Fixtures are the front matter ([`common::FRONT`], 8 lines) followed by a body written
//! as a raw string that opens with a newline, so body line `k` (counting that
//! first, empty line as 1) is file line `8 + k`: the `# Demo {#demo}` heading
//! right after it is line 10.

mod common;

use codegen::model::{Allow, Chapter, Example, System};
use codegen::{Book, Diagnostic, Diagnostics, Lint, LintKind, lints};

fn compile(test: &str, body: &str) -> Result<Book, Diagnostics> {
    common::compile("lints", test, &format!("{}{body}", common::FRONT))
}

/// Every lint of a chapter that compiles, with every table read.
fn lint(test: &str, body: &str) -> Vec<Lint> {
    let book = compile(test, body).unwrap_or_else(|d| panic!("`{test}` does not compile:\n{d}"));
    lints(&book, &|_, _| true, &uncited)
}

/// A derivation that cites no section.
fn uncited(_: &System, _: &Chapter, _: &Example, _: &str) -> bool {
    false
}

/// The one diagnostic of a chapter that must not compile.
fn error(test: &str, body: &str) -> Diagnostic {
    match compile(test, body) {
        Ok(_) => panic!("`{test}`: the chapter compiled, but it should not have"),
        Err(d) => {
            assert_eq!(d.0.len(), 1, "expected one error, got:\n{d}");
            d.0.into_iter().next().expect("one")
        }
    }
}

/// The only lint, checked for kind, place and message; it is returned for more checks.
fn only<'a>(lints: &'a [Lint], kind: LintKind, location: &str, message: &str) -> &'a Lint {
    let shown: String = lints
        .iter()
        .map(|l| format!("{}\n", l.diagnostic))
        .collect();
    assert_eq!(lints.len(), 1, "expected one lint, got:\n{shown}");
    let l = &lints[0];
    assert_eq!(l.kind, kind, "{shown}");
    assert_eq!(l.diagnostic.location(), location, "{shown}");
    assert_eq!(l.diagnostic.message, message);
    assert_eq!(l.diagnostic.code, codegen::DiagCode::Lint(kind));
    let rendered = l.diagnostic.render();
    assert!(
        rendered.contains(&format!("error[{}]", kind.name())) && rendered.contains('^'),
        "the report names the lint and shows a caret:\n{rendered}"
    );
    l
}

/// A chapter with one banded table whose rows are `rows` (one `| band | modifier |` each).
fn bands(rows: &[&str]) -> String {
    let rows: String = rows.iter().map(|r| format!("| {r} | -1 |\n")).collect();
    format!(
        r#"
# Demo {{#demo}}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: range", "modifier: modifier"]
-->
| Metres | Modifier |
|---|---|
{rows}"#
    )
}

// Lines of `bands`: the schema opens on line 12, its `-->` is line 16, the
// header is line 17, and the rows are lines 19, 20, 21.

#[test]
fn a_gap_between_bands_is_reported_at_the_band_after_it() {
    let lints = lint("gap", &bands(&["1-2", "3-4", "7-8 metres"]));
    let l = only(
        &lints,
        LintKind::BandGap,
        "demo.md:21:3",
        "gap in table `speeds`: no band holds 5 to 6, between `3-4` and `7-8 metres`",
    );
    assert!(!l.is_allowed());
    assert_eq!(
        l.diagnostic.label,
        "the band above ends at 4: this one should start at 5"
    );
}

#[test]
fn overlapping_bands_are_reported_at_the_second_band() {
    let lints = lint("overlap", &bands(&["1-2", "2-4", "5"]));
    only(
        &lints,
        LintKind::BandOverlap,
        "demo.md:20:3",
        "overlap in table `speeds`: bands `1-2` and `2-4` both hold 2",
    );
}

#[test]
fn an_open_band_that_is_not_the_last_overlaps_the_bands_after_it() {
    let lints = lint("open", &bands(&["1-2", "3+", "5-9"]));
    let l = only(
        &lints,
        LintKind::BandOverlap,
        "demo.md:21:3",
        "overlap in table `speeds`: bands `3+` and `5-9` both hold 5 to 9",
    );
    assert_eq!(
        l.diagnostic.label,
        "the band above is open: it must be the last"
    );
}

#[test]
fn contiguous_bands_ending_in_an_open_band_are_clean() {
    assert!(lint("clean", &bands(&["1", "2-3", "4-15 metres", "16+"])).is_empty());
}

#[test]
fn a_band_below_the_one_above_is_out_of_order() {
    let lints = lint("order-bands", &bands(&["1-2", "5-6", "3-4"]));
    let kinds: Vec<(LintKind, String)> = lints
        .iter()
        .map(|l| (l.kind, l.diagnostic.location()))
        .collect();
    assert_eq!(
        kinds,
        [
            (LintKind::BandGap, "demo.md:20:3".to_string()),
            (LintKind::RowsOutOfOrder, "demo.md:21:3".to_string()),
        ],
        "the gap before `5-6`, then `3-4` out of order (not also an overlap)"
    );
    assert_eq!(
        lints[1].diagnostic.message,
        "rows out of order in table `speeds`: `3-4` comes after `5-6`"
    );
}

#[test]
fn a_numeric_first_column_that_decreases_is_out_of_order() {
    let body = r#"
# Demo {#demo}

<!-- table strengths
const = "STRENGTHS"
row = "Strength"
group = "kind"
columns = ["str: int", "lift: int(kg)"]
-->
| STR | Lift |
|---|---|
| Humans | |
| 8 | 80kg |
| 10 | 100kg |
| 9 | 90kg |
| Robots | |
| 2 | 400kg |
"#;
    let lints = lint("order-ints", body);
    let l = only(
        &lints,
        LintKind::RowsOutOfOrder,
        "demo.md:23:3",
        "rows out of order in table `strengths`: `9` comes after `10`",
    );
    assert_eq!(l.diagnostic.label, "smaller than the row above");
    // `2` under `Robots` starts a group of its own: it is not compared with `9`.
}

#[test]
fn a_ditto_mark_with_nothing_above_stays_a_compile_error() {
    // A group row is no row to repeat: the ditto under the first group row has
    // no value, so the table cannot compile, let alone be linted.
    let body = r#"
# Demo {#demo}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
group = "terrain"
columns = ["band: range", "modifier: modifier"]
-->
| Metres | Modifier |
|---|---|
| Road | |
| 1-2 | " |
"#;
    let d = error("ditto", body);
    assert_eq!(d.location(), "demo.md:21:9");
    assert_eq!(d.message, "ditto mark with nothing above it");
    assert!(
        !d.code.is_lint(),
        "an error, not a lint: it cannot be allowed"
    );
}

/// One table, one constants table, one rule with an example.
const READS: &str = r#"
# Demo {#demo}

<!-- table speeds
const = "SPEEDS"
row = "Speed"
columns = ["band: range", "modifier: modifier"]
-->
| Metres | Modifier |
|---|---|
| 1-2 | -1 |

<!-- table demo-figures
kind = "constants"
columns = ["name: ident", "value: int", "meaning: text"]
-->
| Constant | Value | Meaning |
|---|---|---|
| BASE | 5 | A base. |
| CAP | 9 | A cap. |
"#;

#[test]
fn a_table_that_no_resolver_reads_is_reported_at_its_schema() {
    let book = compile("unread", READS).unwrap_or_else(|d| panic!("{d}"));
    let asked = std::cell::RefCell::new(Vec::new());
    // The resolver reads `CAP` of the constants table, and nothing of `SPEEDS`.
    let lints = lints(
        &book,
        &|module, name| {
            asked.borrow_mut().push(format!("{module}::{name}"));
            name == "CAP"
        },
        &uncited,
    );
    let l = only(
        &lints,
        LintKind::UnreadTable,
        "demo.md:12:1",
        "no resolver reads table `speeds`",
    );
    assert_eq!(
        l.diagnostic.label,
        "nothing in the resolver names `rules::spec::demo::demo::SPEEDS`"
    );
    assert_eq!(
        asked.into_inner(),
        ["demo::demo::SPEEDS", "demo::demo::BASE", "demo::demo::CAP"],
        "each constant is asked for by its chapter's module path"
    );
}

const RULE: &str = r#"
# Demo {#demo}

## Rolling {#rolling}
<!-- allow rule-without-example: The book gives no worked example of a roll. -->

```rule roll
[given]
dice = "int"
[outputs]
total = "int"
```
"#;

#[test]
fn a_rule_that_no_example_names_is_reported_at_its_block() {
    let body = RULE.replace(
        "<!-- allow rule-without-example: The book gives no worked example of a roll. -->\n",
        "",
    );
    let lints = lint("rule", &body);
    let l = only(
        &lints,
        LintKind::RuleWithoutExample,
        "demo.md:14:1",
        "rule `demo.roll` has no example",
    );
    assert_eq!(
        l.diagnostic.notes,
        [
            "add an example, or allow `rule-without-example` right under the heading of section `rolling`"
        ]
    );
}

#[test]
fn an_allow_silences_its_lint_and_keeps_its_reason() {
    // A section allow, in a comment right under the heading.
    let book = compile("allow-section", RULE).unwrap_or_else(|d| panic!("{d}"));
    let found = lints(&book, &|_, _| true, &uncited);
    let l = only(
        &found,
        LintKind::RuleWithoutExample,
        "demo.md:15:1",
        "rule `demo.roll` has no example",
    );
    let chapter = &book.systems[0].chapters[0];
    let expected = Allow {
        lint: LintKind::RuleWithoutExample,
        reason: "The book gives no worked example of a roll.".into(),
        item: "rolling".into(),
        span: chapter.sections[1].allows[0].span.clone(),
    };
    assert_eq!(l.allowed.as_ref(), Some(&expected));
    assert_eq!(chapter.sections[1].allows, [expected]);
    assert_eq!(
        chapter
            .file
            .location(l.allowed.as_ref().unwrap().span.start),
        "demo.md:13:1"
    );
    assert_eq!(codegen::lint::render(&found, false), "", "nothing to fix");

    // A table allow, in the schema.
    let body = bands(&["1-2", "5-6"]).replace(
        "-->",
        "allow = [\n  { lint = \"band-gap\", reason = \"3 and 4 are  judged by hand.\" },\n]\n-->",
    );
    let book = compile("allow-table", &body).unwrap_or_else(|d| panic!("{d}"));
    let found = lints(&book, &|_, _| true, &uncited);
    let l = only(
        &found,
        LintKind::BandGap,
        "demo.md:23:3",
        "gap in table `speeds`: no band holds 3 to 4, between `1-2` and `5-6`",
    );
    let allow = l.allowed.as_ref().expect("allowed");
    assert_eq!(
        (allow.lint, allow.reason.as_str(), allow.item.as_str()),
        (LintKind::BandGap, "3 and 4 are judged by hand.", "speeds"),
        "the reason's white space is folded"
    );
    let chapter = &book.systems[0].chapters[0];
    assert_eq!(chapter.tables[0].allows, std::slice::from_ref(allow));
    assert_eq!(chapter.file.location(allow.span.start), "demo.md:17:3");
}

#[test]
fn an_allow_without_a_reason_is_an_error() {
    let body = bands(&["1-2", "5-6"]).replace("-->", "allow = [{ lint = \"band-gap\" }]\n-->");
    let d = error("no-reason-table", &body);
    assert_eq!(d.location(), "demo.md:16:10");
    assert_eq!(d.message, "allow `band-gap` states no reason");

    let body = RULE.replace(
        ": The book gives no worked example of a roll. -->",
        ":   -->",
    );
    let d = error("no-reason-section", &body);
    assert_eq!(d.location(), "demo.md:13:1");
    assert_eq!(d.message, "allow `rule-without-example` states no reason");
}

#[test]
fn an_allow_that_silences_nothing_is_a_lint() {
    let body = bands(&["1-2", "3-4"]).replace(
        "-->",
        "allow = [{ lint = \"band-overlap\", reason = \"The bands share their ends.\" }]\n-->",
    );
    let lints_found = lint("unused-table", &body);
    let l = only(
        &lints_found,
        LintKind::UnusedAllow,
        "demo.md:16:10",
        "allow `band-overlap` silences nothing in table `speeds`",
    );
    assert!(!l.is_allowed(), "an unused allow cannot itself be allowed");

    let body = format!(
        "{RULE}\n```example one-roll\nrule = \"demo.roll\"\n[given]\ndice = 7\n[expect]\ntotal = 7\n```\n"
    );
    let lints_found = lint("unused-section", &body);
    only(
        &lints_found,
        LintKind::UnusedAllow,
        "demo.md:13:1",
        "allow `rule-without-example` silences nothing in section `rolling`",
    );
}

#[test]
fn an_allow_in_the_wrong_place_or_for_an_unknown_lint_is_an_error() {
    let cases = [
        (
            // Prose between the heading and the comment.
            RULE.replace(
                "## Rolling {#rolling}\n",
                "## Rolling {#rolling}\n\nRolls.\n",
            ),
            "demo.md:15:1",
            "an `allow` comment must sit right under a heading",
        ),
        (
            RULE.replace("allow rule-without-example", "allow band-gap"),
            "demo.md:13:12",
            "`band-gap` is allowed in a table's schema: `allow = [{ lint = \"band-gap\", reason = \"…\" }]`",
        ),
        (
            RULE.replace("allow rule-without-example", "allow rule-without-examples"),
            "demo.md:13:12",
            "unknown lint `rule-without-examples`",
        ),
        (
            bands(&["1"]).replace(
                "-->",
                "allow = [{ lint = \"rule-without-example\", reason = \"No.\" }]\n-->",
            ),
            "demo.md:16:19",
            "`rule-without-example` is allowed in a comment under a section's heading: `<!-- allow rule-without-example: <reason> -->`",
        ),
    ];
    for (i, (body, location, message)) in cases.iter().enumerate() {
        let d = error(&format!("misplaced-{i}"), body);
        assert_eq!(
            (d.location().as_str(), d.message.as_str()),
            (*location, *message)
        );
    }
}

#[path = "lints/placement.rs"]
mod placement;
#[path = "lints/rulings.rs"]
mod rulings;

/// A table of guns under two group rows, `9mm` printed in both, then `allow`
/// (a schema line or nothing).
fn guns(allow: &str) -> String {
    format!(
        r#"
# Demo {{#demo}}

<!-- table guns
const = "GUNS"
row = "Gun"
group = "kind"
columns = ["gun: text", "range: int"]
{allow}
-->
| Gun | Range |
|---|---|
| Pistols | |
| 9mm | 50 |
| .22 | 50 |
| Rifles | |
| 9MM | 200 |
"#
    )
}

// Lines of `guns`: the schema opens on line 12, its allow line is 17, the
// header is line 19, and the rows are lines 21 to 25.

#[test]
fn a_name_printed_twice_is_a_duplicate_key_even_across_groups() {
    let lints = lint("duplicate-key", &guns(""));
    let l = only(
        &lints,
        LintKind::DuplicateKey,
        "demo.md:25:3",
        "table `guns` names `9MM` twice: a lookup by name cannot tell the rows apart",
    );
    assert_eq!(l.diagnostic.label, "also the name of the row on line 22");
    assert!(
        l.diagnostic.notes[0].contains("groups: `Pistols` above, `Rifles` here"),
        "{:?}",
        l.diagnostic.notes
    );
    assert!(!l.is_allowed());
}

#[test]
fn a_duplicate_key_is_silenced_by_an_allow_that_says_how_the_rows_differ() {
    let allow = r#"allow = [{ lint = "duplicate-key", reason = "Told apart by their group." }]"#;
    let lints = lint("duplicate-key-allowed", &guns(allow));
    let l = only(
        &lints,
        LintKind::DuplicateKey,
        "demo.md:25:3",
        "table `guns` names `9MM` twice: a lookup by name cannot tell the rows apart",
    );
    assert_eq!(
        l.allowed.as_ref().map(|a| a.reason.as_str()),
        Some("Told apart by their group.")
    );
}

#[test]
fn child_rows_of_different_parents_may_share_a_name() {
    let body = r#"
# Demo {#demo}

<!-- table guns
const = "GUNS"
row = "Gun"
parent = "model"
group = "kind"
columns = ["gun: text", "range: int"]
-->
| Gun | Range |
|---|---|
| Light MG | |
| mounted | 800 |
| carried | 600 |
| Heavy MG | |
| mounted | 1000 |
"#;
    assert!(lint("duplicate-key-children", body).is_empty());
}

#[test]
fn a_row_is_named_by_its_leading_name_columns_but_never_by_the_last() {
    // `yes | Success` and `yes | Failure` differ in their second name column:
    // no finding. The last column is what the table answers, never part of
    // the name, so the repeated `yes | Success` is one.
    let body = r#"
# Demo {#demo}

<!-- table cover
const = "COVER"
row = "Cover"
columns = ["cover: text", "dodge: text", "result: text"]
-->
| Cover near | Dodge | Result |
|---|---|---|
| yes | Success | safe |
| yes | Failure | caught |
| no | Success | farther |
| Yes | success | hurt |
"#;
    let lints = lint("duplicate-key-columns", body);
    only(
        &lints,
        LintKind::DuplicateKey,
        "demo.md:22:3",
        "table `cover` names `Yes | success` twice: a lookup by name cannot tell the rows apart",
    );
}

#[path = "lints/anomaly.rs"]
mod anomaly;
