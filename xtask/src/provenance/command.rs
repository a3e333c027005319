//! `cargo xtask provenance`: the check of the spec against the books, the
//! proposals of locators, or the figures' mutation, as the flags choose; the
//! work is in the sibling modules.

use std::path::Path;

use super::{check, mutate, propose, spec_root, summary};
use crate::context::Context;

/// `cargo xtask provenance`: checks the spec against the books in `books`
/// (only `system`'s chapters when one is named), or proposes locators (and
/// with `write` writes them), or with `mutate` counts what the check catches.
pub fn command(cx: &Context, books: &Path, system: Option<&str>, what: Mode) -> Result<(), String> {
    let book = only_system(cx.compile()?, system)?;
    books_folder(books)?;
    match what {
        Mode::Check => checked(cx, &book, books),
        Mode::Propose { write } => proposed(&cx.root, &book, books, write),
        Mode::Mutate => mutated(&cx.root, &book, books),
    }
}

/// Holds every located item against the books; fails on any finding.
fn checked(cx: &Context, book: &codegen::Book, books: &Path) -> Result<(), String> {
    let run = check(book, &spec_root(&cx.root), books);
    eprint!("{}", cx.findings(&run.findings));
    print!("{}", summary(&run));
    match run.findings.len() {
        0 => Ok(()),
        n => Err(format!("{n} provenance finding(s) (listed above)")),
    }
}

/// Prints the locators proposed for the items that have none, and with
/// `write` writes them into the chapters.
fn proposed(root: &Path, book: &codegen::Book, books: &Path, write: bool) -> Result<(), String> {
    let proposals = propose::propose(book, &spec_root(root), books);
    print!("{}", propose::render(&proposals));
    if write {
        let n = propose::write(root, &proposals)
            .map_err(|e| format!("cannot write the proposals: {e}"))?;
        println!("wrote {n} locators; read each against the book before you commit them");
    }
    Ok(())
}

/// What `cargo xtask provenance` does with the books.
#[derive(Debug, Clone, Copy)]
pub enum Mode {
    /// Hold every located item against them.
    Check,
    /// Propose locators for the items that have none; `write` them into the chapters.
    Propose { write: bool },
    /// Mutate every located figure and count what the check catches.
    Mutate,
}

/// Mutates every located figure and settles the survivors against the record.
fn mutated(root: &Path, book: &codegen::Book, books: &Path) -> Result<(), String> {
    let record = mutate::read_record(root)?;
    let run = mutate::mutate(book, books, &record);
    print!("{}", run.summary());
    if run.ok() {
        Ok(())
    } else {
        Err(format!(
            "{} survivor(s) unexplained, {} record(s) stale (listed above)",
            run.unexplained.len(),
            run.stale.len()
        ))
    }
}

/// Refuses a books folder that is none, before any book is looked for in it.
fn books_folder(books: &Path) -> Result<(), String> {
    match books.is_dir() {
        true => Ok(()),
        false => Err(format!(
            "the books folder {} is not a folder",
            books.display()
        )),
    }
}

/// `book` with only the chapters of `system`, when one is named: the
/// provenance check then reads only the books they name.
fn only_system(mut book: codegen::Book, system: Option<&str>) -> Result<codegen::Book, String> {
    let Some(system) = system else {
        return Ok(book);
    };
    if !book.systems.iter().any(|s| s.id == system) {
        let known: Vec<&str> = book.systems.iter().map(|s| s.id.as_str()).collect();
        let hint = codegen::suggest::did_you_mean(system, known.iter().copied())
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        return Err(format!(
            "`{system}` is no system of spec/{hint}; the systems are {}",
            known.join(", ")
        ));
    }
    book.systems.retain(|s| s.id == system);
    Ok(book)
}
