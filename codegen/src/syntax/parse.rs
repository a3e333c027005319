//! Markdown -> [`Chapter`]: walks pulldown-cmark's events with their byte
//! offsets, collecting front matter, sections, schema comments with the tables
//! they type, and the fenced `rule` and `example` blocks.

use std::sync::Arc;

use smol_str::SmolStr;

use pulldown_cmark::{CodeBlockKind, Event, MetadataBlockKind, Options, Parser, Tag, TagEnd};

use crate::diag::book_check::BookCheck;
use crate::diag::code::DiagCode;
use crate::diag::diagnostic::{Diagnostic, Diagnostics};
use crate::diag::lint_kind::{LintKind, Scope};
use crate::diag::source::{SourceFile, Span};
use crate::model::locator::Declares;
use crate::model::{Allow, Chapter, Example, FrontMatter, Property, Rule, Section, Table};
use crate::syntax::blocks::{parse_example, parse_rule, rule_id};
use crate::syntax::ids::{bad_id, is_id};
use crate::syntax::property::parse_property;
use crate::syntax::recognize::{
    FenceKind, fence_closed, fence_kind, glued_schema, indented_fence, is_allow_comment,
    is_schema_comment, misspelt_fence, unclosed_comment,
};
use crate::syntax::rows::{RawTable, build_table};
use crate::syntax::table::{Schema, lint_for, parse_schema, stated_reason};
use crate::syntax::toml_spans::{self, Doc};

/// The Markdown extensions the book is written with: tables, heading ids and
/// `+++` front matter. Whatever else renders a chapter parses it the same way.
pub fn markdown_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_PLUSES_DELIMITED_METADATA_BLOCKS
}

/// What the walk is in the middle of.
enum Open {
    Nothing,
    Heading {
        id: Option<SmolStr>,
        level: u8,
        span: Span,
        /// The value of its `lines=…` attribute, a book locator.
        lines: Option<SmolStr>,
        /// The value of its `aside=…` attribute, and whether it says `gap`.
        aside: Option<SmolStr>,
        gap: bool,
    },
    Table(Box<RawTable>),
    Fence {
        kind: FenceKind,
        id: SmolStr,
        body: Body,
    },
    Front(Body),
}

/// A closed fenced block of the book, to be read once the walk is over.
struct Block {
    kind: FenceKind,
    id: SmolStr,
    /// The section the block sits in.
    section: Option<SmolStr>,
    body: Body,
    /// How many diagnostics the compile held when the block closed: where its own goes.
    at: usize,
}

/// The text of a fenced block or of the front matter, gathered from its events.
/// It is a stretch of the file, read in place, unless pulldown-cmark hands it
/// over in pieces that are not (a block indented in a list loses its indent).
struct Body {
    /// Where the text starts in the file; none while it is empty.
    base: Option<usize>,
    /// Where the text read in place ends.
    end: usize,
    /// The text, once it is no longer one stretch of the file.
    owned: Option<String>,
    /// The whole block, fences included.
    span: Span,
}

impl Body {
    fn new(span: Span) -> Body {
        Body {
            base: None,
            end: 0,
            owned: None,
            span,
        }
    }

    /// Adds `text`, which pulldown-cmark gave for the bytes `at` of `file`.
    fn push(&mut self, file: &str, text: &str, at: Span) {
        let in_place =
            text.as_ptr() == file.as_ptr().wrapping_add(at.start) && text.len() == at.len();
        let follows = self.base.is_none() || (self.owned.is_none() && self.end == at.start);
        if in_place && follows {
            self.base.get_or_insert(at.start);
            self.end = at.end;
            return;
        }
        let owned = match (self.base, &mut self.owned) {
            (_, Some(owned)) => owned,
            (None, owned) => {
                self.base = Some(at.start);
                owned.insert(String::new())
            }
            (Some(base), owned) => owned.insert(file[base..self.end].to_string()),
        };
        owned.push_str(text);
    }

    fn text<'f>(&'f self, file: &'f str) -> &'f str {
        match (&self.owned, self.base) {
            (Some(owned), _) => owned,
            (None, Some(base)) => &file[base..self.end],
            (None, None) => "",
        }
    }
}

/// Parses one chapter, with buffers that the chapters before it used. Problems
/// go to `diags`; a chapter is returned whenever its front matter could be
/// read, so that later checks still see what parsed.
pub fn parse_chapter(
    file: &Arc<SourceFile>,
    scratch: &mut Scratch,
    diags: &mut Diagnostics,
) -> Option<Chapter> {
    let arena = toml_spans::Arena::new();
    let mut walk = Walk::new(file, &arena, scratch, diags);
    for (event, range) in Parser::new_ext(&file.text, markdown_options()).into_offset_iter() {
        walk.event(event, range);
    }
    walk.finish()
}

