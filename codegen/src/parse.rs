//! Markdown -> [`Chapter`]: walks pulldown-cmark's events with their byte
//! offsets, collecting front matter, sections, schema comments with the tables
//! they type, and the fenced `rule` and `example` blocks.

use std::sync::Arc;

use pulldown_cmark::{CodeBlockKind, Event, MetadataBlockKind, Options, Parser, Tag, TagEnd};

use crate::blocks::{parse_example, parse_rule};
use crate::code::Code;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::lint::{LintKind, Scope};
use crate::model::{Allow, Chapter, FrontMatter, Section};
use crate::property::parse_property;
use crate::recognize::{
    FenceKind, fence_closed, fence_kind, glued_schema, indented_fence, is_allow_comment,
    is_schema_comment, misspelt_fence, unclosed_comment,
};
use crate::rows::{RawTable, build_table};
use crate::source::{SourceFile, Span};
use crate::table::{Schema, lint_for, parse_schema, stated_reason};
use crate::toml_spans::Doc;

/// The Markdown extensions the book is written with: tables, heading ids and
/// `+++` front matter. Whatever else renders a chapter parses it the same way.
pub fn markdown_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_PLUSES_DELIMITED_METADATA_BLOCKS
}

/// What the walker is in the middle of.
enum Open {
    Nothing,
    Heading {
        id: Option<String>,
        level: u8,
        title: String,
        span: Span,
    },
    Table(Box<RawTable>),
    Fence {
        kind: FenceKind,
        id: String,
        body: String,
        base: Option<usize>,
        span: Span,
    },
    Front {
        body: String,
        base: Option<usize>,
        span: Span,
    },
}

