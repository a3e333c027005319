//! The record of mutation testing (`conformance/mutants.toml`): it covers every
//! file of `rules/src` at its current text, its counts add up, and every
//! survivor says why no example can kill it. Then how `cargo xtask mutants`
//! reads cargo-mutants' `outcomes.json` (`tests/fixtures/outcomes.json`, cut
//! down from a real run on `rules/src/action/falling.rs`) into the record,
//! and how `--backfill` splits a file's figures by function from a build-only
//! run (`tests/fixtures/check-outcomes.json`: the same mutants as built by
//! `cargo mutants --check`, and one more in a second function, `landing`).

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use common::Scratch;
use xtask::mutants::{
    Counts, FunctionEntry, Outcome, Problem, RECORD_FILE, Record, Selection, Split, Survivor,
    read_outcomes,
};

const FIXTURE: &str = include_str!("fixtures/outcomes.json");
const CHECK: &str = include_str!("fixtures/check-outcomes.json");
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
    // The two lines that multiply by the penalty, wherever weapons.rs has them.
    let source =
        std::fs::read_to_string(xtask::workspace_root().join(weapons)).expect("read weapons.rs");
    let at: Vec<u32> = (1..)
        .zip(source.lines())
        .filter(|(_, l)| l.contains("-short * i64::from(STR_SHORTFALL_PENALTY)"))
        .map(|(n, _)| n)
        .collect();
    assert_eq!(at.len(), 2, "weapons.rs multiplies by the penalty twice");
    assert_eq!(
        added(),
        [
            stale_tables(weapons),
            broken(at[0], "str_shortfall"),
            broken(at[1], "ranged_str"),
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
    edit_chapter(root, "spec/action/weapons.md", from, to);
}

/// Replaces the one `from` in the copy's `chapter` with `to`.
fn edit_chapter(root: &std::path::Path, chapter: &str, from: &str, to: &str) {
    let chapter = root.join(chapter);
    let text = std::fs::read_to_string(&chapter).unwrap();
    assert_eq!(text.matches(from).count(), 1, "`{from}` moved");
    std::fs::write(&chapter, text.replace(from, to)).unwrap();
}

fn stale_tables(file: &str) -> String {
    format!(
        "the tables of spec/ that {file} reads changed since its mutation run, and its survivors may now die; run `cargo xtask mutants --file {file}`"
    )
}

fn stale_domains(file: &str) -> String {
    format!(
        "the declared domains of the rules that {file} helps resolve changed since its mutation run, so other inputs now reach its code; run `cargo xtask mutants --file {file}`"
    )
}

/// The fall's distance domain, as the falling chapter declares it.
const DISTANCE: &str = "distance = \"int 1..\"  # metres fallen";

/// A copy of the workspace whose record watches the domains of falling.rs,
/// as a run of it records them (the committed record predates domains), and
/// that record.
fn watching_domains(name: &str) -> (Scratch, Record) {
    let scratch = Scratch::workspace_copy(name);
    let root = &scratch.0;
    let mut record = Record::load(&xtask::workspace_root()).unwrap();
    let code = resolver_source::ResolverSource::scan(root).unwrap();
    let book = xtask::compile_book(root).unwrap_or_else(|d| panic!("{d}"));
    let domains = xtask::mutants::data::domains(&code, &book, &[FALLING.to_string()]);
    record.note_domains(&domains);
    assert_eq!(record.files[FALLING].domains.len(), 64, "recorded");
    record.save(root).unwrap();
    (scratch, record)
}

/// Issue 29.6: letting a fall of 0 m through the registry lets it reach
/// falling.rs, whose guard refused it before, so the record of falling.rs
/// must go stale and say what to rerun.
#[test]
fn a_domain_edit_makes_the_record_stale() {
    let (scratch, record) = watching_domains("mutants-domain");
    let root = &scratch.0;
    let before = shown(&record, root);
    let widened = DISTANCE.replace("1..", "0..");
    edit_chapter(root, "spec/action/falling.md", DISTANCE, &widened);
    let added: Vec<String> = shown(&record, root)
        .into_iter()
        .filter(|p| !before.contains(p))
        .collect();
    assert_eq!(added, [stale_domains(FALLING)]);
}

/// A comment beside a domain, or an example's figure, is no domain: the record
/// stays fresh.
#[test]
fn a_domain_comment_moves_no_domain() {
    let (scratch, record) = watching_domains("mutants-domain-comment");
    let root = &scratch.0;
    let before = shown(&record, root);
    let reworded = DISTANCE.replace("metres fallen", "metres dropped");
    edit_chapter(root, "spec/action/falling.md", DISTANCE, &reworded);
    assert_eq!(shown(&record, root), before);
}

/// An entry recorded before domains were watched has no `domains`: it is not
/// reported stale for a domain edit (its next run records them), but a table
/// edit still reaches it through `data`.
#[test]
fn an_entry_without_domains_is_unwatched_until_its_next_run() {
    let scratch = Scratch::workspace_copy("mutants-domain-legacy");
    let root = &scratch.0;
    let mut record = Record::load(&xtask::workspace_root()).unwrap();
    record.files.get_mut(FALLING).unwrap().domains.clear();
    record.save(root).unwrap();
    let before = shown(&record, root);
    let widened = DISTANCE.replace("1..", "0..");
    edit_chapter(root, "spec/action/falling.md", DISTANCE, &widened);
    assert_eq!(shown(&record, root), before);
}

/// Issue 29.6: every guard of `rules::bounds` that the registry's domains
/// make unreachable is listed as kept, with why, and nothing else is.
#[test]
fn every_guard_the_domains_refuse_first_is_kept_with_a_reason() {
    let found = problems(|p| {
        matches!(
            p,
            Problem::GuardUnrecorded { .. } | Problem::GuardGone { .. } | Problem::GuardNoReason(_)
        )
    });
    assert!(
        found.is_empty(),
        "{RECORD_FILE}'s [guards] are stale:\n{found}"
    );
}

/// The falling chapter's `object_impact` guards its `speed`, whose domain
/// `0..` lies inside the guard's bounds: the record keeps it.
const SPEED_GUARD: &str = "    non_negative([(\"a speed\", g.speed)])?;\n";

/// A new guard on an input the domain already holds (a fall's distance is
/// `1..`) is one more guard no example can reach: the record must list it,
/// and the problem says where it is and what to run.
#[test]
fn a_new_unreachable_guard_is_named_with_its_function_and_command() {
    let (scratch, added) = fresh_copy("mutants-new-guard");
    let falling = scratch.0.join(FALLING);
    common::edit(
        &falling,
        "-> Result<fall::Outcome, RuleError> {\n",
        "-> Result<fall::Outcome, RuleError> {\n    non_negative([(\"a distance\", g.distance)])?;\n",
    );
    assert_eq!(
        added(),
        [
            format!(
                "{FALLING}: `fall` keeps `non_negative` on a distance (`g.distance`), which the domain of `action/falling.fall: distance` refuses first, but [guards] does not list it; run `cargo xtask mutants --file {FALLING}`, which lists it, then write in its `reason` who calls `fall` outside the registry"
            ),
            format!(
                "{FALLING} changed since its mutation run; run `cargo xtask mutants --file {FALLING}`"
            ),
        ]
    );
}

/// A kept guard that is gone, or that a wider domain makes reachable, is no
/// longer one to keep: the record must drop it.
#[test]
fn a_kept_guard_gone_or_reachable_is_named_with_why() {
    let gone = format!(
        "{FALLING}: [guards] lists `non_negative` on a speed (`g.speed`) in `object_impact`, but"
    );
    let command = format!("run `cargo xtask mutants --file {FALLING}`");
    let (scratch, added) = fresh_copy("mutants-guard-gone");
    common::edit(&scratch.0.join(FALLING), SPEED_GUARD, "");
    assert_eq!(
        added(),
        [
            format!("{gone} the file has no such guard any more; {command}"),
            format!("{FALLING} changed since its mutation run; {command}"),
        ]
    );
    let (scratch, added) = fresh_copy("mutants-guard-reachable");
    let speed = "speed = \"int 0..\"";
    edit_chapter(
        &scratch.0,
        "spec/action/falling.md",
        speed,
        "speed = \"int -1..\"",
    );
    assert_eq!(
        added(),
        [format!(
            "{gone} it is reachable now: the domain of `action/falling.object-impact: speed` is wider than 0..; {command}"
        )]
    );
}

#[test]
fn every_files_missed_count_is_its_number_of_survivors() {
    let found = problems(|p| matches!(p, Problem::Count { .. }));
    assert!(found.is_empty(), "{RECORD_FILE} does not add up:\n{found}");
}

#[test]
fn every_files_split_by_function_sums_to_its_figures() {
    let found = problems(|p| matches!(p, Problem::Split(_)));
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
    assert!(
        mutants
            .iter()
            .all(|m| m.function.name == "fall" && m.function.line == 12)
    );
    let built = read_outcomes(CHECK).unwrap_or_else(|e| panic!("{e}"));
    let outcomes: Vec<Outcome> = built.iter().map(|m| m.outcome).collect();
    assert_eq!(
        outcomes,
        [
            Outcome::Unviable,
            Outcome::Built,
            Outcome::Built,
            Outcome::Built,
            Outcome::Built,
            Outcome::Built
        ]
    );
    assert_eq!(built[5].function.name, "landing");
}

/// `FALLING` as a run with no timeout would record it (the fixture's mutants
/// with the timed-out one caught, and `landing`'s caught), and its two survivors.
fn run_without_a_split() -> Record {
    let text = format!(
        "[files.\"{FALLING}\"]\nchecksum = \"0123456789abcdef\"\nmutants = 6\ncaught = 3\nmissed = 2\nunviable = 1\ntimeout = 0\n\n\
         [[survivors]]\nfile = \"{FALLING}\"\nline = 30\nmutant = \"replace - with + in fall\"\nreason = \"r\"\n\n\
         [[survivors]]\nfile = \"{FALLING}\"\nline = 30\nmutant = \"replace - with / in fall\"\nreason = \"r\"\n"
    );
    let record = Record::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(record.files[FALLING].functions_from, Split::Unknown);
    record
}

fn entry(name: &str, line: usize, figures: [usize; 5]) -> FunctionEntry {
    let [mutants, caught, missed, unviable, timeout] = figures;
    FunctionEntry {
        name: name.into(),
        line,
        counts: Counts {
            mutants,
            caught,
            missed,
            unviable,
            timeout,
        },
    }
}

#[test]
fn a_backfill_splits_a_file_by_function_from_a_build_only_run() {
    let mut record = run_without_a_split();
    let tried = record.backfill(&ran("0123456789abcdef"), &read_outcomes(CHECK).unwrap());
    assert_eq!(tried, [(FALLING.to_string(), Ok(()))]);
    let falling = &record.files[FALLING];
    assert_eq!(falling.functions_from, Split::Check);
    assert_eq!(
        falling.functions,
        [
            entry("fall", 12, [5, 2, 2, 1, 0]),
            entry("landing", 54, [1, 1, 0, 0, 0])
        ]
    );
    assert!(record.problems(&xtask::workspace_root()).is_ok());
    let text = record.to_text().unwrap();
    assert!(text.contains("functions_from = \"check\"\n\n[[files.\"rules/src/action/falling.rs\".functions]]\nname = \"fall\"\nline = 12\nmutants = 5\ncaught = 2\nmissed = 2\nunviable = 1\n\n"), "{text}");
    assert_eq!(Record::parse(&text).unwrap(), record);
    // A file split already is left alone.
    assert!(record.backfill(&ran("0123456789abcdef"), &[]).is_empty());
}

/// Where the build-only run and the recorded run disagree, the split stays
/// unknown and says why; nothing is made up.
#[test]
fn a_backfill_that_disagrees_with_the_run_leaves_the_split_unknown() {
    let check = read_outcomes(CHECK).unwrap();
    let why = |edit: fn(&mut Record), sum: &str, check: &[xtask::mutants::Mutant]| {
        let mut record = run_without_a_split();
        edit(&mut record);
        let tried = record.backfill(&ran(sum), check);
        let falling = &record.files[FALLING];
        assert_eq!(falling.functions_from, Split::Unknown);
        assert!(falling.functions.is_empty());
        assert_eq!(tried[0].1.as_ref().err(), Some(&falling.why));
        falling.why.clone()
    };
    let same = |_: &mut Record| {};
    assert_eq!(
        why(same, "fedcba9876543210", &check),
        "its text changed since its run"
    );
    let unviable = |r: &mut Record| {
        let e = r.files.get_mut(FALLING).unwrap();
        (e.counts.unviable, e.counts.caught) = (2, 2);
    };
    assert_eq!(
        why(unviable, "0123456789abcdef", &check),
        "the check holds 6 of its mutants, 1 unviable; its run 6, 2 unviable"
    );
    assert_eq!(
        why(same, "0123456789abcdef", &check[..3]),
        "the check holds 3 of its mutants, 1 unviable; its run 6, 1 unviable"
    );
    assert_eq!(
        why(same, "0123456789abcdef", &[]),
        "no build-only run has reached it yet"
    );
    let timeout = |r: &mut Record| {
        let e = r.files.get_mut(FALLING).unwrap();
        (e.counts.timeout, e.counts.caught) = (1, 2);
    };
    assert!(why(timeout, "0123456789abcdef", &check).starts_with("1 of its mutants timed out"));
    let moved = |r: &mut Record| r.survivors[0].line = 31;
    assert_eq!(
        why(moved, "0123456789abcdef", &check),
        "survivor `replace - with + in fall` of line 31 is no viable mutant of the check"
    );
}

#[test]
fn a_split_that_does_not_sum_to_its_file_is_a_problem() {
    let mut record = Record::default();
    record.update(&ran("0123456789abcdef"), &read_outcomes(FIXTURE).unwrap());
    let sum = |r: &Record| {
        r.problems(&xtask::workspace_root())
            .unwrap()
            .into_iter()
            .filter(|p| matches!(p, Problem::Split(_)))
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(sum(&record), Vec::<String>::new());
    record.files.get_mut(FALLING).unwrap().functions[0]
        .counts
        .caught = 2;
    assert_eq!(
        sum(&record),
        [format!(
            "{FALLING}: its functions' figures do not sum to its own; run `cargo xtask mutants --file {FALLING}`"
        )]
    );
    let unknown = record.files.get_mut(FALLING).unwrap();
    unknown.functions_from = Split::Unknown;
    assert_eq!(sum(&record).len(), 1, "an unknown split holds no function");
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
    assert_eq!(entry.counts.figures(), [5, 1, 2, 1, 1]);
    assert_eq!(entry.functions_from, Split::Run);
    assert_eq!(
        entry.functions,
        [FunctionEntry {
            name: "fall".into(),
            line: 12,
            counts: Counts {
                mutants: 5,
                caught: 1,
                missed: 2,
                unviable: 1,
                timeout: 1,
            },
        }]
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
        from: vec![root.join("out")],
        backfill: false,
    };
    let summary = xtask::mutants::run(root, &selection).unwrap_or_else(|e| panic!("{e}"));
    assert!(summary.contains("survivors need a reason"), "{summary}");
    // A first run lists the guards no example can reach, whose reason is to write.
    assert!(
        summary.contains(&format!("{FALLING}: 1 kept guard(s) that no example can reach need a reason: write in [guards.\"{FALLING}\"] who calls them outside the registry")),
        "{summary}"
    );
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
    assert_eq!(record.files[FALLING].counts.missed, 2);
    // The run watches the domains of the rules falling.rs resolves from now on.
    assert_eq!(record.files[FALLING].domains.len(), 64);
    // Every file of the system has an entry, those without mutants too.
    let armor = "rules/src/action/armor.rs";
    assert_eq!(record.files[armor].counts.mutants, 0);
    assert!(
        record
            .files
            .keys()
            .all(|f| f.starts_with("rules/src/action/"))
    );
}

/// A run lists the guards of each file it covers that the domains make
/// unreachable, as the scan finds them, and keeps the reason written for them.
#[test]
fn a_run_rewrites_a_files_kept_guards_and_keeps_their_reason() {
    let scratch = scratch_with_outcomes("mutants-guards-kept");
    let root = &scratch.0;
    let mut record = Record::load(&xtask::workspace_root()).unwrap();
    let committed = record.guards[FALLING].clone();
    assert!(!committed.kept.is_empty(), "falling.rs keeps a guard");
    // A stale list: the run must write the scan's, and leave the reason.
    let entry = record.guards.get_mut(FALLING).unwrap();
    entry.kept.clear();
    entry.reason = "object_impact is pub: library callers call it directly.".into();
    record.save(root).unwrap();
    let selection = Selection {
        system: None,
        files: vec![FALLING.into()],
        from: vec![root.join("out")],
        backfill: false,
    };
    xtask::mutants::run(root, &selection).unwrap_or_else(|e| panic!("{e}"));
    let after = Record::load(root).unwrap();
    assert_eq!(after.guards[FALLING].kept, committed.kept);
    assert_eq!(
        after.guards[FALLING].reason,
        "object_impact is pub: library callers call it directly."
    );
    // Files the run did not cover keep their entries as they were.
    assert_eq!(
        after.guards.len(),
        Record::load(&xtask::workspace_root()).unwrap().guards.len()
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
        from: vec![root.join("out")],
        backfill: false,
    };
    let summary = xtask::mutants::run(root, &selection).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        summary.contains("updated for 1 files; 0 survivors"),
        "{summary}"
    );
    let record = Record::load(root).unwrap();
    let text = std::fs::read_to_string(root.join(lib)).unwrap();
    assert_eq!(record.files[lib].checksum, xtask::audit::checksum(&text));
    assert_eq!(record.files[lib].counts.mutants, 0);
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
        from: vec![root.join("out")],
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
    // The run listed each file's unreachable guards; their reasons are to write.
    let unwritten = shown(&record, root)
        .iter()
        .filter(|p| p.contains("its kept guards have no reason"))
        .count();
    assert!(unwritten > 0 && unwritten == record.guards.len());
    for g in record.guards.values_mut() {
        g.reason = "its functions are pub: library callers call them directly".into();
    }
    assert_eq!(shown(&record, root), Vec::<String>::new());

    std::fs::write(root.join(FALLING), "// edited\n").unwrap();
    std::fs::write(root.join("rules/src/new.rs"), "// new\n").unwrap();
    std::fs::remove_file(root.join("rules/src/dice.rs")).unwrap();
    record
        .files
        .get_mut("rules/src/table.rs")
        .unwrap()
        .counts
        .missed = 1;
    let pending = "rules/src/trace.rs";
    record.files.remove(pending);
    record.pending.push(pending.into());
    let problems = shown(&record, root);
    for expected in [
        "rules/src/action/falling.rs changed since its mutation run; run `cargo xtask mutants --file rules/src/action/falling.rs`",
        "rules/src/new.rs has no mutation run recorded; run `cargo xtask mutants --file rules/src/new.rs`",
        "rules/src/dice.rs is in conformance/mutants.toml but no longer exists",
        "rules/src/table.rs: 1 missed, but 0 survivors recorded",
        // ... and its functions' figures no longer sum to the file's.
        "rules/src/table.rs: its functions' figures do not sum to its own",
        // A file said to have survivors whose tables no run recorded.
        "the tables of spec/ that rules/src/table.rs reads changed since its mutation run",
        // The guard falling.rs kept went with its text.
        "rules/src/action/falling.rs: [guards] lists `non_negative` on a speed (`g.speed`) in `object_impact`, but the file has no such guard any more",
    ] {
        assert!(
            problems.iter().any(|p| p.starts_with(expected)),
            "no `{expected}` in {problems:#?}"
        );
    }
    assert_eq!(problems.len(), 7, "{problems:#?}");
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

/// `--backfill --from` reads a build-only run and saves the split; a plain
/// run refuses one, since no test ran; shards that ran the same mutant count
/// it once, and must agree on it.
#[test]
fn backfill_and_shards_read_through_the_command() {
    let scratch = scratch_with_outcomes("mutants-backfill");
    let root = &scratch.0;
    let check = root.join("check/mutants.out");
    std::fs::create_dir_all(&check).unwrap();
    std::fs::write(check.join("outcomes.json"), CHECK).unwrap();
    let text = std::fs::read_to_string(root.join(FALLING)).unwrap();
    let sum = xtask::audit::checksum(&text);
    let mut record = run_without_a_split();
    record.files.get_mut(FALLING).unwrap().checksum = sum;
    record.save(root).unwrap();
    let selection = |from: &[&str], backfill: bool| Selection {
        files: vec![FALLING.into()],
        from: from.iter().map(|d| root.join(d)).collect(),
        backfill,
        ..Selection::default()
    };

    let refused = xtask::mutants::run(root, &selection(&["check"], false)).unwrap_err();
    assert!(refused.contains("give them to `--backfill`"), "{refused}");
    let summary = xtask::mutants::run(root, &selection(&["check"], true)).unwrap();
    assert!(
        summary.contains("1 of 1 files without a split by function now have one"),
        "{summary}"
    );
    let split = Record::load(root).unwrap();
    assert_eq!(split.files[FALLING].functions_from, Split::Check);
    assert_eq!(split.files[FALLING].functions.len(), 2);

    xtask::mutants::run(root, &selection(&["out", "out"], false)).unwrap();
    assert_eq!(Record::load(root).unwrap().files[FALLING].counts.mutants, 5);
    let other = root.join("other/mutants.out");
    std::fs::create_dir_all(&other).unwrap();
    let caught = FIXTURE.replacen("\"MissedMutant\"", "\"CaughtMutant\"", 1);
    std::fs::write(other.join("outcomes.json"), caught).unwrap();
    let clash = xtask::mutants::run(root, &selection(&["out", "other"], false)).unwrap_err();
    assert!(
        clash.contains(
            "`replace - with + in fall` came out Missed in one run and Caught in another"
        ),
        "{clash}"
    );
}
