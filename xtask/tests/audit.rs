//! `cargo xtask audit` on scratch workspaces of the fixture book
//! (`common::Scratch::fixture`): the report covers the whole book with regen's
//! figures, escapes what the book says, and the stamp cycle (stamp, edit the
//! prose or a resolver function, see the change marked and `check --reviewed`
//! fail, stamp again, pass) works end to end through the real binary.

mod common;

use std::path::Path;
use std::process::Command;

use codegen::LintKind;
use common::{Scratch, edit};
use resolver_source::ResolverSource;
use serde_json::Value as Json;
use xtask::audit::{Review, ReviewRecord, Reviewer};

fn audit_json(root: &Path) -> Json {
    let text = std::fs::read_to_string(root.join("target/audit/audit.json"))
        .expect("the audit wrote audit.json");
    serde_json::from_str(&text).expect("audit.json is JSON")
}

fn tester() -> Reviewer {
    Reviewer {
        name: "A. Tester".into(),
        date: "2026-01-02".into(),
    }
}

fn run_audit(root: &Path) -> Json {
    let book = xtask::compile_book(root)
        .unwrap_or_else(|d| panic!("the book does not compile:\n{}", d.render()));
    xtask::audit::run(root, &book, None).expect("the audit runs");
    audit_json(root)
}

/// Runs the xtask binary on the workspace at `root`; returns success and stderr.
fn xtask(root: &Path, args: &[&str]) -> (bool, String) {
    xtask_with(root, args, &[])
}

/// As `xtask`, with more variables in the binary's environment.
fn xtask_with(root: &Path, args: &[&str], env: &[(&str, &str)]) -> (bool, String) {
    let run = common::Run::of(
        Command::new(env!("CARGO_BIN_EXE_xtask"))
            .args(args)
            .env("XTASK_ROOT", root)
            .envs(env.iter().copied()),
    );
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
    let (ok, err) = xtask(root, &["audit", "--stamp", "--reviewer", "A. Tester"]);
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
    json_review_names(root, line);
    let (ok, err) = xtask(root, &["check"]);
    assert!(ok, "plain check should not look at the review: {err}");
    stamp(root);
}

/// `check --reviewed --message-format=json` fails with every line a JSON
/// object, one of them the change `line` (`path:line: what`) with its place.
fn json_review_names(root: &Path, line: &str) {
    let (ok, err) = xtask(root, &["check", "--reviewed", "--message-format=json"]);
    assert!(!ok, "check --reviewed passes in JSON: {err}");
    let objects: Vec<Json> = err
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    let change = objects
        .iter()
        .find(|o| o["message"] == line)
        .unwrap_or_else(|| panic!("no object for `{line}`: {objects:#?}"));
    let (at, _) = line.split_once(": ").expect("a place");
    let (file, number) = at.rsplit_once(':').expect("path:line");
    assert_eq!(change["file"], file);
    assert_eq!(change["line"], number.parse::<u64>().expect("a line"));
    assert!(
        change["review"]["id"]
            .as_str()
            .is_some_and(|id| !id.is_empty())
    );
    assert!(objects.last().is_some_and(|o| {
        o["message"]
            .as_str()
            .is_some_and(|m| m.contains("changed since review"))
    }));
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
                .map(|s| s.id.to_string())
                .chain(chapter.tables.iter().map(|t| t.id.to_string()))
                .chain(chapter.examples.iter().map(|e| e.id.to_string()))
                .chain(chapter.properties.iter().map(|p| p.id.clone()))
                .chain(chapter.rules.iter().map(|r| format!("rule-{}", r.id)));
            for anchor in anchors {
                assert!(
                    html.contains(&format!("id=\"{anchor}\"")),
                    "{page} has no anchor `{anchor}`"
                );
            }
            assert!(
                !html.contains("```")
                    && !html.contains("<!-- table")
                    && !html.contains("language-property"),
                "{page} still shows a raw block"
            );
            // Every typed cell carries its Rust value, and only they do.
            let cells: usize = chapter
                .tables
                .iter()
                .map(|t| t.rows.len() * t.columns.len())
                .sum();
            assert_eq!(html.matches("<td title=\"").count(), cells, "{page}");
            for t in facts["tables"].as_array().expect("tables") {
                for reader in t["readers"].as_array().expect("readers") {
                    assert_lands(root, reader["href"].as_str().expect("a link"));
                }
                for konst in t["constants"].as_array().expect("constants") {
                    let konst = konst.as_str().expect("a name");
                    assert!(html.contains(&format!("<code>{konst}</code>")));
                }
                let allowed_unread = chapter.tables.iter().any(|table| {
                    t["id"] == table.id.as_str()
                        && table.allows.iter().any(|a| a.lint == LintKind::UnreadTable)
                });
                assert_eq!(
                    t["readers"].as_array().expect("readers").is_empty(),
                    allowed_unread,
                    "table `{}`: read exactly when no allow says it is not",
                    t["id"]
                );
            }
        }
    }
    // Every property is listed with its system, and in the real book each holds.
    for (s, system) in systems.iter().zip(&book.systems) {
        let listed = &s["properties"];
        let stated: usize = system.chapters.iter().map(|c| c.properties.len()).sum();
        assert_eq!(n(&listed["count"]), stated as u64, "{}", system.id);
        assert_eq!(n(&listed["hold"]), stated as u64, "{}", system.id);
        for p in listed["properties"].as_array().expect("properties") {
            assert_lands(root, p["property"]["href"].as_str().expect("a link"));
        }
    }
    assert_offline(root);
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
            .replace('>', "&gt;")
            .replace('"', "&quot;")
            .replace('\'', "&#39;");
        assert!(
            front.contains(&shown),
            "the front page omits the reason of {a}"
        );
    }
}

