//! The commands behind `cargo xtask`: compile the book, bring the committed case
//! files up to date (or say which are stale), lint the book, evaluate examples
//! of any file ([`eval`]), name the failing ones ([`examples`]), write the audit
//! report ([`audit`]), keep the record of mutation testing ([`mutants`]),
//! run the whole test suite with what it needs ([`suite`]), and measure what a
//! large table costs the `rules` build ([`bench_build`]).

pub mod audit;
pub mod bench_build;
pub mod eval;
pub mod examples;
pub mod mutants;
pub mod provenance;
pub mod scaffold;
pub mod suite;
pub mod verdicts;

use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use codegen::emit::cases::{CaseFile, case_file, case_files};
use codegen::emit::properties::property_files;
use codegen::model::{Chapter, Example, System};
use codegen::{Book, Diagnostics, Lint};
use conformance::property::{self, PropertyCase, PropertyReport};
use conformance::{Case, Report, Verdict};

/// The cargo that runs this command (`$CARGO`), for the cargo runs it starts.
pub fn cargo_program() -> std::ffi::OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

/// The workspace root (this crate's parent folder).
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

pub fn cases_dir(root: &Path) -> PathBuf {
    root.join("conformance").join("cases")
}

pub fn properties_dir(root: &Path) -> PathBuf {
    root.join("conformance").join("properties")
}

pub fn compile_book(root: &Path) -> Result<Book, Diagnostics> {
    codegen::compile_dir(&root.join("spec"), root)
}

/// Runs codegen's lints over `book`, with the tables the resolver under
/// `root/rules/src` reads as [`audit::Code::readers`] finds them, and the
/// sections an example's derivation cites as the linked resolver gives it.
pub fn lint_book(root: &Path, book: &Book) -> Result<Vec<Lint>, String> {
    let code = audit::Code::scan(root)?;
    let reads = |module: &str, name: &str| reads(&code, module, name);
    Ok(codegen::lints(book, &reads, &derivation_cites))
}

/// Whether the resolver `code` reads the constant `name` of the generated
/// chapter module `module` (`action::falling`).
pub fn reads(code: &audit::Code, module: &str, name: &str) -> bool {
    let (system, chapter) = module.split_once("::").unwrap_or((module, ""));
    !code.readers(system, chapter, name).is_empty()
}

/// Whether the derivation of example `e` cites section `id`.
fn derivation_cites(system: &System, chapter: &Chapter, e: &Example, id: &str) -> bool {
    let Ok(case) = Case::parse(&case_file(system, chapter, e).text) else {
        return false;
    };
    let report = examples::run_case(&case, conformance::evaluate);
    report.trace.steps.iter().any(|s| s.cites == id)
}

/// What regen would change in the cases folder.
#[derive(Debug, Default)]
pub struct Plan {
    /// Files to create or rewrite, with their new text.
    pub writes: Vec<(PathBuf, String)>,
    /// Case files no example produces any more.
    pub removes: Vec<PathBuf>,
    pub unchanged: usize,
}

impl Plan {
    pub fn is_empty(&self) -> bool {
        self.writes.is_empty() && self.removes.is_empty()
    }

    /// Every file the plan touches, relative to `root`, with what would happen to it.
    pub fn describe(&self, root: &Path) -> Vec<String> {
        let rel = |p: &Path| p.strip_prefix(root).unwrap_or(p).display().to_string();
        let writes = self.writes.iter().map(|(p, _)| {
            let what = if p.exists() { "stale" } else { "missing" };
            format!("{what}: {}", rel(p))
        });
        let removes = self.removes.iter().map(|p| {
            let what = if is_leftover(p) {
                "left by an interrupted regen"
            } else {
                "no longer generated"
            };
            format!("{what}: {}", rel(p))
        });
        writes.chain(removes).collect()
    }
}

/// Compares the case files the book produces with those under `cases`.
pub fn plan(book: &Book, cases: &Path) -> io::Result<Plan> {
    plan_files(&case_files(book), cases)
}

/// Compares the property files the book produces with those under `properties`.
pub fn property_plan(book: &Book, properties: &Path) -> io::Result<Plan> {
    plan_files(&property_files(book), properties)
}

/// Both plans regen carries out: the case files and the property files of `root`.
pub fn plan_all(book: &Book, root: &Path) -> io::Result<[Plan; 2]> {
    Ok([
        plan(book, &cases_dir(root))?,
        property_plan(book, &properties_dir(root))?,
    ])
}

/// Compares the `wanted` files with the `.toml` files under `dir`.
fn plan_files(wanted: &[CaseFile], dir: &Path) -> io::Result<Plan> {
    let mut plan = Plan::default();
    for f in wanted {
        let path = dir.join(&f.path);
        match std::fs::read_to_string(&path) {
            Ok(old) if old == f.text => plan.unchanged += 1,
            Ok(_) => plan.writes.push((path, f.text.clone())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                plan.writes.push((path, f.text.clone()))
            }
            Err(e) => return Err(e),
        }
    }
    for existing in toml_files(dir)? {
        if !wanted.iter().any(|f| dir.join(&f.path) == existing) {
            plan.removes.push(existing);
        }
    }
    Ok(plan)
}

