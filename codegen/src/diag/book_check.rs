//! The codes of book provenance: a malformed locator, which the compiler
//! reports, and what `cargo xtask provenance` finds when it holds the spec's
//! locators against the books themselves. Like a lint's, each code is its name.

codes! {
    /// Every class of provenance finding.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub enum BookCheck {
        /// A locator, a chapter's book file or a not-rules list written badly.
        Locator => "book-locator",
        /// A chapter names no book file, or the books folder lacks it.
        Missing => "book-missing",
        /// A book file whose SHA-256 is not the one the chapter names.
        Edition => "book-edition",
        /// An item the check needs located names no lines.
        Unlocated => "book-unlocated",
        /// A locator cites lines past the end of its book.
        Lines => "book-lines",
        /// A table cell that is not printed where its table's locator points.
        Cell => "book-cell",
        /// A table erratum whose printed value is not printed there, or whose reading is.
        Erratum => "book-erratum",
        /// An example's `[book]` figure that is not printed where it points.
        Figure => "book-figure",
        /// What a ruling says it sets aside, not printed on the line it names.
        Aside => "book-aside",
        /// A book line that no item cites and no not-rules entry lists, or one both do.
        Coverage => "book-coverage",
    }
    /// Every code, in the order of the table.
    pub const ALL;
    fn name;
}

impl BookCheck {
    /// Whether only the check against the books finds it (all but a malformed
    /// locator, which the compiler reports).
    pub fn needs_books(self) -> bool {
        self != BookCheck::Locator
    }
}
