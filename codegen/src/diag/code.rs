//! Stable codes for every class of diagnostic, as rustc's `E0308`: an author can
//! look one up (`cargo xtask explain E0023`) and a tool can match on it. A lint's
//! code is its name (`band-gap`). Codes are never renumbered or reused.

use std::fmt;

use crate::diag::book_check::BookCheck;
use crate::diag::lint_kind::LintKind;
use crate::diag::review_check::ReviewCheck;

/// What kind of mistake a diagnostic reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiagCode {
    /// A file or folder cannot be read as UTF-8 text.
    Unreadable,
    /// Files and folders of `spec/` not laid out as systems of `.md` chapters.
    Layout,
    /// A chapter's `+++` front matter is missing or misplaced.
    FrontMatter,
    /// A name that cannot become the Rust item it is compiled to.
    RustName,
    /// Two names that become one Rust item.
    NameClash,
    /// A section or block without an id, or with one that is not kebab-case.
    Id,
    /// Two items of one system with the same id.
    DuplicateId,
    /// Something that looks like a spec block or comment but is not read as one.
    UnrecognisedBlock,
    /// A block or comment that is opened and never closed.
    Unclosed,
    /// A TOML body that does not parse.
    MalformedToml,
    /// A TOML value of the wrong kind (a string where a table belongs, …).
    WrongKind,
    /// A key a block needs is missing.
    MissingKey,
    /// A key the block does not know.
    UnknownKey,
    /// A table schema that does not say what its table holds.
    Schema,
    /// A type that is no column or value type.
    UnknownType,
    /// A schema with no table under it, or a table with no schema above it.
    SchemaPlacement,
    /// A table whose rows do not have the schema's columns, or no rows at all.
    TableShape,
    /// A cell that does not fit its column's type.
    BadCell,
    /// A table erratum that does not match the printed table.
    TableErratum,
    /// An `allow` written in the wrong place or form.
    Allow,
    /// An `allow` of a lint that does not exist.
    UnknownLint,
    /// A `rule` block whose signature cannot be compiled.
    Signature,
    /// An example or property names a rule no `rule` block declares.
    UnknownRule,
    /// A binding names an input the rule does not take.
    UnknownInput,
    /// A claim names an output the rule does not produce.
    UnknownOutput,
    /// An example or property does not give an input the rule needs.
    MissingInput,
    /// A value that does not fit the type of its input or output.
    ValueMismatch,
    /// An example that does not say exactly one of what the book prints, what we
    /// expect, or that the rule refuses.
    Claims,
    /// An example's erratum that cannot stand as written.
    Erratum,
    /// A property whose law cannot be checked.
    Law,
    /// A rule with no resolver function.
    NoResolver,
    /// The finding of a lint.
    Lint(LintKind),
    /// A malformed book locator, or a finding of the check against the books.
    Book(BookCheck),
    /// A finding in the reviewed state, `spec/reviewed.toml`, or a stamp refused.
    Review(ReviewCheck),
}

/// The error codes (lints aside), in the order of their numbers.
const ERRORS: [DiagCode; 31] = [
    DiagCode::Unreadable,
    DiagCode::Layout,
    DiagCode::FrontMatter,
    DiagCode::RustName,
    DiagCode::NameClash,
    DiagCode::Id,
    DiagCode::DuplicateId,
    DiagCode::UnrecognisedBlock,
    DiagCode::Unclosed,
    DiagCode::MalformedToml,
    DiagCode::WrongKind,
    DiagCode::MissingKey,
    DiagCode::UnknownKey,
    DiagCode::Schema,
    DiagCode::UnknownType,
    DiagCode::SchemaPlacement,
    DiagCode::TableShape,
    DiagCode::BadCell,
    DiagCode::TableErratum,
    DiagCode::Allow,
    DiagCode::UnknownLint,
    DiagCode::Signature,
    DiagCode::UnknownRule,
    DiagCode::UnknownInput,
    DiagCode::UnknownOutput,
    DiagCode::MissingInput,
    DiagCode::ValueMismatch,
    DiagCode::Claims,
    DiagCode::Erratum,
    DiagCode::Law,
    DiagCode::NoResolver,
];

