//! Traceability: every section, table, rule and example of the book, and each
//! rule's code, with the checksum of its source text; the reviewed state that
//! `cargo xtask audit --stamp` commits to `spec/reviewed.toml`; and what
//! changed since the stamp.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use codegen::Book;
use codegen::model::Chapter;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use std::collections::BTreeSet;

use codegen::lint::rust_name;

use super::date::civil_date;
use super::prose::prose;
use crate::checksum::{checksum, normalised};
use resolver_source::Via;
use resolver_source::calls::text_of;
use resolver_source::{Item, RULES_SRC, ResolverSource, resolver_path};

/// Where the reviewed state is committed, relative to the workspace root.
pub const REVIEWED_FILE: &str = "spec/reviewed.toml";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Section,
    Table,
    Rule,
    Example,
    /// A rule's code: its resolver function and what that calls in `rules/src`.
    Code,
    /// A function, method or constant of `rules/src` that a rule reaches.
    Function,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Section => "section",
            Kind::Table => "table",
            Kind::Rule => "rule",
            Kind::Example => "example",
            Kind::Code => "code of rule",
            Kind::Function => "function",
        })
    }
}

/// An item that review covers: its id (a rule's, for its code), where it
/// starts, its text (as [`normalised`]) and the text's checksum.
#[derive(Debug, Clone)]
pub struct Tracked<'a> {
    pub kind: Kind,
    pub id: &'a str,
    /// The file, relative to the workspace, and the line it starts on.
    pub file: String,
    pub line: usize,
    pub text: String,
    pub checksum: String,
    /// For a rule's code, each function it reaches: its path and checksum.
    pub functions: Vec<(String, String)>,
}

impl Tracked<'_> {
    /// Its key in the stamp: its id, or `<rule id>:code` for a rule's code
    /// (no id holds a colon).
    pub fn key(&self) -> String {
        match self.kind {
            Kind::Code => format!("{}:code", self.id),
            _ => self.id.to_string(),
        }
    }
}

/// A chapter's items and the text each one's checksum covers. A section runs
/// from its heading to the next heading of any level; the chapter's first
/// section also holds whatever precedes it (the front matter), so a new source
/// or version shows as a change; the tables, rules and examples in a section
/// are a line each in its text ([`prose`]), being items of their own. A table is its schema comment and its lines, a
/// rule or an example its fenced block. A rule's code is its resolver function
/// with everything that calls in `rules/src` (see [`resolver_source::calls`]); a rule
/// whose function `code` lacks has no code item.
pub fn tracked<'a>(system: &str, chapter: &'a Chapter, code: &ResolverSource) -> Vec<Tracked<'a>> {
    let text = chapter.file.text.as_str();
    let sections = chapter.sections.iter().enumerate().map(|(i, s)| {
        let from = if i == 0 { 0 } else { s.span.start };
        let to = chapter
            .sections
            .get(i + 1)
            .map_or(text.len(), |next| next.span.start);
        (Kind::Section, &*s.id, s.span.start, from..to)
    });
    let tables = chapter
        .tables
        .iter()
        .map(|t| (Kind::Table, t.id.as_str(), t.span.start, t.extent.clone()));
    let rules = chapter
        .rules
        .iter()
        .map(|r| (Kind::Rule, r.id.as_str(), r.span.start, r.span.clone()));
    let examples = chapter
        .examples
        .iter()
        .map(|e| (Kind::Example, e.id.as_str(), e.span.start, e.span.clone()));
    let file = chapter.file.path.display().to_string();
    let book =
        sections
            .chain(tables)
            .chain(rules)
            .chain(examples)
            .map(|(kind, id, start, text_span)| {
                let own = match kind {
                    Kind::Section => normalised(&prose(&text[text_span])),
                    _ => normalised(&text[text_span]),
                };
                Tracked {
                    kind,
                    id,
                    file: file.clone(),
                    line: chapter.file.line_col(start).0,
                    checksum: checksum(&own),
                    text: own,
                    functions: Vec::new(),
                }
            });
    let code = chapter.rules.iter().filter_map(|r| {
        let path = resolver_path(system, &r.chapter, &r.name);
        let function = code.item(&path)?;
        let covered = code.covered(&path)?;
        let text = text_of(&covered);
        Some(Tracked {
            kind: Kind::Code,
            id: r.id.as_str(),
            file: function.file.clone(),
            line: function.line,
            checksum: checksum(&text),
            text: normalised(&text),
            functions: covered
                .iter()
                .map(|i| (i.path.clone(), checksum(&i.text)))
                .collect(),
        })
    });
    book.chain(code).collect()
}

