//! codegen's lints, run with what only the workspace knows: which tables the
//! resolver reads, and which sections an example's derivation cites.

use std::path::Path;

use codegen::emit::cases::case_file;
use codegen::model::{Chapter, Example, System};
use codegen::{Book, Lint};
use conformance::Case;

use crate::{audit, examples};

/// Runs codegen's lints over `book`, with the tables the resolver under
/// `root/rules/src` reads as [`audit::ResolverSource::readers`] finds them, and the
/// sections an example's derivation cites as the linked resolver gives it.
pub fn lint_book(root: &Path, book: &Book) -> Result<Vec<Lint>, String> {
    let code = audit::ResolverSource::scan(root)?;
    let reads = |module: &str, name: &str| reads(&code, module, name);
    Ok(codegen::lints(book, &reads, &derivation_cites))
}

/// Whether the resolver `code` reads the constant `name` of the generated
/// chapter module `module` (`action::falling`).
pub fn reads(code: &audit::ResolverSource, module: &str, name: &str) -> bool {
    let (system, chapter) = module.split_once("::").unwrap_or((module, ""));
    !code.readers(system, chapter, name).is_empty()
}

/// Whether the derivation of example `e` cites section `id`.
fn derivation_cites(system: &System, chapter: &Chapter, e: &Example, id: &str) -> bool {
    let Ok(case) = Case::parse(&case_file(system, chapter, e).text) else {
        return false;
    };
    let report = examples::run_case(&case, conformance::evaluate);
    report.trace.steps.iter().any(|s| s.cites == id)
}
