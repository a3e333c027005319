//! The record of mutation testing (`conformance/mutants.toml`): it covers every
//! file of `rules/src` at its current text, its counts add up, and every
//! survivor says why no example can kill it. Then how `cargo xtask mutants`
//! reads cargo-mutants' `outcomes.json` (`tests/fixtures/outcomes.json`, cut
//! down from a real run on `rules/src/action/falling.rs`) into the record.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use common::Scratch;
use xtask::mutants::{Outcome, Problem, RECORD_FILE, Record, Selection, Survivor, read_outcomes};

const FIXTURE: &str = include_str!("fixtures/outcomes.json");
const FALLING: &str = "rules/src/action/falling.rs";

/// The problems of the committed record that `keep` selects, one per line.
fn problems(keep: fn(&Problem) -> bool) -> String {
    let root = xtask::workspace_root();
    let record = Record::load(&root).unwrap_or_else(|e| panic!("{e}"));
    let problems = record.problems(&root).unwrap_or_else(|e| panic!("{e}"));
    problems
        .iter()
        .filter(|p| keep(p))
        .map(|p| format!("  {p}\n"))
        .collect()
}

#[test]
fn every_resolver_file_has_a_mutation_run_of_its_current_text() {
    let found = problems(|p| {
        matches!(
            p,
            Problem::Changed(_) | Problem::Unrecorded(_) | Problem::Gone(_)
        )
    });
    assert!(found.is_empty(), "{RECORD_FILE} is stale:\n{found}");
}

#[test]
fn every_survivors_tables_and_figures_are_as_at_its_run() {
    let found = problems(|p| matches!(p, Problem::DataChanged(_) | Problem::Moved { .. }));
    assert!(
        found.is_empty(),
        "{RECORD_FILE} rests on figures that moved:\n{found}"
    );
}

/// A survivor whose reason rests on the book's figures: with those figures it
/// relies on, it cannot be killed; so it says which, and they are checked.
#[test]
fn every_survivor_reason_that_cites_a_table_names_its_figure() {
    let record = Record::load(&xtask::workspace_root()).unwrap_or_else(|e| panic!("{e}"));
    let bare: Vec<String> = record
        .survivors
        .iter()
        .filter(|s| s.reason.contains("spec/") && s.relies.is_empty())
        .map(|s| format!("  {}:{}: {}", s.file, s.line, s.mutant))
        .collect();
    assert!(
        bare.is_empty(),
        "survivors citing the book with no `relies`:\n{}",
        bare.join("\n")
    );
}

/// Issue 18: a bonus on the Knife's damage changes what weapons.rs reads, so
/// the record must go stale and say what to rerun.
#[test]
fn a_table_edit_makes_the_record_stale() {
    let (scratch, added) = fresh_copy("mutants-knife");
    edit(&scratch.0, "Knife | 1d6 |", "Knife | 1d6+1 |");
    let weapons = "rules/src/action/weapons.rs";
    assert_eq!(added(), [stale_tables(weapons)]);
}

/// A survivor whose reason rests on a figure (a penalty of 1 makes `*` and
/// `/` agree) is named with the figure it relied on when that figure moves.
#[test]
fn a_table_edit_that_breaks_a_reason_names_the_survivor() {
    let (scratch, added) = fresh_copy("mutants-penalty");
    edit(
        &scratch.0,
        "| STR_SHORTFALL_PENALTY | 1 |",
        "| STR_SHORTFALL_PENALTY | 2 |",
    );
    let weapons = "rules/src/action/weapons.rs";
    let command = format!("run `cargo xtask mutants --file {weapons}`");
    let broken = |line: u32, function: &str| {
        format!(
            "{weapons}:{line}: `replace * with / in {function}` survives because column `value` of table `weapon-figures` in row `STR_SHORTFALL_PENALTY` holds 1, but it now holds 2; {command}"
        )
    };
    assert_eq!(
        added(),
        [
            stale_tables(weapons),
            broken(93, "str_shortfall"),
            broken(239, "ranged_str"),
        ]
    );
}

