//! The typed model of a compiled book. Every item keeps its file and span.

pub mod cell;
pub mod domain;
pub mod locator;
pub mod property;
mod value;

use std::ops::Range;
use std::sync::Arc;

use smol_str::SmolStr;

use crate::diag::lint_kind::LintKind;
use crate::diag::source::{SourceFile, Span};
use cell::{CellValue, ColumnType};
use locator::{BookFile, Declares, Locator, Pin, TableSource};
pub use property::{Bound, Direction, Domain, Input, Law, Name, Property, Relation, Written};
pub use value::Value;

/// Every system of `spec/`, in folder order.
#[derive(Debug, Default)]
pub struct Book {
    pub systems: Vec<System>,
}

/// One rules system: a folder of `spec/`.
#[derive(Debug)]
pub struct System {
    pub id: String,
    pub chapters: Vec<Chapter>,
}

/// One Markdown file.
#[derive(Debug)]
pub struct Chapter {
    pub file: Arc<SourceFile>,
    /// The file stem; rule ids are qualified with it.
    pub id: String,
    pub front: FrontMatter,
    pub sections: Vec<Section>,
    pub tables: Vec<Table>,
    pub rules: Vec<Rule>,
    /// The ids of `rule` blocks that failed to compile: their error is
    /// reported, and examples naming them are not reported again.
    pub broken_rules: Vec<String>,
    pub examples: Vec<Example>,
    pub properties: Vec<Property>,
}

impl Chapter {
    /// The title of the section with `id`, if this chapter has one.
    pub fn section_title(&self, id: &str) -> Option<&str> {
        self.sections
            .iter()
            .find(|s| &*s.id == id)
            .map(|s| s.title.as_str())
    }
}

#[derive(Debug, Clone)]
pub struct FrontMatter {
    pub system: SmolStr,
    /// Where the front matter gives `system`'s value.
    pub system_span: Span,
    pub title: SmolStr,
    /// Which book, and where in it, the chapter restates.
    pub source_book: SmolStr,
    pub source_section: SmolStr,
    /// The book file the chapter restates, which its items' locators count
    /// the lines of.
    pub book_file: Option<BookFile>,
    pub version: SmolStr,
}

/// A heading with its stable id.
#[derive(Debug)]
pub struct Section {
    /// Shared with every item the section holds (their `section`).
    pub id: SmolStr,
    pub title: SmolStr,
    pub level: u8,
    pub span: Span,
    /// Lints silenced for this section, by `<!-- allow … -->` comments right under its heading.
    pub allows: Vec<Allow>,
    /// The lines of the book the section restates (`{#id lines=…}`).
    pub lines: Option<Locator>,
    /// A ruling's account of the printed text it concerns (`aside=…` or `gap`).
    pub declares: Option<Declares>,
}

/// A typed table: its schema and its rows, ditto marks resolved.
#[derive(Debug)]
pub struct Table {
    pub id: SmolStr,
    pub title: SmolStr,
    /// The section the table sits in.
    pub section: Option<SmolStr>,
    pub kind: TableKind,
    pub columns: Vec<Column>,
    /// The field that group rows fill in, if the table has group rows.
    pub group: Option<String>,
    /// The field that parent rows fill in for their lowercase child rows.
    pub parent: Option<String>,
    /// Cells the book printed broken, and how they are read.
    pub errata: Vec<TableErratum>,
    /// Lints silenced for this table, by the schema's `allow` key.
    pub allows: Vec<Allow>,
    /// The lines of the book the table is printed on, and how.
    pub source: TableSource,
    pub rows: Vec<Row>,
    /// Every row's cells, row after row, in one vector rather than one per
    /// row: a row holds the range of its own ([`Table::cells_of`]).
    pub cells: Vec<Cell>,
    /// The schema comment's span.
    pub span: Span,
    /// The table's whole source: its schema comment through its last line.
    pub extent: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum TableKind {
    /// A `&[Row]` constant named `const_name` of a struct named `row_type`.
    Rows {
        const_name: SmolStr,
        row_type: SmolStr,
    },
    /// One `const` per row: the `ident` column names it, the one other typed column gives it.
    Constants,
}

#[derive(Debug, Clone)]
pub struct Column {
    pub field: SmolStr,
    pub ty: ColumnType,
    /// The header cell's text.
    pub header: SmolStr,
    pub span: Span,
}

#[derive(Debug)]
pub struct Row {
    /// Where the row's cells lie in its table's `cells`, one per column.
    pub cells: Range<usize>,
    /// The group row above this one, if any; shared by the rows of the group.
    pub group: Option<SmolStr>,
    /// The parent row of a child row (`mounted` under `7.62mm Light MG`).
    pub parent: Option<SmolStr>,
    pub span: Span,
}

/// A lint silenced on purpose for one table or section, with the reason that
/// the audit report shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Allow {
    pub lint: LintKind,
    pub reason: String,
    /// The id of the table or section the allow is written for.
    pub item: String,
    /// Where the allow is written: its entry in the schema, or its comment.
    pub span: Span,
}