/// Every page of the site carries the sidebar and fetches nothing: only the
/// search page runs a script, and only the two that come with the report.
fn assert_offline(root: &Path) {
    let dir = root.join("target/audit");
    let mut pages = Vec::new();
    html_files(&dir, &mut pages);
    assert!(pages.len() > 10, "{pages:?}");
    for page in pages {
        let html = std::fs::read_to_string(&page).expect("read a page");
        let name = page.strip_prefix(&dir).expect("under the report");
        assert!(
            html.contains("<nav class=\"sidebar\""),
            "{name:?} has no sidebar"
        );
        for remote in ["src=\"http", "href=\"http", "src=\"//", "href=\"//", "url("] {
            assert!(!html.contains(remote), "{name:?} fetches `{remote}`");
        }
        let scripts = html.matches("<script").count();
        if name == Path::new("search.html") {
            assert_eq!(scripts, 2);
            assert!(html.contains("<script src=\"search-index.js\"></script>"));
            assert!(html.contains("<script src=\"search.js\"></script>"));
        } else {
            assert_eq!(scripts, 0, "{name:?} runs a script");
        }
    }
    let css = std::fs::read_to_string(dir.join("audit.css")).expect("the style sheet");
    assert!(!css.contains("url(") && !css.contains("@import"));
}

fn html_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read a folder of the report") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            html_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "html") {
            out.push(path);
        }
    }
}

#[test]
fn each_cell_shows_the_value_the_code_reads() {
    let scratch = Scratch::fixture("audit-cells");
    let root = &scratch.0;
    run_audit(root);
    let html = std::fs::read_to_string(root.join("target/audit/action/armor.html"))
        .expect("the armor page");
    let table = &html[html
        .find("id=\"cells:hit-kinds\"")
        .expect("the table's toggle")..];
    let table = &table[..table.find("</table>").expect("its end")];
    let row = |first: &str| {
        let at = table
            .find(&format!("<tr><td title=\"{first}\""))
            .unwrap_or_else(|| panic!("no row {first}"));
        &table[at..at + table[at..].find("</tr>").expect("the row's end")]
    };
    let range =
        |lo: u32, hi: u32| format!("Range {{ lo: {lo}, hi: Some({hi}), label: &quot;&quot; }}");
    // A ditto mark is the value above it; a blank optional cell is `None`.
    let second = row(&range(3, 4));
    assert!(second.contains("<td title=\"Dice::new(2, 6, 0)\">2d6<code class=\"rust\">Dice::new(2, 6, 0)</code></td>"), "{second}");
    assert!(
        second.contains("<td title=\"1\">\"<code class=\"rust\">1</code></td>"),
        "{second}"
    );
    assert!(second.contains("<td title=\"None\">"), "{second}");
    // What the book says is escaped in the value too.
    assert!(
        row(&range(1, 2)).contains("<td title=\"Some(&quot;a &lt;i&gt;graze&lt;/i&gt;&quot;)\">")
    );
    assert!(table.contains("<th title=\"damage: Dice\">"));
    assert!(table.contains("<th title=\"notes: Option&lt;&amp;&#39;static str&gt;\">"));
    // The toggle's label sits in the table's box.
    assert!(html.contains("<label for=\"cells:hit-kinds\">"));
}

