//! `cargo xtask audit` on scratch workspaces of the fixture book
//! (`common::Scratch::fixture`): the report covers the whole book with regen's
//! figures, escapes what the book says, and the stamp cycle (stamp, edit the
//! prose or a resolver function, see the change marked and `check --reviewed`
//! fail, stamp again, pass) works end to end through the real binary.

mod common;

use std::path::Path;

use common::{Scratch, edit};
use serde_json::Value as Json;
use xtask::audit::{Code, Review, Stamp};

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
    let run = common::xtask(root, args);
    (run.ok(), run.stderr)
}

/// `href` (relative to the report's folder) leads to a page of the report that
/// has its anchor.
fn assert_lands(root: &Path, href: &str) {
    let (page, anchor) = href.split_once('#').unwrap_or((href, ""));
    let html = std::fs::read_to_string(root.join("target/audit").join(page))
        .unwrap_or_else(|e| panic!("`{href}` leads to no page: {e}"));
    assert!(
        anchor.is_empty() || html.contains(&format!("id=\"{anchor}\"")),
        "`{href}` leads to no anchor"
    );
}

/// Stamps the workspace at `root` through the binary; then nothing is changed
/// since review and `check --reviewed` passes.
fn stamp(root: &Path) {
    let (ok, err) = xtask(root, &["audit", "--stamp"]);
    assert!(ok, "audit --stamp failed: {err}");
    assert_eq!(
        audit_json(root)["changed_since_review"],
        Json::Array(Vec::new())
    );
    let (ok, err) = xtask(root, &["check", "--reviewed"]);
    assert!(ok, "check --reviewed fails right after a stamp: {err}");
}

/// `check --reviewed` fails saying `line` while plain `check` passes, until
/// the next stamp.
fn fails_review_until_stamped(root: &Path, line: &str) {
    let (ok, err) = xtask(root, &["check", "--reviewed"]);
    assert!(!ok, "check --reviewed passes with a change since review");
    assert!(err.contains(line), "{err}");
    let (ok, err) = xtask(root, &["check"]);
    assert!(ok, "plain check should not look at the review: {err}");
    stamp(root);
}

fn n(v: &Json) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("{v} is not a count"))
}

#[test]
fn the_report_covers_the_whole_book_with_the_figures_of_regen_s_summary() {
    let scratch = Scratch::fixture("audit-report");
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

        // Every rule's code panel names its function, and what else it covers
        // leads to its source.
        for rule in chapters
            .iter()
            .flat_map(|ch| ch["rules"].as_array().expect("rules"))
        {
            let code = &rule["code"];
            let source = code["source"].as_str().expect("its function's source");
            let path = rule["resolver"].as_str().expect("a path");
            let name = path.rsplit("::").next().expect("a name");
            assert!(
                source.contains(&format!("fn {name}")) || source.contains(&format!("fn r#{name}")),
                "{source}"
            );
            for call in code["calls"].as_array().expect("calls") {
                assert_lands(root, call["href"].as_str().expect("a link"));
            }
        }

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
                for reader in t["readers"].as_array().expect("readers") {
                    assert_lands(root, reader["href"].as_str().expect("a link"));
                }
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
    let scratch = Scratch::fixture("audit-escape");
    let root = &scratch.0;
    let chapter = root.join("spec/action/armor.md");
    let mut text = std::fs::read_to_string(&chapter).expect("read armor.md");
    text.push_str(
        "\nA script <script>alert(\"x\")</script> & a tag.\n\n<div class=\"raw\">block</div>\n",
    );
    std::fs::write(&chapter, text).expect("edit armor.md");
    run_audit(root);
    let html = std::fs::read_to_string(root.join("target/audit/action/armor.html"))
        .expect("the armor page");
    assert!(!html.contains("<script>") && !html.contains("<div class=\"raw\">"));
    assert!(html.contains("&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; a tag."));
    assert!(html.contains("&lt;div class=&quot;raw&quot;&gt;block&lt;/div&gt;"));
}

#[test]
fn the_stamp_cycle_marks_an_edited_paragraph_until_it_is_stamped_again() {
    let scratch = Scratch::fixture("audit-stamp");
    let root = &scratch.0;

    stamp(root);

    // Reword a paragraph of the section `armor-value` (line 15).
    edit(
        &root.join("spec/action/armor.md"),
        "nothing once it is through.",
        "nothing once it is through, however thin the armor.",
    );

    let (ok, err) = xtask(root, &["audit"]);
    assert!(ok, "audit failed: {err}");
    let json = audit_json(root);
    assert_eq!(
        json["changed_since_review"],
        serde_json::json!([{
            "system": "action",
            "id": "armor-value",
            "review": "changed",
            "kind": "section",
            "chapter": "armor",
            "location": "spec/action/armor.md:15",
        }])
    );
    let armor = json["systems"][0]["chapters"]
        .as_array()
        .expect("chapters")
        .iter()
        .find(|c| c["id"] == "armor")
        .expect("the armor chapter");
    let section = armor["sections"]
        .as_array()
        .expect("sections")
        .iter()
        .find(|s| s["id"] == "armor-value")
        .expect("the section");
    assert_eq!(section["review"], "changed");
    assert_eq!(
        armor["tables"][0]["review"], "reviewed",
        "the table below the paragraph is unchanged"
    );
    let page = std::fs::read_to_string(root.join("target/audit/action/armor.html"))
        .expect("the armor page");
    assert!(
        page.contains("#armor-value</a> <span class=\"badge review\">changed since review</span>")
    );
    let front = std::fs::read_to_string(root.join("target/audit/index.html")).expect("index");
    assert!(front.contains("href=\"action/armor.html#armor-value\""));

    fails_review_until_stamped(
        root,
        "spec/action/armor.md:15: section `armor-value` changed since review",
    );
}

