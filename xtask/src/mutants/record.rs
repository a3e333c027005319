//! `conformance/mutants.toml`: what the last mutation run of each file of
//! `rules/src` found, and why each surviving mutant cannot be killed by an
//! example (written by hand).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::data::{self, Figure};
use super::guards::{self, KeptGuard, KeptGuards};
use super::outcomes::{Function, Mutant, Outcome};
use crate::checksum::checksum;
use resolver_source::{RULES_SRC, ResolverSource};

/// Where the record lives, relative to the workspace root.
pub const RECORD_FILE: &str = "conformance/mutants.toml";

const HEADER: &str = "\
# Written by `cargo xtask mutants`; survivors' `reason`s are written by hand.
# One [files] entry per file of rules/src (mutants = 0 for a file with none):
# `checksum` is xtask::audit::checksum of the file's text at its run; `data`,
# for a file with survivors, that of the tables of spec/ it reads; `domains`,
# for a file with mutants, that of the declared domains of the rules it helps
# resolve (a file recorded before domains were watched has none: its domains
# are unwatched until its next run).
# A survivor's `relies` lists the figures of the book its reason rests on.
# A survivor's `mutant` is cargo-mutants' name for it, without file:line:col.
# `pending` files have had no run yet; each run takes its files off the list.
# A file's `functions` split its figures by the function cargo-mutants puts
# each mutant in (`name`; `line`, the function's first line; a figure left out
# is 0), and `functions_from` says what the split rests on: \"run\", the run's
# own outcomes; \"check\", `cargo xtask mutants --backfill`: a build-only
# `cargo mutants --check` of the same text, as many mutants and as many of
# them unviable as the run had, found each function's unviable mutants; the
# survivors are the missed ones, and caught is the rest (a file with timeouts
# gets no split that way); \"unknown\", no split (`why` says why).
# [guards.\"<file>\"] lists each guard of rules/src/bounds.rs that the file
# keeps although the registry refuses first every figure it refuses (each
# input it guards has a declared domain inside the guard's bounds), so no
# example can reach it; `reason`, written by hand, says who calls the file's
# functions with figures that did not pass the registry. A run rewrites the
# list of each file it covers from the scan (xtask/src/mutants/guards.rs) and
# keeps the reason.
";

/// The committed record of the mutation runs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Files of `rules/src` that no run has covered yet: tolerated until their
    /// first run, which takes them off this list. New files never join it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<String>,
    /// Each file's last run, by its path from the workspace root.
    #[serde(default)]
    pub files: BTreeMap<String, FileEntry>,
    /// The mutants that no test caught, in file and line order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub survivors: Vec<Survivor>,
    /// Each file's guards that the declared domains make unreachable through
    /// the registry, kept for callers outside it, and why.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub guards: BTreeMap<String, KeptGuards>,
}

/// One file's last run: the checksum of its text then, and its mutants by outcome.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FileEntry {
    pub checksum: String,
    /// For a file with survivors: the checksum of the tables it read at the
    /// run ([`data::checksums`]), whose figures may keep a survivor alive.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub data: String,
    /// For a file with mutants: the checksum of the declared domains of the
    /// rules it helps resolve at the run ([`data::domains`]), which decide
    /// what inputs reach its code. Empty for an entry recorded before domains
    /// were watched: those are unwatched until the file's next run.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub domains: String,
    #[serde(flatten)]
    pub counts: Counts,
    /// What the split by function rests on.
    #[serde(default)]
    pub functions_from: Split,
    /// Why there is no split, when `functions_from` is unknown.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub why: String,
    /// Its mutants by function, in line order; empty when the split is unknown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub functions: Vec<FunctionEntry>,
}

/// Where a file's split of its figures by function comes from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Split {
    /// The outcomes of the file's run.
    Run,
    /// A build-only run of the same text, with the survivors ([`Record::backfill`]).
    Check,
    /// None: the record predates splits, or no build-only run agreed with it.
    #[default]
    Unknown,
}