/// The working buffers of a compile, which its chapters use one after another:
/// made once, so that no chapter allocates and frees them amid the allocations
/// of pulldown-cmark's tree, which then grows in a heap split by them (on the
/// 100x book, that made the compile 5% slower).
#[derive(Default)]
pub struct Scratch {
    /// The lines of the table being read.
    lines: Vec<Span>,
    /// The cells of the table line being read.
    cells: Vec<Span>,
    /// The text of the heading being read.
    title: String,
    /// The chapter's closed blocks, waiting to be read.
    blocks: Vec<Block>,
    /// The parts of the chapter being read, which it keeps in vectors of
    /// their own size once it is read ([`kept`]).
    parts: Parts,
}

/// A chapter's parts as the walk collects them.
#[derive(Default)]
struct Parts {
    sections: Vec<Section>,
    tables: Vec<Table>,
    rules: Vec<Rule>,
    examples: Vec<Example>,
    properties: Vec<Property>,
}

/// The items of `buffer` in a vector of their own size, and `buffer`, emptied,
/// back in `into` for the next chapter: one allocation per kind of part and
/// chapter, where growing the vector in place reallocated and copied it.
fn kept<T>(mut buffer: Vec<T>, into: &mut Vec<T>) -> Vec<T> {
    let mut items = Vec::with_capacity(buffer.len());
    items.append(&mut buffer);
    *into = buffer;
    items
}

/// The walk over one chapter's events: what it is in the middle of, and the
/// parts it has collected so far.
struct Walk<'a> {
    file: &'a Arc<SourceFile>,
    /// Where the chapter's TOML bodies are read into: one for all of them,
    /// as a chunk made and freed per body split the heap pulldown-cmark grows in.
    arena: &'a toml_spans::Arena,
    /// The file's stem: the chapter's id, and the first half of its rules' ids.
    stem: SmolStr,
    diags: &'a mut Diagnostics,
    open: Open,
    front: Option<FrontMatter>,
    front_seen: bool,
    /// The schema comment read last, waiting for its table.
    schema: Option<Schema>,
    /// A rejected schema has been reported; its table is skipped rather than reported again.
    schema_rejected: bool,
    /// Allow comments sit right under a heading: only other allow comments may come between.
    under_heading: bool,
    /// The sections, tables, rules, examples and properties read so far.
    parts: Parts,
    broken_rules: Vec<String>,
    scratch: &'a mut Scratch,
}

