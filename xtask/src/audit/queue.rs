//! The review queue: what changed since each item's stamp, one entry per
//! change, each with what a reviewer needs to read it: the diff of its text
//! against the text stamped, a table's changed cells, an example's changed
//! claims, and for a function the rules that reach it with the call path.
//! `cargo xtask review` prints it; the report's `queue.html` shows it.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use casefile::{Report, Verdict};
use codegen::Book;
use codegen::lint::rust_name;

use super::clear::{Checks, without_locators};
use super::model::{ByName, Entry, FunctionStamp, Queue, QueuePage, listing, page, rule_anchor};
use super::reviewed::{Change, Kind, Review, ReviewRecord, reached, review_of};
use crate::checksum::checksum;
use resolver_source::{ResolverSource, resolver_path};

/// One line of a diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    Same(String),
    Gone(String),
    Added(String),
    /// Unchanged lines left out.
    Gap,
}

/// The lines of `old` and `new` as a diff (Myers', by [`similar`]: as short
/// as any, though where two are as short it may keep other lines unchanged
/// than a longest common subsequence would), with at most `CONTEXT`
/// unchanged lines kept around each change.
pub fn diff(old: &str, new: &str) -> Vec<Line> {
    diff_from(old, new, false)
}

/// [`diff`]; with `head`, the first line (a function's signature) is always
/// kept, so that a change deep in a body still shows what it is in.
pub fn diff_from(old: &str, new: &str, head: bool) -> Vec<Line> {
    use similar::{ChangeTag, TextDiff};
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let lines = TextDiff::from_slices(&a, &b)
        .iter_all_changes()
        .map(|change| {
            let line = change.value().to_string();
            match change.tag() {
                ChangeTag::Equal => Line::Same(line),
                ChangeTag::Delete => Line::Gone(line),
                ChangeTag::Insert => Line::Added(line),
            }
        })
        .collect();
    trim_context(lines, head)
}

const CONTEXT: usize = 2;

/// Keeps the unchanged lines within `CONTEXT` of a change (and the first
/// with `head`), a [`Line::Gap`] where others are left out.
fn trim_context(lines: Vec<Line>, head: bool) -> Vec<Line> {
    let changed: Vec<usize> = (0..lines.len())
        .filter(|&i| !matches!(lines[i], Line::Same(_)))
        .collect();
    let kept = |i: usize| (head && i == 0) || changed.iter().any(|&c| c.abs_diff(i) <= CONTEXT);
    let mut out = Vec::new();
    let mut skipped = false;
    for (i, l) in lines.into_iter().enumerate() {
        if matches!(l, Line::Same(_)) && !kept(i) {
            skipped = true;
            continue;
        }
        if std::mem::take(&mut skipped) {
            out.push(Line::Gap);
        }
        out.push(l);
    }
    if skipped {
        out.push(Line::Gap);
    }
    out
}