/// One function's mutants, by outcome.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = outcomes_left_out)]
pub struct FunctionEntry {
    /// cargo-mutants' name for it: `fall`, `Dice::d6`, `<impl fmt::Display for Dice>::fmt`.
    pub name: String,
    /// Its first line, doc comments included.
    pub line: usize,
    /// Written without the outcomes no mutant had, as a function has few.
    #[serde(flatten, serialize_with = "Counts::serialize_sparse")]
    pub counts: Counts,
}

/// Mutants by outcome: what the record keeps of a file and of a function,
/// and what the report sums per system and per rule. Read from a record, an
/// outcome left out counts none (a function's entry leaves those out).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Counts {
    pub mutants: usize,
    #[serde(default)]
    pub caught: usize,
    #[serde(default)]
    pub missed: usize,
    #[serde(default)]
    pub unviable: usize,
    #[serde(default)]
    pub timeout: usize,
}

/// The schema of a function's entry: `mutants` always, each outcome only
/// when a mutant had it ([`Counts::serialize_sparse`]).
fn outcomes_left_out(schema: &mut schemars::Schema) {
    if let Some(serde_json::Value::Array(required)) = schema.get_mut("required") {
        let outcomes = ["caught", "missed", "unviable", "timeout"];
        required.retain(|name| !outcomes.iter().any(|o| name == o));
    }
}

impl Counts {
    /// Its mutants, then those caught, missed, unviable and timed out.
    pub fn figures(&self) -> [usize; 5] {
        [
            self.mutants,
            self.caught,
            self.missed,
            self.unviable,
            self.timeout,
        ]
    }

    /// Adds `other`'s figures to these.
    pub fn add(&mut self, other: &Counts) {
        self.mutants += other.mutants;
        self.caught += other.caught;
        self.missed += other.missed;
        self.unviable += other.unviable;
        self.timeout += other.timeout;
    }

    /// Counts one mutant that had `outcome`. A build-only run's mutant
    /// (`Built`) counts as a mutant with no outcome.
    pub fn count(&mut self, outcome: Outcome) {
        self.mutants += 1;
        match outcome {
            Outcome::Caught => self.caught += 1,
            Outcome::Missed => self.missed += 1,
            Outcome::Unviable => self.unviable += 1,
            Outcome::Timeout => self.timeout += 1,
            Outcome::Built => {}
        }
    }

    /// `caught / (mutants - unviable)`; none when no mutant was viable.
    pub fn score(&self) -> Option<f64> {
        let viable = self.mutants.saturating_sub(self.unviable);
        (viable > 0).then(|| self.caught as f64 / viable as f64)
    }

    /// Writes the figures as their fields, leaving out each outcome no
    /// mutant had (a function's entry in the record).
    fn serialize_sparse<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("mutants", &self.mutants)?;
        let outcomes = [
            ("caught", self.caught),
            ("missed", self.missed),
            ("unviable", self.unviable),
            ("timeout", self.timeout),
        ];
        for (name, n) in outcomes.into_iter().filter(|(_, n)| *n > 0) {
            map.serialize_entry(name, &n)?;
        }
        map.end()
    }
}

/// The sums of the functions' figures.
fn sum(functions: &[FunctionEntry]) -> Counts {
    functions.iter().fold(Counts::default(), |mut sum, f| {
        sum.add(&f.counts);
        sum
    })
}

/// The mutants split by their function, in line order.
fn by_function<'m>(
    mutants: impl IntoIterator<Item = &'m Mutant>,
) -> BTreeMap<Function, Vec<&'m Mutant>> {
    let mut out: BTreeMap<Function, Vec<&Mutant>> = BTreeMap::new();
    for m in mutants {
        out.entry(m.function.clone()).or_default().push(m);
    }
    out
}

