//! Table schemas: the comment above a table that names its id, kind and typed
//! columns, its errata and the lints it allows. The rows under it are
//! [`crate::syntax::rows`]' business.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use smol_str::SmolStr;
use std::sync::Arc;

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::Diagnostic;
use crate::diag::lint_kind::{LintKind, Scope};
use crate::diag::source::{SourceFile, Span};
use crate::model::{Allow, TableErratum, TableKind};
use crate::syntax::cell::ColumnType;
use crate::syntax::locator::{self, TableSource};
use crate::syntax::toml_spans::{Arena, Body, Doc, Text};

/// A schema comment: `<!-- table <id>` then TOML, then `-->`.
#[derive(Debug)]
pub struct Schema {
    pub id: SmolStr,
    pub kind: TableKind,
    pub title: Option<SmolStr>,
    pub group: Option<String>,
    pub parent: Option<String>,
    pub errata: Vec<TableErratum>,
    pub allows: Vec<Allow>,
    pub source: TableSource,
    /// (field, type, span of the column's entry)
    pub columns: Vec<(SmolStr, ColumnType, Span)>,
    pub span: Span,
}

/// Reads a schema comment (`html`, at byte `start` of `file`), its TOML into `arena`.
pub fn parse_schema(
    file: &Arc<SourceFile>,
    html: &str,
    start: usize,
    arena: &Arena,
) -> Result<Schema, Diagnostic> {
    let html = html.trim_end();
    let span = start..start + html.len();
    let (id, text, base) = schema_head(file, html, start)?;
    let mut doc = Doc::parse(file, Body::new(text, base, arena), "a table schema")?;
    let kind = kind(&mut doc)?;
    let title = doc.text("title")?.map(|t| SmolStr::new(t.0));
    let group = doc.string("group")?;
    let parent = doc.string("parent")?;
    let errata = errata(&mut doc)?;
    let allows = allows(file, &mut doc, id)?;
    let entries = doc.strings("columns")?.ok_or_else(|| {
        doc.error(
            doc.span.clone(),
            DiagCode::MissingKey,
            "a table schema has no `columns`",
        )
    })?;
    let columns = columns(file, &doc, &entries)?;
    let source = locator::table_source(&mut doc)?;
    fields_fit(&doc, &columns, &group, &parent, &errata)?;
    if kind == TableKind::Constants {
        constants_columns(&doc, &columns)?;
    }
    doc.finish()?;
    Ok(Schema {
        id: SmolStr::new(id),
        kind,
        title,
        group: group.map(|g| g.0),
        parent: parent.map(|p| p.0),
        errata,
        allows,
        source,
        columns,
        span,
    })
}

/// The schema's id, on the comment's first line, and its TOML body with
/// where that starts; the comment must close on its own block.
fn schema_head<'h>(
    file: &Arc<SourceFile>,
    html: &'h str,
    start: usize,
) -> Result<(&'h str, &'h str, usize), Diagnostic> {
    let Some(inner) = html.strip_suffix("-->") else {
        return Err(Diagnostic::new(
            file,
            start..start + html.len(),
            DiagCode::Unclosed,
            "table schema comment is not closed on its own block",
        )
        .label("end the schema with `-->`"));
    };
    let first_line_end = inner.find('\n').unwrap_or(inner.len());
    let head = &inner[..first_line_end];
    let id = strip_all(strip_all(head.trim_start(), "<!--").trim(), "table").trim();
    if !crate::syntax::ids::is_id(id) {
        return Err(Diagnostic::new(
            file,
            start..start + head.len(),
            DiagCode::Id,
            "table schema needs one valid id",
        )
        .label("write `<!-- table some-id` on the first line; ids are kebab-case"));
    }
    Ok((id, &inner[first_line_end..], start + first_line_end))
}

/// `text` without every leading copy of `prefix`, as `trim_start_matches`
/// gives it, but without building a substring searcher for a few bytes.
fn strip_all<'t>(mut text: &'t str, prefix: &str) -> &'t str {
    while let Some(rest) = text.strip_prefix(prefix) {
        text = rest;
    }
    text
}

