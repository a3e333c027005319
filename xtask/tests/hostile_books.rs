//! The books folder as a hostile user could fill it (issue 30): a book that
//! is a symbolic link to another file of the machine, a FIFO, a folder, or a
//! regular file of another edition. Each is refused by name with its reason,
//! nothing waits on it, and no line of it reaches the audit report: only a
//! regular file whose SHA-256 is the one its chapters name is ever shown.

mod common;

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use common::{Scratch, copy_dir, xtask};

/// A line no book holds, to look for in the report.
const SECRET: &str = "SECRET-9f2c-not-a-book";

/// The fixture workspace with its books copied to `books/`, and a file
/// outside the books folder holding [`SECRET`].
fn scratch(name: &str) -> (Scratch, PathBuf) {
    let s = Scratch::fixture(name);
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/books"),
        &s.0.join("books"),
    );
    let secret = s.0.join("secret.txt");
    let text: String = (1..=40).map(|n| format!("{SECRET} {n}\n")).collect();
    std::fs::write(&secret, text).expect("write the secret");
    (s, secret)
}

const BOOK: &str = "fixture-armor.txt";

/// The provenance check's findings about `BOOK`, run on a thread so that a
/// read that blocks fails the test instead of hanging it.
fn findings(root: &Path) -> Vec<String> {
    let (tx, rx) = mpsc::channel();
    let root = root.to_path_buf();
    std::thread::spawn(move || {
        let book = xtask::compile_book(&root).expect("the fixture book compiles");
        let run = xtask::provenance::check(&book, &root.join("spec"), &root.join("books"));
        let shown = run.texts.contains_key(BOOK);
        let messages: Vec<String> = run.findings.iter().map(|d| d.message.clone()).collect();
        let _ = tx.send((messages, shown));
    });
    let (messages, shown) = rx
        .recv_timeout(Duration::from_secs(120))
        .expect("the check hangs on the books folder");
    assert!(
        !shown,
        "the text of an unread or foreign book is kept for the report"
    );
    messages.into_iter().filter(|m| m.contains(BOOK)).collect()
}

/// `audit --books` on the workspace: it fails, and no page holds the secret.
fn audit_shows_nothing(root: &Path) {
    let books = root.join("books");
    let run = xtask(root, &["audit", "--books", books.to_str().expect("UTF-8")]);
    assert_eq!(
        run.code,
        Some(1),
        "audit must fail on the books' findings:\n{run}"
    );
    assert!(run.stderr.contains("findings against the books"), "{run}");
    let mut pages = vec![root.join("target/audit")];
    while let Some(dir) = pages.pop() {
        for entry in std::fs::read_dir(&dir).expect("read the report") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pages.push(path);
            } else {
                let text =
                    String::from_utf8_lossy(&std::fs::read(&path).expect("a page")).into_owned();
                assert!(
                    !text.contains(SECRET),
                    "{} shows the linked file",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn a_symlinked_book_is_refused_and_never_shown() {
    let (s, secret) = scratch("books-symlink");
    let book = s.0.join("books").join(BOOK);
    std::fs::remove_file(&book).expect("remove the book");
    std::os::unix::fs::symlink(&secret, &book).expect("link the secret as the book");
    let found = findings(&s.0);
    assert!(!found.is_empty(), "a linked book goes unremarked");
    for m in &found {
        assert!(m.contains("symbolic link"), "{m}");
    }
    audit_shows_nothing(&s.0);
}

#[test]
fn a_book_of_another_edition_is_never_shown() {
    let (s, secret) = scratch("books-edition");
    std::fs::copy(&secret, s.0.join("books").join(BOOK)).expect("put the secret in place");
    let found = findings(&s.0);
    assert!(
        found.iter().any(|m| m.contains("another edition")),
        "{found:?}"
    );
    audit_shows_nothing(&s.0);
}

#[test]
fn a_fifo_named_as_a_book_is_refused_without_waiting() {
    let (s, _) = scratch("books-fifo");
    let book = s.0.join("books").join(BOOK);
    std::fs::remove_file(&book).expect("remove the book");
    let made = std::process::Command::new("mkfifo")
        .arg(&book)
        .status()
        .expect("run mkfifo");
    assert!(made.success(), "mkfifo failed");
    let found = findings(&s.0);
    assert!(!found.is_empty(), "a FIFO goes unremarked");
    for m in &found {
        assert!(m.contains("not a regular file"), "{m}");
    }
}

#[test]
fn a_folder_named_as_a_book_is_called_a_folder() {
    let (s, _) = scratch("books-folder");
    let book = s.0.join("books").join(BOOK);
    std::fs::remove_file(&book).expect("remove the book");
    std::fs::create_dir(&book).expect("a folder in its place");
    let found = findings(&s.0);
    assert!(!found.is_empty(), "a folder goes unremarked");
    for m in &found {
        assert!(m.contains("a folder, not a file"), "{m}");
        assert!(!m.contains("has no"), "{m}");
    }
}