/// A function's entry from its mutants' outcomes.
fn function_entry(function: &Function, mutants: &[&Mutant]) -> FunctionEntry {
    let mut counts = Counts::default();
    for m in mutants {
        counts.count(m.outcome);
    }
    FunctionEntry {
        name: function.name.clone(),
        line: function.line,
        counts,
    }
}

/// A file's split by function from the mutants a build-only run found in
/// the same text: its unviable ones are the run's, its survivors are missed,
/// and the rest was caught; an error says where the check and the run disagree.
fn checked_split<'m>(
    entry: &FileEntry,
    survivors: &[&Survivor],
    checked: impl Iterator<Item = &'m Mutant>,
) -> Result<Vec<FunctionEntry>, String> {
    let c = &entry.counts;
    let checked: Vec<&Mutant> = checked.collect();
    let unviable = checked
        .iter()
        .filter(|m| m.outcome == Outcome::Unviable)
        .count();
    if c.timeout > 0 {
        return Err(format!(
            "{} of its mutants timed out, and a build-only run cannot tell in which functions",
            c.timeout
        ));
    }
    if let Some(m) = checked.iter().find(|m| m.outcome == Outcome::Timeout) {
        return Err(format!("the check timed out on `{}`", m.name));
    }
    if c.caught + c.missed + c.unviable + c.timeout != c.mutants {
        return Err("its figures do not add up to its mutants".to_string());
    }
    if checked.is_empty() && c.mutants > 0 {
        return Err("no build-only run has reached it yet".to_string());
    }
    if (checked.len(), unviable) != (c.mutants, c.unviable) {
        return Err(format!(
            "the check holds {} of its mutants, {unviable} unviable; its run {}, {} unviable",
            checked.len(),
            c.mutants,
            c.unviable
        ));
    }
    // Each survivor is one viable mutant of the check, by name and line.
    let mut missed: Vec<bool> = vec![false; checked.len()];
    for s in survivors {
        let at = (0..checked.len()).find(|&i| {
            let m = checked[i];
            !missed[i] && m.outcome != Outcome::Unviable && m.name == s.mutant && m.line == s.line
        });
        match at {
            Some(i) => missed[i] = true,
            None => {
                return Err(format!(
                    "survivor `{}` of line {} is no viable mutant of the check",
                    s.mutant, s.line
                ));
            }
        }
    }
    let mut split: BTreeMap<&Function, FunctionEntry> = BTreeMap::new();
    for (m, missed) in checked.iter().zip(missed) {
        let f = split.entry(&m.function).or_insert_with(|| FunctionEntry {
            name: m.function.name.clone(),
            line: m.function.line,
            ..FunctionEntry::default()
        });
        f.counts.count(match (m.outcome, missed) {
            (Outcome::Unviable, _) => Outcome::Unviable,
            (_, true) => Outcome::Missed,
            (_, false) => Outcome::Caught,
        });
    }
    Ok(split.into_values().collect())
}

/// A mutant that every test let pass.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Survivor {
    pub file: String,
    pub line: usize,
    /// cargo-mutants' name for the mutant, without its `file:line:col: `.
    pub mutant: String,
    /// Why no example can kill it; written by hand, empty until then.
    pub reason: String,
    /// The figures of the book the reason rests on, checked against the book.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relies: Vec<Figure>,
}

