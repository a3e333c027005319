//! Which names `new` takes. A system's or chapter's id becomes a folder or file
//! of `spec/`, a module of `rules/src` (`zz-c` -> `zz_c`) and a `pub mod` line,
//! so an id is refused up front when any of those would break the build: a
//! Rust keyword, a name cargo gives the crate's own files, or a module the
//! rules crate declares for itself. A chapter's system must be one that exists.

use std::path::Path;

use codegen::lint::rust_name;
use codegen::suggest::did_you_mean;

use resolver_source::RULES_SRC;

/// What ids look like, for the messages that refuse one.
fn id_form() -> String {
    format!(
        "ids are kebab-case, a lowercase letter, then lowercase letters, digits and single dashes, at most {} of them",
        codegen::MAX_ID_LEN
    )
}

/// Module names cargo gives the files of a crate (`lib.rs`, `main.rs`) or that
/// name a folder's module file (`mod.rs`): a module of that name would share
/// its file name with one of them.
const FILE_NAMES: &[&str] = &["lib", "main", "mod"];

/// The modules `rules/src/lib.rs` declares, e.g. `table` and `spec`: each `mod`
/// item, public or not, with a body or a file.
pub fn crate_modules(root: &Path) -> Result<Vec<String>, String> {
    let lib = root.join(RULES_SRC).join("lib.rs");
    let text = std::fs::read_to_string(&lib)
        .map_err(|e| format!("cannot read {RULES_SRC}/lib.rs: {e}"))?;
    Ok(text.lines().filter_map(declared_module).collect())
}

/// The module a line of Rust declares (`pub mod table;`, `mod spec {`), if any.
fn declared_module(line: &str) -> Option<String> {
    let line = line.trim_start();
    let line = match line.strip_prefix("pub") {
        Some(rest) if rest.starts_with('(') => rest.split_once(')')?.1,
        Some(rest) if rest.starts_with(' ') => rest,
        _ => line,
    };
    let name: String = line
        .trim_start()
        .strip_prefix("mod ")?
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// Why `id` cannot name a new system, given the modules of `rules/src/lib.rs`.
pub fn system_problem(id: &str, crate_modules: &[String]) -> Option<String> {
    if !codegen::is_id(id) {
        return Some(format!("`{id}` is no system id: {}", id_form()));
    }
    codegen::system_problem(id)
        .or_else(|| module_problem("system", id))
        .or_else(|| {
            let module = rust_name(id);
            crate_modules.contains(&module).then(|| {
                format!(
                    "`{id}` cannot name a system: its module `{module}` would collide with the rules crate's module `{module}` ({RULES_SRC}/lib.rs)"
                )
            })
        })
}

/// Why `id` cannot name a new chapter, given the rules crate's own modules
/// (those of `rules/src/lib.rs` that are no system's).
pub fn chapter_problem(id: &str, own_modules: &[String]) -> Option<String> {
    if !codegen::is_id(id) {
        return Some(format!("`{id}` is no chapter id: {}", id_form()));
    }
    codegen::rust_name_problem(id)
        .map(|why| format!("`{id}` cannot name a chapter: {why}"))
        .or_else(|| module_problem("chapter", id))
        .or_else(|| {
            let module = rust_name(id);
            own_modules.contains(&module).then(|| {
                format!(
                    "`{id}` cannot name a chapter: its module would share its name with the rules crate's own module `crate::{module}` ({RULES_SRC}/lib.rs), which the resolver modules import from"
                )
            })
        })
}

/// Why `id`'s module name cannot follow `pub mod`: a keyword, or a name of
/// the crate's own files.
fn module_problem(what: &str, id: &str) -> Option<String> {
    let module = rust_name(id);
    if codegen::is_keyword(&module) {
        return Some(format!(
            "`{id}` cannot name a {what}: `{module}` is a Rust keyword, so `pub mod {module};` does not parse"
        ));
    }
    FILE_NAMES.contains(&module.as_str()).then(|| {
        format!(
            "`{id}` cannot name a {what}: `{module}.rs` is the name of a crate's own file (lib.rs, main.rs, mod.rs)"
        )
    })
}

/// The systems of `spec/`: each a folder (not a link) holding a chapter.
pub fn systems(root: &Path) -> Result<Vec<String>, String> {
    let files =
        codegen::spec_files(&root.join("spec")).map_err(|e| format!("cannot read spec/: {e}"))?;
    Ok(files
        .into_iter()
        .filter(|(_, paths)| paths.iter().any(|p| p.is_file()))
        .map(|(system, _)| system)
        .collect())
}

/// Refuses `system` unless it is an id and a system of `spec/` with its
/// resolver folder, suggesting the nearest system when it is not.
pub fn check_system(root: &Path, system: &str) -> Result<(), String> {
    let systems = systems(root)?;
    let hint = || {
        did_you_mean(system, systems.iter().map(String::as_str))
            .map(|d| format!(" ({d})"))
            .unwrap_or_default()
    };
    if !codegen::is_id(system) {
        return Err(format!(
            "`{system}` is no system id{}: {}",
            hint(),
            id_form()
        ));
    }
    if !systems.iter().any(|s| s == system) {
        return Err(format!(
            "no system `{system}`: spec/{system}/ holds no chapter{}; `cargo xtask new system {system}` makes a system",
            hint()
        ));
    }
    let mod_rs = root.join(RULES_SRC).join(rust_name(system)).join("mod.rs");
    if !mod_rs.is_file() {
        return Err(format!(
            "system `{system}` has no resolver folder: {RULES_SRC}/{}/mod.rs is missing",
            rust_name(system)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::declared_module;

    #[test]
    fn the_module_a_line_declares_is_read() {
        for (line, module) in [
            ("pub mod table;", Some("table")),
            ("mod spec {", Some("spec")),
            ("pub(crate) mod trace;", Some("trace")),
            ("    pub mod spec {", Some("spec")),
            ("pub use spec::registry;", None),
            ("//! one module per chapter", None),
            ("pub module_name: u8,", None),
            ("pub mod dice; // (d6)", Some("dice")),
        ] {
            assert_eq!(declared_module(line).as_deref(), module, "{line}");
        }
    }
}