#[test]
fn a_false_property_is_shown_failing_with_its_counterexample() {
    let scratch = Scratch::fixture("audit-property");
    let root = &scratch.0;
    // Turn a true law around: more armor never lets *less* through.
    edit(
        &root.join("spec/action/armor.md"),
        "non-increasing = { output = \"damage_through\", in = \"av\" }",
        "non-decreasing = { output = \"damage_through\", in = \"av\" }",
    );
    let json = run_audit(root);
    let action = &json["systems"][0];
    let index = &action["properties"];
    assert_eq!(
        (n(&index["fail"]), n(&index["hold"]) + 1),
        (1, n(&index["count"]))
    );
    let listed: Vec<&Json> = index["properties"]
        .as_array()
        .expect("properties")
        .iter()
        .filter(|p| p["verdict"] == "fails")
        .collect();
    let id = "fixture-more-armor-lets-less-through";
    assert_eq!(listed.len(), 1);
    assert_eq!(
        listed[0]["property"]["href"],
        format!("action/armor.html#{id}")
    );
    assert_eq!(listed[0]["rule"]["id"], "armor.absorb");

    let armor = action["chapters"]
        .as_array()
        .expect("chapters")
        .iter()
        .find(|c| c["id"] == "armor")
        .expect("the armor chapter");
    let property = &armor["properties"][0];
    assert_eq!(
        (&property["id"], &property["verdict"]),
        (&Json::from(id), &Json::from("fails"))
    );
    let failure = &property["failure"];
    let points = failure["points"].as_array().expect("points");
    assert_eq!(points.len(), 2, "a monotone law fails at a pair");
    let av = |p: &Json| n(&p["given"]["av"]);
    assert!(av(&points[0]) < av(&points[1]));
    assert_ne!(
        points[0]["outputs"]["damage_through"],
        points[1]["outputs"]["damage_through"]
    );

    // The chapter shows it failing where it stands, with both points.
    let page = std::fs::read_to_string(root.join("target/audit/action/armor.html"))
        .expect("the armor page");
    let at = page
        .find(&format!("<section class=\"property fails\" id=\"{id}\">"))
        .expect("the property's box, failing");
    let block = &page[at..at + page[at..].find("</section>").expect("its end")];
    assert!(block.contains("<span class=\"verdict fails\">fails</span>"));
    assert!(block.contains("counterexample (shrunk)"));
    for p in points {
        let shown = format!(
            "at <code>av = {}</code>, <code>damage = 20</code>: outputs",
            av(p)
        );
        assert!(block.contains(&shown), "{block}");
    }
    assert!(block.contains("<code>av = 0 to 30</code>"));
    assert!(page.contains("1 property: 0 hold, 1 fail"));

    // The front page counts it and links to it.
    let front = std::fs::read_to_string(root.join("target/audit/index.html")).expect("index");
    let row = &front[front
        .find("<tr data-properties=\"action\">")
        .expect("action's row")..];
    let row = &row[..row.find("</tr>").expect("its end")];
    assert!(
        row.contains("<td data-property=\"fail\" class=\"fails\">1</td>"),
        "{row}"
    );
    assert!(front.contains(&format!(
        "<tr class=\"fails\"><td>action</td><td><a href=\"action/armor.html#{id}\""
    )));
}

#[test]
fn audit_json_says_which_layout_commit_and_date_it_holds() {
    let scratch = Scratch::fixture("audit-provenance");
    let root = &scratch.0;
    // Outside a checkout the commit is unknown; the date honours SOURCE_DATE_EPOCH.
    let (ok, err) = xtask_with(root, &["audit"], &[("SOURCE_DATE_EPOCH", "86399")]);
    assert!(ok, "audit failed: {err}");
    let json = audit_json(root);
    assert_eq!(json["schema_version"], xtask::audit::SCHEMA_VERSION);
    assert_eq!(json["schema_version"], 2);
    assert_eq!(json["commit"], "unknown");
    assert_eq!(json["date"], "1970-01-01T23:59:59Z");
    let front = std::fs::read_to_string(root.join("target/audit/index.html")).expect("index");
    assert!(
        front
            .contains("Written <time>1970-01-01T23:59:59Z</time> from commit <code>unknown</code>")
    );

    // In a checkout it is HEAD; without SOURCE_DATE_EPOCH the date is the clock's.
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .arg("-C")
            .arg(root)
            .args([
                "-c",
                "user.name=audit",
                "-c",
                "user.email=audit@example.org",
            ])
            .args(args)
            .output()
            .expect("run git");
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("git says UTF-8")
    };
    git(&["init", "-q"]);
    git(&["commit", "-q", "--allow-empty", "-m", "a state of the book"]);
    let head = git(&["rev-parse", "HEAD"]);
    let (ok, err) = xtask_with(root, &["audit"], &[("SOURCE_DATE_EPOCH", "")]);
    assert!(ok, "audit failed: {err}");
    let json = audit_json(root);
    assert_eq!(json["commit"], head.trim());
    let date = json["date"].as_str().expect("a date");
    let shape: String = date
        .chars()
        .map(|c| if c.is_ascii_digit() { '9' } else { c })
        .collect();
    assert_eq!(shape, "9999-99-99T99:99:99Z", "{date}");
    assert!(date.as_bytes() > b"2024".as_slice(), "{date}");
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

/// Markup in what the spec names (a chapter's title, a section's heading, a
/// ruling's title, an erratum's reason) reaches every page as text: no page
/// but search runs a script, and each hostile string shows escaped.
#[test]
fn markup_in_the_spec_s_titles_and_reasons_is_shown_as_text() {
    let scratch = Scratch::fixture("audit-hostile");
    let root = &scratch.0;
    let chapter = root.join("spec/action/armor.md");
    for (from, to) in [
        (
            "title = \"Armor (fixture)\"",
            "title = \"Armor <script>t()</script>\"",
        ),
        (
            "## What armor refuses",
            "## What <script>s()</script> refuses",
        ),
        (
            "Ruling: a misprinted sum",
            "Ruling: a <script>r()</script> sum",
        ),
        ("\"12 - 5 is 7.\"", "\"12 - 5 is <script>e()</script>\""),
    ] {
        edit(&chapter, from, to);
    }
    run_audit(root);
    assert_offline(root);
    let page = |at: &str| {
        std::fs::read_to_string(root.join("target/audit").join(at))
            .unwrap_or_else(|e| panic!("{at}: {e}"))
    };
    let shown = |f: &str| format!("&lt;script&gt;{f}()&lt;/script&gt;");
    let armor = page("action/armor.html");
    assert!(armor.contains(&format!("<title>Armor {} · action</title>", shown("t"))));
    for f in ["t", "s", "r", "e"] {
        assert!(
            armor.contains(&shown(f)),
            "{f} is not shown escaped on its page"
        );
    }
    // Elsewhere a section's or ruling's title is its heading's text, tags left out.
    let front = page("index.html");
    for f in ["t", "e"] {
        assert!(
            front.contains(&shown(f)),
            "{f} is not shown escaped on the front page"
        );
    }
}

