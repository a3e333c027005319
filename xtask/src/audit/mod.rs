//! `cargo xtask audit`: the evidence for auditors. The book rendered chapter by
//! chapter with each example's verdict in place, the code behind each table,
//! and which items changed since they were last reviewed; as a static site and
//! as `audit.json`, both under `target/audit/`.

mod checksum;
pub mod facts;
mod html;
pub mod readers;
pub mod review;

use std::path::Path;

use codegen::Book;

pub use checksum::checksum;
pub use facts::Audit;
use readers::Readers;
pub use review::{Change, REVIEWED_FILE, Review, Stamp};

/// Where the report is written, relative to the workspace root.
pub const REPORT_DIR: &str = "target/audit";

/// The audit of the workspace at `root`, whose compiled book is `book`: stamps
/// the book as reviewed first when `stamp` is set, gathers the facts and writes
/// the report to `root/target/audit/`.
pub fn run(root: &Path, book: &Book, stamp: bool) -> Result<Audit, String> {
    if stamp {
        Stamp::of(book).save(root)?;
    }
    let reports = crate::reports(book)?;
    let readers = Readers::scan(&root.join("rules").join("src"))?;
    let audit = facts::collect(book, &reports, &readers, &Stamp::load(root)?)?;
    write(&audit, book, &root.join(REPORT_DIR))
        .map_err(|e| format!("cannot write the report under {REPORT_DIR}: {e}"))?;
    Ok(audit)
}

/// Writes the site and `audit.json` into `dir`, emptied first so that no page
/// of a removed chapter lingers.
fn write(audit: &Audit, book: &Book, dir: &Path) -> std::io::Result<()> {
    match std::fs::remove_dir_all(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    html::write_site(audit, book, dir)?;
    let json = serde_json::to_string_pretty(audit).map_err(std::io::Error::other)?;
    crate::write_atomically(&dir.join("audit.json"), &format!("{json}\n"))
}
