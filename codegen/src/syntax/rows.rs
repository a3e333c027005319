//! The rows under a table schema: each source line split into cells, group
//! and parent rows folded into fields, ditto marks resolved, errata applied and
//! every cell typed. Each row costs time in its own length only, so a table of
//! any size (and any number of errata) is built in linear time.

use rustc_hash::FxHashMap as HashMap;
use smol_str::SmolStr;
use std::sync::Arc;

use pulldown_cmark::{Event, Tag};

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::{Diagnostic, Diagnostics};
use crate::diag::source::{SourceFile, Span};
use crate::model::{Cell, Column, Row, Table, TableErratum, TableKind};
use crate::syntax::cell::{CellError, CellValue, parse_cell};
use crate::syntax::table::Schema;

/// A table as pulldown-cmark gives it: the source line of each body row. The
/// rows' cells are read from those lines (see [`split_line`]).
pub struct RawTable {
    schema: Option<Schema>,
    /// The schema above was rejected (and reported): skip the table quietly.
    rejected: bool,
    span: Span,
    lines: Vec<Span>,
}

impl RawTable {
    /// A table at `span`, whose lines go into `lines`, a buffer that a table
    /// before it may have used (see [`RawTable::into_lines`]).
    pub fn new(
        schema: Option<Schema>,
        rejected: bool,
        span: Span,
        mut lines: Vec<Span>,
    ) -> RawTable {
        lines.clear();
        RawTable {
            schema,
            rejected,
            span,
            lines,
        }
    }

    /// The buffer of lines, for the next table to use.
    pub fn into_lines(self) -> Vec<Span> {
        self.lines
    }

    /// Notes where a body row starts, in `text`, the chapter's.
    pub fn event(&mut self, text: &str, event: &Event, range: Span) {
        if let Event::Start(Tag::TableRow) = event {
            self.lines.push(line_of(text, range.start));
        }
    }
}

/// The cell texts of one table line, split on unescaped pipes, each with its span.
/// pulldown-cmark pads or truncates ragged rows, so the line itself is read.
fn split_line(text: &str, line: Span) -> Vec<Span> {
    let mut cells = Vec::new();
    split_line_into(text, line, &mut cells);
    cells
}

/// The cells of one row of a Markdown table, `line`, split as the compiler
/// splits a table's rows (on pipes not escaped with a backslash, each cell
/// trimmed, the row's opening and closing pipes holding none): for tools that
/// read a table's text, so that they see the cells the compiler sees. A cell
/// keeps its escapes: `a \| b`.
pub fn table_cells(line: &str) -> Vec<&str> {
    split_line(line, 0..line.len())
        .into_iter()
        .map(|cell| &line[cell])
        .collect()
}

/// [`split_line`] into `cells`, which a table's rows reuse.
fn split_line_into(text: &str, line: Span, cells: &mut Vec<Span>) {
    cells.clear();
    let s = text[line.clone()].trim_end();
    // The trimmed text of the piece `start..end`, as a span of the file.
    let cell = |start: usize, end: usize| {
        let raw = &s[start..end];
        let rest = raw.trim_start();
        let start = line.start + start + raw.len() - rest.len();
        start..start + rest.trim_end().len()
    };
    let mut start = 0;
    let mut escaped = false;
    // Pipes and backslashes are ASCII, so no byte of a wider character is one.
    for (i, byte) in s.bytes().enumerate() {
        match byte {
            b'\\' if !escaped => escaped = true,
            b'|' if !escaped => {
                cells.push(cell(start, i));
                start = i + 1;
            }
            _ => escaped = false,
        }
    }
    cells.push(cell(start, s.len()));
    // A leading and a trailing pipe open and close the row; they hold no cell.
    if s.trim_start().starts_with('|') {
        cells.remove(0);
    }
    if s.ends_with('|') && !s.ends_with("\\|") {
        cells.pop();
    }
}

