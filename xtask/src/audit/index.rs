//! The indexes of a system on the front page, drawn from its chapters' facts:
//! the examples that fail, every erratum, and every ruling with the errata
//! that cite it.

use casefile::Verdict;

use crate::audit::model::{ChapterFacts, Cite, ErratumEntry, FailingExample, RulingFacts};

/// An example of `chapter`, titled by the section it sits in.
fn example_cite(chapter: &ChapterFacts, id: &str) -> Cite {
    let section = chapter
        .examples
        .iter()
        .find(|e| e.item.id == id)
        .and_then(|e| e.section.as_deref());
    Cite {
        id: id.to_string(),
        title: section.and_then(|s| {
            chapter
                .sections
                .iter()
                .find(|x| x.item.id == s)
                .map(|x| x.title.clone())
        }),
        href: Some(format!("{}#{id}", chapter.page)),
    }
}

pub fn failing(chapters: &[ChapterFacts]) -> Vec<FailingExample> {
    chapters
        .iter()
        .flat_map(|c| c.examples.iter().map(move |e| (c, e)))
        .filter(|(_, e)| e.verdict == Verdict::Fails)
        .map(|(c, e)| FailingExample {
            example: example_cite(c, &e.item.id),
            rule: e.rule.clone(),
            why: e
                .claims
                .iter()
                .filter_map(|claim| claim.why.as_ref().map(|w| format!("{}: {w}", claim.name)))
                .chain(e.error.clone())
                .collect(),
        })
        .collect()
}

pub fn errata(chapters: &[ChapterFacts]) -> Vec<ErratumEntry> {
    let mut out = Vec::new();
    for c in chapters {
        for e in &c.examples {
            for claim in &e.claims {
                if let Some(er) = &claim.erratum {
                    out.push(ErratumEntry {
                        example: example_cite(c, &e.item.id),
                        claim: claim.name.clone(),
                        book: claim.book.clone(),
                        rules: claim.rules.clone(),
                        status: claim.status,
                        ruling: er.ruling.clone(),
                        reason: er.reason.clone(),
                    });
                }
            }
        }
    }
    out
}

/// The examples of any chapter of `chapters` that the text of section `id`
/// of `compiled` names in backticks, in the order it names them.
fn named_examples(
    compiled: &codegen::model::Chapter,
    id: &str,
    chapters: &[ChapterFacts],
) -> Vec<Cite> {
    let text = &compiled.file.text;
    let Some(i) = compiled.sections.iter().position(|s| s.id == id) else {
        return Vec::new();
    };
    let start = compiled.sections[i].span.end;
    let end = compiled
        .sections
        .get(i + 1)
        .map_or(text.len(), |n| n.span.start);
    let body = text.get(start..end).unwrap_or_default();
    body.split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|word| {
            chapters.iter().find_map(|c| {
                let found = c.examples.iter().any(|e| e.item.id == word);
                found.then(|| example_cite(c, word))
            })
        })
        .collect()
}

/// The sections whose id starts `ruling-`, in book order, each with what
/// it declares of the book (read from `system`, the compiled sections), the
/// examples among `errata` (the system's) that cite it, the examples whose
/// derivation cites it, and every example it touches.
pub fn rulings(
    system: &codegen::model::System,
    chapters: &[ChapterFacts],
    errata: &[ErratumEntry],
) -> Vec<RulingFacts> {
    use codegen::model::locator::Declares;
    let mut out = Vec::new();
    for (c, compiled) in chapters.iter().zip(&system.chapters) {
        for (i, s) in c.sections.iter().enumerate() {
            if !s.item.id.starts_with("ruling-") {
                continue;
            }
            let mut cited_by: Vec<Cite> = errata
                .iter()
                .filter(|e| e.ruling.id == s.item.id)
                .map(|e| e.example.clone())
                .collect();
            cited_by.dedup_by(|a, b| a.id == b.id);
            let derivations: Vec<Cite> = chapters
                .iter()
                .flat_map(|c| c.examples.iter().map(move |e| (c, e)))
                .filter(|(_, e)| e.trace.iter().any(|step| step.cites.id == s.item.id))
                .map(|(c, e)| example_cite(c, &e.item.id))
                .collect();
            // The section it governs: the nearest heading above it of a
            // higher level, and its own.
            let parent = c.sections[..i]
                .iter()
                .rev()
                .find(|p| p.level < s.level)
                .map(|p| p.item.id.as_str());
            let governed = c
                .examples
                .iter()
                .filter(|e| {
                    let section = e.section.as_deref();
                    section == Some(s.item.id.as_str()) || (section.is_some() && section == parent)
                })
                .map(|e| example_cite(c, &e.item.id));
            // The examples its text names in backticks (`mary-falls`).
            let named = named_examples(compiled, &s.item.id, chapters);
            let mut touches: Vec<Cite> = Vec::new();
            let all = cited_by.iter().chain(&derivations).cloned();
            for cite in all.chain(governed).chain(named) {
                if !touches
                    .iter()
                    .any(|t| t.id == cite.id && t.href == cite.href)
                {
                    touches.push(cite);
                }
            }
            let declares = compiled
                .sections
                .iter()
                .find(|d| d.id == s.item.id)
                .and_then(|d| d.declares.as_ref());
            let (stance, sets_aside) = match declares {
                Some(Declares::Aside(asides)) => (
                    "against the book",
                    asides
                        .iter()
                        .map(|a| format!("line {}: {}", a.line, a.text))
                        .collect(),
                ),
                Some(Declares::Gap) => ("fills a gap", Vec::new()),
                None => ("undeclared", Vec::new()),
            };
            let end = c.sections.get(i + 1).map(|n| n.item.line - 1);
            out.push(RulingFacts {
                ruling: Cite {
                    id: s.item.id.clone(),
                    title: Some(s.title.clone()),
                    href: Some(format!("{}#{}", c.page, s.item.id)),
                },
                chapter: c.id.clone(),
                stance,
                sets_aside,
                cited_by,
                derivations,
                touches,
                file: c.path.clone(),
                lines: (s.item.line, end),
                written: None,
            });
        }
    }
    out
}
