//! `misplaced-in-ruling`: an example or a book's table written under a
//! ruling's heading that the ruling does not state.

use super::*;

/// A rule, its example, a ruling that states a second rule with its example,
/// and then whatever `tail` appends at the end of the chapter (in the ruling's
/// section). The ruling's heading is line 27.
fn ruled(tail: &str) -> String {
    format!(
        r#"
# Demo {{#demo}}

```rule hit
[given]
roll = "int"
[outputs]
damage = "int"
```

```example hit-one
rule = "demo.hit"
[given]
roll = 3
[book]
damage = 3
```

### Ruling: no roll below 1 {{#ruling-no-roll-below-1 gap}}

A roll below 1 is refused; a second rule says whether a roll counts.

```rule counts
[given]
roll = "int"
[outputs]
counted = "bool"
```

```example counts-one
rule = "demo.counts"
[given]
roll = 1
[expect]
counted = true
```
{tail}"#
    )
}

/// An example of `demo.hit` appended at the end of the chapter (its fence on line 46).
const APPENDED: &str = r#"
```example hit-zero
rule = "demo.hit"
[given]
roll = 0
[refused]
reason = "no roll"
```
"#;

#[test]
fn an_example_appended_after_a_ruling_is_misplaced_and_told_where_to_go() {
    let found = lint("misplaced-example", &ruled(APPENDED));
    let l = only(
        &found,
        LintKind::MisplacedInRuling,
        "demo.md:46:12",
        "example `hit-zero` is in the section of ruling `ruling-no-roll-below-1`",
    );
    assert!(!l.is_allowed());
    assert_eq!(
        l.diagnostic.label,
        "its case would say `section = \"ruling-no-roll-below-1\"`"
    );
    assert!(
        l.diagnostic.notes[0]
            .starts_with("move it to section `demo`, where rule `demo.hit` stands"),
        "{:?}",
        l.diagnostic.notes
    );
}

#[test]
fn an_example_the_ruling_ties_to_it_stays_in_its_section() {
    // The rule stated in the ruling's section (`counts-one` in every chapter
    // here), an erratum citing the ruling, and a derivation citing it.
    let erratum = "```example hit-two\nrule = \"demo.hit\"\n[given]\nroll = 2\n[book]\ndamage = 3\n[errata.damage]\nrules = 2\nruling = \"ruling-no-roll-below-1\"\nreason = \"A roll of 2 does 2.\"\n```\n";
    assert!(lint("tied-by-erratum", &ruled(erratum)).is_empty());

    let book = compile("tied-by-derivation", &ruled(APPENDED)).unwrap_or_else(|d| panic!("{d}"));
    let asked = std::cell::RefCell::new(Vec::new());
    let cites = |_: &System, _: &Chapter, e: &Example, id: &str| {
        asked.borrow_mut().push(format!("{}: {id}", e.id));
        true
    };
    assert!(lints(&book, &|_, _| true, &cites).is_empty());
    assert_eq!(
        asked.into_inner(),
        ["hit-zero: ruling-no-roll-below-1"],
        "only an example nothing else ties to the ruling costs a run of the resolver"
    );
}

#[test]
fn a_table_of_the_book_in_a_ruling_is_misplaced_and_one_of_ours_is_not() {
    let table = |restates: &str| {
        format!(
            "\n<!-- table floors\nrestates = \"{restates}\"\nkind = \"constants\"\ncolumns = [\"name: ident\", \"value: int\", \"meaning: text\"]\n-->\n| Constant | Value | Meaning |\n|---|---|---|\n| FLOOR | 1 | The lowest roll. |\n"
        )
    };
    only(
        &lint("misplaced-table", &ruled(&table("prose"))),
        LintKind::MisplacedInRuling,
        "demo.md:46:12",
        "table `floors` of the book is in the section of ruling `ruling-no-roll-below-1`",
    );
    assert!(lint("ours-table", &ruled(&table("ours"))).is_empty());
}

#[test]
fn the_lint_cannot_be_allowed() {
    let body = ruled(APPENDED).replace(
        "{#ruling-no-roll-below-1 gap}\n",
        "{#ruling-no-roll-below-1 gap}\n<!-- allow misplaced-in-ruling: It reads well here. -->\n",
    );
    let d = error("allow-misplaced", &body);
    assert_eq!(
        d.message,
        "`misplaced-in-ruling` cannot be allowed: fix what it reports"
    );
}
