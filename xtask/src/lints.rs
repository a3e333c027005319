//! codegen's lints, run with what only the workspace knows: which tables the
//! resolver reads, and which sections an example's derivation cites.

use std::collections::HashMap;
use std::path::Path;

use casefile::batch::Asked;
use codegen::emit::cases::case_file;
use codegen::model::{Chapter, Example, System};
use codegen::{Book, Lint};
use resolver_source::ResolverSource;

/// Runs codegen's lints over `book`, with the tables the resolver under
/// `root/rules/src` reads as [`ResolverSource::reads`] finds them, and the
/// sections an example's derivation cites as the judge's resolver gives it.
pub fn lint_book(root: &Path, book: &Book) -> Result<Vec<Lint>, String> {
    let code = ResolverSource::scan(root)?;
    let reads = |module: &str, name: &str| code.reads(module, name);
    let cites = derivation_cites(book)?;
    let cited = |system: &System, _: &Chapter, e: &Example, id: &str| {
        cites
            .get(&(system.id.as_str(), e.id.as_str()))
            .is_some_and(|ids| ids.iter().any(|c| c == id))
    };
    Ok(codegen::lints(book, &reads, &cited))
}

/// The ids each example's derivation cites, by system and example id: none
/// for an example whose case file cannot be read.
fn derivation_cites(book: &Book) -> Result<HashMap<(&str, &str), Vec<String>>, String> {
    let examples: Vec<(&System, &Chapter, &Example)> = book
        .chapters()
        .flat_map(|(s, c)| c.examples.iter().map(move |e| (s, c, e)))
        .collect();
    let asked = Asked {
        cases: examples
            .iter()
            .map(|(s, c, e)| case_file(s, c, e).text)
            .collect(),
        properties: Vec::new(),
    };
    let judged = crate::judge::judge(&asked)?;
    Ok(examples
        .into_iter()
        .zip(judged.cases)
        .filter_map(|((s, _, e), report)| {
            let steps = report.ok()?.trace.steps;
            let cites = steps.into_iter().map(|step| step.cites).collect();
            Some(((s.id.as_str(), e.id.as_str()), cites))
        })
        .collect())
}
