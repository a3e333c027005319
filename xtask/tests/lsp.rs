//! The language server driven by a scripted client over an in-memory
//! connection, on a copy of the workspace: fixture chapters (in
//! `fixtures/lsp/`) are opened as buffers, each `$N` in them a place the
//! client asks about, and the answers are snapshotted with insta. Verdicts
//! come from this package's `xtask` binary, whose tables are the workspace's.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::Scratch;
use serde_json::{Value, json};
use server::client::{Buffer, Client};
use server::resolver::Resolver;
use server::{Config, pos};

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

/// A fixture opened as a buffer, with its marked places.
struct Marked {
    buffer: Buffer,
    marks: Vec<usize>,
}

impl Marked {
    fn at(&self, mark: usize) -> Value {
        self.buffer.at_offset(self.marks[mark])
    }
}

/// Starts a server on `root` whose only resolver is this package's binary,
/// with no build allowed.
fn start(root: &Path) -> Client {
    let config = Config {
        root: root.to_path_buf(),
        resolver: Resolver {
            binaries: vec![PathBuf::from(env!("CARGO_BIN_EXE_xtask"))],
            build: None,
        },
    };
    Client::start(config).unwrap()
}

/// Opens fixture `name` as chapter `spec/action/lsp-<name>`.
fn open_fixture(client: &mut Client, name: &str) -> Marked {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/lsp")
        .join(name);
    let (text, marks) = markers(&std::fs::read_to_string(fixture).unwrap());
    let path = Path::new("spec/action").join(format!("lsp-{name}"));
    Marked {
        buffer: client.open(&path, text),
        marks,
    }
}

/// The lenses once none is judging or rebuilding any more.
fn lenses(client: &mut Client, buffer: &Buffer) -> Value {
    let settled = |l: &str| !l.contains("judging") && !l.contains("rebuilding");
    client
        .lenses(
            buffer,
            Duration::from_secs(120),
            Duration::from_millis(100),
            settled,
        )
        .unwrap()
}

/// `value` as pretty JSON with the scratch root written `$ROOT`.
fn shown(client: &Client, value: &Value) -> String {
    let root = pos::uri(&client.root);
    serde_json::to_string_pretty(value)
        .unwrap()
        .replace(root.as_str(), "file://$ROOT")
}

#[test]
fn hover_definitions_references_and_outline_of_a_chapter() {
    let scratch = Scratch::workspace_copy("lsp-nav");
    let mut client = start(&scratch.0);
    let falls = open_fixture(&mut client, "falls.md");
    assert_eq!(
        client
            .diagnostics(&falls.buffer.uri, false, |_| true)
            .unwrap(),
        json!([])
    );
    let hovers: Vec<Value> = [0, 1, 2, 3, 4]
        .map(|m| client.request("textDocument/hover", falls.at(m)).unwrap())
        .to_vec();
    insta::assert_snapshot!("hovers", shown(&client, &json!(hovers)));
    // Each definition is checked against the line that holds it, so that an
    // edit of the bundled book moves no expected line.
    let falling = std::fs::read_to_string(scratch.0.join("spec/action/falling.md")).unwrap();
    let ruling = falls.buffer.text.find("### Ruling: a test ruling").unwrap();
    let ruling_line = pos::position(&falls.buffer.text, ruling).line;
    let rule_line = pos::position(&falling, falling.find("```rule fall").unwrap()).line;
    for (mark, file, line) in [
        (0, "spec/action/falling.md", rule_line),
        (3, "spec/action/lsp-falls.md", ruling_line),
        (4, "spec/action/lsp-falls.md", ruling_line),
    ] {
        let found = client
            .request("textDocument/definition", falls.at(mark))
            .unwrap();
        let uri = pos::uri(&client.root.join(file));
        assert_eq!(found[0]["uri"], uri.as_str(), "${mark}: {found:#}");
        assert_eq!(
            found[0]["range"]["start"]["line"], line,
            "${mark}: {found:#}"
        );
    }
    let mut refs = falls.at(0);
    refs["context"] = json!({ "includeDeclaration": false });
    let references = client.request("textDocument/references", refs).unwrap();
    let in_fixture = references
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["uri"] == falls.buffer.uri.as_str());
    assert_eq!(
        in_fixture.count(),
        3,
        "every example of falling.fall in the fixture: {references:#}"
    );
    assert!(
        references.to_string().contains("spec/action/falling.md"),
        "{references:#}"
    );
    let symbols = client
        .request("textDocument/documentSymbol", falls.buffer.id())
        .unwrap();
    insta::assert_snapshot!("symbols", shown(&client, &symbols));
}

