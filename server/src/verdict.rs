//! What the language server asks of a resolver and hears back, as JSON over
//! the stdin and stdout of the judge (`conformance verdicts --serve`, which
//! `cargo xtask verdicts` runs too): the server links no resolver (it must
//! run while `rules` cannot build), so it runs one built from the editor's
//! tables.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::world::Overlays;

/// The book to judge: the spec on disk under `root` with `overlays`, and the
/// chapters whose examples and properties to run (every chapter when empty).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Request {
    pub root: PathBuf,
    pub overlays: Overlays,
    pub chapters: Vec<PathBuf>,
}

/// The answer: verdicts, or word that this resolver holds tables of another
/// shape (`codegen::emit::rust::Shape`). A resolver of the book's shape
/// judges it with the book's own cells, and says which ([`Verdicts::cells`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Answer {
    /// The shape of the book's tables, or the resolver's sources, are not
    /// the ones this binary was built with: its verdicts would be stale.
    Stale {
        built: Fingerprint,
        wanted: Fingerprint,
    },
    /// The book does not compile with this binary's compiler: the server
    /// compiled it, so the binary is as stale as one of other tables.
    Broken,
    Judged(Verdicts),
}

/// What a resolver judges with: the shape of its tables (the fingerprint of
/// the module generated from the book, less the rows tables' data) and its
/// code (of the `.rs` files of `rules/src`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    pub shape: String,
    pub code: String,
}

/// The verdicts of the requested chapters, and the lints of the whole book.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Verdicts {
    pub examples: Vec<Judged>,
    pub properties: Vec<Judged>,
    /// Each lint not allowed, as `--message-format=json` writes it.
    pub lints: Vec<serde_json::Value>,
    /// The rows tables, by id, whose cells in the book differ from those the
    /// resolver was built with, and which it judged with the book's cells:
    /// none when it was built with the book's tables.
    pub cells: Vec<String>,
    /// Each example and property whose grade with the book's cells (as
    /// [`Verdicts::cells`] judged) differs from this, a rebuilt resolver's,
    /// as judged with those cells: the server keeps it so that the editor
    /// shows when the quick verdict was not the one the build gave. No
    /// resolver sends it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub with_cells: Vec<Judged>,
}

impl Verdicts {
    /// Notes in these verdicts, a rebuilt resolver's, what `quick` (the
    /// same book's, judged with its cells by a resolver built with others)
    /// said where it differs.
    pub fn differing_from(&mut self, quick: &Verdicts) {
        let all = |v: &Verdicts| {
            v.examples
                .iter()
                .chain(&v.properties)
                .cloned()
                .collect::<Vec<_>>()
        };
        let now = all(self);
        self.with_cells = all(quick)
            .into_iter()
            .filter(|q| {
                now.iter()
                    .any(|n| n.file == q.file && n.id == q.id && n.grade != q.grade)
            })
            .collect();
    }
}

/// How one example or property came out.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Judged {
    /// The chapter, relative to the root.
    pub file: PathBuf,
    pub id: String,
    pub grade: Grade,
    /// What makes the verdict, part by part.
    pub outcome: Outcome,
}

/// What an example or a property came to.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Example {
        /// Whether the claims state our values (`[expect]`), not the book's.
        ours: bool,
        claims: Vec<Claim>,
        /// Why the example could not be judged claim by claim: the rule
        /// rejected its inputs, its case is unreadable, the resolver panicked.
        error: Option<String>,
    },
    Property(PropertyOutcome),
}

/// How one claim of an example came out, or the refusal a refused example
/// claims. Values are as the book writes them.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "outcome", rename_all = "lowercase")]
pub enum Claim {
    /// The resolver gives the claimed value.
    Agrees { name: String, value: String },
    /// They differ as the erratum's ruling says.
    Erratum {
        name: String,
        book: String,
        rules: String,
        ruling: String,
    },
    /// They differ with no ruling for it, or the resolver gives no such
    /// output (`rules` is none).
    Fails {
        name: String,
        book: String,
        rules: Option<String>,
        why: String,
    },
    /// The rule must refuse the inputs with words containing `reason`;
    /// `rules` is what it did, and `fails` says why that is not it.
    Refused {
        reason: String,
        rules: String,
        fails: Option<String>,
    },
}

impl Claim {
    /// The grade this claim alone would give its example.
    pub fn grade(&self) -> Grade {
        match self {
            Claim::Agrees { .. } | Claim::Refused { fails: None, .. } => Grade::Agrees,
            Claim::Erratum { .. } => Grade::Erratum,
            Claim::Fails { .. } | Claim::Refused { fails: Some(_), .. } => Grade::Fails,
        }
    }
}

/// How a property's law came out (not the law itself, which codegen's and
/// casefile's `Law` hold).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum PropertyOutcome {
    /// It held wherever it was tried (`at every input of the domain: 96 judged`).
    Holds { tried: String },
    /// It failed, and why; `at` holds the inputs of the shrunk
    /// counterexample, one line per point.
    Fails { message: String, at: Vec<String> },
}

/// The one word an example (`agrees`, `erratum`, `fails`) or a property
/// (`holds`, `fails`) came out as, as the JSON writes it: the grade of a
/// [`Judged`], where casefile's `Verdict` is a case report's.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    Agrees,
    Erratum,
    Fails,
    Holds,
}

impl std::fmt::Display for Grade {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Grade::Agrees => "agrees",
            Grade::Erratum => "erratum",
            Grade::Fails => "fails",
            Grade::Holds => "holds",
        })
    }
}