/// Types every cell of a raw table against its schema, splitting each line
/// into `split`, a buffer that the tables of a compile share.
pub fn build_table(
    file: &Arc<SourceFile>,
    raw: &mut RawTable,
    section: Option<SmolStr>,
    split: &mut Vec<Span>,
    diags: &mut Diagnostics,
) -> Option<Table> {
    let Some(mut schema) = raw.schema.take() else {
        if raw.rejected {
            return None;
        }
        diags.push(
            Diagnostic::new(
                file,
                raw.span.start..raw.span.start,
                DiagCode::SchemaPlacement,
                "table has no schema",
            )
            .label("put a `<!-- table <id> ... -->` schema comment right above it"),
        );
        return None;
    };
    // One buffer holds the cells of each line in turn, the header's first.
    let columns = columns(file, &mut schema, raw.span.start, split, diags)?;
    let lines = &raw.lines;
    // A kept row's cells hold at least a byte of the table each (a pipe, at
    // least), so that bound keeps a wide schema over short lines from
    // reserving more than the table could fill.
    let cells = (lines.len().saturating_mul(columns.len())).min(raw.span.len());
    let mut b = Builder::new(file, &schema, &columns, (lines.len(), cells), split);
    for index in 0..lines.len() {
        b.line(lines, index, diags);
    }
    let (rows, cells) = b.finish(raw.span.start, diags)?;
    Some(Table {
        id: schema.id,
        title: schema.title.unwrap_or_default(),
        section,
        kind: schema.kind,
        columns,
        group: schema.group,
        parent: schema.parent,
        errata: schema.errata,
        allows: schema.allows,
        source: schema.source,
        rows,
        cells,
        extent: schema.span.start..raw.span.end,
        span: schema.span,
    })
}

/// The schema's columns (taken out of it) with the header's text, when the
/// header has one cell per column.
fn columns(
    file: &Arc<SourceFile>,
    schema: &mut Schema,
    table_start: usize,
    header: &mut Vec<Span>,
    diags: &mut Diagnostics,
) -> Option<Vec<Column>> {
    let text = file.text.as_str();
    let header_line = line_of(text, table_start);
    split_line_into(text, header_line.clone(), header);
    if header.len() != schema.columns.len() {
        diags.push(
            Diagnostic::new(
                file,
                header_line,
                DiagCode::TableShape,
                format!(
                    "table `{}` has {} columns but its schema names {}",
                    schema.id,
                    header.len(),
                    schema.columns.len()
                ),
            )
            .label("header row")
            .note(format!("schema at {}", file.location(schema.span.start))),
        );
        return None;
    }
    Some(
        std::mem::take(&mut schema.columns)
            .into_iter()
            .zip(header.iter())
            .map(|((field, ty, span), h)| Column {
                field,
                ty,
                header: SmolStr::new(&text[h.clone()]),
                span,
            })
            .collect(),
    )
}

/// A table's rows as they are read, line by line.
struct Builder<'a> {
    file: &'a Arc<SourceFile>,
    schema: &'a Schema,
    columns: &'a [Column],
    /// Each erratum by the row and column of the cell it reads.
    errata: HashMap<(&'a str, &'a str), usize>,
    used: Vec<bool>,
    rows: Vec<Row>,
    /// The rows' typed cells, row after row (the table's `cells`).
    typed: Vec<Cell>,
    group: Option<SmolStr>,
    parent: Option<SmolStr>,
    /// Groups that open with a repeated header name their first group in the header itself.
    opened_by_header: bool,
    /// The row above was reported broken: a ditto mark under it repeats nothing known.
    above_broken: bool,
    ok: bool,
    /// The cells of the line being read, kept from line to line.
    cells: &'a mut Vec<Span>,
}