/// A copy of the workspace with the real record, and the problems an edit of
/// the copy adds to those it starts with (none, unless a file of `rules/src`
/// awaits its run, which `every_resolver_file_has_a_mutation_run_of_its_current_text` reports).
fn fresh_copy(name: &str) -> (Scratch, impl Fn() -> Vec<String>) {
    let scratch = Scratch::workspace_copy(name);
    let root = scratch.0.clone();
    let real = xtask::workspace_root();
    std::fs::copy(real.join(RECORD_FILE), root.join(RECORD_FILE)).expect("copy the record");
    let record = Record::load(&root).unwrap();
    let before = shown(&record, &root);
    let added = move || {
        let now = shown(&record, &root);
        now.into_iter().filter(|p| !before.contains(p)).collect()
    };
    (scratch, added)
}

/// Replaces the one `from` in the copy's weapons chapter with `to`.
fn edit(root: &std::path::Path, from: &str, to: &str) {
    let chapter = root.join("spec/action/weapons.md");
    let text = std::fs::read_to_string(&chapter).unwrap();
    assert_eq!(text.matches(from).count(), 1, "`{from}` moved");
    std::fs::write(&chapter, text.replace(from, to)).unwrap();
}

fn stale_tables(file: &str) -> String {
    format!(
        "the tables of spec/ that {file} reads changed since its mutation run, and its survivors may now die; run `cargo xtask mutants --file {file}`"
    )
}

#[test]
fn every_files_missed_count_is_its_number_of_survivors() {
    let found = problems(|p| matches!(p, Problem::Count { .. }));
    assert!(found.is_empty(), "{RECORD_FILE} does not add up:\n{found}");
}

#[test]
fn every_survivor_says_why_no_example_can_kill_it() {
    let found = problems(|p| matches!(p, Problem::NoReason(_)));
    assert!(
        found.is_empty(),
        "survivors without a reason in {RECORD_FILE}:\n{found}"
    );
}

#[test]
fn the_committed_record_is_as_the_tool_writes_it() {
    let root = xtask::workspace_root();
    let text = std::fs::read_to_string(root.join(RECORD_FILE)).expect("read the record");
    let record = Record::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(!record.files.is_empty(), "the record has no file");
    assert_eq!(record.to_text().expect("write the record"), text);
}

#[test]
fn the_fixture_reads_as_its_mutants() {
    let mutants = read_outcomes(FIXTURE).unwrap_or_else(|e| panic!("{e}"));
    let seen: Vec<(usize, &str, Outcome)> = mutants
        .iter()
        .map(|m| (m.line, m.name.as_str(), m.outcome))
        .collect();
    assert_eq!(
        seen,
        [
            (
                13,
                "replace fall -> Result<fall::Outcome, RuleError> with Ok(Default::default())",
                Outcome::Unviable
            ),
            (15, "replace >= with < in fall", Outcome::Caught),
            (30, "replace - with + in fall", Outcome::Missed),
            (30, "replace - with / in fall", Outcome::Missed),
            (29, "replace - with + in fall", Outcome::Timeout),
        ]
    );
    assert!(mutants.iter().all(|m| m.file == FALLING && m.seconds > 0.0));
}

/// `FALLING` ran with checksum `sum`.
fn ran(sum: &str) -> BTreeMap<String, String> {
    [(FALLING.to_string(), sum.to_string())].into()
}

fn survivor(file: &str, line: usize, mutant: &str, reason: &str) -> Survivor {
    Survivor {
        file: file.into(),
        line,
        mutant: mutant.into(),
        reason: reason.into(),
        relies: Vec::new(),
    }
}

#[test]
fn an_update_counts_the_outcomes_and_lists_the_survivors() {
    let mut record = Record::default();
    record.update(&ran("0123456789abcdef"), &read_outcomes(FIXTURE).unwrap());
    let entry = &record.files[FALLING];
    assert_eq!(entry.checksum, "0123456789abcdef");
    assert_eq!(
        (
            entry.mutants,
            entry.caught,
            entry.missed,
            entry.unviable,
            entry.timeout
        ),
        (5, 1, 2, 1, 1)
    );
    assert_eq!(
        record.survivors,
        [
            survivor(FALLING, 30, "replace - with + in fall", ""),
            survivor(FALLING, 30, "replace - with / in fall", ""),
        ]
    );
}

