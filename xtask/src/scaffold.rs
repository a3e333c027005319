//! `cargo xtask new system NAME` and `cargo xtask new chapter SYSTEM NAME`:
//! everything a new system or chapter needs beside its text, so that no check
//! of the suite stops the author at a step nothing mentioned. A chapter gets
//! its Markdown file with front matter and a heading, its resolver module and
//! the `pub mod` line that declares it; a system also gets its folder, the
//! `pub mod` line in `rules/src/lib.rs` and its inventory, `docs/books/<system>.md`.
//! Each Rust file made or changed is recorded in the mutation record: a file of
//! `pub mod` lines and doc comments has no function, so no mutant, and adding
//! a `pub mod` line to a file with none leaves it with none. A chapter's
//! resolver module is made for the functions the author writes next, so it is
//! `pending`: it waits for its first run, and the report says so, but no test
//! stops the author before cargo-mutants is at hand.

use std::path::{Path, PathBuf};

use codegen::lint::rust_name;

use crate::checksum::checksum;
use crate::mutants::{FileEntry, Record, SOURCES, Split};

/// Creates system `name` with its first chapter, also called `name`; returns
/// the files written.
pub fn new_system(root: &Path, name: &str) -> Result<Vec<PathBuf>, String> {
    check_id("system", name)?;
    let folder = root.join("spec").join(name);
    if folder.exists() {
        return Err(format!("{} exists already", shown(root, &folder)));
    }
    let module = rust_name(name);
    let mod_rs = root.join(SOURCES).join(&module).join("mod.rs");
    let inventory = root.join("docs/books").join(format!("{name}.md"));
    write_new(
        &mod_rs,
        &format!("//! The `{name}` system: one module per chapter of `spec/{name}/`.\n"),
    )?;
    write_new(&inventory, &inventory_text(name))?;
    let mut record = Record::load(root)?;
    record_none(&mut record, root, &mod_rs)?;
    record.save(root)?;
    let mut written = vec![mod_rs, inventory];
    written.extend(declare(root, &root.join(SOURCES).join("lib.rs"), &module)?);
    written.extend(new_chapter(root, name, name, "the source book")?);
    Ok(written)
}

/// Creates chapter `name` of system `system`, whose front matter cites
/// `book`; returns the files written.
pub fn new_chapter(
    root: &Path,
    system: &str,
    name: &str,
    book: &str,
) -> Result<Vec<PathBuf>, String> {
    check_id("chapter", name)?;
    let mod_rs = root.join(SOURCES).join(rust_name(system)).join("mod.rs");
    if !mod_rs.is_file() {
        return Err(format!(
            "no system `{system}`: {} is missing; `cargo xtask new system {system}` makes a system",
            shown(root, &mod_rs)
        ));
    }
    let chapter = root.join("spec").join(system).join(format!("{name}.md"));
    let module = rust_name(name);
    let source = mod_rs.with_file_name(format!("{module}.rs"));
    write_new(&chapter, &chapter_text(system, name, book))?;
    write_new(
        &source,
        &format!("//! `spec/{system}/{name}.md`: the resolver function of each of its rules.\n"),
    )?;
    let mut record = Record::load(root)?;
    let key = shown(root, &source).replace('\\', "/");
    if !record.pending.contains(&key) {
        record.pending.push(key);
        record.pending.sort();
    }
    record.save(root)?;
    let mut written = vec![chapter, source];
    written.extend(declare(root, &mod_rs, &module)?);
    Ok(written)
}

/// The book a system's chapters cite: that of its first chapter.
pub fn book_of(root: &Path, system: &str) -> Option<String> {
    let files = codegen::spec_files(&root.join("spec")).ok()?;
    let (_, chapters) = files.into_iter().find(|(s, _)| s == system)?;
    let text = std::fs::read_to_string(chapters.first()?).ok()?;
    let line = text.lines().find(|l| l.starts_with("book = "))?;
    Some(line["book = ".len()..].trim_matches('"').to_string())
}