#[test]
fn a_table_cell_and_a_rule_lead_to_the_code_that_reads_them() {
    let scratch = Scratch::workspace_copy("lsp-code");
    let mut client = start(&scratch.0);
    let falling = client.open_file("spec/action/falling.md").unwrap();
    client
        .diagnostics(&falling.uri, false, |d| d == &json!([]))
        .unwrap();
    let cell = client
        .request("textDocument/hover", falling.at_text("9d6 |").unwrap())
        .unwrap();
    insta::assert_snapshot!("cell", shown(&client, &cell));
    let resolver = client
        .request(
            "textDocument/definition",
            falling.at_text("```rule fall").unwrap(),
        )
        .unwrap();
    assert_eq!(resolver.as_array().map(Vec::len), Some(1), "{resolver:#}");
    let line = resolver[0]["range"]["start"]["line"].as_u64().unwrap() as usize;
    let source = std::fs::read_to_string(scratch.0.join("rules/src/action/falling.rs")).unwrap();
    assert!(
        source.lines().nth(line).unwrap().contains("pub fn fall("),
        "{resolver:#}"
    );
    let mut at_table = falling.at_text("| 23-26 |").unwrap();
    at_table["context"] = json!({ "includeDeclaration": false });
    let readers = client.request("textDocument/references", at_table).unwrap();
    let readers = shown(&client, &readers);
    assert!(
        readers.contains("file://$ROOT/rules/src/action/falling.rs"),
        "{readers}"
    );
}

#[test]
fn verdicts_show_per_example_and_never_from_stale_tables() {
    let scratch = Scratch::workspace_copy("lsp-verdicts");
    let mut client = start(&scratch.0);
    let mut falling = client.open_file("spec/action/falling.md").unwrap();
    // One lens per example and property of the chapter, each agreeing or holding.
    let verdicts = lenses(&mut client, &falling);
    let titles: Vec<&str> = verdicts
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["command"]["title"].as_str().unwrap())
        .collect();
    let blocks =
        falling.text.matches("```example ").count() + falling.text.matches("```property ").count();
    assert_eq!(titles.len(), blocks, "{titles:?}");
    assert!(
        titles
            .iter()
            .all(|t| *t == "agrees" || t.starts_with("holds: ")),
        "{titles:?}"
    );
    // An edit of an example: judged again by the same resolver.
    let claim = "distance = 24\n\n[book]\nband = \"23-26\"\ndamage = \"9d6\"";
    let text = falling
        .text
        .replacen(claim, &claim.replace("9d6", "8d6"), 1);
    assert_ne!(text, falling.text, "mary-falls has moved");
    client.change(&mut falling, text);
    let failing = lenses(&mut client, &falling).to_string();
    assert!(
        failing.contains("fails: damage: book 8d6 | rules 9d6"),
        "{failing}"
    );
    // An edit of a cell of the falling table, to the figure the example now
    // claims: this binary's tables have other cells, but their shape, so it
    // judges with the buffer's cells at once, with no build (none is allowed
    // here), and the lens says so.
    let row = "| 23-26 | 18m/s | 9d6 |";
    let text = falling.text.replacen(row, &row.replace("9d6", "8d6"), 1);
    client.change(&mut falling, text);
    let with_cells = lenses(&mut client, &falling).to_string();
    assert!(
        with_cells.contains(
            "\"agrees (judged with the edited cells of table `falling-table`, not yet built in)\""
        ),
        "{with_cells}"
    );
    assert!(!with_cells.contains("fails: damage"), "{with_cells}");
    // A column renamed: a change of shape, which only a build can judge, and
    // with no build allowed here the server must say so, not judge.
    let text = falling
        .text
        .replacen("\"seconds: int\"", "\"secs: int\"", 1);
    client.change(&mut falling, text);
    let stale = lenses(&mut client, &falling).to_string();
    assert!(
        stale.contains("no verdict: no resolver is built with these tables"),
        "{stale}"
    );
    assert!(!stale.contains("agrees"), "{stale}");
}

#[test]
fn a_mistake_is_reported_as_typed_with_its_quick_fix() {
    let scratch = Scratch::workspace_copy("lsp-diagnostics");
    let mut client = start(&scratch.0);
    let mut falls = open_fixture(&mut client, "falls.md");
    client
        .diagnostics(&falls.buffer.uri, false, |d| d == &json!([]))
        .unwrap();
    let typo = falls
        .buffer
        .text
        .replacen("rule = \"falling.fall\"", "rule = \"falling.fal\"", 1);
    client.change(&mut falls.buffer, typo);
    let diagnostics = client
        .diagnostics(&falls.buffer.uri, false, |d| {
            !d.as_array().unwrap().is_empty()
        })
        .unwrap();
    insta::assert_snapshot!("typo", shown(&client, &diagnostics));
    let range = diagnostics[0]["range"].clone();
    let params = json!({
        "textDocument": { "uri": falls.buffer.uri },
        "range": range,
        "context": { "diagnostics": diagnostics },
    });
    let actions = client.request("textDocument/codeAction", params).unwrap();
    insta::assert_snapshot!("quick-fix", shown(&client, &actions));
}

