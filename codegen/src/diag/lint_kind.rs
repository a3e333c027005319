//! The names of the lints and where an allow for each is written: what the
//! model, the schema parser and the error codes need to know of lints,
//! without the lints themselves ([`crate::sema::lint`]).

use std::fmt;

/// Every lint, by the name that an `allow` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LintKind {
    /// A band of a banded table starts more than one past the end of the band above.
    BandGap,
    /// A band of a banded table starts at or below the end of the band above.
    BandOverlap,
    /// A table's numeric first column goes down from one row to the next.
    RowsOutOfOrder,
    /// Two rows of a table print the same name in their first column (under
    /// the same parent row), so a lookup by name cannot tell them apart.
    DuplicateKey,
    /// A numeric column of a banded table that would rise or fall along the
    /// bands, or keep a constant step or ratio, but for one cell
    /// ([`crate::sema::anomaly`]).
    TableAnomaly,
    /// No resolver reads any constant the table compiles to.
    UnreadTable,
    /// No example names the rule.
    RuleWithoutExample,
    /// An allow that silences nothing. It cannot itself be allowed.
    UnusedAllow,
    /// An example or a book's table in a ruling's section that the ruling does
    /// not state ([`crate::sema::placement`]). It cannot be allowed: move the item.
    MisplacedInRuling,
    /// A ruling that says neither what printed text it sets aside
    /// (`aside=…`) nor that it fills a gap (`gap`). It cannot be allowed:
    /// declaring is as short as an allow would be.
    UndeclaredRuling,
}

/// Where an allow for a lint is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// In the table's schema: `allow = [{ lint = "…", reason = "…" }]`.
    Table,
    /// In a comment right under the section's heading: `<!-- allow <lint>: <reason> -->`.
    Section,
}

impl LintKind {
    pub const ALL: [LintKind; 10] = [
        LintKind::BandGap,
        LintKind::BandOverlap,
        LintKind::RowsOutOfOrder,
        LintKind::DuplicateKey,
        LintKind::TableAnomaly,
        LintKind::UnreadTable,
        LintKind::RuleWithoutExample,
        LintKind::UnusedAllow,
        LintKind::MisplacedInRuling,
        LintKind::UndeclaredRuling,
    ];

    pub fn name(self) -> &'static str {
        match self {
            LintKind::BandGap => "band-gap",
            LintKind::BandOverlap => "band-overlap",
            LintKind::RowsOutOfOrder => "rows-out-of-order",
            LintKind::DuplicateKey => "duplicate-key",
            LintKind::TableAnomaly => "table-anomaly",
            LintKind::UnreadTable => "unread-table",
            LintKind::RuleWithoutExample => "rule-without-example",
            LintKind::UnusedAllow => "unused-allow",
            LintKind::MisplacedInRuling => "misplaced-in-ruling",
            LintKind::UndeclaredRuling => "undeclared-ruling",
        }
    }

    pub fn from_name(name: &str) -> Option<LintKind> {
        LintKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Where an allow for this lint is written; `None` when it cannot be allowed.
    pub fn scope(self) -> Option<Scope> {
        match self {
            LintKind::BandGap
            | LintKind::BandOverlap
            | LintKind::RowsOutOfOrder
            | LintKind::DuplicateKey
            | LintKind::TableAnomaly
            | LintKind::UnreadTable => Some(Scope::Table),
            LintKind::RuleWithoutExample => Some(Scope::Section),
            LintKind::UnusedAllow | LintKind::MisplacedInRuling | LintKind::UndeclaredRuling => {
                None
            }
        }
    }

    /// The names of the lints that can be allowed in `scope`, for messages.
    pub fn names_in(scope: Scope) -> String {
        LintKind::ALL
            .into_iter()
            .filter(|k| k.scope() == Some(scope))
            .map(|k| format!("`{}`", k.name()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for LintKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
