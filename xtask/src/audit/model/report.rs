//! The whole report (`audit.json`) and each system's part of it.

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde::Serialize;

use super::chapter::ChapterFacts;
use super::function::FunctionFacts;
use super::index::{ErratumEntry, FailingExample, RulingFacts};
use super::mutation::MutationFacts;
use super::property::PropertyIndex;
use super::queue::Queue;
use super::refs::Cite;
use crate::Counts;
use crate::audit::origin::Origin;
use crate::audit::reviewed::Change;

/// The JSON Schema of `audit.json`, written beside it under this name.
pub const SCHEMA_FILE: &str = "audit.schema.json";

/// The JSON Schema of `audit.json`, made by schemars from the types the file
/// is written from, as serialization writes them: a field is required unless
/// it can be left out, so the schema cannot drift from the file.
pub fn schema() -> String {
    let settings = SchemaSettings::draft2020_12().for_serialize();
    let mut schema = settings.into_generator().into_root_schema_for::<Audit>();
    schema.insert("$id".into(), SCHEMA_FILE.into());
    serde_json::to_string_pretty(&schema)
        .unwrap_or_else(|e| unreachable!("a schema is plain JSON: {e}"))
}

/// audit.json, the facts of `cargo xtask audit`: what the book holds, how its
/// examples came out, what changed since the review and how the mutation run
/// went. Written beside audit.schema.json.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(title = "audit.json")]
pub struct Audit {
    /// The JSON Schema of this file, written beside it.
    #[serde(rename = "$schema")]
    #[schemars(extend("const" = "audit.schema.json"))]
    pub schema: &'static str,
    /// The layout's version, the commit and the date the report was written.
    #[serde(flatten)]
    pub provenance: Origin,
    #[schemars(extend("const" = "cargo xtask audit"))]
    pub generated_by: &'static str,
    /// The reviewed state that every item's `review` compares with.
    pub reviewed_file: &'static str,
    pub systems: Vec<SystemFacts>,
    /// Every item changed, new or removed since the stamp, in book order;
    /// those a check verified whole say which (`cleared`).
    pub changed_since_review: Vec<Change>,
    /// The same changes grouped for a person, page by page, less what the
    /// checks cleared, with the reach's edges taken by name.
    pub review_queue: Queue,
    /// Lints allowed on a table or section, each with its reason.
    pub lint_allows: Vec<LintAllow>,
    /// Where the mutation run is recorded.
    pub mutation_file: &'static str,
    /// Each system's mutation figures, then the engine's.
    pub mutation: Vec<MutationFacts>,
    /// Every function of `rules/src` a rule reaches: its review, its rules, its survivors.
    pub functions: Vec<FunctionFacts>,
    /// How many findings the check against the books made (`--books`): the
    /// report lists them, and the command fails on them.
    #[serde(skip)]
    pub book_findings: usize,
    /// Each system's figure mutants (`cargo xtask provenance --mutate`):
    /// caught, explained and in all; none when the report was written
    /// without the books.
    pub figure_mutants:
        Option<std::collections::BTreeMap<String, crate::provenance::mutate::Tally>>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct LintAllow {
    pub system: String,
    /// The table or section id the allow sits on.
    pub item: String,
    pub lint: String,
    pub reason: String,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct SystemFacts {
    pub id: String,
    /// The figures `cargo xtask regen` prints for the system.
    pub counts: Counts,
    /// Rules that no example of the system names.
    pub unexercised_rules: Vec<Cite>,
    /// The examples whose verdict is `fails`, in book order.
    pub failing: Vec<FailingExample>,
    /// Every erratum on an example's claim, in book order.
    pub errata: Vec<ErratumEntry>,
    /// The ruling sections (ids starting `ruling-`) with the errata that cite them.
    pub rulings: Vec<RulingFacts>,
    /// The properties the book states, how many hold, and where each is.
    pub properties: PropertyIndex,
    pub chapters: Vec<ChapterFacts>,
}
