//! `cargo xtask provenance --books DIR`: the spec held against the books it
//! restates. Each chapter names its book file and that file's SHA-256; each
//! section, table, table erratum and `[book]` example names the lines it comes
//! from ([`codegen::locator`]). The check reads the user's own copy of the
//! books from DIR (nothing of them is committed) and finds each located figure
//! there, then checks that every line of each book is cited by some item or
//! listed in its not-rules list ([`coverage`]). `--propose` suggests locators
//! for the items that have none ([`propose`]).

mod check;
pub mod coverage;
mod figure;
pub mod propose;
mod text;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use codegen::book_check::BookCheck;
use codegen::cell::CellValue;
use codegen::locator::Locator;
use codegen::model::{Table, TableKind};
use codegen::source::Span;
use codegen::{DiagCode, Diagnostic, SourceFile};
use sha2::{Digest, Sha256};

pub use figure::Figure;
pub use text::{BookText, Word};

/// A book file read from the books folder.
pub struct Book {
    pub name: String,
    pub text: BookText,
    /// The text, for diagnostics at its lines (`DIR/<name>`).
    pub file: Arc<SourceFile>,
    /// 64 lowercase hex digits.
    pub sha256: String,
}

impl Book {
    pub fn read(dir: &Path, name: &str) -> std::io::Result<Book> {
        let bytes = std::fs::read(dir.join(name))?;
        let sha256 = hex(&Sha256::digest(&bytes));
        let text = String::from_utf8_lossy(&bytes).into_owned();
        Ok(Book {
            name: name.to_string(),
            text: BookText::new(&text),
            file: SourceFile::new(dir.join(name), text),
            sha256,
        })
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Located out of all, per system.
#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct Figures {
    /// Table rows whose cells are printed where their table points.
    pub rows: (usize, usize),
    /// Rows of tables whose figures are ours (`restates = "ours"`).
    pub ours: usize,
    /// `[book]` claims (true and false aside) printed where their example points.
    pub claims: (usize, usize),
    /// Table errata the book bears out.
    pub errata: (usize, usize),
    /// Sections that cite lines of the book, rulings (ours) aside.
    pub sections: (usize, usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum ItemKind {
    Section,
    Table,
    Erratum,
    Example,
}

/// One located item and what the check found for it.
#[derive(Debug, Clone)]
pub struct Item {
    pub kind: ItemKind,
    pub system: String,
    pub chapter: String,
    pub id: String,
    /// Where its locator is written, `path:line:col`.
    pub spec: String,
    pub book: String,
    pub lines: Locator,
    /// The book's words it was found at.
    pub hits: Vec<Word>,
    /// How many of its rows or claims are not printed there.
    pub failures: usize,
}

/// What the check found.
#[derive(Default)]
pub struct Run {
    pub figures: BTreeMap<String, Figures>,
    pub items: Vec<Item>,
    pub coverage: Vec<coverage::Coverage>,
    pub findings: Vec<Diagnostic>,
    /// The lines of each book read, by file name, for the audit report.
    pub texts: BTreeMap<String, Vec<String>>,
}

/// Checks every chapter of `book` against the books in `dir`, and the
/// coverage of each book against `spec_root`'s not-rules lists.
pub fn check(book: &codegen::Book, spec_root: &Path, dir: &Path) -> Run {
    let mut run = Run::default();
    let mut books: BTreeMap<String, Option<Book>> = BTreeMap::new();
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
        check::ChapterCheck {
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
    for b in books.values().flatten() {
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
    books: &'b mut BTreeMap<String, Option<Book>>,
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
        .or_insert_with(|| Book::read(dir, &file.name).ok());
    let Some(loaded) = loaded.as_ref() else {
        let message = format!("the books folder has no `{}`", file.name);
        return Err(finding(file.span.clone(), BookCheck::Missing, message)
            .label("the book file this chapter restates")
            .note(format!("looked for {}", dir.join(&*file.name).display())));
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

/// The printed cells of each of `t`'s rows, with their spans and what each
/// may be printed as; `text` is its chapter's.
pub fn cells(t: &Table, text: &str) -> Vec<Vec<(String, Span, Figure)>> {
    let printed: Vec<bool> = t
        .columns
        .iter()
        .map(|c| check::printed_column(t, &c.field, &c.ty))
        .collect();
    let mut above: Vec<Option<&str>> = vec![None; t.columns.len()];
    let anywhere = !check::in_order(t);
    let ours = ours_rows(t, text);
    let mut rows = Vec::new();
    for row in &t.rows {
        let mut out = Vec::new();
        if ours.iter().any(|r| std::ptr::eq(*r, row)) {
            rows.push(out);
            continue;
        }
        for (i, cell) in t.cells_of(row).iter().enumerate() {
            let raw = text[cell.span.clone()].trim();
            let figure = match &cell.value {
                // Where the book states a figure in words, it may say `two`.
                CellValue::Int(n) if t.kind == TableKind::Constants => Some(Figure::Magnitude(*n)),
                CellValue::Int(n) | CellValue::Modifier(n) if anywhere => Some(Figure::Int(*n)),
                CellValue::Dice(d) if anywhere => Some(Figure::dice(d)),
                _ => Figure::cell(raw, above[i], cell.ditto),
            };
            // Where the book states the rows in prose, a blank or none word is ours.
            let none = anywhere && cell.value == CellValue::None;
            if printed[i]
                && !none
                && let Some(f) = figure
            {
                out.push((raw.to_string(), cell.span.clone(), f));
            }
            if !cell.ditto && !raw.is_empty() {
                above[i] = Some(raw);
            }
        }
        rows.push(out);
    }
    rows
}

/// A row's name, as `ours` names it: a constant's name, or a row's first cell.
pub fn row_names<'t>(t: &'t Table, text: &'t str) -> Vec<(&'t str, &'t codegen::model::Row)> {
    match t.kind {
        TableKind::Constants => t.constant_rows().collect(),
        TableKind::Rows { .. } => t
            .rows
            .iter()
            .filter_map(|r| Some((text[t.cells_of(r).first()?.span.clone()].trim(), r)))
            .collect(),
    }
}

/// The rows that the table's `ours` names: figures we worked out.
pub fn ours_rows<'t>(t: &'t Table, text: &'t str) -> Vec<&'t codegen::model::Row> {
    row_names(t, text)
        .into_iter()
        .filter(|(name, _)| t.source.ours.iter().any(|o| o == name))
        .map(|(_, row)| row)
        .collect()
}

/// The figures of `run`, one line per system, and the coverage of each book.
pub fn summary(run: &Run) -> String {
    let mut out = String::new();
    let w = run.figures.keys().map(String::len).max().unwrap_or(0);
    for (system, f) in &run.figures {
        out += &format!(
            "{system:<w$}  table rows {}/{} located ({} ours), [book] claims {}/{}, table errata {}/{} confirmed, sections {}/{} cite the book (rulings aside)\n",
            f.rows.0,
            f.rows.1,
            f.ours,
            f.claims.0,
            f.claims.1,
            f.errata.0,
            f.errata.1,
            f.sections.0,
            f.sections.1
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
