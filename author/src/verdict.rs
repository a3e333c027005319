//! What the language server asks of a resolver and hears back, as JSON over
//! the stdin and stdout of `xtask verdicts`: the server links no resolver (it
//! must run while `rules` cannot build), so it runs one built from the
//! editor's tables.

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
    /// The fingerprint of this very book's tables, when a resolver has worked
    /// it out already (in its answer [`Answer::Stale`]): a resolver built
    /// from this book then need not work it out again.
    pub tables: Option<String>,
}

/// The answer: verdicts, or word that this resolver holds other tables.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Answer {
    /// The book's tables, or the resolver's sources, are not the ones this
    /// binary was built with: its verdicts would be stale.
    Stale {
        built: Fingerprint,
        wanted: Fingerprint,
    },
    /// The book does not compile with this binary's compiler: the server
    /// compiled it, so the binary is as stale as one of other tables.
    Broken,
    Judged(Verdicts),
}

/// What a resolver judges with: its tables (the fingerprint of the module
/// generated from the book) and its code (of the `.rs` files of `rules/src`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    pub tables: String,
    pub code: String,
}

/// The verdicts of the requested chapters, and the lints of the whole book.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Verdicts {
    pub examples: Vec<Judged>,
    pub properties: Vec<Judged>,
    /// Each lint not allowed, as `--message-format=json` writes it.
    pub lints: Vec<serde_json::Value>,
}

/// How one example or property came out.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Judged {
    /// The chapter, relative to the root.
    pub file: PathBuf,
    pub id: String,
    pub verdict: Verdict,
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
    Property(Law),
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
    /// The verdict this claim alone would give its example.
    pub fn verdict(&self) -> Verdict {
        match self {
            Claim::Agrees { .. } | Claim::Refused { fails: None, .. } => Verdict::Agrees,
            Claim::Erratum { .. } => Verdict::Erratum,
            Claim::Fails { .. } | Claim::Refused { fails: Some(_), .. } => Verdict::Fails,
        }
    }
}

/// How a property's law came out.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Law {
    /// It held wherever it was tried (`at every input of the domain: 96 judged`).
    Holds { tried: String },
    /// It failed, and why; `at` holds the inputs of the shrunk
    /// counterexample, one line per point.
    Fails { message: String, at: Vec<String> },
}

/// What an example (`agrees`, `erratum`, `fails`) or a property (`holds`,
/// `fails`) came out as, written as that word in the JSON.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Agrees,
    Erratum,
    Fails,
    Holds,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::Agrees => "agrees",
            Verdict::Erratum => "erratum",
            Verdict::Fails => "fails",
            Verdict::Holds => "holds",
        })
    }
}
