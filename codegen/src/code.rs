//! Stable codes for every class of diagnostic, as rustc's `E0308`: an author can
//! look one up (`cargo xtask explain E0023`) and a tool can match on it. A lint's
//! code is its name (`band-gap`). Codes are never renumbered or reused.

use std::fmt;

use crate::book_check::BookCheck;
use crate::lint_kind::LintKind;

/// What kind of mistake a diagnostic reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
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
}

/// The error codes (lints aside), in the order of their numbers.
const ERRORS: [Code; 31] = [
    Code::Unreadable,
    Code::Layout,
    Code::FrontMatter,
    Code::RustName,
    Code::NameClash,
    Code::Id,
    Code::DuplicateId,
    Code::UnrecognisedBlock,
    Code::Unclosed,
    Code::MalformedToml,
    Code::WrongKind,
    Code::MissingKey,
    Code::UnknownKey,
    Code::Schema,
    Code::UnknownType,
    Code::SchemaPlacement,
    Code::TableShape,
    Code::BadCell,
    Code::TableErratum,
    Code::Allow,
    Code::UnknownLint,
    Code::Signature,
    Code::UnknownRule,
    Code::UnknownInput,
    Code::UnknownOutput,
    Code::MissingInput,
    Code::ValueMismatch,
    Code::Claims,
    Code::Erratum,
    Code::Law,
    Code::NoResolver,
];

impl Code {
    /// Every code: the errors in order, then the lints.
    pub fn all() -> impl Iterator<Item = Code> {
        ERRORS
            .into_iter()
            .chain(LintKind::ALL.into_iter().map(Code::Lint))
            .chain(BookCheck::ALL.into_iter().map(Code::Book))
    }

    /// The code as written: `E0023`, or a lint's name. A code is never
    /// renumbered or reused: new codes take the next number.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Unreadable => "E0001",
            Code::Layout => "E0002",
            Code::FrontMatter => "E0003",
            Code::RustName => "E0004",
            Code::NameClash => "E0005",
            Code::Id => "E0006",
            Code::DuplicateId => "E0007",
            Code::UnrecognisedBlock => "E0008",
            Code::Unclosed => "E0009",
            Code::MalformedToml => "E0010",
            Code::WrongKind => "E0011",
            Code::MissingKey => "E0012",
            Code::UnknownKey => "E0013",
            Code::Schema => "E0014",
            Code::UnknownType => "E0015",
            Code::SchemaPlacement => "E0016",
            Code::TableShape => "E0017",
            Code::BadCell => "E0018",
            Code::TableErratum => "E0019",
            Code::Allow => "E0020",
            Code::UnknownLint => "E0021",
            Code::Signature => "E0022",
            Code::UnknownRule => "E0023",
            Code::UnknownInput => "E0024",
            Code::UnknownOutput => "E0025",
            Code::MissingInput => "E0026",
            Code::ValueMismatch => "E0027",
            Code::Claims => "E0028",
            Code::Erratum => "E0029",
            Code::Law => "E0030",
            Code::NoResolver => "E0031",
            Code::Lint(kind) => kind.name(),
            Code::Book(check) => check.name(),
        }
    }

    /// The code written `text`, if there is one (case does not matter).
    pub fn parse(text: &str) -> Option<Code> {
        Code::all().find(|c| c.as_str().eq_ignore_ascii_case(text.trim()))
    }

    /// The long account `cargo xtask explain` prints: what the mistake is, why
    /// it is one, and a wrong and a right chapter (each fence `~~~~ <path>`
    /// holds a file of a `spec/` folder, or of `rules/src/` for a resolver).
    pub fn explanation(self) -> &'static str {
        match self {
            Code::Unreadable => include_str!("explain/E0001.md"),
            Code::Layout => include_str!("explain/E0002.md"),
            Code::FrontMatter => include_str!("explain/E0003.md"),
            Code::RustName => include_str!("explain/E0004.md"),
            Code::NameClash => include_str!("explain/E0005.md"),
            Code::Id => include_str!("explain/E0006.md"),
            Code::DuplicateId => include_str!("explain/E0007.md"),
            Code::UnrecognisedBlock => include_str!("explain/E0008.md"),
            Code::Unclosed => include_str!("explain/E0009.md"),
            Code::MalformedToml => include_str!("explain/E0010.md"),
            Code::WrongKind => include_str!("explain/E0011.md"),
            Code::MissingKey => include_str!("explain/E0012.md"),
            Code::UnknownKey => include_str!("explain/E0013.md"),
            Code::Schema => include_str!("explain/E0014.md"),
            Code::UnknownType => include_str!("explain/E0015.md"),
            Code::SchemaPlacement => include_str!("explain/E0016.md"),
            Code::TableShape => include_str!("explain/E0017.md"),
            Code::BadCell => include_str!("explain/E0018.md"),
            Code::TableErratum => include_str!("explain/E0019.md"),
            Code::Allow => include_str!("explain/E0020.md"),
            Code::UnknownLint => include_str!("explain/E0021.md"),
            Code::Signature => include_str!("explain/E0022.md"),
            Code::UnknownRule => include_str!("explain/E0023.md"),
            Code::UnknownInput => include_str!("explain/E0024.md"),
            Code::UnknownOutput => include_str!("explain/E0025.md"),
            Code::MissingInput => include_str!("explain/E0026.md"),
            Code::ValueMismatch => include_str!("explain/E0027.md"),
            Code::Claims => include_str!("explain/E0028.md"),
            Code::Erratum => include_str!("explain/E0029.md"),
            Code::Law => include_str!("explain/E0030.md"),
            Code::NoResolver => include_str!("explain/E0031.md"),
            Code::Lint(LintKind::BandGap) => include_str!("explain/band-gap.md"),
            Code::Lint(LintKind::BandOverlap) => include_str!("explain/band-overlap.md"),
            Code::Lint(LintKind::RowsOutOfOrder) => include_str!("explain/rows-out-of-order.md"),
            Code::Lint(LintKind::UnreadTable) => include_str!("explain/unread-table.md"),
            Code::Lint(LintKind::RuleWithoutExample) => {
                include_str!("explain/rule-without-example.md")
            }
            Code::Lint(LintKind::UnusedAllow) => include_str!("explain/unused-allow.md"),
            Code::Lint(LintKind::MisplacedInRuling) => {
                include_str!("explain/misplaced-in-ruling.md")
            }
            Code::Book(check) => check.explanation(),
        }
    }

    /// Whether this is a lint's finding rather than a compile error.
    pub fn is_lint(self) -> bool {
        matches!(self, Code::Lint(_))
    }

    /// Whether only `cargo xtask provenance`, holding the spec against the
    /// books, finds this.
    pub fn needs_books(self) -> bool {
        matches!(self, Code::Book(check) if check.needs_books())
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_written_once_and_reads_back() {
        let written: Vec<&str> = Code::all().map(Code::as_str).collect();
        let unique: std::collections::HashSet<_> = written.iter().collect();
        assert_eq!(unique.len(), written.len(), "{written:?}");
        for (i, code) in ERRORS.iter().enumerate() {
            assert_eq!(code.as_str(), format!("E{:04}", i + 1), "numbered in order");
        }
        for code in Code::all() {
            assert_eq!(Code::parse(code.as_str()), Some(code));
        }
        assert_eq!(Code::parse("e0023"), Some(Code::UnknownRule));
        assert_eq!(Code::parse("band-gap"), Some(Code::Lint(LintKind::BandGap)));
        assert_eq!(Code::parse("E9999"), None);
    }
}