/// A cell the book printed broken: kept as printed in the table, read as `reading`.
#[derive(Debug, Clone)]
pub struct TableErratum {
    /// The row's first cell.
    pub row: String,
    /// The column's field.
    pub column: String,
    pub printed: String,
    pub reading: String,
    pub reason: String,
    /// The book's line or lines that print the broken cell.
    pub lines: Option<Locator>,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub struct Cell {
    pub value: CellValue,
    /// The cell was a ditto mark; `value` is the one above.
    pub ditto: bool,
    pub span: Span,
}

/// The type of a rule input or output, and of the values examples give them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueType {
    Int,
    Bool,
    Text,
    /// Text that is one of a fixed set of words: `word(step|slip|none)`.
    Word(Vec<String>),
    Dice,
    /// A number with a fraction, read as the `decimal` column type reads a cell.
    Decimal,
    IntList,
    TextList,
    DecimalList,
}

impl ValueType {
    /// The types named by a single word, as written; `word(...)` is read by
    /// `blocks`. Parsing and the messages that list the types both read this.
    pub const NAMED: [ValueType; 8] = [
        ValueType::Int,
        ValueType::Bool,
        ValueType::Text,
        ValueType::Dice,
        ValueType::Decimal,
        ValueType::IntList,
        ValueType::TextList,
        ValueType::DecimalList,
    ];

    pub fn parse(s: &str) -> Option<ValueType> {
        ValueType::NAMED
            .into_iter()
            .find(|t| t.keyword() == Some(s))
    }

    /// The word a rule block writes for a type other than a word type.
    fn keyword(&self) -> Option<&'static str> {
        Some(match self {
            ValueType::Int => "int",
            ValueType::Bool => "bool",
            ValueType::Text => "text",
            ValueType::Word(_) => return None,
            ValueType::Dice => "dice",
            ValueType::Decimal => "decimal",
            ValueType::IntList => "[int]",
            ValueType::TextList => "[text]",
            ValueType::DecimalList => "[decimal]",
        })
    }

    /// Every type as a rule block writes it, for messages.
    pub fn all_written() -> Vec<String> {
        let named = ValueType::NAMED.iter().map(ToString::to_string);
        named.chain(["word(a|b)".to_string()]).collect()
    }
}

/// The type as a rule block writes it.
impl std::fmt::Display for ValueType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ValueType::Word(words) => write!(f, "word({})", words.join("|")),
            other => f.write_str(other.keyword().unwrap_or_default()),
        }
    }
}

/// A named, typed slot of a rule.
#[derive(Debug, Clone)]
pub struct Param {
    /// Shared with the chapter's bindings of the same name.
    pub name: SmolStr,
    pub ty: ValueType,
    /// An input examples may leave out.
    pub optional: bool,
    /// The figures the book can mean, when the block declares them.
    pub domain: Option<crate::model::domain::Domain>,
    pub span: Span,
}

/// A rule's signature, declared in the chapter that states it; the resolver
/// implements it as `rules::<system>::<chapter>::<name>`.
#[derive(Debug)]
pub struct Rule {
    /// `chapter.name`.
    pub id: SmolStr,
    pub name: SmolStr,
    pub chapter: SmolStr,
    /// The section the rule is stated in.
    pub section: Option<SmolStr>,
    pub given: Vec<Param>,
    pub outputs: Vec<Param>,
    pub span: Span,
}

