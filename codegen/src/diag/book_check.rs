//! The codes of book provenance: a malformed locator, which the compiler
//! reports, and what `cargo xtask provenance` finds when it holds the spec's
//! locators against the books themselves. Like a lint's, each code is its name.

use std::fmt;

/// Every class of provenance finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BookCheck {
    /// A locator, a chapter's book file or a not-rules list written badly.
    Locator,
    /// A chapter names no book file, or the books folder lacks it.
    Missing,
    /// A book file whose SHA-256 is not the one the chapter names.
    Edition,
    /// An item the check needs located names no lines.
    Unlocated,
    /// A locator cites lines past the end of its book.
    Lines,
    /// A table cell that is not printed where its table's locator points.
    Cell,
    /// A table erratum whose printed value is not printed there, or whose reading is.
    Erratum,
    /// An example's `[book]` figure that is not printed where it points.
    Figure,
    /// What a ruling says it sets aside, not printed on the line it names.
    Aside,
    /// A book line that no item cites and no not-rules entry lists, or one both do.
    Coverage,
}

impl BookCheck {
    pub const ALL: [BookCheck; 10] = [
        BookCheck::Locator,
        BookCheck::Missing,
        BookCheck::Edition,
        BookCheck::Unlocated,
        BookCheck::Lines,
        BookCheck::Cell,
        BookCheck::Erratum,
        BookCheck::Figure,
        BookCheck::Aside,
        BookCheck::Coverage,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BookCheck::Locator => "book-locator",
            BookCheck::Missing => "book-missing",
            BookCheck::Edition => "book-edition",
            BookCheck::Unlocated => "book-unlocated",
            BookCheck::Lines => "book-lines",
            BookCheck::Cell => "book-cell",
            BookCheck::Erratum => "book-erratum",
            BookCheck::Figure => "book-figure",
            BookCheck::Aside => "book-aside",
            BookCheck::Coverage => "book-coverage",
        }
    }

    pub fn explanation(self) -> &'static str {
        match self {
            BookCheck::Locator => include_str!("explain/book-locator.md"),
            BookCheck::Missing => include_str!("explain/book-missing.md"),
            BookCheck::Edition => include_str!("explain/book-edition.md"),
            BookCheck::Unlocated => include_str!("explain/book-unlocated.md"),
            BookCheck::Lines => include_str!("explain/book-lines.md"),
            BookCheck::Cell => include_str!("explain/book-cell.md"),
            BookCheck::Erratum => include_str!("explain/book-erratum.md"),
            BookCheck::Figure => include_str!("explain/book-figure.md"),
            BookCheck::Aside => include_str!("explain/book-aside.md"),
            BookCheck::Coverage => include_str!("explain/book-coverage.md"),
        }
    }

    /// Whether only the check against the books finds it (all but a malformed
    /// locator, which the compiler reports).
    pub fn needs_books(self) -> bool {
        self != BookCheck::Locator
    }
}

impl fmt::Display for BookCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
