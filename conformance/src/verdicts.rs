//! `conformance verdicts --serve`, the language server's resolver: reads
//! [`server::verdict::Request`]s on stdin, one after another, and writes an
//! [`Answer`] on stdout for each, one JSON line each, while the server keeps
//! it running. It refuses to judge a book whose tables are not of the shape it
//! was built with (`codegen::emit::rust::Shape`), or while the resolver's
//! sources (in the workspace it was built in) differ from those it was built
//! from, so the editor never shows a verdict of stale tables or stale code. A
//! book of its shape whose rows tables hold other cells it judges with the
//! book's cells (`rules::table::edit`), and says which tables those are.
//!
//! Since its code cannot change while it judges, and its tables change only
//! with the cells it is given, what it works out depends on the text judged
//! and those cells alone, and a [`Judge`] remembers it: which
//! constants `rules/src` reads (kept on disk for the next build too, see
//! `reads`), each example's run (by its case file's text) and each
//! property's outcome (by its property file's). An edit costs the compile of
//! the book, the fingerprint of its tables and the run of what it changed.

mod reads;

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::Path;
use std::rc::Rc;

use casefile::{Case, Status};
use codegen::Book;
use codegen::emit::cases::case_file;
use codegen::emit::properties::property_file;
use codegen::model::{Chapter, Example, Property, System};
use server::verdict::{
    Answer, Claim, Fingerprint, Grade, Judged, Outcome, PropertyOutcome, Request, Verdicts,
};

use rules::spec::registry::TABLES;

use crate::ParseFile;
use crate::batch::check_property;
use crate::verdict::{evaluate, run_case};

/// How many texts each memory holds before it starts afresh: a session's
/// edits, bounded.
const REMEMBERED: usize = 20_000;

/// Answers each request read from `input` on `output`, up to `most` of
/// them, until `input` ends.
pub fn serve(input: impl BufRead, mut output: impl Write, most: usize) -> Result<(), String> {
    let mut judge = Judge::default();
    let requests = serde_json::Deserializer::from_reader(input).into_iter::<Request>();
    for request in requests.take(most) {
        let request = request.map_err(|e| format!("cannot read the request: {e}"))?;
        let answer = serde_json::to_string(&judge.answer(&request)).map_err(|e| e.to_string())?;
        writeln!(output, "{answer}")
            .and_then(|()| output.flush())
            .map_err(|e| format!("cannot answer: {e}"))?;
    }
    Ok(())
}

/// An example's run, as a verdict and as the lints need it.
struct Ran {
    grade: Grade,
    outcome: Outcome,
    /// The ids the derivation cites.
    cites: Vec<String>,
}

/// Judges with the resolver linked into this binary, remembering what its
/// fixed tables and code make a function of the text alone.
#[derive(Default)]
pub struct Judge {
    reads: RefCell<reads::Reads>,
    runs: RefCell<HashMap<String, Rc<Ran>>>,
    properties: HashMap<String, (Grade, PropertyOutcome)>,
    /// The rows tables judged with other data than their own, by their place
    /// in `TABLES`, with that data: what the memories above were worked out with.
    edits: Vec<(usize, String)>,
}

impl Judge {
    /// Judges the request's book, or says why not.
    pub fn answer(&mut self, request: &Request) -> Answer {
        // The server has checked the resolver functions; a missing one fails the build.
        let Ok(book) = server::world::book(&request.root, &request.overlays) else {
            return Answer::Broken;
        };
        let built = Fingerprint {
            shape: rules::SPEC_SHAPE.into(),
            code: rules::SOURCES_FINGERPRINT.into(),
        };
        let shape = codegen::emit::rust::shape(&book);
        let code = codegen::sources_fingerprint(&server::workspace_root().join(server::RULES_SRC));
        let wanted = Fingerprint {
            shape: shape.fingerprint,
            code: code.unwrap_or_else(|| "unreadable".into()),
        };
        if wanted != built {
            return Answer::Stale { built, wanted };
        }
        if !self.edit(shape.tables) {
            // Of this shape, the book's data decodes as the built data does:
            // a judge that cannot read it holds another decoder.
            return Answer::Broken;
        }
        let mut verdicts = Verdicts {
            lints: self.lints(&request.root, &book),
            cells: self
                .edits
                .iter()
                .map(|(i, _)| TABLES[*i].id().to_string())
                .collect(),
            ..Verdicts::default()
        };
        let asked =
            |c: &Chapter| request.chapters.is_empty() || request.chapters.contains(&c.file.path);
        for (system, chapter) in book.chapters().filter(|(_, c)| asked(c)) {
            for e in &chapter.examples {
                let ran = self.run(system, chapter, e);
                verdicts
                    .examples
                    .push(judged(chapter, &e.id, ran.grade, ran.outcome.clone()));
            }
            for p in &chapter.properties {
                verdicts.properties.push(self.property(system, chapter, p));
            }
        }
        Answer::Judged(verdicts)
    }

    /// Reads each rows table with its data in `tables` (the book's, in book
    /// order, as `TABLES` lists them: the shape is this build's), where that
    /// differs from the data it was built with, forgetting what was worked
    /// out with other data. False, with every table read as built, when the
    /// tables are not this build's or an edited table's data cannot be read.
    fn edit(&mut self, tables: Vec<(String, String)>) -> bool {
        let built = TABLES;
        if built.len() != tables.len() || built.iter().zip(&tables).any(|(b, (id, _))| b.id() != id)
        {
            return false;
        }
        let edits: Vec<(usize, String)> = (0..built.len())
            .zip(tables)
            .filter(|(i, (_, data))| built[*i].data() != data)
            .map(|(i, (_, data))| (i, data))
            .collect();
        if edits == self.edits {
            return true;
        }
        rules::table::edit(edits.iter().map(|(i, data)| (built[*i], data.clone())));
        self.runs.borrow_mut().clear();
        self.properties.clear();
        if edits.iter().any(|(i, _)| built[*i].decoded_rows().is_err()) {
            rules::table::edit([]);
            self.edits.clear();
            return false;
        }
        self.edits = edits;
        true
    }

