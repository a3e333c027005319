//! The domain a rule block declares after an input's or output's type
//! (`"int 3..=18"`): read and emitted when well formed (a malformed one is a UI
//! test).

use super::*;

/// The chapter whose rule `hit` declares `roll` as `ty` (file line 14).
fn rule_with(ty: &str) -> String {
    with_example("rule = \"demo.hit\"\n[given]\nroll = 3\n[book]\ndamage = \"1d6\"\n")
        .replace("roll = \"int\"", &format!("roll = \"{ty}\""))
}

#[test]
fn a_domain_is_read_with_its_bounds() {
    let book = compile("domain", &rule_with("int 3..=18")).unwrap_or_else(|d| panic!("{d}"));
    let rule = &book.systems[0].chapters[0].rules[0];
    let domain = rule.given[0].domain.expect("a domain");
    assert_eq!((domain.lo, domain.hi), (Some(3.0), Some(18.0)));
}

#[test]
fn an_example_outside_the_domain_compiles_to_be_refused() {
    let text = rule_with("int 3..=18").replace("roll = 3\n", "roll = 19\n");
    let book = compile("outside_domain", &text).unwrap_or_else(|d| panic!("{d}"));
    let code = squeezed(&codegen::emit::rust::readable_module(&book));
    for emitted in [
        "given: &[Param::new(\"roll\", Type::Int).within(3.0, 18.0)]",
        "(\"demo\", \"demo.hit\") => run(&RULES[0], given, trace, crate::demo::demo::hit)",
    ] {
        let emitted = squeezed(emitted);
        assert!(code.contains(&emitted), "no `{emitted}` in:\n{code}");
    }
}

/// Each one-sided domain declares only its bound.
#[test]
fn a_domain_open_at_one_end_declares_the_other() {
    for (ty, declared) in [
        ("int 0..", ".at_least(0.0)"),
        ("int ..=-1", ".at_most(-1.0)"),
    ] {
        let book = compile("open_domain", &rule_with(ty)).unwrap_or_else(|d| panic!("{d}"));
        let code = squeezed(&codegen::emit::rust::readable_module(&book));
        let emitted = squeezed(&format!("Param::new(\"roll\", Type::Int){declared}"));
        assert!(code.contains(&emitted), "no `{emitted}` in:\n{code}");
    }
}

/// Code without its layout (whitespace, and the comma that ends a list laid
/// out a line an item): these tests look for what is emitted, not how it is laid out.
fn squeezed(code: &str) -> String {
    let code: String = code.split_whitespace().collect();
    code.replace(",)", ")").replace(",]", "]")
}

/// `..` declares a figure the book bounds on neither side: it is listed with
/// the domains, open at both ends, and the registry refuses no figure of it.
#[test]
fn an_unbounded_domain_is_declared_and_never_refuses() {
    let book = compile("unbounded_domain", &rule_with("int ..")).unwrap_or_else(|d| panic!("{d}"));
    let domain = book.systems[0].chapters[0].rules[0].given[0]
        .domain
        .expect("`..` is a domain");
    assert_eq!((domain.lo, domain.hi), (None, None));
    let code = squeezed(&codegen::emit::rust::readable_module(&book));
    let listed = squeezed("Param::new(\"roll\", Type::Int).unbounded()");
    assert!(code.contains(&listed), "no `{listed}` in:\n{code}");
}
