//! Lints: things a book can compile with and still be wrong about. Bands of a
//! range column that leave a gap or overlap, rows out of order, a table no
//! resolver reads, a rule that no example exercises, an example or a table
//! misplaced in a ruling's section ([`crate::sema::placement`]).
//!
//! A lint is a [`Diagnostic`] with a name. An [`Allow`] written for one table
//! (in its schema) or one section (in a comment under its heading) silences one
//! lint there and says why; an allow that silences nothing is itself a lint.
//! A ditto mark with nothing above it is no lint: its value is undefined, so it
//! stays a compile error.

use std::collections::{BTreeSet, HashMap};

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::Diagnostic;
pub use crate::diag::lint_kind::{LintKind, Scope};
use crate::diag::source::Span;
use crate::model::{Allow, Book, Chapter, Row, Rule, Table, TableKind};
pub use crate::sema::placement::Cites;
use crate::syntax::cell::{BaseType, CellValue};

/// One finding: what fired, where, and the allow that silences it, if any.
#[derive(Debug, Clone)]
pub struct Lint {
    pub kind: LintKind,
    /// Its file, span and message; `diagnostic.code` is `DiagCode::Lint(kind)`.
    pub diagnostic: Diagnostic,
    pub allowed: Option<Allow>,
}

impl Lint {
    pub fn is_allowed(&self) -> bool {
        self.allowed.is_some()
    }
}

/// Runs every lint over `book`. `reads(module, name)` says whether the
/// resolver reads the constant `name` of the generated chapter module `module`
/// (`action::falling`, as in `rules::spec::action::falling`); codegen cannot see
/// the resolver, so the caller answers that, and whether an example's
/// derivation cites a section ([`Cites`]).
///
/// The result holds allowed lints too (with their allow), in book order.
pub fn lints(book: &Book, reads: &dyn Fn(&str, &str) -> bool, cites: Cites) -> Vec<Lint> {
    let mut out = Vec::new();
    for system in &book.systems {
        let exercised: BTreeSet<&str> = system
            .chapters
            .iter()
            .flat_map(|c| &c.examples)
            .map(|e| &*e.rule)
            .collect();
        for chapter in &system.chapters {
            let module = format!("{}::{}", rust_name(&system.id), rust_name(&chapter.id));
            let mut found = chapter_lints(chapter, &module, reads, &exercised);
            let misplaced = crate::sema::placement::misplaced(system, chapter, cites);
            settle(chapter, misplaced, &[], "chapter", &chapter.id, &mut found);
            settle(
                chapter,
                undeclared(chapter),
                &[],
                "chapter",
                &chapter.id,
                &mut found,
            );
            found.sort_by_key(|l| l.diagnostic.span.start);
            out.extend(found);
        }
    }
    out
}

/// The lints of one chapter (of the generated module `module`), in chapter order.
fn chapter_lints(
    chapter: &Chapter,
    module: &str,
    reads: &dyn Fn(&str, &str) -> bool,
    exercised: &BTreeSet<&str>,
) -> Vec<Lint> {
    let mut found = Vec::new();
    for table in &chapter.tables {
        let mut fired = Vec::new();
        order_and_bands(chapter, table, &mut fired);
        duplicate_keys(chapter, table, &mut fired);
        let acknowledged = anomalies(chapter, table, &mut fired);
        unread(chapter, table, module, reads, &mut fired);
        let allows = &table.allows;
        settle(chapter, fired, allows, "table", &table.id, &mut found);
        found.extend(acknowledged);
    }
    // Each section's rules, found once rather than by a scan per section.
    let mut by_section: HashMap<Option<&str>, Vec<&Rule>> = HashMap::new();
    for r in &chapter.rules {
        by_section.entry(r.section.as_deref()).or_default().push(r);
    }
    let unexercised = |section: Option<&str>| {
        let rules = by_section.get(&section).into_iter().flatten();
        let rules = rules.filter(|r| !exercised.contains(r.id.as_str()));
        rules
            .map(|r| without_example(chapter, r, section))
            .collect()
    };
    // A rule above the first heading has no section to allow the lint in.
    settle(
        chapter,
        unexercised(None),
        &[],
        "chapter",
        &chapter.id,
        &mut found,
    );
    for section in &chapter.sections {
        let fired = unexercised(Some(&section.id));
        let allows = &section.allows;
        settle(chapter, fired, allows, "section", &section.id, &mut found);
    }
    found.sort_by_key(|l| l.diagnostic.span.start);
    found
}