    /// Example `e`'s run, from memory when its case was run before.
    fn run(&self, system: &System, chapter: &Chapter, e: &Example) -> Rc<Ran> {
        let text = case_file(system, chapter, e).text;
        if let Some(ran) = self.runs.borrow().get(&text) {
            return ran.clone();
        }
        let ran = Rc::new(match Case::parse(&text) {
            Ok(case) => example(&case),
            Err(err) => Ran {
                grade: Grade::Fails,
                outcome: Outcome::Example {
                    ours: false,
                    claims: Vec::new(),
                    error: Some(format!("case unreadable: {err}")),
                },
                cites: Vec::new(),
            },
        });
        let mut runs = self.runs.borrow_mut();
        if runs.len() >= REMEMBERED {
            runs.clear();
        }
        runs.insert(text, ran.clone());
        ran
    }

    fn property(&mut self, system: &System, chapter: &Chapter, p: &Property) -> Judged {
        // A book the server judges compiled, so the check qualified every
        // bound; a file that is missing all the same is judged unreadable.
        let text = property_file(system, chapter, p).map_or_else(String::new, |f| f.text);
        if self.properties.len() >= REMEMBERED {
            self.properties.clear();
        }
        let (grade, law) = self
            .properties
            .entry(text)
            .or_insert_with_key(|text| property(text))
            .clone();
        judged(chapter, &p.id, grade, Outcome::Property(law))
    }

    /// The book's lints that no `allow` silences, as JSON diagnostics; none
    /// when the resolver's code cannot be read.
    fn lints(&self, root: &Path, book: &Book) -> Vec<serde_json::Value> {
        if !self.reads.borrow_mut().ready(root) {
            return Vec::new();
        }
        let unreadable = std::cell::Cell::new(false);
        let cites = |s: &System, c: &Chapter, e: &Example, id: &str| {
            self.run(s, c, e).cites.iter().any(|c| c == id)
        };
        let reads = |module: &str, name: &str| {
            // Code that did not scan is not scanned again for every table.
            let read = (!unreadable.get())
                .then(|| self.reads.borrow_mut().reads(root, module, name))
                .flatten();
            unreadable.set(read.is_none());
            read.unwrap_or(true)
        };
        let lints = codegen::lints(book, &reads, &cites);
        self.reads.borrow_mut().save();
        if unreadable.get() {
            return Vec::new();
        }
        lints
            .iter()
            .filter(|l| !l.is_allowed())
            .filter_map(|l| serde_json::to_value(l.diagnostic.json()).ok())
            .collect()
    }
}

fn judged(chapter: &Chapter, id: &str, grade: Grade, outcome: Outcome) -> Judged {
    Judged {
        file: chapter.file.path.clone(),
        id: id.to_string(),
        grade,
        outcome,
    }
}

/// An example's verdict with the outcome of each claim, or of its refusal.
fn example(case: &Case) -> Ran {
    let report = run_case(case, evaluate);
    let claims = report.claims.iter().map(claim);
    let refusal = report.refusal.iter().map(|r| Claim::Refused {
        reason: r.reason.clone(),
        rules: r.rules.clone(),
        fails: failure(&r.status),
    });
    let grade = match report.verdict {
        casefile::Verdict::Agrees => Grade::Agrees,
        casefile::Verdict::Erratum => Grade::Erratum,
        casefile::Verdict::Fails => Grade::Fails,
    };
    Ran {
        grade,
        outcome: Outcome::Example {
            ours: report.case.ours,
            claims: claims.chain(refusal).collect(),
            error: report.error.clone(),
        },
        cites: report.trace.steps.iter().map(|s| s.cites.clone()).collect(),
    }
}

fn claim(c: &casefile::ClaimResult) -> Claim {
    let (name, book) = (c.name.clone(), c.book.to_string());
    let rules = c.rules.as_ref().map(|v| v.to_string());
    match &c.status {
        Status::Agrees => Claim::Agrees { name, value: book },
        Status::Erratum { ruling, .. } => Claim::Erratum {
            name,
            book,
            // An erratum is judged on the value the rule gave: there is one.
            rules: rules.unwrap_or_default(),
            ruling: ruling.clone(),
        },
        Status::Fails(why) => Claim::Fails {
            name,
            book,
            rules,
            why: why.clone(),
        },
    }
}

/// Why a claim or refusal fails, when it does.
fn failure(status: &Status) -> Option<String> {
    match status {
        Status::Fails(why) => Some(why.clone()),
        Status::Agrees | Status::Erratum { .. } => None,
    }
}

/// A property's outcome, from its property file's text.
fn property(text: &str) -> (Grade, PropertyOutcome) {
    match check_property(text) {
        Ok(report) => match report.failure {
            None => (
                Grade::Holds,
                PropertyOutcome::Holds {
                    tried: report.tried.to_string(),
                },
            ),
            Some(f) => (
                Grade::Fails,
                PropertyOutcome::Fails {
                    message: f.message,
                    at: f.points.iter().map(|p| p.inputs()).collect(),
                },
            ),
        },
        Err(err) => (
            Grade::Fails,
            PropertyOutcome::Fails {
                message: format!("property file unreadable: {err}"),
                at: Vec::new(),
            },
        ),
    }
}
