//! Source files and byte spans: every model item remembers where it came from,
//! so every diagnostic can say file:line:col.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A byte range into one [`SourceFile`].
pub type Span = Range<usize>;

/// One Markdown file, shared by every item parsed from it.
#[derive(Debug)]
pub struct SourceFile {
    /// The path as it should be shown to a person (relative to the workspace when possible).
    pub path: PathBuf,
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Arc<SourceFile> {
        let text = text.into();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Arc::new(SourceFile {
            path: path.into(),
            text,
            line_starts,
        })
    }

    pub fn read(path: &Path, shown_as: impl Into<PathBuf>) -> std::io::Result<Arc<SourceFile>> {
        Ok(SourceFile::new(shown_as, std::fs::read_to_string(path)?))
    }

    /// 1-based line and column (in characters) of a byte offset; an offset inside
    /// a character counts as that character.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.text.floor_char_boundary(offset);
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let col = self.text[start..offset].chars().count() + 1;
        (line + 1, col)
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