#[test]
fn completion_offers_rules_keys_words_and_column_types() {
    let scratch = Scratch::workspace_copy("lsp-complete");
    let mut client = start(&scratch.0);
    let half = open_fixture(&mut client, "complete.md");
    client
        .diagnostics(&half.buffer.uri, false, |d| {
            !d.as_array().unwrap().is_empty()
        })
        .unwrap();
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
        let items = client
            .request("textDocument/completion", half.at(mark))
            .unwrap();
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

/// This package's `xtask verdicts --serve`, asked about the workspace's
/// falling chapter with another text in its buffer.
struct Served {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    answers: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
}

impl Served {
    fn start() -> Served {
        use std::io::BufRead;
        use std::process::{Command, Stdio};
        let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
            .args(["verdicts", "--serve"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let answers = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
        Served {
            child,
            stdin,
            answers,
        }
    }

    /// The answer for `falling` as its text.
    fn ask(&mut self, falling: &str) -> Value {
        use std::io::Write;
        let request = json!({
            "root": xtask::workspace_root(),
            "overlays": { "spec/action/falling.md": falling },
            "chapters": ["spec/action/falling.md"],
        });
        writeln!(self.stdin, "{request}").unwrap();
        serde_json::from_str(&self.answers.next().unwrap().unwrap()).unwrap()
    }

    /// Closes its input and checks that it ends well.
    fn end(self) {
        let Served {
            mut child, stdin, ..
        } = self;
        drop(stdin);
        assert!(
            child.wait().unwrap().success(),
            "it ends when its input does"
        );
    }
}

/// `falling.md`, and its text with the first `from` changed to `to`.
fn falling_with(from: &str, to: &str) -> (String, String) {
    let path = xtask::workspace_root().join("spec/action/falling.md");
    let falling = std::fs::read_to_string(path).unwrap();
    let edited = falling.replacen(from, to, 1);
    assert_ne!(edited, falling, "falling.md has no {from:?}");
    (falling, edited)
}

/// `xtask verdicts --serve` answers request after request, a line each, and
/// what it remembers of one never stands in for the next: an example edited,
/// then edited back, is judged as it reads each time.
#[test]
fn the_resolver_answers_each_request_of_a_session_as_its_text_reads() {
    let claim = "[book]\nband = \"23-26\"\ndamage = \"9d6\"";
    let (falling, wrong) = falling_with(claim, &claim.replace("9d6", "8d6"));
    let mut served = Served::start();
    let mut mary = |text: &str| {
        let answer = served.ask(text);
        let examples = answer["Judged"]["examples"].as_array().unwrap().clone();
        let mary = examples.iter().find(|e| e["id"] == "mary-falls").unwrap();
        let damage = &mary["outcome"]["example"]["claims"][1];
        (mary["grade"].clone(), damage.clone())
    };
    let agrees = (
        json!("agrees"),
        json!({ "outcome": "agrees", "name": "damage", "value": "9d6" }),
    );
    assert_eq!(mary(&falling), agrees);
    let (verdict, damage) = mary(&wrong);
    assert_eq!(verdict, "fails");
    assert_eq!(
        damage,
        json!({
            "outcome": "fails",
            "name": "damage",
            "book": "8d6",
            "rules": "9d6",
            "why": "undocumented disagreement: no erratum for this claim",
        })
    );
    assert_eq!(mary(&falling), agrees);
    served.end();
}

/// A book whose rows tables hold other cells is judged with them, and its
/// answer names the tables; one of another shape is refused as stale, naming
/// both shapes; and the book as built is judged as built again after.
#[test]
fn other_cells_are_judged_and_another_shape_is_stale() {
    let row = "| 23-26 | 18m/s | 9d6 |";
    let (falling, other_cells) = falling_with(row, &row.replace("9d6", "8d6"));
    let other_shape = falling.replacen("\"seconds: int\"", "\"secs: int\"", 1);
    let mut served = Served::start();
    let judged = served.ask(&other_cells);
    assert_eq!(
        judged["Judged"]["cells"],
        json!(["falling-table"]),
        "{judged}"
    );
    let stale = served.ask(&other_shape);
    let (built, wanted) = (
        stale["Stale"]["built"]["shape"].clone(),
        stale["Stale"]["wanted"]["shape"].clone(),
    );
    assert!(built.is_string() && wanted.is_string(), "{stale}");
    assert_ne!(built, wanted);
    let own = served.ask(&falling);
    assert_eq!(own["Judged"]["cells"], json!([]), "{own}");
    served.end();
}
