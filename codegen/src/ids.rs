//! Ids: the stable names of sections, tables, blocks, chapters and systems.

use std::sync::Arc;

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::source::{SourceFile, Span};

/// Ids are kebab-case: a lowercase letter, then lowercase letters, digits and
/// single dashes. They become Rust names, file names and URL fragments.
pub fn is_id(id: &str) -> bool {
    id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !id.ends_with('-')
        && !id.contains("--")
}

pub fn bad_id(file: &Arc<SourceFile>, span: Span, id: &str) -> Diagnostic {
    Diagnostic::new(file, span, Code::Id, format!("`{id}` is not a valid id")).label(
        "ids are kebab-case: a lowercase letter, then lowercase letters, digits and single dashes",
    )
}
