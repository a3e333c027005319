//! What the provenance check reads and finds: the books, the located items and
//! the figures per system. A leaf the check, the coverage and the report share.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use codegen::locator::Locator;
use codegen::{Diagnostic, SourceFile};
use sha2::{Digest, Sha256};

use super::text::{BookText, Word};

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
    /// What rulings say they set aside, printed on the lines they name.
    pub asides: (usize, usize),
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
    pub coverage: Vec<Coverage>,
    pub findings: Vec<Diagnostic>,
    /// The lines of each book read, by file name, for the audit report.
    pub texts: BTreeMap<String, Vec<String>>,
}

/// The use of each line of one book.
#[derive(Debug, serde::Serialize)]
pub struct Coverage {
    pub book: String,
    /// Line `n` is `lines[n - 1]`.
    pub lines: Vec<LineUse>,
}

/// How one line of a book is accounted for.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub enum LineUse {
    /// By these items (`system/chapter#id`).
    Cited(Vec<String>),
    /// Listed not-rules, with the reason.
    NotRules(String),
    Blank,
    /// By nothing: a failure.
    Uncited,
}

impl Coverage {
    pub fn summary(&self) -> String {
        let count = |f: fn(&LineUse) -> bool| self.lines.iter().filter(|l| f(l)).count();
        format!(
            "{}: {} lines, {} cited, {} not rules, {} blank, {} cited by nothing",
            self.book,
            self.lines.len(),
            count(|l| matches!(l, LineUse::Cited(_))),
            count(|l| matches!(l, LineUse::NotRules(_))),
            count(|l| matches!(l, LineUse::Blank)),
            count(|l| matches!(l, LineUse::Uncited)),
        )
    }
}
