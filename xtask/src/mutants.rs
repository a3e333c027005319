//! `cargo xtask mutants`: mutation testing of the resolver. cargo-mutants
//! changes `rules/src` one small edit at a time and runs the conformance cases
//! and the resolver's unit tests; a mutant that every test lets pass is a
//! behaviour no worked example pins. The outcomes of each file's last run are
//! committed in [`RECORD_FILE`], which `xtask/tests/mutants.rs` keeps fresh.

pub mod data;
pub mod guards;
mod outcomes;
mod record;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

pub use data::system_of;
pub use outcomes::{Function, Mutant, Outcome, read_outcomes};
pub use record::{
    Counts, FileEntry, FunctionEntry, Problem, RECORD_FILE, Record, Split, Survivor, source_files,
};

use crate::checksum::checksum;
use crate::context::Context;
use resolver_source::RULES_SRC;

/// Where cargo-mutants writes its `mutants.out`, relative to the workspace root.
pub const OUTPUT_DIR: &str = "target/mutants";

/// Where a build-only run for `--backfill` writes it.
pub const CHECK_DIR: &str = "target/mutants-check";

/// How to get cargo-mutants.
pub const INSTALL: &str = "cargo install cargo-mutants --locked";

/// Which part of the resolver a run covers: everything when empty.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// A spec system id (`outcome-armor`): the folder `rules/src/outcome_armor`.
    pub system: Option<String>,
    /// Files of `rules/src`, by their path from the workspace root.
    pub files: Vec<String>,
    /// Read the `outcomes.json` of an earlier run of the same selection from
    /// these folders (each its `-o` folder or its `mutants.out`; several for
    /// the shards of one run) instead of running.
    pub from: Vec<PathBuf>,
    /// Split by function the figures of the files recorded without a split,
    /// from a build-only run of their text ([`Record::backfill`]), instead of
    /// measuring anything.
    pub backfill: bool,
}

/// `cargo xtask mutants`: [`run`], and its summary printed.
pub fn command(cx: &Context, selection: &Selection) -> Result<(), String> {
    run(&cx.root, selection).map(|summary| print!("{summary}"))
}

/// The resolver modules that wait for their first mutation run, each with the
/// command that gives it one; `None` when there is none. A pending module is
/// no failure of the suite (it is shown in the report as "not yet run"): only
/// `check --no-pending` refuses it, for a CI that wants every module measured.
pub fn pending(root: &Path) -> Result<Option<String>, String> {
    let record = Record::load(root)?;
    if record.pending.is_empty() {
        return Ok(None);
    }
    let commands: Vec<String> = record
        .pending
        .iter()
        .map(|file| format!("  cargo xtask mutants --file {file}"))
        .collect();
    Ok(Some(format!(
        "resolver modules wait for their first mutation run ({RECORD_FILE}, `pending`); run:\n{}",
        commands.join("\n")
    )))
}

/// Runs cargo-mutants on the selection (or reads an earlier run's outcomes),
/// updates the record for the files it covers, and returns the summary.
pub fn run(root: &Path, selection: &Selection) -> Result<String, String> {
    let scope = scope(root, selection)?;
    // The checksums are taken before the run: cargo-mutants copies the tree then.
    let ran = scope
        .iter()
        .map(|f| {
            std::fs::read_to_string(root.join(f))
                .map(|text| (f.clone(), checksum(&text)))
                .map_err(|e| format!("cannot read {f}: {e}"))
        })
        .collect::<Result<BTreeMap<_, _>, _>>()?;
    if selection.backfill {
        return backfill(root, selection, &ran);
    }
    // So are the tables each file reads, which may keep its survivors alive.
    let book = crate::compile_book(root).map_err(|d| format!("the book does not compile:\n{d}"))?;
    let code = resolver_source::ResolverSource::scan(root)?;
    let data = data::checksums(&code, &book, &scope);
    let domains = data::domains(&code, &book, &scope);
    let started = Instant::now();
    if selection.from.is_empty() {
        cargo_mutants(root, selection, false)?;
    }
    let mutants = outcomes_of(root, selection, OUTPUT_DIR)?;
    if mutants.iter().any(|m| m.outcome == Outcome::Built) {
        return Err(
            "these outcomes are a build-only run's (`cargo mutants --check`): no test \
             ran, so they measure nothing; give them to `--backfill`"
                .to_string(),
        );
    }
    let mut record = Record::load(root)?;
    record.update(&ran, &mutants);
    record.note_data(&data);
    record.note_domains(&domains);
    record.note_guards(&scope, &guards::unreachable(&guards::scan(&code, &book)));
    record.forget_missing(root);
    record.save(root)?;
    let wall = selection.from.is_empty().then(|| started.elapsed());
    Ok(summary(&scope, &mutants, wall, &record))
}

