//! Stable codes for every class of diagnostic, as rustc's `E0308`: an author can
//! look one up (`cargo xtask explain E0023`) and a tool can match on it. A lint's
//! code is its name (`band-gap`). Codes are never renumbered or reused.

use crate::diag::book_check::BookCheck;
use crate::diag::lint_kind::LintKind;
use crate::diag::review_check::ReviewCheck;

codes! {
    /// What kind of mistake a diagnostic reports.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum DiagCode {
        /// A file or folder cannot be read as UTF-8 text.
        Unreadable => "E0001",
        /// Files and folders of `spec/` not laid out as systems of `.md` chapters.
        Layout => "E0002",
        /// A chapter's `+++` front matter is missing or misplaced.
        FrontMatter => "E0003",
        /// A name that cannot become the Rust item it is compiled to.
        RustName => "E0004",
        /// Two names that become one Rust item.
        NameClash => "E0005",
        /// A section or block without an id, or with one that is not kebab-case.
        Id => "E0006",
        /// Two items of one system with the same id.
        DuplicateId => "E0007",
        /// Something that looks like a spec block or comment but is not read as one.
        UnrecognisedBlock => "E0008",
        /// A block or comment that is opened and never closed.
        Unclosed => "E0009",
        /// A TOML body that does not parse.
        MalformedToml => "E0010",
        /// A TOML value of the wrong kind (a string where a table belongs, …).
        WrongKind => "E0011",
        /// A key a block needs is missing.
        MissingKey => "E0012",
        /// A key the block does not know.
        UnknownKey => "E0013",
        /// A table schema that does not say what its table holds.
        Schema => "E0014",
        /// A type that is no column or value type.
        UnknownType => "E0015",
        /// A schema with no table under it, or a table with no schema above it.
        SchemaPlacement => "E0016",
        /// A table whose rows do not have the schema's columns, or no rows at all.
        TableShape => "E0017",
        /// A cell that does not fit its column's type.
        BadCell => "E0018",
        /// A table erratum that does not match the printed table.
        TableErratum => "E0019",
        /// An `allow` written in the wrong place or form.
        Allow => "E0020",
        /// An `allow` of a lint that does not exist.
        UnknownLint => "E0021",
        /// A `rule` block whose signature cannot be compiled.
        Signature => "E0022",
        /// An example or property names a rule no `rule` block declares.
        UnknownRule => "E0023",
        /// A binding names an input the rule does not take.
        UnknownInput => "E0024",
        /// A claim names an output the rule does not produce.
        UnknownOutput => "E0025",
        /// An example or property does not give an input the rule needs.
        MissingInput => "E0026",
        /// A value that does not fit the type of its input or output.
        ValueMismatch => "E0027",
        /// An example that does not say exactly one of what the book prints, what we
        /// expect, or that the rule refuses.
        Claims => "E0028",
        /// An example's erratum that cannot stand as written.
        Erratum => "E0029",
        /// A property whose law cannot be checked.
        Law => "E0030",
        /// A rule with no resolver function.
        NoResolver => "E0031",
    }
    /// The error codes (lints aside), in the order of their numbers.
    const ERRORS;
    fn as_str;
    wrapping {
        /// The finding of a lint.
        Lint(LintKind),
        /// A malformed book locator, or a finding of the check against the books.
        Book(BookCheck),
        /// A finding in the reviewed state, `spec/reviewed.toml`, or a stamp refused.
        Review(ReviewCheck),
    }
}

impl DiagCode {
    /// Every code: the errors in order, then the lints.
    pub fn all() -> impl Iterator<Item = DiagCode> {
        DiagCode::ERRORS
            .into_iter()
            .chain(LintKind::ALL.into_iter().map(DiagCode::Lint))
            .chain(BookCheck::ALL.into_iter().map(DiagCode::Book))
            .chain(ReviewCheck::ALL.into_iter().map(DiagCode::Review))
    }

    /// The code written `text`, if there is one (case does not matter).
    pub fn parse(text: &str) -> Option<DiagCode> {
        DiagCode::all().find(|c| c.as_str().eq_ignore_ascii_case(text.trim()))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_written_once_and_reads_back() {
        let written: Vec<&str> = DiagCode::all().map(DiagCode::as_str).collect();
        let unique: std::collections::HashSet<_> = written.iter().collect();
        assert_eq!(unique.len(), written.len(), "{written:?}");
        for (i, code) in DiagCode::ERRORS.iter().enumerate() {
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
