//! TOML bodies (front matter, schemas, rules, examples) read with their spans by
//! `toml-spanner`, so that a wrong key or value is reported at its place in the
//! Markdown file. It reads the book's bodies several times faster than the
//! `toml` crate, which would take the compile past three times pulldown-cmark's
//! parse on its own; `toml` still writes the case files.

use std::borrow::Cow;
use std::sync::Arc;

pub use toml_spanner::{Arena, Item, Table, Value, ValueMut};
use toml_spanner::{ArrayStyle, TableStyle};

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::Diagnostic;
use crate::diag::source::{SourceFile, Span};

/// A string value as the body holds it (borrowed unless an escape made it
/// differ), with its span in the file.
pub type Text<'a> = (Cow<'a, str>, Span);

/// A TOML body as the Markdown file holds it: its text, the byte of the file
/// where that starts, and the arena its tables and unescaped strings are read
/// into (one per body, which costs nothing until the body needs room).
pub struct Body<'a> {
    text: &'a str,
    base: usize,
    arena: &'a Arena,
}

impl<'a> Body<'a> {
    /// `text`, at byte `base` of its file, to be read into `arena`.
    pub fn new(text: &'a str, base: usize, arena: &'a Arena) -> Body<'a> {
        Body { text, base, arena }
    }
}

/// `span` of `text` cut at the end of its first line: a newline met where a
/// value or `=` should be is reported at the end of the line it ends, not
/// across two lines.
fn first_line(text: &str, span: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let line_end = text
        .get(span.start..)
        .and_then(|rest| rest.find('\n'))
        .map_or(span.end, |i| span.start + i);
    span.start..span.end.min(line_end)
}

/// A parsed TOML table that sits at byte `base` of `file`. Keys are taken out one
/// by one; [`Doc::finish`] reports those nobody asked for.
pub struct Doc<'a> {
    pub file: &'a Arc<SourceFile>,
    pub base: usize,
    /// The body's text, where a `[header]` table's span is narrowed to its header.
    text: &'a str,
    pub table: Table<'a>,
    /// Span of the whole table, in file offsets.
    pub span: Span,
    what: &'static str,
}

