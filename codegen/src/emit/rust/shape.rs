//! A book's shape: what of the generated module a running judge cannot take
//! from anywhere but its build. A rows table's cells are data that `rules`
//! decodes at run time (`rules::table::edit` gives a running judge other
//! data); every other token (a column, a type, a row type, a row count, a
//! constant) is compiled code. Two books whose generated modules differ only
//! in rows tables' data have one shape, and a judge built with either judges
//! the other once it is given the other's data.

use proc_macro2::{Literal, TokenStream};

use super::tables;
use super::tokens_text::walk;
use crate::model::{Book, TableKind};

/// What a judge needs to judge a book with the cells of its rows tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// The fingerprint of the generated module with every rows table's data
    /// left out (and its doc comments, as [`super::fingerprint`] leaves them).
    pub fingerprint: String,
    /// Each rows table's id and its data, as the module holds it (no leading
    /// line break), in book order.
    pub tables: Vec<(String, String)>,
}

/// The shape of `book`, whose module's tokens are `tokens`.
pub(super) fn shape_of(tokens: TokenStream, book: &Book) -> Shape {
    let rows = book.chapters().flat_map(|(_, c)| &c.tables);
    let rows = rows.filter(|t| matches!(t.kind, TableKind::Rows { .. }));
    let (tables, literals): (Vec<_>, Vec<_>) = rows
        .map(|t| {
            let (data, _) = super::data::rows(t);
            (
                (t.id.to_string(), data),
                tables::data_literal(t).to_string(),
            )
        })
        .unzip();
    let is_data = |l: &Literal| {
        let text = l.to_string();
        // Only a raw string can be data: the others are not copied to be compared.
        text.starts_with('r') && literals.contains(&text)
    };
    let mut hash = crate::fingerprint::Fingerprint::default();
    walk(tokens.into_iter(), &mut hash, &is_data);
    Shape {
        fingerprint: hash.hex(),
        tables,
    }
}