/// Parses one chapter. Problems go to `diags`; a chapter is returned whenever its
/// front matter could be read, so that later checks still see what parsed.
pub fn parse_chapter(file: &Arc<SourceFile>, diags: &mut Diagnostics) -> Option<Chapter> {
    let text = file.text.as_str();
    let mut front = None;
    let mut front_seen = false;
    // A rejected schema has been reported; its table is skipped rather than reported again.
    let mut schema_rejected = false;
    let mut sections: Vec<Section> = Vec::new();
    let mut tables = Vec::new();
    let mut rules = Vec::new();
    let mut broken_rules = Vec::new();
    let mut examples = Vec::new();
    let mut properties = Vec::new();
    let mut schema: Option<Schema> = None;
    let mut open = Open::Nothing;
    let chapter_id = file.stem();
    let current = |sections: &[Section]| sections.last().map(|s| s.id.clone());
    // Allow comments sit right under a heading: only other allow comments may come between.
    let mut under_heading = false;

    for (event, range) in Parser::new_ext(text, markdown_options()).into_offset_iter() {
        if matches!(open, Open::Nothing)
            && matches!(event, Event::Start(_))
            && !(matches!(event, Event::Start(Tag::HtmlBlock))
                && is_allow_comment(&text[range.clone()]))
        {
            under_heading = false;
        }
        match (&mut open, event) {
            (Open::Nothing, Event::Start(Tag::MetadataBlock(MetadataBlockKind::PlusesStyle))) => {
                front_seen = true;
                if range.start != 0 {
                    diags.push(
                        Diagnostic::new(file, range.start..range.start + 3, Code::FrontMatter, "the front matter does not open the file")
                            .label("its `+++` must be the file's first line, with nothing, not even a blank line, above it"),
                    );
                }
                open = Open::Front {
                    body: String::new(),
                    base: None,
                    span: range,
                };
            }
            (Open::Front { body, base, .. }, Event::Text(t)) => {
                base.get_or_insert(range.start);
                body.push_str(&t);
            }
            (Open::Front { .. }, Event::End(TagEnd::MetadataBlock(_))) => {
                let Open::Front { body, base, span } = std::mem::replace(&mut open, Open::Nothing)
                else {
                    unreachable!()
                };
                match parse_front(file, &body, base.unwrap_or(span.start)) {
                    Ok(f) => front = Some(f),
                    Err(d) => diags.push(d),
                }
            }
            (Open::Nothing, Event::Start(Tag::Heading { level, id, .. })) => {
                let level = level as u8;
                open = Open::Heading {
                    id: id.map(|i| i.to_string()),
                    level,
                    title: String::new(),
                    span: range,
                };
            }
            (Open::Heading { title, .. }, Event::Text(t) | Event::Code(t)) => title.push_str(&t),
            (Open::Heading { .. }, Event::End(TagEnd::Heading(_))) => {
                let Open::Heading {
                    id,
                    level,
                    title,
                    span,
                } = std::mem::replace(&mut open, Open::Nothing)
                else {
                    unreachable!()
                };
                match id {
                    Some(id) if !is_id(&id) => diags.push(bad_id(file, span, &id)),
                    Some(id) => {
                        sections.push(Section {
                            id,
                            title: title.trim().to_string(),
                            level,
                            span,
                            allows: Vec::new(),
                        });
                        under_heading = true;
                    }
                    None => diags.push(
                        Diagnostic::new(
                            file,
                            span,
                            Code::Id,
                            format!("section `{}` has no id", title.trim()),
                        )
                        .label("add a stable id, e.g. `{#some-id}`, at the end of the heading"),
                    ),
                }
            }
            (Open::Nothing, Event::Start(Tag::HtmlBlock)) => {
                let html = &text[range.clone()];
                let ours = is_allow_comment(html) || is_schema_comment(html);
                let unclosed = unclosed_comment(file, html, range.start).filter(|_| ours);
                if let Some(d) = unclosed.or_else(|| glued_schema(file, html, range.start)) {
                    schema_rejected = true;
                    diags.push(d);
                } else if is_allow_comment(html) {
                    match sections.last_mut().filter(|_| under_heading) {
                        Some(section) => match parse_allow(file, html, range.start, &section.id) {
                            Ok(a) if section.allows.iter().any(|x| x.lint == a.lint) => diags.push(
                                Diagnostic::new(
                                    file,
                                    a.span,
                                    Code::Allow,
                                    format!(
                                        "`{}` is allowed twice for section `{}`",
                                        a.lint, section.id
                                    ),
                                )
                                .label("one allow per lint and section"),
                            ),
                            Ok(a) => section.allows.push(a),
                            Err(d) => diags.push(d),
                        },
                        None => diags.push(
                            Diagnostic::new(
                                file,
                                range.start..range.start + html.trim_end().len(),
                                Code::Allow,
                                "an `allow` comment must sit right under a heading",
                            )
                            .label("it allows a lint for the section whose heading it follows"),
                        ),
                    }
                } else if is_schema_comment(html) {
                    if let Some(s) = schema.take() {
                        diags.push(orphan_schema(file, &s));
                    }
                    match parse_schema(file, html, range.start) {
                        Ok(s) => schema = Some(s),
                        Err(d) => {
                            schema_rejected = true;
                            diags.push(d);
                        }
                    }
                }
            }
            (Open::Nothing, Event::Start(Tag::Table(_))) => {
                open = Open::Table(Box::new(RawTable::new(
                    schema.take(),
                    std::mem::take(&mut schema_rejected),
                    range,
                )));
            }
            (Open::Table(t), event) => {
                if matches!(event, Event::End(TagEnd::Table)) {
                    let Open::Table(raw) = std::mem::replace(&mut open, Open::Nothing) else {
                        unreachable!()
                    };
                    if let Some(table) = build_table(file, *raw, current(&sections), diags) {
                        tables.push(table);
                    }
                } else {
                    t.event(&event, range);
                }
            }
            (Open::Nothing, Event::Start(Tag::CodeBlock(CodeBlockKind::Indented))) => {
                diags.extend(indented_fence(file, range));
            }
            (Open::Nothing, Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))) => {
                diags.extend(misspelt_fence(file, &info, range.clone()));
                if let Some(kind) = fence_kind(&info) {
                    match info.split_whitespace().nth(1) {
                        Some(id) if !is_id(id) => diags.push(bad_id(file, range.clone(), id)),
                        Some(id) => {
                            open = Open::Fence {
                                kind,
                                id: id.to_string(),
                                body: String::new(),
                                base: None,
                                span: range,
                            };
                        }
                        None => diags.push(
                            Diagnostic::new(
                                file,
                                range.start
                                    ..range.start
                                        + text[range.clone()].find('\n').unwrap_or(range.len()),
                                Code::Id,
                                "block has no id",
                            )
                            .label(
                                "write the id after the block's kind, e.g. `example mary-falls`",
                            ),
                        ),
                    }
                }
            }
            (Open::Fence { body, base, .. }, Event::Text(t)) => {
                base.get_or_insert(range.start);
                body.push_str(&t);
            }
            (Open::Fence { .. }, Event::End(TagEnd::CodeBlock)) => {
                let Open::Fence {
                    kind,
                    id,
                    body,
                    base,
                    span,
                } = std::mem::replace(&mut open, Open::Nothing)
                else {
                    unreachable!()
                };
                if !fence_closed(&text[span.clone()]) {
                    let first_line = text[span.clone()].find('\n').unwrap_or(span.len());
                    diags.push(
                        Diagnostic::new(
                            file,
                            span.start..span.start + first_line,
                            Code::Unclosed,
                            format!("block `{id}` is not closed"),
                        )
                        .label("its fence runs to the end of the file: close it with a fence line of its own"),
                    );
                    continue;
                }
                let base = base.unwrap_or(span.end);
                let section = current(&sections);
                let result = match kind {
                    FenceKind::Rule => {
                        let rule_id = format!("{chapter_id}.{id}");
                        parse_rule(file, &chapter_id, id, section, &body, base, span)
                            .map(|r| rules.push(r))
                            .inspect_err(|_| broken_rules.push(rule_id))
                    }
                    FenceKind::Example => parse_example(file, id, section, &body, base, span)
                        .map(|e| examples.push(e)),
                    FenceKind::Property => parse_property(file, id, section, &body, base, span)
                        .map(|p| properties.push(p)),
                };
                if let Err(d) = result {
                    diags.push(d);
                }
            }
            (Open::Nothing, Event::Start(_)) => {
                if let Some(s) = schema.take() {
                    diags.push(orphan_schema(file, &s));
                }
            }
            _ => {}
        }
    }
    if let Some(s) = schema.take() {
        diags.push(orphan_schema(file, &s));
    }
    if !is_id(&chapter_id) {
        diags.push(
            bad_id(file, 0..0, &chapter_id).note("a chapter's id is its file name without `.md`"),
        );
        return None;
    }
    if let Some(why) = crate::names::problem(&chapter_id) {
        diags.push(
            Diagnostic::new(
                file,
                0..0,
                Code::RustName,
                format!("chapter `{chapter_id}`: {why}"),
            )
            .label("a chapter's id is its file name, and it becomes a Rust module"),
        );
        return None;
    }
    let Some(front) = front else {
        if front_seen {
            return None; // its error is already reported
        }
        diags.push(
            Diagnostic::new(file, 0..0, Code::FrontMatter, "chapter has no front matter").label(
                "start the file with a `+++` block giving system, title, source and version",
            ),
        );
        return None;
    };
    Some(Chapter {
        file: file.clone(),
        id: chapter_id,
        front,
        sections,
        tables,
        rules,
        broken_rules,
        examples,
        properties,
    })
}