/// How an item stands against the stamp.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Review {
    /// Its checksum is the stamped one.
    Reviewed,
    /// Its text differs from the text stamped.
    Changed,
    /// The stamp does not know it: added or renamed since.
    New,
    /// Stamped, but no longer in the book (or, for a rule's code, in `rules/src`).
    Removed,
}

impl fmt::Display for Review {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Review::Reviewed => "reviewed",
            Review::Changed => "changed since review",
            Review::New => "new since review",
            Review::Removed => "removed since review",
        })
    }
}

/// The reviewed state: per system, each item's key ([`Tracked::key`]) and its review.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRecord {
    #[serde(default)]
    pub book: BTreeMap<String, BTreeMap<String, ItemStamp>>,
    /// Each function, method or constant of `rules/src` that a rule reaches, by path.
    #[serde(default)]
    pub code: BTreeMap<String, ItemStamp>,
}

/// One item's review: the text reviewed, by whom and on which day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ItemStamp {
    /// The checksum of the text reviewed; none when that text is unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
    pub reviewer: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// The text reviewed, as [`normalised`]; none when unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// What the item was and where, so that a removed item can still say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<Kind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chapter: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// Who stamps, and on which day (`YYYY-MM-DD`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reviewer {
    pub name: String,
    pub date: String,
}

impl ItemStamp {
    /// `item` of `chapter` as `by` reviews it now.
    pub fn of(item: &Tracked, chapter: Option<&str>, by: &Reviewer) -> ItemStamp {
        ItemStamp {
            sha256: Some(item.checksum.clone()),
            reviewer: by.name.clone(),
            date: by.date.clone(),
            text: Some(item.text.clone()),
            kind: Some(item.kind),
            chapter: chapter.map(str::to_string),
            file: Some(item.file.clone()),
        }
    }

    /// What a stamped item was: as recorded, else as its text shows.
    fn kind(&self) -> Kind {
        let text = self.text.as_deref().unwrap_or("").trim_start();
        self.kind.unwrap_or(if text.starts_with("<!-- table") {
            Kind::Table
        } else if text.starts_with("```rule") {
            Kind::Rule
        } else if text.starts_with("```example") {
            Kind::Example
        } else {
            Kind::Section
        })
    }
}

/// An item whose review is out of date, with what a reviewer reads: the text
/// stamped and the text now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Change {
    /// The system of a book item; none for a function of `rules/src`.
    pub system: Option<String>,
    pub id: String,
    pub review: Review,
    /// What the item is, its chapter and `path:line`; a removed item's kind
    /// and chapter are known when its stamp recorded them.
    pub kind: Option<Kind>,
    pub chapter: Option<String>,
    pub location: Option<String>,
    /// Its last review, if any: who, when, and the text then (none when unknown).
    pub stamped: Option<ItemStamp>,
    /// Its text now; none for a removed item.
    pub text: Option<String>,
    /// For a function: each rule that reaches it, with the call path.
    pub rules: Vec<RuleReach>,
    /// Set when a check has verified the whole change (see [`super::clear`]):
    /// it needs no person, and is no stamp.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cleared: Option<Cleared>,
}

/// Which check cleared a change, why, and at which commit it ran (see
/// `super::clear`, which decides).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Cleared {
    pub check: &'static str,
    pub why: String,
    pub commit: String,
}

/// A rule that reaches a function, and how.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct RuleReach {
    pub system: String,
    pub rule: String,
    /// The calls from the rule's resolver function to the function, in order.
    pub way: Vec<String>,
    /// Set when the rule reaches it only through a call whose receiver's
    /// type is not known (every method so named): why, at the first such call.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_name: Option<String>,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.location, self.kind) {
            (Some(at), Some(kind)) => write!(f, "{at}: {kind} `{}` {}", self.id, self.review),
            _ => write!(
                f,
                "{}: `{}` {}",
                self.system.as_deref().unwrap_or(RULES_SRC),
                self.id,
                self.review
            ),
        }
    }
}

