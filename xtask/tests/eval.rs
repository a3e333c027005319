//! `cargo xtask eval` end to end: runs the real binary on scratch chapters
//! written outside the workspace, against the fixture book
//! (`common::Scratch::fixture`), and checks its exit code and what it prints.
//!
//! Every scratch chapter joins system `action`, whose section, table and example
//! ids are one namespace across the book and the scratch file, so every id here
//! starts with `scratch-`. They use `armor.absorb`: the damage that gets through
//! armor is the damage less the AV, never below 0, and negative damage is refused.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{Run, Scratch, xtask};

const FRONT: &str = r#"+++
system = "action"
title = "Scratch"
version = "1"

[source]
book = "Scratch"
section = "Scratch"
+++
"#;

/// Writes `FRONT` then `body` to `<name>.md` in `dir`; returns its path and text.
fn chapter(dir: &Path, name: &str, body: &str) -> (PathBuf, String) {
    let text = format!("{FRONT}{body}");
    let path = dir.join(format!("{name}.md"));
    std::fs::write(&path, &text).expect("write the scratch chapter");
    (path, text)
}

/// `eval` with `args` on the fixture book at `root`.
fn eval(root: &Path, args: &[&str]) -> Run {
    xtask(root, &[&["eval"], args].concat())
}

/// The 1-based number of the first line of `text` that is exactly `line`.
fn line_no(text: &str, line: &str) -> usize {
    text.lines()
        .position(|l| l == line)
        .unwrap_or_else(|| panic!("the fixture has no line `{line}`"))
        + 1
}

/// An `armor.absorb` example `id` of 16 damage on AV 10 with `claims`.
fn absorb_example(id: &str, claims: &str) -> String {
    format!(
        "\n# Scratch {{#{id}-chapter}}\n\n```example {id}\nrule = \"armor.absorb\"\n\n\
         [given]\ndamage = 16\nav = 10\n\n{claims}\n```\n"
    )
}

fn assert_has(run: &Run, needles: &[&str]) {
    for needle in needles {
        assert!(
            run.stdout.contains(needle) || run.stderr.contains(needle),
            "no `{needle}` in:\n{run}"
        );
    }
}

#[test]
fn a_wrong_claim_fails_and_shows_both_values() {
    let fixture = Scratch::fixture("eval-wrong");
    let (path, text) = chapter(
        &fixture.0,
        "wrong",
        &absorb_example("scratch-wrong", "[book]\ndamage_through = 5"),
    );
    let run = eval(&fixture.0, &[path.to_str().unwrap()]);
    assert_eq!(run.code, Some(1), "a wrong claim must fail:\n{run}");
    let fence = line_no(&text, "```example scratch-wrong");
    // Inside the workspace (the fixture's root), a file is shown relative to it.
    let head = format!("wrong.md:{fence} scratch-wrong: fails");
    assert_has(
        &run,
        &[
            &head,
            "damage_through: book 5 | rules 6  fails: undocumented disagreement",
            "some examples or properties fail",
        ],
    );
}

#[test]
fn claims_are_labelled_book_or_ours_and_agree() {
    let fixture = Scratch::fixture("eval-right");
    let body = absorb_example("scratch-book", "[book]\ndamage_through = 6")
        + &absorb_example(
            "scratch-ours",
            "[expect]\neffective_av = 10\ndamage_through = 6",
        );
    let (path, _) = chapter(&fixture.0, "right", &body);
    let run = eval(&fixture.0, &[path.to_str().unwrap()]);
    assert!(run.ok(), "correct claims must pass:\n{run}");
    assert_has(
        &run,
        &[
            " scratch-book: agrees\n    damage_through: book 6 | rules 6  agrees\n",
            " scratch-ours: agrees\n    effective_av: ours 10 | rules 10  agrees\n    damage_through: ours 6 | rules 6  agrees\n",
        ],
    );
    assert!(
        !run.stdout.contains("trace:"),
        "no trace unless asked:\n{run}"
    );
}