impl<'a> Walk<'a> {
    fn new(
        file: &'a Arc<SourceFile>,
        arena: &'a toml_spans::Arena,
        scratch: &'a mut Scratch,
        diags: &'a mut Diagnostics,
    ) -> Walk<'a> {
        Walk {
            file,
            arena,
            stem: SmolStr::new(file.stem()),
            diags,
            open: Open::Nothing,
            front: None,
            front_seen: false,
            schema: None,
            schema_rejected: false,
            under_heading: false,
            parts: std::mem::take(&mut scratch.parts),
            broken_rules: Vec::new(),
            scratch,
        }
    }

    /// Hands one event to what it opens, continues or closes.
    fn event(&mut self, event: Event, range: Span) {
        let text = self.file.text.as_str();
        match &mut self.open {
            Open::Nothing => self.opens(event, range),
            Open::Table(t) => match event {
                Event::End(TagEnd::Table) => self.table_closes(),
                event => t.event(text, &event, range),
            },
            Open::Front(body) => match event {
                Event::Text(t) => body.push(text, &t, range),
                Event::End(TagEnd::MetadataBlock(_)) => self.front_closes(),
                _ => {}
            },
            Open::Fence { body, .. } => match event {
                Event::Text(t) => body.push(text, &t, range),
                Event::End(TagEnd::CodeBlock) => self.fence_closes(),
                _ => {}
            },
            Open::Heading { .. } => match event {
                Event::Text(t) | Event::Code(t) => self.scratch.title.push_str(&t),
                Event::End(TagEnd::Heading(_)) => self.heading_closes(),
                _ => {}
            },
        }
    }

    /// An event outside any block: the start of one, or of anything else.
    fn opens(&mut self, event: Event, range: Span) {
        let Event::Start(tag) = event else {
            return;
        };
        if !(matches!(tag, Tag::HtmlBlock) && is_allow_comment(&self.file.text[range.clone()])) {
            self.under_heading = false;
        }
        match tag {
            Tag::MetadataBlock(MetadataBlockKind::PlusesStyle) => self.front_opens(range),
            Tag::Heading {
                level, id, attrs, ..
            } => {
                self.scratch.title.clear();
                let value = |key: &str| {
                    let found = attrs.iter().find(|(k, _)| &**k == key);
                    found.map(|(_, v)| SmolStr::new(v.as_deref().unwrap_or_default()))
                };
                self.open = Open::Heading {
                    id: id.map(|i| SmolStr::new(&*i)),
                    level: level as u8,
                    span: range,
                    lines: value("lines"),
                    aside: value("aside"),
                    gap: attrs.iter().any(|(k, v)| &**k == "gap" && v.is_none()),
                };
            }
            Tag::HtmlBlock => self.html_block(range),
            Tag::Table(_) => {
                let raw = RawTable::new(
                    self.schema.take(),
                    std::mem::take(&mut self.schema_rejected),
                    range,
                    std::mem::take(&mut self.scratch.lines),
                );
                self.open = Open::Table(Box::new(raw));
            }
            Tag::CodeBlock(CodeBlockKind::Indented) => {
                self.diags.extend(indented_fence(self.file, range));
            }
            Tag::CodeBlock(CodeBlockKind::Fenced(info)) => self.fence_opens(&info, range),
            _ => self.orphan_schema(),
        }
    }

    /// What is open, which the walk now closes.
    fn close(&mut self) -> Open {
        std::mem::replace(&mut self.open, Open::Nothing)
    }

    /// What a heading with `id` declares of the book's printed text: only a
    /// ruling does, and it says one of `aside=…` and `gap`.
    fn declares(
        &mut self,
        span: &Span,
        id: Option<&str>,
        aside: Option<&str>,
        gap: bool,
    ) -> Option<Declares> {
        if aside.is_none() && !gap {
            return None;
        }
        let bad = |message: &str| {
            Diagnostic::new(
                self.file,
                span.clone(),
                DiagCode::Book(BookCheck::Locator),
                message,
            )
            .label(
                "`aside=LINE:FIGURE,…` names what a ruling sets aside; `gap` says it fills a gap",
            )
        };
        let wrong = if !id.is_some_and(|i| i.starts_with("ruling-")) {
            Some(
                "only a ruling (an id that starts with `ruling-`) sets printed text aside or fills a gap",
            )
        } else if aside.is_some() && gap {
            Some(
                "a ruling either sets printed text aside (`aside=…`) or fills a gap (`gap`), not both",
            )
        } else {
            None
        };
        if let Some(message) = wrong {
            self.diags.push(bad(message));
            return None;
        }
        match aside {
            None => Some(Declares::Gap),
            Some(a) => match crate::syntax::locator::asides(self.file, span, a) {
                Ok(asides) => Some(Declares::Aside(asides)),
                Err(d) => {
                    self.diags.push(d);
                    None
                }
            },
        }
    }

    /// The id of the section the walk is in: the last heading's.
    fn section(&self) -> Option<SmolStr> {
        self.parts.sections.last().map(|s| s.id.clone())
    }

    fn front_opens(&mut self, range: Span) {
        self.front_seen = true;
        if range.start != 0 {
            self.diags.push(
                Diagnostic::new(self.file, range.start..range.start + 3, DiagCode::FrontMatter, "the front matter does not open the file")
                    .label("its `+++` must be the file's first line, with nothing, not even a blank line, above it"),
            );
        }
        self.open = Open::Front(Body::new(range));
    }

    fn front_closes(&mut self) {
        let Open::Front(body) = self.close() else {
            return;
        };
        let base = body.base.unwrap_or(body.span.start);
        let body = toml_spans::Body::new(body.text(&self.file.text), base, self.arena);
        match parse_front(self.file, body) {
            Ok(f) => self.front = Some(f),
            Err(d) => self.diags.push(d),
        }
    }

    /// A heading becomes a section, when it has a valid id.
    fn heading_closes(&mut self) {
        let Open::Heading {
            id,
            level,
            span,
            lines,
            aside,
            gap,
        } = self.close()
        else {
            return;
        };
        let declares = self.declares(&span, id.as_deref(), aside.as_deref(), gap);
        let title = SmolStr::new(self.scratch.title.trim());
        let lines = match lines.map(|l| crate::syntax::locator::from_heading(self.file, &span, &l))
        {
            Some(Err(d)) => {
                self.diags.push(d);
                None
            }
            Some(Ok(l)) => Some(l),
            None => None,
        };
        match id {
            Some(id) if !is_id(&id) => self.diags.push(bad_id(self.file, span, &id)),
            Some(id) if let Some(first) = earlier_id(&title) => self.diags.push(
                Diagnostic::new(
                    self.file,
                    span,
                    DiagCode::Id,
                    format!("heading `{title}` gives a second id, `{first}`, before its id `{id}`"),
                )
                .label("a heading takes one `{#id}`, at its end"),
            ),
            Some(id) => {
                self.parts.sections.push(Section {
                    id,
                    title,
                    level,
                    span,
                    allows: Vec::new(),
                    lines,
                    declares,
                });
                self.under_heading = true;
            }
            // The `+++` lines of a front matter Markdown did not read as one.
            None if span.start == 0 && self.file.text.starts_with("+++") => {}
            None => self.diags.push(
                Diagnostic::new(
                    self.file,
                    span,
                    DiagCode::Id,
                    format!("section `{title}` has no id"),
                )
                .label("add a stable id, e.g. `{#some-id}`, at the end of the heading"),
            ),
        }
    }

    /// An HTML block: an allow comment, a schema comment, or a near miss of either.
    fn html_block(&mut self, range: Span) {
        let (file, start) = (self.file, range.start);
        let html = &file.text[range];
        let ours = is_allow_comment(html) || is_schema_comment(html);
        let unclosed = unclosed_comment(file, html, start).filter(|_| ours);
        if let Some(d) = unclosed.or_else(|| glued_schema(file, html, start)) {
            self.schema_rejected = true;
            self.diags.push(d);
        } else if is_allow_comment(html) {
            self.allow_comment(html, start);
        } else if is_schema_comment(html) && in_blockquote(&file.text, start) {
            self.schema_rejected = true;
            self.diags.push(quoted_schema(file, html, start));
        } else if is_schema_comment(html) {
            self.orphan_schema();
            match parse_schema(file, html, start, self.arena) {
                Ok(s) => self.schema = Some(s),
                Err(d) => {
                    self.schema_rejected = true;
                    self.diags.push(d);
                }
            }
        }
    }

    /// An allow comment, kept on the section whose heading it sits right under.
    fn allow_comment(&mut self, html: &str, start: usize) {
        let file = self.file;
        let Some(section) = self
            .parts
            .sections
            .last_mut()
            .filter(|_| self.under_heading)
        else {
            self.diags.push(
                Diagnostic::new(
                    file,
                    start..start + html.trim_end().len(),
                    DiagCode::Allow,
                    "an `allow` comment must sit right under a heading",
                )
                .label("it allows a lint for the section whose heading it follows"),
            );
            return;
        };
        match parse_allow(file, html, start, &section.id) {
            Ok(a) if section.allows.iter().any(|x| x.lint == a.lint) => self.diags.push(
                Diagnostic::new(
                    file,
                    a.span,
                    DiagCode::Allow,
                    format!("`{}` is allowed twice for section `{}`", a.lint, section.id),
                )
                .label("one allow per lint and section"),
            ),
            Ok(a) => section.allows.push(a),
            Err(d) => self.diags.push(d),
        }
    }

    /// A schema that no table followed is reported, once something else begins.
    fn orphan_schema(&mut self) {
        if let Some(s) = self.schema.take() {
            self.diags.push(orphan_schema(self.file, &s));
        }
    }

    fn table_closes(&mut self) {
        let Open::Table(mut raw) = self.close() else {
            return;
        };
        let section = self.section();
        let split = &mut self.scratch.cells;
        if let Some(table) = build_table(self.file, &mut raw, section, split, self.diags) {
            self.parts.tables.push(table);
        }
        self.scratch.lines = raw.into_lines();
    }

    /// A fence: a block of the book when its kind is one, with a valid id.
    fn fence_opens(&mut self, info: &str, range: Span) {
        let file = self.file;
        let Some(kind) = fence_kind(info) else {
            // Plain code, unless its kind is a near miss of a block's.
            self.diags.extend(misspelt_fence(file, info, range));
            return;
        };
        match info.split_whitespace().nth(1) {
            Some(id) if !is_id(id) => self
                .diags
                .push(bad_id(file, id_span(file, info, range), id)),
            Some(id) => {
                self.open = Open::Fence {
                    kind,
                    id: SmolStr::new(id),
                    body: Body::new(range),
                };
            }
            None => self.diags.push(
                Diagnostic::new(
                    file,
                    first_line(file, &range),
                    DiagCode::Id,
                    "block has no id",
                )
                .label("write the id after the block's kind, e.g. `example mary-falls`"),
            ),
        }
    }

    /// A block of the book, once its fence is closed: kept to be read by its
    /// kind when the walk is over ([`Walk::read_blocks`]).
    fn fence_closes(&mut self) {
        let Open::Fence { kind, id, body } = self.close() else {
            return;
        };
        let (file, span) = (self.file, &body.span);
        if !fence_closed(&file.text[span.clone()]) {
            self.diags.push(
                Diagnostic::new(
                    file,
                    first_line(file, span),
                    DiagCode::Unclosed,
                    format!("block `{id}` is not closed"),
                )
                .label(
                    "its fence runs to the end of the file: close it with a fence line of its own",
                ),
            );
            return;
        }
        let (section, at) = (self.section(), self.diags.0.len());
        let block = Block {
            kind,
            id,
            section,
            body,
            at,
        };
        self.scratch.blocks.push(block);
    }

    /// Reads the chapter's blocks one after another, apart from the walk: the
    /// TOML reader then stays in the processor's cache instead of taking turns
    /// with pulldown-cmark. Their diagnostics go where they would have gone
    /// during the walk.
    fn read_blocks(&mut self) {
        let mut blocks = std::mem::take(&mut self.scratch.blocks);
        let mut late = Vec::new();
        for block in blocks.drain(..) {
            let at = block.at;
            if let Err(d) = self.read_block(block) {
                late.push((at, d));
            }
        }
        self.scratch.blocks = blocks;
        self.diags.insert_at(late);
    }

    /// A block of the book, parsed by its kind.
    fn read_block(&mut self, block: Block) -> Result<(), Diagnostic> {
        let Block {
            kind,
            id,
            section,
            body,
            ..
        } = block;
        let (file, span) = (self.file, body.span.clone());
        let base = body.base.unwrap_or(span.end);
        let body = toml_spans::Body::new(body.text(&file.text), base, self.arena);
        match kind {
            FenceKind::Rule => parse_rule(file, &self.stem, id.clone(), section, body, span)
                .map(|r| self.parts.rules.push(r))
                .inspect_err(|_| self.broken_rules.push(rule_id(&self.stem, &id).to_string())),
            FenceKind::Example => {
                parse_example(file, id, section, body, span).map(|e| self.parts.examples.push(e))
            }
            FenceKind::Property => parse_property(file, id.into(), section, body, span)
                .map(|p| self.parts.properties.push(p)),
        }
    }

    /// The chapter, once the walk is over: when its id and front matter are sound.
    fn finish(mut self) -> Option<Chapter> {
        self.read_blocks();
        self.orphan_schema();
        let file = self.file;
        let chapter_id = self.stem.to_string();
        if !is_id(&chapter_id) {
            self.diags.push(
                bad_id(file, 0..0, &chapter_id)
                    .note("a chapter's id is its file name without `.md`"),
            );
            return None;
        }
        if let Some(why) = crate::syntax::ids::rust_name_problem(&chapter_id) {
            self.diags.push(
                Diagnostic::new(
                    file,
                    0..0,
                    DiagCode::RustName,
                    format!("chapter `{chapter_id}`: {why}"),
                )
                .label("a chapter's id is its file name, and it becomes a Rust module"),
            );
            return None;
        }
        let Some(front) = self.front else {
            if !self.front_seen {
                self.diags.push(unread_front(file));
            } // else its error is already reported
            return None;
        };
        let (parts, scratch) = (self.parts, &mut self.scratch.parts);
        Some(Chapter {
            file: file.clone(),
            id: chapter_id,
            front,
            sections: kept(parts.sections, &mut scratch.sections),
            tables: kept(parts.tables, &mut scratch.tables),
            rules: kept(parts.rules, &mut scratch.rules),
            broken_rules: self.broken_rules,
            examples: kept(parts.examples, &mut scratch.examples),
            properties: kept(parts.properties, &mut scratch.properties),
        })
    }
}

