//! `cargo xtask eval` end to end: runs the real binary on scratch chapters
//! written outside `spec/` and checks its exit status and what it prints.
//!
//! Every scratch chapter joins system `action`, whose section, table and example
//! ids are one namespace across `spec/action` and the scratch file, so every id
//! here starts with `scratch-`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const FRONT: &str = r#"+++
system = "action"
title = "Scratch"
version = "1"

[source]
book = "Scratch"
section = "Scratch"
+++
"#;

/// A scratch folder, removed when dropped (also when the test panics).
struct Scratch(PathBuf);

impl Scratch {
    fn under(base: &Path, name: &str) -> Scratch {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = base.join(format!("xtask-eval-{name}-{}-{nanos}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create the scratch folder");
        Scratch(dir)
    }

    /// A folder in the system's temp dir, outside the workspace.
    fn new(name: &str) -> Scratch {
        Scratch::under(&std::env::temp_dir(), name)
    }

    /// Writes `FRONT` then `body` to `<name>.md`; returns its path and text.
    fn chapter(&self, name: &str, body: &str) -> (PathBuf, String) {
        let text = format!("{FRONT}{body}");
        let path = self.0.join(format!("{name}.md"));
        std::fs::write(&path, &text).expect("write the scratch chapter");
        (path, text)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

struct Run {
    ok: bool,
    stdout: String,
    stderr: String,
}

fn eval(path: &Path) -> Run {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("eval")
        .arg(path)
        .output()
        .expect("run the xtask binary");
    Run {
        ok: status.success(),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    }
}

impl std::fmt::Display for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "success: {}\n--- stdout\n{}--- stderr\n{}",
            self.ok, self.stdout, self.stderr
        )
    }
}

/// The 1-based number of the first line of `text` that is exactly `line`.
fn line_no(text: &str, line: &str) -> usize {
    text.lines()
        .position(|l| l == line)
        .unwrap_or_else(|| panic!("the fixture has no line `{line}`"))
        + 1
}

/// How the tool shows `path`: relative to the workspace root inside it, else as is.
fn shown(path: &Path) -> String {
    let root = workspace_root();
    path.strip_prefix(&root)
        .unwrap_or(path)
        .display()
        .to_string()
}

fn fall_example(id: &str, book: &str) -> String {
    format!(
        r#"
# Scratch {{#{id}-chapter}}

```example {id}
rule = "falling.fall"

[given]
distance = 24

[book]
{book}
```
"#
    )
}

#[test]
fn a_wrong_claim_fails_and_shows_both_values() {
    let scratch = Scratch::new("wrong");
    let (path, text) = scratch.chapter(
        "wrong",
        &fall_example("scratch-wrong-fall", "damage = \"8d6\""),
    );
    let run = eval(&path);
    assert!(!run.ok, "a wrong claim must fail:\n{run}");
    let fence = line_no(&text, "```example scratch-wrong-fall");
    let head = format!("{}:{fence} scratch-wrong-fall: fails", shown(&path));
    assert!(run.stdout.contains(&head), "no `{head}` in:\n{run}");
    for needle in ["fails", "8d6", "9d6", "damage: book 8d6 | rules 9d6"] {
        assert!(run.stdout.contains(needle), "no `{needle}` in:\n{run}");
    }
    assert!(
        run.stdout.contains("undocumented disagreement"),
        "the failure does not say why:\n{run}"
    );
    assert!(
        run.stderr.contains("some examples or properties fail"),
        "{run}"
    );
}

#[test]
fn correct_claims_agree() {
    let scratch = Scratch::new("right");
    let (path, text) = scratch.chapter(
        "right",
        &fall_example("scratch-right-fall", "damage = \"9d6\"\nseconds = 2"),
    );
    let run = eval(&path);
    assert!(run.ok, "correct claims must pass:\n{run}");
    let fence = line_no(&text, "```example scratch-right-fall");
    let head = format!("{}:{fence} scratch-right-fall: agrees", shown(&path));
    assert!(run.stdout.contains(&head), "no `{head}` in:\n{run}");
    assert!(
        run.stdout.contains("damage: book 9d6 | rules 9d6  agrees"),
        "{run}"
    );
    assert!(
        run.stdout.contains("seconds: book 2 | rules 2  agrees"),
        "{run}"
    );
    assert!(!run.stdout.contains("fails"), "{run}");
}

