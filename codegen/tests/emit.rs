//! The Rust emitted for the tooling tests' fixture book
//! (`xtask/tests/fixtures/book/`), as a snapshot: every change to the generated
//! code shows in review. `INSTA_UPDATE=always cargo test -p codegen --test emit`
//! (or `cargo insta review`) accepts a change.

use std::path::Path;

#[test]
fn the_fixture_book_emits_this_rust() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root");
    let book = root.join("xtask/tests/fixtures/book");
    let book = codegen::compile_dir(&book, root).unwrap_or_else(|d| panic!("{d}"));
    let code = codegen::emit::rust::rust_module(&book);
    if let Err(e) = syn::parse_file(&code) {
        panic!("the emitted Rust does not parse: {e}\n{code}");
    }
    insta::assert_snapshot!(code);
}