/// Where the id stands in the fence line that opens `span`: the second word
/// of the fence's `info`. The whole block when the line does not hold `info`
/// as written.
fn id_span(file: &SourceFile, info: &str, span: Span) -> Span {
    let line = first_line(file, &span);
    let kind_end = info.find(char::is_whitespace).unwrap_or(info.len());
    let rest = &info[kind_end..];
    let id_at = kind_end + rest.len() - rest.trim_start().len();
    let id_len = info[id_at..]
        .find(char::is_whitespace)
        .unwrap_or(info.len() - id_at);
    match file.text[line.clone()].find(info) {
        Some(at) => line.start + at + id_at..line.start + at + id_at + id_len,
        None => span,
    }
}

/// The id a heading's text ends in, `{#id}`, when the heading gives another
/// after it: Markdown reads only the last as the heading's id.
fn earlier_id(title: &str) -> Option<&str> {
    let inner = title.strip_suffix('}')?;
    let id = &inner[inner.rfind("{#")? + 2..];
    Some(id).filter(|id| !id.is_empty() && !id.contains(char::is_whitespace))
}

/// Why the chapter has no front matter that Markdown reads as one: none, or a
/// `+++` line that opens one that is never closed, empty, or opens with a
/// blank line (which Markdown does not read as front matter).
fn unread_front(file: &Arc<SourceFile>) -> Diagnostic {
    let mut lines = file.text.lines().map(str::trim_end);
    if lines.next() != Some("+++") {
        return Diagnostic::new(
            file,
            0..0,
            DiagCode::FrontMatter,
            "chapter has no front matter",
        )
        .label("start the file with a `+++` block giving system, title, source and version");
    }
    let second = lines.next();
    let closed = second == Some("+++") || lines.any(|l| l == "+++");
    let (code, message, label) = match second {
        _ if !closed => (
            DiagCode::Unclosed,
            "the front matter is not closed",
            "end it with a `+++` line of its own",
        ),
        Some("+++") => (
            DiagCode::FrontMatter,
            "the front matter is empty",
            "write system, title, version and `[source]` between the two `+++` lines",
        ),
        _ => (
            DiagCode::FrontMatter,
            "the front matter opens with a blank line, so it is not read as one",
            "remove the blank line under the opening `+++`",
        ),
    };
    Diagnostic::new(file, 0..3, code, message).label(label)
}

