//! Typed tables: the schema comment above a table, and the rows under it turned
//! into typed cells (ditto marks resolved, group rows folded into a field).

use std::sync::Arc;

use pulldown_cmark::{Event, Tag, TagEnd};

use crate::cell::{CellError, CellValue, ColumnType, parse_cell};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::lint::{LintKind, Scope};
use crate::model::{Allow, Cell, Column, Row, Table, TableErratum, TableKind};
use crate::source::{SourceFile, Span};
use crate::toml_spans::Doc;

/// A schema comment: `<!-- table <id>` then TOML, then `-->`.
#[derive(Debug)]
pub struct Schema {
    pub id: String,
    pub kind: TableKind,
    pub title: Option<String>,
    pub group: Option<String>,
    pub parent: Option<String>,
    pub errata: Vec<TableErratum>,
    pub allows: Vec<Allow>,
    /// (field, type, span of the column's entry)
    pub columns: Vec<(String, ColumnType, Span)>,
    pub span: Span,
}

pub fn parse_schema(
    file: &Arc<SourceFile>,
    html: &str,
    start: usize,
) -> Result<Schema, Diagnostic> {
    let html = html.trim_end();
    let span = start..start + html.len();
    let Some(inner) = html.strip_suffix("-->") else {
        return Err(Diagnostic::new(
            file,
            span,
            "table schema comment is not closed on its own block",
        )
        .label("end the schema with `-->`"));
    };
    let first_line_end = inner.find('\n').unwrap_or(inner.len());
    let head = &inner[..first_line_end];
    let id = head
        .trim_start()
        .trim_start_matches("<!--")
        .trim()
        .trim_start_matches("table")
        .trim();
    if !crate::parse::is_id(id) {
        return Err(Diagnostic::new(
            file,
            start..start + head.len(),
            "table schema needs one valid id",
        )
        .label("write `<!-- table some-id` on the first line; ids are kebab-case"));
    }
    let body = &inner[first_line_end..];
    let mut doc = Doc::parse(file, body, start + first_line_end, "a table schema")?;
    let kind = match doc.string("kind")? {
        None => None,
        Some((k, _)) if k == "rows" => None,
        Some((k, _)) if k == "constants" => Some(TableKind::Constants),
        Some((k, s)) => {
            return Err(doc
                .error(s, format!("unknown table kind `{k}`"))
                .label("`rows` or `constants`"));
        }
    };
    let kind = match kind {
        Some(k) => k,
        None => {
            let (const_name, cs) = doc.required_string("const")?;
            if !is_upper_snake(&const_name) {
                return Err(doc.error(cs, "`const` must be an UPPER_SNAKE_CASE name"));
            }
            let (row_type, rs) = doc.required_string("row")?;
            if !row_type.starts_with(|c: char| c.is_ascii_uppercase())
                || !row_type.chars().all(|c| c.is_ascii_alphanumeric())
            {
                return Err(doc.error(rs, "`row` must be a CamelCase type name"));
            }
            if let Err(why) = crate::names::ident(&row_type) {
                return Err(doc.error(rs, format!("`row`: {why}")));
            }
            TableKind::Rows {
                const_name,
                row_type,
            }
        }
    };
    let title = doc.string("title")?.map(|t| t.0);
    let group = doc.string("group")?;
    let parent = doc.string("parent")?;
    let mut errata = Vec::new();
    for mut e in doc.tables("errata", "a table erratum")? {
        let row = e.required_string("row")?.0;
        let column = e.required_string("column")?.0;
        let printed = e.required_string("printed")?.0;
        let reading = e.required_string("reading")?.0;
        let reason = e.required_string("reason")?.0;
        let span = e.span.clone();
        e.finish()?;
        errata.push(TableErratum {
            row,
            column,
            printed,
            reading,
            reason,
            span,
        });
    }
    let mut allows: Vec<Allow> = Vec::new();
    for mut a in doc.tables("allow", "an allow")? {
        let (name, name_span) = a.required_string("lint")?;
        let lint = lint_for(file, &name, name_span, Scope::Table)?;
        let reason = a.string("reason")?;
        let span = a.span.clone();
        a.finish()?;
        let reason = stated_reason(file, reason.map(|r| r.0), span.clone(), lint)?;
        if allows.iter().any(|x| x.lint == lint) {
            return Err(Diagnostic::new(
                file,
                span,
                format!("`{lint}` is allowed twice for table `{id}`"),
            )
            .label("one allow per lint and table"));
        }
        allows.push(Allow {
            lint,
            reason,
            item: id.to_string(),
            span,
        });
    }
    let entries = doc
        .strings("columns")?
        .ok_or_else(|| doc.error(doc.span.clone(), "a table schema has no `columns`"))?;
    let mut columns: Vec<(String, ColumnType, Span)> = Vec::new();
    for (entry, espan) in entries {
        // The entry's text starts one byte into its span, after the opening quote.
        let inner = espan.start + 1;
        let Some((field, ty)) = entry.split_once(':') else {
            return Err(doc.error(espan, "a column is written `field: type`"));
        };
        let field = field.trim();
        let field_span = inner..inner + field.len();
        if !is_snake(field) {
            return Err(doc.error(
                field_span,
                format!("`{field}` is not a snake_case field name"),
            ));
        }
        if let Err(why) = crate::names::ident(field) {
            return Err(doc.error(field_span, format!("column field {why}")));
        }
        if let Some((_, _, first)) = columns.iter().find(|(f, ..)| f == field) {
            return Err(doc
                .error(field_span, format!("column field `{field}` is named twice"))
                .label("each column needs a field of its own")
                .note(format!("first named at {}", file.location(first.start))));
        }
        let ty_offset = inner + entry.len() - ty.trim_start().len();
        let ty_text = ty.trim();
        let ty = ColumnType::parse(ty_text).map_err(|m| {
            doc.error(ty_offset..ty_offset + ty_text.len(), m)
                .label("not a column type")
        })?;
        columns.push((field.to_string(), ty, espan));
    }
    for (key, extra) in [("group", &group), ("parent", &parent)] {
        if let Some((g, gs)) = extra
            && (!is_snake(g)
                || columns.iter().any(|(f, ..)| f == g)
                || crate::names::ident(g).is_err())
        {
            return Err(doc.error(
                gs.clone(),
                format!("`{key}` must be a new snake_case field name"),
            ));
        }
    }
    if parent.is_some() && group.is_none() {
        return Err(doc.error(
            doc.span.clone(),
            "`parent` rows are group rows: name a `group` field too",
        ));
    }
    for e in &errata {
        if !columns.iter().any(|(f, ..)| *f == e.column) {
            return Err(doc.error(
                e.span.clone(),
                format!("table erratum names no column `{}`", e.column),
            ));
        }
    }
    if kind == TableKind::Constants {
        let has = |name: &str, ok: &dyn Fn(&ColumnType) -> bool| {
            columns.iter().any(|(f, t, _)| f == name && ok(t))
        };
        if !has("name", &|t| {
            t.base == crate::cell::BaseType::Ident && !t.optional
        }) || !has("value", &|t| !t.optional)
        {
            return Err(doc.error(
                doc.span.clone(),
                "a constants table needs a `name: ident` and a `value` column",
            ));
        }
    }
    doc.finish()?;
    Ok(Schema {
        id: id.to_string(),
        kind,
        title,
        group: group.map(|g| g.0),
        parent: parent.map(|p| p.0),
        errata,
        allows,
        columns,
        span,
    })
}