/// Rule `r`, in `section`, has no example.
fn without_example(chapter: &Chapter, r: &Rule, section: Option<&str>) -> (LintKind, Diagnostic) {
    let d = Diagnostic::new(
        &chapter.file,
        r.span.clone(),
        DiagCode::Lint(LintKind::RuleWithoutExample),
        format!("rule `{}` has no example", r.id),
    )
    .label("no example names this rule");
    let d = match section {
        Some(s) => d.note(format!(
            "add an example, or allow `{}` right under the heading of section `{s}`",
            LintKind::RuleWithoutExample
        )),
        None => d.note("add an example"),
    };
    (LintKind::RuleWithoutExample, d)
}

/// The rulings of `chapter` that declare neither what printed text they set
/// aside nor that they fill a gap: the audit's "against the book" list is read
/// from these declarations, so a ruling without one would be left out of it.
fn undeclared(chapter: &Chapter) -> Vec<(LintKind, Diagnostic)> {
    let rulings = chapter
        .sections
        .iter()
        .filter(|s| s.id.starts_with("ruling-"));
    rulings
        .filter(|s| s.declares.is_none())
        .map(|s| {
            let kind = LintKind::UndeclaredRuling;
            let d = Diagnostic::new(
                &chapter.file,
                s.span.clone(),
                DiagCode::Lint(kind),
                format!("ruling `{}` declares neither what it sets aside nor that it fills a gap", s.id),
            )
            .label("add `aside=LINE:FIGURE,…` or `gap` to the heading's attributes")
            .note("read the ruling against the book: `aside` names each printed figure or word it departs from, `gap` says the book prints nothing it contradicts");
            (kind, d)
        })
        .collect()
}

/// Pairs each finding with the allow of its kind, and reports the allows that
/// silenced nothing.
fn settle(
    chapter: &Chapter,
    fired: Vec<(LintKind, Diagnostic)>,
    allows: &[Allow],
    what: &str,
    id: &str,
    out: &mut Vec<Lint>,
) {
    let mut used = vec![false; allows.len()];
    for (kind, d) in fired {
        let allow = allows.iter().position(|a| a.lint == kind);
        if let Some(i) = allow {
            used[i] = true;
        }
        out.push(Lint {
            kind,
            diagnostic: d,
            allowed: allow.map(|i| allows[i].clone()),
        });
    }
    for (a, used) in allows.iter().zip(used) {
        if !used {
            let kind = LintKind::UnusedAllow;
            out.push(Lint {
                kind,
                diagnostic: Diagnostic::new(
                    &chapter.file,
                    a.span.clone(),
                    DiagCode::Lint(kind),
                    format!("allow `{}` silences nothing in {what} `{id}`", a.lint),
                )
                .label("the lint does not fire here: remove the allow"),
                allowed: None,
            });
        }
    }
}

