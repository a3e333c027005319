//! Fixtures shared by codegen's integration tests: a chapter is [`FRONT`]
//! (lines 1-8) followed by a body, compiled from `demo.md` in a fresh folder.

use std::path::PathBuf;

use codegen::{Book, Diagnostics};

/// Lines 1-8 of every fixture chapter.
pub const FRONT: &str = r#"+++
system = "demo"
title = "Demo"
version = "1"
[source]
book = "Some book"
section = "Some section"
+++
"#;

/// Writes `text` (a whole chapter) to `demo.md` in a folder of its own, compiles
/// it with locations shown relative to that folder, and removes the folder.
pub fn compile(suite: &str, test: &str, text: &str) -> Result<Book, Diagnostics> {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("codegen-{suite}-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the test folder");
    let path = dir.join("demo.md");
    std::fs::write(&path, text).expect("write the fixture");
    let result = codegen::compile_with(Book::default(), &[path], &dir);
    let _ = std::fs::remove_dir_all(&dir);
    result
}