impl<'a> Builder<'a> {
    /// A builder with room for `rows` rows and `cells` cells, which splits
    /// lines into `split`.
    fn new(
        file: &'a Arc<SourceFile>,
        schema: &'a Schema,
        columns: &'a [Column],
        (rows, cells): (usize, usize),
        split: &'a mut Vec<Span>,
    ) -> Builder<'a> {
        let mut errata = HashMap::default();
        for (k, e) in schema.errata.iter().enumerate() {
            errata
                .entry((e.row.as_str(), e.column.as_str()))
                .or_insert(k);
        }
        Builder {
            file,
            schema,
            columns,
            errata,
            used: vec![false; schema.errata.len()],
            rows: Vec::with_capacity(rows),
            typed: Vec::with_capacity(cells),
            group: None,
            parent: None,
            opened_by_header: false,
            above_broken: false,
            ok: true,
            cells: split,
        }
    }

    fn erratum(&self, row: &str, column: &str) -> Option<usize> {
        self.errata.get(&(row, column)).copied()
    }

    /// Reads line `index` of `lines`: a row, a group row, or a repeated header.
    fn line(&mut self, lines: &[Span], index: usize, diags: &mut Diagnostics) {
        let mut cells = std::mem::take(self.cells);
        if self.cells(lines[index].clone(), &mut cells, diags) {
            self.read_line(lines, index, &cells, diags);
        } else {
            self.broken();
        }
        *self.cells = cells;
    }

    /// Line `index`, already split into `cells`, one per column.
    fn read_line(&mut self, lines: &[Span], index: usize, cells: &[Span], diags: &mut Diagnostics) {
        let text = self.file.text.as_str();
        let line = lines[index].clone();
        let first = &text[cells[0].clone()];
        let columns = self.columns;
        // A group row names a category: its other cells are blank, or repeat the header's.
        let blank = cells[1..].iter().all(|c| c.is_empty());
        let repeats_header = cells[1..]
            .iter()
            .zip(&columns[1..])
            .all(|(c, col)| text[c.clone()].eq_ignore_ascii_case(col.header.trim()));
        if repeats_header && first.eq_ignore_ascii_case(columns[0].header.trim()) {
            return; // the whole header again, as after a page break: nothing to record
        }
        let delimiter = |c: &Span| {
            let t = text[c.clone()].trim_matches(':');
            !t.is_empty() && t.chars().all(|ch| ch == '-')
        };
        if cells.iter().all(delimiter) {
            return; // the `---|---` line under a repeated header
        }
        if self.schema.group.is_some() && !first.is_empty() && (blank || repeats_header) {
            self.opened_by_header |= repeats_header && !blank;
            let next_is_child = lines.get(index + 1).is_some_and(|l| {
                split_line(text, l.clone())
                    .first()
                    .is_some_and(|c| is_child(&text[c.clone()]))
            });
            // Under `parent`, a group row whose next row starts lowercase is a parent row.
            if self.schema.parent.is_some() && blank && next_is_child {
                self.parent = Some(first.into());
            } else {
                self.group = Some(first.into());
                self.parent = None;
            }
            return;
        }
        if !is_child(first) {
            self.parent = None;
        }
        self.row(first, cells, line, diags);
    }

    /// Splits a line into `cells`, one per column; false for a ragged row, which
    /// is reported. A row missing its last cells is kept when a table erratum
    /// accounts for each of them (`printed = ""`): it then reads as if those
    /// cells were blank.
    fn cells(&mut self, line: Span, cells: &mut Vec<Span>, diags: &mut Diagnostics) -> bool {
        let text = self.file.text.as_str();
        split_line_into(text, line.clone(), cells);
        let n = self.columns.len();
        if let Some(first) = cells.first().map(|c| &text[c.clone()])
            && cells.len() < n
            && self.columns[cells.len()..].iter().all(|col| {
                self.erratum(first, &col.field)
                    .is_some_and(|k| self.schema.errata[k].printed.is_empty())
            })
        {
            cells.resize(n, line.end..line.end);
        }
        if cells.len() == n {
            return true;
        }
        diags.push(
            Diagnostic::new(
                self.file,
                line,
                DiagCode::TableShape,
                format!(
                    "ragged row: {} cells where table `{}` has {n} columns",
                    cells.len(),
                    self.schema.id,
                ),
            )
            .label("this row"),
        );
        false
    }

    fn broken(&mut self) {
        self.ok = false;
        self.above_broken = true;
    }

    /// Types the cells of a row and keeps it when every one fits.
    fn row(&mut self, first: &str, cells: &[Span], line: Span, diags: &mut Diagnostics) {
        let start = self.typed.len();
        for (i, (span, column)) in cells.iter().zip(self.columns).enumerate() {
            if let Some(cell) = self.cell(first, i, span, column, diags) {
                self.typed.push(cell);
            }
        }
        if self.typed.len() - start != self.columns.len() {
            self.typed.truncate(start);
            self.broken();
            return;
        }
        self.above_broken = false;
        self.rows.push(Row {
            cells: start..self.typed.len(),
            group: self.group.clone(),
            parent: self.parent.clone(),
            span: line,
        });
    }

    /// Cell `i` of the row whose first cell is `first`: a ditto mark's value, or
    /// the cell typed (through its erratum, if one reads it).
    fn cell(
        &mut self,
        first: &str,
        i: usize,
        span: &Span,
        column: &Column,
        diags: &mut Diagnostics,
    ) -> Option<Cell> {
        let file = self.file;
        let cell_text = &file.text[span.clone()];
        if matches!(cell_text, "\"" | "“" | "”" | "〃") {
            return self.ditto(i, span, column, diags);
        }
        let erratum = match self.erratum(first, &column.field) {
            Some(k) if self.schema.errata[k].printed == cell_text => {
                self.used[k] = true;
                Some(&self.schema.errata[k])
            }
            Some(k) => {
                let e = &self.schema.errata[k];
                diags.push(
                    Diagnostic::new(
                        file,
                        span.clone(),
                        DiagCode::TableErratum,
                        format!(
                            "table erratum expects `{}` printed here, but the cell reads `{cell_text}`",
                            e.printed
                        ),
                    )
                    .note(format!("erratum at {}", file.location(e.span.start))),
                );
                return None;
            }
            None => None,
        };
        match parse_cell(&column.ty, erratum.map_or(cell_text, |e| &e.reading)) {
            Ok(value) => Some(Cell {
                value,
                ditto: false,
                span: span.clone(),
            }),
            Err(e) => {
                diags.push(cell_error(file, span, column, erratum, e));
                None
            }
        }
    }

    /// A ditto mark in column `i`: the value of the row above.
    fn ditto(
        &self,
        i: usize,
        span: &Span,
        column: &Column,
        diags: &mut Diagnostics,
    ) -> Option<Cell> {
        if self.above_broken {
            return None; // the row above is reported already; its value is unknown
        }
        match self.rows.last() {
            Some(above) => Some(Cell {
                ditto: true,
                span: span.clone(),
                ..self.typed[above.cells.start + i].clone()
            }),
            None => {
                diags.push(
                    Diagnostic::new(
                        self.file,
                        span.clone(),
                        DiagCode::BadCell,
                        "ditto mark with nothing above it",
                    )
                    .label(format!(
                        "column `{}` has no earlier row to repeat",
                        column.field
                    )),
                );
                None
            }
        }
    }

    /// The rows, once the checks over the whole table pass.
    fn finish(
        mut self,
        table_start: usize,
        diags: &mut Diagnostics,
    ) -> Option<(Vec<Row>, Vec<Cell>)> {
        let file = self.file;
        if self.opened_by_header {
            let header: SmolStr = self.columns[0].header.trim().into();
            for row in self.rows.iter_mut().take_while(|r| r.group.is_none()) {
                row.group = Some(header.clone());
            }
        }
        for (e, used) in self.schema.errata.iter().zip(&self.used) {
            if !used {
                diags.push(
                    Diagnostic::new(
                        file,
                        e.span.clone(),
                        DiagCode::TableErratum,
                        format!("table erratum matches no cell: no row `{}`", e.row),
                    )
                    .label("`row` must be a row's first cell, exactly as printed"),
                );
                self.ok = false;
            }
        }
        if self.rows.is_empty() && self.ok {
            diags.push(Diagnostic::new(
                file,
                table_start..table_start,
                DiagCode::TableShape,
                format!("table `{}` has no rows", self.schema.id),
            ));
            self.ok = false;
        }
        if self.schema.kind == TableKind::Constants {
            let name = self
                .columns
                .iter()
                .position(|c| c.field == "name")
                .unwrap_or(0);
            if let Some(row) = self
                .rows
                .iter()
                .find(|r| matches!(self.typed[r.cells.start + name].value, CellValue::None))
            {
                diags.push(Diagnostic::new(
                    file,
                    row.span.clone(),
                    DiagCode::BadCell,
                    "a constant without a name",
                ));
                self.ok = false;
            }
        }
        self.ok.then_some((self.rows, self.typed))
    }
}

