//! `undeclared-ruling`: a ruling must say whether it sets printed text aside
//! (`aside=LINE:FIGURE,…`) or fills a gap (`gap`), since the audit's
//! "against the book" list is read from that declaration.

use super::*;

/// A rule with its example, then a ruling whose heading (line 31) carries
/// `attrs` after its id.
fn ruling(attrs: &str) -> String {
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
[expect]
damage = 3
```





### Ruling: no roll below 1 {{#ruling-no-roll-below-1{attrs}}}

A roll below 1 is no roll.
"#
    )
}

#[test]
fn a_ruling_that_declares_neither_is_linted_at_its_heading() {
    let found = lint("undeclared", &ruling(""));
    let l = only(
        &found,
        LintKind::UndeclaredRuling,
        "demo.md:31:1",
        "ruling `ruling-no-roll-below-1` declares neither what it sets aside nor that it fills a gap",
    );
    assert!(!l.is_allowed(), "the lint cannot be allowed");
}

#[test]
fn a_ruling_that_declares_either_is_not_linted() {
    assert!(lint("gap", &ruling(" gap")).is_empty());
    let aside = compile("aside", &ruling(" aside=12:3,14:half_of")).expect("compiles");
    let section = &aside.systems[0].chapters[0].sections[1];
    let Some(codegen::model::locator::Declares::Aside(asides)) = &section.declares else {
        panic!(
            "the ruling declares what it sets aside: {:?}",
            section.declares
        );
    };
    let read: Vec<(u32, &str)> = asides.iter().map(|a| (a.line, a.text.as_str())).collect();
    assert_eq!(read, [(12, "3"), (14, "half of")]);
    assert!(lint("aside-lints", &ruling(" aside=12:3")).is_empty());
}

#[test]
fn a_declaration_written_wrong_is_an_error_where_it_is_written() {
    let d = error("aside-bad", &ruling(" aside=12"));
    assert_eq!(d.location(), "demo.md:31:60");
    assert!(
        d.message.contains("`12` is no printed text set aside"),
        "{}",
        d.message
    );
    let both = error("aside-and-gap", &ruling(" aside=12:3 gap"));
    assert!(both.message.contains("not both"), "{}", both.message);
}