/// Ids are kebab-case: a lowercase letter, then lowercase letters, digits and
/// single dashes. They become Rust names, file names and URL fragments.
pub fn is_id(id: &str) -> bool {
    id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !id.ends_with('-')
        && !id.contains("--")
}

pub fn bad_id(file: &Arc<SourceFile>, span: Span, id: &str) -> Diagnostic {
    Diagnostic::new(file, span, Code::Id, format!("`{id}` is not a valid id")).label(
        "ids are kebab-case: a lowercase letter, then lowercase letters, digits and single dashes",
    )
}

/// `<!-- allow <lint>: <reason> -->`, right under the heading of section `section`.
fn parse_allow(
    file: &Arc<SourceFile>,
    html: &str,
    start: usize,
    section: &str,
) -> Result<Allow, Diagnostic> {
    let comment = html.trim_end();
    let span = start..start + comment.len();
    let Some(inner) = comment.strip_suffix("-->") else {
        return Err(Diagnostic::new(
            file,
            span,
            Code::Unclosed,
            "an `allow` comment is not closed on its own block",
        )
        .label("end it with `-->`, with nothing after it on that line"));
    };
    // `inner` starts with `<!--`, then `allow` (see `is_allow_comment`).
    let after = inner
        .find("allow")
        .map_or(inner.len(), |i| i + "allow".len());
    let rest = &inner[after..];
    let name_at = after + (rest.len() - rest.trim_start().len());
    let name_len = inner[name_at..]
        .find(|c: char| c == ':' || c.is_whitespace())
        .unwrap_or(inner.len() - name_at);
    let name = &inner[name_at..name_at + name_len];
    if name.is_empty() {
        return Err(
            Diagnostic::new(file, span, Code::Allow, "an allow names no lint").label(format!(
                "write `<!-- allow <lint>: <reason> -->`, with one of {}",
                LintKind::names_in(Scope::Section)
            )),
        );
    }
    let lint = lint_for(
        file,
        name,
        start + name_at..start + name_at + name_len,
        Scope::Section,
    )?;
    let reason = inner[name_at + name_len..]
        .trim_start()
        .strip_prefix(':')
        .map(str::to_string);
    let reason = stated_reason(file, reason, span.clone(), lint)?;
    Ok(Allow {
        lint,
        reason,
        item: section.to_string(),
        span,
    })
}

fn orphan_schema(file: &Arc<SourceFile>, s: &Schema) -> Diagnostic {
    Diagnostic::new(
        file,
        s.span.clone(),
        Code::SchemaPlacement,
        format!("schema `{}` is not followed by a table", s.id),
    )
    .label("a table schema must sit right above its table")
}

fn parse_front(file: &Arc<SourceFile>, body: &str, base: usize) -> Result<FrontMatter, Diagnostic> {
    let mut doc = Doc::parse(file, body, base, "the front matter")?;
    let (system, system_span) = doc.required_string("system")?;
    if let Some(why) = crate::names::system_problem(&system) {
        return Err(Diagnostic::new(file, system_span, Code::RustName, why)
            .label("a system's id names its folder and a Rust module"));
    }
    let title = doc.required_string("title")?.0;
    let version = doc.required_string("version")?.0;
    let mut source = doc
        .table("source", "the front matter's source")?
        .ok_or_else(|| {
            doc.error(
                doc.span.clone(),
                Code::MissingKey,
                "the front matter has no `[source]` (book and section)",
            )
        })?;
    let source_book = source.required_string("book")?.0;
    let source_section = source.required_string("section")?.0;
    source.finish()?;
    doc.finish()?;
    Ok(FrontMatter {
        system,
        title,
        source_book,
        source_section,
        version,
    })
}