#[test]
fn a_renamed_example_is_new_its_old_id_removed_and_the_front_matter_counts() {
    let scratch = Scratch::fixture("audit-rename");
    let root = &scratch.0;
    let book = xtask::compile_book(root).expect("the book compiles");
    let code = Code::scan(root).expect("the resolver parses");
    Stamp::of(&book, &code).save(root).expect("stamp");
    assert!(
        xtask::audit::changes(root, &book)
            .expect("changes")
            .is_empty()
    );

    let chapter = root.join("spec/action/armor.md");
    let text = std::fs::read_to_string(&chapter).expect("read armor.md");
    let edited = text
        .replace(
            "```example fixture-absorb-misprint\n",
            "```example fixture-absorb-misprint-again\n",
        )
        .replace("version = \"1\"", "version = \"2\"");
    std::fs::write(&chapter, edited).expect("edit armor.md");
    let book = xtask::compile_book(root).expect("the edited book compiles");
    let changes = xtask::audit::changes(root, &book).expect("changes");
    let seen: Vec<(&str, Review)> = changes.iter().map(|c| (c.id.as_str(), c.review)).collect();
    assert!(seen.contains(&("armor", Review::Changed)), "{seen:?}");
    assert!(seen.contains(&("misprints", Review::Changed)), "{seen:?}");
    assert!(
        seen.contains(&("fixture-absorb-misprint-again", Review::New)),
        "{seen:?}"
    );
    assert!(
        seen.contains(&("fixture-absorb-misprint", Review::Removed)),
        "{seen:?}"
    );
    assert_eq!(
        seen.len(),
        4,
        "the version, the example, its section and the old id: {seen:?}"
    );
}

/// The rules whose code, as `audit.json` lists it, covers the item `path`.
fn rules_covering(json: &Json, path: &str) -> Vec<String> {
    all_rules(json)
        .filter(|r| {
            let calls = r["code"]["calls"].as_array().expect("calls");
            calls.iter().any(|c| c["path"] == path)
        })
        .map(|r| r["id"].as_str().expect("an id").to_string())
        .collect()
}

fn all_rules(json: &Json) -> impl Iterator<Item = &Json> {
    let systems = json["systems"].as_array().expect("systems");
    systems
        .iter()
        .flat_map(|s| s["chapters"].as_array().expect("chapters"))
        .flat_map(|c| c["rules"].as_array().expect("rules"))
}

#[test]
fn a_helper_s_edit_marks_every_rule_whose_code_reaches_it() {
    let scratch = Scratch::fixture("audit-code");
    let root = &scratch.0;
    stamp(root);
    let stamped = audit_json(root);

    // `succeeds` is a helper of outcome.rs: `outcome.outcome` reaches it only
    // through `measure`, two calls away.
    let helper = "outcome_armor::outcome::succeeds";
    let reached = rules_covering(&stamped, helper);
    assert_eq!(reached, vec!["outcome.outcome".to_string()]);
    edit(
        &root.join("rules/src/outcome_armor/outcome.rs"),
        "outcome >= i64::from(SUCCESS_FROM)",
        "i64::from(SUCCESS_FROM) <= outcome",
    );

    let (ok, err) = xtask(root, &["audit"]);
    assert!(ok, "audit failed: {err}");
    let json = audit_json(root);
    let code = Code::scan(root).expect("the resolver parses");
    let expected: Vec<Json> = all_rules(&json)
        .filter(|r| reached.iter().any(|id| r["id"] == id.as_str()))
        .map(|r| {
            let function = code.item(r["resolver"].as_str().expect("a path")).expect("its function");
            serde_json::json!({
                "system": "outcome-armor",
                "id": r["id"],
                "review": "changed",
                "kind": "code",
                "chapter": r["id"].as_str().and_then(|id| id.split_once('.')).expect("chapter.name").0,
                "location": format!("{}:{}", function.file, function.line),
            })
        })
        .collect();
    assert_eq!(json["changed_since_review"], Json::Array(expected));
    let outcome = all_rules(&json)
        .find(|r| r["id"] == "outcome.outcome")
        .expect("outcome.outcome");
    assert_eq!(outcome["review"], "reviewed", "its rule block is unchanged");
    assert_eq!(outcome["code"]["review"], "changed");
    let absorb = all_rules(&json)
        .find(|r| r["id"] == "armor.absorb")
        .expect("armor.absorb");
    assert_eq!(
        absorb["code"]["review"], "reviewed",
        "absorb does not reach `succeeds`"
    );

    let page = std::fs::read_to_string(root.join("target/audit/outcome-armor/outcome.html"))
        .expect("the outcome page");
    let rule_box = &page[page
        .find("id=\"rule-outcome.outcome\"")
        .expect("the rule box")..];
    let rule_box = &rule_box[..rule_box.find("</section>").expect("its end")];
    assert!(rule_box.contains("<span class=\"badge review\">code changed since review</span>"));
    let front = std::fs::read_to_string(root.join("target/audit/index.html")).expect("index");
    assert!(
        front.contains("code of rule <a href=\"outcome-armor/outcome.html#rule-outcome.outcome\"")
    );

    let function = code
        .item("outcome_armor::outcome::outcome")
        .expect("outcome");
    fails_review_until_stamped(
        root,
        &format!(
            "{}:{}: code of rule `outcome.outcome` changed since review",
            function.file, function.line
        ),
    );
}

