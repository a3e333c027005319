//! What a file's surviving mutants depend on besides its code: the tables of
//! the book it reads, watched by a checksum, and the figures a survivor's
//! reason relies on, each checked against the compiled book. A table edit
//! that could make a survivor killable thus marks the record stale.

use std::collections::BTreeMap;

use codegen::Book;
use codegen::model::{Table, TableKind};
use serde::{Deserialize, Serialize};

use crate::checksum::checksum;
use resolver_source::{Item, RULES_SRC, ResolverSource};

/// A figure of the book that a survivor's reason relies on: the values that
/// `column` holds in the rows of `table` whose first cell is `row` (every row
/// when there is none), distinct and sorted, in the canonical form of the
/// generated data (`1d6`, `+1`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub table: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row: Option<String>,
    pub column: String,
    pub values: Vec<String>,
}

impl Figure {
    /// What the book of `system` holds where the figure points, or why it
    /// holds nothing there.
    pub fn read(&self, book: &Book, system: &str) -> Result<Vec<String>, String> {
        let table = book
            .systems
            .iter()
            .filter(|s| s.id == system)
            .flat_map(|s| s.chapters.iter().flat_map(|c| &c.tables))
            .find(|t| t.id == self.table)
            .ok_or_else(|| format!("system `{system}` has no table `{}`", self.table))?;
        let at = table
            .columns
            .iter()
            .position(|c| c.field == self.column)
            .ok_or_else(|| format!("table `{}` has no column `{}`", self.table, self.column))?;
        let data = codegen::emit::rust::table_data(table);
        let mut values: Vec<String> = data
            .lines()
            .map(|line| line.split('\t').collect::<Vec<_>>())
            .filter(|cells| self.row.as_deref().is_none_or(|r| cells[0] == r))
            .filter_map(|cells| cells.get(at).map(|c| c.to_string()))
            .collect();
        values.sort();
        values.dedup();
        Ok(values)
    }
}

/// The checksum of the figures each of `files` reads, as the resolver
/// receives them: a rows table whole (each column's name and type, then the
/// rows as the generated data holds them, errata read), a constants table's
/// row for each constant the file names. A book locator, a reworded title or a
/// new constant beside the ones read moves no figure a file reads, so it
/// moves no checksum.
pub fn checksums(code: &ResolverSource, book: &Book, files: &[String]) -> BTreeMap<String, String> {
    let mut read = Watched::new(files);
    for s in &book.systems {
        for c in &s.chapters {
            for t in &c.tables {
                for (name, figures) in constants(t) {
                    read.add(code.readers(&s.id, &c.id, name), &figures);
                }
            }
        }
    }
    read.checksums()
}

/// The checksum of the declared domains of the rules each of `files` helps
/// resolve: every rule whose function (the one the registry calls) reaches an
/// item of the file in the rule's own system folder, with each input's and
/// output's name, type, optionality and domain. The registry refuses what a
/// domain leaves out before the resolver runs, so a domain that moves changes
/// which inputs reach the file's code, and which of its guards the examples
/// can reach: a survivor may die, or a caught mutant survive. The shared files
/// right under `rules/src` (dice, tables, bounds) are left out: every rule
/// reaches them, their own unit tests pin them, and any domain edit would
/// otherwise mark them stale. A reworded comment or a moved rule block moves
/// no checksum.
pub fn domains(code: &ResolverSource, book: &Book, files: &[String]) -> BTreeMap<String, String> {
    let mut read = Watched::new(files);
    for s in &book.systems {
        for c in &s.chapters {
            for rule in &c.rules {
                let path = resolver_source::resolver_path(&s.id, &c.id, &rule.name);
                let Some(mut reached) = code.covered(&path) else {
                    continue;
                };
                reached.retain(|item| system_of(&item.file) == s.id);
                let mut text = format!("{}.{}\n", s.id, rule.id);
                for (side, params) in [("given", &rule.given), ("outputs", &rule.outputs)] {
                    for p in params {
                        let (lo, hi) = p.domain.map(|d| (d.lo, d.hi)).unwrap_or_default();
                        text.push_str(&format!(
                            "{side}\t{}: {}{} {lo:?}..{hi:?}\n",
                            p.name,
                            p.ty,
                            if p.optional { "?" } else { "" }
                        ));
                    }
                }
                read.add(reached, &text);
            }
        }
    }
    read.checksums()
}

/// The text each watched file depends on, gathered item by item.
struct Watched<'f>(BTreeMap<&'f str, String>);

impl<'f> Watched<'f> {
    fn new(files: &'f [String]) -> Self {
        Watched(files.iter().map(|f| (f.as_str(), String::new())).collect())
    }

    /// Adds `text` to the file of each of `items`, once per item (as the
    /// recorded `data` checksums were taken).
    fn add(&mut self, items: Vec<&Item>, text: &str) {
        for item in items {
            if let Some(t) = self.0.get_mut(item.file.as_str()) {
                t.push_str(text);
            }
        }
    }

    fn checksums(self) -> BTreeMap<String, String> {
        self.0
            .into_iter()
            .map(|(f, text)| (f.to_string(), checksum(&text)))
            .collect()
    }
}

/// Each constant `t` becomes, with the figures it holds: a rows table's one
/// static holds every row; a constants table's row holds its own cells.
fn constants(t: &Table) -> Vec<(&str, String)> {
    let mut head = t.id.to_string();
    for col in &t.columns {
        head.push_str(&format!("\t{}: {}", col.field, col.ty));
    }
    head.push('\n');
    match &t.kind {
        TableKind::Rows { const_name, .. } => {
            vec![(
                const_name.as_str(),
                head + &codegen::emit::rust::table_data(t),
            )]
        }
        TableKind::Constants => t
            .constant_rows()
            .map(|(name, row)| {
                let cells = t.columns.iter().zip(t.cells_of(row));
                let values: Vec<String> = cells
                    .map(|(col, cell)| codegen::emit::rust::cell_value(&col.ty, &cell.value))
                    .collect();
                (name, format!("{head}{}\n", values.join("\t")))
            })
            .collect(),
    }
}

/// The system a file of `rules/src` belongs to, by its spec id; files right
/// under `rules/src` are `shared`.
pub fn system_of(file: &str) -> String {
    let rest = file.strip_prefix(RULES_SRC).unwrap_or(file);
    let parts: Vec<&str> = rest.trim_start_matches('/').split('/').collect();
    match parts.as_slice() {
        [dir, _, ..] => dir.replace('_', "-"),
        _ => "shared".to_string(),
    }
}