/// The rows of a Markdown table's text: its cells as the compiler splits
/// them ([`codegen::table_cells`]), without the rule line.
fn rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(str::trim)
        .filter(|l| l.starts_with('|') && !l.trim_matches(['|', '-', ':', ' ']).is_empty())
        .map(|l| {
            codegen::table_cells(l)
                .into_iter()
                .map(String::from)
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
pub fn claims(text: &str) -> Vec<(String, String)> {
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

/// What a person reads of one change: who reviewed it last and when, its
/// summary (cells, claims), its diff, and for a function the rules that
/// reach it (folded under the diff in the report), those reached only by
/// name apart.
pub struct Reading<'a> {
    pub change: &'a Change,
    pub reviewed: String,
    pub summary: Vec<String>,
    pub diff: Vec<Line>,
    /// The rules whose code reaches a function through typed calls.
    pub reach: Vec<String>,
    /// The rules that reach it only through a call whose receiver's type is
    /// not known: each with why.
    pub by_name: Vec<String>,
}

impl<'a> Reading<'a> {
    pub fn of(change: &'a Change) -> Reading<'a> {
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
        let (mut reach, mut by_name) = (Vec::new(), Vec::new());
        for r in &change.rules {
            let line = format!(
                "reached by rule {} ({}): {}",
                r.rule,
                r.system,
                r.way.join(" → ")
            );
            match &r.by_name {
                Some(why) => by_name.push(format!("{line}; by name only, since {why}")),
                None => reach.push(line),
            }
        }
        let signature = change.kind == Some(Kind::Function);
        let diff = match (before, now) {
            (Some(old), Some(new)) => diff_from(old, new, signature),
            (None, Some(new)) if change.review == Review::New => diff("", new),
            (Some(old), None) => diff(old, ""),
            _ => Vec::new(),
        };
        Reading {
            change,
            reviewed,
            summary,
            diff,
            reach,
            by_name,
        }
    }
}

/// The queue as text, for the terminal: page by page, each entry with its
/// stamp command, then what the checks cleared.
pub fn text(queue: &Queue) -> String {
    let mut out = String::new();
    let mut n = 0;
    for page in queue.pages_in_order() {
        let _ = writeln!(out, "== {} ({}) ==", page.title, counts_line(page));
        for entry in queue.entries.iter().filter(|e| e.page == page.page) {
            n += 1;
            let _ = writeln!(out, "{n}. {}", entry.title);
            let _ = writeln!(out, "   stamp: {}", entry.command());
            for line in entry.notes() {
                let _ = writeln!(out, "   {line}");
            }
            for change in &entry.changes {
                if entry.changes.len() > 1 {
                    let _ = writeln!(out, "   -- {change}");
                }
                let r = Reading::of(change);
                let _ = writeln!(out, "   {}", r.reviewed);
                for s in &r.summary {
                    let _ = writeln!(out, "   {s}");
                }
                for line in &r.diff {
                    let _ = match line {
                        Line::Same(l) => writeln!(out, "     {l}"),
                        Line::Gone(l) => writeln!(out, "   - {l}"),
                        Line::Added(l) => writeln!(out, "   + {l}"),
                        Line::Gap => writeln!(out, "     ⋯"),
                    };
                }
                // What reaches a function comes after what changed in it.
                for s in r.reach.iter().chain(&r.by_name) {
                    let _ = writeln!(out, "   {s}");
                }
            }
            for row in &entry.rows {
                let _ = writeln!(out, "   -- {row}");
                for line in row_lines(row) {
                    let _ = writeln!(out, "      {line}");
                }
            }
        }
    }
    for c in &queue.cleared {
        if let Some(by) = &c.cleared {
            let _ = writeln!(
                out,
                "cleared by check `{}` at {}: {c}: {}",
                by.check, by.commit, by.why
            );
        }
    }
    out
}

/// What a row shows of its change: a new example's block without its fences
/// and `rule` line (its rule is the entry's); a changed item's changed lines.
pub fn row_lines(c: &Change) -> Vec<String> {
    let before = c.stamped.as_ref().and_then(|s| s.text.as_deref());
    match (before, c.text.as_deref()) {
        (Some(old), Some(new)) => diff(old, new)
            .into_iter()
            .filter_map(|l| match l {
                Line::Gone(l) => Some(format!("- {l}")),
                Line::Added(l) => Some(format!("+ {l}")),
                _ => None,
            })
            .collect(),
        (None, Some(new)) => new
            .lines()
            .filter(|l| !l.starts_with("```") && !l.trim_start().starts_with("rule ="))
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

/// `3 entries: 1 table, 2 functions`.
pub fn counts_line(page: &QueuePage) -> String {
    let kinds: Vec<String> = page
        .counts
        .iter()
        .map(|(kind, n)| format!("{n} {kind}"))
        .collect();
    format!(
        "{} left: {}",
        plural(page.entries, "entry", "entries"),
        kinds.join(", ")
    )
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What the queue is grouped from, besides the changes.
pub struct Sources<'a> {
    pub book: &'a Book,
    pub code: &'a ResolverSource,
    pub reviewed: &'a ReviewRecord,
    /// One report per example.
    pub reports: &'a [Report],
}

impl Queue {
    /// The queue of `changes`, with what `checks` verified cleared.
    pub fn of(mut changes: Vec<Change>, checks: &Checks, s: &Sources) -> Queue {
        checks.clear(&mut changes);
        Queue::build(&changes, s)
    }

    /// Groups `changes`: those a check cleared apart; a rule's new examples
    /// of ours as rows of the rule's entry (of an entry of their own when the
    /// rule is as reviewed); a chapter's sections whose only change is their
    /// book locator as rows of one entry; a changed function with the new
    /// functions it calls; a rule with its section, its function and the
    /// tables only it reads; every other change an entry of its own.
    pub fn build(changes: &[Change], s: &Sources) -> Queue {
        let (cleared, open): (Vec<&Change>, Vec<&Change>) =
            changes.iter().partition(|c| c.cleared.is_some());
        let mut entries: Vec<Entry> = Vec::new();
        let mut taken = vec![false; open.len()];
        // Rows waiting for their entry: by rule (system, rule id), and each
        // page's section locators.
        let mut examples: BTreeMap<(String, String), Vec<Change>> = BTreeMap::new();
        let mut locators: BTreeMap<String, Vec<Change>> = BTreeMap::new();
        for (n, c) in open.iter().enumerate() {
            if taken[n] {
                continue;
            }
            taken[n] = true;
            if let Some(rule) = s.new_example_of_ours(c) {
                let key = (c.system.clone().unwrap_or_default(), rule);
                examples.entry(key).or_default().push((*c).clone());
                continue;
            }
            if c.kind == Some(Kind::Section) && locator_only(c) {
                locators.entry(s.page(c)).or_default().push((*c).clone());
                continue;
            }
            let mut e = s.entry(c);
            if c.kind == Some(Kind::Function) && c.review == Review::Changed {
                for m in s.new_callees(&c.id, &open, &taken) {
                    taken[m] = true;
                    e.scopes.push(open[m].id.clone());
                    e.changes.push(open[m].clone());
                }
                if e.changes.len() > 1 {
                    let more = plural(e.changes.len() - 1, "new function", "new functions");
                    e.title = format!("{} (with {more} it now calls)", e.title);
                }
            }
            entries.push(e);
        }
        s.merge_into_rules(&mut entries);
        for ((system, rule), rows) in examples {
            s.add_examples(&mut entries, &system, &rule, rows);
        }
        for (page, rows) in locators {
            entries.push(s.locators_entry(&page, rows));
        }
        let pages = s.pages(&entries);
        entries.sort_by_key(|e| pages.iter().position(|p| p.page == e.page));
        Queue {
            entries,
            cleared: cleared.into_iter().cloned().collect(),
            pages,
            by_name: s.by_name(),
        }
    }
}

impl Sources<'_> {
    /// New examples of ours of `rule`, as rows of the rule's entry, or of an
    /// entry of their own when the rule is as reviewed.
    fn add_examples(&self, entries: &mut Vec<Entry>, system: &str, rule: &str, rows: Vec<Change>) {
        let own = entries.iter().position(|e| {
            e.kind == "rule" && e.anchor == rule && e.changes[0].system.as_deref() == Some(system)
        });
        let at = match own {
            Some(at) => at,
            None => {
                entries.push(self.examples_entry(system, rule, &rows[0]));
                entries.len() - 1
            }
        };
        let e = &mut entries[at];
        e.scopes.extend(rows.iter().filter_map(|c| self.scope(c)));
        e.rows.extend(rows);
        let new = plural(e.rows.len(), "new example", "new examples");
        e.title = match own {
            Some(_) => format!("{} (with {new} of ours)", e.title),
            None => format!("rule `{rule}`: {new} of ours"),
        };
    }

    /// One entry for the sections of `page` whose only change is their book
    /// locator, a row each.
    fn locators_entry(&self, page: &str, rows: Vec<Change>) -> Entry {
        let mut e = self.entry(&rows[0]);
        e.anchor = format!(
            "locators-{}",
            page.rsplit('/')
                .next()
                .unwrap_or("")
                .trim_end_matches(".html")
        );
        e.kind = "section locators".to_string();
        e.title = format!(
            "{} whose only change is a book locator",
            plural(rows.len(), "section", "sections")
        );
        e.href = None;
        e.changes.clear();
        e.scopes = rows.iter().filter_map(|c| self.scope(c)).collect();
        e.rows = rows;
        e
    }

    /// The pages `entries` are on, in book order, with what each holds.
    fn pages(&self, entries: &[Entry]) -> Vec<QueuePage> {
        let mut pages: Vec<QueuePage> = Vec::new();
        for e in entries {
            if !pages.iter().any(|p| p.page == e.page) {
                pages.push(self.page_of(&e.page));
            }
        }
        pages.sort_by_key(|p| self.page_rank(&p.page));
        for e in entries {
            let p = pages
                .iter_mut()
                .find(|p| p.page == e.page)
                .unwrap_or_else(|| unreachable!("every entry's page is listed above"));
            p.entries += 1;
            *p.counts.entry(e.kind.clone()).or_default() += 1;
        }
        pages
    }
    /// The entry of one change, on its own.
    fn entry(&self, c: &Change) -> Entry {
        let kind = match c.review {
            Review::Removed => "removed".to_string(),
            _ => c.kind.map_or("item".to_string(), |k| k.to_string()),
        };
        let mut e = Entry {
            anchor: c.id.clone(),
            page: self.page(c),
            kind,
            title: c.to_string(),
            scopes: self.scope(c).into_iter().collect(),
            href: self.href(c),
            changes: vec![c.clone()],
            rows: Vec::new(),
            readers: Vec::new(),
            breaks: Vec::new(),
            functions: Vec::new(),
        };
        match (c.kind, c.review) {
            (Some(Kind::Table), Review::Changed | Review::New) => self.table(c, &mut e),
            (Some(Kind::Rule), Review::Changed | Review::New) => e.functions = self.functions(c),
            _ => {}
        }
        e
    }

    /// The scope `--stamp` takes for exactly this change's item.
    fn scope(&self, c: &Change) -> Option<String> {
        if c.review == Review::Removed {
            return None;
        }
        Some(match (&c.system, &c.chapter) {
            (Some(system), Some(chapter)) => format!("{system}/{chapter}/{}", c.id),
            _ => c.id.clone(),
        })
    }

    /// The item in the report.
    fn href(&self, c: &Change) -> Option<String> {
        if c.review == Review::Removed {
            return None;
        }
        match (&c.system, &c.chapter, c.kind) {
            (Some(system), Some(chapter), Some(kind)) => {
                let anchor = match kind {
                    Kind::Rule | Kind::Code => rule_anchor(&c.id),
                    _ => c.id.clone(),
                };
                Some(format!("{}#{anchor}", page(system, chapter)))
            }
            _ => {
                let item = self.code.item(&c.id)?;
                Some(format!("{}#L{}", listing(&item.file), item.line))
            }
        }
    }

    /// The chapter whose resolver module is `module`, if any.
    fn chapter_of_module(&self, module: &str) -> Option<(&str, &str)> {
        self.book
            .chapters()
            .find(|(s, c)| module == [&s.id, &c.id].map(|n| rust_name(n)).join("::"))
            .map(|(s, c)| (s.id.as_str(), c.id.as_str()))
    }

    /// The queue page of a change: its chapter's; a function's, the chapter
    /// whose resolver module holds it, else its module's own.
    fn page(&self, c: &Change) -> String {
        if let Some(system) = &c.system {
            return format!(
                "queue/{}",
                page(system, c.chapter.as_deref().unwrap_or("removed"))
            );
        }
        let module = match self.code.item(&c.id) {
            Some(item) => item.module.clone(),
            None => c.id.rsplit_once("::").map_or("", |(m, _)| m).to_string(),
        };
        match self.chapter_of_module(&module) {
            Some((system, chapter)) => format!("queue/{}", page(system, chapter)),
            None => {
                let top = module
                    .split("::")
                    .next()
                    .filter(|m| !m.is_empty())
                    .unwrap_or("crate");
                format!("queue/code/{top}.html")
            }
        }
    }

    /// A page's title and the report page it covers.
    fn page_of(&self, at: &str) -> QueuePage {
        let inner = at.strip_prefix("queue/").unwrap_or(at);
        let (title, report) = match inner.strip_prefix("code/") {
            Some(module) => (
                format!("rules/src: {}", module.trim_end_matches(".html")),
                None,
            ),
            None => {
                let key = inner.trim_end_matches(".html");
                let title = self
                    .book
                    .chapters()
                    .find(|(s, c)| format!("{}/{}", s.id, c.id) == key)
                    .map_or(key.to_string(), |(_, c)| {
                        format!("{} ({key})", c.front.title)
                    });
                (title, Some(inner.to_string()))
            }
        };
        QueuePage {
            page: at.to_string(),
            title,
            report,
            entries: 0,
            counts: BTreeMap::new(),
        }
    }

    /// The rule of a new example of ours.
    fn new_example_of_ours(&self, c: &Change) -> Option<String> {
        if c.kind != Some(Kind::Example) || c.review != Review::New {
            return None;
        }
        let system = c.system.as_deref()?;
        let (_, chapter) = self
            .book
            .chapters()
            .find(|(s, ch)| s.id == system && Some(ch.id.as_str()) == c.chapter.as_deref())?;
        let example = chapter.examples.iter().find(|e| e.id == c.id)?;
        example.ours.then(|| example.rule.to_string())
    }

    /// The entry of a rule's new examples of ours when the rule itself is as
    /// reviewed: on the page of the first, linked to the rule.
    fn examples_entry(&self, system: &str, rule: &str, first: &Change) -> Entry {
        let mut e = self.entry(first);
        e.anchor = format!("examples-{rule}");
        e.kind = "examples of ours".to_string();
        e.changes.clear();
        e.scopes.clear();
        let chapter = self
            .book
            .chapters()
            .filter(|(s, _)| s.id == system)
            .find(|(_, c)| c.rules.iter().any(|r| r.id == rule));
        e.href = chapter.map(|(_, c)| format!("{}#{}", page(system, &c.id), rule_anchor(rule)));
        e
    }

    /// Reads a rule's change with the changes that make sense only beside
    /// it: the section that states it, and its resolver function (with the
    /// new functions that one calls), and each changed table no other rule
    /// reads. Each keeps its own id in the entry.
    fn merge_into_rules(&self, entries: &mut Vec<Entry>) {
        for (system, chapter) in self.book.chapters() {
            for rule in &chapter.rules {
                let mine = |e: &Entry, kind: &str, id: &str| {
                    let system = (kind != "function").then_some(system.id.as_str());
                    e.kind == kind
                        && e.anchor == id
                        && e.changes.first().is_some_and(|c| {
                            c.review != Review::Removed && c.system.as_deref() == system
                        })
                };
                let resolver = resolver_path(&system.id, &rule.chapter, &rule.name);
                let section = rule.section.as_deref().unwrap_or_default();
                let mut with = Vec::new();
                let parts = [
                    ("section", section, "its section"),
                    ("function", resolver.as_str(), "its function"),
                ];
                for (kind, id, what) in parts {
                    let Some(at) = entries.iter().position(|e| mine(e, "rule", &rule.id)) else {
                        break;
                    };
                    let Some(other) = entries.iter().position(|e| mine(e, kind, id)) else {
                        continue;
                    };
                    absorb(entries, at, other);
                    with.push(what.to_string());
                }
                let mut tables = 0;
                // A table only this rule reads is read beside it: the
                // entry shows the changed cells, the rule what they mean.
                while let Some(at) = entries.iter().position(|e| mine(e, "rule", &rule.id))
                    && let Some(other) = entries.iter().position(|e| {
                        e.kind == "table"
                            && e.readers.len() == 1
                            && e.readers[0] == rule.id.as_str()
                            && e.changes.first().is_some_and(|c| {
                                c.review != Review::Removed
                                    && c.system.as_deref() == Some(system.id.as_str())
                            })
                    })
                {
                    let (e, moved) = absorb(entries, at, other);
                    tables += 1;
                    e.readers = moved.readers;
                    for b in moved.breaks {
                        if !e.breaks.contains(&b) {
                            e.breaks.push(b);
                        }
                    }
                }
                match tables {
                    0 => {}
                    1 => with.push("the table only it reads".to_string()),
                    n => with.push(format!("the {n} tables only it reads")),
                }
                if let Some(e) = entries.iter_mut().find(|e| mine(e, "rule", &rule.id))
                    && !with.is_empty()
                {
                    e.title = format!("{} (with {})", e.title, with.join(" and "));
                }
            }
        }
    }

    /// Where a page stands in book order: chapters first, then shared code.
    fn page_rank(&self, at: &str) -> usize {
        let chapters = self
            .book
            .chapters()
            .map(|(s, c)| format!("queue/{}", page(&s.id, &c.id)));
        chapters
            .into_iter()
            .position(|p| p == at)
            .unwrap_or(usize::MAX)
    }

    /// The new functions (still in the queue, not yet taken) that function
    /// `path` calls, directly or through other new ones.
    fn new_callees(&self, path: &str, open: &[&Change], taken: &[bool]) -> Vec<usize> {
        let index = |p: &str| self.code.items.iter().position(|i| i.path == p);
        let mut out: Vec<usize> = Vec::new();
        let mut todo: Vec<usize> = index(path).into_iter().collect();
        while let Some(i) = todo.pop() {
            for callee in self.code.callees(i) {
                let callee_path = &self.code.items[callee].path;
                let found = open.iter().enumerate().position(|(m, c)| {
                    !taken[m]
                        && !out.contains(&m)
                        && c.system.is_none()
                        && c.review == Review::New
                        && &c.id == callee_path
                });
                if let Some(m) = found {
                    out.push(m);
                    todo.push(callee);
                }
            }
        }
        out
    }

    /// A table's readers (the rules whose code reaches an item that reads
    /// one of its constants) and the examples of theirs that fail now.
    fn table(&self, c: &Change, e: &mut Entry) {
        let Some((system, chapter)) = self
            .book
            .chapters()
            .find(|(s, ch)| Some(&s.id) == c.system.as_ref() && Some(&ch.id) == c.chapter.as_ref())
        else {
            return;
        };
        let Some(table) = chapter.tables.iter().find(|t| t.id == c.id) else {
            return;
        };
        let readers: BTreeSet<usize> = table
            .constant_names()
            .iter()
            .flat_map(|name| self.code.readers(&system.id, &chapter.id, name))
            .filter_map(|item| self.code.items.iter().position(|i| i.path == item.path))
            .collect();
        for (s, ch) in self.book.chapters() {
            for r in &ch.rules {
                let path = resolver_path(&s.id, &r.chapter, &r.name);
                let reach = self.code.reach(&path).unwrap_or_default();
                if reach.iter().any(|(i, _)| readers.contains(i)) {
                    e.readers.push(r.id.to_string());
                    e.breaks.extend(
                        self.reports
                            .iter()
                            .filter(|rep| rep.case.system == s.id && rep.case.rule == r.id.as_str())
                            .filter(|rep| rep.verdict == Verdict::Fails)
                            .map(|rep| rep.case.id.clone()),
                    );
                }
            }
        }
    }

    /// Each function a rule's code reaches, with its own stamp.
    fn functions(&self, c: &Change) -> Vec<FunctionStamp> {
        let Some((system, rule)) = self.book.chapters().find_map(|(s, ch)| {
            (Some(&s.id) == c.system.as_ref())
                .then(|| ch.rules.iter().find(|r| r.id == c.id))
                .flatten()
                .map(|r| (s, r))
        }) else {
            return Vec::new();
        };
        let path = resolver_path(&system.id, &rule.chapter, &rule.name);
        let typed: BTreeSet<usize> = self
            .code
            .reach_with(&path, true)
            .unwrap_or_default()
            .into_iter()
            .map(|(i, _)| i)
            .collect();
        let mut out: Vec<FunctionStamp> = self
            .code
            .reach(&path)
            .unwrap_or_default()
            .into_iter()
            .map(|(i, _)| {
                let item = &self.code.items[i];
                let stamped = self.reviewed.code.get(&item.path);
                FunctionStamp {
                    path: item.path.clone(),
                    by_name: !typed.contains(&i),
                    review: review_of(stamped, &checksum(&item.text)),
                    reviewer: stamped.map(|s| s.reviewer.clone()),
                    date: stamped.map(|s| s.date.clone()),
                }
            })
            .collect();
        out[1..].sort_by(|a, b| a.path.cmp(&b.path));
        out
    }

    /// Every edge taken by name only out of the items the rules reach.
    fn by_name(&self) -> Vec<ByName> {
        let items = reached(self.book, self.code);
        self.code
            .by_name(&items)
            .into_iter()
            .map(|(from, to, why)| ByName {
                from: self.code.items[from].path.clone(),
                to: self.code.items[to].path.clone(),
                why: why.to_string(),
            })
            .collect()
    }
}

/// Moves entry `other`'s scopes and changes into entry `at`, each keeping
/// its own id; gives the entry they joined and what is left of the other.
fn absorb(entries: &mut Vec<Entry>, at: usize, other: usize) -> (&mut Entry, Entry) {
    let mut moved = entries.remove(other);
    let e = &mut entries[if other < at { at - 1 } else { at }];
    e.scopes.append(&mut moved.scopes);
    e.changes.append(&mut moved.changes);
    (e, moved)
}

/// Whether a changed section differs from its stamp only in book locators.
fn locator_only(c: &Change) -> bool {
    let before = c.stamped.as_ref().and_then(|s| s.text.as_deref());
    match (before, c.text.as_deref()) {
        (Some(old), Some(new)) => without_locators(old) == without_locators(new),
        _ => false,
    }
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
                Line::Gap,
                Line::Same("b".into()),
                Line::Same("c".into()),
                Line::Gone("d".into()),
                Line::Added("D".into()),
                Line::Same("e".into()),
                Line::Same("f".into()),
                Line::Gap,
            ]
        );
        let (old, new) = ("fn f() {\n1\n2\n3\n4\nx\n}", "fn f() {\n1\n2\n3\n4\ny\n}");
        let head = super::diff_from(old, new, true);
        assert_eq!(
            head[..3],
            [
                Line::Same("fn f() {".into()),
                Line::Gap,
                Line::Same("3".into())
            ],
            "a function's first line is kept, with a gap after it"
        );
        assert_eq!(diff(old, new)[0], Line::Gap);
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

    #[test]
    fn an_escaped_pipe_stays_in_its_cell() {
        // As the compiler reads the table: `a \| b` is one cell, so the
        // changed figure is under `Value`, not a third column.
        let old = "| Name | Value |\n|---|---|\n| a \\| b | 1 |";
        let new = "| Name | Value |\n|---|---|\n| a \\| b | 2 |";
        assert_eq!(
            changed_cells(old, new),
            ["row 1 «a \\| b», column «Value»: «1» → «2»"]
        );
    }
}
