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
    /// Reads `name` from the books folder `dir`: a regular file of the folder
    /// itself and nothing else. A symbolic link could show any file of the
    /// machine in the report, a FIFO would hang the read and a folder is no
    /// book, so each is refused with the reason; so is a file larger than any
    /// book (`MAX_BOOK_BYTES`).
    pub fn read(dir: &Path, name: &str) -> Result<Book, Unreadable> {
        let plain = !name.contains(['/', '\\']) && !matches!(name, "" | "." | "..");
        if !plain {
            return Err(Unreadable::NotPlain);
        }
        let path = dir.join(name);
        let bytes = read_regular(&path)?;
        let sha256 = hex(&Sha256::digest(&bytes));
        let text = String::from_utf8_lossy(&bytes).into_owned();
        Ok(Book {
            name: name.to_string(),
            text: BookText::new(&text),
            file: SourceFile::new(path, text),
            sha256,
        })
    }
}

/// Larger than any rulebook's plain text by far (the bundled ones are under
/// 1 MB), small enough to read whole.
pub const MAX_BOOK_BYTES: u64 = 64 << 20;

/// Why a file named as a book was not read.
#[derive(Debug)]
pub enum Unreadable {
    Missing,
    /// The name has a folder in it, or is `.` or `..`.
    NotPlain,
    Symlink,
    Folder,
    /// A FIFO, socket or device.
    Special,
    TooLarge(u64),
    Io(std::io::Error),
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::Missing => write!(f, "no such file"),
            Unreadable::NotPlain => write!(f, "not the name of a file in the folder"),
            Unreadable::Symlink => write!(f, "a symbolic link, and only regular files are read"),
            Unreadable::Folder => write!(f, "a folder, not a file"),
            Unreadable::Special => write!(
                f,
                "not a regular file (a FIFO, socket or device), and only regular files are read"
            ),
            Unreadable::TooLarge(n) => write!(
                f,
                "{n} bytes, more than the {} MiB a book may have",
                MAX_BOOK_BYTES >> 20
            ),
            Unreadable::Io(e) => write!(f, "{e}"),
        }
    }
}

/// The bytes of `path` if it is a regular file. It is opened without
/// following a link and without blocking, and the file opened is checked,
/// so that nothing swapped in between a look and the open is read.
fn read_regular(path: &Path) -> Result<Vec<u8>, Unreadable> {
    use std::io::Read;
    let look = std::fs::symlink_metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => Unreadable::Missing,
        _ => Unreadable::Io(e),
    })?;
    kind_of(&look)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| match e.raw_os_error() {
        #[cfg(unix)]
        Some(libc::ELOOP) => Unreadable::Symlink,
        _ => Unreadable::Io(e),
    })?;
    let opened = file.metadata().map_err(Unreadable::Io)?;
    kind_of(&opened)?;
    let mut bytes = Vec::new();
    file.take(MAX_BOOK_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(Unreadable::Io)?;
    match bytes.len() as u64 {
        n if n > MAX_BOOK_BYTES => Err(Unreadable::TooLarge(opened.len().max(n))),
        _ => Ok(bytes),
    }
}

/// Refuses all but a regular file of at most [`MAX_BOOK_BYTES`].
fn kind_of(meta: &std::fs::Metadata) -> Result<(), Unreadable> {
    let kind = meta.file_type();
    if kind.is_symlink() {
        Err(Unreadable::Symlink)
    } else if kind.is_dir() {
        Err(Unreadable::Folder)
    } else if !kind.is_file() {
        Err(Unreadable::Special)
    } else if meta.len() > MAX_BOOK_BYTES {
        Err(Unreadable::TooLarge(meta.len()))
    } else {
        Ok(())
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