/// `--backfill`: runs cargo-mutants' build-only check of the selection (or
/// reads an earlier one) and splits the recorded figures of its files by
/// function with it; says which files got a split and why the others did not.
fn backfill(
    root: &Path,
    selection: &Selection,
    now: &BTreeMap<String, String>,
) -> Result<String, String> {
    if selection.from.is_empty() {
        cargo_mutants(root, selection, true)?;
    }
    let checked = outcomes_of(root, selection, CHECK_DIR)?;
    let mut record = Record::load(root)?;
    let tried = record.backfill(now, &checked);
    record.save(root)?;
    let split = tried.iter().filter(|(_, t)| t.is_ok()).count();
    let mut text = format!(
        "{RECORD_FILE}: {split} of {} files without a split by function now have one\n",
        tried.len()
    );
    for (file, tried) in &tried {
        if let Err(why) = tried {
            let _ = writeln!(text, "  {file}: still unknown: {why}");
        }
    }
    Ok(text)
}

/// The mutants of the selection's earlier run (its shards'), or of the run
/// just made into `dir`. A mutant that two shards both ran is counted once,
/// and must have come out the same in both.
fn outcomes_of(root: &Path, selection: &Selection, dir: &str) -> Result<Vec<Mutant>, String> {
    if selection.from.is_empty() {
        return outcomes_in(&root.join(dir));
    }
    let mut seen: BTreeMap<(String, usize, usize, String), Outcome> = BTreeMap::new();
    let mut out = Vec::new();
    for dir in &selection.from {
        for m in outcomes_in(dir)? {
            let key = (m.file.clone(), m.line, m.column, m.name.clone());
            match seen.insert(key, m.outcome) {
                None => out.push(m),
                Some(o) if o == m.outcome => {}
                Some(o) => {
                    return Err(format!(
                        "{}:{}: `{}` came out {o:?} in one run and {:?} in another",
                        m.file, m.line, m.name, m.outcome
                    ));
                }
            }
        }
    }
    Ok(out)
}

/// The mutants of the run whose output is in `out` (its `-o` folder or its
/// `mutants.out`). A run that found no mutant writes no `outcomes.json`, only
/// an empty `mutants.json`: its files are recorded with none.
fn outcomes_in(out: &Path) -> Result<Vec<Mutant>, String> {
    let found = |name: &str| {
        [out.join(name), out.join("mutants.out").join(name)]
            .into_iter()
            .find(|p| p.is_file())
    };
    let read = |p: &Path| {
        std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
    };
    if let Some(json) = found("outcomes.json") {
        return read_outcomes(&read(&json)?);
    }
    match found("mutants.json") {
        Some(list) if read(&list)?.trim() == "[]" => Ok(Vec::new()),
        _ => Err(format!("no outcomes.json in {}", out.display())),
    }
}

