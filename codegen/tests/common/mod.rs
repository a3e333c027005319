//! Fixtures shared by codegen's integration tests: a chapter is [`FRONT`]
//! (lines 1-8) followed by a body, compiled from `demo.md` in a fresh folder.

use std::path::{Path, PathBuf};

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
    in_folder(suite, test, &[("demo.md", text.as_bytes())], |dir| {
        codegen::compile_files(Book::default(), &[dir.join("demo.md")], dir)
    })
}

/// Writes each `(path, contents)` under a fresh folder, runs `f` on the folder,
/// and removes it.
pub fn in_folder<T>(
    suite: &str,
    test: &str,
    files: &[(&str, &[u8])],
    f: impl FnOnce(&Path) -> T,
) -> T {
    // Tests of one binary run in parallel and may share a `test` name: number each folder.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir: PathBuf =
        std::env::temp_dir().join(format!("codegen-{suite}-{test}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, contents) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a file has a folder"))
            .expect("create the test folder");
        std::fs::write(&path, contents).expect("write the fixture");
    }
    std::fs::create_dir_all(&dir).expect("create the test folder");
    let result = f(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    result
}
