//! A table as Rust: a rows table becomes a row struct and a static slice of
//! rows, one row a line; a constants table becomes one `const` per row.

use std::fmt::Write as _;

use super::code::{Code, Opt, Str};
use super::ident;
use super::values::{TypeOf, ValueOf};
use crate::cell::{BaseType, CellValue};
use crate::model::{Chapter, Table, TableKind};

pub fn table(code: &mut Code, c: &Chapter, t: &Table) {
    let title = if t.title.is_empty() {
        t.section
            .as_deref()
            .and_then(|s| c.section_title(s))
            .unwrap_or(&t.id)
    } else {
        &t.title
    };
    let place = format!("`{}`, {}", t.id, c.file.location(t.span.start));
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
        code.doc(&format!(" {} (`{}`)", col.header, col.ty));
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

/// The static slice of rows. A `static` is evaluated once where a `const`
/// would be copied into each place that names it; each row is one line.
fn rows(code: &mut Code, t: &Table, const_name: &str, row_type: &str, about: &str) {
    let mut doc = format!(" {about}, {} rows.", t.rows.len());
    for e in &t.errata {
        let _ = write!(
            doc,
            "\n\n Erratum: row `{}`, column `{}` prints `{}`, read as `{}`: {}",
            e.row, e.column, e.printed, e.reading, e.reason
        );
    }
    code.doc(&doc);
    let row = ident(row_type);
    code.open(format_args!(
        "pub static {}: &[{row}] = &[",
        ident(const_name)
    ));
    let mut fields: Vec<String> = t
        .columns
        .iter()
        .map(|c| ident(&c.field).to_string())
        .collect();
    fields.extend(extra_fields(t).map(|(f, _)| ident(f).to_string()));
    let mut line = String::new();
    for r in &t.rows {
        line.clear();
        let _ = write!(line, "{row} {{ ");
        let cells = t.columns.iter().zip(&r.cells);
        let values = cells.map(|(col, cell)| ValueOf(&col.ty, &cell.value).to_string());
        let extra = [(&t.group, &r.group), (&t.parent, &r.parent)].into_iter();
        let extra = extra.filter(|(field, _)| field.is_some());
        let extra = extra.map(|(_, v)| Opt(v.as_deref().map(Str)).to_string());
        for (i, (field, value)) in fields.iter().zip(values.chain(extra)).enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            let _ = write!(line, "{sep}{field}: {value}");
        }
        line.push_str(" },");
        code.line(&line);
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
            .zip(&r.cells)
            .filter(|(col, _)| col.ty.base == BaseType::Text)
            .filter_map(|(_, cell)| match &cell.value {
                CellValue::Text(s) => Some(s.as_str()),
                _ => None,
            })
            .collect();
        code.doc(&format!(" {} ({about}.)", words.join(" ")));
        code.line(format_args!(
            "pub const {}: {} = {};",
            ident(name),
            TypeOf(ty),
            ValueOf(ty, &r.cells[value].value)
        ));
    }
}
