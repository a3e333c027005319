//! `xtask verdicts`, the language server's resolver: reads an
//! [`author::verdict::Request`] on stdin and writes its [`Answer`] on stdout.
//! It refuses to judge a book whose tables are not the ones it was built
//! with, or while the resolver's sources (in the workspace it was built in)
//! differ from those it was built from, so the editor never shows a verdict
//! of stale tables or stale code.

use std::path::Path;

use author::verdict::{Answer, Judged, Request, Verdict, Verdicts};
use codegen::Book;
use codegen::emit::cases::case_file;
use codegen::emit::properties::property_file;
use codegen::model::{Chapter, Property, System};
use conformance::Case;

use crate::examples::{describe, run_case};

/// Judges the request's book with the resolver linked into this binary.
pub fn answer(request: &Request) -> Answer {
    // The server has checked the resolver functions; a missing one fails the build.
    let Ok(book) = author::world::book(&request.root, &request.overlays) else {
        return Answer::Broken;
    };
    let tables = codegen::emit::fingerprint(&codegen::emit::rust::rust_module(&book));
    let code = codegen::emit::sources_fingerprint(&crate::workspace_root().join("rules/src"));
    let built = [rules::SPEC_FINGERPRINT, rules::SOURCES_FINGERPRINT].join("+");
    let wanted = [tables.as_str(), code.as_deref().unwrap_or("unreadable")].join("+");
    if wanted != built {
        return Answer::Stale { built, wanted };
    }
    let mut verdicts = Verdicts {
        lints: lints(&request.root, &book),
        ..Verdicts::default()
    };
    let asked =
        |c: &Chapter| request.chapters.is_empty() || request.chapters.contains(&c.file.path);
    for (system, chapter) in book.chapters().filter(|(_, c)| asked(c)) {
        for e in &chapter.examples {
            let judged = match Case::parse(&case_file(system, chapter, e).text) {
                Ok(case) => example(chapter, &e.id, &case),
                Err(err) => judged(
                    chapter,
                    &e.id,
                    Verdict::Fails,
                    vec![format!("case unreadable: {err}")],
                ),
            };
            verdicts.examples.push(judged);
        }
        for p in &chapter.properties {
            verdicts.properties.push(property(system, chapter, p));
        }
    }
    Answer::Judged(verdicts)
}

fn judged(chapter: &Chapter, id: &str, verdict: Verdict, lines: Vec<String>) -> Judged {
    Judged {
        file: chapter.file.path.clone(),
        id: id.to_string(),
        verdict,
        lines,
    }
}

/// An example's verdict with its claims as `eval` prints them.
fn example(chapter: &Chapter, id: &str, case: &Case) -> Judged {
    let report = run_case(case, conformance::evaluate);
    let described = describe("", &report, false);
    let lines = described
        .lines()
        .skip(1)
        .map(|l| l.trim().to_string())
        .collect();
    let verdict = match report.verdict {
        conformance::Verdict::Agrees => Verdict::Agrees,
        conformance::Verdict::Erratum => Verdict::Erratum,
        conformance::Verdict::Fails => Verdict::Fails,
    };
    judged(chapter, id, verdict, lines)
}

fn property(system: &System, chapter: &Chapter, p: &Property) -> Judged {
    match crate::check_property(&property_file(system, chapter, p).text) {
        Ok(report) if report.holds() => judged(
            chapter,
            &p.id,
            Verdict::Holds,
            vec![report.tried.to_string()],
        ),
        Ok(report) => judged(
            chapter,
            &p.id,
            Verdict::Fails,
            report.render().lines().map(String::from).collect(),
        ),
        Err(err) => judged(
            chapter,
            &p.id,
            Verdict::Fails,
            vec![format!("property file unreadable: {err}")],
        ),
    }
}

/// The book's lints that no `allow` silences, as JSON diagnostics.
fn lints(root: &Path, book: &Book) -> Vec<serde_json::Value> {
    let Ok(lints) = crate::lint_book(root, book) else {
        return Vec::new();
    };
    lints
        .iter()
        .filter(|l| !l.is_allowed())
        .filter_map(|l| serde_json::to_value(l.diagnostic.json()).ok())
        .collect()
}
