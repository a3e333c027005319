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
    let code = squeezed(&codegen::emit::rust::rust_module(&book));
    for emitted in [
        "::core::iter::once(self.roll).find(|x| !(3..=18).contains(x))",
        "\"`roll` is {x}, outside its domain 3..=18\"",
        "(\"demo\", \"demo.hit\", \"given\", \"roll\", 3.0, 18.0)",
        "crate::spec::demo::demo::hit::Given::from_values(given)?.within_domain()?;",
    ] {
        let emitted = squeezed(emitted);
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
    let code = squeezed(&codegen::emit::rust::rust_module(&book));
    let infinite = "::core::primitive::f64::INFINITY";
    let listed = squeezed(&format!(
        "(\"demo\", \"demo.hit\", \"given\", \"roll\", -{infinite}, {infinite})"
    ));
    assert!(code.contains(&listed), "no `{listed}` in:\n{code}");
    assert!(!code.contains("self.roll"), "`..` is checked in:\n{code}");
}
