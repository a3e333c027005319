//! The report in a real browser. Debian's `chromium`, headless, opens the
//! report from disk: the front page's figures (and its mutation scores, also
//! from a fixture record) equal `audit.json`'s, an erratum example shows the
//! book's value, the resolver's and its ruling, a rule's code panel shows its
//! function where "resolved by" leads. As a book: the sidebar links to every
//! chapter, search finds from disk, `print.html` holds every chapter, and at
//! 390 px no page is wider than the screen and every verdict is in view.
//! Screenshots are saved as `target/audit/front.png`, `narrow.png` and
//! `narrow-chapter.png`.
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

/// The `file://` URL of `page`, with `query` (`?q=…`) after it.
fn file_url(page: &Path, query: &str) -> OsString {
    let mut url = OsString::from("file://");
    url.push(page);
    url.push(query);
    url
}

/// Runs headless chromium on one page with `action` (`--dump-dom`, or
/// `--screenshot=…` with a window size) and returns what it printed.
fn run(chromium: &Path, page: &Path, action: &[OsString]) -> String {
    run_url(chromium, &file_url(page, ""), action)
}

fn run_url(chromium: &Path, url: &OsString, action: &[OsString]) -> String {
    let scratch = Scratch::new("chromium");
    let profile = scratch.0.join("profile");
    let stdout = scratch.0.join("stdout");
    let stderr = scratch.0.join("stderr");
    let mut profile_arg = OsString::from("--user-data-dir=");
    profile_arg.push(&profile);
    let page = url.to_string_lossy();
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
            panic!("chromium took more than {TIMEOUT:?} on {page}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    assert!(
        status.success(),
        "chromium failed on {page}:\n{}",
        read(&stderr)
    );
    read(&stdout)
}

fn dump_dom(chromium: &Path, page: &Path) -> String {
    dump_url(chromium, &file_url(page, ""), &[])
}