/// `kind`: a rows table (the default) with its `const` and `row` names, or a constants table.
fn kind(doc: &mut Doc) -> Result<TableKind, Diagnostic> {
    match doc.text("kind")? {
        None => {}
        Some((k, _)) if k == "rows" => {}
        Some((k, _)) if k == "constants" => return Ok(TableKind::Constants),
        Some((k, s)) => {
            return Err(doc
                .error(s, DiagCode::Schema, format!("unknown table kind `{k}`"))
                .label("`rows` or `constants`"));
        }
    }
    let (const_name, cs) = doc.required_text("const")?;
    if !is_upper_snake(&const_name) {
        return Err(doc.error(
            cs,
            DiagCode::RustName,
            "`const` must be an UPPER_SNAKE_CASE name",
        ));
    }
    let (row_type, rs) = doc.required_text("row")?;
    if !row_type.starts_with(|c: char| c.is_ascii_uppercase())
        || !row_type.chars().all(|c| c.is_ascii_alphanumeric())
    {
        return Err(doc.error(
            rs,
            DiagCode::RustName,
            "`row` must be a CamelCase type name",
        ));
    }
    if let Some(why) = crate::syntax::ids::rust_name_problem(&row_type) {
        return Err(doc.error(rs, DiagCode::RustName, format!("`row`: {why}")));
    }
    Ok(TableKind::Rows {
        const_name: SmolStr::new(const_name),
        row_type: SmolStr::new(row_type),
    })
}

/// `errata`: each reads one printed cell as something else, and says why.
fn errata(doc: &mut Doc) -> Result<Vec<TableErratum>, Diagnostic> {
    let mut errata: Vec<TableErratum> = Vec::new();
    // Each cell's erratum by (row, column), so a second one is found in one lookup.
    let mut cells = rustc_hash::FxHashMap::default();
    for mut e in doc.tables("errata", "a table erratum")? {
        let row = e.required_string("row")?.0;
        let column = e.required_string("column")?.0;
        let printed = e.required_string("printed")?.0;
        let reading = e.required_string("reading")?.0;
        let reason = e.required_string("reason")?.0;
        let lines = locator::from_doc(&mut e)?;
        let span = e.span.clone();
        e.finish()?;
        if let Some(&first) = cells.get(&(row.clone(), column.clone())) {
            let first: &TableErratum = &errata[first];
            let message = format!("a second erratum on cell `{column}` of row `{row}`");
            return Err(doc
                .error(span, DiagCode::TableErratum, message)
                .label("one erratum reads a cell")
                .note(format!(
                    "the first is at {}",
                    doc.file.location(first.span.start)
                )));
        }
        cells.insert((row.clone(), column.clone()), errata.len());
        errata.push(TableErratum {
            row,
            column,
            printed,
            reading,
            reason,
            lines,
            span,
        });
    }
    Ok(errata)
}

/// `allow`: the lints table `id` allows, one allow per lint, each with its reason.
fn allows(file: &Arc<SourceFile>, doc: &mut Doc, id: &str) -> Result<Vec<Allow>, Diagnostic> {
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
                DiagCode::Allow,
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
    Ok(allows)
}

/// The `group` and `parent` fields are new snake_case names (a `parent` needs
/// a `group`), and each erratum names a column.
fn fields_fit(
    doc: &Doc,
    columns: &[(SmolStr, ColumnType, Span)],
    group: &Option<(String, Span)>,
    parent: &Option<(String, Span)>,
    errata: &[TableErratum],
) -> Result<(), Diagnostic> {
    let is_column = |f: &str| columns.iter().any(|(c, ..)| c == f);
    for (key, extra) in [("group", group), ("parent", parent)] {
        if let Some((g, gs)) = extra
            && (!is_snake(g) || is_column(g) || crate::syntax::ids::rust_name_problem(g).is_some())
        {
            return Err(doc.error(
                gs.clone(),
                DiagCode::Schema,
                format!("`{key}` must be a new snake_case field name"),
            ));
        }
    }
    if parent.is_some() && group.is_none() {
        return Err(doc.error(
            doc.span.clone(),
            DiagCode::Schema,
            "`parent` rows are group rows: name a `group` field too",
        ));
    }
    if errata.is_empty() {
        return Ok(()); // most tables: no set of fields to build
    }
    // A set, since a table may have an erratum per row.
    let fields: HashSet<&str> = columns.iter().map(|(f, ..)| f.as_str()).collect();
    match errata.iter().find(|e| !fields.contains(e.column.as_str())) {
        Some(e) => Err(doc.error(
            e.span.clone(),
            DiagCode::TableErratum,
            format!("table erratum names no column `{}`", e.column),
        )),
        None => Ok(()),
    }
}