/// Rows that repeat the name of a row above, under the same parent row. A row
/// is named by its leading columns of names and bands (`text`, `label`,
/// `range`) after a first column of names, up to all but the last column: one
/// column for a table of weapons, several for a table that decides by
/// conditions (`yes | Success | 3+ | …`). Names are compared
/// ignoring case, as the resolver's lookups do; a table that opens with a
/// number or a band is the business of the order and band lints. The group is
/// left out of the name on purpose: a lookup by name does not see it, so two
/// rows in two groups are as hard to tell apart as two in one, until the spec
/// says how (an allow whose reason names the ruling that tells them apart).
fn duplicate_keys(chapter: &Chapter, table: &Table, fired: &mut Vec<(LintKind, Diagnostic)>) {
    if !matches!(table.kind, TableKind::Rows { .. }) {
        return;
    }
    let named = table
        .columns
        .iter()
        .take(table.columns.len().saturating_sub(1))
        .take_while(|c| {
            matches!(
                c.ty.base,
                BaseType::Text | BaseType::Label | BaseType::Range
            )
        })
        .count();
    let first_is_a_name = table
        .columns
        .first()
        .is_some_and(|c| matches!(c.ty.base, BaseType::Text | BaseType::Label));
    if named == 0 || !first_is_a_name {
        return;
    }
    let text = &chapter.file.text;
    let mut seen: HashMap<(Option<&str>, Vec<String>), &Row> = HashMap::new();
    for row in &table.rows {
        let cells = &table.cells_of(row)[..named];
        // The value, not the print: a ditto mark names what the row above names.
        let name: Vec<String> = cells
            .iter()
            .map(|c| match &c.value {
                CellValue::Text(n) | CellValue::Label { name: n, .. } => n.to_lowercase(),
                CellValue::Range { lo, hi, .. } => format!("{lo}-{hi:?}"),
                _ => String::new(),
            })
            .collect();
        let key = (row.parent.as_deref(), name);
        let Some(above) = seen.get(&key) else {
            seen.insert(key, row);
            continue;
        };
        let line = |r: &Row| chapter.file.line_col(r.span.start).0;
        let group = |r: &Row| r.group.as_deref().unwrap_or("no group").to_string();
        let printed: Vec<&str> = cells.iter().map(|c| &text[c.span.clone()]).collect();
        fired.push((
            LintKind::DuplicateKey,
            Diagnostic::new(
                &chapter.file,
                cells[0].span.clone(),
                DiagCode::Lint(LintKind::DuplicateKey),
                format!(
                    "table `{}` names `{}` twice: a lookup by name cannot tell the rows apart",
                    table.id,
                    printed.join(" | ")
                ),
            )
            .label(format!("also the name of the row on line {}", line(above)))
            .note(format!(
                "groups: `{}` above, `{}` here; write a ruling that says how the rows are told apart, and allow the lint with a reason that names it",
                group(above),
                group(row)
            )),
        ));
    }
}

/// A row's key: the number its first cell holds, or its band.
#[derive(Clone, Copy)]
struct Key {
    lo: f64,
    /// The band's end; `None` for an open band (`2049+`). Equal to `lo` for a number.
    hi: Option<f64>,
}

fn key(value: &CellValue) -> Option<Key> {
    let n = match value {
        CellValue::Range { lo, hi, .. } => {
            return Some(Key {
                lo: *lo as f64,
                hi: hi.map(|h| h as f64),
            });
        }
        CellValue::Int(n) | CellValue::Modifier(n) => *n as f64,
        CellValue::Decimal(d) => *d,
        _ => return None,
    };
    Some(Key { lo: n, hi: Some(n) })
}

/// Rows out of order, and for a first column of type `range`, gaps and overlaps
/// between bands. Only rows tables are looked at; rows whose first cell holds no
/// number (a none word, an alternative word) are passed over, and each group of
/// a grouped table is a sequence of its own.
fn order_and_bands(chapter: &Chapter, table: &Table, fired: &mut Vec<(LintKind, Diagnostic)>) {
    if !matches!(table.kind, TableKind::Rows { .. }) {
        return;
    }
    let Some(first) = table.columns.first() else {
        return;
    };
    let banded = match first.ty.base {
        BaseType::Range => true,
        BaseType::Int { .. } | BaseType::Modifier | BaseType::Decimal => false,
        _ => return,
    };
    let text = &chapter.file.text;
    let first_cell = |r: &Row| &table.cells_of(r)[0];
    let printed = |r: &Row| text[first_cell(r).span.clone()].to_string();
    let mut above: Option<(&Row, Key)> = None;
    for row in &table.rows {
        let Some(k) = key(&first_cell(row).value) else {
            continue;
        };
        let Some((prev_row, prev)) = above.filter(|(p, _)| p.group == row.group) else {
            above = Some((row, k));
            continue;
        };
        above = Some((row, k));
        let span = first_cell(row).span.clone();
        let (this, that) = (printed(row), printed(prev_row));
        if k.lo < prev.lo {
            fired.push((
                LintKind::RowsOutOfOrder,
                Diagnostic::new(
                    &chapter.file,
                    span,
                    DiagCode::Lint(LintKind::RowsOutOfOrder),
                    format!(
                        "rows out of order in table `{}`: `{this}` comes after `{that}`",
                        table.id
                    ),
                )
                .label("smaller than the row above"),
            ));
            continue;
        }
        if banded {
            fired.extend(band_lint(chapter, table, span, prev, k, [&that, &this]));
        }
    }
}