/// The lint an allow names, which must be one that can be allowed where the allow is written.
pub fn lint_for(
    file: &Arc<SourceFile>,
    name: &str,
    span: Span,
    scope: Scope,
) -> Result<LintKind, Diagnostic> {
    let here = LintKind::names_in(scope);
    match LintKind::from_name(name) {
        Some(k) if k.scope() == Some(scope) => Ok(k),
        Some(k) => Err(Diagnostic::new(
            file,
            span,
            match k.scope() {
                Some(Scope::Table) => format!(
                    "`{name}` is allowed in a table's schema: `allow = [{{ lint = \"{name}\", reason = \"…\" }}]`"
                ),
                Some(Scope::Section) => format!(
                    "`{name}` is allowed in a comment under a section's heading: `<!-- allow {name}: <reason> -->`"
                ),
                None => format!("`{name}` cannot be allowed: remove the allow that silences nothing"),
            },
        )
        .label(format!("allowed here: {here}"))),
        None => Err(Diagnostic::new(file, span, format!("unknown lint `{name}`"))
            .label(format!("allowed here: {here}"))),
    }
}

/// An allow's reason, which it must state.
pub fn stated_reason(
    file: &Arc<SourceFile>,
    reason: Option<String>,
    span: Span,
    lint: LintKind,
) -> Result<String, Diagnostic> {
    let reason = reason.unwrap_or_default();
    let reason = reason.split_whitespace().collect::<Vec<_>>().join(" ");
    if reason.is_empty() {
        return Err(
            Diagnostic::new(file, span, format!("allow `{lint}` states no reason"))
                .label("say why the lint is wrong here, or fix what it found"),
        );
    }
    Ok(reason)
}

fn is_snake(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_lowercase())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

fn is_upper_snake(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_uppercase())
        && s.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// A table as pulldown-cmark gives it: the header row and body rows, each cell a span.
