//! A table as Rust: a rows table becomes a row struct and a static
//! `crate::table::Rows` of it, whose data holds one row a line; a constants
//! table becomes one `const` per row.

use std::fmt::Write as _;

use proc_macro2::{Ident, Literal, TokenStream, TokenTree};
use quote::{ToTokens, quote};
use rustc_hash::FxHashMap;

use super::data;
use super::doc::{Plain, doc};
use super::tokens::{Tokens, comma_separated, each};
use super::values::{type_of, value_of};
use crate::cell::{BaseType, CellValue};
use crate::model::{Book, Chapter, Table, TableKind};
use crate::sema::names::checked_ident as ident;

/// A table, titled by its own title or else by its section's (`titles`, by section id).
pub fn table<'a>(
    c: &'a Chapter,
    t: &'a Table,
    titles: &'a FxHashMap<&str, &str>,
) -> impl ToTokens + 'a {
    Tokens(move |out: &mut TokenStream| {
        let title = if t.title.is_empty() {
            t.section
                .as_deref()
                .and_then(|s| titles.get(s).copied())
                .unwrap_or(&t.id)
        } else {
            &t.title
        };
        let place = format!("`{}`, {}", t.id, Plain(&c.file.location(t.span.start)));
        let about = format!("{}: table {place}", Plain(title));
        match &t.kind {
            TableKind::Rows {
                const_name,
                row_type,
            } => {
                let row = ident(row_type);
                row_struct(out, t, &row, &place);
                rows(out, t, const_name, &row, &about);
            }
            TableKind::Constants => constants(out, t, &about),
        }
    })
}

/// The group and parent fields a table adds to its columns', with their docs.
fn extra_fields(t: &Table) -> impl Iterator<Item = (&str, &'static str)> + Clone {
    [
        (&t.group, " The group row this row sits under."),
        (&t.parent, " The parent row of this child row."),
    ]
    .into_iter()
    .filter_map(|(field, doc)| Some((field.as_deref()?, doc)))
}

/// The row struct, and its `decode_row`, which reads a line of the table's
/// data a field at a time, in column order.
fn row_struct(out: &mut TokenStream, t: &Table, row: &Ident, place: &str) {
    let about = doc(format!(" A row of table {place}."));
    let columns = t.columns.iter().map(|col| {
        let doc = doc(format!(
            " {} ({})",
            Plain(&col.header),
            Plain(&col.ty.to_string())
        ));
        let (field, ty) = (ident(&col.field), type_of(&col.ty));
        quote! { #doc pub #field: #ty, }
    });
    let extra = extra_fields(t).map(|(field, text)| {
        let (doc, field) = (doc(text), ident(field));
        quote! { #doc pub #field: ::core::option::Option<&'static ::core::primitive::str>, }
    });
    let (columns, extra) = (each(columns), each(extra));
    let names = fields(t);
    let (fields, keys) = (names.iter().map(|f| ident(f)), names.iter());
    out.extend(quote! {
        #about
        #[derive(Debug, Clone, Copy, PartialEq)]
        pub struct #row {
            #columns
            #extra
        }
        impl #row {
            fn decode_row(
                cells: &mut crate::table::Cells,
            ) -> ::core::result::Result<Self, ::std::string::String> {
                ::core::result::Result::Ok(Self {
                    #(#fields: cells.next(#keys)?,)*
                })
            }
        }
    });
}

/// The fields of a row, in the order of its data: the columns', then the group and parent.
fn fields(t: &Table) -> Vec<&str> {
    let columns = t.columns.iter().map(|c| c.field.as_str());
    columns.chain(extra_fields(t).map(|(f, _)| f)).collect()
}

/// The static table: its rows as data that `rules` decodes on first use, one
/// row a line.
fn rows(out: &mut TokenStream, t: &Table, const_name: &str, row: &Ident, about: &str) {
    let fields: Vec<String> = fields(t).iter().map(|f| Plain(f).to_string()).collect();
    let mut text = format!(
        " {about}, {} rows. Its data holds a row a line, the fields separated by tabs: {}.",
        t.rows.len(),
        fields.join(", ")
    );
    for e in &t.errata {
        let _ = write!(
            text,
            "\n\n Erratum: row {}, column {} prints {}, read as {}: {}",
            Plain(&e.row),
            Plain(&e.column),
            Plain(&e.printed),
            Plain(&e.reading),
            Plain(&e.reason)
        );
    }
    let doc = doc(text);
    let (name, id, count) = (ident(const_name), t.id.as_str(), t.rows.len());
    let count = Literal::usize_unsuffixed(count);
    // Moved in, not copied: the one token of a large table is megabytes long.
    let data = Tokens(|out: &mut TokenStream| out.extend([TokenTree::from(data_literal(t))]));
    // A static may borrow another static, not a temporary with a `OnceLock` in it.
    out.extend(quote! {
        #doc
        pub static #name: &crate::table::Rows<#row> = {
            static ROWS: crate::table::Rows<#row> =
                crate::table::Rows::new(#id, #count, #row::decode_row, #data);
            &ROWS
        };
    });
}

/// The table's data as a raw string literal, one row a line.
pub(super) fn data_literal(t: &Table) -> Literal {
    let (data, hashes) = data::rows(t);
    let hashes = "#".repeat(hashes);
    match format!("r{hashes}\"\n{data}\"{hashes}").parse() {
        Ok(literal) => literal,
        // `data::rows` counts the `#`s that no line of the data can close.
        Err(e) => unreachable!("a table's data is no raw string literal: {e}"),
    }
}

/// `TABLES`: every rows table of the book, for a test to decode each.
pub fn list(book: &Book) -> impl ToTokens + '_ {
    let tables = comma_separated(book.systems.iter().flat_map(|s| {
        s.chapters.iter().flat_map(move |c| {
            c.tables.iter().filter_map(move |t| match &t.kind {
                TableKind::Rows { const_name, .. } => {
                    let [s, c, name] = [s.id.as_str(), &c.id, const_name].map(ident);
                    Some(quote!(crate::spec::#s::#c::#name))
                }
                TableKind::Constants => None,
            })
        })
    }));
    Tokens(move |out: &mut TokenStream| {
        out.extend(quote! {
            /// Every rows table, in book order, for a test to decode each one's data.
            pub static TABLES: &[&dyn crate::table::RowsTable] = &[#tables];
        });
    })
}

/// One `const` per row, named by its `name` cell, documented by its text cells.
fn constants(out: &mut TokenStream, t: &Table, about: &str) {
    let value = t
        .columns
        .iter()
        .position(|c| c.field == "value")
        .unwrap_or(1);
    let ty = &t.columns[value].ty;
    let consts = t.constant_rows().map(|(name, r)| {
        let words: Vec<&str> = t
            .columns
            .iter()
            .zip(t.cells_of(r))
            .filter(|(col, _)| col.ty.base == BaseType::Text)
            .filter_map(|(_, cell)| match &cell.value {
                CellValue::Text(s) => Some(s.as_str()),
                _ => None,
            })
            .collect();
        let doc = doc(format!(" {} ({about}.)", Plain(&words.join(" "))));
        let (name, ty, value) = (
            ident(name),
            type_of(ty),
            value_of(ty, &t.cells_of(r)[value].value),
        );
        quote! { #doc pub const #name: #ty = #value; }
    });
    out.extend(consts);
}
