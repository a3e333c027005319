//! Source files and byte spans: every model item remembers where it came from,
//! so every diagnostic can say file:line:col.

use std::ops::Range;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// The byte order mark some editors put first in a UTF-8 file.
pub(crate) const BOM: &str = "\u{feff}";

/// A byte range into one [`SourceFile`].
pub type Span = Range<usize>;

/// Bytes between the checkpoints of [`SourceFile::chars_before`].
const BLOCK: usize = 256;

/// One Markdown file, shared by every item parsed from it.
#[derive(Debug)]
pub struct SourceFile {
    /// The path as it should be shown to a person (relative to the workspace when possible).
    pub path: PathBuf,
    pub text: String,
    /// Built on the first question about lines: a book that compiles asks none.
    index: OnceLock<LineIndex>,
}

/// Where lines start, and how many characters precede each [`BLOCK`].
#[derive(Debug)]
struct LineIndex {
    line_starts: Vec<usize>,
    /// The number of characters before each multiple of [`BLOCK`] bytes, so that a
    /// column is counted in time independent of the line's length.
    block_chars: Vec<usize>,
}

impl LineIndex {
    fn new(text: &str) -> LineIndex {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let block_chars = std::iter::once(0)
            .chain(text.as_bytes().chunks(BLOCK).scan(0, |n, block| {
                *n += char_starts(block);
                Some(*n)
            }))
            .collect();
        LineIndex {
            line_starts,
            block_chars,
        }
    }
}

impl SourceFile {
    /// A file of `text`, read as Markdown reads it: a byte order mark is no part
    /// of the text, and a carriage return not followed by a line feed ends a line
    /// (it becomes one, so that offsets stay the same).
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Arc<SourceFile> {
        let mut text = text.into();
        if text.starts_with(BOM) {
            text.drain(..BOM.len());
        }
        if text.contains('\r') {
            text = lone_carriage_returns_to_line_feeds(&text);
        }
        Arc::new(SourceFile {
            path: path.into(),
            text,
            index: OnceLock::new(),
        })
    }

    fn index(&self) -> &LineIndex {
        self.index.get_or_init(|| LineIndex::new(&self.text))
    }

    /// 1-based line and column (in characters) of a byte offset; an offset inside
    /// a character counts as that character.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.text.floor_char_boundary(offset);
        let line = self.line_index(offset);
        let col = self.chars_before(offset) - self.chars_before(self.index().line_starts[line]) + 1;
        (line + 1, col)
    }

    /// The 0-based line holding a byte offset.
    pub fn line_index(&self, offset: usize) -> usize {
        self.index().line_starts.partition_point(|&s| s <= offset) - 1
    }

    /// The span of 0-based line `line`, without its line break.
    pub fn line_span(&self, line: usize) -> Span {
        let starts = &self.index().line_starts;
        let start = starts[line];
        let end = starts
            .get(line + 1)
            .map_or(self.text.len(), |&next| next - 1);
        start..end
    }

    /// How many characters the text holds before `offset`.
    fn chars_before(&self, offset: usize) -> usize {
        let block = offset / BLOCK;
        self.index().block_chars[block] + char_starts(&self.text.as_bytes()[block * BLOCK..offset])
    }

    /// `path:line:col` of a byte offset.
    pub fn location(&self, offset: usize) -> String {
        let (line, col) = self.line_col(offset);
        format!("{}:{line}:{col}", self.path.display())
    }

    /// The file's stem, which is the chapter id.
    pub fn stem(&self) -> String {
        self.path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    }
}

/// `text` with every carriage return that no line feed follows turned into one.
fn lone_carriage_returns_to_line_feeds(text: &str) -> String {
    let mut chars = text.chars().peekable();
    let mut out = String::with_capacity(text.len());
    while let Some(c) = chars.next() {
        out.push(if c == '\r' && chars.peek() != Some(&'\n') {
            '\n'
        } else {
            c
        });
    }
    out
}

/// How many characters start in `bytes`: every byte but UTF-8's continuation bytes.
fn char_starts(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}
