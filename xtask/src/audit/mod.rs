//! `cargo xtask audit`: the evidence for auditors. The book rendered chapter by
//! chapter with each example's verdict in place, the code behind each table
//! and each rule, the mutation run's scores, and which items (prose or code)
//! changed since they were last reviewed; as a static site and as
//! `audit.json`, both under `target/audit/`.

mod cites;
pub mod clear;
mod date;
pub mod facts;
pub mod functions;
mod git;
mod html;
pub mod index;
pub mod model;
pub mod origin;
pub mod properties;
pub mod prose;
pub mod queue;
pub mod reviewed;
pub mod scores;
pub mod stamps;
pub mod tally;

use std::path::Path;

use codegen::Book;
use codegen::diagnostic::visible;
use resolver_source::ResolverSource;

pub use crate::checksum::{checksum, normalised};
use crate::context::Context;
use facts::Sources;
pub use model::{Audit, SCHEMA_FILE, schema};
pub use origin::{Origin, SCHEMA_VERSION};
pub use reviewed::{Change, REVIEWED_FILE, Review, ReviewRecord, Reviewer, Scope};
pub use stamps::Refusal;

/// Where the report is written, relative to the workspace root.
pub const REPORT_DIR: &str = "target/audit";

/// `cargo xtask audit`: stamps what `stamp` names (every item when it names
/// none) as reviewed by `reviewer`, writes the report (with the books' lines
/// from `books`), then fails while an example fails or, with the books, on a
/// finding against them.
pub fn command(
    cx: &Context,
    stamp: Option<Vec<String>>,
    reviewer: Option<String>,
    books: Option<&Path>,
) -> Result<(), String> {
    let root = &cx.root;
    let book = cx.compile()?;
    if let Some(dir) = books.filter(|d| !d.is_dir()) {
        return Err(format!(
            "the books folder {} is not a folder",
            dir.display()
        ));
    }
    if let Some(targets) = stamp {
        let by = Reviewer::now(root, reviewer)?;
        let scope = match targets.is_empty() {
            true => Scope::All,
            false => Scope::Named(targets),
        };
        let reports = crate::reports(&book)?;
        let stamped = stamps::stamp(root, &book, &reports, &by, &scope)?;
        for line in &stamped {
            println!("stamped {}", visible(line));
        }
        println!(
            "stamped {} items as reviewed by {} on {} in {REVIEWED_FILE}",
            stamped.len(),
            visible(&by.name),
            by.date,
        );
    }
    let audit = run_with_books(root, &book, None, books)?;
    println!(
        "{REPORT_DIR}/index.html: {} systems, {} items changed since review (facts in audit.json)",
        audit.systems.len(),
        audit.changed_since_review.len()
    );
    if let Some(failure) = crate::examples::print_failing(cx, &book, &crate::reports(&book)?) {
        return Err(failure);
    }
    match (audit.book_findings, books) {
        (0, _) | (_, None) => Ok(()),
        (n, Some(dir)) => Err(format!(
            "{n} findings against the books: the report lists them, and `cargo xtask provenance --books {}` says each",
            dir.display()
        )),
    }
}

/// The audit of the workspace at `root`, whose compiled book is `book`: stamps
/// the book and the resolver's code as reviewed by `stamp` first when it is
/// set (only what its scope names; see [`stamps::stamp`], which refuses a
/// scope that covers a failing example), gathers the facts and writes the
/// report to `root/target/audit/`.
pub fn run(root: &Path, book: &Book, stamp: Option<&(Reviewer, Scope)>) -> Result<Audit, String> {
    run_with_books(root, book, stamp, None)
}

/// [`run`], with the cited lines of the books in `books` (a folder of their
/// text, read now and written only into the report) beside each item.
pub fn run_with_books(
    root: &Path,
    book: &Book,
    stamp: Option<&(Reviewer, Scope)>,
    books: Option<&Path>,
) -> Result<Audit, String> {
    let reports = crate::reports(book)?;
    if let Some((by, scope)) = stamp {
        stamps::stamp(root, book, &reports, by, scope)?;
    }
    let code = ResolverSource::scan(root)?;
    let checked = books.map(|dir| crate::provenance::check(book, &root.join("spec"), dir));
    let mutants = crate::mutants::Record::load(root)?;
    let runs = mutants
        .files
        .iter()
        .filter_map(|(file, run)| {
            let day = git::first_written(root, crate::mutants::RECORD_FILE, &run.checksum)?;
            Some((file.clone(), day))
        })
        .collect();
    let sources = Sources {
        reports: &reports,
        code: &code,
        reviewed: &ReviewRecord::load(root).map_err(|d| d.render())?,
        mutants: &mutants,
        runs,
        properties: &crate::property_reports(book)?,
        books: checked.as_ref(),
    };
    let mut audit = facts::collect(book, &sources, Origin::of(root))?;
    for ruling in audit.systems.iter_mut().flat_map(|s| &mut s.rulings) {
        ruling.written = git::written(root, &ruling.file, ruling.lines);
    }
    audit.book_findings = checked.as_ref().map_or(0, |run| run.findings.len());
    if let Some(dir) = books {
        let record = crate::provenance::mutate::read_record(root)?;
        audit.figure_mutants = Some(crate::provenance::mutate::mutate(book, dir, &record).tallies);
    }
    let books = html::Books {
        run: checked.as_ref(),
        mutants: audit.figure_mutants.as_ref(),
    };
    write(&audit, book, &code, &books, &root.join(REPORT_DIR))
        .map_err(|e| format!("cannot write the report under {REPORT_DIR}: {e}"))?;
    Ok(audit)
}

/// Every item, in the book or the resolver's code, changed since review.
pub fn changes(root: &Path, book: &Book) -> Result<Vec<Change>, String> {
    let record = ReviewRecord::load(root).map_err(|d| d.render())?;
    Ok(record.changes(book, &ResolverSource::scan(root)?))
}

/// The review queue: every change since review, what the checks cleared
/// (the locators only with `books`, the folder of the books), the rest
/// grouped (see [`model::Queue`]).
pub fn queue(root: &Path, book: &Book, books: Option<&Path>) -> Result<model::Queue, String> {
    let code = ResolverSource::scan(root)?;
    let record = ReviewRecord::load(root).map_err(|d| d.render())?;
    let reports = crate::reports(book)?;
    let run = books.map(|dir| crate::provenance::check(book, &root.join("spec"), dir));
    let commit = Origin::of(root).commit;
    Ok(model::Queue::of(
        record.changes(book, &code),
        &clear::Checks {
            book,
            books: run.as_ref(),
            reports: &reports,
            reviewed: &record,
            commit: &commit,
        },
        &queue::Sources {
            book,
            code: &code,
            reviewed: &record,
            reports: &reports,
        },
    ))
}

/// Writes the site and `audit.json` into `dir`, emptied first so that no page
/// of a removed chapter lingers.
fn write(
    audit: &Audit,
    book: &Book,
    code: &ResolverSource,
    books: &html::Books,
    dir: &Path,
) -> std::io::Result<()> {
    match std::fs::remove_dir_all(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    html::write_site(audit, book, code, books, dir)?;
    let json = serde_json::to_string_pretty(audit).map_err(std::io::Error::other)?;
    crate::write_atomically(&dir.join(SCHEMA_FILE), &schema())?;
    crate::write_atomically(&dir.join("audit.json"), &format!("{json}\n"))
}