pub struct RawTable {
    schema: Option<Schema>,
    /// The schema above was rejected (and reported): skip the table quietly.
    rejected: bool,
    span: Span,
    header: Vec<Span>,
    rows: Vec<(Span, Vec<Span>)>,
    in_head: bool,
}

impl RawTable {
    pub fn new(schema: Option<Schema>, rejected: bool, span: Span) -> RawTable {
        RawTable {
            schema,
            rejected,
            span,
            header: Vec::new(),
            rows: Vec::new(),
            in_head: false,
        }
    }

    pub fn event(&mut self, event: &Event, range: Span) {
        match event {
            Event::Start(Tag::TableHead) => self.in_head = true,
            Event::End(TagEnd::TableHead) => self.in_head = false,
            Event::Start(Tag::TableRow) => self.rows.push((range, Vec::new())),
            Event::Start(Tag::TableCell) if self.in_head => self.header.push(range),
            Event::Start(Tag::TableCell) => {
                if let Some((_, cells)) = self.rows.last_mut() {
                    cells.push(range);
                }
            }
            _ => {}
        }
    }
}

/// The cell texts of one table line, split on unescaped pipes, each with its span.
/// pulldown-cmark pads or truncates ragged rows, so the line itself is read.
fn split_line(text: &str, line: Span) -> Vec<Span> {
    let s = &text[line.clone()];
    let s_trim_end = s.trim_end();
    let mut cells = Vec::new();
    let mut start = 0;
    let mut escaped = false;
    for (i, ch) in s_trim_end.char_indices() {
        match ch {
            '\\' if !escaped => escaped = true,
            '|' if !escaped => {
                cells.push(start..i);
                start = i + 1;
            }
            _ => escaped = false,
        }
    }
    cells.push(start..s_trim_end.len());
    // A leading and a trailing pipe open and close the row; they hold no cell.
    if s_trim_end.trim_start().starts_with('|') {
        cells.remove(0);
    }
    if s_trim_end.ends_with('|') && !s_trim_end.ends_with("\\|") {
        cells.pop();
    }
    cells
        .into_iter()
        .map(|c| {
            let raw = &s[c.clone()];
            let lead = raw.len() - raw.trim_start().len();
            line.start + c.start + lead..line.start + c.start + lead + raw.trim().len()
        })
        .collect()
}