/// Whether the block starting at `start` sits in a blockquote: a `>` opens its line.
fn in_blockquote(text: &str, start: usize) -> bool {
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    text[line_start..start].contains('>')
}

/// A schema comment in a blockquote, whose lines each open with `>`: not
/// read, since its body would not be TOML (its table, in the quote, is skipped).
fn quoted_schema(file: &Arc<SourceFile>, html: &str, start: usize) -> Diagnostic {
    let head = html.lines().next().unwrap_or_default();
    Diagnostic::new(
        file,
        start..start + head.len(),
        DiagCode::UnrecognisedBlock,
        "a table schema sits in a blockquote, where it is not read",
    )
    .label("move the schema and its table out of the quote")
}

/// The first line of `span`, where a block's fence is.
fn first_line(file: &SourceFile, span: &Span) -> Span {
    let text = &file.text[span.clone()];
    span.start..span.start + text.find('\n').unwrap_or(text.len())
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
            DiagCode::Unclosed,
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
            Diagnostic::new(file, span, DiagCode::Allow, "an allow names no lint").label(format!(
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
        DiagCode::SchemaPlacement,
        format!("schema `{}` is not followed by a table", s.id),
    )
    .label("a table schema must sit right above its table")
}

fn parse_front(file: &Arc<SourceFile>, body: toml_spans::Body) -> Result<FrontMatter, Diagnostic> {
    let mut doc = Doc::parse(file, body, "the front matter")?;
    let (system, system_span) = doc.required_text("system")?;
    if let Some(why) = crate::syntax::ids::system_problem(&system) {
        return Err(Diagnostic::new(file, system_span, DiagCode::RustName, why)
            .label("a system's id names its folder and a Rust module"));
    }
    let title = SmolStr::new(doc.required_text("title")?.0);
    let version = SmolStr::new(doc.required_text("version")?.0);
    let mut source = doc
        .table("source", "the front matter's source")?
        .ok_or_else(|| {
            doc.error(
                doc.span.clone(),
                DiagCode::MissingKey,
                "the front matter has no `[source]` (book and section)",
            )
        })?;
    let source_book = SmolStr::new(source.required_text("book")?.0);
    let source_section = SmolStr::new(source.required_text("section")?.0);
    let book_file = crate::syntax::locator::book_file(&mut source)?;
    source.finish()?;
    doc.finish()?;
    Ok(FrontMatter {
        system: SmolStr::new(system),
        system_span,
        title,
        source_book,
        source_section,
        book_file,
        version,
    })
}
