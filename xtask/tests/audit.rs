//! `cargo xtask audit` on scratch copies of the workspace: the report covers the
//! whole book with regen's figures, escapes what the book says, and the stamp
//! cycle (stamp, edit, see the change marked and `check --reviewed` fail, stamp
//! again, pass) works end to end through the real binary.

mod common;

use std::path::Path;
use std::process::Command;

use common::Scratch;
use serde_json::Value as Json;
use xtask::audit::{Review, Stamp};

fn audit_json(root: &Path) -> Json {
    let text = std::fs::read_to_string(root.join("target/audit/audit.json"))
        .expect("the audit wrote audit.json");
    serde_json::from_str(&text).expect("audit.json is JSON")
}

fn run_audit(root: &Path) -> Json {
    let book = xtask::compile_book(root)
        .unwrap_or_else(|d| panic!("the book does not compile:\n{}", d.render()));
    xtask::audit::run(root, &book, false).expect("the audit runs");
    audit_json(root)
}

/// Runs the xtask binary on the workspace at `root`; returns success and stderr.
fn xtask(root: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .env("XTASK_ROOT", root)
        .output()
        .expect("run the xtask binary");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn n(v: &Json) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("{v} is not a count"))
}

#[test]
fn the_report_covers_the_whole_book_with_the_figures_of_regen_s_summary() {
    let scratch = Scratch::workspace_copy("audit-report");
    let root = &scratch.0;
    let json = run_audit(root);
    let book = xtask::compile_book(root).expect("the book compiles");
    let reports = xtask::reports(&book).expect("every case runs");
    let summary = xtask::summary(&book, &reports);

    let systems = json["systems"].as_array().expect("systems");
    assert_eq!(systems.len(), book.systems.len());
    for (s, system) in systems.iter().zip(&book.systems) {
        let c = &s["counts"];
        // The report's figures are the ones regen prints.
        let lines: Vec<&str> = summary.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.split_whitespace().next() == Some(system.id.as_str()))
            .unwrap_or_else(|| panic!("no summary line for {}", system.id));
        let figures = format!(
            "{} chapters, {} tables ({} rows), {} rules, {} examples ({} book, {} ours)",
            c["chapters"], c["tables"], c["rows"], c["rules"], c["examples"], c["book"], c["ours"]
        );
        let verdicts = format!(
            "verdicts: {} agrees, {} erratum, {} fails",
            c["agrees"], c["erratum"], c["fails"]
        );
        assert_eq!(lines[at][system.id.len()..].trim(), figures);
        assert_eq!(lines[at + 1].trim(), verdicts);

        // And they add up to what the report lists.
        let chapters = s["chapters"].as_array().expect("chapters");
        let all = |key: &str| -> Vec<&Json> {
            chapters
                .iter()
                .flat_map(|ch| ch[key].as_array().expect("a list"))
                .collect()
        };
        assert_eq!(n(&c["chapters"]), chapters.len() as u64);
        assert_eq!(n(&c["tables"]), all("tables").len() as u64);
        assert_eq!(
            n(&c["rows"]),
            all("tables").iter().map(|t| n(&t["rows"])).sum::<u64>()
        );
        assert_eq!(n(&c["rules"]), all("rules").len() as u64);
        assert_eq!(n(&c["examples"]), all("examples").len() as u64);
        for verdict in ["agrees", "erratum", "fails"] {
            let listed = all("examples")
                .iter()
                .filter(|e| e["verdict"] == verdict)
                .count();
            assert_eq!(n(&c[verdict]), listed as u64, "{verdict} in {}", system.id);
        }
        assert_eq!(
            n(&c["errata"]),
            all("examples")
                .iter()
                .flat_map(|e| e["claims"].as_array().expect("claims"))
                .filter(|claim| !claim["erratum"].is_null())
                .count() as u64
        );

        // Every chapter has its page, with an anchor for each of its items.
        for (facts, chapter) in chapters.iter().zip(&system.chapters) {
            let page = facts["page"].as_str().expect("page");
            let html = std::fs::read_to_string(root.join("target/audit").join(page))
                .unwrap_or_else(|e| panic!("no page {page}: {e}"));
            let anchors = chapter
                .sections
                .iter()
                .map(|s| s.id.clone())
                .chain(chapter.tables.iter().map(|t| t.id.clone()))
                .chain(chapter.examples.iter().map(|e| e.id.clone()))
                .chain(chapter.rules.iter().map(|r| format!("rule-{}", r.id)));
            for anchor in anchors {
                assert!(
                    html.contains(&format!("id=\"{anchor}\"")),
                    "{page} has no anchor `{anchor}`"
                );
            }
            assert!(
                !html.contains("```") && !html.contains("<!-- table"),
                "{page} still shows a raw block"
            );
            for t in facts["tables"].as_array().expect("tables") {
                for konst in t["constants"].as_array().expect("constants") {
                    let konst = konst.as_str().expect("a name");
                    assert!(html.contains(&format!("<code>{konst}</code>")));
                }
                assert!(
                    !t["readers"].as_array().expect("readers").is_empty(),
                    "no resolver reads table `{}`",
                    t["id"]
                );
            }
        }
    }
    // Every allow of the book is listed, and the front page shows its reason.
    let allows = json["lint_allows"].as_array().expect("lint allows");
    let allowed_items: usize = book
        .chapters()
        .map(|(_, c)| {
            c.tables.iter().map(|t| t.allows.len()).sum::<usize>()
                + c.sections.iter().map(|s| s.allows.len()).sum::<usize>()
        })
        .sum();
    assert_eq!(allows.len(), allowed_items);
    let front = std::fs::read_to_string(root.join("target/audit/index.html")).expect("front page");
    for a in allows {
        let reason = a["reason"].as_str().expect("a reason");
        assert!(!reason.is_empty());
        let shown = reason
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        assert!(
            front.contains(&shown),
            "the front page omits the reason of {a}"
        );
    }
}