impl Change {
    /// The change as one object of `--message-format=json`: the fields every
    /// object has (`file`, `line` and `rendered`; no `code`, as it is no
    /// diagnostic of the spec) and the change itself under `review`.
    pub fn json(&self) -> serde_json::Value {
        let (file, line) = match self.location.as_deref().and_then(|l| l.rsplit_once(':')) {
            Some((file, line)) => (Some(file), line.parse::<usize>().ok()),
            None => (None, None),
        };
        serde_json::json!({
            "file": file,
            "line": line,
            "severity": "error",
            "code": null,
            "message": self.to_string(),
            "notes": ["read it (`cargo xtask review` shows what changed), then run `cargo xtask audit --stamp`"],
            "rendered": format!("{self}\n"),
            "review": self,
        })
    }
}

/// What `--stamp` covers: everything, or the items named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    All,
    /// Each a system (`action`), a chapter (`action/falling`), a book item
    /// (`action/falling/fall-table`), a function (`table::band_of`) or a
    /// source file of `rules/src` (`rules/src/table.rs`). A chapter also
    /// covers the functions of its resolver file.
    Named(Vec<String>),
}

impl Scope {
    /// The names it gives, among `names` (an item's), when it covers that
    /// item: none for everything, the targets that name it otherwise.
    pub(super) fn names<'s>(&'s self, names: &[String]) -> Option<Vec<&'s String>> {
        match self {
            Scope::All => Some(Vec::new()),
            Scope::Named(targets) => {
                let named: Vec<&String> = targets.iter().filter(|t| names.contains(t)).collect();
                (!named.is_empty()).then_some(named)
            }
        }
    }
}

/// The names that cover a function: its path, its file, and the chapter
/// whose resolver module holds it.
pub(super) fn code_names(book: &Book, item: &Item) -> Vec<String> {
    let chapter = book
        .chapters()
        .find(|(s, c)| item.module == [&s.id, &c.id].map(|n| rust_name(n)).join("::"));
    [item.path.clone(), item.file.clone()]
        .into_iter()
        .chain(chapter.map(|(s, c)| format!("{}/{}", s.id, c.id)))
        .collect()
}

