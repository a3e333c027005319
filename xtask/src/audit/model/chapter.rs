//! A chapter's facts: its sections, tables, rules and examples, each with its
//! review, and its rules' code.

use std::collections::BTreeMap;

use casefile::Verdict;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value as Json;

use super::mutation::{ChapterMutation, RuleMutation, SurvivorFacts};
use super::property::PropertyFacts;
use super::refs::{Cite, Step, StepFacts};
use crate::audit::reviewed::Review;

#[derive(Debug, Serialize, JsonSchema)]
pub struct ChapterFacts {
    pub id: String,
    pub title: String,
    /// The Markdown file, relative to the workspace.
    pub path: String,
    /// Its page in the report, relative to the report's folder.
    pub page: String,
    pub source_book: String,
    pub source_section: String,
    pub version: String,
    pub sections: Vec<SectionFacts>,
    pub tables: Vec<TableFacts>,
    pub rules: Vec<RuleFacts>,
    pub examples: Vec<ExampleFacts>,
    pub properties: Vec<PropertyFacts>,
    /// Its resolver file's mutation figures; none when no run covered it.
    pub mutation: Option<ChapterMutation>,
}

impl ChapterFacts {
    /// How many of the chapter's examples came out `verdict`.
    pub fn with_verdict(&self, verdict: Verdict) -> usize {
        self.examples
            .iter()
            .filter(|e| e.verdict == verdict)
            .count()
    }

    /// How many of its sections, tables, rules, examples and rules' code are
    /// not as reviewed.
    pub fn unreviewed(&self) -> usize {
        let code = self.rules.iter().filter_map(|r| r.code.as_ref());
        self.sections
            .iter()
            .map(|s| s.item.review)
            .chain(self.tables.iter().map(|t| t.item.review))
            .chain(self.rules.iter().map(|r| r.item.review))
            .chain(self.examples.iter().map(|e| e.item.review))
            .chain(code.map(|c| c.review))
            .filter(|r| *r != Review::Reviewed)
            .count()
    }
}

/// What every tracked item has: its id, where it starts, and its review.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ItemFacts {
    pub id: String,
    /// `<system>/<id>`: ids repeat across systems.
    pub key: String,
    pub line: usize,
    pub checksum: String,
    pub review: Review,
    /// Who stamped it last, and on which day; none if never stamped.
    pub reviewer: Option<String>,
    pub reviewed_on: Option<String>,
    /// Where the review queue shows its change (`queue/….html#id`, from the
    /// site's root); none when it is as reviewed, or a check cleared it.
    pub queue: Option<String>,
    /// The check that verified its whole change since review, if one did:
    /// no person's stamp, and shown as such.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cleared_by: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct SectionFacts {
    #[serde(flatten)]
    pub item: ItemFacts,
    pub title: String,
    pub level: u8,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct TableFacts {
    #[serde(flatten)]
    pub item: ItemFacts,
    pub title: Option<String>,
    pub section: Option<String>,
    /// The generated constants: one for a rows table, one per row for a constants table.
    pub constants: Vec<String>,
    /// The row struct of a rows table.
    pub row_type: Option<String>,
    pub rows: usize,
    /// The resolver items that read the constants.
    pub readers: Vec<CodeRef>,
    pub errata: Vec<TableErratumFacts>,
    /// What of the table is ours and not the book's, with why: the parts
    /// provenance does not look for in the book.
    pub ours: Vec<OursFacts>,
    /// A banded table's numeric columns, band by band, and where each one's
    /// plot is under the report (the box draws them; the JSON leaves them out).
    #[serde(skip)]
    pub series: Vec<codegen::anomaly::Series>,
    #[serde(skip)]
    pub plots: Vec<String>,
}

/// Columns, constants or rows of a table that are ours, for one reason.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OursFacts {
    pub names: Vec<String>,
    pub reason: String,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct TableErratumFacts {
    pub row: String,
    pub column: String,
    pub printed: String,
    pub reading: String,
    pub reason: String,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct RuleFacts {
    #[serde(flatten)]
    pub item: ItemFacts,
    pub section: Option<String>,
    /// The hand-written function the registry calls, under `rules::`.
    pub resolver: String,
    /// Its code; none when `rules/src` has no such function.
    pub code: Option<CodeFacts>,
    pub given: Vec<ParamFacts>,
    pub outputs: Vec<ParamFacts>,
    /// The examples that exercise it, from any chapter of the system.
    pub examples: Vec<Cite>,
    /// The surviving mutants in the functions its code reaches.
    pub survivors: Vec<SurvivorFacts>,
    /// The mutation figures of the functions its code reaches.
    pub mutation: RuleMutation,
    /// The tables its code reads, directly or through the helpers it calls.
    pub tables: Vec<TableRead>,
}

/// A rule's code as review covers it: the resolver function's source, with
/// every item it reaches in `rules/src` (see `audit::calls`).
#[derive(Debug, Serialize, JsonSchema)]
pub struct CodeFacts {
    pub file: String,
    pub line: usize,
    /// The anchor of its panel in the rule's box.
    pub anchor: String,
    pub source: String,
    /// What else the checksum covers, sorted by path.
    pub calls: Vec<CodeRef>,
    pub checksum: String,
    /// The review of the rule's code: every function it reaches as stamped.
    pub review: Review,
    /// The review of the resolver function itself.
    pub function: FunctionReview,
}

/// An item of the resolver and where the report shows its source: a rule's
/// code panel for a resolver function, else its line in the file's listing.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CodeRef {
    pub path: String,
    pub file: String,
    pub line: usize,
    pub href: String,
    /// In a rule's code, why it is there: a shortest call path from the
    /// resolver function, each step with how it is reached.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub way: Vec<Step>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ParamFacts {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub optional: bool,
    /// The figures the rule block declares it can hold (`3..=18`, `0..`,
    /// `..` for a figure bounded on neither side); none for a type that
    /// takes no domain.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
}

/// A table a rule's code reads, and how the code reaches the item that reads it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TableRead {
    pub id: String,
    /// Its box on its chapter's page, from the site's root.
    pub href: String,
    /// From the resolver function to the item that names the table's constant.
    pub way: Vec<String>,
}

/// The review of one function by itself, as its stamp under `[code]` says.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FunctionReview {
    pub review: Review,
    pub reviewer: Option<String>,
    pub reviewed_on: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ExampleFacts {
    #[serde(flatten)]
    pub item: ItemFacts,
    pub section: Option<String>,
    pub rule: Cite,
    /// An example of ours (`[expect]`) rather than the book's (`[book]`).
    pub ours: bool,
    pub verdict: Verdict,
    pub given: BTreeMap<String, Json>,
    pub claims: Vec<ClaimFacts>,
    pub trace: Vec<StepFacts>,
    /// Why the case failed as a whole, if it did.
    pub error: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ClaimFacts {
    pub name: String,
    /// What the book prints (or, for an example of ours, what we worked out).
    pub book: Json,
    /// What the resolver gave; none when it gave nothing for this claim.
    pub rules: Option<Json>,
    /// `agrees`, `erratum` or `fails`.
    pub status: Verdict,
    /// Why the claim fails, if it does.
    pub why: Option<String>,
    pub erratum: Option<ErratumFacts>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ErratumFacts {
    /// What the erratum says the rules give.
    pub rules: Json,
    pub ruling: Cite,
    pub reason: String,
}
