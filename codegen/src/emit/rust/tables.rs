//! A table as Rust: a rows table becomes a row struct and a static
//! `crate::table::Rows` of it, whose data holds one row a line; a constants
//! table becomes one `const` per row.

use std::fmt::Write as _;

use proc_macro2::Ident;
use rustc_hash::FxHashMap;

use super::values::{TypeOf, ValueOf};
use super::writer::{Plain, Str, Writer};
use super::{data, ident};
use crate::cell::{BaseType, CellValue};
use crate::model::{Book, Chapter, Table, TableKind};

/// A table, titled by its own title or else by its section's (`titles`, by section id).
pub fn table(w: &mut Writer, c: &Chapter, t: &Table, titles: &FxHashMap<&str, &str>) {
    let title = if t.title.is_empty() {
        t.section
            .as_deref()
            .and_then(|s| titles.get(s).copied())
            .unwrap_or(&t.id)
    } else {
        &t.title
    };
    let place = format!("`{}`, {}", t.id, Plain(&c.file.location(t.span.start)));
    let title = Plain(title);
    match &t.kind {
        TableKind::Rows {
            const_name,
            row_type,
        } => {
            row_struct(w, t, row_type, &place);
            rows(
                w,
                t,
                const_name,
                row_type,
                &format!("{title}: table {place}"),
            );
        }
        TableKind::Constants => constants(w, t, &format!("{title}: table {place}")),
    }
}

/// The group and parent fields a table adds to its columns', with their docs.
fn extra_fields(t: &Table) -> impl Iterator<Item = (&str, &'static str)> {
    [
        (&t.group, " The group row this row sits under."),
        (&t.parent, " The parent row of this child row."),
    ]
    .into_iter()
    .filter_map(|(field, doc)| Some((field.as_deref()?, doc)))
}

fn row_struct(w: &mut Writer, t: &Table, row_type: &str, place: &str) {
    w.doc(&format!(" A row of table {place}."));
    w.line("#[derive(Debug, Clone, Copy, PartialEq)]");
    w.open(format_args!("pub struct {} {{", ident(row_type)));
    for col in &t.columns {
        w.doc(&format!(
            " {} ({})",
            Plain(&col.header),
            Plain(&col.ty.to_string())
        ));
        w.line(format_args!(
            "pub {}: {},",
            ident(&col.field),
            TypeOf(&col.ty)
        ));
    }
    for (field, doc) in extra_fields(t) {
        w.doc(doc);
        w.line(format_args!(
            "pub {}: ::core::option::Option<&'static ::core::primitive::str>,",
            ident(field)
        ));
    }
    w.close("}");
}

/// The row type's `decode_row`, which reads a line of the table's data a
/// field at a time, in column order.
fn decode_row(w: &mut Writer, fields: &[&str], row: &Ident) {
    w.open(format_args!("impl {row} {{"));
    w.open(format_args!(
        "fn decode_row(cells: &mut crate::table::Cells) -> ::core::result::Result<Self, ::std::string::String> {{"
    ));
    w.open("::core::result::Result::Ok(Self {");
    for field in fields {
        w.line(format_args!(
            "{}: cells.next({})?,",
            ident(field),
            Str(field)
        ));
    }
    w.close("})");
    w.close("}");
    w.close("}");
}

/// The static table: its rows as data that `rules` decodes on first use, one
/// row a line, under a comment naming the columns.
fn rows(w: &mut Writer, t: &Table, const_name: &str, row_type: &str, about: &str) {
    let row = ident(row_type);
    let mut fields: Vec<&str> = t.columns.iter().map(|c| c.field.as_str()).collect();
    fields.extend(extra_fields(t).map(|(f, _)| f));
    decode_row(w, &fields, &row);
    let mut doc = format!(" {about}, {} rows.", t.rows.len());
    for e in &t.errata {
        let _ = write!(
            doc,
            "\n\n Erratum: row {}, column {} prints {}, read as {}: {}",
            Plain(&e.row),
            Plain(&e.column),
            Plain(&e.printed),
            Plain(&e.reading),
            Plain(&e.reason)
        );
    }
    w.doc(&doc);
    // A static may borrow another static, not a temporary with a `OnceLock` in it.
    w.open(format_args!(
        "pub static {}: &crate::table::Rows<{row}> = {{",
        ident(const_name)
    ));
    w.open(format_args!(
        "static ROWS: crate::table::Rows<{row}> = crate::table::Rows::new("
    ));
    w.line(format_args!("{},", Str(&t.id)));
    w.line(format_args!("{},", t.rows.len()));
    w.line(format_args!("{row}::decode_row,"));
    w.line(format_args!("// {}", fields.join("\t")));
    let (data, hashes) = data::rows(t);
    let hashes = "#".repeat(hashes);
    w.line(format_args!("r{hashes}\""));
    w.raw(&data);
    w.raw(&format!("\"{hashes},\n"));
    w.close(");");
    w.line("&ROWS");
    w.close("};");
}

/// `TABLES`: every rows table of the book, for a test to decode each.
pub fn list(w: &mut Writer, book: &Book) {
    w.doc(" Every rows table, in book order, for a test to decode each one's data.");
    w.open("pub static TABLES: &[&dyn crate::table::RowsTable] = &[");
    for s in &book.systems {
        for c in &s.chapters {
            for t in &c.tables {
                if let TableKind::Rows { const_name, .. } = &t.kind {
                    w.line(format_args!(
                        "crate::spec::{}::{}::{},",
                        ident(&s.id),
                        ident(&c.id),
                        ident(const_name)
                    ));
                }
            }
        }
    }
    w.close("];");
}

/// One `const` per row, named by its `name` cell, documented by its text cells.
fn constants(w: &mut Writer, t: &Table, about: &str) {
    let value = t
        .columns
        .iter()
        .position(|c| c.field == "value")
        .unwrap_or(1);
    let ty = &t.columns[value].ty;
    for (name, r) in t.constant_rows() {
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
        w.doc(&format!(" {} ({about}.)", Plain(&words.join(" "))));
        w.line(format_args!(
            "pub const {}: {} = {};",
            ident(name),
            TypeOf(ty),
            ValueOf(ty, &t.cells_of(r)[value].value)
        ));
    }
}