impl ReviewRecord {
    /// Stamps what `scope` covers of the book and the resolver's `code` now
    /// as reviewed by `by`, leaving every other item's stamp as it was; each
    /// item it stamped, as a line (`path:line kind `id``). A named target
    /// that covers nothing is an error, with the closest names that do.
    pub fn stamp(
        &mut self,
        book: &Book,
        code: &ResolverSource,
        by: &Reviewer,
        scope: &Scope,
    ) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        let mut used = BTreeSet::new();
        let mut known = BTreeSet::new();
        for (system, chapter) in book.chapters() {
            for t in tracked(&system.id, chapter, code) {
                let names = [
                    system.id.clone(),
                    format!("{}/{}", system.id, chapter.id),
                    format!("{}/{}/{}", system.id, chapter.id, t.id),
                    format!("{}/{}", system.id, t.id),
                ];
                if t.kind == Kind::Code {
                    continue;
                }
                let named = scope.names(&names);
                known.extend(names.clone());
                let Some(named) = named else {
                    continue;
                };
                used.extend(named);
                let entry = ItemStamp::of(&t, Some(&chapter.id), by);
                let items = self.book.entry(system.id.clone()).or_default();
                items.insert(t.key(), entry);
                lines.push(format!("{}:{} {} `{}`", t.file, t.line, t.kind, t.id));
            }
        }
        for i in reached(book, code) {
            let item = &code.items[i];
            let names = code_names(book, item);
            let named = scope.names(&names);
            known.extend(names.clone());
            let Some(named) = named else {
                continue;
            };
            used.extend(named);
            let text = normalised(&item.text);
            let entry = ItemStamp {
                sha256: Some(checksum(&text)),
                reviewer: by.name.clone(),
                date: by.date.clone(),
                text: Some(text),
                kind: Some(Kind::Function),
                chapter: None,
                file: Some(item.file.clone()),
            };
            self.code.insert(item.path.clone(), entry);
            lines.push(format!(
                "{}:{} {} `{}`",
                item.file,
                item.line,
                Kind::Function,
                item.path
            ));
        }
        if scope == &Scope::All {
            self.forget_removed(book, code);
        } else if let Scope::Named(targets) = scope
            && let Some(unknown) = targets.iter().find(|t| !used.contains(t))
        {
            let hint = codegen::suggest::did_you_mean(unknown, known.iter().map(String::as_str))
                .map_or(String::new(), |hint| format!("; {hint}"));
            return Err(format!(
                "`{unknown}` names no item of the book or of the resolver's code that a rule reaches{hint}"
            ));
        }
        Ok(lines)
    }

    /// Drops the stamps of items that are gone: a full stamp reviews their removal.
    fn forget_removed(&mut self, book: &Book, code: &ResolverSource) {
        let now = current_keys(book, code);
        for (system, items) in &mut self.book {
            items.retain(|key, _| now.get(system).is_some_and(|k| k.contains(key)));
        }
        self.book.retain(|_, items| !items.is_empty());
        let functions: BTreeSet<&str> = reached(book, code)
            .into_iter()
            .map(|i| code.items[i].path.as_str())
            .collect();
        self.code
            .retain(|path, _| functions.contains(path.as_str()));
    }

    /// The state of the book and the resolver's `code` now, reviewed by `by`.
    pub fn of(book: &Book, code: &ResolverSource, by: &Reviewer) -> ReviewRecord {
        let mut stamp = ReviewRecord::default();
        let _ = stamp.stamp(book, code, by, &Scope::All);
        stamp
    }

    /// How `item` stands; a rule's code is reviewed when every function it
    /// reaches is.
    pub fn review(&self, system: &str, item: &Tracked) -> Review {
        if item.kind == Kind::Code {
            let reviewed = item.functions.iter().all(|(path, sum)| {
                self.code
                    .get(path)
                    .is_some_and(|s| s.sha256.as_ref() == Some(sum))
            });
            return if reviewed {
                Review::Reviewed
            } else {
                Review::Changed
            };
        }
        let stamped = self
            .book
            .get(system)
            .and_then(|items| items.get(&item.key()));
        review_of(stamped, &item.checksum)
    }

    /// What changed since review, grouped by the change: each section,
    /// table, rule and example not as stamped, in book order; then each
    /// function a rule reaches that is not as stamped, with the rules that
    /// reach it; then every stamped item that is gone. A rule whose code
    /// changed is not an entry of its own: its changed functions are.
    pub fn changes(&self, book: &Book, code: &ResolverSource) -> Vec<Change> {
        let mut changes = Vec::new();
        for (system, chapter) in book.chapters() {
            for t in tracked(&system.id, chapter, code) {
                let review = self.review(&system.id, &t);
                if t.kind == Kind::Code || review == Review::Reviewed {
                    continue;
                }
                changes.push(Change {
                    system: Some(system.id.clone()),
                    id: t.id.to_string(),
                    review,
                    kind: Some(t.kind),
                    chapter: Some(chapter.id.clone()),
                    location: Some(format!("{}:{}", t.file, t.line)),
                    stamped: self
                        .book
                        .get(&system.id)
                        .and_then(|i| i.get(&t.key()))
                        .cloned(),
                    text: Some(t.text.clone()),
                    rules: Vec::new(),
                    cleared: None,
                });
            }
        }
        let reached = reached(book, code);
        for &i in &reached {
            let item = &code.items[i];
            let stamped = self.code.get(&item.path);
            let review = review_of(stamped, &checksum(&item.text));
            if review == Review::Reviewed {
                continue;
            }
            changes.push(Change {
                system: None,
                id: item.path.clone(),
                review,
                kind: Some(Kind::Function),
                chapter: None,
                location: Some(format!("{}:{}", item.file, item.line)),
                stamped: stamped.cloned(),
                text: Some(normalised(&item.text)),
                rules: rules_reaching(book, code, i),
                cleared: None,
            });
        }
        let now = current_keys(book, code);
        for (system, items) in &self.book {
            for (id, stamped) in items {
                if now.get(system).is_none_or(|c| !c.contains(id)) {
                    changes.push(removed(Some(system), id, stamped));
                }
            }
        }
        let functions: BTreeSet<&str> = reached
            .iter()
            .map(|&i| code.items[i].path.as_str())
            .collect();
        for (path, stamped) in &self.code {
            if !functions.contains(path.as_str()) {
                changes.push(removed(None, path, stamped));
            }
        }
        changes
    }
}

