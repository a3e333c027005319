//! The review queue: what changed since each item's stamp, one entry per
//! change, each with what a reviewer needs to read it: the diff of its text
//! against the text stamped, a table's changed cells, an example's changed
//! claims, and for a function the rules that reach it with the call path.
//! `cargo xtask review` prints it; the report's `queue.html` shows it.

use std::fmt::Write as _;

use super::review::{Change, Kind, Review};

/// One line of a diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    Same(String),
    Gone(String),
    Added(String),
}

/// The lines of `old` and `new` as a diff (longest common subsequence), with
/// at most `CONTEXT` unchanged lines kept around each change.
pub fn diff(old: &str, new: &str) -> Vec<Line> {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let mut common = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            common[i][j] = if a[i] == b[j] {
                common[i + 1][j + 1] + 1
            } else {
                common[i + 1][j].max(common[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut lines) = (0, 0, Vec::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            lines.push(Line::Same(a[i].to_string()));
            (i, j) = (i + 1, j + 1);
        } else if i < a.len() && (j == b.len() || common[i + 1][j] >= common[i][j + 1]) {
            lines.push(Line::Gone(a[i].to_string()));
            i += 1;
        } else {
            lines.push(Line::Added(b[j].to_string()));
            j += 1;
        }
    }
    trim_context(lines)
}

const CONTEXT: usize = 2;

/// Keeps the unchanged lines within `CONTEXT` of a change.
fn trim_context(lines: Vec<Line>) -> Vec<Line> {
    let changed: Vec<usize> = (0..lines.len())
        .filter(|&i| !matches!(lines[i], Line::Same(_)))
        .collect();
    let near = |i: usize| changed.iter().any(|&c| c.abs_diff(i) <= CONTEXT);
    lines
        .into_iter()
        .enumerate()
        .filter(|(i, l)| !matches!(l, Line::Same(_)) || near(*i))
        .map(|(_, l)| l)
        .collect()
}

/// The rows of a Markdown table's text: its cells, trimmed, without the rule line.
fn rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(str::trim)
        .filter(|l| l.starts_with('|') && !l.trim_matches(['|', '-', ':', ' ']).is_empty())
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// A table's changed cells: `row «first cell», column «header»: old → new`.
pub fn changed_cells(old: &str, new: &str) -> Vec<String> {
    let (old, new) = (rows(old), rows(new));
    let header = new.first().cloned().unwrap_or_default();
    let mut out = Vec::new();
    for (n, (o, r)) in old.iter().zip(&new).enumerate().skip(1) {
        for (c, (was, is)) in o.iter().zip(r).enumerate() {
            if was != is {
                let column = header.get(c).map_or("?", String::as_str);
                let row = r.first().map_or("", String::as_str);
                out.push(format!(
                    "row {n} «{row}», column «{column}»: «{was}» → «{is}»"
                ));
            }
        }
    }
    for r in new.iter().skip(old.len()) {
        out.push(format!("row added: {}", r.join(" | ")));
    }
    for r in old.iter().skip(new.len()) {
        out.push(format!("row removed: {}", r.join(" | ")));
    }
    out
}

/// An example's `key = value` lines, by `[section] key`.
fn claims(text: &str) -> Vec<(String, String)> {
    let mut section = String::new();
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(s) = line.strip_prefix('[') {
            section = s.trim_end_matches(']').to_string();
        } else if let Some((key, value)) = line.split_once('=')
            && !section.is_empty()
        {
            out.push((
                format!("[{section}] {}", key.trim()),
                value.trim().to_string(),
            ));
        }
    }
    out
}

/// An example's changed claims and inputs: `[book] damage: old → new`.
pub fn changed_claims(old: &str, new: &str) -> Vec<String> {
    let (old, new) = (claims(old), claims(new));
    let value = |list: &[(String, String)], k: &str| {
        list.iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.clone())
    };
    let mut keys: Vec<&String> = new.iter().chain(&old).map(|(k, _)| k).collect();
    keys.dedup();
    let mut seen = std::collections::BTreeSet::new();
    keys.into_iter()
        .filter(|k| seen.insert(*k))
        .filter_map(|k| match (value(&old, k), value(&new, k)) {
            (Some(a), Some(b)) if a != b => Some(format!("{k}: {a} → {b}")),
            (None, Some(b)) => Some(format!("{k}: added, {b}")),
            (Some(a), None) => Some(format!("{k}: removed (was {a})")),
            _ => None,
        })
        .collect()
}

