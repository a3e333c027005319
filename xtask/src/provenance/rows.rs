//! A table's rows as the book prints them: which cells are figures of the
//! book, and which rows are ours.

use codegen::cell::{BaseType, CellValue, ColumnType};
use codegen::locator::Restates;
use codegen::model::{Row, Table, TableKind};
use codegen::source::Span;

use super::figure::Figure;

/// The printed cells of each of `t`'s rows, with their spans and what each
/// may be printed as; `text` is its chapter's.
pub fn cells(t: &Table, text: &str) -> Vec<Vec<(String, Span, Figure)>> {
    let printed: Vec<bool> = t
        .columns
        .iter()
        .map(|c| printed_column(t, &c.field, &c.ty))
        .collect();
    let mut above: Vec<Option<&str>> = vec![None; t.columns.len()];
    let anywhere = !in_order(t);
    let ours = ours_rows(t, text);
    let mut rows = Vec::new();
    for row in &t.rows {
        let mut out = Vec::new();
        if ours.iter().any(|r| std::ptr::eq(*r, row)) {
            rows.push(out);
            continue;
        }
        for (i, cell) in t.cells_of(row).iter().enumerate() {
            let raw = text[cell.span.clone()].trim();
            let figure = match &cell.value {
                // Where the book states a figure in words, it may say `two`.
                CellValue::Int(n) if t.kind == TableKind::Constants => Some(Figure::Magnitude(*n)),
                CellValue::Int(n) | CellValue::Modifier(n) if anywhere => Some(Figure::Int(*n)),
                CellValue::Dice(d) if anywhere => Some(Figure::dice(d)),
                _ => Figure::cell(raw, above[i], cell.ditto),
            };
            // Where the book states the rows in prose, a blank or none word is ours.
            let none = anywhere && cell.value == CellValue::None;
            if printed[i]
                && !none
                && let Some(f) = figure
            {
                out.push((raw.to_string(), cell.span.clone(), f));
            }
            if !cell.ditto && !raw.is_empty() {
                above[i] = Some(raw);
            }
        }
        rows.push(out);
    }
    rows
}

/// A row's name, as `ours` names it: a constant's name, or a row's first cell.
pub fn row_names<'t>(t: &'t Table, text: &'t str) -> Vec<(&'t str, &'t Row)> {
    match t.kind {
        TableKind::Constants => t.constant_rows().collect(),
        TableKind::Rows { .. } => t
            .rows
            .iter()
            .filter_map(|r| Some((text[t.cells_of(r).first()?.span.clone()].trim(), r)))
            .collect(),
    }
}

/// The rows that the table's `ours` names: figures we worked out.
pub fn ours_rows<'t>(t: &'t Table, text: &'t str) -> Vec<&'t Row> {
    row_names(t, text)
        .into_iter()
        .filter(|(name, _)| t.source.ours.iter().any(|o| o.name == *name))
        .map(|(_, row)| row)
        .collect()
}

/// Whether the book prints `t` as a table, row after row.
pub fn in_order(t: &Table) -> bool {
    t.source.restates == Restates::Table && matches!(t.kind, TableKind::Rows { .. })
}

/// Whether a column's cells are printed in the book: not a column of ours,
/// and where the book states the rows in prose or as constants, a figure
/// rather than words (names and text there are ours).
pub fn printed_column(t: &Table, field: &str, ty: &ColumnType) -> bool {
    let words = matches!(ty.base, BaseType::Text | BaseType::Label | BaseType::Ident);
    !t.source.ours.iter().any(|o| o.name == field) && (in_order(t) || (!words && field != "name"))
}
