//! `cargo xtask provenance --books DIR`: the spec held against the books it
//! restates. Each chapter names its book file and that file's SHA-256; each
//! section, table, table erratum and `[book]` example names the lines it comes
//! from ([`codegen::locator`]). The check reads the user's own copy of the
//! books from DIR (nothing of them is committed) and finds each located figure
//! there, then checks that every line of each book is cited by some item or
//! listed in its not-rules list ([`coverage`]). `--propose` suggests locators
//! for the items that have none ([`propose`]).

pub mod command;
pub mod coverage;
mod figure;
mod located;
mod model;
pub mod mutate;
pub mod propose;
mod rows;
mod text;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use codegen::book_check::BookCheck;
use codegen::source::Span;
use codegen::{DiagCode, Diagnostic};

pub use figure::Figure;
pub use model::{Book, Coverage, Figures, Item, ItemKind, Run, Unreadable};
pub use rows::{cells, ours_rows, row_names};
pub use text::{BookText, Word};

/// Checks every chapter of `book` against the books in `dir`, and the
/// coverage of each book against `spec_root`'s not-rules lists.
pub fn check(book: &codegen::Book, spec_root: &Path, dir: &Path) -> Run {
    let mut run = Run::default();
    let mut books: BTreeMap<String, Result<Book, Unreadable>> = BTreeMap::new();
    // Books some chapter restates from another edition: their coverage means nothing.
    let mut untrusted = Vec::new();
    for (system, chapter) in book.chapters() {
        let figures = run.figures.entry(system.id.clone()).or_default();
        let loaded = match book_of(chapter, dir, &mut books) {
            Ok(loaded) => loaded,
            Err(d) => {
                if d.code == DiagCode::Book(BookCheck::Edition) {
                    let name = chapter.front.book_file.as_ref().map(|f| f.name.to_string());
                    untrusted.extend(name);
                }
                run.findings.push(d);
                continue;
            }
        };
        located::ChapterCheck {
            chapter,
            book: loaded,
            figures,
            items: &mut run.items,
            findings: &mut run.findings,
        }
        .run();
    }
    let read: Vec<&Book> = books
        .values()
        .flatten()
        .filter(|b| !untrusted.contains(&b.name))
        .collect();
    let named: Vec<&str> = books.keys().map(String::as_str).collect();
    coverage::check(spec_root, &read, &named, &mut run);
    // Only a book of the edition its chapters name is shown in the report:
    // any other file that sits under a book's name may hold anything.
    for b in read {
        run.texts.insert(b.name.clone(), b.text.lines.clone());
    }
    run
}

/// The book `chapter` restates, read from `dir` into `books` once for all
/// its chapters; an error when the chapter names none, the folder lacks it,
/// or it is another edition than the chapter names.
fn book_of<'b>(
    chapter: &codegen::model::Chapter,
    dir: &Path,
    books: &'b mut BTreeMap<String, Result<Book, Unreadable>>,
) -> Result<&'b Book, Diagnostic> {
    let finding = |span: Span, check, message: String| {
        Diagnostic::new(&chapter.file, span, DiagCode::Book(check), message)
    };
    let Some(file) = &chapter.front.book_file else {
        let message = "the chapter names no book file".to_string();
        return Err(finding(0..3, BookCheck::Missing, message)
            .label("give `[source]` the book's `file` and its `sha256`"));
    };
    let loaded = books
        .entry(file.name.to_string())
        .or_insert_with(|| Book::read(dir, &file.name));
    let loaded = match loaded {
        Ok(loaded) => loaded,
        Err(Unreadable::Missing) => {
            let message = format!("the books folder has no `{}`", file.name);
            return Err(finding(file.span.clone(), BookCheck::Missing, message)
                .label("the book file this chapter restates")
                .note(format!("looked for {}", dir.join(&*file.name).display())));
        }
        Err(why) => {
            let message = format!("`{}` of the books folder is not read: {why}", file.name);
            return Err(finding(file.span.clone(), BookCheck::Missing, message)
                .label("the book file this chapter restates")
                .note(format!("found at {}", dir.join(&*file.name).display())));
        }
    };
    if loaded.sha256 != file.sha256 {
        let message = format!(
            "{} is another edition than the chapter restates: its SHA-256 differs",
            file.name
        );
        return Err(finding(file.span.clone(), BookCheck::Edition, message)
            .label("the chapter's locators count the lines of another text")
            .note(format!(
                "{} hashes to {}",
                loaded.file.path.display(),
                loaded.sha256
            ))
            .note(format!("the chapter names {}", file.sha256)));
    }
    Ok(loaded)
}

/// The figures of `run`, one line per system, and the coverage of each book.
pub fn summary(run: &Run) -> String {
    let mut out = String::new();
    let w = run.figures.keys().map(String::len).max().unwrap_or(0);
    for (system, f) in &run.figures {
        out += &format!(
            "{system:<w$}  table rows {}/{} located ({} ours), [book] claims {}/{}, table errata {}/{} confirmed, sections {}/{} cite the book (rulings aside), rulings' set-aside figures {}/{} printed\n",
            f.rows.0,
            f.rows.1,
            f.ours,
            f.claims.0,
            f.claims.1,
            f.errata.0,
            f.errata.1,
            f.sections.0,
            f.sections.1,
            f.asides.0,
            f.asides.1
        );
    }
    for c in &run.coverage {
        out += &format!("{}\n", c.summary());
    }
    out
}

/// `spec/` of the workspace at `root`.
pub fn spec_root(root: &Path) -> PathBuf {
    root.join("spec")
}