/// What one entry holds beyond its heading: who reviewed it and when, its
/// summary lines (cells, claims, rules reaching a function) and its diff.
pub struct Entry<'a> {
    pub change: &'a Change,
    pub reviewed: String,
    pub summary: Vec<String>,
    pub diff: Vec<Line>,
}

impl<'a> Entry<'a> {
    pub fn of(change: &'a Change) -> Entry<'a> {
        let stamped = change.stamped.as_ref();
        let reviewed = match stamped {
            Some(s) => format!("reviewed by {} on {}", s.reviewer, s.date),
            None => "never reviewed".to_string(),
        };
        let before = stamped.and_then(|s| s.text.as_deref());
        let now = change.text.as_deref();
        let mut summary = Vec::new();
        if change.review == Review::Changed && before.is_none() {
            summary.push("earlier text unknown: the stamp keeps no text".to_string());
        }
        if change.review == Review::Removed && change.kind == Some(Kind::Function) {
            summary.push("gone from rules/src, or no rule reaches it any more".to_string());
        }
        if let (Some(old), Some(new)) = (before, now) {
            match change.kind {
                Some(Kind::Table) => summary.extend(changed_cells(old, new)),
                Some(Kind::Example) => summary.extend(changed_claims(old, new)),
                _ => {}
            }
        }
        for r in &change.rules {
            summary.push(format!(
                "reached by rule {} ({}): {}",
                r.rule,
                r.system,
                r.way.join(" → ")
            ));
        }
        let diff = match (before, now) {
            (Some(old), Some(new)) => diff(old, new),
            (None, Some(new)) if change.review == Review::New => diff("", new),
            (Some(old), None) => diff(old, ""),
            _ => Vec::new(),
        };
        Entry {
            change,
            reviewed,
            summary,
            diff,
        }
    }
}

/// The queue as text, for the terminal.
pub fn text(changes: &[Change]) -> String {
    let mut out = String::new();
    for (n, change) in changes.iter().enumerate() {
        let e = Entry::of(change);
        let _ = writeln!(out, "{}. {change}\n   {}", n + 1, e.reviewed);
        for s in &e.summary {
            let _ = writeln!(out, "   {s}");
        }
        for line in &e.diff {
            let _ = match line {
                Line::Same(l) => writeln!(out, "     {l}"),
                Line::Gone(l) => writeln!(out, "   - {l}"),
                Line::Added(l) => writeln!(out, "   + {l}"),
            };
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Line, changed_cells, changed_claims, diff};

    #[test]
    fn a_diff_keeps_two_lines_of_context_around_each_change() {
        let old = "a\nb\nc\nd\ne\nf\ng";
        let new = "a\nb\nc\nD\ne\nf\ng";
        let lines = diff(old, new);
        assert_eq!(
            lines,
            [
                Line::Same("b".into()),
                Line::Same("c".into()),
                Line::Gone("d".into()),
                Line::Added("D".into()),
                Line::Same("e".into()),
                Line::Same("f".into()),
            ]
        );
    }

    #[test]
    fn a_table_shows_its_changed_cells_and_an_example_its_changed_claims() {
        let old = "| Name | Value |\n|---|---|\n| A | 1 |\n| B | 2 |";
        let new = "| Name | Value |\n|---|---|\n| A | 1 |\n| B | 3 |\n| C | 4 |";
        assert_eq!(
            changed_cells(old, new),
            ["row 2 «B», column «Value»: «2» → «3»", "row added: C | 4"]
        );
        let old = "```example e\n[given]\nx = 1\n[book]\ndamage = 4\n```";
        let new = "```example e\n[given]\nx = 1\n[book]\ndamage = 5\n```";
        assert_eq!(changed_claims(old, new), ["[book] damage: 4 → 5"]);
    }
}