/// A row whose first cell starts lowercase is a child of the parent row above it.
fn is_child(first: &str) -> bool {
    first.starts_with(|c: char| c.is_lowercase())
}
/// A cell that does not fit its column, reported at the character where it goes
/// wrong; a cell read through an erratum is reported whole, since the error lies
/// in the erratum's reading.
fn cell_error(
    file: &Arc<SourceFile>,
    span: &Span,
    column: &Column,
    erratum: Option<&TableErratum>,
    e: CellError,
) -> Diagnostic {
    let cell_text = &file.text[span.clone()];
    let (spot, what) = match erratum {
        Some(erratum) => (
            span.clone(),
            format!(
                "table erratum reads cell `{cell_text}` as `{}`, which",
                erratum.reading
            ),
        ),
        None => {
            let at = cell_text.floor_char_boundary(e.offset);
            let end = cell_text.ceil_char_boundary(at + e.len);
            (
                span.start + at..span.start + end,
                format!("cell `{cell_text}`"),
            )
        }
    };
    let d = Diagnostic::new(
        file,
        spot,
        DiagCode::BadCell,
        format!(
            "{what} does not fit column `{}` of type `{}`: {}",
            column.field, column.ty, e.message
        ),
    )
    .label(e.message);
    match erratum {
        Some(erratum) => d.note(format!("erratum at {}", file.location(erratum.span.start))),
        None => d,
    }
}

/// The span of the whole line holding `offset`, without its newline.
fn line_of(text: &str, offset: usize) -> Span {
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    start..end
}
