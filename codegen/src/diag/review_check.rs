//! The codes of `spec/reviewed.toml`, the reviewed state that `cargo xtask
//! audit --stamp` writes and `check --reviewed`, `review` and `audit` read as
//! evidence: a file that is no stamp, a stamp whose text and checksum
//! disagree, an entry that says the wrong thing, and a stamp refused because
//! an example it would cover fails. Like a lint's, each code is its name.

codes! {
    /// Every class of finding in the reviewed state.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub enum ReviewCheck {
        /// Not TOML, or not the stamp's shape: a duplicate key, a value of the
        /// wrong type, a missing or unknown field.
        Malformed => "review-malformed",
        /// An entry's text does not hash to its `sha256`.
        Checksum => "review-checksum",
        /// A field that is there and typed, but says what cannot be: an empty
        /// reviewer, a date no calendar has, a file that is not the item's.
        Entry => "review-entry",
        /// A stamp refused: an example it covers fails.
        Failing => "review-failing",
    }
    /// Every code, in the order of the table.
    pub const ALL;
    fn name;
}
