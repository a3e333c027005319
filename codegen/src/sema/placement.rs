//! The `misplaced-in-ruling` lint: an example or a table that ended up in a
//! ruling's section, most often by being written after the ruling's heading
//! (at the end of a chapter whose last section is a ruling), so that its case
//! says `section = "ruling-…"` when the item belongs to the section above.
//!
//! A ruling's section (its id starts with `ruling-`) may hold what the ruling
//! itself states: a rule block, an example of a rule stated there, an example
//! an erratum or derivation of which cites the ruling, a table of our own
//! figures. Anything else in it fires.

use smol_str::SmolStr;

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::Diagnostic;
use crate::diag::lint_kind::LintKind;
use crate::diag::source::Span;
use crate::model::locator::Restates;
use crate::model::{Chapter, Example, Section, System, Table};

/// Whether the resolver's derivation of an example cites a section id. Codegen
/// cannot run the resolver, so the caller answers; it is asked only of examples
/// that nothing else ties to their ruling.
pub type Cites<'a> = &'a dyn Fn(&System, &Chapter, &Example, &str) -> bool;

/// The id prefix that makes a section a ruling's.
const RULING: &str = "ruling-";

/// The id of the ruling whose section `section` is, if it is one.
fn in_ruling(section: &Option<SmolStr>) -> Option<&str> {
    let id = section.as_deref()?;
    id.starts_with(RULING).then_some(id)
}

/// The examples and tables of `chapter` misplaced in a ruling's section.
pub fn misplaced(system: &System, chapter: &Chapter, cites: Cites) -> Vec<(LintKind, Diagnostic)> {
    let examples = chapter.examples.iter().filter_map(|e| {
        let ruling = in_ruling(&e.section)?;
        let mut rules = system.chapters.iter().flat_map(|c| &c.rules);
        let tied = rules.any(|r| r.id == e.rule && r.section == e.section)
            || e.errata.iter().any(|x| x.ruling == ruling)
            || cites(system, chapter, e, ruling);
        (!tied).then(|| example(system, chapter, e, ruling))
    });
    let tables = chapter.tables.iter().filter_map(|t| {
        let ruling = in_ruling(&t.section)?;
        (t.source.restates != Restates::Ours).then(|| table(chapter, t, ruling))
    });
    examples.chain(tables).collect()
}

fn example(
    system: &System,
    chapter: &Chapter,
    e: &Example,
    ruling: &str,
) -> (LintKind, Diagnostic) {
    let rule = system
        .chapters
        .iter()
        .flat_map(|c| &c.rules)
        .find(|r| r.id == e.rule);
    let home = match rule.and_then(|r| Some((r, r.section.as_deref()?))) {
        Some((r, s)) if r.chapter == chapter.id => {
            format!("section `{s}`, where rule `{}` stands", r.id)
        }
        _ => above(chapter, ruling),
    };
    let d = lint(
        chapter,
        id_span(chapter, &e.span, &e.id),
        format!("example `{}` is in the section of ruling `{ruling}`", e.id),
    )
    .label(format!("its case would say `section = \"{ruling}\"`"))
    .note(format!(
        "move it to {home}: a ruling's section holds only the examples of a rule stated there, or that an erratum or the derivation ties to the ruling"
    ));
    (LintKind::MisplacedInRuling, d)
}

fn table(chapter: &Chapter, t: &Table, ruling: &str) -> (LintKind, Diagnostic) {
    let d = lint(
        chapter,
        id_span(chapter, &t.span, &t.id),
        format!("table `{}` of the book is in the section of ruling `{ruling}`", t.id),
    )
    .label("the book prints these figures; the ruling only decides between readings")
    .note(format!(
        "move it to {}: a ruling's section holds only tables of our own figures (`restates = \"ours\"`)",
        above(chapter, ruling)
    ));
    (LintKind::MisplacedInRuling, d)
}

/// The section the ruling rules on: the nearest heading above it of a higher level.
fn above(chapter: &Chapter, ruling: &str) -> String {
    let at = chapter.sections.iter().position(|s| s.id == ruling);
    let before = at.map_or(&[][..], |i| &chapter.sections[..i]);
    let level = at.map_or(u8::MAX, |i| chapter.sections[i].level);
    match before.iter().rev().find(|s: &&Section| s.level < level) {
        Some(s) => format!("section `{}`, above the ruling's heading", s.id),
        None => "a section above the ruling's heading".to_string(),
    }
}

/// Where `id` is first written in the block at `span`: in its opening line.
fn id_span(chapter: &Chapter, span: &Span, id: &str) -> Span {
    let at = chapter.file.text[span.clone()]
        .find(id)
        .map_or(span.start, |i| span.start + i);
    at..at + id.len()
}

fn lint(chapter: &Chapter, span: Span, message: String) -> Diagnostic {
    Diagnostic::new(
        &chapter.file,
        span,
        DiagCode::Lint(LintKind::MisplacedInRuling),
        message,
    )
}
