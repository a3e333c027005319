//! The language server driven by a scripted client over an in-memory
//! connection, on a copy of the workspace: fixture chapters (in
//! `fixtures/lsp/`) are opened as buffers, each `$N` in them a place the
//! client asks about, and the answers are snapshotted with insta. Verdicts
//! come from this package's `xtask` binary, whose tables are the workspace's.

mod common;

use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

use author::lsp::resolver::Resolver;
use author::lsp::{Config, pos};
use common::Scratch;
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

/// A fixture's text without its markers, and the byte offset of each `$N`.
fn markers(text: &str) -> (String, Vec<usize>) {
    let mut clean = String::new();
    let mut at = vec![usize::MAX; 10];
    let mut rest = text;
    while let Some(i) = rest.find('$') {
        clean.push_str(&rest[..i]);
        match rest[i + 1..].chars().next().and_then(|c| c.to_digit(10)) {
            Some(n) => {
                at[n as usize] = clean.len();
                rest = &rest[i + 2..];
            }
            None => {
                clean.push('$');
                rest = &rest[i + 1..];
            }
        }
    }
    clean.push_str(rest);
    (clean, at)
}

/// A buffer the client opened, with its marked places.
struct Buffer {
    uri: String,
    text: String,
    marks: Vec<usize>,
}

impl Buffer {
    fn at(&self, mark: usize) -> Value {
        self.at_offset(self.marks[mark])
    }

    /// At the first `what` in the text (a chapter of the book has no markers).
    fn at_text(&self, what: &str) -> Value {
        self.at_offset(
            self.text
                .find(what)
                .unwrap_or_else(|| panic!("no `{what}`")),
        )
    }

    fn at_offset(&self, offset: usize) -> Value {
        let p = pos::position(&self.text, offset);
        json!({ "textDocument": { "uri": self.uri }, "position": p })
    }
}

struct Client {
    conn: Connection,
    root: PathBuf,
    next: i32,
    /// Notifications received while waiting for responses.
    seen: Vec<Notification>,
}

