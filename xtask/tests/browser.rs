//! The report in a real browser. Debian's `chromium`, headless, opens the
//! report from disk: the front page's figures (and its mutation scores, also
//! from a fixture record) equal `audit.json`'s, an erratum example shows the
//! book's value, the resolver's and its ruling, a rule's code panel shows its
//! function where "resolved by" leads, and a screenshot of the front page is
//! saved as `target/audit/front.png`.
//!
//! Without chromium this test fails (`.ci/run` installs it), unless
//! `AUDIT_BROWSER=skip` says explicitly to skip it.

mod common;

use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::Scratch;
use serde_json::Value as Json;

const TIMEOUT: Duration = Duration::from_secs(120);

/// `/usr/bin/chromium`, else `chromium` on the PATH; `None` only when the
/// test is told to skip.
fn chromium() -> Option<PathBuf> {
    if std::env::var("AUDIT_BROWSER").as_deref() == Ok("skip") {
        eprintln!("AUDIT_BROWSER=skip: the real-browser test of the audit report is SKIPPED");
        return None;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let on_path = std::env::split_paths(&path).map(|d| d.join("chromium"));
    let found = std::iter::once(PathBuf::from("/usr/bin/chromium"))
        .chain(on_path)
        .find(|p| p.is_file());
    Some(found.unwrap_or_else(|| {
        panic!(
            "chromium is not installed: install Debian's `chromium` package as .ci/run does \
             (apt-get install chromium), or set AUDIT_BROWSER=skip to skip this test explicitly"
        )
    }))
}

/// Runs headless chromium on one page with `action` (`--dump-dom`, or
/// `--screenshot=…` with a window size) and returns what it printed.
fn run(chromium: &Path, page: &Path, action: &[OsString]) -> String {
    let scratch = Scratch::new("chromium");
    let profile = scratch.0.join("profile");
    let stdout = scratch.0.join("stdout");
    let stderr = scratch.0.join("stderr");
    let mut profile_arg = OsString::from("--user-data-dir=");
    profile_arg.push(&profile);
    let mut url = OsString::from("file://");
    url.push(page);
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(profile_arg)
        .args(action)
        .arg(url)
        .stdout(Stdio::from(
            File::create(&stdout).expect("create stdout file"),
        ))
        .stderr(Stdio::from(
            File::create(&stderr).expect("create stderr file"),
        ))
        .spawn()
        .expect("start chromium");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for chromium") {
            break status;
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took more than {TIMEOUT:?} on {}", page.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    assert!(
        status.success(),
        "chromium failed on {}:\n{}",
        page.display(),
        read(&stderr)
    );
    read(&stdout)
}

fn dump_dom(chromium: &Path, page: &Path) -> String {
    let dom = run(chromium, page, &["--dump-dom".into()]);
    assert!(
        dom.contains("</html>"),
        "chromium dumped no document for {}",
        page.display()
    );
    dom
}

