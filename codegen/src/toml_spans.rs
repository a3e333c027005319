//! TOML bodies (front matter, schemas, rules, examples) read with their spans, so
//! that a wrong key or value is reported at its place in the Markdown file.

use std::borrow::Cow;
use std::sync::Arc;

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::source::{SourceFile, Span};
use crate::toml_read::{self, ArenaVec, Bump, Spanned, Table, Value};

/// A string value as the body holds it (borrowed unless an escape made it
/// differ), with its span in the file.
pub type Text<'a> = (Cow<'a, str>, Span);

/// A TOML body as the Markdown file holds it: its text, the byte of the file
/// where that starts, and the arena its tables are read into.
pub struct Body<'a> {
    text: &'a str,
    base: usize,
    arena: &'a Bump,
}

impl<'a> Body<'a> {
    /// `text`, at byte `base` of its file, to be read into `arena`, emptied
    /// first of whatever the body before it left there.
    pub fn new(text: &'a str, base: usize, arena: &'a mut Bump) -> Body<'a> {
        arena.reset();
        Body { text, base, arena }
    }
}

/// A parsed TOML table that sits at byte `base` of `file`. Keys are taken out one
/// by one; [`Doc::finish`] reports those nobody asked for.
pub struct Doc<'a> {
    pub file: &'a Arc<SourceFile>,
    pub base: usize,
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
        match toml_read::parse(text, arena) {
            Ok(table) => {
                let span = base..base + text.len();
                Ok(Doc {
                    file,
                    base,
                    table,
                    span,
                    what,
                })
            }
            Err(e) => {
                let span = e
                    .span()
                    .map(|s| base + s.start..base + s.end)
                    .unwrap_or(base..base);
                let message = e.message().trim().to_string();
                Err(Diagnostic::new(
                    file,
                    span,
                    Code::MalformedToml,
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
            table,
            span,
            what,
        }
    }

    pub fn at(&self, span: &std::ops::Range<usize>) -> Span {
        self.base + span.start..self.base + span.end
    }

    pub fn error(&self, span: Span, code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.file, span, code, message)
    }

    /// Takes `key` out, with the span of its value.
    pub fn take(&mut self, key: &str) -> Option<(Spanned<Value<'a>>, Span)> {
        let i = self.table.iter().position(|(k, _)| k.get_ref() == key)?;
        let (k, v) = self.table.remove(i);
        Some((v, self.at(&k.span())))
    }

    pub fn string(&mut self, key: &str) -> Result<Option<(String, Span)>, Diagnostic> {
        Ok(self.text(key)?.map(|(s, span)| (s.into_owned(), span)))
    }

    /// [`Doc::string`] as a [`Text`], for a value that is only read or shared.
    pub fn text(&mut self, key: &str) -> Result<Option<Text<'a>>, Diagnostic> {
        let Some((v, _)) = self.take(key) else {
            return Ok(None);
        };
        let span = self.at(&v.span());
        match v.into_inner() {
            Value::String(s) => Ok(Some((s, span))),
            _ => Err(self.error(span, Code::WrongKind, format!("`{key}` must be a string"))),
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
                Code::MissingKey,
                format!("{} has no `{key}`", self.what),
            )
        })
    }

    /// An array of strings, each a [`Text`], in the arena.
    pub fn strings(&mut self, key: &str) -> Result<Option<ArenaVec<'a, Text<'a>>>, Diagnostic> {
        self.array_of(key, "strings", |_, item, span| match item {
            Value::String(s) => Some((s, span)),
            _ => None,
        })
    }

    /// An array of tables (`[[key]]` or `key = [{...}]`), each as a document
    /// of its own, in the arena.
    pub fn tables(
        &mut self,
        key: &str,
        what: &'static str,
    ) -> Result<ArenaVec<'a, Doc<'a>>, Diagnostic> {
        let tables = self.array_of(key, "tables", |doc, item, span| match item {
            Value::Table(t) => Some(doc.nested(t, span, what)),
            _ => None,
        })?;
        Ok(tables.unwrap_or_else(|| ArenaVec::new_in(self.table.bump())))
    }

    /// The array at `key`, each item as `pick` takes it (given the item and its
    /// span), in the arena; `kind` names the items that `pick` takes.
    fn array_of<T>(
        &mut self,
        key: &str,
        kind: &str,
        pick: impl Fn(&Doc<'a>, Value<'a>, Span) -> Option<T>,
    ) -> Result<Option<ArenaVec<'a, T>>, Diagnostic> {
        let Some((v, _)) = self.take(key) else {
            return Ok(None);
        };
        let span = self.at(&v.span());
        let Value::Array(items) = v.into_inner() else {
            return Err(self.error(
                span,
                Code::WrongKind,
                format!("`{key}` must be an array of {kind}"),
            ));
        };
        let mut out = ArenaVec::with_capacity_in(items.len(), items.bump());
        for item in items {
            let ispan = self.at(&item.span());
            match pick(self, item.into_inner(), ispan.clone()) {
                Some(x) => out.push(x),
                None => {
                    return Err(self.error(
                        ispan,
                        Code::WrongKind,
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
        let span = self.at(&v.span());
        match v.into_inner() {
            Value::Table(t) => Ok(Some(self.nested(t, span, what))),
            _ => Err(self.error(span, Code::WrongKind, format!("`{key}` must be a table"))),
        }
    }

    /// Every remaining entry, in source order, as (key, key span, value).
    pub fn drain(
        &mut self,
    ) -> impl ExactSizeIterator<Item = (Cow<'a, str>, Span, Spanned<Value<'a>>)> + use<'a> {
        let base = self.base;
        let empty = Table::new_in(self.table.bump());
        std::mem::replace(&mut self.table, empty)
            .into_iter()
            .map(move |(k, v)| {
                let span = k.span();
                (k.into_inner(), base + span.start..base + span.end, v)
            })
    }

    /// Fails on the first key nobody took.
    pub fn finish(self) -> Result<(), Diagnostic> {
        match self.table.first() {
            None => Ok(()),
            Some((k, _)) => {
                let name = k.get_ref();
                Err(self
                    .error(
                        self.at(&k.span()),
                        Code::UnknownKey,
                        format!("unknown key `{name}` in {}", self.what),
                    )
                    .label("not a key this block knows"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Body, Bump, Doc};
    use crate::source::SourceFile;

    /// A chapter's bodies are read one after another into one arena: each
    /// [`Body::new`] empties it of what the body before left there, so the
    /// arena holds one body at a time, however many bodies the chapter has.
    #[test]
    fn each_body_empties_the_arena_so_a_chapter_of_bodies_reuses_its_memory() {
        let file = SourceFile::new("spec/x/x.md", "rule = \"x.y\"\n[given]\na = [1, 2]\n");
        let read_and_leave = |arena: &mut Bump| {
            let doc = Doc::parse(&file, Body::new(&file.text, 0, arena), "a test").expect("TOML");
            assert_eq!(doc.table.len(), 2);
            drop(doc);
            arena.alloc_slice_fill_copy(1000, 0u8); // what a body may leave behind
        };
        let mut arena = Bump::new();
        // The first bodies grow it chunk by chunk, until one chunk holds a body.
        for _ in 0..10 {
            read_and_leave(&mut arena);
        }
        let settled = arena.allocated_bytes();
        for _ in 0..1000 {
            read_and_leave(&mut arena);
        }
        assert_eq!(arena.allocated_bytes(), settled);
    }
}