impl Client {
    /// Starts a server on `root` whose only resolver is this package's binary.
    fn start(root: &Path) -> Client {
        let (server, conn) = Connection::memory();
        let config = Config {
            root: root.to_path_buf(),
            resolver: Resolver {
                binaries: vec![PathBuf::from(env!("CARGO_BIN_EXE_xtask"))],
                build: None,
            },
        };
        thread::spawn(move || author::lsp::serve(&server, config));
        let mut client = Client {
            conn,
            root: root.canonicalize().unwrap(),
            next: 0,
            seen: Vec::new(),
        };
        client.request("initialize", json!({ "capabilities": {} }));
        client.notify("initialized", json!({}));
        client
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.into(), params);
        self.conn.sender.send(n.into()).unwrap();
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = RequestId::from(self.next);
        let req = Request::new(id.clone(), method.into(), params);
        self.conn.sender.send(req.into()).unwrap();
        loop {
            match self
                .conn
                .receiver
                .recv_timeout(Duration::from_secs(60))
                .expect("an answer")
            {
                Message::Response(r) if r.id == id => {
                    return r
                        .response_result
                        .unwrap_or_else(|e| panic!("{method}: {e:?}"));
                }
                Message::Notification(n) => self.seen.push(n),
                _ => {}
            }
        }
    }

    /// Opens fixture `name` as chapter `spec/action/lsp-<name>`.
    fn open(&mut self, name: &str) -> Buffer {
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/lsp")
            .join(name);
        let (text, marks) = markers(&std::fs::read_to_string(fixture).unwrap());
        let uri = pos::uri(&self.root.join("spec/action").join(format!("lsp-{name}")));
        let uri = uri.as_str().to_string();
        let item = json!({ "uri": uri, "languageId": "markdown", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": item }));
        Buffer { uri, text, marks }
    }

    /// Opens chapter `path` of the workspace as it is on disk.
    fn open_chapter(&mut self, path: &str) -> Buffer {
        let text = std::fs::read_to_string(self.root.join(path)).unwrap();
        let uri = pos::uri(&self.root.join(path)).as_str().to_string();
        let item = json!({ "uri": uri, "languageId": "markdown", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": item }));
        Buffer {
            uri,
            text,
            marks: Vec::new(),
        }
    }

    fn change(&mut self, buffer: &mut Buffer, text: String) {
        buffer.text = text;
        let params = json!({
            "textDocument": { "uri": buffer.uri, "version": 2 },
            "contentChanges": [{ "text": buffer.text }],
        });
        self.notify("textDocument/didChange", params);
    }

    /// The diagnostics last published for `uri`, waiting for `until` to hold of them.
    fn diagnostics(&mut self, uri: &str, until: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let last =
                self.seen.iter().rev().find(|n| {
                    n.method == "textDocument/publishDiagnostics" && n.params["uri"] == uri
                });
            if let Some(n) = last.filter(|n| until(&n.params["diagnostics"])) {
                return n.params["diagnostics"].clone();
            }
            assert!(
                Instant::now() < deadline,
                "no such diagnostics for {uri}: {:#?}",
                last
            );
            if let Ok(Message::Notification(n)) =
                self.conn.receiver.recv_timeout(Duration::from_millis(100))
            {
                self.seen.push(n);
            }
        }
    }

    /// The code lenses of `buffer` once none is still judging.
    fn lenses(&mut self, buffer: &Buffer) -> Value {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let lenses = self.request(
                "textDocument/codeLens",
                json!({ "textDocument": { "uri": buffer.uri } }),
            );
            let titles = lenses.to_string();
            if !titles.contains("judging") && !titles.contains("rebuilding") {
                return lenses;
            }
            assert!(Instant::now() < deadline, "still judging: {lenses:#}");
            thread::sleep(Duration::from_millis(100));
        }
    }

    /// `value` as pretty JSON with the scratch root written `$ROOT`.
    fn shown(&self, value: &Value) -> String {
        let root = pos::uri(&self.root);
        serde_json::to_string_pretty(value)
            .unwrap()
            .replace(root.as_str(), "file://$ROOT")
    }
}

#[test]
fn hover_definitions_references_and_outline_of_a_chapter() {
    let scratch = Scratch::workspace_copy("lsp-nav");
    let mut client = Client::start(&scratch.0);
    let falls = client.open("falls.md");
    assert_eq!(client.diagnostics(&falls.uri, |_| true), json!([]));
    let hovers: Vec<Value> = [0, 1, 2, 3, 4]
        .map(|m| client.request("textDocument/hover", falls.at(m)))
        .to_vec();
    insta::assert_snapshot!("hovers", client.shown(&json!(hovers)));
    let definitions: Vec<Value> = [0, 3, 4]
        .map(|m| client.request("textDocument/definition", falls.at(m)))
        .to_vec();
    insta::assert_snapshot!("definitions", client.shown(&json!(definitions)));
    let mut refs = falls.at(0);
    refs["context"] = json!({ "includeDeclaration": false });
    let references = client.request("textDocument/references", refs);
    let in_fixture = references
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["uri"] == falls.uri.as_str());
    assert_eq!(
        in_fixture.count(),
        3,
        "every example of falling.fall in the fixture: {references:#}"
    );
    assert!(
        references.to_string().contains("spec/action/falling.md"),
        "{references:#}"
    );
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": falls.uri } }),
    );
    insta::assert_snapshot!("symbols", client.shown(&symbols));
}

