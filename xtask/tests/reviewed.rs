//! `spec/reviewed.toml` read as evidence, on scratch copies of the fixture
//! book stamped through the real binary: each fault of the file (a text that
//! does not hash to its checksum, a missing field, a wrong type, a duplicate
//! key, a date no calendar has, an empty reviewer, a file outside the spec, a
//! folder in the file's place) fails `check --reviewed` at its line and column
//! with a code, in text and in JSON; a stamp refuses an empty reviewer and a
//! scope that covers a failing example, says what it stamped, and suggests a
//! scope for a typo; and what a terminal would act on is never printed raw.

mod common;

use std::path::Path;

use codegen::DiagCode;
use common::{Run, Scratch, edit, xtask};
use serde_json::Value as Json;

const REVIEWED: &str = "spec/reviewed.toml";

/// A scratch copy of the fixture book, stamped as reviewed by A. Tester:
/// through the binary once, its stamp then copied into each scratch.
fn stamped(name: &str) -> Scratch {
    static STAMP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let stamp = STAMP.get_or_init(|| {
        let first = Scratch::fixture("reviewed-first-stamp");
        let run = xtask(&first.0, &["audit", "--stamp", "--reviewer", "A. Tester"]);
        assert!(run.ok(), "{run}");
        reviewed(&first.0)
    });
    let scratch = Scratch::fixture(name);
    std::fs::write(scratch.0.join(REVIEWED), stamp).expect("copy the stamp");
    scratch
}

fn reviewed(root: &Path) -> String {
    std::fs::read_to_string(root.join(REVIEWED)).expect("the stamp")
}

/// `path:line:col` of the first `needle` in the reviewed state, as a
/// diagnostic gives it (the column counted in characters).
fn place(root: &Path, needle: &str) -> String {
    let text = reviewed(root);
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("no `{needle}` in the stamp"));
    let line = text[..at].matches('\n').count() + 1;
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let column = text[start..at].chars().count() + 1;
    format!("{REVIEWED}:{line}:{column}")
}

/// `check --reviewed` fails with `code` at `at` (`path:line:col`), and so
/// does its JSON, one object per line with the same place and code.
fn fails_at(root: &Path, code: &str, at: &str) -> Run {
    let run = xtask(root, &["check", "--reviewed"]);
    assert_eq!(run.code, Some(1), "{run}");
    assert!(
        run.stderr.contains(&format!("error[{code}]")) && run.stderr.contains(&format!("--> {at}")),
        "no error[{code}] at {at}:\n{run}"
    );
    let json = xtask(root, &["check", "--reviewed", "--message-format=json"]);
    assert_eq!(json.code, Some(1), "{json}");
    let objects: Vec<Json> = json
        .stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    let (file, rest) = at.split_once(':').expect("path:line:col");
    let (line, column) = rest.split_once(':').expect("line:col");
    assert!(
        objects.iter().any(|o| o["code"] == code
            && o["file"] == file
            && o["line"] == line.parse::<u64>().expect("a line")
            && o["column"] == column.parse::<u64>().expect("a column")),
        "no JSON object for {code} at {at}: {objects:#?}"
    );
    run
}

#[test]
fn a_text_that_does_not_hash_to_its_checksum_fails_at_the_checksum() {
    let s = stamped("reviewed-checksum");
    let root = &s.0;
    // The stamped text of a section, changed after the stamp.
    let text = reviewed(root);
    let entry = text.find("[book.action.armor-value]").expect("the entry");
    let sha = entry + text[entry..].find("sha256 = ").expect("its checksum");
    let body = entry + text[entry..].find("text = ").expect("its text");
    let changed = text[body..].replacen("Armor", "Armour", 1);
    std::fs::write(root.join(REVIEWED), format!("{}{changed}", &text[..body])).expect("tamper");
    let at = {
        let line = text[..sha].matches('\n').count() + 1;
        format!("{REVIEWED}:{line}:10")
    };
    let run = fails_at(root, "review-checksum", &at);
    assert!(
        run.stderr
            .contains("the text reviewed does not hash to its checksum"),
        "{run}"
    );
    assert!(run.stderr.contains("the text hashes to "), "{run}");
}