#[test]
fn the_front_page_lists_mutation_scores_failures_errata_and_rulings() {
    let scratch = Scratch::fixture("audit-front");
    let root = &scratch.0;
    std::fs::write(root.join("conformance/mutants.toml"), common::MUTANTS)
        .expect("write the record");
    // Misprint one of the book's values, so the example fails.
    edit(
        &root.join("spec/action/armor.md"),
        "damage_through = 6\n",
        "damage_through = 5\n",
    );
    let json = run_audit(root);
    let front = std::fs::read_to_string(root.join("target/audit/index.html")).expect("index");

    let mutation = json["mutation"].as_array().expect("mutation");
    let scope = |id: &str| mutation.iter().find(|m| m["scope"] == id).expect("a scope");
    let action = &scope("action")["run"];
    assert_eq!(
        (
            n(&action["mutants"]),
            n(&action["caught"]),
            n(&action["missed"])
        ),
        (25, 18, 2)
    );
    assert_eq!(action["score"], 0.9);
    assert!(scope("outcome-armor")["run"].is_null());
    let engine = &scope("engine")["run"];
    assert_eq!(n(&engine["timeout"]), 2);
    assert_eq!(engine["survivors"][0]["href"], "code/table.rs.html#L15");
    assert_lands(root, "code/table.rs.html#L15");
    let row = |id: &str| {
        let at = front
            .find(&format!("<tr data-scope=\"{id}\">"))
            .expect("a row");
        &front[at..at + front[at..].find("</tr>").expect("its end")]
    };
    assert!(row("action").contains("<td data-mutation=\"caught\">18</td>"));
    assert!(row("action").contains("<td data-mutation=\"score\">90.0%</td>"));
    assert!(row("outcome-armor").contains("no mutation run recorded"));
    assert!(front.contains("no example sits on a band&#39;s upper edge &lt;here&gt;"));

    let systems = json["systems"].as_array().expect("systems");
    let failing = systems[0]["failing"].as_array().expect("failing");
    assert_eq!(failing.len(), 1, "{failing:?}");
    assert_eq!(
        failing[0]["example"]["href"],
        "action/armor.html#fixture-absorb"
    );
    assert!(
        failing[0]["why"][0]
            .as_str()
            .expect("why")
            .starts_with("damage_through: ")
    );
    assert!(front.contains("<a href=\"action/armor.html#fixture-absorb\""));
    for s in systems {
        let errata = s["errata"].as_array().expect("errata");
        assert_eq!(errata.len() as u64, n(&s["counts"]["errata"]));
        let rulings = s["rulings"].as_array().expect("rulings");
        for e in errata {
            let ruling = &e["ruling"];
            assert_lands(root, ruling["href"].as_str().expect("a ruling link"));
            let listed = rulings
                .iter()
                .find(|r| r["ruling"]["id"] == ruling["id"])
                .unwrap_or_else(|| panic!("ruling {} is not indexed", ruling["id"]));
            assert!(
                listed["cited_by"]
                    .as_array()
                    .expect("cited by")
                    .contains(&e["example"])
            );
            let href = e["example"]["href"].as_str().expect("an example link");
            assert!(front.contains(&format!("<a href=\"{href}\"")));
        }
        for r in rulings {
            assert!(
                r["ruling"]["id"]
                    .as_str()
                    .expect("an id")
                    .starts_with("ruling-")
            );
            assert!(front.contains(&format!(
                "<code>{}</code>",
                r["ruling"]["id"].as_str().expect("an id")
            )));
        }
    }
    assert!(
        !systems[0]["rulings"]
            .as_array()
            .expect("rulings")
            .is_empty()
    );
}