#[test]
fn trace_shows_the_derivation_and_example_selects_by_id() {
    let fixture = Scratch::fixture("eval-trace");
    let body = absorb_example("scratch-first", "[book]\ndamage_through = 6")
        + &absorb_example("scratch-second", "[book]\ndamage_through = 1");
    let (path, _) = chapter(&fixture.0, "trace", &body);
    let path = path.to_str().unwrap();
    let run = eval(&fixture.0, &["--trace", "--example", "scratch-first", path]);
    assert!(run.ok(), "only the agreeing example runs:\n{run}");
    assert_has(
        &run,
        &[
            "    damage_through: book 6 | rules 6  agrees\n    trace:\n      1. [armor-value] 16 - AV 10 = 6\n",
        ],
    );
    assert!(!run.stdout.contains("scratch-second"), "{run}");

    let run = eval(&fixture.0, &["--example", "scratch-secnod", path]);
    assert_eq!(run.code, Some(1), "an id that names nothing fails:\n{run}");
    assert_has(
        &run,
        &[
            "no example or property `scratch-secnod` in the given files; did you mean `scratch-second`?",
        ],
    );
    assert!(run.stdout.is_empty(), "{run}");
}

#[test]
fn a_refusal_shows_the_reason_and_the_rules_message() {
    let fixture = Scratch::fixture("eval-refused");
    let refused = |id: &str, damage: i32| {
        absorb_example(id, "[refused]\nreason = \"outside its domain\"")
            .replace("damage = 16", &format!("damage = {damage}"))
    };
    let body = refused("scratch-refused", -1) + &refused("scratch-resolves", 1);
    let (path, _) = chapter(&fixture.0, "refused", &body);
    let run = eval(&fixture.0, &[path.to_str().unwrap()]);
    assert_eq!(
        run.code,
        Some(1),
        "a refusal the rule does not make must fail:\n{run}"
    );
    assert_has(
        &run,
        &[
            "scratch-refused: agrees",
            "refused: \"outside its domain\" | rules refused \"`damage` is -1, outside its domain 0..\"  agrees",
            "scratch-resolves: fails",
            "rules resolved damage_through = 0, effective_av = 10",
            "fails: the rule resolves instead of refusing",
        ],
    );
}

const RAGGED: &str = r#"
# Scratch {#scratch-ragged-chapter}

<!-- table scratch-ragged-table
const = "SCRATCH_RAGGED"
row = "ScratchRaggedRow"
columns = ["a: int", "b: int"]
-->
| A | B |
|---|---|
| 1 | 2 |
| 3 | 4 | 5 |
"#;

/// Evaluates the ragged chapter written to `dir` and checks the diagnostic
/// points at the bad row, with the path shown as `shown`.
fn assert_ragged_row_reported(root: &Path, dir: &Path, shown: &dyn Fn(&Path) -> String) {
    let (path, text) = chapter(dir, "ragged", RAGGED);
    let run = eval(root, &[path.to_str().unwrap()]);
    assert_eq!(run.code, Some(1), "a ragged table must not compile:\n{run}");
    let row = line_no(&text, "| 3 | 4 | 5 |");
    let location = format!("{}:{row}:1", shown(&path));
    assert!(
        run.stderr.contains(&location),
        "stderr does not point at `{location}`:\n{run}"
    );
    assert_has(
        &run,
        &[
            "ragged row: 3 cells where table `scratch-ragged-table` has 2 columns",
            "1 error in the spec",
        ],
    );
    assert!(run.stdout.is_empty(), "nothing is evaluated:\n{run}");
}

#[test]
fn a_ragged_row_outside_the_workspace_is_shown_by_its_full_path() {
    let fixture = Scratch::fixture("eval-ragged-out");
    let outside = Scratch::new("eval-ragged");
    assert_ragged_row_reported(&fixture.0, &outside.0, &|p| p.display().to_string());
}