#[test]
fn what_the_book_says_is_escaped() {
    let scratch = Scratch::workspace_copy("audit-escape");
    let root = &scratch.0;
    let chapter = root.join("spec/action/falling.md");
    let mut text = std::fs::read_to_string(&chapter).expect("read falling.md");
    text.push_str(
        "\nA script <script>alert(\"x\")</script> & a tag.\n\n<div class=\"raw\">block</div>\n",
    );
    std::fs::write(&chapter, text).expect("edit falling.md");
    run_audit(root);
    let html = std::fs::read_to_string(root.join("target/audit/action/falling.html"))
        .expect("the falling page");
    assert!(!html.contains("<script>") && !html.contains("<div class=\"raw\">"));
    assert!(html.contains("&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; a tag."));
    assert!(html.contains("&lt;div class=&quot;raw&quot;&gt;block&lt;/div&gt;"));
}

#[test]
fn the_stamp_cycle_marks_an_edited_paragraph_until_it_is_stamped_again() {
    let scratch = Scratch::workspace_copy("audit-stamp");
    let root = &scratch.0;

    let (ok, err) = xtask(root, &["audit", "--stamp"]);
    assert!(ok, "audit --stamp failed: {err}");
    assert_eq!(
        audit_json(root)["changed_since_review"],
        Json::Array(Vec::new())
    );
    let (ok, err) = xtask(root, &["check", "--reviewed"]);
    assert!(ok, "check --reviewed fails right after a stamp: {err}");

    // Reword a paragraph of the section `reading-the-table` (line 17).
    let chapter = root.join("spec/action/falling.md");
    let text = std::fs::read_to_string(&chapter).expect("read falling.md");
    let edited = text.replace(
        "seconds the fall lasts.",
        "seconds the fall lasts, rounded up.",
    );
    assert_ne!(edited, text, "the edit changed nothing");
    std::fs::write(&chapter, edited).expect("edit falling.md");

    let (ok, err) = xtask(root, &["audit"]);
    assert!(ok, "audit failed: {err}");
    let json = audit_json(root);
    assert_eq!(
        json["changed_since_review"],
        serde_json::json!([{
            "system": "action",
            "id": "reading-the-table",
            "review": "changed",
            "kind": "section",
            "chapter": "falling",
            "location": "spec/action/falling.md:17",
        }])
    );
    let falling = json["systems"][0]["chapters"]
        .as_array()
        .expect("chapters")
        .iter()
        .find(|c| c["id"] == "falling")
        .expect("the falling chapter");
    let section = falling["sections"]
        .as_array()
        .expect("sections")
        .iter()
        .find(|s| s["id"] == "reading-the-table")
        .expect("the section");
    assert_eq!(section["review"], "changed");
    assert_eq!(
        falling["tables"][0]["review"], "reviewed",
        "the table below the paragraph is unchanged"
    );
    let page = std::fs::read_to_string(root.join("target/audit/action/falling.html"))
        .expect("the falling page");
    assert!(page.contains(
        "#reading-the-table</a> <span class=\"badge review\">changed since review</span>"
    ));
    let front = std::fs::read_to_string(root.join("target/audit/index.html")).expect("index");
    assert!(front.contains("href=\"action/falling.html#reading-the-table\""));

    let (ok, err) = xtask(root, &["check", "--reviewed"]);
    assert!(!ok, "check --reviewed passes with a changed section");
    assert!(
        err.contains("spec/action/falling.md:17: section `reading-the-table` changed since review"),
        "{err}"
    );
    let (ok, err) = xtask(root, &["check"]);
    assert!(ok, "plain check should not look at the review: {err}");

    let (ok, err) = xtask(root, &["audit", "--stamp"]);
    assert!(ok, "audit --stamp failed: {err}");
    let (ok, err) = xtask(root, &["check", "--reviewed"]);
    assert!(ok, "check --reviewed fails after stamping again: {err}");
    assert_eq!(
        audit_json(root)["changed_since_review"],
        Json::Array(Vec::new())
    );
}

#[test]
fn a_renamed_example_is_new_its_old_id_removed_and_the_front_matter_counts() {
    let scratch = Scratch::workspace_copy("audit-rename");
    let root = &scratch.0;
    let book = xtask::compile_book(root).expect("the book compiles");
    Stamp::of(&book).save(root).expect("stamp");
    assert!(Stamp::load(root).expect("load").changes(&book).is_empty());

    let chapter = root.join("spec/action/falling.md");
    let text = std::fs::read_to_string(&chapter).expect("read falling.md");
    let edited = text
        .replace("```example mary-falls\n", "```example mary-falls-again\n")
        .replace("version = \"1\"", "version = \"2\"");
    std::fs::write(&chapter, edited).expect("edit falling.md");
    let book = xtask::compile_book(root).expect("the edited book compiles");
    let changes = Stamp::load(root).expect("load").changes(&book);
    let seen: Vec<(&str, Review)> = changes.iter().map(|c| (c.id.as_str(), c.review)).collect();
    assert!(seen.contains(&("falling", Review::Changed)), "{seen:?}");
    assert!(
        seen.contains(&("mary-falls-again", Review::New)),
        "{seen:?}"
    );
    assert!(seen.contains(&("mary-falls", Review::Removed)), "{seen:?}");
    assert_eq!(
        seen.len(),
        4,
        "the version, the example, its section and the old id: {seen:?}"
    );
}