#[test]
fn a_missing_field_fails_at_its_entry() {
    for field in [
        "text", "kind", "chapter", "file", "sha256", "reviewer", "date",
    ] {
        let s = stamped(&format!("reviewed-missing-{field}"));
        let root = &s.0;
        let text = reviewed(root);
        let entry = text.find("[book.action.armor-value]").expect("the entry");
        let next = entry + 1 + text[entry + 1..].find("\n[").expect("the next entry");
        let start = entry
            + text[entry..next]
                .find(&format!("\n{field} = "))
                .expect(field)
            + 1;
        // The field's line, or its lines for a text of several.
        let end = match text[start..].starts_with("text = \"\"\"") {
            true => start + 10 + text[start + 10..].find("\"\"\"\n").expect("closed") + 4,
            false => start + text[start..].find('\n').expect("a line") + 1,
        };
        std::fs::write(
            root.join(REVIEWED),
            format!("{}{}", &text[..start], &text[end..]),
        )
        .expect("drop the field");
        let at = place(root, "[book.action.armor-value]");
        let run = fails_at(root, "review-malformed", &at);
        assert!(
            run.stderr.contains(&format!(
                "the entry of `armor-value` of system `action` has no `{field}`"
            )),
            "{run}"
        );
    }
}

/// `path:line:col` of the value of the first line `key = value` in the
/// reviewed state.
fn place_of_value(root: &Path, line: &str) -> String {
    let at = place(root, line);
    let (before, column) = at.rsplit_once(':').expect("a column");
    let key = line.find("= ").expect("key = value") + 2;
    let column = column.parse::<usize>().expect("a column") + line[..key].chars().count();
    format!("{before}:{column}")
}

/// A field edited to `to` fails with `code` where the new value starts.
fn edited_fails(name: &str, from: &str, to: &str, code: &str, message: &str) {
    let s = stamped(name);
    let root = &s.0;
    let text = reviewed(root);
    let entry = text.find("[book.action.armor-value]").expect("the entry");
    let at = entry + text[entry..].find(from).expect(from);
    let edited = format!("{}{to}{}", &text[..at], &text[at + from.len()..]);
    std::fs::write(root.join(REVIEWED), edited).expect("edit the stamp");
    let run = fails_at(root, code, &place_of_value(root, to));
    assert!(run.stderr.contains(message), "{run}");
}

#[test]
fn a_date_no_calendar_has_fails_at_the_date() {
    let today = reviewed(&stamped("reviewed-date-probe").0);
    let date = today
        .lines()
        .find_map(|l| l.strip_prefix("date = "))
        .expect("a date")
        .to_string();
    let cases = [
        (
            "\"<script>alert(1)</script>\"",
            "is not a day of the calendar",
        ),
        (
            "\"2026-02-30\"",
            "`2026-02-30` is not a day of the calendar",
        ),
    ];
    for (i, (bad, message)) in cases.into_iter().enumerate() {
        let to = format!("date = {bad}");
        edited_fails(
            &format!("reviewed-date-{i}"),
            &format!("date = {date}"),
            &to,
            "review-entry",
            message,
        );
    }
}

#[test]
fn an_empty_reviewer_fails_at_the_name() {
    for (i, name) in ["\"\"", "\"   \""].into_iter().enumerate() {
        edited_fails(
            &format!("reviewed-reviewer-{i}"),
            "reviewer = \"A. Tester\"",
            &format!("reviewer = {name}"),
            "review-entry",
            "the reviewer's name is empty",
        );
    }
}

#[test]
fn a_value_of_the_wrong_type_fails_at_the_value() {
    edited_fails(
        "reviewed-type",
        "reviewer = \"A. Tester\"",
        "reviewer = 3",
        "review-malformed",
        "invalid type: integer `3`",
    );
}

#[test]
fn a_file_outside_the_chapter_is_malformed_not_removed() {
    edited_fails(
        "reviewed-passwd",
        "file = \"spec/action/armor.md\"",
        "file = \"../../etc/passwd\"",
        "review-entry",
        "`../../etc/passwd` is not the file of `armor-value` of system `action`",
    );
    // A function's file must be a `.rs` file of rules/src, by plain names.
    let s = stamped("reviewed-function-file");
    let root = &s.0;
    let text = reviewed(root);
    let entry = text.find("[code.\"").expect("a function's entry");
    let file = entry + text[entry..].find("file = \"rules/src/").expect("its file");
    let end = file + text[file..].find('\n').expect("a line");
    let bad = "file = \"rules/src/../../../etc/passwd\"";
    std::fs::write(
        root.join(REVIEWED),
        format!("{}{bad}{}", &text[..file], &text[end..]),
    )
    .expect("edit the stamp");
    fails_at(root, "review-entry", &place_of_value(root, bad));
}

