//! TOML bodies as a list of spanned entries. [`parse`] first tries [`reader`],
//! a small reader for the TOML the book writes (bare keys, strings, numbers,
//! booleans, arrays, inline tables, `[table]`, `[a.b]` and `[[array]]` headers);
//! on anything else, or on a mistake, it hands the body to the `toml` crate
//! ([`convert`]), so that odd TOML and every error read exactly as `toml` reads
//! them. The reader only makes the common case cheap: the `toml` crate alone
//! cost more than pulldown-cmark's parse of the whole book.
//!
//! Tables and arrays live in a [`Bump`] arena that the caller owns and empties
//! between bodies: a body's tree then costs pointer bumps in memory already
//! in the cache, where a `Vec` per table and per array made one allocation in
//! six of a whole compile.

mod convert;
mod reader;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::ops::Range;

pub use bumpalo::Bump;
pub use bumpalo::collections::Vec as ArenaVec;

/// A value (or key) with its byte range in the body.
#[derive(Debug, Clone, PartialEq)]
pub struct Spanned<T> {
    span: Range<usize>,
    value: T,
}

impl<T> Spanned<T> {
    pub fn new(span: Range<usize>, value: T) -> Spanned<T> {
        Spanned { span, value }
    }

    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    pub fn get_ref(&self) -> &T {
        &self.value
    }

    pub fn into_inner(self) -> T {
        self.value
    }
}

/// A table's entries in the order the body gives them, in the arena.
pub type Table<'a> = ArenaVec<'a, Entry<'a>>;

/// A key and its value.
pub type Entry<'a> = (Spanned<Cow<'a, str>>, Spanned<Value<'a>>);

#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    String(Cow<'a, str>),
    /// A whole number, or `None` when it does not fit an `i64`.
    Integer(Option<i64>),
    /// A float, or `None` when Rust's `f64` grammar does not read it (`inf`, `nan`).
    Float(Option<f64>),
    Boolean(bool),
    Array(ArenaVec<'a, Spanned<Value<'a>>>),
    Table(Table<'a>),
    /// A date or time, which no block takes.
    Datetime,
}

impl<'a> Value<'a> {
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_integer(&self) -> Option<i64> {
        match self {
            Value::Integer(i) => *i,
            _ => None,
        }
    }

    pub fn is_str(&self) -> bool {
        self.as_str().is_some()
    }

    pub fn is_float(&self) -> bool {
        matches!(self, Value::Float(_))
    }
}

/// Parses a TOML body into `arena`; the error is the `toml` crate's. Debug
/// builds (the tests and the fuzzer) check every body the reader reads
/// against `toml`.
pub fn parse<'a>(body: &'a str, arena: &'a Bump) -> Result<Table<'a>, toml::de::Error> {
    match reader::read(body, arena) {
        Some(table) => {
            debug_assert_eq!(Ok(&table), convert::parse(body, arena).as_ref(), "{body}");
            Ok(table)
        }
        None => convert::parse(body, arena),
    }
}