#[test]
fn a_refusal_shows_the_reason_and_the_rules_message() {
    let scratch = Scratch::new("refused");
    let refused = |id: &str, distance: u32| {
        fall_example(id, "reason = \"not one the table covers\"")
            .replace("[book]", "[refused]")
            .replace("distance = 24", &format!("distance = {distance}"))
    };
    let body = refused("scratch-refused-zero", 0) + &refused("scratch-refused-one", 1);
    let (path, _) = scratch.chapter("refused", &body);
    let run = eval(&path);
    assert!(
        !run.ok,
        "a refusal the rule does not make must fail:\n{run}"
    );
    for needle in [
        "scratch-refused-zero: agrees",
        "refused: \"not one the table covers\" | rules refused \"a fall of 0 m is not one the table covers\"  agrees",
        "scratch-refused-one: fails",
        "rules resolved band = \"1-2\"",
        "fails: the rule resolves instead of refusing",
    ] {
        assert!(run.stdout.contains(needle), "no `{needle}` in:\n{run}");
    }
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

/// Evaluates the ragged chapter at `path` and checks the diagnostic points at
/// the bad row, with the path shown as the tool should show it.
fn assert_ragged_row_reported(scratch: &Scratch) {
    let (path, text) = scratch.chapter("ragged", RAGGED);
    let run = eval(&path);
    assert!(!run.ok, "a ragged table must not compile:\n{run}");
    let row = line_no(&text, "| 3 | 4 | 5 |");
    let location = format!("{}:{row}:1", shown(&path));
    assert!(
        run.stderr.contains(&location),
        "stderr does not point at `{location}`:\n{run}"
    );
    assert!(
        run.stderr
            .contains("ragged row: 3 cells where table `scratch-ragged-table` has 2 columns"),
        "{run}"
    );
    assert!(run.stderr.contains("1 error in the spec"), "{run}");
    assert!(run.stdout.is_empty(), "nothing is evaluated:\n{run}");
}

#[test]
fn a_ragged_row_outside_the_workspace_is_shown_by_its_full_path() {
    let scratch = Scratch::new("ragged");
    assert!(
        !scratch.0.starts_with(workspace_root()),
        "the temp dir is inside the workspace; this test wants one outside"
    );
    assert_ragged_row_reported(&scratch);
}

#[test]
fn a_ragged_row_inside_the_workspace_is_shown_relative_to_it() {
    let scratch = Scratch::under(Path::new(env!("CARGO_TARGET_TMPDIR")), "ragged");
    assert_ragged_row_reported(&scratch);
}

#[test]
fn an_erratum_that_no_longer_disagrees_fails() {
    let scratch = Scratch::new("stale");
    let (path, text) = scratch.chapter(
        "stale",
        r#"
# Scratch {#scratch-stale-chapter}

## A ruling {#scratch-stale-ruling}

The book once printed a different figure.

```example scratch-stale-fall
rule = "falling.fall"

[given]
distance = 24

[book]
damage = "9d6"

[errata.damage]
rules = "9d6"
ruling = "scratch-stale-ruling"
reason = "The book and the rules once disagreed."
```
"#,
    );
    let run = eval(&path);
    assert!(!run.ok, "a stale erratum must fail:\n{run}");
    let fence = line_no(&text, "```example scratch-stale-fall");
    let head = format!("{}:{fence} scratch-stale-fall: fails", shown(&path));
    assert!(run.stdout.contains(&head), "no `{head}` in:\n{run}");
    assert!(
        run.stdout
            .contains("damage: book 9d6 | rules 9d6  fails: the erratum no longer disagrees"),
        "{run}"
    );
}

/// A spec chapter named through `..` (as from `cargo xtask eval ../spec/...` run
/// in a subfolder) is the same chapter, not a second copy of it.
#[test]
fn a_spec_chapter_named_through_dot_dot_is_the_same_chapter() {
    let root = workspace_root();
    let run = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .current_dir(root.join("xtask"))
        .args(["eval", "../spec/action/falling.md"])
        .output()
        .expect("run the xtask binary");
    let run = Run {
        ok: run.status.success(),
        stdout: String::from_utf8_lossy(&run.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&run.stderr).into_owned(),
    };
    assert!(run.ok, "the chapter must evaluate as itself:\n{run}");
    assert!(
        run.stdout.contains(" mary-falls: agrees"),
        "no mary-falls in:\n{run}"
    );
    for line in run.stdout.lines().filter(|l| !l.starts_with(' ')) {
        assert!(
            line.starts_with("spec/action/falling.md:"),
            "`{line}` does not name the chapter as spec/action/falling.md:\n{run}"
        );
    }
}

#[test]
fn properties_of_a_scratch_file_are_checked_with_their_counterexample() {
    let scratch = Scratch::new("properties");
    let property = |id: &str, law: &str| {
        format!(
            "\n```property {id}\nrule = \"falling.fall\"\n[given]\ndistance = {{ from = 1, to = 300 }}\n[law]\n{law}\n```\n"
        )
    };
    let body = format!(
        "\n# Scratch {{#scratch-props}}\n{}{}",
        property(
            "scratch-longer-falls",
            "non-decreasing = { output = \"damage\", in = \"distance\" }"
        ),
        property(
            "scratch-shorter-falls",
            "non-increasing = { output = \"damage\", in = \"distance\" }"
        ),
    );
    let (path, text) = scratch.chapter("properties", &body);
    let run = eval(&path);
    assert!(!run.ok, "a false law must fail:\n{run}");
    let at = |id: &str| line_no(&text, &format!("```property {id}"));
    let holds = format!(
        "{}:{} scratch-longer-falls: holds at every input of the domain: 299 judged",
        shown(&path),
        at("scratch-longer-falls")
    );
    assert!(run.stdout.contains(&holds), "no `{holds}` in:\n{run}");
    let fails = format!(
        "{}:{} scratch-shorter-falls: fails",
        shown(&path),
        at("scratch-shorter-falls")
    );
    assert!(run.stdout.contains(&fails), "no `{fails}` in:\n{run}");
    // Checked whole, the first pair in order that breaks the law: 2 m to 3 m.
    for needle in [
        "verdict: FAILS: `damage` rose from 1d6 (mean 3.5) at distance = 2 to 2d6 (mean 7) at distance = 3",
        "      1. [falling-table] 3 m, row 3-4",
    ] {
        assert!(run.stdout.contains(needle), "no `{needle}` in:\n{run}");
    }
    assert!(
        run.stderr.contains("some examples or properties fail"),
        "{run}"
    );
}
