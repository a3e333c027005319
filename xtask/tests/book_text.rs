//! Provenance reads a book as it comes (issue 31.7): the object replacement
//! mark, zero-width characters, no-break spaces and soft hyphens of a real
//! page count as the eye reads them, a figure in emphasis, strong text or
//! code is the figure, and a finding quotes the book's line with every
//! character that prints nothing named.

mod common;

use std::path::Path;

use common::{Scratch, copy_dir, edit};
use sha2::{Digest, Sha256};

const CHAPTER: &str = "spec/action/armor.md";
const BOOK: &str = "books/fixture-armor.txt";

/// The fixture workspace with its armor book as a page of the web comes:
/// a mark where a glyph was, a no-break space, a zero-width space and a soft
/// hyphen in the table's row, the example's figure in emphasis; the chapter
/// names the new text and the figure's new column.
fn scratch(name: &str) -> Scratch {
    let s = Scratch::fixture(name);
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/books"),
        &s.0.join("books"),
    );
    let book = s.0.join(BOOK);
    edit(
        &book,
        "1-2 | 1d6 | 1 |",
        "1-2 |\u{a0}**1d6**\u{fffc}| 1\u{200b} |",
    );
    edit(
        &book,
        "leaves 6 points to take",
        "leaves _6_ points to\u{ad}take",
    );
    let bytes = std::fs::read(&book).expect("read the book");
    let sha: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let chapter = s.0.join(CHAPTER);
    edit(
        &chapter,
        "de263fc9a73c8e405a30d714989a903783451d9a92c02e360ccfce32c6aa10ce",
        &sha,
    );
    edit(
        &chapter,
        "damage_through = \"6:41\"",
        "damage_through = \"6:42\"",
    );
    s
}

fn findings(root: &Path) -> Vec<codegen::Diagnostic> {
    let book = xtask::compile_book(root).expect("the fixture compiles");
    xtask::provenance::check(&book, &root.join("spec"), &root.join("books")).findings
}

#[test]
fn unseen_characters_and_emphasis_hide_no_figure() {
    let s = scratch("book-text-reads");
    let found = findings(&s.0);
    let shown: Vec<String> = found.iter().map(|d| d.message.clone()).collect();
    assert!(found.is_empty(), "{shown:#?}");
}

#[test]
fn a_finding_quotes_the_books_line_with_its_unseen_characters_named() {
    let s = scratch("book-text-quotes");
    edit(&s.0.join(CHAPTER), "| 1-2 | 1d6 |", "| 1-2 | 3d6 |");
    let found = findings(&s.0);
    let cell = found
        .iter()
        .find(|d| d.message.contains("cell `3d6`"))
        .unwrap_or_else(|| panic!("no finding for the changed cell: {found:#?}"));
    assert!(
        cell.notes.iter().any(|n| n
            == "line 14 of the book reads: 1-2 |⟨U+00A0⟩**1d6**⟨U+FFFC⟩| 1⟨U+200B⟩ | a <i>graze</i> |"),
        "{:#?}",
        cell.notes
    );
}
