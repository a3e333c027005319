//! Ids: the stable names of sections, tables, blocks, chapters and systems.

use std::sync::Arc;

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::Diagnostic;
use crate::diag::source::{SourceFile, Span};

/// The longest id: ids name files (`<system>__<id>.snap.new` among them),
/// which most file systems keep to 255 bytes.
pub const MAX_ID_LEN: usize = 100;

/// Ids are kebab-case: a lowercase letter, then lowercase letters, digits and
/// single dashes, at most [`MAX_ID_LEN`] of them. They become Rust names, file
/// names and URL fragments.
pub fn is_id(id: &str) -> bool {
    let bytes = id.as_bytes();
    bytes.len() <= MAX_ID_LEN
        && bytes.first().is_some_and(u8::is_ascii_lowercase)
        && bytes.last() != Some(&b'-')
        && bytes
            .iter()
            .all(|&b| matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'-'))
        && !bytes.windows(2).any(|w| w[0] == b'-' && w[1] == b'-')
}

pub fn bad_id(file: &Arc<SourceFile>, span: Span, id: &str) -> Diagnostic {
    if id.len() > MAX_ID_LEN {
        let head: String = id.chars().take(24).collect();
        let message = format!(
            "id `{head}…` is {} bytes long, and an id is at most {MAX_ID_LEN}",
            id.len()
        );
        return Diagnostic::new(file, span, DiagCode::Id, message)
            .label("ids name files, which the file system keeps short");
    }
    Diagnostic::new(
        file,
        span,
        DiagCode::Id,
        format!("`{id}` is not a valid id"),
    )
    .label(
        "ids are kebab-case: a lowercase letter, then lowercase letters, digits and single dashes",
    )
}

#[cfg(test)]
mod tests {
    use super::is_id;

    #[test]
    fn ids_are_kebab_case() {
        for id in ["a", "a-b", "a1", "grenade-3-m", "x-1-2"] {
            assert!(is_id(id), "{id}");
        }
        for id in [
            "", "-a", "a-", "a--b", "A", "1a", "a_b", "aB", "é", "a b", "-",
        ] {
            assert!(!is_id(id), "{id}");
        }
        assert!(is_id(&"a".repeat(super::MAX_ID_LEN)));
        assert!(!is_id(&"a".repeat(super::MAX_ID_LEN + 1)));
    }
}
