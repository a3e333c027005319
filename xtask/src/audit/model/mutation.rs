//! Mutation figures: per system (and the engine), per chapter, and each
//! surviving mutant with why it survives.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::mutants::{Counts, FileEntry};

/// One scope's mutation figures: a system's, or the engine's.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MutationFacts {
    /// A system id, or `engine`.
    pub scope: String,
    /// None when the record holds no file of the scope (or there is no record).
    pub run: Option<Score>,
    /// The scope's files that no run has covered yet.
    pub pending: Vec<String>,
}

#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct Score {
    /// Each file the run mutated, with what it recorded.
    pub files: BTreeMap<String, FileEntry>,
    /// The files whose text is no longer the text their run mutated.
    pub changed_since_run: Vec<String>,
    /// The sums of its files' figures.
    #[serde(flatten)]
    pub counts: Counts,
    /// [`Counts::score`].
    pub score: Option<f64>,
    pub survivors: Vec<SurvivorFacts>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SurvivorFacts {
    pub file: String,
    pub line: usize,
    pub mutant: String,
    pub reason: String,
    /// Whether the reason cites a line (`Line 46`, `armor.md:101`), which
    /// drifts as the file changes: a reason names the code or the table instead.
    pub cites_a_line: bool,
    /// The line in the report's listing of the file; none when `rules/src`
    /// has no such file any more.
    pub href: Option<String>,
}

/// One chapter's mutation figures: its resolver file's last run.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ChapterMutation {
    pub file: String,
    #[serde(flatten)]
    pub run: FileEntry,
    /// `caught / (mutants - unviable)`; none when no mutant was viable.
    pub score: Option<f64>,
    /// Whether the file's text is no longer the text its run mutated.
    pub changed_since_run: bool,
}

/// A rule's mutation figures over the functions in its reach.
#[derive(Debug, Clone, Default, Serialize, JsonSchema)]
pub struct RuleMutation {
    /// None when some file in the reach has no split of its current text.
    pub run: Option<Figures>,
    /// The files in its reach with no split by function of their current
    /// text (none recorded, or the file changed since its run).
    pub unknown: Vec<String>,
    /// The files in its reach whose split by function was inferred by a
    /// build-only check of the same text (`cargo mutants --check`), not taken
    /// from the run's own outcomes.
    pub inferred: Vec<String>,
    /// When the run of each file in its reach was recorded (`YYYY-MM-DD`),
    /// by file; a file missing when git cannot say.
    pub runs: BTreeMap<String, String>,
    /// The functions in its reach with unviable mutants: `name (file): n`.
    pub unviable: Vec<String>,
}

/// Mutants by outcome, and the score they make.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
pub struct Figures {
    /// The functions of `rules/src` in the reach that had mutants.
    pub functions: usize,
    /// The sums of those functions' figures.
    #[serde(flatten)]
    pub counts: Counts,
    /// [`Counts::score`].
    pub score: Option<f64>,
}