#[test]
fn a_duplicate_key_fails_at_the_second() {
    let s = stamped("reviewed-duplicate");
    let root = &s.0;
    let text = reviewed(root);
    let entry = text.find("[book.action.armor-value]").expect("the entry");
    let line = entry + text[entry..].find("reviewer = ").expect("a reviewer");
    let twice = format!(
        "{}reviewer = \"B. Other\"\n{}",
        &text[..line],
        &text[line..]
    );
    std::fs::write(root.join(REVIEWED), twice).expect("edit the stamp");
    // The second `reviewer` of the entry: the line after the one inserted.
    let second = text[..line].matches('\n').count() + 2;
    let run = fails_at(root, "review-malformed", &format!("{REVIEWED}:{second}:1"));
    assert!(run.stderr.contains("duplicate key"), "{run}");
}

#[test]
fn an_entry_of_an_item_that_is_gone_is_reported_as_removed() {
    let s = stamped("reviewed-removed");
    let root = &s.0;
    let text = reviewed(root);
    let start = text.find("[book.action.armor-value]").expect("the entry");
    let end = start + 1 + text[start + 1..].find("\n[").expect("the next entry");
    let copy = text[start..end].replace("[book.action.armor-value]", "[book.action.armor-gone]");
    std::fs::write(root.join(REVIEWED), format!("{text}\n{copy}\n")).expect("add an entry");
    let run = xtask(root, &["check", "--reviewed"]);
    assert_eq!(run.code, Some(1), "{run}");
    assert!(
        run.stderr
            .contains("spec/action/armor.md: section `armor-gone` removed since review"),
        "{run}"
    );
}

#[test]
fn a_folder_in_the_place_of_the_reviewed_state_is_named_as_such() {
    let s = Scratch::fixture("reviewed-folder");
    let root = &s.0;
    std::fs::create_dir_all(root.join(REVIEWED).join("x")).expect("a folder");
    let run = xtask(root, &["check", "--reviewed"]);
    assert_eq!(run.code, Some(1), "{run}");
    assert!(
        run.stderr
            .contains("error[E0002]: `reviewed.toml` is a folder")
            && run.stderr.contains("--> spec/reviewed.toml"),
        "{run}"
    );
    assert!(!run.stderr.contains("E0004"), "{run}");
    // Read on its own, as `review` and `audit` read it.
    let refused = xtask::audit::ReviewRecord::load(root).expect_err("a folder is no stamp");
    assert_eq!(refused.0[0].code, DiagCode::Unreadable);
    assert_eq!(refused.0[0].message, "spec/reviewed.toml is a folder");
}

#[cfg(unix)]
#[test]
fn a_link_in_the_place_of_the_reviewed_state_is_not_followed() {
    let s = Scratch::fixture("reviewed-link");
    let root = &s.0;
    let secret = root.join("secret.txt");
    std::fs::write(&secret, "a line of another file\n").expect("a file elsewhere");
    std::os::unix::fs::symlink(&secret, root.join(REVIEWED)).expect("a link");
    let run = xtask(root, &["review"]);
    assert_eq!(run.code, Some(1), "{run}");
    assert!(
        run.stderr
            .contains("is a symbolic link, which is not followed"),
        "{run}"
    );
    assert!(!run.stderr.contains("another file"), "{run}");
}

/// A FIFO would block a read for ever: it is refused unread, on a thread of
/// its own so that a read that blocks fails the test rather than hanging it.
#[cfg(unix)]
#[test]
fn a_fifo_in_the_place_of_the_reviewed_state_is_not_read() {
    let s = Scratch::new("reviewed-fifo");
    let root = s.0.clone();
    std::fs::create_dir_all(root.join("spec")).expect("spec/");
    let made = std::process::Command::new("mkfifo")
        .arg(root.join(REVIEWED))
        .status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let refused = xtask::audit::ReviewRecord::load(&root).map(|_| ());
        let _ = send.send(refused.map_err(|d| d.0[0].to_string()));
    });
    let refused = receive
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the read did not return (it blocks)");
    assert_eq!(
        refused,
        Err(
            "spec/reviewed.toml:1:1: error[E0001]: spec/reviewed.toml is not a regular file".into()
        )
    );
}