#[test]
fn an_update_keeps_reasons_across_line_moves_and_other_files() {
    let other = "rules/src/dice.rs";
    let mut record = Record::default();
    record.files.insert(other.into(), Default::default());
    record.pending = vec![FALLING.into()];
    record.survivors = vec![
        survivor(FALLING, 30, "replace - with + in fall", "why plus"),
        survivor(FALLING, 30, "replace - with / in fall", "why divide"),
        survivor(FALLING, 40, "replace * with + in fall", "now caught"),
        survivor(other, 5, "replace + with - in mean", "another file"),
    ];
    // Three lines were written above the survivors since that run.
    let moved = FIXTURE
        .replace("\"line\": 30", "\"line\": 33")
        .replace("falling.rs:30:", "falling.rs:33:");
    record.update(&ran("fedcba9876543210"), &read_outcomes(&moved).unwrap());
    assert_eq!(
        record.survivors,
        [
            survivor(FALLING, 33, "replace - with + in fall", "why plus"),
            survivor(FALLING, 33, "replace - with / in fall", "why divide"),
            survivor(other, 5, "replace + with - in mean", "another file"),
        ]
    );
    assert_eq!(record.files[FALLING].checksum, "fedcba9876543210");
    assert!(
        record.files.contains_key(other),
        "another file's entry was lost"
    );
    assert!(
        record.pending.is_empty(),
        "a run takes its files off `pending`"
    );
}

#[test]
fn the_record_round_trips_through_its_text() {
    let mut record = Record::default();
    record.update(&ran("0123456789abcdef"), &read_outcomes(FIXTURE).unwrap());
    record.survivors[0].reason = "a hand-written \"reason\"".into();
    let text = record.to_text().unwrap();
    assert!(
        text.starts_with("# Written by `cargo xtask mutants`"),
        "{text}"
    );
    assert!(
        text.contains("[files.\"rules/src/action/falling.rs\"]\nchecksum = \"0123456789abcdef\"\nmutants = 5\ncaught = 1\nmissed = 2\nunviable = 1\ntimeout = 1\n"),
        "{text}"
    );
    assert!(text.contains("\n[[survivors]]\nfile = \"rules/src/action/falling.rs\"\nline = 30\nmutant = \"replace - with + in fall\"\n"), "{text}");
    assert_eq!(Record::parse(&text).unwrap(), record);
}

/// A copy of the workspace's `rules/src` with cargo-mutants' output of the
/// fixture under `out/mutants.out`.
fn scratch_with_outcomes(name: &str) -> Scratch {
    let scratch = Scratch::workspace_copy(name);
    let out = scratch.0.join("out/mutants.out");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("outcomes.json"), FIXTURE).unwrap();
    scratch
}

#[test]
fn reading_an_earlier_run_records_each_file_with_the_audit_checksum() {
    let scratch = scratch_with_outcomes("mutants-from");
    let root = &scratch.0;
    let selection = Selection {
        system: Some("action".into()),
        files: Vec::new(),
        from: Some(root.join("out")),
    };
    let summary = xtask::mutants::run(root, &selection).unwrap_or_else(|e| panic!("{e}"));
    assert!(summary.contains("survivors need a reason"), "{summary}");
    assert!(
        summary.contains("falling.rs:30: replace - with + in fall"),
        "{summary}"
    );
    let record = Record::load(root).unwrap();
    let text = std::fs::read_to_string(root.join(FALLING)).unwrap();
    assert_eq!(
        record.files[FALLING].checksum,
        xtask::audit::checksum(&text)
    );
    assert_eq!(record.files[FALLING].missed, 2);
    // Every file of the system has an entry, those without mutants too.
    let armor = "rules/src/action/armor.rs";
    assert_eq!(record.files[armor].mutants, 0);
    assert!(
        record
            .files
            .keys()
            .all(|f| f.starts_with("rules/src/action/"))
    );
}

#[test]
fn a_run_that_found_no_mutant_records_its_file_with_none() {
    let scratch = Scratch::workspace_copy("mutants-none");
    let root = &scratch.0;
    let lib = "rules/src/lib.rs";
    std::fs::write(root.join(lib), "pub mod action;\npub mod srd5;\n").unwrap();
    // What cargo-mutants 27 leaves when its filters find nothing.
    let out = root.join("out/mutants.out");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("mutants.json"), "[]").unwrap();
    let selection = Selection {
        system: None,
        files: vec![lib.into()],
        from: Some(root.join("out")),
    };
    let summary = xtask::mutants::run(root, &selection).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        summary.contains("updated for 1 files; 0 survivors"),
        "{summary}"
    );
    let record = Record::load(root).unwrap();
    let text = std::fs::read_to_string(root.join(lib)).unwrap();
    assert_eq!(record.files[lib].checksum, xtask::audit::checksum(&text));
    assert_eq!(record.files[lib].mutants, 0);
}

