//! Book locators: which lines of the chapter's book file an item restates,
//! and what a table restates; [`crate::syntax::locator`] reads them.

use std::ops::RangeInclusive;

use smol_str::SmolStr;

use crate::diag::source::Span;

/// Lines of the book, 1-based, in ascending runs that do not overlap.
#[derive(Debug, Clone, PartialEq)]
pub struct Locator {
    pub ranges: Vec<RangeInclusive<u32>>,
    /// Where the locator is written.
    pub span: Span,
}

impl Locator {
    /// Every line cited, in order.
    pub fn lines(&self) -> impl Iterator<Item = u32> + '_ {
        self.ranges.iter().flat_map(|r| r.clone())
    }

    /// The last line cited.
    pub fn last(&self) -> u32 {
        self.ranges.last().map_or(0, |r| *r.end())
    }
}

/// As written: `120-152, 160`.
impl std::fmt::Display for Locator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let runs: Vec<String> = self.ranges.iter().map(run).collect();
        f.write_str(&runs.join(", "))
    }
}

pub(crate) fn run(r: &RangeInclusive<u32>) -> String {
    if r.start() == r.end() {
        r.start().to_string()
    } else {
        format!("{}-{}", r.start(), r.end())
    }
}

/// Where a table's cells come from in the book.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TableSource {
    pub lines: Option<Locator>,
    /// How the book gives the rows (`restates = "…"`).
    pub restates: Restates,
    /// Columns, constants (by name) or rows (by their first cell) we worked
    /// out, which the book does not print, each with why
    /// (`ours = [{ names = ["…"], reason = "…" }]`).
    pub ours: Vec<Ours>,
    /// Where the book states a table in prose: for each row whose figures it
    /// prints, in order, the place of each of them (`at = ["324:10", …]`).
    pub at: Vec<(Vec<Place>, Span)>,
}

/// A part of a table that is ours: a column, a constant or a row.
#[derive(Debug, Clone, PartialEq)]
pub struct Ours {
    pub name: SmolStr,
    /// Why the figures are ours and not the book's: a reader checks this
    /// rather than take the part out of the check on trust.
    pub reason: SmolStr,
    pub span: Span,
}

/// How the book gives a table's rows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Restates {
    /// As a table: each row's cells printed one after another.
    #[default]
    Table,
    /// In prose: each figure printed somewhere in the lines, in no set
    /// order; text cells are our words.
    Prose,
    /// Not at all: the figures are ours, worked out from the book's words
    /// (a divisor for "half", a reach for "adjacent"), and cite no lines.
    Ours,
}

/// The book file a chapter restates: its name in the books folder and the
/// SHA-256 of its bytes, which tells one edition (or a damaged copy) from another.
#[derive(Debug, Clone, PartialEq)]
pub struct BookFile {
    pub name: SmolStr,
    /// 64 lowercase hex digits.
    pub sha256: SmolStr,
    /// The front matter's `[source]` table.
    pub span: Span,
}

/// Where an example's `[book]` claim is printed: one place per figure (a list
/// claims one per item), written in the example's `[at]` table as
/// `claim = "200:58"` (`"200:58, 201:3"` for a list).
#[derive(Debug, Clone, PartialEq)]
pub struct Pin {
    pub claim: SmolStr,
    pub places: Vec<Place>,
    /// Where the pin is written.
    pub span: Span,
}

/// A place in the book: the line, and the column (in characters, from 1) at
/// which the figure's first word starts. A column, not the figure's text, so
/// that a figure changed in the spec is looked for where the old one was
/// printed, and is not found there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    pub line: u32,
    pub col: u32,
}

/// As written: `200:58`.
impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// What a ruling says of the book's printed text: the heading attribute
/// `aside=LINE:TEXT,…` names what it sets aside, `gap` that it fills a gap
/// the book leaves.
#[derive(Debug, Clone, PartialEq)]
pub enum Declares {
    /// The printed figures or words the ruling departs from.
    Aside(Vec<Aside>),
    /// The book prints nothing the ruling contradicts.
    Gap,
}

/// One printed figure or word a ruling departs from: a line of the book and
/// what that line prints (`_` written for a space).
#[derive(Debug, Clone, PartialEq)]
pub struct Aside {
    pub line: u32,
    pub text: SmolStr,
    pub span: Span,
}
