//! A rule's mutation figures: the mutants of every function its resolver
//! function reaches (the reach its review covers, see [`resolver_source::calls`]), from
//! the record's split of each file by function. Engine helpers count for
//! every rule that reaches them. A figure is given only when every file in
//! the reach has a split of its current text; otherwise the files that lack
//! one are named and the figure is unknown, never a guess.

use std::collections::{BTreeMap, BTreeSet};

use super::model::{Figures, RuleMutation};
use crate::checksum::checksum;
use crate::mutants::{FunctionEntry, Record, Split};
use resolver_source::calls::Way;
use resolver_source::{RULES_SRC, ResolverSource};

/// The record's splits by function, placed on the items of the code.
pub struct Tallies<'a> {
    code: &'a ResolverSource,
    /// For each item, by index, the functions of the split that are it.
    functions: Vec<Vec<&'a FunctionEntry>>,
    /// The files whose split holds for their current text.
    split: BTreeSet<&'a str>,
    /// Those of them whose split a build-only check inferred.
    inferred: BTreeSet<&'a str>,
    /// When each file's run was recorded, by file.
    runs: BTreeMap<String, String>,
}

impl<'a> Tallies<'a> {
    pub fn new(record: &'a Record, code: &'a ResolverSource) -> Tallies<'a> {
        let mut functions = vec![Vec::new(); code.items.len()];
        let mut split = BTreeSet::new();
        let mut inferred = BTreeSet::new();
        for (file, text) in &code.files {
            let Some(entry) = record.files.get(file) else {
                continue;
            };
            // A split's lines place its functions only in the text that was mutated.
            if entry.functions_from == Split::Unknown || checksum(text) != entry.checksum {
                continue;
            }
            split.insert(file.as_str());
            if entry.functions_from == Split::Check {
                inferred.insert(file.as_str());
            }
            for f in &entry.functions {
                if let Some(at) = owner(code, file, f.line) {
                    functions[at].push(f);
                }
            }
        }
        Tallies {
            code,
            functions,
            split,
            inferred,
            runs: BTreeMap::new(),
        }
    }

    /// With the day each file's run was recorded, by file.
    pub fn with_runs(self, runs: BTreeMap<String, String>) -> Tallies<'a> {
        Tallies { runs, ..self }
    }

    /// The figures of the rule whose resolver function reaches `reach`.
    pub fn rule(&self, reach: &[(usize, Way)]) -> RuleMutation {
        let mut figures = Figures::default();
        let mut unknown: Vec<String> = Vec::new();
        let (mut inferred, mut runs, mut unviable) = (Vec::new(), BTreeMap::new(), Vec::new());
        for (i, _) in reach {
            let file = &self.code.items[*i].file;
            // The generated `rules::spec` is in no file of the record.
            if !file.starts_with(RULES_SRC) {
                continue;
            }
            if let Some(day) = self.runs.get(file) {
                runs.insert(file.clone(), day.clone());
            }
            if self.inferred.contains(file.as_str()) && !inferred.contains(file) {
                inferred.push(file.clone());
            }
            if !self.split.contains(file.as_str()) {
                if !unknown.contains(file) {
                    unknown.push(file.clone());
                }
                continue;
            }
            for f in &self.functions[*i] {
                figures.functions += 1;
                figures.counts.add(&f.counts);
                if f.counts.unviable > 0 {
                    unviable.push(format!("{} ({file}): {}", f.name, f.counts.unviable));
                }
            }
        }
        unknown.sort();
        figures.score = figures.counts.score();
        inferred.sort();
        unviable.sort();
        RuleMutation {
            run: unknown.is_empty().then_some(figures),
            unknown,
            inferred,
            runs,
            unviable,
        }
    }
}

/// The item of `file` that a function starting at `line` is: the innermost
/// item whose lines hold it.
fn owner(code: &ResolverSource, file: &str, line: usize) -> Option<usize> {
    code.items
        .iter()
        .enumerate()
        .filter(|(_, i)| i.file == file && (i.first_line..=i.last_line).contains(&line))
        .max_by_key(|(_, i)| i.first_line)
        .map(|(at, _)| at)
}

#[cfg(test)]
mod tests {
    use super::Tallies;
    use crate::checksum::checksum;
    use crate::mutants::Record;
    use resolver_source::scan_fixture;

    const FALLING: &str = "\
use crate::dice::roll;

/// Falls.
pub fn fall(h: i64) -> i64 {
    fn inner(x: i64) -> i64 { x + 1 }
    roll(h) + inner(h)
}

pub fn other() -> i64 { 2 }
";

    const DICE: &str = "pub fn roll(n: i64) -> i64 {\n    n * 2\n}\n";

    /// Both files split by function; `dice.rs` from a build-only run, as
    /// `dice_split` says, and at the checksum `dice_sum`.
    fn record(dice_split: &str, dice_sum: &str) -> Record {
        let text = format!(
            r#"
[files."rules/src/action/falling.rs"]
checksum = "{}"
mutants = 9
caught = 8
missed = 1
unviable = 0
timeout = 0
functions_from = "run"

[[files."rules/src/action/falling.rs".functions]]
name = "fall"
line = 3
mutants = 4
caught = 3
missed = 1

[[files."rules/src/action/falling.rs".functions]]
name = "inner"
line = 5
mutants = 2
caught = 2

[[files."rules/src/action/falling.rs".functions]]
name = "other"
line = 9
mutants = 3
caught = 3

[files."rules/src/dice.rs"]
checksum = "{dice_sum}"
mutants = 2
caught = 1
missed = 0
unviable = 1
timeout = 0
functions_from = "{dice_split}"

[[files."rules/src/dice.rs".functions]]
name = "roll"
line = 1
mutants = 2
caught = 1
unviable = 1
"#,
            checksum(FALLING)
        );
        Record::parse(&text).expect("the record parses")
    }

    #[test]
    fn a_rule_s_figures_are_those_of_the_functions_it_reaches() {
        let code = scan_fixture(&[("action/falling.rs", FALLING), ("dice.rs", DICE)]);
        let reach = code.reach("action::falling::fall").expect("fall is there");
        let split = record("check", &checksum(DICE));
        let m = Tallies::new(&split, &code).rule(&reach);
        assert!(m.unknown.is_empty(), "{:?}", m.unknown);
        let run = m.run.expect("every file in its reach is split");
        // `fall` with its nested `inner`, and `roll`; not `other`.
        assert_eq!(run.functions, 3);
        assert_eq!(run.counts.figures(), [8, 6, 1, 1, 0]);
        assert_eq!(run.score, Some(6.0 / 7.0));

        let no_split = record("unknown", &checksum(DICE));
        let stale = record("check", &checksum("pub fn roll() {}\n"));
        for record in [no_split, stale] {
            let m = Tallies::new(&record, &code).rule(&reach);
            assert!(m.run.is_none(), "a figure with a file unknown is no figure");
            assert_eq!(m.unknown, ["rules/src/dice.rs"]);
        }
    }
}