impl Record {
    /// Reads the record under `root`; a missing file is an empty record.
    pub fn load(root: &Path) -> Result<Record, String> {
        let path = root.join(RECORD_FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => Record::parse(&text).map_err(|e| format!("{RECORD_FILE}: {e}")),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Record::default()),
            Err(e) => Err(format!("cannot read {RECORD_FILE}: {e}")),
        }
    }

    pub fn parse(text: &str) -> Result<Record, String> {
        toml::from_str(text).map_err(|e| e.to_string())
    }

    /// The record's text: the header, then the entries in a fixed order.
    pub fn to_text(&self) -> Result<String, String> {
        let body = toml::to_string_pretty(self).map_err(|e| e.to_string())?;
        Ok(format!("{HEADER}\n{body}"))
    }

    pub fn save(&self, root: &Path) -> Result<(), String> {
        crate::write_atomically(&root.join(RECORD_FILE), &self.to_text()?)
            .map_err(|e| format!("cannot write {RECORD_FILE}: {e}"))
    }

    /// Replaces the entries of the files a run covered (`ran`: path to the
    /// checksum of its text at the run) with what `mutants` found there. A
    /// survivor that survives again keeps its reason: it is matched by file
    /// and name, not line, so edits above it do not lose the reason.
    pub fn update(&mut self, ran: &BTreeMap<String, String>, mutants: &[Mutant]) {
        let (old, kept): (Vec<Survivor>, Vec<Survivor>) = std::mem::take(&mut self.survivors)
            .into_iter()
            .partition(|s| ran.contains_key(&s.file));
        let mut reasons = old;
        self.survivors = kept;
        for (file, checksum) in ran {
            let mine: Vec<&Mutant> = mutants.iter().filter(|m| &m.file == file).collect();
            let functions: Vec<FunctionEntry> = by_function(mine.iter().copied())
                .iter()
                .map(|(f, ms)| function_entry(f, ms))
                .collect();
            let counts = sum(&functions);
            self.files.insert(
                file.clone(),
                FileEntry {
                    checksum: checksum.clone(),
                    data: String::new(),
                    domains: String::new(),
                    counts,
                    functions_from: Split::Run,
                    why: String::new(),
                    functions,
                },
            );
            let mut missed: Vec<&&Mutant> = mine
                .iter()
                .filter(|m| m.outcome == Outcome::Missed)
                .collect();
            missed.sort_by_key(|m| m.line);
            for m in missed {
                let (reason, relies) = reasons
                    .iter()
                    .position(|s| s.file == m.file && s.mutant == m.name)
                    .map(|i| reasons.remove(i))
                    .map(|s| (s.reason, s.relies))
                    .unwrap_or_default();
                self.survivors.push(Survivor {
                    file: m.file.clone(),
                    line: m.line,
                    mutant: m.name.clone(),
                    reason,
                    relies,
                });
            }
        }
        self.pending.retain(|f| !ran.contains_key(f));
        self.survivors
            .sort_by(|a, b| (&a.file, a.line, &a.mutant).cmp(&(&b.file, b.line, &b.mutant)));
    }

    /// Splits by function the figures of each file of `now` (its path to the
    /// checksum of its text now) that the record holds without a split, from
    /// `checked`, the mutants of a build-only run (`cargo mutants --check`) of
    /// that text. The run's figures stay as they are: the check only places
    /// them, and a file it does not agree with keeps no split and says why.
    /// Returns each file tried, with why it has no split if it has none.
    pub fn backfill(
        &mut self,
        now: &BTreeMap<String, String>,
        checked: &[Mutant],
    ) -> Vec<(String, Result<(), String>)> {
        let mut out = Vec::new();
        for (file, entry) in &mut self.files {
            let (Some(sum), Split::Unknown) = (now.get(file), entry.functions_from) else {
                continue;
            };
            let survivors: Vec<&Survivor> =
                self.survivors.iter().filter(|s| &s.file == file).collect();
            let split = if *sum == entry.checksum {
                checked_split(
                    entry,
                    &survivors,
                    checked.iter().filter(|m| &m.file == file),
                )
            } else {
                Err("its text changed since its run".to_string())
            };
            match &split {
                Ok(functions) => {
                    entry.functions = functions.clone();
                    entry.functions_from = Split::Check;
                    entry.why.clear();
                }
                Err(why) => entry.why = why.clone(),
            }
            out.push((file.clone(), split.map(|_| ())));
        }
        out
    }

    /// Records `data` (file to the checksum of the tables it reads) for each
    /// file with survivors.
    pub fn note_data(&mut self, data: &BTreeMap<String, String>) {
        for (file, e) in &mut self.files {
            if let Some(sum) = data.get(file).filter(|_| e.counts.missed > 0) {
                e.data = sum.clone();
            }
        }
    }

    /// Records `domains` (file to the checksum of the domains of the rules it
    /// helps resolve) for each file of `domains` with mutants.
    pub fn note_domains(&mut self, domains: &BTreeMap<String, String>) {
        for (file, e) in &mut self.files {
            if let Some(sum) = domains.get(file).filter(|_| e.counts.mutants > 0) {
                e.domains = sum.clone();
            }
        }
    }

    /// Lists, for each file of `scope`, the guards it keeps that the domains
    /// make unreachable (`unreachable`, by file: [`guards::unreachable`]),
    /// keeping the reason written for the file; a file with none has no entry.
    pub fn note_guards(
        &mut self,
        scope: &[String],
        unreachable: &BTreeMap<String, Vec<KeptGuard>>,
    ) {
        for file in scope {
            match unreachable.get(file) {
                Some(kept) => self.guards.entry(file.clone()).or_default().kept = kept.clone(),
                None => {
                    self.guards.remove(file);
                }
            }
        }
    }

    /// Drops the entries of files that no longer exist under `root`.
    pub fn forget_missing(&mut self, root: &Path) {
        let exists = |f: &String| root.join(f).is_file();
        self.files.retain(|f, _| exists(f));
        self.survivors.retain(|s| exists(&s.file));
        self.guards.retain(|f, _| exists(f));
        self.pending.retain(exists);
    }

    /// Every way the record disagrees with the sources under `root`: its
    /// code, and the book's tables and figures its survivors rest on.
    pub fn problems(&self, root: &Path) -> Result<Vec<Problem>, String> {
        let mut out = self.data_problems(root)?;
        let sources = source_files(root)?;
        for file in &sources {
            let text = std::fs::read_to_string(root.join(file))
                .map_err(|e| format!("cannot read {file}: {e}"))?;
            match self.files.get(file) {
                Some(e) if e.checksum == checksum(&text) => {}
                Some(_) => out.push(Problem::Changed(file.clone())),
                None if self.pending.contains(file) => {}
                None => out.push(Problem::Unrecorded(file.clone())),
            }
        }
        let known: BTreeSet<&String> = sources.iter().collect();
        let recorded = self.files.keys().chain(&self.pending);
        out.extend(
            recorded
                .filter(|f| !known.contains(f))
                .map(|f| Problem::Gone(f.clone())),
        );
        for (file, e) in &self.files {
            let survivors = self.survivors.iter().filter(|s| &s.file == file).count();
            if survivors != e.counts.missed {
                out.push(Problem::Count {
                    file: file.clone(),
                    missed: e.counts.missed,
                    survivors,
                });
            }
        }
        out.extend(
            self.files
                .iter()
                .filter(|(_, e)| match e.functions_from {
                    Split::Unknown => !e.functions.is_empty(),
                    _ => sum(&e.functions) != e.counts,
                })
                .map(|(f, _)| Problem::Split(f.clone())),
        );
        out.extend(
            self.survivors
                .iter()
                .filter(|s| s.reason.trim().is_empty())
                .map(|s| Problem::NoReason(s.clone())),
        );
        Ok(out)
    }

    /// The files with survivors whose tables changed since their run, the
    /// files whose rules' domains changed since their run, and every figure a
    /// reason relies on that the book no longer holds.
    fn data_problems(&self, root: &Path) -> Result<Vec<Problem>, String> {
        let book =
            crate::compile_book(root).map_err(|d| format!("the book does not compile:\n{d}"))?;
        // A file whose code changed is stale already, whatever it reads.
        let unchanged = |f: &String, e: &FileEntry| {
            std::fs::read_to_string(root.join(f)).is_ok_and(|text| checksum(&text) == e.checksum)
        };
        let watched: Vec<String> = self
            .files
            .iter()
            .filter(|(f, e)| e.counts.missed > 0 && unchanged(f, e))
            .map(|(f, _)| f.clone())
            .collect();
        let code = ResolverSource::scan(root)?;
        let now = data::checksums(&code, &book, &watched);
        let mut out: Vec<Problem> = watched
            .into_iter()
            .filter(|f| now.get(f) != Some(&self.files[f].data))
            .map(Problem::DataChanged)
            .collect();
        let bounded: Vec<String> = self
            .files
            .iter()
            .filter(|(f, e)| !e.domains.is_empty() && unchanged(f, e))
            .map(|(f, _)| f.clone())
            .collect();
        let now = data::domains(&code, &book, &bounded);
        out.extend(
            bounded
                .into_iter()
                .filter(|f| now.get(f) != Some(&self.files[f].domains))
                .map(Problem::DomainsChanged),
        );
        out.extend(self.guard_problems(&guards::scan(&code, &book)));
        for s in &self.survivors {
            for figure in &s.relies {
                let found = figure.read(&book, &data::system_of(&s.file));
                if found.as_ref() != Ok(&figure.values) {
                    out.push(Problem::Moved {
                        survivor: s.clone(),
                        figure: figure.clone(),
                        found: found.map(|v| v.join(", ")).unwrap_or_else(|why| why),
                    });
                }
            }
        }
        Ok(out)
    }
}

