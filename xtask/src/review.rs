//! `cargo xtask review`: the review queue, what changed since each item's
//! stamp in `spec/reviewed.toml`. The reviewed state, the stamps and the
//! queue are the audit's ([`crate::audit::reviewed`], [`crate::audit::stamps`],
//! [`crate::audit::queue`](mod@crate::audit::queue)), since the report shows them too; this is the
//! queue as text.

use std::path::Path;

use codegen::diagnostic::visible;

use crate::context::Context;

/// Prints the review queue: page by page, each entry with its diff and the
/// command that stamps it, then what the checks cleared; what a terminal
/// would act on (ESC, BEL) in a reviewer's name or a text is shown as a
/// diagnostic shows it.
pub fn command(cx: &Context, books: Option<&Path>) -> Result<(), String> {
    let book = cx.compile()?;
    let queue = crate::audit::queue(&cx.root, &book, books)?;
    print!("{}", visible(&crate::audit::queue::text(&queue)));
    println!(
        "{} entries in the review queue ({} changes, {} cleared by a check)",
        queue.entries.len(),
        queue.entries.iter().map(|e| e.changes.len()).sum::<usize>(),
        queue.cleared.len()
    );
    Ok(())
}