#[test]
fn an_empty_reviewer_is_refused_and_nothing_is_stamped() {
    let s = Scratch::fixture("reviewed-stamp-empty");
    let root = &s.0;
    for name in ["", "  ", "A\u{1b}]0;x\u{7}"] {
        let run = xtask(root, &["audit", "--stamp", "--reviewer", name]);
        assert_eq!(run.code, Some(1), "{run}");
        assert!(run.stderr.contains("the reviewer's name"), "{run}");
        assert!(!run.stderr.contains('\u{1b}'), "{run}");
        assert!(!root.join(REVIEWED).exists(), "stamped by {name:?}");
    }
}

#[test]
fn a_stamp_that_covers_a_failing_example_is_refused_at_the_example() {
    let s = stamped("reviewed-failing");
    let root = &s.0;
    let before = reviewed(root);
    let armor = root.join("spec/action/armor.md");
    edit(
        &armor,
        "[book]\ndamage_through = 6",
        "[book]\ndamage_through = 5",
    );
    let text = std::fs::read_to_string(&armor).expect("the chapter");
    let at = text
        .find("```example fixture-absorb\n")
        .expect("the example");
    let line = text[..at].matches('\n').count() + 1;
    let place = format!("spec/action/armor.md:{line}:1");
    for scope in [
        &[][..],
        &["action"],
        &["action/armor"],
        &["action/armor/fixture-absorb"],
        &["action/fixture-absorb"],
        &["action::armor::absorb"],
        &["rules/src/action/armor.rs"],
    ] {
        let args = [&["audit", "--stamp"], scope, &["--reviewer", "B. Auditor"]].concat();
        let run = xtask(root, &args);
        assert_eq!(run.code, Some(1), "{scope:?}: {run}");
        assert!(
            run.stderr
                .contains("error[review-failing]: example `fixture-absorb` fails")
                && run.stderr.contains(&format!("--> {place}")),
            "{scope:?}: {run}"
        );
        assert!(
            run.stderr.contains("damage_through: book 5 | rules 6"),
            "{run}"
        );
        assert_eq!(reviewed(root), before, "{scope:?} stamped");
    }
    // A scope that covers no failing example still stamps.
    let run = xtask(
        root,
        &[
            "audit",
            "--stamp",
            "outcome-armor",
            "--reviewer",
            "B. Auditor",
        ],
    );
    assert!(run.stdout.contains("stamped "), "{run}");
}

#[test]
fn a_stamp_lists_what_it_stamped_and_a_typo_gets_a_suggestion() {
    let s = Scratch::fixture("reviewed-stamp-list");
    let root = &s.0;
    let run = xtask(
        root,
        &[
            "audit",
            "--stamp",
            "action/armor",
            "--reviewer",
            "B. Auditor",
        ],
    );
    assert!(run.ok(), "{run}");
    let lines: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("stamped "))
        .collect();
    assert!(
        lines.contains(&"spec/action/armor.md:16 section `armor-value`"),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("rules/src/action/armor.rs:")
                && l.contains("function `action::armor::absorb`")),
        "the chapter's resolver functions: {lines:#?}"
    );
    let items = lines.len() - 1;
    assert!(
        lines.last().is_some_and(|l| l.starts_with(&format!("{items} items as reviewed by B. Auditor on "))),
        "{lines:#?}"
    );
    let stamp: toml::Table = toml::from_str(&reviewed(root)).expect("TOML");
    let book = stamp["book"]["action"].as_table().expect("action").len();
    let code = stamp
        .get("code")
        .and_then(|c| c.as_table())
        .map_or(0, |c| c.len());
    assert_eq!(items, book + code, "one line per item stamped");

    let run = xtask(
        root,
        &[
            "audit",
            "--stamp",
            "action/armour",
            "--reviewer",
            "B. Auditor",
        ],
    );
    assert_eq!(run.code, Some(1), "{run}");
    assert!(
        run.stderr.contains("`action/armour` names no item")
            && run.stderr.contains("did you mean `action/armor`?"),
        "{run}"
    );
}

