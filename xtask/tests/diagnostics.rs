//! Diagnostics through the real binary: codes and suggestions in the human
//! report, `--message-format=json` parsed back line by line, and `explain`.

mod common;

use std::path::Path;

use common::{Scratch, edit, xtask};
use serde_json::Value;

/// Misspells the fixture's rule (`armor.absorb`) and input (`av`) in its first
/// example, whose `rule =` is line 45 of spec/action/armor.md.
fn misspelt(name: &str) -> Scratch {
    let fixture = Scratch::fixture(name);
    let armor = fixture.0.join("spec/action/armor.md");
    edit(
        &armor,
        "```example fixture-absorb\nrule = \"armor.absorb\"",
        "```example fixture-absorb\nrule = \"armor.absorbb\"",
    );
    edit(
        &armor,
        "rule = \"armor.absorb\"\nlines = \"7\"\n\n[given]\ndamage = 12\n",
        "rule = \"armor.absorb\"\nlines = \"7\"\n\n[given]\ndamage = 12\nhalf-av = true\n",
    );
    fixture
}

/// Every line of `stderr` as JSON; fails on a line that is not.
fn json_lines(stderr: &str) -> Vec<Value> {
    stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// The one object whose `code` is `code`.
fn with_code<'a>(objects: &'a [Value], code: &str) -> &'a Value {
    let hits: Vec<&Value> = objects.iter().filter(|o| o["code"] == code).collect();
    assert_eq!(hits.len(), 1, "one {code} in {objects:#?}");
    hits[0]
}

#[test]
fn a_misspelt_rule_and_input_are_reported_with_their_code_and_the_closest_name() {
    let fixture = misspelt("diag-human");
    let run = xtask(&fixture.0, &["check"]);
    assert_eq!(run.code, Some(1), "{run}");
    for expected in [
        "error[E0023]: example `fixture-absorb` names unknown rule `armor.absorbb`",
        "--> spec/action/armor.md:48:8",
        "did you mean `armor.absorb`?",
        "error[E0024]: rule `armor.absorb` takes no input `half-av`",
        "did you mean `half_av`?",
    ] {
        assert!(run.stderr.contains(expected), "no `{expected}`:\n{run}");
    }
    assert!(!run.stderr.contains("note:"), "no list of names:\n{run}");
}

#[test]
fn json_diagnostics_give_place_code_and_rendering_on_every_line() {
    let fixture = misspelt("diag-json");
    for command in [
        &["check", "--message-format=json"][..],
        &["regen", "--message-format", "json"],
    ] {
        let run = xtask(&fixture.0, command);
        assert_eq!(run.code, Some(1), "{run}");
        let objects = json_lines(&run.stderr);
        let rule = with_code(&objects, "E0023");
        assert_eq!(rule["file"], "spec/action/armor.md", "{rule:#}");
        assert_eq!((&rule["line"], &rule["column"]), (&48.into(), &8.into()));
        assert_eq!(
            (&rule["end"]["line"], &rule["end"]["column"]),
            (&48.into(), &23.into())
        );
        assert_eq!(rule["severity"], "error");
        assert_eq!(rule["label"], "did you mean `armor.absorb`?");
        let rendered = rule["rendered"].as_str().expect("rendered text");
        assert!(
            rendered.starts_with("error[E0023]: example `fixture-absorb`"),
            "{rendered}"
        );
        let input = with_code(&objects, "E0024");
        assert_eq!(
            input["message"],
            "rule `armor.absorb` takes no input `half-av`"
        );
        assert!(
            input["notes"].as_array().is_some_and(Vec::is_empty),
            "{input:#}"
        );
    }
}

#[test]
fn json_covers_lints_failing_examples_and_eval() {
    let fixture = Scratch::fixture("diag-json-failing");
    let root = &fixture.0;
    edit(
        &root.join("spec/action/armor.md"),
        "damage_through = 6\n",
        "damage_through = 5\n",
    );
    let run = xtask(root, &["regen", "--message-format=json"]);
    assert_eq!(run.code, Some(1), "{run}");
    let objects = json_lines(&run.stderr);
    assert!(
        objects.iter().any(|o| o["code"].is_null()
            && o["rendered"]
                .as_str()
                .is_some_and(|r| r.contains("fixture-absorb: fails"))),
        "the failing example is a JSON object too: {objects:#?}"
    );
    let scratch = root.join("scratch.md");
    let armor = std::fs::read_to_string(root.join("spec/action/armor.md")).expect("read");
    std::fs::write(&scratch, armor.replace("av = 10", "av = \"ten\"")).expect("write");
    let run = xtask(root, &["eval", "--message-format=json", path(&scratch)]);
    assert_eq!(run.code, Some(1), "{run}");
    let objects = json_lines(&run.stderr);
    let value = with_code(&objects, "E0027");
    assert_eq!(value["file"], "scratch.md");
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

#[test]
fn explain_prints_a_code_with_its_examples_and_suggests_for_an_unknown_one() {
    let nowhere = Path::new("/nonexistent");
    for code in ["E0023", "e0023", "band-gap"] {
        let run = xtask(nowhere, &["explain", code]);
        assert!(run.ok(), "{run}");
        let heading = format!(
            "# {}: ",
            code.to_uppercase().replace("BAND-GAP", "band-gap")
        );
        assert!(run.stdout.starts_with(&heading), "{run}");
        assert!(
            run.stdout.contains("## Wrong") && run.stdout.contains("## Right"),
            "{run}"
        );
    }
    for (code, hint) in [
        ("E0223", "did you mean `E0023`?"),
        ("band-gaps", "did you mean `band-gap`?"),
    ] {
        let run = xtask(nowhere, &["explain", code]);
        assert_eq!(run.code, Some(2), "{run}");
        assert!(
            run.stderr
                .contains(&format!("no error code or lint `{code}`")),
            "{run}"
        );
        assert!(run.stderr.contains(hint), "{run}");
    }
    let run = xtask(nowhere, &["explain", "zzzz"]);
    assert_eq!(run.code, Some(2), "{run}");
    assert!(
        run.stderr.contains("codes run from E0001 to E0031"),
        "{run}"
    );
}

/// An example id too long to name its case file stops regen at the id, with a
/// code, before any file is written (it used to fail on the file system's
/// "File name too long", with no place).
#[test]
fn regen_refuses_an_id_too_long_for_a_file_name_before_writing() {
    let fixture = Scratch::fixture("diag-long-id");
    let long = "a".repeat(300);
    edit(
        &fixture.0.join("spec/action/armor.md"),
        "```example fixture-absorb\n",
        &format!("```example {long}\n"),
    );
    let cases = fixture.0.join("conformance/cases/action");
    let listed = || {
        let mut names: Vec<_> = std::fs::read_dir(&cases)
            .expect("the fixture's case folder")
            .map(|e| e.expect("an entry").file_name())
            .collect();
        names.sort();
        names
    };
    let before = listed();
    let run = xtask(&fixture.0, &["regen"]);
    assert_eq!(run.code, Some(1), "{run}");
    let expected = format!(
        "error[E0006]: id `{}…` is 300 bytes long, and an id is at most 100\n  --> spec/action/armor.md:47:12",
        &long[..24]
    );
    assert!(run.stderr.contains(&expected), "no `{expected}`:\n{run}");
    assert_eq!(listed(), before, "regen wrote into {}", cases.display());
}
