//! A table as Rust: a rows table becomes a row struct and a static
//! `crate::table::Rows` of it, whose data holds one row a line; a constants
//! table becomes one `const` per row.

use std::fmt::Write as _;

use proc_macro2::Ident;

use super::code::{Code, Plain, Str};
use super::values::{TypeOf, ValueOf};
use super::{data, ident};
use crate::cell::{BaseType, CellValue};
use crate::model::{Book, Chapter, Table, TableKind};

pub fn table(code: &mut Code, c: &Chapter, t: &Table) {
    let title = if t.title.is_empty() {
        t.section
            .as_deref()
            .and_then(|s| c.section_title(s))
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
            row_struct(code, t, row_type, &place);
            rows(
                code,
                t,
                const_name,
                row_type,
                &format!("{title}: table {place}"),
            );
        }
        TableKind::Constants => constants(code, t, &format!("{title}: table {place}")),
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

fn row_struct(code: &mut Code, t: &Table, row_type: &str, place: &str) {
    code.doc(&format!(" A row of table {place}."));
    code.line("#[derive(Debug, Clone, Copy, PartialEq)]");
    code.open(format_args!("pub struct {} {{", ident(row_type)));
    for col in &t.columns {
        code.doc(&format!(
            " {} ({})",
            Plain(&col.header),
            Plain(&col.ty.to_string())
        ));
        code.line(format_args!(
            "pub {}: {},",
            ident(&col.field),
            TypeOf(&col.ty)
        ));
    }
    for (field, doc) in extra_fields(t) {
        code.doc(doc);
        code.line(format_args!("pub {}: Option<&'static str>,", ident(field)));
    }
    code.close("}");
}

/// The row type's `decode_row`, which reads a line of the table's data a
/// field at a time, in column order.
fn decode_row(code: &mut Code, fields: &[&str], row: &Ident) {
    code.open(format_args!("impl {row} {{"));
    code.open(format_args!(
        "fn decode_row(cells: &mut crate::table::Cells) -> Result<{row}, String> {{"
    ));
    code.open(format_args!("Ok({row} {{"));
    for field in fields {
        code.line(format_args!(
            "{}: cells.next({})?,",
            ident(field),
            Str(field)
        ));
    }
    code.close("})");
    code.close("}");
    code.close("}");
}

/// The static table: its rows as data that `rules` decodes on first use, one
/// row a line, under a comment naming the columns.
fn rows(code: &mut Code, t: &Table, const_name: &str, row_type: &str, about: &str) {
    let row = ident(row_type);
    let mut fields: Vec<&str> = t.columns.iter().map(|c| c.field.as_str()).collect();
    fields.extend(extra_fields(t).map(|(f, _)| f));
    decode_row(code, &fields, &row);
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
    code.doc(&doc);
    // A static may borrow another static, not a temporary with a `OnceLock` in it.
    code.open(format_args!(
        "pub static {}: &crate::table::Rows<{row}> = {{",
        ident(const_name)
    ));
    code.open(format_args!(
        "static ROWS: crate::table::Rows<{row}> = crate::table::Rows::new("
    ));
    code.line(format_args!("{},", Str(&t.id)));
    code.line(format_args!("{},", t.rows.len()));
    code.line(format_args!("{row}::decode_row,"));
    code.line(format_args!("// {}", fields.join("\t")));
    let (data, hashes) = data::rows(t);
    let hashes = "#".repeat(hashes);
    code.line(format_args!("r{hashes}\""));
    code.raw(&data);
    code.raw(&format!("\"{hashes},\n"));
    code.close(");");
    code.line("&ROWS");
    code.close("};");
}

/// `TABLES`: every rows table of the book, for a test to decode each.
pub fn list(code: &mut Code, book: &Book) {
    code.doc(" Every rows table, in book order, for a test to decode each one's data.");
    code.open("pub static TABLES: &[&dyn crate::table::RowsTable] = &[");
    for s in &book.systems {
        for c in &s.chapters {
            for t in &c.tables {
                if let TableKind::Rows { const_name, .. } = &t.kind {
                    code.line(format_args!(
                        "crate::spec::{}::{}::{},",
                        ident(&s.id),
                        ident(&c.id),
                        ident(const_name)
                    ));
                }
            }
        }
    }
    code.close("];");
}

/// One `const` per row, named by its `name` cell, documented by its text cells.
fn constants(code: &mut Code, t: &Table, about: &str) {
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
        code.doc(&format!(" {} ({about}.)", Plain(&words.join(" "))));
        code.line(format_args!(
            "pub const {}: {} = {};",
            ident(name),
            TypeOf(ty),
            ValueOf(ty, &t.cells_of(r)[value].value)
        ));
    }
}
