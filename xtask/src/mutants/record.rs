//! `conformance/mutants.toml`: what the last mutation run of each file of
//! `rules/src` found, and why each surviving mutant cannot be killed by an
//! example (written by hand).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::data::{self, Figure};
use super::outcomes::{Mutant, Outcome};
use crate::audit::{Code, checksum};

/// Where the record lives, relative to the workspace root.
pub const RECORD_FILE: &str = "conformance/mutants.toml";

/// The resolver's sources that the record covers, relative to the workspace root.
pub const SOURCES: &str = "rules/src";

const HEADER: &str = "\
# Written by `cargo xtask mutants`; survivors' `reason`s are written by hand.
# One [files] entry per file of rules/src (mutants = 0 for a file with none):
# `checksum` is xtask::audit::checksum of the file's text at its run; `data`,
# for a file with survivors, that of the tables of spec/ it reads.
# A survivor's `relies` lists the figures of the book its reason rests on.
# A survivor's `mutant` is cargo-mutants' name for it, without file:line:col.
# `pending` files have had no run yet; each run takes its files off the list.
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
}

/// One file's last run: the checksum of its text then, and its mutants by outcome.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileEntry {
    pub checksum: String,
    /// For a file with survivors: the checksum of the tables it read at the
    /// run ([`data::checksums`]), whose figures may keep a survivor alive.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub data: String,
    pub mutants: usize,
    pub caught: usize,
    pub missed: usize,
    pub unviable: usize,
    pub timeout: usize,
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
            let count = |o: Outcome| mine.iter().filter(|m| m.outcome == o).count();
            self.files.insert(
                file.clone(),
                FileEntry {
                    checksum: checksum.clone(),
                    data: String::new(),
                    mutants: mine.len(),
                    caught: count(Outcome::Caught),
                    missed: count(Outcome::Missed),
                    unviable: count(Outcome::Unviable),
                    timeout: count(Outcome::Timeout),
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

    /// Records `data` (file to the checksum of the tables it reads) for each
    /// file with survivors.
    pub fn note_data(&mut self, data: &BTreeMap<String, String>) {
        for (file, e) in &mut self.files {
            if let Some(sum) = data.get(file).filter(|_| e.missed > 0) {
                e.data = sum.clone();
            }
        }
    }

    /// Drops the entries of files that no longer exist under `root`.
    pub fn forget_missing(&mut self, root: &Path) {
        let exists = |f: &String| root.join(f).is_file();
        self.files.retain(|f, _| exists(f));
        self.survivors.retain(|s| exists(&s.file));
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
            if survivors != e.missed {
                out.push(Problem::Count {
                    file: file.clone(),
                    missed: e.missed,
                    survivors,
                });
            }
        }
        out.extend(
            self.survivors
                .iter()
                .filter(|s| s.reason.trim().is_empty())
                .map(|s| Problem::NoReason(s.clone())),
        );
        Ok(out)
    }

    /// The files with survivors whose tables changed since their run, and
    /// every figure a reason relies on that the book no longer holds.
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
            .filter(|(f, e)| e.missed > 0 && unchanged(f, e))
            .map(|(f, _)| f.clone())
            .collect();
        let now = data::checksums(&Code::scan(root)?, &book, &watched);
        let mut out: Vec<Problem> = watched
            .into_iter()
            .filter(|f| now.get(f) != Some(&self.files[f].data))
            .map(Problem::DataChanged)
            .collect();
        for s in &self.survivors {
            for figure in &s.relies {
                let found = figure.read(&book, &super::system_of(&s.file));
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

/// Every `.rs` file under `root/rules/src`, as a path from `root` with `/`.
pub fn source_files(root: &Path) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    walk(root, &root.join(SOURCES), &mut out).map_err(|e| format!("cannot list {SOURCES}: {e}"))?;
    out.sort();
    Ok(out)
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(root, &path, out)?;
        } else if path.extension().is_some_and(|x| x == "rs") {
            let rel = path.strip_prefix(root).unwrap_or(&path);
            let parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push(parts.join("/"));
        }
    }
    Ok(())
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
    /// A survivor whose reason is still to be written.
    NoReason(Survivor),
    /// A file with survivors whose tables differ from those of its run.
    DataChanged(String),
    /// A figure a survivor's reason relies on that the book no longer holds.
    Moved {
        survivor: Survivor,
        figure: Figure,
        found: String,
    },
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
            Problem::DataChanged(file) => write!(
                f,
                "the tables of spec/ that {file} reads changed since its mutation run, and its survivors may now die; {}",
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
            Problem::NoReason(s) => write!(
                f,
                "{}:{}: `{}` survives with no reason: kill it with an example, or record why no example can",
                s.file, s.line, s.mutant
            ),
        }
    }
}
