//! The one mapping from a spec name to the Rust name it becomes. The
//! emitter, the lints and the language server all take it from here, so the
//! generated code, what the lints look for in `rules/src` and where the
//! editor jumps to agree on every name, keywords included.

/// Rust's strict and reserved keywords (edition 2024): a spec name that is one
/// becomes a raw identifier (`type` -> `r#type`).
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "do", "dyn",
    "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let",
    "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref", "return",
    "static", "struct", "trait", "true", "try", "type", "typeof", "unsafe", "unsized", "use",
    "virtual", "where", "while", "yield",
];

/// Whether `name` is one of Rust's strict or reserved keywords, which a spec
/// name may be only where it becomes a raw identifier: `cargo xtask new` writes
/// `pub mod NAME;` and `NAME.rs`, where none is.
pub fn is_keyword(name: &str) -> bool {
    KEYWORDS.contains(&name)
}

/// The Rust name of spec name `id`, `-` read as `_` (`combat-modifiers` ->
/// `combat_modifiers`): the name of its module's file, and of the identifier
/// without the `r#` a keyword takes ([`rust_ident`]).
pub fn rust_name(id: &str) -> String {
    id.replace('-', "_")
}

/// The identifier `id` becomes, as Rust source writes it: its [`rust_name`],
/// raw when that is a keyword (`move` -> `r#move`).
pub fn rust_ident(id: &str) -> String {
    let name = rust_name(id);
    if is_keyword(&name) {
        format!("r#{name}")
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dash_is_read_as_an_underscore_and_a_keyword_is_raw_only_as_an_identifier() {
        assert_eq!(rust_name("combat-modifiers"), "combat_modifiers");
        assert_eq!(rust_ident("combat-modifiers"), "combat_modifiers");
        assert_eq!(rust_name("move"), "move");
        assert_eq!(rust_ident("move"), "r#move");
        assert_eq!(rust_ident("moved"), "moved");
    }
}
