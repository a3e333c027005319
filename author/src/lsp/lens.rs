//! Each example's verdict and each property's, as a code lens over its
//! block: what the resolver made of it, the book's value beside the
//! resolver's for a claim that fails, or why there is no verdict yet.

use codegen::model::Chapter;
use lsp_types as lsp;

use super::pos;
use crate::verdict::{Judged, Verdict, Verdicts};

/// Where the verdicts stand.
#[derive(Debug)]
pub enum Judging {
    /// A resolver with the book's tables is judging the latest text.
    Waiting,
    /// The tables changed: a resolver of the new ones is being built.
    Rebuilding,
    Ready(Verdicts),
    Unavailable(String),
}

/// The lenses of `chapter`, one per example and property.
pub fn lenses(chapter: &Chapter, judging: &Judging) -> Vec<lsp::CodeLens> {
    let text = &chapter.file.text;
    let examples = chapter.examples.iter().map(|e| (&e.id, &e.span, false));
    let properties = chapter.properties.iter().map(|p| (&p.id, &p.span, true));
    examples
        .map(|(id, span, p)| (id.as_str(), span, p))
        .chain(properties.map(|(id, span, p)| (id.as_str(), span, p)))
        .map(|(id, span, property)| {
            let found = |v: &Verdicts| {
                let list = if property { &v.properties } else { &v.examples };
                list.iter()
                    .find(|j| j.file == chapter.file.path && j.id == id)
                    .map(title)
            };
            let title = match judging {
                Judging::Waiting => "judging…".to_string(),
                Judging::Rebuilding => "rebuilding the resolver with the new tables…".to_string(),
                Judging::Unavailable(why) => {
                    format!("no verdict: {}", why.lines().next().unwrap_or(""))
                }
                Judging::Ready(v) => found(v).unwrap_or_else(|| "judging…".to_string()),
            };
            let start = pos::position(text, span.start);
            lsp::CodeLens {
                range: lsp::Range::new(start, start),
                command: Some(lsp::Command::new(title, String::new(), None)),
                data: None,
            }
        })
        .collect()
}

/// `agrees`, `holds …`, or the verdict with the lines that make it: a failing
/// claim's `name: book 8d6 | rules 9d6`, an erratum's ruling.
fn title(j: &Judged) -> String {
    let telling = |l: &&String| match j.verdict {
        Verdict::Fails => {
            l.contains("fails") || l.starts_with("error:") || l.starts_with("refused")
        }
        Verdict::Erratum => l.contains("erratum"),
        Verdict::Holds => true,
        Verdict::Agrees => false,
    };
    let lines: Vec<&str> = j.lines.iter().filter(telling).map(|l| l.as_str()).collect();
    match lines.as_slice() {
        [] => j.verdict.to_string(),
        _ => format!("{}: {}", j.verdict, lines.join("; ")),
    }
}
