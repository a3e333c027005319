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
        // Each byte after the first, with the one before it: one pass.
        && bytes
            .windows(2)
            .all(|w| matches!(w[1], b'a'..=b'z' | b'0'..=b'9' | b'-') && w != b"--")
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

/// Keywords of paths, which not even a raw identifier may be.
const PATH_KEYWORDS: &[&str] = &["crate", "self", "Self", "super"];

/// Why a spec name cannot become a Rust identifier, if it cannot. (No keyword
/// holds a `_`, so a name with a `-` is none.)
pub fn rust_name_problem(name: &str) -> Option<String> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let well_formed = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '-')
        && name.chars().all(word)
        && !matches!(name, "_" | "-");
    if !well_formed {
        return Some(format!(
            "`{name}` is not a Rust name (ASCII letters, digits, `_` and `-`, not starting with a digit)"
        ));
    }
    PATH_KEYWORDS.contains(&name).then(|| {
        format!(
            "`{name}` is a Rust path keyword, which nothing can be named, not even as `r#{name}`"
        )
    })
}

/// Modules beside the systems' in the generated code (`registry`) and in the
/// `rules` crate that it names (`crate::table`, …): no system may take their names.
const TAKEN_BY_SYSTEMS: &[&str] = &["registry", "spec", "table", "dice", "value", "trace"];

/// Why `id` cannot name a system (a folder of `spec/` and a Rust module), if it cannot.
pub fn system_problem(id: &str) -> Option<String> {
    if !is_id(id) {
        return Some(format!(
            "`{id}` is not a valid system id: ids are kebab-case, a lowercase letter, then lowercase letters, digits and single dashes"
        ));
    }
    if TAKEN_BY_SYSTEMS.contains(&id) {
        return Some(format!(
            "`{id}` cannot name a system: the generated code already has a module `{id}` beside the systems'"
        ));
    }
    rust_name_problem(id)
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