fn check_id(what: &str, id: &str) -> Result<(), String> {
    let mut chars = id.chars();
    let first = chars.next().is_some_and(|c| c.is_ascii_lowercase());
    let rest = id
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if first && rest && !id.contains("--") && !id.ends_with('-') {
        Ok(())
    } else {
        Err(format!(
            "`{id}` is no {what} id: ids are kebab-case, a lowercase letter, then lowercase letters, digits and single dashes"
        ))
    }
}

fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

fn write_new(path: &Path, text: &str) -> Result<(), String> {
    if path.exists() {
        return Err(format!("{} exists already", path.display()));
    }
    std::fs::create_dir_all(path.parent().unwrap_or(Path::new(".")))
        .and_then(|()| std::fs::write(path, text))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Adds `pub mod {module};` to `file` among its other `pub mod` lines, in
/// order, and records the file as still without mutants when it was.
fn declare(root: &Path, file: &Path, module: &str) -> Result<Option<PathBuf>, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let line = format!("pub mod {module};");
    let mut lines: Vec<&str> = text.lines().collect();
    if lines.contains(&line.as_str()) {
        return Ok(None);
    }
    let is_mod = |l: &&str| l.starts_with("pub mod ") && l.ends_with(';');
    let mods: Vec<usize> = (0..lines.len()).filter(|&i| is_mod(&lines[i])).collect();
    let at = match (
        mods.iter().find(|&&i| lines[i] > line.as_str()),
        mods.last(),
    ) {
        (Some(&i), _) => i,
        (None, Some(&last)) => last + 1,
        (None, None) => {
            lines.push("");
            lines.len()
        }
    };
    lines.insert(at, &line);
    std::fs::write(file, lines.join("\n") + "\n")
        .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let mut record = Record::load(root)?;
    let key = shown(root, file).replace('\\', "/");
    if record.files.get(&key).is_some_and(|e| e.mutants == 0) {
        record_none(&mut record, root, file)?;
        record.save(root)?;
    }
    Ok(Some(file.to_path_buf()))
}

/// Records `file` as having no mutants at its current text.
fn record_none(record: &mut Record, root: &Path, file: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    // No mutant, so its split by function (into none) is known.
    let entry = FileEntry {
        checksum: checksum(&text),
        functions_from: Split::Run,
        ..FileEntry::default()
    };
    record
        .files
        .insert(shown(root, file).replace('\\', "/"), entry);
    Ok(())
}

fn chapter_text(system: &str, name: &str, book: &str) -> String {
    let title = title_of(name);
    format!(
        "+++\nsystem = \"{system}\"\ntitle = \"{title}\"\nversion = \"1\"\n\n[source]\nbook = \"{book}\"\nsection = \"{title}\"\n+++\n\n\
         # {title} {{#{name}}}\n\n\
         Restate the book's rule here in your own words, with its tables, a `rule`\n\
         block for each rule and an `example` block for each worked example; see\n\
         spec/README.md for the format. Point into the book by line numbers.\n"
    )
}

/// `srd5-combat` -> `Srd5 combat`.
fn title_of(id: &str) -> String {
    let words = id.replace('-', " ");
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_ascii_uppercase().to_string() + chars.as_str()
    })
}

/// An empty inventory in the form `xtask/tests/inventory.rs` checks.
fn inventory_text(system: &str) -> String {
    format!(
        "# {}: mechanics and contradictions\n\n\
         The book restated in `spec/{system}/`. List each mechanic it states with what\n\
         covers it, then each pair of places where it states a figure twice; see\n\
         docs/books/action.md for how rows read. `xtask/tests/inventory.rs` checks it.\n\n\
         ## Mechanics\n\n\
         | Mechanic | Rules | Examples | Rulings | Status |\n|---|---|---|---|---|\n\n\
         Covered: 0 of 0 mechanics.\n\n\
         ## Pairs compared\n\n\
         | Place A | Place B | Compared | Verdict | Ruling |\n|---|---|---|---|---|\n\n\
         Pairs: 0 compared, 0 disagree.\n",
        title_of(system)
    )
}
