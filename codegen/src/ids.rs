//! Ids: the stable names of sections, tables, blocks, chapters and systems.

use std::sync::Arc;

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::source::{SourceFile, Span};

/// Ids are kebab-case: a lowercase letter, then lowercase letters, digits and
/// single dashes. They become Rust names, file names and URL fragments.
pub fn is_id(id: &str) -> bool {
    let bytes = id.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_lowercase)
        && bytes
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        && bytes.last() != Some(&b'-')
        && !bytes.windows(2).any(|pair| pair == b"--")
}

pub fn bad_id(file: &Arc<SourceFile>, span: Span, id: &str) -> Diagnostic {
    Diagnostic::new(file, span, Code::Id, format!("`{id}` is not a valid id")).label(
        "ids are kebab-case: a lowercase letter, then lowercase letters, digits and single dashes",
    )
}
