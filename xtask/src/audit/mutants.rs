//! The mutation run recorded in `conformance/mutants.toml` (written by
//! `cargo xtask mutants`), scored per system: the files under
//! `rules/src/<system module>/` belong to that system, every other file of
//! `rules/src` (`table.rs`, `dice.rs`, `value.rs`, ...) to the engine.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::code::{Code, RULES_SRC, module_name};
use super::facts::listing;

/// Where the run is recorded, relative to the workspace root.
pub const MUTANTS_FILE: &str = "conformance/mutants.toml";

/// The scope of the files outside every system's folder.
pub const ENGINE: &str = "engine";

/// The record as written: per file, its checksum and its mutants by outcome;
/// then the mutants no example kills, each with the reason.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    #[serde(default)]
    files: BTreeMap<String, FileRun>,
    #[serde(default)]
    survivors: Vec<Survivor>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FileRun {
    /// The checksum of the file the run mutated.
    pub checksum: String,
    pub mutants: u64,
    pub caught: u64,
    pub missed: u64,
    pub unviable: u64,
    pub timeout: u64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Survivor {
    file: String,
    line: u64,
    mutant: String,
    reason: String,
}

/// Reads the record under `root`; none when no run is recorded.
pub fn load(root: &Path) -> Result<Option<Record>, String> {
    match std::fs::read_to_string(root.join(MUTANTS_FILE)) {
        Ok(text) => toml::from_str(&text)
            .map(Some)
            .map_err(|e| format!("{MUTANTS_FILE} is malformed: {e}")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("cannot read {MUTANTS_FILE}: {e}")),
    }
}

/// One scope's mutation figures: a system's, or the engine's.
#[derive(Debug, Serialize)]
pub struct MutationFacts {
    /// A system id, or `engine`.
    pub scope: String,
    /// None when the record holds no file of the scope (or there is no record).
    pub run: Option<Score>,
}

#[derive(Debug, Default, Serialize)]
pub struct Score {
    /// Each file the run mutated, with what it recorded.
    pub files: BTreeMap<String, FileRun>,
    pub mutants: u64,
    pub caught: u64,
    pub missed: u64,
    pub unviable: u64,
    pub timeout: u64,
    /// `caught / (mutants - unviable)`; none when no mutant was viable.
    pub score: Option<f64>,
    pub survivors: Vec<SurvivorFacts>,
}

#[derive(Debug, Serialize)]
pub struct SurvivorFacts {
    pub file: String,
    pub line: u64,
    pub mutant: String,
    pub reason: String,
    /// The line in the report's listing of the file; none when `rules/src`
    /// has no such file any more.
    pub href: Option<String>,
}

/// The figures of each system (in the order given), then the engine's.
pub fn scores(record: Option<&Record>, systems: &[&str], code: &Code) -> Vec<MutationFacts> {
    let scopes = systems.iter().copied().chain([ENGINE]);
    scopes
        .map(|scope| MutationFacts {
            scope: scope.to_string(),
            run: record.and_then(|r| score(r, scope, systems, code)),
        })
        .collect()
}

fn score(record: &Record, scope: &str, systems: &[&str], code: &Code) -> Option<Score> {
    let mut s = Score::default();
    for (file, run) in &record.files {
        if scope_of(file, systems) == scope {
            s.mutants += run.mutants;
            s.caught += run.caught;
            s.missed += run.missed;
            s.unviable += run.unviable;
            s.timeout += run.timeout;
            s.files.insert(file.clone(), run.clone());
        }
    }
    if s.files.is_empty() {
        return None;
    }
    let viable = s.mutants.saturating_sub(s.unviable);
    s.score = (viable > 0).then(|| s.caught as f64 / viable as f64);
    s.survivors = record
        .survivors
        .iter()
        .filter(|v| scope_of(&v.file, systems) == scope)
        .map(|v| SurvivorFacts {
            file: v.file.clone(),
            line: v.line,
            mutant: v.mutant.clone(),
            reason: v.reason.clone(),
            href: code
                .files
                .iter()
                .any(|(f, _)| *f == v.file)
                .then(|| format!("{}#L{}", listing(&v.file), v.line)),
        })
        .collect();
    Some(s)
}

/// The system whose folder holds `file` (`rules/src/<system module>/…`), else the engine.
fn scope_of<'a>(file: &str, systems: &[&'a str]) -> &'a str {
    let folder = file
        .strip_prefix(RULES_SRC)
        .and_then(|rest| rest.strip_prefix('/'))
        .and_then(|rest| rest.split_once('/'))
        .map(|(folder, _)| folder);
    systems
        .iter()
        .find(|s| folder == Some(module_name(s).as_str()))
        .copied()
        .unwrap_or(ENGINE)
}

#[cfg(test)]
mod tests {
    use super::{Record, scores};
    use crate::audit::code::scan_fixture;

    const RECORD: &str = r#"
[files."rules/src/action/falling.rs"]
checksum = "0123456789abcdef"
mutants = 25
caught = 20
missed = 0
unviable = 5
timeout = 0

[files."rules/src/active_defense/dodge.rs"]
checksum = "0123456789abcdef"
mutants = 4
caught = 4
missed = 0
unviable = 4
timeout = 0

[files."rules/src/table.rs"]
checksum = "fedcba9876543210"
mutants = 10
caught = 6
missed = 2
unviable = 1
timeout = 1

[[survivors]]
file = "rules/src/table.rs"
line = 30
mutant = "replace - with + in fall"
reason = "no example can tell"
"#;

    #[test]
    fn scores_each_system_s_folder_and_the_engine_apart() {
        let record: Record = toml::from_str(RECORD).expect("the record parses");
        let code = scan_fixture(&[("table.rs", "pub fn f() {}\n")]);
        let facts = scores(
            Some(&record),
            &["action", "active-defense", "protection"],
            &code,
        );
        let scopes: Vec<&str> = facts.iter().map(|f| f.scope.as_str()).collect();
        assert_eq!(scopes, ["action", "active-defense", "protection", "engine"]);
        let action = facts[0].run.as_ref().expect("action was run");
        assert_eq!(
            (action.mutants, action.caught, action.unviable),
            (25, 20, 5)
        );
        assert_eq!(action.score, Some(1.0));
        assert!(action.survivors.is_empty());
        let defense = facts[1].run.as_ref().expect("active-defense was run");
        assert_eq!(defense.score, None, "no viable mutant, no score");
        assert!(facts[2].run.is_none(), "no file of protection was run");
        let engine = facts[3].run.as_ref().expect("the engine was run");
        assert_eq!(engine.score, Some(6.0 / 9.0));
        assert_eq!(engine.survivors.len(), 1);
        assert_eq!(
            engine.survivors[0].href.as_deref(),
            Some("code/table.rs.html#L30")
        );
        assert!(
            scores(None, &["action"], &code)
                .iter()
                .all(|f| f.run.is_none())
        );
    }

    #[test]
    fn an_unknown_field_is_an_error() {
        let err = toml::from_str::<Record>("[files.\"a.rs\"]\nmutants = 1\nkilled = 1\n")
            .expect_err("not the record's format");
        assert!(err.to_string().contains("unknown field"), "{err}");
    }
}