impl Record {
    /// Where the kept guards differ from those of `found` (the scan) that
    /// the domains make unreachable, and the files whose reason is unwritten.
    fn guard_problems(&self, found: &[guards::Guarded]) -> Vec<Problem> {
        let now = guards::unreachable(found);
        let files: BTreeSet<&String> = now.keys().chain(self.guards.keys()).collect();
        let mut out = Vec::new();
        for file in files {
            let recorded = self.guards.get(file);
            let kept = recorded.map(|g| g.kept.as_slice()).unwrap_or_default();
            let scanned = now.get(file).map(Vec::as_slice).unwrap_or_default();
            for g in scanned.iter().filter(|g| !kept.contains(g)) {
                out.push(Problem::GuardUnrecorded {
                    file: file.clone(),
                    guard: g.clone(),
                });
            }
            for g in kept.iter().filter(|g| !scanned.contains(g)) {
                let same = |f: &&guards::Guarded| {
                    (&f.file, &f.function, &f.guard, &f.figure, &f.expr)
                        == (file, &g.function, &g.guard, &g.figure, &g.expr)
                };
                let why = match found.iter().find(same) {
                    Some(f) => match &f.reach {
                        guards::Reach::Reachable(why) => format!("it is reachable now: {why}"),
                        guards::Reach::Refused(inputs) => format!(
                            "it now lets through {} and guards {}",
                            f.bounds.map(|b| b.to_string()).unwrap_or_default(),
                            inputs.join(", ")
                        ),
                    },
                    None => "the file has no such guard any more".to_string(),
                };
                out.push(Problem::GuardGone {
                    file: file.clone(),
                    guard: g.clone(),
                    why,
                });
            }
            if recorded.is_some_and(|g| g.reason.trim().is_empty() && !g.kept.is_empty()) {
                out.push(Problem::GuardNoReason(file.clone()));
            }
        }
        out
    }
}

