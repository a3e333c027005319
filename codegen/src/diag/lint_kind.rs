//! The names of the lints and where an allow for each is written: what the
//! model, the schema parser and the error codes need to know of lints,
//! without the lints themselves ([`crate::sema::lint`]).

codes! {
    /// Every lint, by the name that an `allow` writes.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub enum LintKind {
        /// A band of a banded table starts more than one past the end of the band above.
        BandGap => "band-gap",
        /// A band of a banded table starts at or below the end of the band above.
        BandOverlap => "band-overlap",
        /// A table's numeric first column goes down from one row to the next.
        RowsOutOfOrder => "rows-out-of-order",
        /// Two rows of a table print the same name in their first column (under
        /// the same parent row), so a lookup by name cannot tell them apart.
        DuplicateKey => "duplicate-key",
        /// A numeric column of a banded table that would rise or fall along the
        /// bands, or keep a constant step or ratio, but for one cell
        /// ([`crate::sema::anomaly`]).
        TableAnomaly => "table-anomaly",
        /// No resolver reads any constant the table compiles to.
        UnreadTable => "unread-table",
        /// No example names the rule.
        RuleWithoutExample => "rule-without-example",
        /// An allow that silences nothing. It cannot itself be allowed.
        UnusedAllow => "unused-allow",
        /// An example or a book's table in a ruling's section that the ruling does
        /// not state ([`crate::sema::placement`]). It cannot be allowed: move the item.
        MisplacedInRuling => "misplaced-in-ruling",
        /// A ruling that says neither what printed text it sets aside
        /// (`aside=…`) nor that it fills a gap (`gap`). It cannot be allowed:
        /// declaring is as short as an allow would be.
        UndeclaredRuling => "undeclared-ruling",
    }
    /// Every code, in the order of the table.
    pub const ALL;
    fn name;
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