impl<'a> Doc<'a> {
    /// Parses `body`, a body of `file`.
    pub fn parse(
        file: &'a Arc<SourceFile>,
        body: Body<'a>,
        what: &'static str,
    ) -> Result<Doc<'a>, Diagnostic> {
        let Body { text, base, arena } = body;
        match toml_spanner::parse(text, arena) {
            Ok(document) => {
                let table = document.into_table();
                let span = base..base + text.len();
                Ok(Doc {
                    file,
                    base,
                    text,
                    table,
                    span,
                    what,
                })
            }
            Err(e) => {
                let span = first_line(text, e.span().range());
                let span = base + span.start..base + span.end;
                let message = e.message(text);
                Err(Diagnostic::new(
                    file,
                    span,
                    DiagCode::MalformedToml,
                    format!("malformed TOML in {what}: {message}"),
                )
                .label("here"))
            }
        }
    }

    /// A table found inside this document, as a document of its own.
    pub fn nested(&self, table: Table<'a>, span: Span, what: &'static str) -> Doc<'a> {
        Doc {
            file: self.file,
            base: self.base,
            text: self.text,
            table,
            span,
            what,
        }
    }

    /// `span` of the body as a span of the file.
    fn at(&self, span: toml_spanner::Span) -> Span {
        self.base + span.start as usize..self.base + span.end as usize
    }

    /// The span of `item` in the file: a table or array of tables written
    /// under `[headers]` is reported at its (first) header, not its whole body.
    pub fn span_of(&self, item: &Item) -> Span {
        let header = item.as_table().map(Table::style) == Some(TableStyle::Header)
            || item.as_array().map(|a| a.style()) == Some(ArrayStyle::Header);
        if header {
            self.at(item.span().extract_header_span(self.text.as_bytes()))
        } else {
            self.at(item.span())
        }
    }

    pub fn error(&self, span: Span, code: DiagCode, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.file, span, code, message)
    }

    /// Takes `key` out, with the span of its key. The entries after it move
    /// up one, so that the rest stay in source order for [`Doc::drain`] and
    /// [`Doc::finish`] (the table's own removal swaps in its last entry).
    pub fn take(&mut self, key: &str) -> Option<(Item<'a>, Span)> {
        let entries = self.table.entries_mut();
        let i = entries.iter().position(|(k, _)| k.name == key)?;
        entries[i..].rotate_left(1);
        let (k, v) = self.table.remove_entry(key)?;
        Some((v, self.at(k.span)))
    }

    pub fn string(&mut self, key: &str) -> Result<Option<(String, Span)>, Diagnostic> {
        Ok(self.text(key)?.map(|(s, span)| (s.into_owned(), span)))
    }

    /// [`Doc::string`] as a [`Text`], for a value that is only read or shared.
    pub fn text(&mut self, key: &str) -> Result<Option<Text<'a>>, Diagnostic> {
        let Some((v, _)) = self.take(key) else {
            return Ok(None);
        };
        let span = self.span_of(&v);
        match v.value() {
            Value::String(s) => Ok(Some((Cow::Borrowed(*s), span))),
            _ => Err(self.error(
                span,
                DiagCode::WrongKind,
                format!("`{key}` must be a string"),
            )),
        }
    }

    pub fn required_string(&mut self, key: &str) -> Result<(String, Span), Diagnostic> {
        let (s, span) = self.required_text(key)?;
        Ok((s.into_owned(), span))
    }

    pub fn required_text(&mut self, key: &str) -> Result<Text<'a>, Diagnostic> {
        self.text(key)?.ok_or_else(|| {
            self.error(
                self.span.clone(),
                DiagCode::MissingKey,
                format!("{} has no `{key}`", self.what),
            )
        })
    }

    /// An array of strings, each a [`Text`].
    pub fn strings(&mut self, key: &str) -> Result<Option<Vec<Text<'a>>>, Diagnostic> {
        self.array_of(key, "strings", |_, item, span| match item.value() {
            Value::String(s) => Some((Cow::Borrowed(*s), span)),
            _ => None,
        })
    }

    /// An array of tables (`[[key]]` or `key = [{...}]`), each as a document
    /// of its own.
    pub fn tables(&mut self, key: &str, what: &'static str) -> Result<Vec<Doc<'a>>, Diagnostic> {
        let tables = self.array_of(key, "tables", |doc, item, span| {
            Some(doc.nested(item.into_table()?, span, what))
        })?;
        Ok(tables.unwrap_or_default())
    }

    /// The array at `key`, each item as `pick` takes it (given the item and its
    /// span); `kind` names the items that `pick` takes.
    fn array_of<T>(
        &mut self,
        key: &str,
        kind: &str,
        pick: impl Fn(&Doc<'a>, Item<'a>, Span) -> Option<T>,
    ) -> Result<Option<Vec<T>>, Diagnostic> {
        let Some((mut v, _)) = self.take(key) else {
            return Ok(None);
        };
        let span = self.span_of(&v);
        let Some(items) = v.as_array_mut().map(std::mem::take) else {
            return Err(self.error(
                span,
                DiagCode::WrongKind,
                format!("`{key}` must be an array of {kind}"),
            ));
        };
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            let ispan = self.span_of(&item);
            match pick(self, item, ispan.clone()) {
                Some(x) => out.push(x),
                None => {
                    return Err(self.error(
                        ispan,
                        DiagCode::WrongKind,
                        format!("`{key}` must hold {kind} only"),
                    ));
                }
            }
        }
        Ok(Some(out))
    }

    /// A sub-table, as a document of its own.
    pub fn table(&mut self, key: &str, what: &'static str) -> Result<Option<Doc<'a>>, Diagnostic> {
        let Some((v, _)) = self.take(key) else {
            return Ok(None);
        };
        let span = self.span_of(&v);
        match v.into_table() {
            Some(t) => Ok(Some(self.nested(t, span, what))),
            None => Err(self.error(
                span,
                DiagCode::WrongKind,
                format!("`{key}` must be a table"),
            )),
        }
    }

    /// Every remaining entry, in source order, as (key, key span, value).
    pub fn drain(
        &mut self,
    ) -> impl ExactSizeIterator<Item = (Cow<'a, str>, Span, Item<'a>)> + use<'a> {
        let base = self.base;
        std::mem::take(&mut self.table)
            .into_iter()
            .map(move |(k, v)| {
                let span = k.span.range();
                (Cow::Borrowed(k.name), base + span.start..base + span.end, v)
            })
    }

    /// Fails on the first key nobody took.
    pub fn finish(self) -> Result<(), Diagnostic> {
        match self.table.iter().next() {
            None => Ok(()),
            Some((k, _)) => {
                let name = k.name;
                Err(self
                    .error(
                        self.at(k.span),
                        DiagCode::UnknownKey,
                        format!("unknown key `{name}` in {}", self.what),
                    )
                    .label("not a key this block knows"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Arena, Body, Doc};
    use crate::diag::source::SourceFile;

    /// `toml-spanner` removes a key by moving the table's last entry into its
    /// place; `take` keeps the rest in source order, so that what is left is
    /// drained, and the first unknown key reported, in the order written.
    #[test]
    fn taking_a_key_keeps_the_others_in_source_order() {
        let file = SourceFile::new("spec/x/x.md", "a = 1\nb = 2\nc = 3\nd = 4\n");
        let arena = Arena::new();
        let parse = || Doc::parse(&file, Body::new(&file.text, 0, &arena), "a test").expect("TOML");
        let mut doc = parse();
        assert!(doc.take("b").is_some());
        let left: Vec<String> = doc.drain().map(|(k, _, _)| k.into_owned()).collect();
        assert_eq!(left, ["a", "c", "d"]);
        let mut doc = parse();
        assert!(doc.take("a").is_some());
        let unknown = doc.finish().expect_err("keys are left");
        assert_eq!(unknown.message, "unknown key `b` in a test");
    }

    /// A table under a `[header]` is reported at its header, as an inline
    /// table is at its braces, not at the whole body below the header.
    #[test]
    fn a_header_table_is_reported_at_its_header() {
        let text = "x = { a = 1 }\n[given]\nroll = 3\n";
        let file = SourceFile::new("spec/x/x.md", text);
        let arena = Arena::new();
        let doc = Doc::parse(&file, Body::new(text, 100, &arena), "a test").expect("TOML");
        let shown = |doc: &Doc, key: &str| {
            let (_, item) = doc.table.iter().find(|(k, _)| k.name == key).expect(key);
            let span = doc.span_of(item);
            text[span.start - 100..span.end - 100].to_string()
        };
        assert_eq!(shown(&doc, "x"), "{ a = 1 }");
        assert_eq!(shown(&doc, "given"), "[given]");
    }
}