#[test]
fn control_characters_of_the_stamp_are_shown_not_sent_to_the_terminal() {
    let s = stamped("reviewed-control");
    let root = &s.0;
    // A stamped text holding ESC and BEL, with its own checksum: valid, and
    // shown by the queue, since the section changed since.
    let text = reviewed(root);
    let entry = text.find("[book.action.armor-value]").expect("the entry");
    let sha = entry + text[entry..].find("sha256 = \"").expect("a checksum") + 10;
    let body = entry + text[entry..].find("text = \"\"\"\n").expect("a text") + 11;
    let end = body + text[body..].find("\"\"\"").expect("closed");
    let hostile = format!("{}\\u001b]0;owned\\u0007\\u001b[2J", &text[body..end]);
    let decoded = format!("{}\u{1b}]0;owned\u{7}\u{1b}[2J", &text[body..end]);
    let sum = xtask::audit::checksum(&decoded);
    let edited = format!(
        "{}{sum}{}{hostile}{}",
        &text[..sha],
        &text[sha + 64..body],
        &text[end..]
    );
    std::fs::write(root.join(REVIEWED), edited).expect("edit the stamp");
    let run = xtask(root, &["review"]);
    assert!(run.ok(), "{run}");
    assert!(run.stdout.contains("␛]0;owned␇␛[2J"), "{run}");
    assert!(!run.stdout.contains(['\u{1b}', '\u{7}']), "{run}");

    // A reviewer's name holding them is refused, shown as a diagnostic shows it.
    let text = reviewed(root).replace(
        "reviewer = \"A. Tester\"",
        "reviewer = \"A. Tester\\u001b]0;owned\\u0007\"",
    );
    std::fs::write(root.join(REVIEWED), text).expect("edit the stamp");
    let run = xtask(root, &["review"]);
    assert_eq!(run.code, Some(1), "{run}");
    assert!(run.stderr.contains("error[review-entry]"), "{run}");
    assert!(!run.stderr.contains(['\u{1b}', '\u{7}']), "{run}");
}

/// The files of one example of an explanation: `(path, contents)`, each
/// from a `~~~~ <path>` fence under `heading`.
fn explained(explanation: &str, heading: &str) -> Vec<(String, String)> {
    let section = explanation
        .split("\n## ")
        .find(|s| s.starts_with(heading))
        .unwrap_or_else(|| panic!("no `## {heading}`"));
    let mut out = Vec::new();
    let mut lines = section.lines();
    while let Some(line) = lines.next() {
        if let Some(path) = line.strip_prefix("~~~~ ") {
            let body: String = lines
                .by_ref()
                .take_while(|l| *l != "~~~~")
                .map(|l| format!("{l}\n"))
                .collect();
            out.push((path.to_string(), body));
        }
    }
    assert!(!out.is_empty(), "`## {heading}` holds no file");
    out
}

/// The codes that stamping everything finds on the fixture book with `files`
/// written over it.
fn codes_of(code: DiagCode, files: &[(String, String)]) -> Vec<DiagCode> {
    let s = Scratch::fixture(&format!("reviewed-explain-{code}"));
    for (path, body) in files {
        std::fs::write(s.0.join(path), body).expect("write the file");
    }
    let book = xtask::compile_book(&s.0).unwrap_or_else(|d| panic!("{}", d.render()));
    let reports = xtask::reports(&book).expect("the examples run");
    let by = xtask::audit::Reviewer {
        name: "A. Tester".into(),
        date: "2026-01-02".into(),
    };
    let scope = xtask::audit::Scope::All;
    match xtask::audit::stamps::stamp(&s.0, &book, &reports, &by, &scope) {
        Ok(_) => Vec::new(),
        Err(xtask::audit::Refusal::Located(d)) => d.0.iter().map(|d| d.code).collect(),
        Err(xtask::audit::Refusal::Said(e)) => panic!("{code}: {e}"),
    }
}

#[test]
fn every_code_of_the_reviewed_state_is_explained_by_a_wrong_and_a_right_example() {
    let mut wrongs = Vec::new();
    for code in DiagCode::all().filter(|c| c.is_review()) {
        let text = code.explanation();
        assert!(text.starts_with(&format!("# {code}: ")), "{code}");
        let wrong = codes_of(code, &explained(text, "Wrong"));
        if wrong.is_empty() || wrong.iter().any(|c| *c != code) {
            wrongs.push(format!("{code}: the wrong example yields {wrong:?}"));
        }
        let right = codes_of(code, &explained(text, "Right"));
        if !right.is_empty() {
            wrongs.push(format!("{code}: the right example yields {right:?}"));
        }
    }
    assert!(wrongs.is_empty(), "{}", wrongs.join("\n"));
}