/// `name = value` inside an example.
#[derive(Debug, Clone)]
pub struct Binding {
    /// Shared by the bindings of a chapter that give the same name.
    pub name: SmolStr,
    pub value: Value,
    pub span: Span,
}

/// A worked example: the book's (claims copy what it prints) or ours.
/// Cloned by `cargo xtask provenance --mutate`, which checks mutants of it.
#[derive(Debug, Clone)]
pub struct Example {
    pub id: SmolStr,
    pub section: Option<SmolStr>,
    /// The qualified rule id, shared with the chapter's other examples of the rule.
    pub rule: SmolStr,
    pub rule_span: Span,
    /// Authored by us to exercise a rule the book gives no numbers for.
    pub ours: bool,
    /// The values given ([`Example::given`]), then the outputs claimed
    /// ([`Example::claims`]): one vector for both, as a book has many examples.
    pub bindings: Vec<Binding>,
    /// Where the claims start in `bindings`; none are claimed when the example is refused.
    pub claims_at: usize,
    /// Set when the example says the rule refuses its inputs (`[refused]`).
    pub refused: Option<Refusal>,
    pub errata: Vec<Erratum>,
    /// The lines of the book that print the example's `[book]` figures.
    pub lines: Option<Locator>,
    /// Where on those lines each `[book]` claim is printed (`[at]`).
    pub pins: Vec<Pin>,
    pub span: Span,
}

/// An example of ours whose inputs the rule refuses: a refusal is behaviour too.
#[derive(Debug, Clone)]
pub struct Refusal {
    /// Words that the resolver's refusal message must contain.
    pub reason: String,
    pub span: Span,
}

/// Where the book's printed value differs from what the rules give, and why the
/// resolver follows the rules.
#[derive(Debug, Clone)]
pub struct Erratum {
    pub claim: String,
    /// What the rules give.
    pub rules: Value,
    /// Where that value is written: a failing claim under the erratum is
    /// reported there, since a changed ruling shows there first.
    pub rules_span: Span,
    /// The id of the section that states the ruling.
    pub ruling: String,
    pub reason: String,
    pub span: Span,
}

impl Example {
    /// The values the example gives its rule.
    pub fn given(&self) -> &[Binding] {
        &self.bindings[..self.claims_at]
    }

    /// The outputs the example claims, or none when it is refused.
    pub fn claims(&self) -> &[Binding] {
        &self.bindings[self.claims_at..]
    }
}

impl Table {
    /// The cells of `row`, one of this table's rows.
    pub fn cells_of(&self, row: &Row) -> &[Cell] {
        &self.cells[row.cells.clone()]
    }

    /// The names of the Rust constants the table becomes: its `const` for a rows
    /// table, one per row for a constants table.
    pub fn constant_names(&self) -> Vec<&str> {
        match &self.kind {
            TableKind::Rows { const_name, .. } => vec![const_name.as_str()],
            TableKind::Constants => self.constant_rows().map(|(name, _)| name).collect(),
        }
    }

    /// A constants table's rows with the constant each becomes (its `name` cell);
    /// nothing for a rows table.
    pub fn constant_rows(&self) -> impl Iterator<Item = (&str, &Row)> {
        let name = self
            .columns
            .iter()
            .position(|c| c.field == "name")
            .unwrap_or(0);
        let constants = self.kind == TableKind::Constants;
        self.rows
            .iter()
            .filter(move |_| constants)
            .filter_map(move |r| match &self.cells_of(r)[name].value {
                CellValue::Ident(n) => Some((n.as_str(), r)),
                _ => None,
            })
    }
}

impl Book {
    pub fn chapters(&self) -> impl Iterator<Item = (&System, &Chapter)> {
        self.systems
            .iter()
            .flat_map(|s| s.chapters.iter().map(move |c| (s, c)))
    }

    pub fn rule(&self, system: &str, id: &str) -> Option<&Rule> {
        self.systems
            .iter()
            .filter(|s| s.id == system)
            .flat_map(|s| &s.chapters)
            .flat_map(|c| &c.rules)
            .find(|r| r.id == id)
    }
}