#[test]
fn the_stamp_cycle_marks_an_edited_paragraph_until_it_is_stamped_again() {
    let scratch = Scratch::fixture("audit-stamp");
    let root = &scratch.0;

    stamp(root);
    let stamped: toml::Table = toml::from_str(
        &std::fs::read_to_string(root.join("spec/reviewed.toml")).expect("the stamp"),
    )
    .expect("the stamp is TOML");
    let entry = &stamped["book"]["action"]["armor-value"];
    assert_eq!(entry["reviewer"].as_str(), Some("A. Tester"));
    let date = entry["date"].as_str().expect("a date");
    assert!(date.len() == 10 && date.as_bytes()[4] == b'-', "{date}");
    let sha = entry["sha256"].as_str().expect("a checksum");
    assert!(
        sha.len() == 64 && sha.bytes().all(|b| b.is_ascii_hexdigit()),
        "{sha}"
    );
    let text = entry["text"].as_str().expect("the reviewed text");
    assert!(text.contains("nothing once it is through."), "{text}");
    assert_eq!(xtask::audit::checksum(text), sha);

    // Reword a paragraph of the section `armor-value` (line 15).
    edit(
        &root.join("spec/action/armor.md"),
        "nothing once it is through.",
        "nothing once it is through, however thin the armor.",
    );

    let (ok, err) = xtask(root, &["audit"]);
    assert!(ok, "audit failed: {err}");
    let json = audit_json(root);
    let changes = json["changed_since_review"].as_array().expect("changes");
    assert_eq!(changes.len(), 1, "{changes:#?}");
    let change = &changes[0];
    for (field, value) in [
        ("system", "action"),
        ("id", "armor-value"),
        ("review", "changed"),
        ("kind", "section"),
        ("chapter", "armor"),
        ("location", "spec/action/armor.md:16"),
    ] {
        assert_eq!(change[field], value, "{field}");
    }
    assert_eq!(change["stamped"]["reviewer"], "A. Tester");
    assert!(
        change["stamped"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("nothing once it is through.\n")),
        "the stamp keeps the text reviewed"
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
    // Under the heading, the mark links to the section's entry in the queue.
    assert!(page.contains(
        "#armor-value</a></h2>\n<p class=\"heading-review\"> <a class=\"badge review\" \
         href=\"../queue/action/armor.html#armor-value\" title=\"its entry in the review queue\">changed since review</a>"
    ), "{page}");
    assert!(
        page.contains("<span class=\"reviewer\">reviewed by A. Tester on 20"),
        "each item says who reviewed it and when"
    );
    assert_eq!(section["reviewer"], "A. Tester");
    let front = std::fs::read_to_string(root.join("target/audit/index.html")).expect("index");
    assert!(front.contains("href=\"action/armor.html#armor-value\""));

    fails_review_until_stamped(
        root,
        "spec/action/armor.md:16: section `armor-value` changed since review",
    );
}

#[test]
fn a_renamed_example_is_new_its_old_id_removed_and_the_front_matter_counts() {
    let scratch = Scratch::fixture("audit-rename");
    let root = &scratch.0;
    let book = xtask::compile_book(root).expect("the book compiles");
    let code = ResolverSource::scan(root).expect("the resolver parses");
    ReviewRecord::of(&book, &code, &tester())
        .save(root)
        .expect("stamp");
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
    let code = ResolverSource::scan(root).expect("the resolver parses");
    let changes = json["changed_since_review"].as_array().expect("changes");
    assert_eq!(changes.len(), 1, "one entry for the function: {changes:#?}");
    let change = &changes[0];
    assert_eq!(change["kind"], "function");
    assert_eq!(change["id"], helper);
    assert_eq!(change["review"], "changed");
    let reaching: Vec<&str> = change["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .map(|r| r["rule"].as_str().expect("a rule"))
        .collect();
    assert_eq!(reaching, reached, "exactly the rules that reach it");
    assert_eq!(
        change["rules"][0]["way"],
        serde_json::json!([
            "outcome_armor::outcome::outcome",
            "outcome_armor::outcome::measure",
            "outcome_armor::outcome::succeeds"
        ])
    );
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
    // The front page sums the review up and leads to the queue, whose page
    // of the chapter holds the helper's entry under its path.
    let front = std::fs::read_to_string(root.join("target/audit/index.html")).expect("index");
    assert!(front.contains("<a href=\"queue.html\">the review queue</a>"));
    let queue = std::fs::read_to_string(root.join("target/audit/queue/outcome-armor/outcome.html"))
        .expect("the outcome chapter's queue page");
    assert!(
        queue.contains("<section class=\"queue-entry\" id=\"outcome_armor::outcome::succeeds\"")
    );
    assert!(queue.contains("reached by rule outcome.outcome (outcome-armor): outcome_armor::outcome::outcome → outcome_armor::outcome::measure → outcome_armor::outcome::succeeds"), "{queue}");
    assert!(
        queue.contains("<del>-     outcome &gt;= i64::from(SUCCESS_FROM)</del>"),
        "{queue}"
    );
    assert!(
        queue.contains("<ins>+     i64::from(SUCCESS_FROM) &lt;= outcome</ins>"),
        "{queue}"
    );

    let function = code.item(helper).expect("succeeds");
    fails_review_until_stamped(
        root,
        &format!(
            "{}:{}: function `{helper}` changed since review",
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

/// Runs git in `root` with a fixed author, failing the test if git fails.
fn git(root: &Path, args: &[&str]) {
    let run = common::Run::of(
        Command::new("git")
            .arg("-C")
            .arg(root)
            .args([
                "-c",
                "user.name=Ruth Ruling",
                "-c",
                "user.email=ruth@example.org",
            ])
            .args(args)
            .env("GIT_AUTHOR_DATE", "2025-03-04T12:00:00Z")
            .env("GIT_COMMITTER_DATE", "2025-03-04T12:00:00Z"),
    );
    assert!(run.ok(), "git {args:?}: {run}");
}

#[test]
fn each_ruling_says_who_wrote_it_and_when_its_stance_and_what_cites_it() {
    let scratch = Scratch::fixture("audit-rulings");
    let root = &scratch.0;
    // A ruling that names an example in its text touches it.
    edit(
        &root.join("spec/outcome-armor/outcome.md"),
        "A tie goes to the attacker.",
        "A tie goes to the attacker, as in `fixture-outcome`.",
    );
    git(root, &["init", "-q"]);
    git(root, &["add", "spec"]);
    git(root, &["commit", "-q", "-m", "the fixture book"]);
    let json = run_audit(root);
    let rulings: Vec<&Json> = json["systems"]
        .as_array()
        .expect("systems")
        .iter()
        .flat_map(|s| s["rulings"].as_array().expect("rulings"))
        .collect();
    let ruling = |id: &str| {
        rulings
            .iter()
            .find(|r| r["ruling"]["id"] == id)
            .unwrap_or_else(|| panic!("no ruling {id}: {rulings:#?}"))
    };
    let misprint = ruling("ruling-misprinted-sum");
    assert_eq!(misprint["stance"], "against the book");
    assert_eq!(misprint["cited_by"][0]["id"], "fixture-absorb-misprint");
    assert_eq!(
        misprint["written"],
        serde_json::json!({"authors": ["Ruth Ruling"], "first": "2025-03-04", "last": "2025-03-04"})
    );
    assert_eq!(misprint["sets_aside"], serde_json::json!(["line 7: 8"]));
    assert_eq!(misprint["touches"][0]["id"], "fixture-absorb-misprint");
    let half = ruling("ruling-half-av");
    assert_eq!(half["stance"], "fills a gap");
    assert_eq!(half["cited_by"], Json::Array(Vec::new()));
    assert_eq!(half["sets_aside"], Json::Array(Vec::new()));
    let touched: Vec<&str> = half["touches"]
        .as_array()
        .expect("touches")
        .iter()
        .filter_map(|t| t["id"].as_str())
        .collect();
    assert!(
        touched.contains(&"fixture-absorb"),
        "an example in the section the ruling governs: {touched:?}"
    );
    let zero = ruling("ruling-outcome-zero");
    assert_eq!(zero["touches"][0]["id"], "fixture-outcome", "{zero:#}");
    let dice = ruling("ruling-the-dice");
    assert_eq!(dice["derivations"][0]["id"], "fixture-outcome");
    assert_lands(
        root,
        dice["derivations"][0]["href"].as_str().expect("a link"),
    );
    assert_eq!(
        dice["written"]["authors"][0], "Ruth Ruling",
        "its lines run to the end of the file"
    );
    let front = std::fs::read_to_string(root.join("target/audit/index.html")).expect("index");
    assert!(
        front.contains("<span class=\"written\">by Ruth Ruling on 2025-03-04</span>"),
        "{front}"
    );
}

#[test]
fn mutation_figures_show_per_chapter_and_per_rule_and_listings_carry_review_rules_and_survivors() {
    let scratch = Scratch::fixture("audit-listing");
    let root = &scratch.0;
    let armor = std::fs::read_to_string(root.join("rules/src/action/armor.rs")).expect("armor.rs");
    let record = format!(
        "[files.\"rules/src/action/armor.rs\"]\nchecksum = \"{}\"\nmutants = 12\ncaught = 9\nmissed = 1\nunviable = 2\ntimeout = 0\n\n\
         [files.\"rules/src/bounds.rs\"]\nchecksum = \"0\"\nmutants = 4\ncaught = 3\nmissed = 1\nunviable = 0\ntimeout = 0\n\n\
         [[survivors]]\nfile = \"rules/src/bounds.rs\"\nline = 13\nmutant = \"replace 0 with 1 in non_negative\"\nreason = \"no example has a zero figure\"\n",
        xtask::audit::checksum(&armor)
    );
    std::fs::write(root.join("conformance/mutants.toml"), record).expect("write the record");
    stamp(root);
    let json = run_audit(root);

    let chapter = json["systems"][0]["chapters"]
        .as_array()
        .expect("chapters")
        .iter()
        .find(|c| c["id"] == "armor")
        .expect("armor");
    assert_eq!(chapter["mutation"]["caught"], 9);
    assert_eq!(chapter["mutation"]["score"], 0.9);
    assert_eq!(chapter["mutation"]["changed_since_run"], false);
    let page = std::fs::read_to_string(root.join("target/audit/action/armor.html")).expect("page");
    assert!(
        page.contains("mutation score 90%: 9 caught of 12 mutants, 1 missed, 2 unviable"),
        "{page}"
    );
    assert!(
        page.contains("(2 the book's, 1 ours)"),
        "the tally tells the book's examples from ours"
    );

    let rule = |id: &str| {
        all_rules(&json)
            .find(|r| r["id"] == id)
            .expect("a rule")
            .clone()
    };
    for id in ["armor.absorb", "armor.worn"] {
        assert_eq!(
            rule(id)["survivors"][0]["mutant"],
            "replace 0 with 1 in non_negative",
            "{id}"
        );
    }
    assert_eq!(
        rule("outcome.outcome")["survivors"],
        Json::Array(Vec::new())
    );
    assert!(page.contains("Surviving mutants in its code:"));

    let listing =
        std::fs::read_to_string(root.join("target/audit/code/bounds.rs.html")).expect("listing");
    assert!(
        !listing.contains("</span>\n<span class=\"line"),
        "one line per line, not two"
    );
    let note = &listing[listing
        .find("<span class=\"note\"><code>bounds::non_negative</code>")
        .expect("its note")..];
    let note = &note[..note.find("</span>").expect("its end")];
    assert!(note.contains("reviewed by A. Tester on "), "{note}");
    assert!(
        note.contains("href=\"../action/armor.html#rule-armor.absorb\""),
        "{note}"
    );
    assert!(
        note.contains("href=\"../action/armor.html#rule-armor.worn\""),
        "{note}"
    );
    assert!(listing.contains("<span class=\"line survivor\" id=\"L13\" title=\"surviving mutant: replace 0 with 1 in non_negative: no example has a zero figure\">"));
    assert_lands(root, "action/armor.html#rule-armor.absorb");
}

/// A record of every file of the scratch's `rules/src` at its text, split
/// by function: one caught mutant per item, and three in
/// `bounds::non_negative` (caught, missed, unviable).
fn split_record(root: &Path) -> xtask::mutants::Record {
    use xtask::mutants::{Counts, FileEntry, FunctionEntry, Split, Survivor};
    let code = ResolverSource::scan(root).expect("scan rules/src");
    let mut record = xtask::mutants::Record::default();
    for (file, text) in &code.files {
        let functions: Vec<FunctionEntry> = code
            .items
            .iter()
            .filter(|i| &i.file == file)
            .map(|i| match i.path.as_str() {
                "bounds::non_negative" => (i, [3, 1, 1, 1]),
                _ => (i, [1, 1, 0, 0]),
            })
            .map(|(i, [mutants, caught, missed, unviable])| FunctionEntry {
                name: i.name.clone(),
                line: i.first_line,
                counts: Counts {
                    mutants,
                    caught,
                    missed,
                    unviable,
                    timeout: 0,
                },
            })
            .collect();
        let mut counts = Counts::default();
        for f in &functions {
            counts.add(&f.counts);
        }
        let entry = FileEntry {
            checksum: xtask::audit::checksum(text),
            counts,
            functions_from: Split::Check,
            functions,
            ..FileEntry::default()
        };
        record.files.insert(file.clone(), entry);
    }
    let bounds = code.item("bounds::non_negative").expect("non_negative");
    record.survivors.push(Survivor {
        file: bounds.file.clone(),
        line: bounds.line + 1,
        mutant: "replace 0 with 1 in non_negative".into(),
        reason: "no example has a zero figure".into(),
        relies: Vec::new(),
    });
    record
}

/// A rule's figures cover every function its code reaches (the resolver and
/// what its review lists), and are unknown, naming the file, while a file in
/// its reach has no split of its current text.
#[test]
fn a_rule_s_mutation_figures_cover_the_functions_its_code_reaches() {
    let scratch = Scratch::fixture("audit-rule-mutation");
    let root = &scratch.0;
    let mut record = split_record(root);
    record.save(root).expect("write the record");
    let json = run_audit(root);
    let rule = |json: &Json, id: &str| {
        all_rules(json)
            .find(|r| r["id"] == id)
            .expect("a rule")
            .clone()
    };
    let absorb = rule(&json, "armor.absorb");
    let reach = 1 + absorb["code"]["calls"]
        .as_array()
        .expect("calls")
        .iter()
        .filter(|c| {
            c["file"]
                .as_str()
                .is_some_and(|f| f.starts_with("rules/src/"))
        })
        .count() as u64;
    let m = &absorb["mutation"];
    assert_eq!(m["unknown"], Json::Array(Vec::new()));
    let figures = |m: &Json| {
        ["functions", "mutants", "caught", "missed", "unviable"]
            .map(|k| m["run"][k].as_u64().expect(k))
    };
    // Each function one caught mutant; `non_negative` two more: one missed, one unviable.
    assert_eq!(figures(m), [reach, reach + 2, reach, 1, 1]);
    assert_eq!(m["run"]["score"], reach as f64 / (reach + 1) as f64);
    let page = std::fs::read_to_string(root.join("target/audit/action/armor.html")).expect("page");
    let rule_box = &page[page.find("id=\"rule-armor.absorb\"").expect("its box")..];
    let rule_box = &rule_box[..rule_box.find("</section>").expect("its end")];
    assert!(
        rule_box.contains(&format!(
            "<p class=\"rule-mutation\">mutation score {:.0}%: {reach} caught of {} mutants, 1 missed, 1 unviable, over the functions its code reaches ({reach} with mutants)<br>",
            reach as f64 / (reach + 1) as f64 * 100.0,
            reach + 2
        )),
        "{rule_box}"
    );
    assert!(
        rule_box.contains(
            "<code>replace 0 with 1 in non_negative</code>: no example has a zero figure"
        )
    );
    // Nothing is stamped here: the queue holds each resolver function as new,
    // reached by its own rule in a way of one step, which the schema allows.
    let schema: Json = serde_json::from_str(&xtask::audit::schema()).expect("the schema");
    let validator = jsonschema::validator_for(&schema).expect("a valid JSON Schema");
    let errors: Vec<String> = validator
        .iter_errors(&json)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "audit.json breaks its schema:\n{}",
        errors.join("\n")
    );
    let outcome = rule(&json, "outcome.outcome");
    assert_eq!(
        outcome["mutation"]["run"]["missed"], 0,
        "it does not reach non_negative"
    );

    record
        .files
        .get_mut("rules/src/bounds.rs")
        .expect("bounds.rs")
        .checksum = "0".into();
    record.save(root).expect("write the record");
    let json = run_audit(root);
    let m = &rule(&json, "armor.absorb")["mutation"];
    assert_eq!(m["run"], Json::Null);
    assert_eq!(m["unknown"], serde_json::json!(["rules/src/bounds.rs"]));
    let page = std::fs::read_to_string(root.join("target/audit/action/armor.html")).expect("page");
    assert!(page.contains(
        "mutation score unknown: its code reaches <code>rules/src/bounds.rs</code>, with no split"
    ));
}

/// Every `id` of `html` with how often it appears.
fn ids(html: &str) -> std::collections::BTreeMap<&str, usize> {
    let mut seen = std::collections::BTreeMap::new();
    for part in html.split(" id=\"").skip(1) {
        *seen
            .entry(&part[..part.find('"').expect("a closing quote")])
            .or_default() += 1;
    }
    seen
}

#[test]
fn print_html_gives_each_system_its_own_ids_and_its_links_land_in_their_own_system() {
    let scratch = Scratch::fixture("audit-print");
    let root = &scratch.0;
    let outcome = root.join("spec/outcome-armor/outcome.md");
    let text = std::fs::read_to_string(&outcome).expect("outcome.md");
    // A section id that the action system uses too, and a link to it.
    std::fs::write(
        &outcome,
        format!("{text}\n## Armor value here {{#armor-value}}\n\nSee [above](#armor-value).\n"),
    )
    .expect("write outcome.md");
    run_audit(root);
    let print = std::fs::read_to_string(root.join("target/audit/print.html")).expect("print");
    let twice: Vec<_> = ids(&print).into_iter().filter(|(_, n)| *n > 1).collect();
    assert!(
        twice.is_empty(),
        "ids on the page more than once: {twice:?}"
    );
    assert!(
        print.contains("id=\"action--armor-value\"")
            && print.contains("id=\"outcome-armor--armor-value\"")
    );
    assert!(print.contains("<a href=\"#outcome-armor--armor-value\">above</a>"));
    let all = ids(&print);
    for part in print.split("href=\"#").skip(1) {
        let target = &part[..part.find('"').expect("a closing quote")];
        assert!(
            all.contains_key(target),
            "`#{target}` lands nowhere on print.html"
        );
    }
    for part in print.split(" for=\"").skip(1) {
        let target = &part[..part.find('"').expect("a closing quote")];
        assert!(
            all.contains_key(target),
            "a label for `{target}`, which is not on the page"
        );
    }
}

#[test]
fn search_finds_mutants_and_the_queue_and_section_snippets_hold_no_block_toml() {
    let scratch = Scratch::fixture("audit-search");
    let root = &scratch.0;
    std::fs::write(root.join("conformance/mutants.toml"), common::MUTANTS).expect("record");
    stamp(root);
    edit(
        &root.join("spec/action/armor.md"),
        "nothing once it is through.",
        "nothing once it is through, however thin.",
    );
    run_audit(root);
    let js = std::fs::read_to_string(root.join("target/audit/search-index.js")).expect("index");
    let json = &js[js.find('[').expect("an array")..=js.rfind(']').expect("its end")];
    let entries: Vec<Json> = serde_json::from_str(json).expect("the index is JSON");
    let of = |kind: &'static str| entries.iter().filter(move |e| e["k"] == kind);
    for section in of("section") {
        let text = section["x"].as_str().expect("a text");
        assert!(
            !text.contains("[given]") && !text.contains("rule = "),
            "{text}"
        );
    }
    let mutant = of("mutant").next().expect("a surviving mutant");
    assert!(
        mutant["x"]
            .as_str()
            .expect("a text")
            .starts_with("surviving mutant: ")
    );
    let queued: Vec<&Json> = of("review").collect();
    assert_eq!(queued.len(), 1);
    assert_eq!(queued[0]["t"], "armor-value changed since review");
    assert_eq!(queued[0]["h"], "queue/action/armor.html#armor-value");
    let section = of("section")
        .find(|e| e["h"] == "action/armor.html#armor-value")
        .expect("it");
    assert!(
        section["x"]
            .as_str()
            .expect("a text")
            .ends_with("(changed since review)")
    );
}

#[test]
fn each_chapter_links_to_the_chapters_before_and_after_it() {
    let scratch = Scratch::fixture("audit-neighbours");
    let root = &scratch.0;
    run_audit(root);
    let page = |p: &str| std::fs::read_to_string(root.join("target/audit").join(p)).expect(p);
    let armor = page("action/armor.html");
    let outcome = page("outcome-armor/outcome.html");
    assert!(
        armor.contains("<a class=\"next\" rel=\"next\" href=\"../outcome-armor/outcome.html\">")
    );
    assert!(
        !armor.contains("rel=\"prev\""),
        "the first chapter has none before it"
    );
    assert!(outcome.contains(
        "<a class=\"prev\" rel=\"prev\" href=\"../action/armor.html\">← Armor (fixture)</a>"
    ));
    assert!(
        !outcome.contains("rel=\"next\""),
        "the last chapter has none after it"
    );
    assert_lands(root, "outcome-armor/outcome.html");
}

#[test]
fn audit_json_follows_its_published_schema_and_a_removed_item_says_what_and_where_it_was() {
    let scratch = Scratch::fixture("audit-schema");
    let root = &scratch.0;
    std::fs::write(root.join("conformance/mutants.toml"), common::MUTANTS).expect("record");
    stamp(root);
    let armor = root.join("spec/action/armor.md");
    edit(
        &armor,
        "nothing once it is through.",
        "nothing once it is through, however thin.",
    );
    edit(
        &armor,
        "```example fixture-absorb\n",
        "```example fixture-absorb-renamed\n",
    );
    edit(
        &root.join("rules/src/bounds.rs"),
        "    at_least(0, figures)\n",
        "    at_least(i64::from(0u8), figures)\n",
    );
    let json = run_audit(root);
    let dir = root.join("target/audit");
    let published = std::fs::read_to_string(dir.join("audit.schema.json")).expect("the schema");
    assert_eq!(json["$schema"], "audit.schema.json");
    let schema: Json = serde_json::from_str(&published).expect("the schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("a valid JSON Schema");
    let errors: Vec<String> = validator
        .iter_errors(&json)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "audit.json breaks its schema:\n{}",
        errors.join("\n")
    );

    let changes = json["changed_since_review"].as_array().expect("changes");
    let removed = changes
        .iter()
        .find(|c| c["review"] == "removed")
        .expect("the renamed example's old id");
    assert_eq!(removed["id"], "fixture-absorb");
    assert_eq!(removed["kind"], "example");
    assert_eq!(removed["chapter"], "armor");
    assert_eq!(removed["location"], "spec/action/armor.md");
    let item = &json["systems"][0]["chapters"][0]["sections"][0];
    assert_eq!(
        item["key"],
        format!("action/{}", item["id"].as_str().expect("an id"))
    );
    for rule in all_rules(&json) {
        for e in rule["examples"].as_array().expect("examples") {
            assert!(
                e["title"].is_string(),
                "an example reference without a title: {e}"
            );
        }
    }

    // The schema checks something: an item without its key breaks it.
    let mut broken = json.clone();
    broken["systems"][0]["chapters"][0]["sections"][0]
        .as_object_mut()
        .expect("an item")
        .remove("key");
    assert!(!validator.is_valid(&broken));
}

#[test]
fn no_survivor_s_reason_in_the_committed_record_cites_a_line_that_can_drift() {
    let record = xtask::mutants::Record::load(&xtask::workspace_root()).expect("the record");
    let drifting: Vec<String> = record
        .survivors
        .iter()
        .filter(|s| xtask::audit::scores::cites_a_line(&s.reason))
        .map(|s| format!("{}:{} {}", s.file, s.line, s.reason))
        .collect();
    assert!(
        drifting.is_empty(),
        "reasons that cite a line name the code or the table instead:\n{}",
        drifting.join("\n")
    );
}