/// Text as the DOM serializer writes it.
fn dom_text(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The part of `dom` from `start` to the first `end` after it.
fn slice<'a>(dom: &'a str, start: &str, end: &str) -> &'a str {
    let from = dom
        .find(start)
        .unwrap_or_else(|| panic!("the page has no `{start}`"));
    let rest = &dom[from..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

/// The text of the cell marked `data-count="key"` inside `row`.
fn count(row: &str, key: &str) -> String {
    cell(row, "data-count", key)
}

/// The text of the cell marked `attr="key"` inside `row`.
fn cell(row: &str, attr: &str, key: &str) -> String {
    let cell = slice(row, &format!("{attr}=\"{key}\""), "</td>");
    cell[cell.find('>').expect("a cell") + 1..].to_string()
}

/// Writes the report of the workspace at `root` and reads its `audit.json`.
fn audit(root: &Path) -> Json {
    let book = xtask::compile_book(root)
        .unwrap_or_else(|d| panic!("the book does not compile:\n{}", d.render()));
    xtask::audit::run(root, &book, false).expect("the audit runs");
    let json = std::fs::read_to_string(root.join(xtask::audit::REPORT_DIR).join("audit.json"));
    serde_json::from_str(&json.expect("read audit.json")).expect("audit.json is JSON")
}

/// The front page's mutation table, as the browser built it, shows the JSON's
/// figures, or says that no run is recorded; returns how many scopes had a run.
fn check_mutation(front: &str, json: &Json) -> usize {
    let mut runs = 0;
    for m in json["mutation"].as_array().expect("mutation") {
        let scope = m["scope"].as_str().expect("a scope");
        let row = slice(front, &format!("<tr data-scope=\"{scope}\">"), "</tr>");
        let run = &m["run"];
        if run.is_null() {
            assert!(row.contains("no mutation run recorded"), "{row}");
            continue;
        }
        runs += 1;
        let files = run["files"].as_object().expect("files");
        assert_eq!(cell(row, "data-mutation", "files"), files.len().to_string());
        for key in ["mutants", "caught", "missed", "unviable", "timeout"] {
            assert_eq!(
                cell(row, "data-mutation", key),
                run[key].to_string(),
                "{key} of {scope}"
            );
        }
        let score = match run["score"].as_f64() {
            Some(s) => format!("{:.1}%", s * 100.0),
            None => "no viable mutant".to_string(),
        };
        assert_eq!(
            cell(row, "data-mutation", "score"),
            score,
            "score of {scope}"
        );
    }
    runs
}

fn shown(v: &Json) -> String {
    match v {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[test]
fn the_report_reads_right_in_chromium() {
    let Some(chromium) = chromium() else {
        return;
    };
    let root = xtask::workspace_root();
    let json = audit(&root);
    let dir = root.join(xtask::audit::REPORT_DIR);

    // The front page, as the browser built it, shows the JSON's figures.
    let front = dump_dom(&chromium, &dir.join("index.html"));
    for system in json["systems"].as_array().expect("systems") {
        let id = system["id"].as_str().expect("an id");
        let row = slice(&front, &format!("<tr data-system=\"{id}\">"), "</tr>");
        let counts = system["counts"].as_object().expect("counts");
        assert_eq!(counts.len(), 12, "a figure is missing from the check");
        for (key, value) in counts {
            assert_eq!(count(row, key), value.to_string(), "{key} of {id}");
        }
        let unexercised = system["unexercised_rules"].as_array().expect("a list");
        assert_eq!(
            count(row, "unexercised_rules"),
            unexercised.len().to_string()
        );
    }
    check_mutation(&front, &json);

    // An erratum example shows both values and its ruling.
    let autofire = json["systems"]
        .as_array()
        .expect("systems")
        .iter()
        .find(|s| s["id"] == "action")
        .and_then(|s| s["chapters"].as_array())
        .and_then(|cs| cs.iter().find(|c| c["id"] == "autofire"))
        .expect("the autofire chapter");
    let example = autofire["examples"]
        .as_array()
        .expect("examples")
        .iter()
        .find(|e| e["id"] == "craft-burst")
        .expect("the craft-burst example");
    assert_eq!(example["verdict"], "erratum");
    let page = dump_dom(&chromium, &dir.join("action/autofire.html"));
    let box_ = slice(&page, "id=\"craft-burst\"", "</section>");
    assert!(box_.contains("<span class=\"verdict erratum\">erratum</span>"));
    let mut errata = 0;
    for claim in example["claims"].as_array().expect("claims") {
        let row = slice(
            box_,
            &format!("<code>{}</code>", claim["name"].as_str().expect("a name")),
            "</tr>",
        );
        assert!(row.contains(&format!(
            "<td class=\"value book\">{}</td>",
            dom_text(&shown(&claim["book"]))
        )));
        assert!(row.contains(&format!(
            "<td class=\"value rules\">{}</td>",
            dom_text(&shown(&claim["rules"]))
        )));
        let erratum = &claim["erratum"];
        if erratum.is_null() {
            continue;
        }
        errata += 1;
        assert_ne!(claim["book"], claim["rules"]);
        let ruling = &erratum["ruling"];
        let href = ruling["href"].as_str().expect("the ruling is linked");
        assert!(row.contains(&format!("href=\"../{href}\"")), "{row}");
        assert!(row.contains(&dom_text(ruling["title"].as_str().expect("a title"))));
        assert!(row.contains(&dom_text(erratum["reason"].as_str().expect("a reason"))));
        let anchor = href.split_once('#').expect("an anchor").1;
        assert!(
            page.contains(&format!("id=\"{anchor}\"")),
            "no ruling section on the page"
        );
    }
    assert!(errata > 0, "craft-burst shows no erratum");

    // The rule box of `falling.fall` shows its function's source, collapsed,
    // with its place, where "resolved by" leads.
    let fall = json["systems"][0]["chapters"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c["id"] == "falling"))
        .and_then(|c| c["rules"].as_array())
        .and_then(|rs| rs.iter().find(|r| r["id"] == "falling.fall"))
        .expect("the rule falling.fall");
    let code = &fall["code"];
    let anchor = code["anchor"].as_str().expect("an anchor");
    let page = dump_dom(&chromium, &dir.join("action/falling.html"));
    let rule_box = slice(&page, "id=\"rule-falling.fall\"", "</section>");
    assert!(
        rule_box.contains(&format!("resolved by <a href=\"#{anchor}\">")),
        "{rule_box}"
    );
    let panel = slice(
        rule_box,
        &format!("<details class=\"code\" id=\"{anchor}\">"),
        "</details>",
    );
    assert!(panel.contains("pub fn fall("), "{panel}");
    assert!(panel.contains(&format!(
        "{}:{}",
        code["file"].as_str().expect("a file"),
        code["line"]
    )));
    assert_eq!(code["file"], "rules/src/action/falling.rs");

    // A screenshot of the front page, for people to look at.
    let png = dir.join("front.png");
    let mut screenshot = OsString::from("--screenshot=");
    screenshot.push(&png);
    run(
        &chromium,
        &dir.join("index.html"),
        &[screenshot, "--window-size=1280,2000".into()],
    );
    let bytes = std::fs::read(&png).expect("chromium saved the screenshot");
    assert!(
        bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000,
        "front.png is no screenshot"
    );
}

#[test]
fn a_recorded_mutation_run_reads_right_in_chromium() {
    let Some(chromium) = chromium() else {
        return;
    };
    let scratch = Scratch::workspace_copy("browser-mutants");
    let root = &scratch.0;
    std::fs::write(root.join("conformance/mutants.toml"), common::MUTANTS)
        .expect("write the record");
    let json = audit(root);
    let front = dump_dom(
        &chromium,
        &root.join(xtask::audit::REPORT_DIR).join("index.html"),
    );
    assert_eq!(
        check_mutation(&front, &json),
        2,
        "the fixture runs action and the engine"
    );
    assert!(front.contains(&dom_text("no example sits on a band's upper edge <here>")));
}
