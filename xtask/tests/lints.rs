//! The lints of the bundled book, with the resolver's reads as the audit's
//! `Readers` scan finds them (that scan has its own unit tests).

#[test]
fn the_bundled_book_has_no_lint_left_to_fix() {
    let root = xtask::workspace_root();
    let book = xtask::compile_book(&root).unwrap_or_else(|d| panic!("{d}"));
    let lints = xtask::lint_book(&root, &book).unwrap();
    assert_eq!(
        codegen::lint::render(&lints, false),
        "",
        "every lint of the book is fixed or allowed with a reason"
    );
    for l in &lints {
        let allow = l.allowed.as_ref().expect("allowed");
        assert!(!allow.reason.is_empty(), "{}", l.diagnostic);
    }
}
