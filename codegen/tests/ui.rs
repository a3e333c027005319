//! UI tests, as rustc's and ISLE's: each case is a folder `ui/<case>/` with
//! one chapter, compiled alone (as `cargo xtask eval` compiles a loose file),
//! whose diagnostics, rendered as an author sees them, must be the `.stderr`
//! beside it to the byte: every location, code, message, label, note and
//! caret, and the count. A chapter that compiles renders as nothing. The
//! chapter is mostly `demo.md`, since a chapter's file name is its id, which
//! its rules' ids (`demo.hit`) carry.
//!
//! `UI_BLESS=1 cargo test -p codegen --test ui` writes the `.stderr` files
//! from what the compiler says now; review them in the diff before committing.

use std::path::Path;

use codegen::Book;

fn ui(path: &Path) -> datatest_stable::Result<()> {
    let folder = path.parent().expect("a fixture sits in ui/");
    let rendered = match codegen::compile_files(Book::default(), &[path.to_path_buf()], folder) {
        Ok(_) => String::new(),
        Err(diags) => diags.render(),
    };
    let expected = path.with_extension("stderr");
    if std::env::var_os("UI_BLESS").is_some() {
        std::fs::write(&expected, &rendered)?;
        return Ok(());
    }
    let Ok(blessed) = std::fs::read_to_string(&expected) else {
        return Err(format!("no {}: run with UI_BLESS=1 to write it", expected.display()).into());
    };
    if rendered != blessed {
        eprintln!("--- expected\n{blessed}--- rendered\n{rendered}");
        let why = "differs from what the compiler says now (UI_BLESS=1 rewrites it)";
        return Err(format!("{} {why}", expected.display()).into());
    }
    Ok(())
}

datatest_stable::harness! {
    { test = ui, root = "tests/ui", pattern = r"\.md$" },
}