/// A `.toml.tmp` file that [`write_atomically`] made and never renamed: its
/// regen was killed. Plans remove it like a case file no example produces.
fn is_leftover(path: &Path) -> bool {
    path.to_string_lossy().ends_with(".toml.tmp")
}

/// The case files under `dir`, and the leftovers of interrupted regens.
fn toml_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let path = entry?.path();
        if path.is_dir() {
            out.extend(toml_files(&path)?);
        } else if path.extension().is_some_and(|x| x == "toml") || is_leftover(&path) {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

/// Carries out a plan. Each file is written to a temporary sibling and renamed
/// over the old one, so a reader never sees half a file.
pub fn apply(plan: &Plan) -> io::Result<()> {
    for (path, text) in &plan.writes {
        write_atomically(path, text)?;
    }
    for path in &plan.removes {
        std::fs::remove_file(path)?;
    }
    Ok(())
}

/// Writes `text` to a `.tmp` sibling of `path` (creating its folder) and renames
/// it into place, so a reader sees the old file or the new one, never half of one.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

/// Runs every example of the book as its case file would, in book order; a
/// resolver that panics fails its example ([`examples::run_case`]).
pub fn reports(book: &Book) -> Result<Vec<Report>, String> {
    case_files(book)
        .iter()
        .map(|f| Case::parse(&f.text).map(|c| examples::run_case(&c, conformance::evaluate)))
        .collect()
}

/// Checks every property of `book` as its property file would be checked.
pub fn property_reports(book: &Book) -> Result<Vec<PropertyReport>, String> {
    property_files(book)
        .iter()
        .map(|f| check_property(&f.text).map_err(|e| format!("{}: {e}", f.path.display())))
        .collect()
}

/// Reads a property file and checks its law as the conformance suite does.
pub fn check_property(text: &str) -> Result<PropertyReport, String> {
    PropertyCase::parse(text).map(|case| property::check(&case, property::CASES))
}

/// What one system holds and how its examples came out: the figures of regen's
/// summary, which the audit's front page and JSON repeat.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    pub chapters: usize,
    pub tables: usize,
    pub rows: usize,
    pub rules: usize,
    pub examples: usize,
    /// Examples that copy the book (`[book]`).
    pub book: usize,
    /// Examples of ours (`[expect]`).
    pub ours: usize,
    pub agrees: usize,
    pub erratum: usize,
    pub fails: usize,
    /// Errata entries on the examples' claims.
    pub errata: usize,
    /// Errata entries on table cells.
    pub table_errata: usize,
}

/// Counts what `system` holds, and its examples among `reports` by verdict.
pub fn counts(system: &System, reports: &[Report]) -> Counts {
    let chapters = &system.chapters;
    let tables = || chapters.iter().flat_map(|c| &c.tables);
    let mut counts = Counts {
        chapters: chapters.len(),
        tables: tables().count(),
        rows: tables().map(|t| t.rows.len()).sum(),
        rules: chapters.iter().map(|c| c.rules.len()).sum(),
        errata: chapters
            .iter()
            .flat_map(|c| &c.examples)
            .map(|e| e.errata.len())
            .sum(),
        table_errata: tables().map(|t| t.errata.len()).sum(),
        ..Counts::default()
    };
    for r in reports.iter().filter(|r| r.case.system == system.id) {
        counts.examples += 1;
        if r.case.ours {
            counts.ours += 1;
        } else {
            counts.book += 1;
        }
        *match r.verdict {
            Verdict::Agrees => &mut counts.agrees,
            Verdict::Erratum => &mut counts.erratum,
            Verdict::Fails => &mut counts.fails,
        } += 1;
    }
    counts
}

/// The one-screen summary regen prints: per system, what the book holds, and the
/// examples by verdict.
pub fn summary(book: &Book, reports: &[Report]) -> String {
    let mut out = String::new();
    let w = label_width(book);
    for system in &book.systems {
        let Counts {
            chapters,
            tables,
            rows,
            rules,
            examples,
            book,
            ours,
            agrees,
            erratum,
            fails,
            ..
        } = counts(system, reports);
        let _ = writeln!(
            out,
            "{:<w$} {chapters} chapters, {tables} tables ({rows} rows), {rules} rules, {examples} examples ({book} book, {ours} ours)",
            system.id,
        );
        let _ = writeln!(
            out,
            "{:<w$} verdicts: {agrees} agrees, {erratum} erratum, {fails} fails",
            ""
        );
    }
    out
}

/// The width of the summary's first column: the longest system id, or
/// `properties` (the longest of the labels regen adds).
pub fn label_width(book: &Book) -> usize {
    let least = "properties".len();
    book.systems
        .iter()
        .map(|s| s.id.len())
        .chain([least])
        .max()
        .unwrap_or(least)
}
