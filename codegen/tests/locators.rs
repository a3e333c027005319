//! Book locators (`lines = "…"`, `{#id lines=…}`, the front matter's book
//! file) are read into the model, and a malformed one is the error
//! `book-locator` at the place it goes wrong.

#[allow(dead_code)] // Only `compile` serves here.
mod common;

use codegen::book_check::BookCheck;
use codegen::{Book, DiagCode, Diagnostic};

const FRONT: &str = r#"+++
system = "demo"
title = "Demo"
version = "1"
[source]
book = "Some book"
section = "Some section"
file = "demo.txt"
sha256 = "0b507d799b236ad050575d89867f9636dafb1e051fb11a4139418e37a72dfb02"
+++
"#;

const BODY: &str = r#"
# Climbing {#climbing lines=2,4-5}

<!-- table grip
const = "GRIP"
row = "Grip"
lines = "3-5"
errata = [
  { row = "Wet", column = "grip", printed = "1", reading = "-1", lines = "5", reason = "sign lost" },
]
columns = ["surface: label", "grip: modifier"]
-->
| Surface | Grip |
|---|---|
| Dry | +2 |
| Wet | 1 |

```rule climb
[given]
height = "int"
[outputs]
checks = "int"
```

```example ana
rule = "demo.climb"
lines = "6"
[given]
height = 12
[book]
checks = 3
```
"#;

fn compile(test: &str, text: &str) -> Result<Book, Vec<Diagnostic>> {
    common::compile("locators", test, text).map_err(|d| d.0)
}

fn ranges(l: &Option<codegen::locator::Locator>) -> String {
    l.as_ref().map_or("none".into(), ToString::to_string)
}

#[test]
fn every_kind_of_locator_reaches_the_model() {
    let book = compile("all", &format!("{FRONT}{BODY}")).expect("compiles");
    let chapter = &book.systems[0].chapters[0];
    let file = chapter.front.book_file.as_ref().expect("a book file");
    assert_eq!(file.name, "demo.txt");
    assert!(file.sha256.starts_with("0b507d79"));
    assert_eq!(ranges(&chapter.sections[0].lines), "2, 4-5");
    assert_eq!(ranges(&chapter.tables[0].source.lines), "3-5");
    assert_eq!(ranges(&chapter.tables[0].errata[0].lines), "5");
    assert_eq!(ranges(&chapter.examples[0].lines), "6");
}

/// The one error of `text`, which must be `book-locator`, at `line:col`.
fn malformed(test: &str, text: &str) -> (String, String) {
    let errs = compile(test, text).expect_err("must not compile");
    assert_eq!(errs.len(), 1, "{errs:?}");
    let d = &errs[0];
    assert_eq!(d.code, DiagCode::Book(BookCheck::Locator), "{}", d.render());
    let at = d.location();
    (
        at.split_once(':')
            .map_or(at.clone(), |(_, l)| l.to_string()),
        d.message.clone(),
    )
}

#[test]
fn a_malformed_locator_is_reported_where_it_goes_wrong() {
    let text = format!("{FRONT}{BODY}");
    let (at, message) = malformed(
        "table",
        &text.replace(r#"lines = "3-5""#, r#"lines = "3-5, 4""#),
    );
    assert_eq!(at, "17:15", "{message}");
    assert!(message.contains("do not come after 3-5"), "{message}");
    let (at, message) = malformed("heading", &text.replace("lines=2,4-5", "lines=2,x"));
    assert_eq!(at, "12:31", "{message}");
    assert!(message.contains("`x` is no line"), "{message}");
    let (at, _) = malformed("example", &text.replace(r#"lines = "6""#, r#"lines = "0""#));
    assert_eq!(at, "37:10");
    let (at, _) = malformed(
        "erratum",
        &text.replace(r#"lines = "5""#, r#"lines = "9-5""#),
    );
    assert_eq!(at, "19:75");
}

#[test]
fn the_book_file_is_named_with_its_hash() {
    let text = format!("{FRONT}{BODY}");
    let (at, message) = malformed("short-hash", &text.replace("0b507d79", "0b50"));
    assert_eq!(at, "9:10");
    assert!(message.contains("64 lowercase hex digits"), "{message}");
    let (at, message) = malformed("no-hash", &text.replace("sha256 = \"0b", "# \"0b"));
    assert_eq!(at, "8:8");
    assert!(message.contains("together"), "{message}");
}

#[test]
fn a_table_says_how_the_book_gives_it() {
    let text = format!("{FRONT}{BODY}");
    let prose = text.replace(
        "lines = \"3-5\"\n",
        "lines = \"3-5\"\nrestates = \"prose\"\n\
         ours = [{ names = [\"grip\", \"Wet\"], reason = \"worked out from the prose\" }]\n",
    );
    let book = compile("prose", &prose).expect("compiles");
    let table = &book.systems[0].chapters[0].tables[0];
    assert_eq!(table.source.restates, codegen::locator::Restates::Prose);
    let ours: Vec<(&str, &str)> = table
        .source
        .ours
        .iter()
        .map(|o| (o.name.as_str(), o.reason.as_str()))
        .collect();
    assert_eq!(
        ours,
        [
            ("grip", "worked out from the prose"),
            ("Wet", "worked out from the prose")
        ]
    );
    // `ours` takes a reason: the bare list of names is refused, at the name,
    // with the form to write; so is an entry with an empty reason or no names.
    for (case, ours, wanted, col) in [
        (
            "ours-bare",
            "ours = [\"grip\"]",
            "`ours` takes a reason: write `{ names = [\"grip\"], reason = \"…\" }`",
            9,
        ),
        (
            "ours-empty-reason",
            "ours = [{ names = [\"grip\"], reason = \" \" }]",
            "the reason is empty",
            38,
        ),
        (
            "ours-no-names",
            "ours = [{ names = [], reason = \"ours\" }]",
            "names what is ours",
            9,
        ),
    ] {
        let bad = text.replace("lines = \"3-5\"\n", &format!("lines = \"3-5\"\n{ours}\n"));
        let (at, message) = malformed(case, &bad);
        assert!(message.contains(wanted), "{case}: {message}");
        assert_eq!(at, format!("18:{col}"), "{case}: {message}");
    }
    let bad = text.replace(
        "lines = \"3-5\"\n",
        "lines = \"3-5\"\nours = [{ names = [\"grip\"] }]\n",
    );
    let errs = compile("ours-no-reason", &bad).expect_err("no reason");
    assert!(errs[0].message.contains("reason"), "{}", errs[0].render());
    let (at, message) = malformed(
        "restates-word",
        &text.replace(
            "lines = \"3-5\"\n",
            "lines = \"3-5\"\nrestates = \"words\"\n",
        ),
    );
    assert_eq!(at, "18:12");
    assert!(message.contains("`table`, `prose` or `ours`"), "{message}");
    let (at, message) = malformed(
        "ours-with-lines",
        &text.replace(
            "lines = \"3-5\"\n",
            "lines = \"3-5\"\nrestates = \"ours\"\n",
        ),
    );
    assert_eq!(at, "17:9");
    assert!(message.contains("cites no lines"), "{message}");
}
