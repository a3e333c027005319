//! The review queue as the report holds it: its entries, grouped page by
//! page, what the checks cleared, and the reach's calls by name. Filled by
//! `audit::queue`.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::audit::reviewed::{Change, Review};

/// The queue, grouped so that a person can work through it: a page per
/// chapter (and one per shared file of `rules/src`), each entry the changes
/// read together with its exact stamp scope.
#[derive(Debug, Default, Clone, Serialize, JsonSchema)]
pub struct Queue {
    /// What a person reads, page by page, in book order, then the shared code.
    pub entries: Vec<Entry>,
    /// The changes a check verified whole (see [`crate::audit::clear`]): no entry.
    pub cleared: Vec<Change>,
    /// Each page, in book order, with what is left on it.
    pub pages: Vec<QueuePage>,
    /// Every call edge of the rules' reach taken by name only, with why the
    /// receiver's type could not be told; the goal is none.
    pub by_name: Vec<ByName>,
}

/// One page of the queue and what is left on it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct QueuePage {
    /// `queue/<system>/<chapter>.html`, or `queue/code/<module>.html`.
    pub page: String,
    pub title: String,
    /// The page of the report it covers, from the site's root.
    pub report: Option<String>,
    pub entries: usize,
    /// Entries by kind (`table`, `domain edges`, …).
    pub counts: BTreeMap<String, usize>,
}

/// A call edge taken by name only.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ByName {
    pub from: String,
    pub to: String,
    pub why: String,
}

/// What is read together: one item's change (a rule's with its new examples
/// of ours); a rule's new examples of ours; a chapter's sections whose only
/// change is a book locator; or a changed function with the new functions it
/// now calls.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Entry {
    /// Its id on its page, stable as the queue changes: the item's id (a
    /// function's path); `examples-<rule id>` for a rule's new examples,
    /// `locators-<chapter>` for its sections' locators. Each change inside
    /// has its own id too, for links from the report.
    pub anchor: String,
    pub page: String,
    /// What it is, as its page counts it.
    pub kind: String,
    pub title: String,
    /// What `cargo xtask audit --stamp` takes to stamp exactly this entry;
    /// none for a removed item, which only a full stamp forgets.
    pub scopes: Vec<String>,
    /// The item in the report, from the site's root.
    pub href: Option<String>,
    /// The changes read with their diffs, the entry's own first.
    pub changes: Vec<Change>,
    /// Changes read as one row each: a rule's new examples of ours, a
    /// chapter's sections whose only change is their book locator.
    pub rows: Vec<Change>,
    /// A table's: the rules whose code reads it.
    pub readers: Vec<String>,
    /// A table's: the examples of those rules that fail now.
    pub breaks: Vec<String>,
    /// A rule's: each function its code reaches, with that function's stamp.
    pub functions: Vec<FunctionStamp>,
}

/// A function a rule reaches, and how its own review stands.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FunctionStamp {
    pub path: String,
    /// Reached only through a call whose receiver's type is not known.
    pub by_name: bool,
    pub review: Review,
    pub reviewer: Option<String>,
    pub date: Option<String>,
}

impl Entry {
    /// The command that stamps exactly this entry.
    pub fn command(&self) -> String {
        if self.scopes.is_empty() {
            return "removed: only a full `cargo xtask audit --stamp` forgets it".to_string();
        }
        format!("cargo xtask audit --stamp {}", self.scopes.join(" "))
    }

    /// The lines an entry adds to its changes: a table's readers and what
    /// its change breaks, a rule's functions with their stamps.
    pub fn notes(&self) -> Vec<String> {
        let mut out = Vec::new();
        // A table's entry, or a rule's that took the table only it reads.
        if self.kind == "table" || !self.readers.is_empty() {
            out.push(match self.readers.as_slice() {
                [] => "read by no rule".to_string(),
                r => format!("read by rules {}", r.join(", ")),
            });
            out.push(match self.breaks.as_slice() {
                [] => "breaks no example".to_string(),
                b => format!("breaks examples {}", b.join(", ")),
            });
        }
        for f in &self.functions {
            let how = if f.by_name {
                " (reached only by name)"
            } else {
                ""
            };
            out.push(format!("function {}{how}: {}", f.path, f.stamp()));
        }
        out
    }
}

impl FunctionStamp {
    /// `reviewed by A on D`, `changed since review by A on D`, `never reviewed`.
    pub fn stamp(&self) -> String {
        match (&self.reviewer, &self.date) {
            (Some(who), Some(date)) if self.review == Review::Reviewed => {
                format!("reviewed by {who} on {date}")
            }
            (Some(who), Some(date)) => format!("{} (stamped by {who} on {date})", self.review),
            _ => "never reviewed".to_string(),
        }
    }
}

impl Queue {
    /// The pages, most left first (book order among equals).
    pub fn pages_in_order(&self) -> Vec<&QueuePage> {
        let mut pages: Vec<&QueuePage> = self.pages.iter().collect();
        pages.sort_by_key(|p| std::cmp::Reverse(p.entries));
        pages
    }

    /// Where `system`'s item `id` (a function's path, with no system) is
    /// read in the queue: `queue/….html#id`, from the site's root; none
    /// when it is in no entry.
    pub fn href(&self, system: Option<&str>, id: &str) -> Option<String> {
        self.entries
            .iter()
            .find(|e| {
                let mut all = e.changes.iter().chain(&e.rows);
                all.any(|c| c.system.as_deref() == system && c.id == id)
            })
            .map(|e| format!("{}#{id}", e.page))
    }
}