/// The files a selection covers, from the workspace root.
pub fn scope(root: &Path, selection: &Selection) -> Result<Vec<String>, String> {
    let all = source_files(root)?;
    if selection.system.is_none() && selection.files.is_empty() {
        return Ok(all);
    }
    let mut out: Vec<String> = Vec::new();
    if let Some(system) = &selection.system {
        let prefix = format!("{}/", system_dir(system));
        let theirs: Vec<String> = all
            .iter()
            .filter(|f| f.starts_with(&prefix))
            .cloned()
            .collect();
        if theirs.is_empty() {
            return Err(format!(
                "no system `{system}` in {RULES_SRC}: systems are {}",
                systems(&all).join(", ")
            ));
        }
        out.extend(theirs);
    }
    for f in &selection.files {
        let f = f.trim_start_matches("./").replace('\\', "/");
        if !all.contains(&f) {
            return Err(format!("`{f}` is no .rs file under {RULES_SRC}"));
        }
        out.push(f);
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// `rules/src/<system>` for a spec system id, whose `-` the module writes `_`.
fn system_dir(system: &str) -> String {
    format!("{RULES_SRC}/{}", codegen::lint::rust_name(system))
}

fn systems(files: &[String]) -> Vec<String> {
    let mut out: Vec<String> = files
        .iter()
        .map(|f| system_of(f))
        .filter(|s| s != "shared")
        .collect();
    out.dedup();
    out
}

/// The test targets whose verdicts count as evidence against a mutant: the
/// worked examples, the properties, the refusal cases, the table decoding and
/// `rules`' unit tests.
/// The totality test and the tooling's own tests stay out: the first only says
/// "no panic" and costs seconds per mutant, the others do not judge the resolver.
const EVIDENCE: [&str; 5] = [
    "--lib",
    "--test=cases",
    "--test=properties",
    "--test=refusals",
    "--test=tables",
];

/// Runs `cargo mutants` on the selection, writing under [`OUTPUT_DIR`]; with
/// `check`, only builds each mutant (no test runs), writing under [`CHECK_DIR`].
/// Both build the same targets the same way, so they agree on what is unviable.
fn cargo_mutants(root: &Path, selection: &Selection, check: bool) -> Result<(), String> {
    if !on_path("cargo-mutants") {
        return Err(format!(
            "cargo-mutants is not on PATH; install it with `{INSTALL}`"
        ));
    }
    if !check {
        evidence_passes(root)?;
    }
    let mut cmd = cargo();
    cmd.current_dir(root).args([
        "mutants",
        // The baseline is `evidence_passes`: cargo-mutants' own would test only `rules`.
        "--baseline=skip",
        "--timeout=60",
        // Without debug info a mutant's test binaries link in a fraction of the time.
        "--profile=mutants",
        "--package",
        "rules",
        "--test-package",
        "conformance",
        "--test-package",
        "rules",
        "--cap-lints=true",
        "-o",
        if check { CHECK_DIR } else { OUTPUT_DIR },
    ]);
    if check {
        cmd.arg("--check");
    }
    for suite in EVIDENCE {
        // Given to the build as well, so each mutant links only these targets.
        cmd.arg(format!("--cargo-arg={suite}"));
    }
    if let Some(system) = &selection.system {
        cmd.args(["-f", &format!("{}/**", system_dir(system))]);
    }
    for f in &selection.files {
        cmd.args(["-f", f]);
    }
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run cargo mutants: {e}"))?;
    // 2: some mutants were missed; 3: some timed out. Both are results to record.
    match status.code() {
        Some(0 | 2 | 3) => Ok(()),
        _ => Err(format!(
            "cargo mutants failed ({status}); see {OUTPUT_DIR}/mutants.out/debug.log"
        )),
    }
}

fn cargo() -> Command {
    Command::new(crate::cargo_program())
}

/// The unmutated tree must pass the evidence, or every mutant would look caught.
fn evidence_passes(root: &Path) -> Result<(), String> {
    let status = cargo()
        .current_dir(root)
        .args(["test", "--package", "conformance", "--package", "rules"])
        .args(EVIDENCE)
        .status()
        .map_err(|e| format!("cannot run cargo test: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err("the evidence fails on the unmutated tree; fix it before measuring mutants".into())
    }
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

/// Per system, then overall: files, mutants by outcome, and the time the
/// mutants took; then the wall time of the run and the survivors to explain.
pub fn summary(
    scope: &[String],
    mutants: &[Mutant],
    wall: Option<Duration>,
    record: &Record,
) -> String {
    let mut rows: BTreeMap<String, Row> = BTreeMap::new();
    let mut total = Row::default();
    for f in scope {
        let row = rows.entry(system_of(f)).or_default();
        row.files += 1;
        total.files += 1;
        for m in mutants.iter().filter(|m| &m.file == f) {
            row.add(m);
            total.add(m);
        }
    }
    let w = rows.keys().map(String::len).chain([7]).max().unwrap_or(7);
    let mut out = format!(
        "{:<w$} {:>5} {:>7} {:>6} {:>6} {:>8} {:>8} {:>8}\n",
        "mutants", "files", "mutants", "caught", "missed", "unviable", "timeouts", "time"
    );
    for (name, row) in rows.iter().chain([(&"total".to_string(), &total)]) {
        let _ = writeln!(out, "{name:<w$} {}", row.line());
    }
    if let Some(wall) = wall {
        let _ = writeln!(out, "wall time {}", minutes(wall.as_secs_f64()));
    }
    let unexplained: Vec<&Survivor> = record
        .survivors
        .iter()
        .filter(|s| scope.contains(&s.file) && s.reason.trim().is_empty())
        .collect();
    let _ = writeln!(
        out,
        "{RECORD_FILE} updated for {} files; {} survivors need a reason",
        scope.len(),
        unexplained.len()
    );
    if !unexplained.is_empty() {
        out.push_str("(kill each with an example, or write in the record why no example can):\n");
    }
    for s in unexplained {
        let _ = writeln!(out, "  {}:{}: {}", s.file, s.line, s.mutant);
    }
    let guards = record
        .guards
        .iter()
        .filter(|(f, g)| scope.contains(f) && g.reason.trim().is_empty());
    for (file, g) in guards {
        let _ = writeln!(
            out,
            "{file}: {} kept guard(s) that no example can reach need a reason: write in [guards.\"{file}\"] who calls them outside the registry",
            g.kept.len()
        );
    }
    out
}

/// One line of the summary.
#[derive(Debug, Default)]
struct Row {
    files: usize,
    counts: Counts,
    seconds: f64,
}

impl Row {
    fn add(&mut self, m: &Mutant) {
        // A build-only run's mutants (`Built`) never reach a summary: `run`
        // refuses those first.
        self.counts.count(m.outcome);
        self.seconds += m.seconds;
    }

    fn line(&self) -> String {
        let [mutants, caught, missed, unviable, timeouts] = self.counts.figures();
        format!(
            "{:>5} {mutants:>7} {caught:>6} {missed:>6} {unviable:>8} {timeouts:>8} {:>8}",
            self.files,
            minutes(self.seconds)
        )
    }
}

/// `3m 05s`.
fn minutes(seconds: f64) -> String {
    let s = seconds.round() as u64;
    format!("{}m {:02}s", s / 60, s % 60)
}
