//! What stands at a place of a chapter, and what the editor asks about it:
//! hover, go to definition, find references, and the chapter's outline.

use std::path::Path;

use codegen::Book;
use codegen::emit::rust::{cell_value, column_type};
use codegen::model::{Chapter, Example, Property, Rule, Section, System, Table};
use codegen::source::Span;
use lsp_types as lsp;

use crate::pos;

/// What the cursor is on, most specific first.
pub enum Item<'a> {
    Cell {
        table: &'a Table,
        row: usize,
        column: usize,
    },
    /// An example's or property's `rule = "…"`.
    RuleRef(&'a Rule),
    /// A key of an example's TOML: an input or a claim.
    Key {
        rule: &'a Rule,
        name: &'a str,
    },
    /// An erratum entry, which cites its ruling.
    Erratum(&'a Section),
    /// A word that is a section id.
    SectionId(&'a Section),
    Rule(&'a Rule),
    Table(&'a Table),
}

fn inside(span: &Span, at: usize) -> bool {
    span.start <= at && at <= span.end
}

/// The item of `chapter` (of `system`) at byte `at`.
pub fn item_at<'a>(
    book: &'a Book,
    system: &'a System,
    chapter: &'a Chapter,
    at: usize,
) -> Option<Item<'a>> {
    let rule_of = |id: &str| book.rule(&system.id, id);
    let section = |id: &str| {
        system
            .chapters
            .iter()
            .flat_map(|c| &c.sections)
            .find(|s| s.id == id)
    };
    for t in &chapter.tables {
        for (r, row) in t.rows.iter().enumerate() {
            if let Some(c) = t.cells_of(row).iter().position(|c| inside(&c.span, at)) {
                return Some(Item::Cell {
                    table: t,
                    row: r,
                    column: c,
                });
            }
        }
    }
    for e in &chapter.examples {
        if inside(&e.rule_span, at) {
            return rule_of(&e.rule).map(Item::RuleRef);
        }
        if let Some(b) = e.bindings.iter().find(|b| inside(&b.span, at)) {
            return rule_of(&e.rule).map(|rule| Item::Key {
                rule,
                name: &b.name,
            });
        }
        let text = &chapter.file.text;
        if let Some(err) = e
            .errata
            .iter()
            .find(|x| inside(&entry(text, &x.span, e.span.end), at))
        {
            return section(&err.ruling).map(Item::Erratum);
        }
    }
    if let Some(p) = chapter.properties.iter().find(|p| inside(&p.rule_span, at)) {
        return rule_of(&p.rule).map(Item::RuleRef);
    }
    if let Some(s) = section(word_at(&chapter.file.text, at)) {
        return Some(Item::SectionId(s));
    }
    if let Some(r) = chapter.rules.iter().find(|r| inside(&r.span, at)) {
        return Some(Item::Rule(r));
    }
    chapter
        .tables
        .iter()
        .find(|t| inside(&t.extent, at) || inside(&t.span, at))
        .map(Item::Table)
}

/// The lines of the TOML table whose header holds `key` (an erratum's
/// `[errata.<claim>]`): up to the next header, or `end`.
fn entry(text: &str, key: &Span, end: usize) -> Span {
    let rest = text.get(key.end..end).unwrap_or_default();
    let next = rest.find("\n[").map_or(end, |i| key.end + i);
    key.start..next
}

/// The id-like word (letters, digits, `-`, `_`, `.`) around byte `at`.
pub fn word_at(text: &str, at: usize) -> &str {
    let is_word = |c: char| c.is_alphanumeric() || "-_.".contains(c);
    let at = text.floor_char_boundary(at.min(text.len()));
    let start = text[..at].rfind(|c| !is_word(c)).map_or(0, |i| i + 1);
    let end = text[at..]
        .find(|c| !is_word(c))
        .map_or(text.len(), |i| at + i);
    &text[start..end]
}

/// A rule's signature as a rule block declares it.
pub fn signature(rule: &Rule) -> String {
    let params = |ps: &[codegen::model::Param]| {
        ps.iter()
            .map(|p| format!("{}{}: {}", p.name, if p.optional { "?" } else { "" }, p.ty))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "rule {}({}) -> ({})",
        rule.id,
        params(&rule.given),
        params(&rule.outputs)
    )
}

/// Rust as the emitter's token streams print it (`Dice :: new (9 , 6 , 0)`),
/// spaced as it is written (`Dice::new(9, 6, 0)`).
fn tidy(rust: &str) -> String {
    rust.replace(" :: ", "::")
        .replace(" (", "(")
        .replace(" , ", ", ")
        .replace(" )", ")")
        .replace("( ", "(")
        .replace(" <", "<")
        .replace("< ", "<")
        .replace(" >", ">")
}

/// The hover text of `item`, in Markdown.
pub fn hover(item: &Item) -> Option<String> {
    Some(match item {
        Item::Cell { table, row, column } => {
            let col = &table.columns[*column];
            let cell = &table.cells_of(&table.rows[*row])[*column];
            let constant = match table.constant_rows().nth(*row) {
                Some((name, _)) => format!("`{name}`"),
                None => format!("`{}[{row}].{}`", table.constant_names().join(""), col.field),
            };
            format!(
                "```rust\n{}\n```\n{constant}: `{}` (column `{}`)",
                tidy(&cell_value(&col.ty, &cell.value)),
                tidy(&column_type(&col.ty)),
                col.field
            )
        }
        Item::RuleRef(rule) | Item::Rule(rule) => format!("```\n{}\n```", signature(rule)),
        Item::Key { rule, name } => {
            let given = rule.given.iter().map(|p| ("input", p));
            let (what, p) = given
                .chain(rule.outputs.iter().map(|p| ("output", p)))
                .find(|(_, p)| p.name == *name)?;
            format!("{what} `{name}` of `{}`: `{}`", rule.id, p.ty)
        }
        Item::Erratum(s) | Item::SectionId(s) => format!("section `{}`: {}", s.id, s.title),
        Item::Table(t) => format!(
            "table `{}`: {} ({} rows) becomes `{}`",
            t.id,
            t.title,
            t.rows.len(),
            t.constant_names().join("`, `")
        ),
    })
}

/// The spans where `item` is defined, as locations under `root`.
pub fn definition(root: &Path, system: &System, item: &Item) -> Vec<lsp::Location> {
    let chapter_of = |span_owner: &dyn Fn(&Chapter) -> Option<Span>| {
        system
            .chapters
            .iter()
            .find_map(|c| span_owner(c).map(|s| pos::location(root, &c.file, &s)))
    };
    match item {
        Item::RuleRef(rule) => chapter_of(&|c| {
            c.rules
                .iter()
                .find(|r| r.id == rule.id)
                .map(|r| r.span.clone())
        })
        .into_iter()
        .collect(),
        Item::Erratum(s) | Item::SectionId(s) => chapter_of(&|c| {
            c.sections
                .iter()
                .find(|x| x.id == s.id)
                .map(|x| x.span.clone())
        })
        .into_iter()
        .collect(),
        Item::Rule(rule) => crate::sources::resolver_fn(root, system, rule)
            .into_iter()
            .collect(),
        Item::Table(t) | Item::Cell { table: t, .. } => crate::sources::readers(root, system, t),
        Item::Key { .. } => Vec::new(),
    }
}

/// Where `item` is used: a rule's examples and properties, a table's readers.
pub fn references(root: &Path, system: &System, item: &Item) -> Vec<lsp::Location> {
    match item {
        Item::Rule(rule) | Item::RuleRef(rule) => system
            .chapters
            .iter()
            .flat_map(|c| {
                let examples = c
                    .examples
                    .iter()
                    .filter(|e| e.rule == rule.id)
                    .map(|e: &Example| &e.rule_span);
                let properties = c
                    .properties
                    .iter()
                    .filter(|p| p.rule == rule.id)
                    .map(|p: &Property| &p.rule_span);
                examples
                    .chain(properties)
                    .map(|s| pos::location(root, &c.file, s))
            })
            .collect(),
        Item::Table(t) | Item::Cell { table: t, .. } => crate::sources::readers(root, system, t),
        _ => Vec::new(),
    }
}

/// The chapter's outline: its sections, tables, rules, examples and properties.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must still be given
pub fn symbols(chapter: &Chapter) -> Vec<lsp::DocumentSymbol> {
    let text = &chapter.file.text;
    let symbol = |name: String, detail: &str, kind, span: &Span| lsp::DocumentSymbol {
        name,
        detail: Some(detail.to_string()),
        kind,
        tags: None,
        deprecated: None,
        range: pos::range(text, span),
        selection_range: pos::range(text, span),
        children: None,
    };
    let mut out: Vec<(usize, lsp::DocumentSymbol)> = Vec::new();
    use lsp::SymbolKind as K;
    for s in &chapter.sections {
        out.push((
            s.span.start,
            symbol(
                s.title.to_string(),
                &format!("section {}", s.id),
                K::NAMESPACE,
                &s.span,
            ),
        ));
    }
    for t in &chapter.tables {
        out.push((
            t.span.start,
            symbol(
                t.id.to_string(),
                &format!("table → {}", t.constant_names().join(", ")),
                K::STRUCT,
                &t.extent,
            ),
        ));
    }
    for r in &chapter.rules {
        out.push((
            r.span.start,
            symbol(r.id.to_string(), "rule", K::FUNCTION, &r.span),
        ));
    }
    for e in &chapter.examples {
        out.push((
            e.span.start,
            symbol(
                e.id.to_string(),
                &format!("example of {}", e.rule),
                K::EVENT,
                &e.span,
            ),
        ));
    }
    for p in &chapter.properties {
        out.push((
            p.span.start,
            symbol(
                p.id.clone(),
                &format!("property of {}", p.rule),
                K::PROPERTY,
                &p.span,
            ),
        ));
    }
    out.sort_by_key(|(at, _)| *at);
    out.into_iter().map(|(_, s)| s).collect()
}