/// The document chromium built at `url`, after its scripts ran.
fn dump_url(chromium: &Path, url: &OsString, flags: &[&str]) -> String {
    let mut action: Vec<OsString> = flags.iter().map(OsString::from).collect();
    action.push("--dump-dom".into());
    let dom = run_url(chromium, url, &action);
    assert!(
        dom.contains("</html>"),
        "chromium dumped no document for {}",
        url.to_string_lossy()
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
    xtask::audit::run(root, &book, None).expect("the audit runs");
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
    check_front_order(&front);

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
        // The book's value, with what an erratum sets aside struck through.
        let unstruck = row.replace("<del>", "").replace("</del>", "");
        assert!(unstruck.contains(&format!(
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

    check_sidebar(&chromium, &dir, &json);
    check_search(&chromium, &dir);
    check_print(&chromium, &dir, &json);
    check_queue(&chromium, &dir, &json);
    check_rulings(&chromium, &dir, &json);
    check_chapter_mutation(&chromium, &dir, &json);
    check_narrow(&chromium, &dir);
    check_wide(&chromium, &dir);

    // Screenshots, for people to look at.
    screenshot(&chromium, &dir.join("index.html"), "front.png", "1280,2000");
    screenshot(&chromium, &dir.join("index.html"), "narrow.png", "390,1600");
    let autofire = dir.join("action/autofire.html");
    screenshot(&chromium, &autofire, "narrow-chapter.png", "390,1600");
}

/// Saves a screenshot of `page` at `size` (`width,height`) as `dir/name`.
fn screenshot(chromium: &Path, page: &Path, name: &str, size: &str) {
    let png = page
        .ancestors()
        .find(|d| d.ends_with("audit"))
        .expect("a page of the report")
        .join(name);
    let mut arg = OsString::from("--screenshot=");
    arg.push(&png);
    run(
        chromium,
        page,
        &[
            arg,
            format!("--window-size={size}").into(),
            "--hide-scrollbars".into(),
        ],
    );
    let bytes = std::fs::read(&png).expect("chromium saved the screenshot");
    assert!(
        bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000,
        "{name} is no screenshot"
    );
}

/// Each chapter's page, relative to the report's folder, in book order.
fn chapter_pages(json: &Json) -> Vec<String> {
    json["systems"]
        .as_array()
        .expect("systems")
        .iter()
        .flat_map(|s| s["chapters"].as_array().expect("chapters"))
        .map(|c| c["page"].as_str().expect("a page").to_string())
        .collect()
}

/// The sidebar of a chapter's page links to every chapter, marks its own and
/// lists its sections; the front page's leads to the same pages.
fn check_sidebar(chromium: &Path, dir: &Path, json: &Json) {
    let page = dump_dom(chromium, &dir.join("action/falling.html"));
    let sidebar = slice(&page, "<nav class=\"sidebar\"", "</nav>");
    let front = dump_dom(chromium, &dir.join("index.html"));
    let front_sidebar = slice(&front, "<nav class=\"sidebar\"", "</nav>");
    let pages = chapter_pages(json);
    assert!(pages.len() > 40, "{pages:?}");
    for p in &pages {
        assert!(
            sidebar.contains(&format!("href=\"../{p}\"")),
            "no link to {p}"
        );
        assert!(
            front_sidebar.contains(&format!("href=\"{p}\"")),
            "no link to {p}"
        );
    }
    assert!(sidebar.contains(
        "<a href=\"../action/falling.html\" class=\"current\" aria-current=\"page\">Falling</a>"
    ));
    assert!(sidebar.contains("href=\"../action/falling.html#reading-the-table\""));
    assert!(sidebar.contains("action=\"../search.html\""));
}

/// `search.html?q=…` finds from disk, with no server: the search's own
/// script reads the index beside it and lists what holds every word.
fn check_search(chromium: &Path, dir: &Path) {
    let search = |q: &str| {
        let dom = dump_url(chromium, &file_url(&dir.join("search.html"), q), &[]);
        let list = slice(&dom, "<ol id=\"search-results\"", "</ol>").to_string();
        let found: usize = attr(&list, "data-results")
            .parse()
            .expect("a count of results");
        (dom, list, found)
    };
    let (_, list, found) = search("?q=falling");
    assert!(found > 5, "{list}");
    assert!(
        list.contains("<a href=\"action/falling.html#falling\">Falling</a>"),
        "{list}"
    );
    let (_, list, _) = search("?q=mary+falls");
    assert!(
        list.contains("<a href=\"action/falling.html#mary-falls\">mary-falls</a>"),
        "{list}"
    );
    // Surviving mutants and the review queue can be found; snippets are cut
    // at spaces and mark the words found.
    let (_, list, found) = search("?q=mutant");
    assert!(found > 0 && list.contains("data-kind=\"mutant\""), "{list}");
    let (_, list, found) = search("?q=changed+since+review");
    assert!(found > 0 && list.contains("data-kind=\"review\""), "{list}");
    assert!(list.contains("<mark>changed</mark>"), "{list}");
    let (_, list, _) = search("?q=armor");
    for snippet in list.split("<p>").skip(1) {
        let text = &snippet[..snippet.find("</p>").expect("its end")];
        assert!(!text.contains("[given]"), "raw TOML in a snippet: {text}");
        if let Some(rest) = text.strip_prefix("… ") {
            let before = rest.chars().next().expect("a word");
            assert!(!before.is_whitespace(), "{text}");
        }
    }
    let (dom, _, found) = search("?q=%3Cb%3Ezzqx");
    assert_eq!(found, 0);
    assert!(
        dom.contains("0 results for “&lt;b&gt;zzqx”"),
        "the query is shown as text"
    );
}

/// `print.html` holds every chapter, in book order, each with its examples.
fn check_print(chromium: &Path, dir: &Path, json: &Json) {
    let dom = dump_dom(chromium, &dir.join("print.html"));
    let mut from = 0;
    for system in json["systems"].as_array().expect("systems") {
        for chapter in system["chapters"].as_array().expect("chapters") {
            let mark = format!(
                "data-chapter=\"{}/{}\"",
                system["id"].as_str().expect("id"),
                chapter["id"].as_str().expect("id")
            );
            let at = dom[from..]
                .find(&mark)
                .unwrap_or_else(|| panic!("print.html lacks {mark} (or has it out of order)"));
            from += at;
            for e in chapter["examples"].as_array().expect("examples") {
                let id = format!(
                    "id=\"{}--{}\"",
                    system["id"].as_str().expect("id"),
                    e["id"].as_str().expect("id")
                );
                assert!(dom.contains(&id), "{id}");
            }
        }
    }
    assert!(!dom.contains("<script"));
    // Every id once, so that every in-page link lands in its own system.
    let mut ids = std::collections::BTreeMap::new();
    for part in dom.split(" id=\"").skip(1) {
        *ids.entry(&part[..part.find('"').expect("a quote")])
            .or_insert(0) += 1;
    }
    let twice: Vec<_> = ids.iter().filter(|(_, n)| **n > 1).collect();
    assert!(
        twice.is_empty(),
        "ids on print.html more than once: {twice:?}"
    );
    for part in dom.split("href=\"#").skip(1) {
        let target = &part[..part.find('"').expect("a quote")];
        assert!(
            ids.contains_key(target),
            "`#{target}` lands nowhere on print.html"
        );
    }
}

/// The review queue: `queue.html` lists every page of the queue, most left
/// first; each page holds its entries under their items' ids, each with the
/// command that stamps it, a link that lands on its item in the report, and
/// the item links back to the entry. Every page is read as written; the one
/// with the most left, and its diff styles, in the browser.
fn check_queue(chromium: &Path, dir: &Path, json: &Json) {
    let q = &json["review_queue"];
    let pages = q["pages"].as_array().expect("pages");
    let entries = q["entries"].as_array().expect("entries");
    assert!(pages.len() > 10 && !entries.is_empty(), "{}", pages.len());
    let front = dump_dom(chromium, &dir.join("queue.html"));
    let mut by_left: Vec<&Json> = pages.iter().collect();
    by_left.sort_by_key(|p| std::cmp::Reverse(p["entries"].as_u64()));
    let mut last = 0;
    for p in &by_left {
        let page = p["page"].as_str().expect("a page");
        let at = front
            .find(&format!("href=\"{page}\""))
            .unwrap_or_else(|| panic!("queue.html does not link {page}"));
        assert!(at > last, "{page} is out of order on queue.html");
        last = at;
        assert!(
            page.starts_with("queue/") && dir.join(page).is_file(),
            "{page}"
        );
    }
    let read = |page: &str| std::fs::read_to_string(dir.join(page)).expect("a page of the report");
    let (mut back, mut code_back) = (0, 0);
    for e in entries {
        let page = e["page"].as_str().expect("a page");
        let anchor = e["anchor"].as_str().expect("an anchor");
        let text = read(page);
        let entry = slice(
            &text,
            &format!("<section class=\"queue-entry\" id=\"{}\"", dom_text(anchor)),
            "</section>",
        );
        let scopes: Vec<&str> = e["scopes"]
            .as_array()
            .expect("scopes")
            .iter()
            .map(|s| s.as_str().expect("a scope"))
            .collect();
        if !scopes.is_empty() {
            let command = format!("cargo xtask audit --stamp {}", scopes.join(" "));
            assert!(
                entry.contains(&format!("stamp: <code>{}</code>", dom_text(&command))),
                "{entry}"
            );
        }
        // Every change of the entry has an element with its id, for the link back.
        for c in e["changes"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(e["rows"].as_array().into_iter().flatten())
        {
            let id = c["id"].as_str().expect("an id");
            assert!(
                entry.contains(&format!("id=\"{}\"", dom_text(id))),
                "no `{id}` in {entry}"
            );
        }
        let Some(href) = e["href"].as_str() else {
            continue;
        };
        let (target, fragment) = href.split_once('#').expect("an item's anchor");
        let depth = page.matches('/').count();
        assert!(
            entry.contains(&format!(
                "href=\"{}{}\"",
                "../".repeat(depth),
                dom_text(href)
            )),
            "{entry}"
        );
        let item_page = read(target);
        assert!(
            item_page.contains(&format!("id=\"{}\"", dom_text(fragment))),
            "{href} lands nowhere"
        );
        let own = &e["changes"][0];
        if own["system"].is_string() && e["kind"] != "removed" {
            let id = own["id"].as_str().expect("an id");
            let link = format!("href=\"../{page}#{}\"", dom_text(id));
            assert!(
                item_page.contains(&link),
                "{target} does not link back to {page}#{id}"
            );
            back += 1;
        } else if e["kind"] == "function" {
            // A function's listing marks it at its first line, the mark
            // linking back to the entry.
            let id = own["id"].as_str().expect("a path");
            let root = "../".repeat(target.matches('/').count());
            let link = format!("href=\"{root}{page}#{}\"", dom_text(id));
            assert!(
                item_page.contains(&link),
                "{target} does not link back to {page}#{id}"
            );
            code_back += 1;
        }
    }
    assert!(back > 100, "only {back} items link back to their entries");
    assert!(
        code_back > 20,
        "only {code_back} functions link back to their entries"
    );
    // What a check cleared is marked so on its item, never as a person's stamp.
    let cleared = q["cleared"].as_array().expect("cleared");
    assert!(!cleared.is_empty(), "nothing cleared");
    for c in cleared.iter().filter(|c| c["system"].is_string()).take(20) {
        let page = format!(
            "{}/{}.html",
            c["system"].as_str().expect("a system"),
            c["chapter"].as_str().expect("a chapter")
        );
        let check = c["cleared"]["check"].as_str().expect("a check");
        let text = read(&page);
        let mark = format!(
            "href=\"../queue.html#cleared\" title=\"verified by a check, not stamped by a person\">cleared by check {check}</a>"
        );
        assert!(
            text.contains(&mark),
            "{page} does not mark `{}` cleared",
            c["id"]
        );
    }

    // The page with the most left, in the browser: its entries, and a diff
    // whose inserted and deleted lines are coloured and never underlined.
    let tallest = by_left[0]["page"].as_str().expect("a page");
    let dom = dump_dom(chromium, &dir.join(tallest));
    let on_it = entries.iter().filter(|e| e["page"] == tallest).count();
    assert_eq!(dom.matches("<section class=\"queue-entry\"").count(), on_it);
    let styles = diff_styles(chromium, &dir.join(tallest));
    assert_eq!(styles["ins-decoration"], "none", "{styles:?}");
    assert_eq!(styles["del-decoration"], "none", "{styles:?}");
    assert_ne!(
        styles["ins-background"], styles["del-background"],
        "{styles:?}"
    );
    assert_ne!(styles["ins-background"], "rgba(0, 0, 0, 0)", "{styles:?}");
    assert_ne!(styles["del-background"], "rgba(0, 0, 0, 0)", "{styles:?}");
}

/// How the browser draws the first inserted and deleted line of a diff on
/// `page`: each one's text decoration and background, read by a script in a
/// page that frames it.
fn diff_styles(chromium: &Path, page: &Path) -> std::collections::BTreeMap<String, String> {
    let scratch = Scratch::new("diff-styles");
    let frame = scratch.0.join("frame.html");
    let script = "<script>addEventListener('load', () => {\n\
        const d = document.getElementById('f').contentDocument;\n\
        for (const tag of ['ins', 'del']) {\n\
          const e = d.querySelector('pre.diff ' + tag);\n\
          const s = getComputedStyle(e);\n\
          document.body.setAttribute('data-' + tag + '-decoration', s.textDecorationLine);\n\
          document.body.setAttribute('data-' + tag + '-background', s.backgroundColor);\n\
        }\n\
      });</script>";
    let url = file_url(page, "");
    let html = format!(
        "<!DOCTYPE html><html><body><iframe id=\"f\" src=\"{}\"></iframe>{script}</body></html>",
        url.to_string_lossy()
    );
    std::fs::write(&frame, html).expect("write the frame");
    let dom = dump_url(
        chromium,
        &file_url(&frame, ""),
        &[
            "--allow-file-access-from-files",
            "--virtual-time-budget=10000",
        ],
    );
    let body = slice(&dom, "<body", ">");
    ["ins", "del"]
        .iter()
        .flat_map(|tag| ["decoration", "background"].map(|what| format!("{tag}-{what}")))
        .map(|key| {
            let value = attr(body, &format!("data-{key}")).to_string();
            (key, value)
        })
        .collect()
}

/// The front page in the order an auditor asks, and every heading on it with
/// an id to link to.
fn check_front_order(front: &str) {
    let order = [
        "systems",
        "failing",
        "unexercised",
        "rulings",
        "errata",
        "review",
    ];
    let at: Vec<usize> = order
        .iter()
        .map(|id| {
            front
                .find(&format!("<section id=\"{id}\""))
                .unwrap_or_else(|| panic!("no section `{id}` on the front page"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{order:?} at {at:?}");
    let review = slice(front, "<section id=\"review\"", "</section>");
    assert!(review.contains("href=\"queue.html\""), "{review}");
    for tag in ["<h2", "<h3"] {
        for (i, _) in front.match_indices(tag) {
            let open = &front[i..i + front[i..].find('>').expect("a tag")];
            assert!(open.contains(" id=\""), "a heading without an id: {open}");
        }
    }
}

/// Each ruling on the front page says who wrote it and when and its stance,
/// and links to every example whose errata or derivation cites it, each of
/// which lands on that example.
fn check_rulings(chromium: &Path, dir: &Path, json: &Json) {
    let front = dump_dom(chromium, &dir.join("index.html"));
    let front = &front[front.find("id=\"rulings\"").expect("the rulings")..];
    let mut linked = 0;
    for system in json["systems"].as_array().expect("systems") {
        for r in system["rulings"].as_array().expect("rulings") {
            let href = r["ruling"]["href"].as_str().expect("a link");
            let row = slice(front, &format!("<a href=\"{href}\""), "</tr>");
            let written = &r["written"];
            let authors = written["authors"]
                .as_array()
                .expect("rulings are committed");
            let who = dom_text(authors[0].as_str().expect("an author"));
            assert!(row.contains(&who), "{row}");
            assert!(
                row.contains(written["last"].as_str().expect("a date")),
                "{row}"
            );
            assert!(
                row.contains(r["stance"].as_str().expect("a stance")),
                "{row}"
            );
            for cite in r["cited_by"]
                .as_array()
                .into_iter()
                .flatten()
                .chain(r["derivations"].as_array().into_iter().flatten())
            {
                let to = cite["href"].as_str().expect("a link");
                assert!(row.contains(&format!("href=\"{to}\"")), "{row}");
                let (page, anchor) = to.split_once('#').expect("an anchor");
                let target = std::fs::read_to_string(dir.join(page)).expect("the example's page");
                assert!(
                    target.contains(&format!("id=\"{anchor}\"")),
                    "{to} lands nowhere"
                );
                linked += 1;
            }
        }
    }
    assert!(linked > 0, "no ruling links to an example");
}

/// `mutation score 90%: 9 caught of 12 mutants, 1 missed, 2 unviable` from
/// figures as `audit.json` has them.
fn score_text(m: &Json) -> String {
    let score = match m["score"].as_f64() {
        Some(s) => format!("{:.0}%", s * 100.0),
        None => "no viable mutant".to_string(),
    };
    let timeout = match m["timeout"].as_u64() {
        Some(0) | None => String::new(),
        Some(n) => format!(", {n} timed out"),
    };
    format!(
        "mutation score {score}: {} caught of {} mutants, {} missed, {} unviable{timeout}",
        m["caught"], m["mutants"], m["missed"], m["unviable"]
    )
}

/// Each chapter's page shows its resolver file's mutation figures as
/// `audit.json` has them, and each rule's box its own, over the functions its
/// code reaches (or the files that leave them unknown), with the survivors
/// in that code and their reasons.
fn check_chapter_mutation(chromium: &Path, dir: &Path, json: &Json) {
    let (mut chapters, mut rules, mut survivors) = (0, 0, 0);
    for system in json["systems"].as_array().expect("systems").iter().take(1) {
        for chapter in system["chapters"]
            .as_array()
            .expect("chapters")
            .iter()
            .take(4)
        {
            let dom = dump_dom(
                chromium,
                &dir.join(chapter["page"].as_str().expect("a page")),
            );
            let tally = slice(&dom, "<p class=\"tally\">", "</p>");
            let m = &chapter["mutation"];
            if m.is_null() {
                assert!(tally.contains("no mutation run"), "{tally}");
            } else {
                assert!(tally.contains(&score_text(m)), "{m} in {tally}");
                chapters += 1;
            }
            for rule in chapter["rules"].as_array().expect("rules") {
                let id = rule["id"].as_str().expect("an id");
                let rule_box = slice(&dom, &format!("id=\"rule-{id}\""), "</section>");
                let shown = slice(rule_box, "<p class=\"rule-mutation\">", "</p>");
                let m = &rule["mutation"];
                if m["run"].is_null() {
                    assert!(shown.contains("mutation score unknown"), "{id}: {shown}");
                    for file in m["unknown"].as_array().expect("unknown files") {
                        let file = file.as_str().expect("a file");
                        assert!(
                            shown.contains(&format!("<code>{file}</code>")),
                            "{id}: {shown}"
                        );
                    }
                } else {
                    let figures = format!(
                        "{}, over the functions its code reaches ({} with mutants)",
                        score_text(&m["run"]),
                        m["run"]["functions"]
                    );
                    assert!(shown.contains(&figures), "{id}: {figures} in {shown}");
                    rules += 1;
                }
                for s in rule["survivors"].as_array().expect("survivors") {
                    let line = format!(
                        "<code>{}</code>: {}",
                        dom_text(s["mutant"].as_str().expect("a mutant")),
                        dom_text(s["reason"].as_str().expect("a reason"))
                    );
                    assert!(rule_box.contains(&line), "{id}: {line}");
                    survivors += 1;
                }
            }
        }
    }
    assert!(chapters > 0, "no chapter shows a mutation score");
    assert!(rules > 0, "no rule shows mutation figures");
    assert!(survivors > 0, "no rule shows a survivor");
}

/// At 390 px, several pages load in frames of that width; a script of the
/// probe page (not of the report) writes what it measured into its own DOM:
/// no page is wider than its frame, every example's and property's verdict is
/// in view (`print.html` holds every chapter), the sidebar is folded behind
/// its button, and a table's toggle shows its cells' Rust values.
fn check_narrow(chromium: &Path, dir: &Path) {
    let pages = [
        "index.html",
        "action/autofire.html",
        "action/falling.html",
        "print.html",
        "code/action/falling.rs.html",
        "search.html?q=armor",
    ];
    let scratch = Scratch::new("narrow");
    let frames: String = pages
        .iter()
        .map(|p| format!("<iframe data-page=\"{p}\" src=\"{}\" style=\"width:390px;height:844px\"></iframe>\n", file_url(&dir.join(p), "").to_string_lossy()))
        .collect();
    let probe = scratch.0.join("probe.html");
    std::fs::write(&probe, format!("<!DOCTYPE html>\n<html><body>\n{frames}<ol id=\"out\"></ol>\n<script>{NARROW_PROBE}</script>\n</body></html>\n")).expect("write the probe");
    let dom = dump_url(
        chromium,
        &file_url(&probe, ""),
        &["--allow-file-access-from-files"],
    );
    for p in pages {
        let row = slice(&dom, &format!("<li data-page=\"{p}\""), "</li>");
        let figure = |key: &str| -> i64 {
            attr(row, key)
                .parse()
                .unwrap_or_else(|_| panic!("{key} in {row}"))
        };
        assert!(figure("data-client-width") <= 390, "{row}");
        assert!(
            figure("data-scroll-width") <= figure("data-client-width"),
            "{p} is wider than the screen: {row}"
        );
        assert_eq!(
            figure("data-verdicts-off"),
            0,
            "{p} has verdicts out of view: {row}"
        );
        assert!(
            row.contains("data-sidebar=\"none\" data-button=\"block\""),
            "{row}"
        );
        assert_eq!(
            figure("data-uncued"),
            0,
            "{p}: a table scrolls with no cue: {row}"
        );
    }
    let autofire = slice(&dom, "<li data-page=\"action/autofire.html\"", "</li>");
    assert!(
        !autofire.contains("data-verdicts=\"0\""),
        "no verdict was measured: {autofire}"
    );
    // Each cell's Rust value shows only once its table's toggle is on.
    let falling = slice(&dom, "<li data-page=\"action/falling.html\"", "</li>");
    let counts: Vec<usize> = attr(falling, "data-typed")
        .split('/')
        .map(|n| n.parse().expect("a count"))
        .collect();
    assert_eq!(counts.len(), 3, "{falling}");
    assert_eq!((counts[0], counts[1]), (0, counts[2]), "{falling}");
    assert!(counts[2] > 180, "{falling}");
}

/// At 1280 px, no claim's name breaks inside a word and no verdict wraps:
/// each is one line box.
fn check_wide(chromium: &Path, dir: &Path) {
    let scratch = Scratch::new("wide");
    let pages = [
        "action/autofire.html",
        "action/falling.html",
        "damage-system/recovery.html",
    ];
    let frames: String = pages
        .iter()
        .map(|p| format!("<iframe data-page=\"{p}\" src=\"{}\" style=\"width:1280px;height:900px\"></iframe>\n", file_url(&dir.join(p), "").to_string_lossy()))
        .collect();
    let probe = scratch.0.join("probe.html");
    std::fs::write(&probe, format!("<!DOCTYPE html>\n<html><body>\n{frames}<ol id=\"out\"></ol>\n<script>{WIDE_PROBE}</script>\n</body></html>\n")).expect("write the probe");
    let dom = dump_url(
        chromium,
        &file_url(&probe, ""),
        &["--allow-file-access-from-files", "--window-size=1400,1000"],
    );
    for p in pages {
        let row = slice(&dom, &format!("<li data-page=\"{p}\""), "</li>");
        assert!(
            attr(row, "data-names").parse::<usize>().expect("a count") > 0,
            "{row}"
        );
        assert_eq!(
            attr(row, "data-broken"),
            "0",
            "{p}: a name or verdict broken across lines: {row}"
        );
    }
}

const WIDE_PROBE: &str = r#"
window.addEventListener("load", function () {
  var out = document.getElementById("out");
  document.querySelectorAll("iframe").forEach(function (frame) {
    var doc = frame.contentDocument;
    var names = doc.querySelectorAll("table.claims td:first-child code, table.claims .verdict");
    var broken = [];
    names.forEach(function (n) { if (n.getClientRects().length > 1) { broken.push(n.textContent); } });
    var li = document.createElement("li");
    li.setAttribute("data-page", frame.dataset.page);
    li.setAttribute("data-names", names.length);
    li.setAttribute("data-broken", broken.length);
    li.textContent = broken.join(" ");
    out.appendChild(li);
  });
});
"#;

/// The value of the attribute `key` in `element`'s HTML.
fn attr<'a>(element: &'a str, key: &str) -> &'a str {
    let open = format!("{key}=\"");
    let value = &slice(element, &open, "\n")[open.len()..];
    &value[..value.find('"').expect("the attribute's end")]
}

/// The probe's script: for each frame, its widths, its verdicts (and how many
/// are out of view), how the sidebar and its button show, and how many Rust
/// values show before and after every table's toggle is turned on, of all.
const NARROW_PROBE: &str = r#"
window.addEventListener("load", function () {
  var out = document.getElementById("out");
  document.querySelectorAll("iframe").forEach(function (frame) {
    var doc = frame.contentDocument;
    var root = doc.documentElement;
    var verdicts = doc.querySelectorAll(".example .verdict, .property .verdict");
    var off = 0;
    verdicts.forEach(function (v) {
      var r = v.getBoundingClientRect();
      if (r.left < 0 || r.right > root.clientWidth || r.width === 0) { off += 1; }
    });
    var style = function (sel) { return getComputedStyle(doc.querySelector(sel)).display; };
    var shown = function () {
      return Array.prototype.filter.call(doc.querySelectorAll("code.rust"), function (c) {
        return getComputedStyle(c).display !== "none";
      }).length;
    };
    var before = shown();
    doc.querySelectorAll(".typed-toggle").forEach(function (t) { t.checked = true; });
    var li = document.createElement("li");
    li.setAttribute("data-page", frame.dataset.page);
    li.setAttribute("data-client-width", root.clientWidth);
    li.setAttribute("data-scroll-width", root.scrollWidth);
    li.setAttribute("data-verdicts", verdicts.length);
    li.setAttribute("data-verdicts-off", off);
    li.setAttribute("data-sidebar", style(".sidebar"));
    li.setAttribute("data-button", style(".toc-button"));
    li.setAttribute("data-typed", before + "/" + shown() + "/" + doc.querySelectorAll("code.rust").length);
    // Wide tables that scroll and show no shadow to say so.
    var uncued = 0;
    doc.querySelectorAll("table.counts, table.mutation, table.chapters").forEach(function (t) {
      if (t.scrollWidth > t.clientWidth && getComputedStyle(t).backgroundImage.indexOf("radial-gradient") < 0) { uncued += 1; }
    });
    li.setAttribute("data-uncued", uncued);
    li.textContent = frame.dataset.page;
    out.appendChild(li);
  });
});
"#;

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

/// With the books (`audit --books`), a chapter shows the cited lines beside a
/// table and an example, each found figure marked and a changed cell listed as
/// a finding; the front page gives the figures per system and each book's
/// coverage page marks every line: cited (linked to its item), not rules, or
/// cited by nothing. On the fixture book and the book texts written for it.
#[test]
fn the_book_panels_and_coverage_read_right_in_chromium() {
    let Some(chromium) = chromium() else {
        return;
    };
    let scratch = Scratch::fixture("browser-books");
    let root = &scratch.0;
    let armor = root.join("spec/action/armor.md");
    common::edit(&armor, "| 3-4 | 2d6 |", "| 3-4 | 3d6 |");
    common::edit(&armor, "{#worn-armor lines=9-10}", "{#worn-armor}");
    let books = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/books");
    let book = xtask::compile_book(root).expect("the fixture compiles");
    xtask::audit::run_with_books(root, &book, None, Some(&books)).expect("the audit runs");
    let dir = root.join(xtask::audit::REPORT_DIR);

    let chapter = dump_dom(&chromium, &dir.join("action/armor.html"));
    let table = slice(&chapter, "data-item=\"hit-kinds\"", "</details>");
    assert!(table.contains("data-failures=\"1\""), "{table}");
    assert!(
        table.contains("fixture-armor.txt</code> lines <code>13-15</code>"),
        "{table}"
    );
    let row = slice(table, "<li value=\"14\"", "</li>");
    assert!(
        row.contains("<mark>1-2</mark>") && row.contains("<mark>1d6</mark>"),
        "{row}"
    );
    let failures = slice(table, "<ul class=\"book-failures\">", "</ul>");
    assert!(
        failures.contains("book-cell") && failures.contains("3d6"),
        "{failures}"
    );
    let example = slice(&chapter, "data-item=\"fixture-absorb\"", "</details>");
    assert!(example.contains("data-failures=\"0\""), "{example}");
    assert!(
        slice(example, "<li value=\"6\"", "</li>").contains("<mark>6</mark>"),
        "{example}"
    );

    let front = dump_dom(&chromium, &dir.join("index.html"));
    let row = slice(&front, "<tr data-provenance=\"action\">", "</tr>");
    assert_eq!(count(row, "rows"), "2/3", "{row}");
    assert_eq!(count(row, "claims"), "2/2", "{row}");

    let coverage = dump_dom(&chromium, &dir.join("books/fixture-armor.txt.html"));
    let line = |n: u32| slice(&coverage, &format!("data-line=\"{n}\""), "</tr>").to_string();
    assert!(
        coverage.contains("<tr class=\"not-rules\" data-line=\"1\">"),
        "{}",
        line(1)
    );
    assert!(
        coverage.contains("<tr class=\"uncited\" data-line=\"9\">"),
        "{}",
        line(9)
    );
    assert!(line(9).contains("cited by nothing"), "{}", line(9));
    assert!(
        coverage.contains("<tr class=\"cited\" data-line=\"13\">"),
        "{}",
        line(13)
    );
    assert!(
        line(13).contains("href=\"../action/armor.html#hit-kinds\""),
        "{}",
        line(13)
    );
}

/// Links of a chapter that would run script or load a page made of the URL
/// itself (issue 30), in every spelling a hostile campaign tried: in the
/// browser's live DOM, no element of the chapter's page points at a
/// `javascript:`, `data:` or `vbscript:` URL, while the words of each link
/// and an `https` link stay.
#[test]
fn no_link_of_a_chapter_runs_script_in_chromium() {
    let Some(chromium) = chromium() else {
        return;
    };
    let scratch = Scratch::fixture("browser-links");
    let root = &scratch.0;
    let links = "A fixture chapter for the tooling's tests: armor takes points off a hit.\n\n\
        [plain](javascript:alert(1)) <javascript:alert(2)> [case](JaVaScRiPt:alert(3)) \
        [entity](&#106;avascript:alert(4)) [escaped](java%09script:alert(5)) \
        [tab](<java\tscript:alert(6)>) [reference][bad] [page](data:text/html,<script>alert(7)</script>) \
        ![image](javascript:alert(8)) <img src=\"javascript:alert(9)\"> [vb](vbscript:msgbox(10)) \
        [kept](https://example.org/kept)\n\n\
        [bad]: javascript:alert(11)\n";
    common::edit(
        &root.join("spec/action/armor.md"),
        "A fixture chapter for the tooling's tests: armor takes points off a hit.\n",
        links,
    );
    audit(root);
    let page = root
        .join(xtask::audit::REPORT_DIR)
        .join("action/armor.html");
    let probe_dir = Scratch::new("links-probe");
    let probe = probe_dir.0.join("probe.html");
    let frame = file_url(&page, "").to_string_lossy().into_owned();
    std::fs::write(
        &probe,
        format!(
            "<!DOCTYPE html>\n<html><body>\n<iframe src=\"{frame}\"></iframe>\n<ol id=\"out\"></ol>\n\
             <script>{LINKS_PROBE}</script>\n</body></html>\n"
        ),
    )
    .expect("write the probe");
    let dom = dump_url(
        &chromium,
        &file_url(&probe, ""),
        &["--allow-file-access-from-files"],
    );
    let out = slice(&dom, "<ol id=\"out\"", "</ol>");
    assert!(
        out.contains("data-words=\"12\""),
        "the links' words are not all on the page: {out}"
    );
    assert!(
        out.contains("data-kept=\"1\""),
        "the https link is lost: {out}"
    );
    assert!(out.contains("data-live=\"0\""), "live script links: {out}");
}

/// For the chapter in the frame: how many elements point at a URL whose
/// scheme, as the browser itself parses it, runs script or is a document of
/// its own (`data-live`, each listed), how many of the links' words show, and
/// whether the https link is a link.
const LINKS_PROBE: &str = r#"
window.addEventListener("load", function () {
  var out = document.getElementById("out");
  var doc = document.querySelector("iframe").contentDocument;
  var live = [];
  doc.querySelectorAll("[href],[src],[action],[formaction],[data],[srcdoc]").forEach(function (el) {
    ["href", "src", "action", "formaction", "data"].forEach(function (name) {
      var value = el.getAttribute(name);
      if (value === null) { return; }
      var scheme = new URL(value, doc.baseURI).protocol;
      if (scheme === "javascript:" || scheme === "data:" || scheme === "vbscript:") {
        live.push(el.tagName + " " + name + "=" + value);
      }
    });
    if (el.hasAttribute("srcdoc")) { live.push(el.tagName + " srcdoc"); }
  });
  var text = doc.body.textContent;
  var words = ["plain", "javascript:alert(2)", "case", "entity", "escaped", "tab", "reference",
    "page", "image", "javascript:alert(9)", "vb", "kept"].filter(function (w) { return text.indexOf(w) >= 0; });
  var kept = Array.prototype.filter.call(doc.querySelectorAll("a"), function (a) {
    return a.protocol === "https:" && a.textContent === "kept";
  }).length;
  var li = document.createElement("li");
  li.setAttribute("data-live", live.length);
  li.setAttribute("data-words", words.length);
  li.setAttribute("data-kept", kept);
  li.textContent = live.join(" | ");
  out.appendChild(li);
});
"#;

/// Issue 29.5: beside the target-moving table of the bundled book, the plot
/// of its modifier column, with the walking band's -1 (the cell that breaks
/// the column's step of 2) named in the caption and ringed in the SVG that
/// chromium loads from the page's own link.
#[test]
fn a_banded_columns_plot_marks_its_anomaly_in_chromium() {
    let Some(chromium) = chromium() else {
        return;
    };
    let scratch = Scratch::workspace_copy("browser-plot");
    let root = &scratch.0;
    audit(root);
    let dir = root.join(xtask::audit::REPORT_DIR);
    let chapter = dump_dom(&chromium, &dir.join("action/combat-modifiers.html"));
    let facts = slice(&chapter, "id=\"target-moving-table\"", "</div>");
    let figure = slice(facts, "<figure class=\"plot\"", "</figure>");
    assert!(figure.contains("data-anomaly=\"3-4\""), "{figure}");
    assert!(
        figure.contains("<span class=\"anomaly\">-1 at band 3-4 breaks it</span>"),
        "{figure}"
    );
    let src = attr(slice(figure, "<img", ">"), "src");
    assert_eq!(src, "../plots/action/target-moving-table-0.svg");
    let svg = dir.join("action").join(src);
    // An SVG document, not HTML: dumped as chromium parsed it.
    let drawn = run(&chromium, &svg, &["--dump-dom".into()]);
    assert!(drawn.contains("</svg>"), "chromium loaded no SVG:\n{drawn}");
    let rings: Vec<&str> = drawn
        .match_indices("<circle")
        .map(|(i, _)| &drawn[i..i + drawn[i..].find('>').unwrap_or(0)])
        .filter(|c| c.contains("stroke=\"#D62728\""))
        .collect();
    assert_eq!(rings.len(), 1, "one cell ringed:\n{drawn}");
    // The ring sits on the first dot, the walking band's.
    let dots: Vec<&str> = drawn
        .match_indices("<circle")
        .map(|(i, _)| &drawn[i..i + drawn[i..].find('>').unwrap_or(0)])
        .collect();
    let centre = |c: &str| (attr(c, "cx").to_string(), attr(c, "cy").to_string());
    assert_eq!(centre(rings[0]), centre(dots[0]), "{drawn}");
}

/// Every `href` and `src` of every page of the report leads somewhere: a file
/// of the report (or `audit.json`), and when it names a fragment, an element
/// of that page with that id. On the bundled book (a copy, so as not to write
/// the report the other tests read), and on the fixture book with its books.
#[test]
fn no_link_in_the_report_is_broken() {
    let copy = Scratch::workspace_copy("links");
    let book = xtask::compile_book(&copy.0).expect("the bundled book compiles");
    xtask::audit::run(&copy.0, &book, None).expect("the audit runs");
    let pages = check_links(&copy.0.join(xtask::audit::REPORT_DIR));
    assert!(pages > 100, "only {pages} pages");

    let fixture = Scratch::fixture("links-books");
    let books = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/books");
    let book = xtask::compile_book(&fixture.0).expect("the fixture compiles");
    xtask::audit::run_with_books(&fixture.0, &book, None, Some(&books)).expect("the audit runs");
    check_links(&fixture.0.join(xtask::audit::REPORT_DIR));
}

/// Walks every page under `dir`, failing on the first broken link; how many
/// pages it read.
fn check_links(dir: &Path) -> usize {
    let mut pages = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).expect("read a folder of the report") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                pages.push(path);
            }
        }
    }
    let ids = |page: &Path| -> Vec<String> {
        let text = std::fs::read_to_string(page).expect("read a page");
        text.match_indices(" id=\"")
            .map(|(i, m)| {
                let rest = &text[i + m.len()..];
                unescape(&rest[..rest.find('"').expect("the id's end")])
            })
            .collect()
    };
    let mut known: std::collections::HashMap<PathBuf, Vec<String>> = Default::default();
    let mut broken = Vec::new();
    // The search index's links (`"h":"…"`) are read as if from the front page.
    let index = dir.join("search-index.js");
    let sources = pages
        .iter()
        .map(|p| (p.clone(), [" href=\"", " src=\""].as_slice()))
        .chain(
            index
                .is_file()
                .then(|| (index.clone(), ["\"h\":\""].as_slice())),
        );
    for (page, keys) in sources {
        let text = std::fs::read_to_string(&page).expect("read a page");
        let page = match page == index {
            true => dir.join("index.html"),
            false => page,
        };
        for key in keys {
            for (i, m) in text.match_indices(key) {
                let rest = &text[i + m.len()..];
                let link = unescape(&rest[..rest.find('"').expect("the link's end")]);
                if link.contains("://") || link.starts_with("mailto:") {
                    continue;
                }
                let (file, fragment) = link.split_once('#').unwrap_or((&link, ""));
                let target = match file {
                    "" => page.clone(),
                    f => normalise(&page.parent().expect("a folder").join(f)),
                };
                if !target.is_file() {
                    broken.push(format!("{}: {link} (no such file)", page.display()));
                    continue;
                }
                if fragment.is_empty() || target.extension().is_none_or(|e| e != "html") {
                    continue;
                }
                let on = known.entry(target.clone()).or_insert_with(|| ids(&target));
                if !on.iter().any(|id| id == fragment) {
                    broken.push(format!("{}: {link} (no such id)", page.display()));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "{} broken links:\n{}",
        broken.len(),
        broken.join("\n")
    );
    pages.len()
}

/// `a/b/../c` as `a/c`, without touching the disk.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// An attribute's value as the browser reads it: the entities HTML escaping
/// writes, undone.
fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}