/// A constants table names each constant in a `name: ident` column and gives
/// its value in a `value` column, neither optional.
fn constants_columns(doc: &Doc, columns: &[(SmolStr, ColumnType, Span)]) -> Result<(), Diagnostic> {
    let has = |name: &str, ok: &dyn Fn(&ColumnType) -> bool| {
        columns.iter().any(|(f, t, _)| f == name && ok(t))
    };
    if has("name", &|t| {
        t.base == crate::syntax::cell::BaseType::Ident && !t.optional
    }) && has("value", &|t| !t.optional)
    {
        return Ok(());
    }
    Err(doc.error(
        doc.span.clone(),
        DiagCode::Schema,
        "a constants table needs a `name: ident` and a `value` column",
    ))
}

/// The `columns` of a schema, each `field: type`: a field is a snake_case Rust
/// name that no other column has.
fn columns(
    file: &Arc<SourceFile>,
    doc: &Doc,
    entries: &[Text],
) -> Result<Vec<(SmolStr, ColumnType, Span)>, Diagnostic> {
    let mut columns = Vec::with_capacity(entries.len());
    let mut seen: HashMap<&str, usize> =
        HashMap::with_capacity_and_hasher(entries.len(), Default::default());
    for (entry, espan) in entries {
        let espan = espan.clone();
        // The entry's text starts one byte into its span, after the opening quote.
        let inner = espan.start + 1;
        let Some((field, ty)) = entry.split_once(':') else {
            return Err(doc.error(espan, DiagCode::Schema, "a column is written `field: type`"));
        };
        let field = field.trim();
        let field_span = inner..inner + field.len();
        if !is_snake(field) {
            return Err(doc.error(
                field_span,
                DiagCode::RustName,
                format!("`{field}` is not a snake_case field name"),
            ));
        }
        if let Some(why) = crate::syntax::ids::rust_name_problem(field) {
            return Err(doc.error(
                field_span,
                DiagCode::RustName,
                format!("column field {why}"),
            ));
        }
        if let Some(first) = seen.insert(field, espan.start) {
            return Err(doc
                .error(
                    field_span,
                    DiagCode::NameClash,
                    format!("column field `{field}` is named twice"),
                )
                .label("each column needs a field of its own")
                .note(format!("first named at {}", file.location(first))));
        }
        let ty_offset = inner + entry.len() - ty.trim_start().len();
        let ty_text = ty.trim();
        let ty = ColumnType::parse(ty_text).map_err(|m| {
            doc.error(
                ty_offset..ty_offset + ty_text.len(),
                DiagCode::UnknownType,
                m,
            )
            .label("not a column type")
        })?;
        columns.push((SmolStr::new(field), ty, espan));
    }
    Ok(columns)
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
            DiagCode::Allow,
            match k.scope() {
                Some(Scope::Table) => format!(
                    "`{name}` is allowed in a table's schema: `allow = [{{ lint = \"{name}\", reason = \"…\" }}]`"
                ),
                Some(Scope::Section) => format!(
                    "`{name}` is allowed in a comment under a section's heading: `<!-- allow {name}: <reason> -->`"
                ),
                None if k == LintKind::UnusedAllow => {
                    format!("`{name}` cannot be allowed: remove the allow that silences nothing")
                }
                None => format!("`{name}` cannot be allowed: fix what it reports"),
            },
        )
        .label(format!("allowed here: {here}"))),
        None => {
            let names = LintKind::ALL.map(LintKind::name);
            let label = crate::diag::suggest::did_you_mean(name, names)
                .unwrap_or_else(|| format!("allowed here: {here}"));
            let message = format!("unknown lint `{name}`");
            Err(Diagnostic::new(file, span, DiagCode::UnknownLint, message).label(label))
        }
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
        return Err(Diagnostic::new(
            file,
            span,
            DiagCode::Allow,
            format!("allow `{lint}` states no reason"),
        )
        .label("say why the lint is wrong here, or fix what it found"));
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