/// Types every cell of a raw table against its schema.
pub fn build_table(
    file: &Arc<SourceFile>,
    raw: RawTable,
    section: Option<String>,
    diags: &mut Diagnostics,
) -> Option<Table> {
    let text = file.text.as_str();
    let Some(schema) = raw.schema else {
        if raw.rejected {
            return None;
        }
        diags.push(
            Diagnostic::new(file, raw.span.start..raw.span.start, "table has no schema")
                .label("put a `<!-- table <id> ... -->` schema comment right above it"),
        );
        return None;
    };
    let header_line = line_of(text, raw.span.start);
    let header = split_line(text, header_line.clone());
    if header.len() != schema.columns.len() {
        diags.push(
            Diagnostic::new(
                file,
                header_line,
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
    let columns: Vec<Column> = schema
        .columns
        .iter()
        .zip(&header)
        .map(|((field, ty, span), h)| Column {
            field: field.clone(),
            ty: ty.clone(),
            header: text[h.clone()].to_string(),
            span: span.clone(),
        })
        .collect();
    let mut rows: Vec<Row> = Vec::new();
    let mut group = None;
    let mut parent: Option<String> = None;
    // Groups that open with a repeated header name their first group in the header itself.
    let mut opened_by_header = false;
    let mut used = vec![false; schema.errata.len()];
    let mut ok = true;
    let lines: Vec<Span> = raw
        .rows
        .iter()
        .map(|(r, _)| line_of(text, r.start))
        .collect();
    let first_cell = |i: usize| {
        lines.get(i).and_then(|l| {
            split_line(text, l.clone())
                .first()
                .map(|c| text[c.clone()].to_string())
        })
    };
    let is_child = |name: &str| name.starts_with(|c: char| c.is_lowercase());
    for (index, line) in lines.iter().cloned().enumerate() {
        let mut cells = split_line(text, line.clone());
        // A row missing its last cells is kept when a table erratum accounts for each
        // of them (`printed = ""`): it then reads as if those cells were blank.
        if let Some(first) = cells.first().map(|c| &text[c.clone()])
            && cells.len() < columns.len()
            && columns[cells.len()..].iter().all(|col| {
                schema
                    .errata
                    .iter()
                    .any(|e| e.row == first && e.column == col.field && e.printed.is_empty())
            })
        {
            cells.resize(columns.len(), line.end..line.end);
        }
        if cells.len() != columns.len() {
            diags.push(
                Diagnostic::new(
                    file,
                    line,
                    format!(
                        "ragged row: {} cells where table `{}` has {} columns",
                        cells.len(),
                        schema.id,
                        columns.len()
                    ),
                )
                .label("this row"),
            );
            ok = false;
            continue;
        }
        let first = text[cells[0].clone()].to_string();
        // A group row names a category: its other cells are blank, or repeat the header's.
        let blank = cells[1..].iter().all(|c| c.is_empty());
        let repeats_header = cells[1..]
            .iter()
            .zip(&columns[1..])
            .all(|(c, col)| text[c.clone()].eq_ignore_ascii_case(col.header.trim()));
        if repeats_header && first.eq_ignore_ascii_case(columns[0].header.trim()) {
            continue; // the whole header again, as after a page break: nothing to record
        }
        let delimiter = |c: &Span| {
            let t = text[c.clone()].trim_matches(':');
            !t.is_empty() && t.chars().all(|ch| ch == '-')
        };
        if cells.iter().all(delimiter) {
            continue; // the `---|---` line under a repeated header
        }
        if schema.group.is_some() && !first.is_empty() && (blank || repeats_header) {
            opened_by_header |= repeats_header && !blank;
            // Under `parent`, a group row whose next row starts lowercase is a parent row.
            if schema.parent.is_some()
                && blank
                && first_cell(index + 1).is_some_and(|n| is_child(&n))
            {
                parent = Some(first);
            } else {
                group = Some(first);
                parent = None;
            }
            continue;
        }
        if !is_child(&first) {
            parent = None;
        }
        let mut typed = Vec::new();
        for (i, (span, column)) in cells.iter().zip(&columns).enumerate() {
            let cell_text = &text[span.clone()];
            if matches!(cell_text, "\"" | "“" | "”" | "〃") {
                match rows.last() {
                    Some(above) => typed.push(Cell {
                        ditto: true,
                        span: span.clone(),
                        ..above.cells[i].clone()
                    }),
                    None => {
                        diags.push(
                            Diagnostic::new(file, span.clone(), "ditto mark with nothing above it")
                                .label(format!(
                                    "column `{}` has no earlier row to repeat",
                                    column.field
                                )),
                        );
                        ok = false;
                    }
                }
                continue;
            }
            let erratum = schema
                .errata
                .iter()
                .position(|e| e.row == first && e.column == column.field);
            let read = match erratum {
                Some(k) if schema.errata[k].printed == cell_text => {
                    used[k] = true;
                    Some(&schema.errata[k])
                }
                Some(k) => {
                    diags.push(
                        Diagnostic::new(file, span.clone(), format!(
                            "table erratum expects `{}` printed here, but the cell reads `{cell_text}`",
                            schema.errata[k].printed
                        ))
                        .note(format!("erratum at {}", file.location(schema.errata[k].span.start))),
                    );
                    ok = false;
                    continue;
                }
                None => None,
            };
            match parse_cell(&column.ty, read.map_or(cell_text, |e| &e.reading)) {
                Ok((value, marks)) => typed.push(Cell {
                    value,
                    ditto: false,
                    marks,
                    span: span.clone(),
                }),
                Err(e) => {
                    diags.push(cell_error(file, span, column, read, e));
                    ok = false;
                }
            }
        }
        if typed.len() == columns.len() {
            rows.push(Row {
                cells: typed,
                group: group.clone(),
                parent: parent.clone(),
                span: line,
            });
        }
    }
    if opened_by_header {
        for row in rows.iter_mut().take_while(|r| r.group.is_none()) {
            row.group = Some(columns[0].header.trim().to_string());
        }
    }
    for (e, used) in schema.errata.iter().zip(used) {
        if !used {
            diags.push(
                Diagnostic::new(
                    file,
                    e.span.clone(),
                    format!("table erratum matches no cell: no row `{}`", e.row),
                )
                .label("`row` must be a row's first cell, exactly as printed"),
            );
            ok = false;
        }
    }
    if rows.is_empty() && ok {
        diags.push(Diagnostic::new(
            file,
            raw.span.start..raw.span.start,
            format!("table `{}` has no rows", schema.id),
        ));
        ok = false;
    }
    if schema.kind == TableKind::Constants {
        let name = columns.iter().position(|c| c.field == "name").unwrap_or(0);
        if let Some(row) = rows
            .iter()
            .find(|r| matches!(r.cells[name].value, CellValue::None))
        {
            diags.push(Diagnostic::new(
                file,
                row.span.clone(),
                "a constant without a name",
            ));
            ok = false;
        }
    }
    ok.then(|| Table {
        id: schema.id,
        title: schema.title.unwrap_or_default(),
        section,
        kind: schema.kind,
        columns,
        group: schema.group,
        parent: schema.parent,
        errata: schema.errata,
        allows: schema.allows,
        rows,
        extent: schema.span.start..raw.span.end,
        span: schema.span,
    })
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
