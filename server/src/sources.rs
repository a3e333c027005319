//! Where the resolver in `rules/src` deals with an item of the book: a rule's
//! function (`rules/src/<system>/<chapter>.rs`, `fn <rule>`) and the functions
//! that name a table's constants. Read from the sources as text, line by line:
//! the server links no resolver and must answer while it does not build.

use std::path::Path;

use codegen::model::{Rule, System, Table};
use codegen::rust_name::{rust_ident, rust_name};
use lsp_types as lsp;

use crate::pos;

/// The resolver function of `rule`: `fn <name>(` in its chapter's module.
pub fn resolver_fn(root: &Path, system: &System, rule: &Rule) -> Option<lsp::Location> {
    let dir = root
        .join(crate::workspace::RULES_SRC)
        .join(rust_name(&system.id));
    let module = rust_name(&rule.chapter);
    let file = [
        dir.join(format!("{module}.rs")),
        dir.join(module).join("mod.rs"),
    ]
    .into_iter()
    .find(|p| p.is_file())?;
    let ident = rust_ident(&rule.name);
    let wanted = format!("fn {ident}(");
    let text = std::fs::read_to_string(&file).ok()?;
    let (line, col) = text
        .lines()
        .enumerate()
        .find_map(|(i, l)| l.find(&wanted).map(|c| (i, c + 3)))?;
    Some(at(&file, line, col, ident.len()))
}

/// Each function of `rules/src/<system>` that names one of `table`'s constants.
pub fn readers(root: &Path, system: &System, table: &Table) -> Vec<lsp::Location> {
    let names = table.constant_names();
    let mut found = Vec::new();
    let dir = root
        .join(crate::workspace::RULES_SRC)
        .join(rust_name(&system.id));
    for file in codegen::rust_files(&dir).unwrap_or_default() {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let mut current: Option<(usize, usize, &str)> = None;
        for (i, line) in text.lines().enumerate() {
            if let Some(c) = line.find("fn ") {
                let name = line[c + 3..].split(['(', '<']).next().unwrap_or("");
                current = Some((i, c + 3, name));
            }
            let reads = names.iter().any(|n| mentions(line, n));
            if let Some((l, c, name)) = current.filter(|_| reads) {
                let here = at(&file, l, c, name.len());
                if !found.contains(&here) {
                    found.push(here);
                }
            }
        }
    }
    found
}

/// Whether `line` names `constant` as a whole word (not `FALLING_X` for `FALLING`).
fn mentions(line: &str, constant: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    line.match_indices(constant).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        let after = line[i + constant.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// A name of `len` ASCII characters at 0-based `line`, byte `col` of `file`.
fn at(file: &Path, line: usize, col: usize, len: usize) -> lsp::Location {
    let start = lsp::Position::new(line as u32, col as u32);
    let end = lsp::Position::new(line as u32, (col + len) as u32);
    lsp::Location::new(pos::uri(file), lsp::Range::new(start, end))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_constant_is_named_as_a_whole_word() {
        assert!(super::mentions("for b in FALLING.iter()", "FALLING"));
        assert!(!super::mentions("FALLING_FIGURES", "FALLING"));
        assert!(!super::mentions("NOT_FALLING", "FALLING"));
    }
}