/// Every `.rs` file under `root/rules/src` ([`codegen::rust_files`]), as a
/// path from `root` with `/`.
pub fn source_files(root: &Path) -> Result<Vec<String>, String> {
    let files = codegen::rust_files(&root.join(RULES_SRC))
        .map_err(|e| format!("cannot list {RULES_SRC}: {e}"))?;
    let mut out: Vec<String> = files
        .iter()
        .map(|path| {
            let rel = path.strip_prefix(root).unwrap_or(path);
            let parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            parts.join("/")
        })
        .collect();
    out.sort();
    Ok(out)
}

/// One way the record is out of date or incomplete.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The file's text differs from the text of its run.
    Changed(String),
    /// No run has covered the file.
    Unrecorded(String),
    /// The record has an entry for a file that no longer exists.
    Gone(String),
    /// The file's `missed` differs from the number of its survivors.
    Count {
        file: String,
        missed: usize,
        survivors: usize,
    },
    /// A file whose functions' figures do not sum to its own.
    Split(String),
    /// A survivor whose reason is still to be written.
    NoReason(Survivor),
    /// A file with survivors whose tables differ from those of its run.
    DataChanged(String),
    /// A file whose rules' declared domains differ from those of its run.
    DomainsChanged(String),
    /// A figure a survivor's reason relies on that the book no longer holds.
    Moved {
        survivor: Survivor,
        figure: Figure,
        found: String,
    },
    /// A guard the domains make unreachable that `[guards]` does not list.
    GuardUnrecorded { file: String, guard: KeptGuard },
    /// A guard `[guards]` lists that is gone or reachable now, and which.
    GuardGone {
        file: String,
        guard: KeptGuard,
        why: String,
    },
    /// A file whose kept guards have no reason written.
    GuardNoReason(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let refresh = |file: &str| format!("run `cargo xtask mutants --file {file}`");
        match self {
            Problem::Changed(file) => write!(
                f,
                "{file} changed since its mutation run; {}",
                refresh(file)
            ),
            Problem::Unrecorded(file) => {
                write!(f, "{file} has no mutation run recorded; {}", refresh(file))
            }
            Problem::Gone(file) => write!(
                f,
                "{file} is in {RECORD_FILE} but no longer exists; any `cargo xtask mutants` run drops it"
            ),
            Problem::Count {
                file,
                missed,
                survivors,
            } => write!(
                f,
                "{file}: {missed} missed, but {survivors} survivors recorded; {}",
                refresh(file)
            ),
            Problem::Split(file) => write!(
                f,
                "{file}: its functions' figures do not sum to its own; {}",
                refresh(file)
            ),
            Problem::DataChanged(file) => write!(
                f,
                "the tables of spec/ that {file} reads changed since its mutation run, and its survivors may now die; {}",
                refresh(file)
            ),
            Problem::DomainsChanged(file) => write!(
                f,
                "the declared domains of the rules that {file} helps resolve changed since its mutation run, so other inputs now reach its code; {}",
                refresh(file)
            ),
            Problem::Moved {
                survivor: s,
                figure,
                found,
            } => write!(
                f,
                "{}:{}: `{}` survives because column `{}` of table `{}`{} holds {}, but it now holds {found}; {}",
                s.file,
                s.line,
                s.mutant,
                figure.column,
                figure.table,
                figure
                    .row
                    .as_ref()
                    .map(|r| format!(" in row `{r}`"))
                    .unwrap_or_default(),
                figure.values.join(", "),
                refresh(&s.file)
            ),
            Problem::GuardUnrecorded { file, guard: g } => write!(
                f,
                "{file}: `{}` keeps `{}` on {} (`{}`), which the domain of {} refuses first, but [guards] does not list it; {}, which lists it, then write in its `reason` who calls `{}` outside the registry",
                g.function,
                g.guard,
                g.figure,
                g.expr,
                g.inputs
                    .iter()
                    .map(|i| format!("`{i}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
                refresh(file),
                g.function
            ),
            Problem::GuardGone {
                file,
                guard: g,
                why,
            } => write!(
                f,
                "{file}: [guards] lists `{}` on {} (`{}`) in `{}`, but {why}; {}",
                g.guard,
                g.figure,
                g.expr,
                g.function,
                refresh(file)
            ),
            Problem::GuardNoReason(file) => write!(
                f,
                "{file}: its kept guards have no reason: write in [guards.\"{file}\"] of {RECORD_FILE} who calls its functions outside the registry"
            ),
            Problem::NoReason(s) => write!(
                f,
                "{}:{}: `{}` survives with no reason: kill it with an example, or record why no example can",
                s.file, s.line, s.mutant
            ),
        }
    }
}
