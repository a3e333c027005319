//! The scan that tells codegen's `unread-table` lint which constants the
//! resolver reads, and the lints of the bundled book.

use std::collections::BTreeSet;
use std::path::PathBuf;

fn pairs(list: &[(&str, &str)]) -> BTreeSet<(String, String)> {
    list.iter()
        .map(|(m, n)| (m.to_string(), n.to_string()))
        .collect()
}

#[test]
fn read_constants_pairs_each_chapter_module_with_the_constants_its_files_name() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("xtask-read-constants-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("demo")).unwrap();
    std::fs::write(
        dir.join("climbing.rs"),
        r#"//! Reads GRIP; METRES_PER_CHECK is named in this comment only.
use crate::spec::demo::climbing::{GRIP, ROPE_BONUS, ids};
/* SLIP_TABLE, in a block comment */
pub fn quote() -> char {
    let _ = GRIP[0];
    '"' // HIDDEN: the char above opens no string, so this is a comment
}
"#,
    )
    .unwrap();
    // Two chapters have a `SEVERITY`: a file that names one chapter reads that one's.
    std::fs::write(
        dir.join("demo").join("wounds.rs"),
        "use crate::spec::demo::wounds::SEVERITY;\nfn f() -> i32 { SEVERITY[0] }\n",
    )
    .unwrap();
    // Nested groups and raw identifiers name their chapters too.
    std::fs::write(
        dir.join("demo").join("mod.rs"),
        "use crate::spec::demo::{elements::ELEMENTS, r#type::KINDS};\n",
    )
    .unwrap();
    std::fs::write(dir.join("notes.txt"), "spec::demo::climbing::CLIMB").unwrap();

    let read = xtask::read_constants(&dir).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        read,
        pairs(&[
            ("demo::climbing", "GRIP"),
            ("demo::climbing", "ROPE_BONUS"),
            ("demo::wounds", "SEVERITY"),
            // A file that names two chapters counts each of its words for both.
            ("demo::elements", "ELEMENTS"),
            ("demo::elements", "KINDS"),
            ("demo::type", "ELEMENTS"),
            ("demo::type", "KINDS"),
        ])
    );
}

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