pub(super) fn review_of(stamped: Option<&ItemStamp>, now: &str) -> Review {
    match stamped {
        Some(s) if s.sha256.as_deref() == Some(now) => Review::Reviewed,
        Some(_) => Review::Changed,
        None => Review::New,
    }
}

/// A stamped item that is gone, with what its stamp says it was and where.
fn removed(system: Option<&String>, id: &str, stamped: &ItemStamp) -> Change {
    Change {
        system: system.cloned(),
        id: id.to_string(),
        review: Review::Removed,
        kind: Some(match system {
            Some(_) => stamped.kind(),
            None => Kind::Function,
        }),
        chapter: stamped.chapter.clone(),
        location: stamped.file.clone(),
        stamped: Some(stamped.clone()),
        text: None,
        rules: Vec::new(),
        cleared: None,
    }
}

/// Each system's item keys now (book items only).
fn current_keys(book: &Book, code: &ResolverSource) -> BTreeMap<String, BTreeSet<String>> {
    let mut now: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (system, chapter) in book.chapters() {
        let keys: Vec<String> = tracked(&system.id, chapter, code)
            .iter()
            .filter(|t| t.kind != Kind::Code)
            .map(Tracked::key)
            .collect();
        now.entry(system.id.clone()).or_default().extend(keys);
    }
    now
}

/// Every item of `rules/src` that some rule's resolver function reaches, by index, in path order.
pub(super) fn reached(book: &Book, code: &ResolverSource) -> Vec<usize> {
    let mut all = BTreeSet::new();
    for (system, chapter) in book.chapters() {
        for r in &chapter.rules {
            let path = resolver_path(&system.id, &r.chapter, &r.name);
            all.extend(code.reach(&path).into_iter().flatten().map(|(i, _)| i));
        }
    }
    let mut all: Vec<usize> = all.into_iter().collect();
    all.sort_by(|&a, &b| code.items[a].path.cmp(&code.items[b].path));
    all
}

/// Every rule whose resolver function reaches item `target`, with the way:
/// through typed calls where it can, else through a call by name, with why.
fn rules_reaching(book: &Book, code: &ResolverSource, target: usize) -> Vec<RuleReach> {
    let mut out = Vec::new();
    for (system, chapter) in book.chapters() {
        for r in &chapter.rules {
            let path = resolver_path(&system.id, &r.chapter, &r.name);
            let found = |typed: bool| {
                let reach = code.reach_with(&path, typed)?;
                reach
                    .into_iter()
                    .find(|(i, _)| *i == target)
                    .map(|(_, way)| way)
            };
            let (way, by_name) = match found(true) {
                Some(way) => (way, None),
                None => match found(false) {
                    Some(way) => {
                        let why = code.why_by_name(&path, &way);
                        (way, Some(why))
                    }
                    None => continue,
                },
            };
            let mut steps = vec![path.clone()];
            steps.extend(way.iter().map(|(j, via)| match via {
                Via::ByName => format!("{} (by name)", code.items[*j].path),
                _ => code.items[*j].path.clone(),
            }));
            out.push(RuleReach {
                system: system.id.clone(),
                rule: r.id.to_string(),
                way: steps,
                by_name,
            });
        }
    }
    out
}

impl Reviewer {
    /// `name`, or else git's `user.name` in `root`, reviewing today (UTC).
    pub fn now(root: &Path, name: Option<String>) -> Result<Reviewer, String> {
        let name = match name {
            Some(name) => name,
            None => super::git::git(root, &["config", "user.name"])
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .ok_or("name the reviewer with --reviewer NAME (git has no user.name)")?,
        };
        // The name is evidence too: the stamp is refused a name that reading
        // it back would refuse.
        if !is_name(&name) {
            return Err(format!(
                "the reviewer's name `{}` is empty or not one line of text: name who reviewed with --reviewer NAME",
                codegen::diagnostic::visible(&name)
            ));
        }
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_err(|e| format!("the clock is before 1970: {e}"))?
            .as_secs();
        Ok(Reviewer {
            name,
            // Days since 1970 from a u64 of seconds: far below i64's limit.
            date: civil_date((secs / 86_400) as i64),
        })
    }
}

/// A person's name: one line of text, not blank.
pub(super) fn is_name(name: &str) -> bool {
    !name.trim().is_empty() && !name.chars().any(char::is_control)
}
