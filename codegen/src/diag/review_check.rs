//! The codes of `spec/reviewed.toml`, the reviewed state that `cargo xtask
//! audit --stamp` writes and `check --reviewed`, `review` and `audit` read as
//! evidence: a file that is no stamp, a stamp whose text and checksum
//! disagree, an entry that says the wrong thing, and a stamp refused because
//! an example it would cover fails. Like a lint's, each code is its name.

use std::fmt;

/// Every class of finding in the reviewed state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ReviewCheck {
    /// Not TOML, or not the stamp's shape: a duplicate key, a value of the
    /// wrong type, a missing or unknown field.
    Malformed,
    /// An entry's text does not hash to its `sha256`.
    Checksum,
    /// A field that is there and typed, but says what cannot be: an empty
    /// reviewer, a date no calendar has, a file that is not the item's.
    Entry,
    /// A stamp refused: an example it covers fails.
    Failing,
}

impl ReviewCheck {
    pub const ALL: [ReviewCheck; 4] = [
        ReviewCheck::Malformed,
        ReviewCheck::Checksum,
        ReviewCheck::Entry,
        ReviewCheck::Failing,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ReviewCheck::Malformed => "review-malformed",
            ReviewCheck::Checksum => "review-checksum",
            ReviewCheck::Entry => "review-entry",
            ReviewCheck::Failing => "review-failing",
        }
    }

    pub fn explanation(self) -> &'static str {
        match self {
            ReviewCheck::Malformed => include_str!("explain/review-malformed.md"),
            ReviewCheck::Checksum => include_str!("explain/review-checksum.md"),
            ReviewCheck::Entry => include_str!("explain/review-entry.md"),
            ReviewCheck::Failing => include_str!("explain/review-failing.md"),
        }
    }
}

impl fmt::Display for ReviewCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