/// A gap or an overlap between the band above (`prev`, printed `that`) and
/// this one (`k`, printed `this`, at `span`).
fn band_lint(
    chapter: &Chapter,
    table: &Table,
    span: Span,
    prev: Key,
    k: Key,
    [that, this]: [&str; 2],
) -> Option<(LintKind, Diagnostic)> {
    let above_ends = |hi: f64| {
        format!(
            "the band above ends at {hi}: this one should start at {}",
            hi + 1.0
        )
    };
    match prev.hi {
        Some(hi) if k.lo > hi + 1.0 => Some((
            LintKind::BandGap,
            Diagnostic::new(
                &chapter.file,
                span,
                DiagCode::Lint(LintKind::BandGap),
                format!(
                    "gap in table `{}`: no band holds {}, between `{that}` and `{this}`",
                    table.id,
                    span_words(hi + 1.0, Some(k.lo - 1.0))
                ),
            )
            .label(above_ends(hi)),
        )),
        Some(hi) if k.lo > hi => None,
        _ => {
            let shared_hi = match (prev.hi, k.hi) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            Some((
                LintKind::BandOverlap,
                Diagnostic::new(
                    &chapter.file,
                    span,
                    DiagCode::Lint(LintKind::BandOverlap),
                    format!(
                        "overlap in table `{}`: bands `{that}` and `{this}` both hold {}",
                        table.id,
                        span_words(k.lo, shared_hi)
                    ),
                )
                .label(match prev.hi {
                    Some(hi) => above_ends(hi),
                    None => "the band above is open: it must be the last".to_string(),
                }),
            ))
        }
    }
}

/// `6`, `6 to 9`, or `2049 and up`.
fn span_words(lo: f64, hi: Option<f64>) -> String {
    match hi {
        Some(hi) if hi == lo => format!("{lo}"),
        Some(hi) => format!("{lo} to {hi}"),
        None => format!("{lo} and up"),
    }
}