impl DiagCode {
    /// Every code: the errors in order, then the lints.
    pub fn all() -> impl Iterator<Item = DiagCode> {
        ERRORS
            .into_iter()
            .chain(LintKind::ALL.into_iter().map(DiagCode::Lint))
            .chain(BookCheck::ALL.into_iter().map(DiagCode::Book))
            .chain(ReviewCheck::ALL.into_iter().map(DiagCode::Review))
    }

    /// The code as written: `E0023`, or a lint's name. A code is never
    /// renumbered or reused: new codes take the next number.
    pub fn as_str(self) -> &'static str {
        match self {
            DiagCode::Unreadable => "E0001",
            DiagCode::Layout => "E0002",
            DiagCode::FrontMatter => "E0003",
            DiagCode::RustName => "E0004",
            DiagCode::NameClash => "E0005",
            DiagCode::Id => "E0006",
            DiagCode::DuplicateId => "E0007",
            DiagCode::UnrecognisedBlock => "E0008",
            DiagCode::Unclosed => "E0009",
            DiagCode::MalformedToml => "E0010",
            DiagCode::WrongKind => "E0011",
            DiagCode::MissingKey => "E0012",
            DiagCode::UnknownKey => "E0013",
            DiagCode::Schema => "E0014",
            DiagCode::UnknownType => "E0015",
            DiagCode::SchemaPlacement => "E0016",
            DiagCode::TableShape => "E0017",
            DiagCode::BadCell => "E0018",
            DiagCode::TableErratum => "E0019",
            DiagCode::Allow => "E0020",
            DiagCode::UnknownLint => "E0021",
            DiagCode::Signature => "E0022",
            DiagCode::UnknownRule => "E0023",
            DiagCode::UnknownInput => "E0024",
            DiagCode::UnknownOutput => "E0025",
            DiagCode::MissingInput => "E0026",
            DiagCode::ValueMismatch => "E0027",
            DiagCode::Claims => "E0028",
            DiagCode::Erratum => "E0029",
            DiagCode::Law => "E0030",
            DiagCode::NoResolver => "E0031",
            DiagCode::Lint(kind) => kind.name(),
            DiagCode::Book(check) => check.name(),
            DiagCode::Review(check) => check.name(),
        }
    }

    /// The code written `text`, if there is one (case does not matter).
    pub fn parse(text: &str) -> Option<DiagCode> {
        DiagCode::all().find(|c| c.as_str().eq_ignore_ascii_case(text.trim()))
    }

    /// The long account `cargo xtask explain` prints: what the mistake is, why
    /// it is one, and a wrong and a right chapter (each fence `~~~~ <path>`
    /// holds a file of a `spec/` folder, or of `rules/src/` for a resolver).
    pub fn explanation(self) -> &'static str {
        match self {
            DiagCode::Unreadable => include_str!("explain/E0001.md"),
            DiagCode::Layout => include_str!("explain/E0002.md"),
            DiagCode::FrontMatter => include_str!("explain/E0003.md"),
            DiagCode::RustName => include_str!("explain/E0004.md"),
            DiagCode::NameClash => include_str!("explain/E0005.md"),
            DiagCode::Id => include_str!("explain/E0006.md"),
            DiagCode::DuplicateId => include_str!("explain/E0007.md"),
            DiagCode::UnrecognisedBlock => include_str!("explain/E0008.md"),
            DiagCode::Unclosed => include_str!("explain/E0009.md"),
            DiagCode::MalformedToml => include_str!("explain/E0010.md"),
            DiagCode::WrongKind => include_str!("explain/E0011.md"),
            DiagCode::MissingKey => include_str!("explain/E0012.md"),
            DiagCode::UnknownKey => include_str!("explain/E0013.md"),
            DiagCode::Schema => include_str!("explain/E0014.md"),
            DiagCode::UnknownType => include_str!("explain/E0015.md"),
            DiagCode::SchemaPlacement => include_str!("explain/E0016.md"),
            DiagCode::TableShape => include_str!("explain/E0017.md"),
            DiagCode::BadCell => include_str!("explain/E0018.md"),
            DiagCode::TableErratum => include_str!("explain/E0019.md"),
            DiagCode::Allow => include_str!("explain/E0020.md"),
            DiagCode::UnknownLint => include_str!("explain/E0021.md"),
            DiagCode::Signature => include_str!("explain/E0022.md"),
            DiagCode::UnknownRule => include_str!("explain/E0023.md"),
            DiagCode::UnknownInput => include_str!("explain/E0024.md"),
            DiagCode::UnknownOutput => include_str!("explain/E0025.md"),
            DiagCode::MissingInput => include_str!("explain/E0026.md"),
            DiagCode::ValueMismatch => include_str!("explain/E0027.md"),
            DiagCode::Claims => include_str!("explain/E0028.md"),
            DiagCode::Erratum => include_str!("explain/E0029.md"),
            DiagCode::Law => include_str!("explain/E0030.md"),
            DiagCode::NoResolver => include_str!("explain/E0031.md"),
            DiagCode::Lint(LintKind::BandGap) => include_str!("explain/band-gap.md"),
            DiagCode::Lint(LintKind::BandOverlap) => include_str!("explain/band-overlap.md"),
            DiagCode::Lint(LintKind::RowsOutOfOrder) => {
                include_str!("explain/rows-out-of-order.md")
            }
            DiagCode::Lint(LintKind::DuplicateKey) => include_str!("explain/duplicate-key.md"),
            DiagCode::Lint(LintKind::TableAnomaly) => include_str!("explain/table-anomaly.md"),
            DiagCode::Lint(LintKind::UnreadTable) => include_str!("explain/unread-table.md"),
            DiagCode::Lint(LintKind::RuleWithoutExample) => {
                include_str!("explain/rule-without-example.md")
            }
            DiagCode::Lint(LintKind::UnusedAllow) => include_str!("explain/unused-allow.md"),
            DiagCode::Lint(LintKind::MisplacedInRuling) => {
                include_str!("explain/misplaced-in-ruling.md")
            }
            DiagCode::Lint(LintKind::UndeclaredRuling) => {
                include_str!("explain/undeclared-ruling.md")
            }
            DiagCode::Book(check) => check.explanation(),
            DiagCode::Review(check) => check.explanation(),
        }
    }

    /// Whether this is a lint's finding rather than a compile error.
    pub fn is_lint(self) -> bool {
        matches!(self, DiagCode::Lint(_))
    }

    /// Whether only `cargo xtask provenance`, holding the spec against the
    /// books, finds this.
    pub fn needs_books(self) -> bool {
        matches!(self, DiagCode::Book(check) if check.needs_books())
    }

    /// Whether this is a finding in the reviewed state, which `cargo xtask`
    /// reads, not the compiler.
    pub fn is_review(self) -> bool {
        matches!(self, DiagCode::Review(_))
    }
}

impl fmt::Display for DiagCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_written_once_and_reads_back() {
        let written: Vec<&str> = DiagCode::all().map(DiagCode::as_str).collect();
        let unique: std::collections::HashSet<_> = written.iter().collect();
        assert_eq!(unique.len(), written.len(), "{written:?}");
        for (i, code) in ERRORS.iter().enumerate() {
            assert_eq!(code.as_str(), format!("E{:04}", i + 1), "numbered in order");
        }
        for code in DiagCode::all() {
            assert_eq!(DiagCode::parse(code.as_str()), Some(code));
        }
        assert_eq!(DiagCode::parse("e0023"), Some(DiagCode::UnknownRule));
        assert_eq!(
            DiagCode::parse("band-gap"),
            Some(DiagCode::Lint(LintKind::BandGap))
        );
        assert_eq!(DiagCode::parse("E9999"), None);
    }
}
