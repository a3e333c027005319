//! codegen's lints, run with what only the workspace knows: which tables the
//! resolver reads.

use std::path::Path;

use codegen::{Book, Lint};

use crate::audit;

/// Runs codegen's lints over `book`, with the tables the resolver under
/// `root/rules/src` reads as [`audit::Code::readers`] finds them.
pub fn lint_book(root: &Path, book: &Book) -> Result<Vec<Lint>, String> {
    let code = audit::Code::scan(root)?;
    Ok(codegen::lints(book, &|module, name| {
        let (system, chapter) = module.split_once("::").unwrap_or((module, ""));
        !code.readers(system, chapter, name).is_empty()
    }))
}