#[test]
fn a_table_cell_and_a_rule_lead_to_the_code_that_reads_them() {
    let scratch = Scratch::workspace_copy("lsp-code");
    let mut client = Client::start(&scratch.0);
    let falling = client.open_chapter("spec/action/falling.md");
    client.diagnostics(&falling.uri, |d| d == &json!([]));
    let cell = client.request("textDocument/hover", falling.at_text("9d6 |"));
    insta::assert_snapshot!("cell", client.shown(&cell));
    let resolver = client.request("textDocument/definition", falling.at_text("```rule fall"));
    assert_eq!(resolver.as_array().map(Vec::len), Some(1), "{resolver:#}");
    let line = resolver[0]["range"]["start"]["line"].as_u64().unwrap() as usize;
    let source = std::fs::read_to_string(scratch.0.join("rules/src/action/falling.rs")).unwrap();
    assert!(
        source.lines().nth(line).unwrap().contains("pub fn fall("),
        "{resolver:#}"
    );
    let mut at_table = falling.at_text("| 23-26 |");
    at_table["context"] = json!({ "includeDeclaration": false });
    let readers = client.request("textDocument/references", at_table);
    let readers = client.shown(&readers);
    assert!(
        readers.contains("file://$ROOT/rules/src/action/falling.rs"),
        "{readers}"
    );
}

#[test]
fn verdicts_show_per_example_and_never_from_stale_tables() {
    let scratch = Scratch::workspace_copy("lsp-verdicts");
    let mut client = Client::start(&scratch.0);
    let mut falling = client.open_chapter("spec/action/falling.md");
    let lenses = client.lenses(&falling);
    insta::assert_snapshot!("verdicts", client.shown(&lenses));
    // An edit of an example: judged again by the same resolver.
    let claim = "distance = 24\n\n[book]\nband = \"23-26\"\ndamage = \"9d6\"";
    let text = falling
        .text
        .replacen(claim, &claim.replace("9d6", "8d6"), 1);
    assert_ne!(text, falling.text, "mary-falls has moved");
    client.change(&mut falling, text);
    let failing = client.lenses(&falling).to_string();
    assert!(
        failing.contains("fails: damage: book 8d6 | rules 9d6"),
        "{failing}"
    );
    // An edit of the falling table: this binary's tables are stale now, and
    // with no build allowed here the server must say so, not judge.
    let text = falling
        .text
        .replacen("| 23-26 | 18m/s | 9d6 |", "| 23-26 | 18m/s | 8d6 |", 1);
    client.change(&mut falling, text);
    let stale = client.lenses(&falling).to_string();
    assert!(
        stale.contains("no verdict: no resolver is built with these tables"),
        "{stale}"
    );
    assert!(!stale.contains("agrees"), "{stale}");
}

#[test]
fn a_mistake_is_reported_as_typed_with_its_quick_fix() {
    let scratch = Scratch::workspace_copy("lsp-diagnostics");
    let mut client = Client::start(&scratch.0);
    let mut falls = client.open("falls.md");
    client.diagnostics(&falls.uri, |d| d == &json!([]));
    let typo = falls
        .text
        .replacen("rule = \"falling.fall\"", "rule = \"falling.fal\"", 1);
    client.change(&mut falls, typo);
    let diagnostics = client.diagnostics(&falls.uri, |d| !d.as_array().unwrap().is_empty());
    insta::assert_snapshot!("typo", client.shown(&diagnostics));
    let range = diagnostics[0]["range"].clone();
    let params = json!({
        "textDocument": { "uri": falls.uri },
        "range": range,
        "context": { "diagnostics": diagnostics },
    });
    let actions = client.request("textDocument/codeAction", params);
    insta::assert_snapshot!("quick-fix", client.shown(&actions));
}

#[test]
fn completion_offers_rules_keys_words_and_column_types() {
    let scratch = Scratch::workspace_copy("lsp-complete");
    let mut client = Client::start(&scratch.0);
    let half = client.open("complete.md");
    client.diagnostics(&half.uri, |d| !d.as_array().unwrap().is_empty());
    let labels = |items: &Value| -> Vec<String> {
        items
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    };
    let mut shown = String::new();
    for mark in 0..5 {
        let items = client.request("textDocument/completion", half.at(mark));
        let mut labels = labels(&items);
        labels.sort();
        if mark == 0 {
            assert!(labels.contains(&"falling.fall".to_string()), "{labels:?}");
            labels.retain(|l| l.starts_with("actions.t"));
        }
        shown.push_str(&format!("${mark}: {}\n", labels.join(", ")));
    }
    insta::assert_snapshot!("completion", shown);
}
