//! The Rust emitted for the tooling tests' fixture book
//! (`xtask/tests/fixtures/book/`), as a snapshot: every change to the generated
//! code shows in review. `INSTA_UPDATE=always cargo test -p codegen --test emit`
//! (or `cargo insta review`) accepts a change.

use std::path::Path;

fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
}

#[test]
fn the_fixture_book_emits_this_rust() {
    let root = workspace();
    let book = root.join("xtask/tests/fixtures/book");
    let book = codegen::compile_dir(&book, root).unwrap_or_else(|d| panic!("{d}"));
    let code = codegen::emit::rust::readable_module(&book);
    if let Err(e) = syn::parse_file(&code) {
        panic!("the emitted Rust does not parse: {e}\n{code}");
    }
    insta::assert_snapshot!(code);
}

/// The build writes the tokens as they are, and the readable copy lays the
/// same tokens out: what a person reads there is what rustc compiles.
#[test]
fn the_build_writes_the_tokens_the_readable_copy_lays_out() {
    let root = workspace();
    let book = codegen::compile_dir(&root.join("xtask/tests/fixtures/book"), root)
        .unwrap_or_else(|d| panic!("{d}"));
    let built = codegen::emit::rust::generate(&book).code;
    let readable = codegen::emit::rust::readable_module(&book);
    // Laid out alike, as a doc comment is written `///` whatever its literal's form.
    let laid_out = |code: &str| match syn::parse_file(code) {
        Ok(file) => prettyplease::unparse(&file),
        Err(e) => panic!("the emitted Rust does not parse: {e}\n{code}"),
    };
    assert_eq!(laid_out(&built), laid_out(&readable));
    assert!(built.starts_with("// @generated"), "{built}");
    assert!(
        built.lines().count() * 2 < readable.lines().count(),
        "the build lays nothing out"
    );
}

/// `rules` is built with the fingerprint of what its generated module does
/// (`RULES_SPEC_FINGERPRINT`), which a running resolver compares with the
/// book the editor holds: a paragraph added above a table moves the line the
/// table's doc comment cites, and must not make the resolver stale; a figure
/// changed in the table must.
#[test]
fn the_fingerprint_follows_the_code_not_the_lines_its_docs_cite() {
    let root = workspace();
    let chapter = root.join("xtask/tests/fixtures/book/outcome-armor/outcome.md");
    let text = std::fs::read_to_string(&chapter).expect("read the fixture chapter");
    let emitted = |text: String| {
        let folder = root.join("target/emit-fingerprint/outcome-armor");
        std::fs::create_dir_all(&folder).expect("make a scratch book");
        std::fs::write(folder.join("outcome.md"), text).expect("write a scratch chapter");
        let book = codegen::compile_dir(folder.parent().expect("its book"), root)
            .unwrap_or_else(|d| panic!("{d}"));
        let generated = codegen::emit::rust::generate(&book);
        assert_eq!(
            generated.fingerprint,
            codegen::emit::rust::fingerprint(&book)
        );
        generated
    };
    let before = emitted(text.clone());
    let heading = text.find("\n# ").expect("a heading") + 1;
    let moved = format!(
        "{}A paragraph of our own.\n\n{}",
        &text[..heading],
        &text[heading..]
    );
    let after_prose = emitted(moved);
    assert_ne!(
        before.code, after_prose.code,
        "the table's doc cites its new line"
    );
    assert_eq!(before.fingerprint, after_prose.fingerprint);
    let refigured = text.replacen("| SUCCESS_FROM | 0 |", "| SUCCESS_FROM | 1 |", 1);
    assert_ne!(
        refigured, text,
        "the fixture's constant is where the test looks"
    );
    assert_ne!(before.fingerprint, emitted(refigured).fingerprint);
}