#[test]
fn a_ragged_row_inside_the_workspace_is_shown_relative_to_it() {
    let fixture = Scratch::fixture("eval-ragged-in");
    let root = fixture.0.canonicalize().expect("the fixture's path");
    let inside = Scratch::under(&root, "ragged");
    assert_ragged_row_reported(&fixture.0, &inside.0, &|p| {
        p.strip_prefix(&root).expect("inside").display().to_string()
    });
}

#[test]
fn an_erratum_that_no_longer_disagrees_fails() {
    let fixture = Scratch::fixture("eval-stale");
    let body = format!(
        "\n## A ruling {{#scratch-stale-ruling}}\n\nThe book once printed a different figure.\n{}",
        absorb_example(
            "scratch-stale",
            "[book]\ndamage_through = 6\n\n[errata.damage_through]\nrules = 6\n\
             ruling = \"scratch-stale-ruling\"\nreason = \"They once disagreed.\""
        )
    );
    let (path, _) = chapter(&fixture.0, "stale", &body);
    let run = eval(&fixture.0, &[path.to_str().unwrap()]);
    assert_eq!(run.code, Some(1), "a stale erratum must fail:\n{run}");
    assert_has(
        &run,
        &[
            " scratch-stale: fails",
            "damage_through: book 6 | rules 6  fails: the erratum no longer disagrees",
        ],
    );
}

/// A book chapter named through `..` (as from `cargo xtask eval ../spec/...` run
/// in a subfolder) is the same chapter, not a second copy of it.
#[test]
fn a_spec_chapter_named_through_dot_dot_is_the_same_chapter() {
    let fixture = Scratch::fixture("eval-dot-dot");
    let sub = fixture.0.join("xtask");
    std::fs::create_dir_all(&sub).expect("a subfolder");
    let run = Run::of(
        Command::new(env!("CARGO_BIN_EXE_xtask"))
            .current_dir(&sub)
            .env("XTASK_ROOT", &fixture.0)
            .args(["eval", "../spec/action/armor.md"]),
    );
    assert!(run.ok(), "the chapter must evaluate as itself:\n{run}");
    assert_has(
        &run,
        &[
            " fixture-absorb: agrees",
            " fixture-absorb-misprint: erratum",
        ],
    );
    for line in run.stdout.lines().filter(|l| !l.starts_with(' ')) {
        assert!(
            line.starts_with("spec/action/armor.md:"),
            "`{line}` does not name the chapter as spec/action/armor.md:\n{run}"
        );
    }
}

#[test]
fn properties_of_a_scratch_file_are_checked_with_their_counterexample() {
    let fixture = Scratch::fixture("eval-properties");
    let property = |id: &str, law: &str| {
        format!(
            "\n```property {id}\nrule = \"armor.absorb\"\n[given]\ndamage = 20\nav = {{ from = 0, to = 30 }}\n[law]\n{law}\n```\n"
        )
    };
    let body = format!(
        "\n# Scratch {{#scratch-props}}\n{}{}",
        property(
            "scratch-less-through",
            "non-increasing = { output = \"damage_through\", in = \"av\" }"
        ),
        property(
            "scratch-more-through",
            "non-decreasing = { output = \"damage_through\", in = \"av\" }"
        ),
    );
    let (path, text) = chapter(&fixture.0, "properties", &body);
    let run = eval(&fixture.0, &[path.to_str().unwrap()]);
    assert_eq!(run.code, Some(1), "a false law must fail:\n{run}");
    let at = |id: &str| {
        let line = line_no(&text, &format!("```property {id}"));
        format!("properties.md:{line} {id}")
    };
    let holds = format!(
        "{}: holds at every input of the domain: 30 judged",
        at("scratch-less-through")
    );
    let fails = format!("{}: fails", at("scratch-more-through"));
    // Checked whole, the first pair in order that breaks the law: AV 0 to AV 1.
    assert_has(
        &run,
        &[
            &holds,
            &fails,
            "verdict: FAILS: `damage_through` fell from 20 at av = 0 to 19 at av = 1",
            "      1. [armor-value] 20 - AV 0 = 20",
            "some examples or properties fail",
        ],
    );
}
