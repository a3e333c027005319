//! `cargo xtask check`: [`crate::regen`] without writing, then with
//! `--reviewed` every item changed since review, and with `--no-pending`
//! every resolver module that waits for its first mutation run.

use codegen::diagnostic::visible;

use crate::audit::{Change, REVIEWED_FILE, ReviewRecord};
use crate::cli::MessageFormat;
use crate::context::{Context, json_line};
use resolver_source::ResolverSource;

/// Fails, naming each, on what regen would change, a lint, a failing example,
/// and as asked on an item changed since review or a module pending.
pub fn command(cx: &Context, reviewed: bool, no_pending: bool) -> Result<(), String> {
    crate::regen::command(cx, true)?;
    if reviewed {
        as_reviewed(cx)?;
    }
    match crate::mutants::pending(&cx.root)? {
        Some(waiting) if no_pending => Err(waiting),
        _ => Ok(()),
    }
}

/// Fails naming every item (prose, or a rule's code) whose text differs from
/// the reviewed state: listed in the failure, or one JSON object each.
fn as_reviewed(cx: &Context) -> Result<(), String> {
    let book = cx.compile()?;
    let changes = changes(cx, &book)?;
    if changes.is_empty() {
        println!("every item is as reviewed ({REVIEWED_FILE})");
        return Ok(());
    }
    let summary = format!(
        "{} items changed since review; read them (`cargo xtask review` shows each with its diff), then stamp them (`cargo xtask audit --stamp ITEM`)",
        changes.len()
    );
    match cx.format {
        MessageFormat::Human => {
            let lines: Vec<String> = changes.iter().map(ToString::to_string).collect();
            let list = format!("{summary}:\n  {}", lines.join("\n  "));
            Err(visible(&list).into_owned())
        }
        MessageFormat::Json => {
            for change in &changes {
                eprint!("{}", json_line(&change.json()));
            }
            Err(summary)
        }
    }
}

/// Every item changed since review, once the reviewed state is read as
/// evidence: its faults go to stderr as chosen, each at its place.
fn changes(cx: &Context, book: &codegen::Book) -> Result<Vec<Change>, String> {
    let record = ReviewRecord::load(&cx.root).map_err(|d| cx.failed(&d))?;
    Ok(record.changes(book, &ResolverSource::scan(&cx.root)?))
}