/// The record's problems for the scratch workspace at `root`, as text.
fn shown(record: &Record, root: &Path) -> Vec<String> {
    let problems = record.problems(root).unwrap_or_else(|e| panic!("{e}"));
    problems.iter().map(ToString::to_string).collect()
}

#[test]
fn the_check_names_each_stale_or_incomplete_entry_and_its_command() {
    let scratch = scratch_with_outcomes("mutants-check");
    let root = &scratch.0;
    let selection = Selection {
        from: Some(root.join("out")),
        ..Selection::default()
    };
    xtask::mutants::run(root, &selection).unwrap_or_else(|e| panic!("{e}"));
    let mut record = Record::load(root).unwrap();
    let reasons = |record: &Record| {
        shown(record, root)
            .iter()
            .filter(|p| p.contains("with no reason"))
            .count()
    };
    assert_eq!(reasons(&record), 2, "{:?}", shown(&record, root));
    for s in &mut record.survivors {
        s.reason = "no example can tell".into();
    }
    assert_eq!(shown(&record, root), Vec::<String>::new());

    std::fs::write(root.join(FALLING), "// edited\n").unwrap();
    std::fs::write(root.join("rules/src/new.rs"), "// new\n").unwrap();
    std::fs::remove_file(root.join("rules/src/dice.rs")).unwrap();
    record.files.get_mut("rules/src/table.rs").unwrap().missed = 1;
    let pending = "rules/src/trace.rs";
    record.files.remove(pending);
    record.pending.push(pending.into());
    let problems = shown(&record, root);
    for expected in [
        "rules/src/action/falling.rs changed since its mutation run; run `cargo xtask mutants --file rules/src/action/falling.rs`",
        "rules/src/new.rs has no mutation run recorded; run `cargo xtask mutants --file rules/src/new.rs`",
        "rules/src/dice.rs is in conformance/mutants.toml but no longer exists",
        "rules/src/table.rs: 1 missed, but 0 survivors recorded",
        // A file said to have survivors whose tables no run recorded.
        "the tables of spec/ that rules/src/table.rs reads changed since its mutation run",
    ] {
        assert!(
            problems.iter().any(|p| p.starts_with(expected)),
            "no `{expected}` in {problems:#?}"
        );
    }
    assert_eq!(problems.len(), 5, "{problems:#?}");
}

#[test]
fn an_unknown_system_or_file_is_refused_before_any_run() {
    let root = xtask::workspace_root();
    let system = Selection {
        system: Some("no-such-system".into()),
        ..Selection::default()
    };
    let err = xtask::mutants::scope(&root, &system).unwrap_err();
    assert!(err.contains("no system `no-such-system`"), "{err}");
    assert!(err.contains("outcome-armor"), "{err}");
    let file = Selection {
        files: vec!["rules/src/nowhere.rs".into()],
        ..Selection::default()
    };
    let err = xtask::mutants::scope(&root, &file).unwrap_err();
    assert!(err.contains("rules/src/nowhere.rs"), "{err}");
}

#[test]
fn without_cargo_mutants_the_command_says_how_to_install_it() {
    let scratch = Scratch::workspace_copy("mutants-no-tool");
    let empty = scratch.0.join("empty-path");
    std::fs::create_dir_all(&empty).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["mutants", "--file", FALLING])
        .env("XTASK_ROOT", &scratch.0)
        .env("PATH", &empty)
        .output()
        .expect("run the xtask binary");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("cargo-mutants is not on PATH")
            && stderr.contains("cargo install cargo-mutants --locked"),
        "{stderr}"
    );
    assert!(
        !scratch.0.join(RECORD_FILE).exists(),
        "the record was written"
    );
}

#[test]
fn the_system_of_a_file_is_its_spec_id() {
    assert_eq!(xtask::mutants::system_of(FALLING), "action");
    assert_eq!(
        xtask::mutants::system_of("rules/src/outcome_armor/attack.rs"),
        "outcome-armor"
    );
    assert_eq!(xtask::mutants::system_of("rules/src/dice.rs"), "shared");
}