/// The cells that break their column's pattern ([`crate::sema::anomaly`]).
/// A finding on a cell with a table erratum is returned acknowledged, allowed
/// by the erratum's reason: the erratum already says the book printed that
/// cell wrong. The others go to `fired`, for the table's allows.
fn anomalies(
    chapter: &Chapter,
    table: &Table,
    fired: &mut Vec<(LintKind, Diagnostic)>,
) -> Vec<Lint> {
    let text = &chapter.file.text;
    let mut acknowledged = Vec::new();
    for s in crate::sema::anomaly::series(table) {
        let Some(a) = &s.anomaly else { continue };
        let point = &s.points[a.at];
        let row = &table.rows[point.row];
        let Some(c) = table.columns.iter().position(|c| c.field == s.column) else {
            continue;
        };
        let cell = &table.cells_of(row)[c];
        let printed = &text[cell.span.clone()];
        let band = &text[table.cells_of(row)[0].span.clone()];
        let kind = LintKind::TableAnomaly;
        let d = Diagnostic::new(
            &chapter.file,
            cell.span.clone(),
            DiagCode::Lint(kind),
            format!(
                "anomaly in column `{}` of table `{}`: `{printed}` at band `{band}` breaks the column's pattern",
                s.column, table.id
            ),
        )
        .label(format!(
            "the column's other {} cells{}: {}",
            s.points.len() - 1,
            s.group
                .as_ref()
                .map(|g| format!(" under `{g}`"))
                .unwrap_or_default(),
            a.pattern.words()
        ))
        .note("if the book prints it so, give the cell a table erratum, or allow the lint with the reason the book is right");
        match crate::sema::anomaly::erratum_on(table, row, &s.column, text) {
            Some(e) => acknowledged.push(Lint {
                kind,
                diagnostic: d,
                allowed: Some(Allow {
                    lint: kind,
                    reason: format!("table erratum: {}", e.reason),
                    item: table.id.to_string(),
                    span: e.span.clone(),
                }),
            }),
            None => fired.push((kind, d)),
        }
    }
    for m in crate::sema::anomaly::misreads(chapter, table) {
        let e = &chapter.examples[m.example];
        let claim = &e.bindings[m.claim];
        let row = table.cells_of(&table.rows[m.row]);
        let first = &text[row[0].span.clone()];
        let header = |c: usize| &table.columns[c].header;
        let kind = LintKind::TableAnomaly;
        let d = Diagnostic::new(
            &chapter.file,
            claim.span.clone(),
            DiagCode::Lint(kind),
            format!(
                "anomaly in table `{}`: example `{}` claims `{}` = {} for `{first}` at `{}`, where the table holds {}",
                table.id,
                e.id,
                claim.name,
                m.claimed,
                header(m.named),
                m.cell
            ),
        )
        .label(format!("the row's cell at `{}`", header(m.holds)))
        .note("if the book misread its own table, give the claim an erratum under a ruling");
        match e.errata.iter().find(|x| x.claim == claim.name.as_str()) {
            Some(x) => acknowledged.push(Lint {
                kind,
                diagnostic: d,
                allowed: Some(Allow {
                    lint: kind,
                    reason: format!("erratum of example `{}`: {}", e.id, x.reason),
                    item: table.id.to_string(),
                    span: x.span.clone(),
                }),
            }),
            None => fired.push((kind, d)),
        }
    }
    acknowledged
}

fn unread(
    chapter: &Chapter,
    table: &Table,
    module: &str,
    reads: &dyn Fn(&str, &str) -> bool,
    fired: &mut Vec<(LintKind, Diagnostic)>,
) {
    let names = table.constant_names();
    if names.iter().any(|n| reads(module, n)) {
        return;
    }
    let label = match names.as_slice() {
        [one] => format!("nothing in the resolver names `rules::spec::{module}::{one}`"),
        many => format!(
            "nothing in the resolver names any of its constants in `rules::spec::{module}`: {}",
            many.iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    fired.push((
        LintKind::UnreadTable,
        Diagnostic::new(
            &chapter.file,
            table.span.clone(),
            DiagCode::Lint(LintKind::UnreadTable),
            format!("no resolver reads table `{}`", table.id),
        )
        .label(label),
    ));
}

/// A spec id as a Rust module name, kept here for the callers that name it so.
pub use crate::rust_name::rust_name;

/// The lints that are not allowed, each rendered with its source line (the
/// first [`crate::diag::diagnostic::SHOWN`] of them), then a count; empty when there
/// are none.
pub fn render(lints: &[Lint], styled: bool) -> String {
    let open: Vec<&Lint> = lints.iter().filter(|l| !l.is_allowed()).collect();
    if open.is_empty() {
        return String::new();
    }
    let n = open.len();
    let one = |l: &&Lint| {
        if styled {
            l.diagnostic.render_styled()
        } else {
            l.diagnostic.render()
        }
    };
    let mut out = crate::diag::diagnostic::first_shown(open.iter().map(one), n);
    out.push_str(&format!(
        "{n} lint{} not allowed; fix the spec, or allow each with its reason (spec/README.md, \"Lints\")\n",
        if n == 1 { "" } else { "s" }
    ));
    out
}
