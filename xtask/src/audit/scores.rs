//! The mutation runs recorded in `conformance/mutants.toml` (see
//! [`crate::mutants`], which writes and reads it), scored per system: the
//! files under `rules/src/<system module>/` belong to that system, every other
//! file of `rules/src` (`table.rs`, `dice.rs`, `value.rs`, ...) to the engine.

use codegen::lint::rust_name;

use crate::audit::model::{ChapterMutation, MutationFacts, Score, SurvivorFacts, listing};
use crate::checksum::checksum;
use crate::mutants::Record;
use resolver_source::{RULES_SRC, ResolverSource};

/// The scope of the files outside every system's folder.
pub const ENGINE: &str = "engine";

/// The figures of each system (in the order given), then the engine's.
pub fn scores(record: &Record, systems: &[&str], code: &ResolverSource) -> Vec<MutationFacts> {
    let scopes = systems.iter().copied().chain([ENGINE]);
    scopes
        .map(|scope| MutationFacts {
            scope: scope.to_string(),
            run: score(record, scope, systems, code),
            pending: record
                .pending
                .iter()
                .filter(|f| scope_of(f, systems) == scope)
                .cloned()
                .collect(),
        })
        .collect()
}

fn score(record: &Record, scope: &str, systems: &[&str], code: &ResolverSource) -> Option<Score> {
    let mut s = Score::default();
    for (file, run) in &record.files {
        if scope_of(file, systems) == scope {
            s.counts.add(&run.counts);
            s.files.insert(file.clone(), run.clone());
            let now = code.files.iter().find(|(f, _)| f == file);
            if now.is_none_or(|(_, text)| checksum(text) != run.checksum) {
                s.changed_since_run.push(file.clone());
            }
        }
    }
    if s.files.is_empty() {
        return None;
    }
    s.score = s.counts.score();
    s.survivors = record
        .survivors
        .iter()
        .filter(|v| scope_of(&v.file, systems) == scope)
        .map(|v| SurvivorFacts {
            file: v.file.clone(),
            line: v.line,
            mutant: v.mutant.clone(),
            cites_a_line: cites_a_line(&v.reason),
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

/// Whether `reason` cites a line number: `Line 46`, `lines 3-5`, or a
/// `file.rs:12` / `file.md:101` place.
pub fn cites_a_line(reason: &str) -> bool {
    let words: Vec<&str> = reason.split_whitespace().collect();
    let line_word = words.windows(2).any(|w| {
        matches!(w[0].to_lowercase().as_str(), "line" | "lines")
            && w[1].starts_with(|c: char| c.is_ascii_digit())
    });
    let place = [".rs:", ".md:"].iter().any(|ext| {
        reason
            .match_indices(ext)
            .any(|(at, _)| reason[at + ext.len()..].starts_with(|c: char| c.is_ascii_digit()))
    });
    line_word || place
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
        .find(|s| folder == Some(rust_name(s).as_str()))
        .copied()
        .unwrap_or(ENGINE)
}

/// The figures of the resolver file of `chapter` of `system`, when a run covered it.
pub fn chapter(
    record: &Record,
    code: &ResolverSource,
    system: &str,
    chapter: &str,
) -> Option<ChapterMutation> {
    let file = format!(
        "{RULES_SRC}/{}/{}.rs",
        rust_name(system),
        rust_name(chapter)
    );
    let run = record.files.get(&file)?.clone();
    let now = code.files.iter().find(|(f, _)| *f == file);
    Some(ChapterMutation {
        score: run.counts.score(),
        changed_since_run: now.is_none_or(|(_, text)| checksum(text) != run.checksum),
        file,
        run,
    })
}

#[cfg(test)]
mod tests {
    use super::{cites_a_line, scores};

    #[test]
    fn a_reason_that_cites_a_line_is_told_apart() {
        assert!(cites_a_line("Line 46, `a * b`: b is 1"));
        assert!(cites_a_line("see lines 3-5"));
        assert!(cites_a_line(
            "1 in the table (spec/action/armor.md:101), so"
        ));
        assert!(cites_a_line("the trace (actions.rs:60)"));
        assert!(!cites_a_line(
            "`a * b`: b is 1 in the table (spec/action/armor.md), so"
        ));
        assert!(!cites_a_line("a line of 3 figures"));
    }
    use crate::checksum::checksum;
    use crate::mutants::Record;
    use resolver_source::scan_fixture;

    const TABLE: &str = "pub fn f() {}\n";

    /// Runs of an action file, an active-defense file with no viable mutant
    /// and the engine's `table.rs` (as `TABLE` reads now), a survivor, and a
    /// pending file of protection.
    fn record() -> Record {
        let text = format!(
            r#"
pending = ["rules/src/protection/armor.rs"]

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
caught = 0
missed = 0
unviable = 4
timeout = 0

[files."rules/src/table.rs"]
checksum = "{}"
mutants = 10
caught = 6
missed = 2
unviable = 1
timeout = 1

[[survivors]]
file = "rules/src/table.rs"
line = 30
mutant = "replace - with + in f"
reason = "no example can tell"
"#,
            checksum(TABLE)
        );
        Record::parse(&text).expect("the record parses")
    }

    #[test]
    fn scores_each_system_s_folder_and_the_engine_apart() {
        let code = scan_fixture(&[("table.rs", TABLE)]);
        let systems = ["action", "active-defense", "protection"];
        let facts = scores(&record(), &systems, &code);
        let scopes: Vec<&str> = facts.iter().map(|f| f.scope.as_str()).collect();
        assert_eq!(scopes, ["action", "active-defense", "protection", "engine"]);
        let action = facts[0].run.as_ref().expect("action was run");
        let figures = (
            action.counts.mutants,
            action.counts.caught,
            action.counts.unviable,
        );
        assert_eq!(figures, (25, 20, 5));
        assert_eq!(action.score, Some(1.0));
        assert!(action.survivors.is_empty());
        assert_eq!(action.changed_since_run, ["rules/src/action/falling.rs"]);
        let defense = facts[1].run.as_ref().expect("active-defense was run");
        assert_eq!(defense.score, None, "no viable mutant, no score");
        assert!(facts[2].run.is_none(), "no file of protection was run");
        assert_eq!(facts[2].pending, ["rules/src/protection/armor.rs"]);
        let engine = facts[3].run.as_ref().expect("the engine was run");
        assert_eq!(engine.score, Some(6.0 / 9.0));
        assert!(engine.changed_since_run.is_empty());
        assert_eq!(engine.survivors.len(), 1);
        let href = engine.survivors[0].href.as_deref();
        assert_eq!(href, Some("code/table.rs.html#L30"));
        let empty = scores(&Record::default(), &systems, &code);
        assert!(
            empty
                .iter()
                .all(|f| f.run.is_none() && f.pending.is_empty())
        );
    }
}
