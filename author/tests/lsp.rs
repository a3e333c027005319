//! The language server on a scratch copy of the workspace: driven in-process
//! by the scripted client, what it answers on a chapter that does not
//! compile, and where it finds a rule named like a Rust keyword; run on
//! stdio as an editor runs it, what it tells the editor of a rebuild, and
//! how it stops with its build when the editor goes.

mod common;

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use author::lsp::client::{Buffer, Client};
use author::lsp::resolver::Resolver;
use author::lsp::{Config, pos};
use common::Scratch;
use crossbeam_channel::Receiver;
use lsp_server::{Message, Notification, Request, RequestId};
use serde_json::{Value, json};

const FALLING: &str = "spec/action/falling.md";

/// A server on `root` that judges nothing: these tests ask what the chapter
/// says, not what the resolver makes of it.
fn start(root: &Path) -> Client {
    let config = Config {
        root: root.to_path_buf(),
        resolver: Resolver {
            binaries: Vec::new(),
            build: None,
        },
    };
    Client::start(config).unwrap()
}

/// The place just after the first `before` that is followed by `what`.
fn after(buffer: &Buffer, before: &str) -> Value {
    let at = buffer.text.find(before).expect(before) + before.len();
    buffer.at_offset(at)
}

/// The 0-based line of the first `what` in `text`.
fn line_of(text: &str, what: &str) -> u32 {
    pos::position(text, text.find(what).expect(what)).line
}

/// The falling chapter broken in a way of each class of the compiler's UI
/// tests (`codegen/tests/ui`), away from the places the tests ask about,
/// with the diagnostic code each gives (none for a failing example, which
/// compiles and is judged).
fn broken(falling: &str) -> Vec<(&'static str, String, Option<&'static str>)> {
    let end = "\n```example stray\nrule = \"falling.fall\n```\n";
    let unknown = "\n```example stray\nrule = \"falling.fal\"\n\n[given]\ndistance = 3\n\n[book]\nflat = 3\n```\n";
    let schema = falling.replacen("\"value: int\"", "\"value: integer\"", 1);
    let failing = falling.replacen("damage = \"9d6\"", "damage = \"8d6\"", 1);
    // A chapter whose front matter cannot be read is answered from its last
    // state that compiled: the line this adds moves everything below it.
    let front = falling.replacen("version = \"1\"\n", "version = \"1\nmore = 2\n", 1);
    vec![
        ("front matter", front, Some("E0010")),
        ("syntax", format!("{falling}{end}"), Some("E0010")),
        ("schema", schema, Some("E0015")),
        ("unknown name", format!("{falling}{unknown}"), Some("E0023")),
        ("failing example", failing, None),
    ]
}

#[test]
fn a_broken_chapter_still_has_its_outline_hovers_definitions_references_and_completions() {
    let scratch = Scratch::workspace_copy("lsp-broken");
    let falling = std::fs::read_to_string(scratch.0.join(FALLING)).unwrap();
    let mut client = start(&scratch.0);
    let mut buffer = client.open(Path::new(FALLING), falling.clone());
    for (class, text, code) in broken(&falling) {
        assert_ne!(text, falling, "{class}: the edit took");
        let rule_line = line_of(&text, "```rule fall");
        let mary_line = line_of(&text, "rule = \"falling.fall\"");
        client.change(&mut buffer, text);
        let shows = |d: &Value| match code {
            Some(code) => d.to_string().contains(&format!("\"code\":\"{code}\"")),
            None => d.as_array().is_some_and(Vec::is_empty),
        };
        let diagnostics = client.diagnostics(&buffer.uri, true, shows);
        assert!(diagnostics.is_ok(), "{class}: {diagnostics:?}");

        let symbols = client
            .request("textDocument/documentSymbol", buffer.id())
            .unwrap();
        let names: Vec<&str> = symbols
            .as_array()
            .unwrap_or_else(|| panic!("{class}: no outline: {symbols}"))
            .iter()
            .filter_map(|s| s["name"].as_str())
            .collect();
        for name in [
            "falling-table",
            "falling.fall",
            "mary-falls",
            "quick-estimate-2s",
        ] {
            assert!(names.contains(&name), "{class}: no {name} in {names:?}");
        }

        let hover = client
            .request("textDocument/hover", buffer.at_text("9d6 |").unwrap())
            .unwrap();
        assert!(
            hover.to_string().contains("Dice::new(9, 6, 0)"),
            "{class}: {hover}"
        );

        let at_mary = after(&buffer, "rule = \"falling.");
        let definition = client
            .request("textDocument/definition", at_mary.clone())
            .unwrap();
        assert_eq!(definition[0]["uri"], buffer.uri, "{class}: {definition}");
        assert_eq!(
            definition[0]["range"]["start"]["line"], rule_line,
            "{class}: {definition}"
        );

        let mut refs = after(&buffer, "```rule f");
        refs["context"] = json!({ "includeDeclaration": false });
        let references = client.request("textDocument/references", refs).unwrap();
        let lines: Vec<&Value> = references
            .as_array()
            .unwrap_or_else(|| panic!("{class}: {references}"))
            .iter()
            .map(|l| &l["range"]["start"]["line"])
            .collect();
        assert!(lines.contains(&&json!(mary_line)), "{class}: {references}");

        let completions = client
            .request("textDocument/completion", after(&buffer, "rule = \""))
            .unwrap();
        let labels = completions.to_string();
        assert!(
            labels.contains("\"label\":\"falling.fall\""),
            "{class}: {completions}"
        );
    }
}

#[test]
fn a_rule_named_like_a_keyword_is_found_as_its_raw_function() {
    let scratch = Scratch::workspace_copy("lsp-keyword");
    let edit = |path: &str, from: &str, to: &str| {
        let path: PathBuf = scratch.0.join(path);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{} has no {from}", path.display());
        std::fs::write(&path, text.replace(from, to)).unwrap();
    };
    edit(
        "spec/action/moving.md",
        "```rule other-action",
        "```rule move",
    );
    edit(
        "spec/action/moving.md",
        "\"moving.other-action\"",
        "\"moving.move\"",
    );
    edit(
        "rules/src/action/moving.rs",
        "pub fn other_action(",
        "pub fn r#move(",
    );
    let mut client = start(&scratch.0);
    let moving = client.open_file("spec/action/moving.md").unwrap();
    let diagnostics = client.diagnostics(&moving.uri, false, |_| true).unwrap();
    assert_eq!(diagnostics, json!([]), "the renamed chapter compiles");
    let found = client
        .request("textDocument/definition", after(&moving, "```rule m"))
        .unwrap();
    let source = scratch.0.join("rules/src/action/moving.rs");
    let code = std::fs::read_to_string(&source).unwrap();
    let line = line_of(&code, "pub fn r#move(");
    assert_eq!(
        found[0]["uri"],
        pos::uri(&client.root.join("rules/src/action/moving.rs")).as_str(),
        "{found}"
    );
    assert_eq!(
        found[0]["range"]["start"],
        json!({ "line": line, "character": 7 }),
        "{found}"
    );
    assert_eq!(
        found[0]["range"]["end"]["character"], 13,
        "`r#move`: {found}"
    );
}

/// `author lsp` run as an editor runs it, on stdio, in a scratch copy, with
/// `fake-cargo.sh` in place of cargo, which writes its pid to `cargo_pid`.
struct Editor {
    server: Child,
    input: Option<ChildStdin>,
    messages: Receiver<Message>,
    cargo_pid: PathBuf,
    _scratch: Scratch,
}

/// A damage cell edited: judged at once with the buffer's cells, and built
/// in behind.
const CELL: (&str, &str) = ("| 23-26 | 18m/s | 9d6 |", "| 23-26 | 18m/s | 8d6 |");

/// Builds of the resolver write one folder under the target: one server at
/// a time builds.
static BUILDING: Mutex<()> = Mutex::new(());

impl Editor {
    /// Starts the server, initialises it as a client that takes lens
    /// refreshes and work-done progress, of process `parent`, and opens the
    /// falling chapter with `from` replaced by `to` (once), an edit of its
    /// tables, which needs a rebuild.
    fn start(name: &str, parent: u32, (from, to): (&str, &str)) -> Editor {
        let scratch = Scratch::workspace_copy(name);
        let cargo = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake-cargo.sh");
        let cargo_pid = scratch.0.join("cargo.pid");
        let mut server = Command::new(env!("CARGO_BIN_EXE_author"))
            .arg("lsp")
            .env("XTASK_ROOT", &scratch.0)
            .env("CARGO", &cargo)
            .env("CARGO_PID", &cargo_pid)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut output = BufReader::new(server.stdout.take().unwrap());
        let (tx, messages) = crossbeam_channel::unbounded();
        thread::spawn(move || {
            while let Ok(Some(message)) = Message::read(&mut output) {
                let _ = tx.send(message);
            }
        });
        let mut editor = Editor {
            input: server.stdin.take(),
            server,
            messages,
            cargo_pid,
            _scratch: scratch,
        };
        let capabilities = json!({
            "window": { "workDoneProgress": true },
            "workspace": { "codeLens": { "refreshSupport": true } },
        });
        let init = json!({ "processId": parent, "capabilities": capabilities });
        editor.send(Request::new(RequestId::from(1), "initialize".into(), init).into());
        editor.send(Notification::new("initialized".into(), json!({})).into());
        let path = editor._scratch.0.join(FALLING);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "falling.md has no {from:?}");
        let item = json!({
            "uri": pos::uri(&path.canonicalize().unwrap()).as_str(),
            "languageId": "markdown",
            "version": 1,
            "text": text.replacen(from, to, 1),
        });
        let open = json!({ "textDocument": item });
        editor.send(Notification::new("textDocument/didOpen".into(), open).into());
        editor
    }

    fn send(&mut self, message: Message) {
        message.write(self.input.as_mut().unwrap()).unwrap();
    }

    /// Waits for the lens refresh and the rebuild's progress (created, begun,
    /// then reported as cargo counts it), and returns the script's pid.
    fn sees_the_rebuild(&self) -> u32 {
        let mut wanted = vec![
            "workspace/codeLens/refresh",
            "window/workDoneProgress/create",
            "begin: building the resolver",
            "report: building the resolver: 3 of 12",
        ];
        let mut seen = Vec::new();
        while !wanted.is_empty() {
            let message = self.messages.recv_timeout(Duration::from_secs(120));
            let message = message.unwrap_or_else(|_| panic!("no {wanted:?} in {seen:#?}"));
            let said = match &message {
                Message::Request(r) => r.method.clone(),
                Message::Notification(n) if n.method == "$/progress" => {
                    let value = &n.params["value"];
                    let text = value["title"].as_str().or(value["message"].as_str());
                    format!(
                        "{}: {}",
                        value["kind"].as_str().unwrap_or(""),
                        text.unwrap_or("")
                    )
                }
                _ => continue,
            };
            wanted.retain(|w| *w != said);
            seen.push(said);
        }
        let pid = std::fs::read_to_string(&self.cargo_pid).unwrap();
        pid.trim().parse().unwrap()
    }

    /// Whether the server and its build are gone within 2 s.
    fn gone_within_2s(&mut self, cargo: u32) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            let server_gone = self.server.try_wait().is_ok_and(|s| s.is_some());
            if server_gone && !runs(cargo) {
                return Ok(());
            }
            thread::sleep(Duration::from_millis(50));
        }
        let server = self.server.try_wait();
        let _ = self.server.kill();
        Err(format!(
            "after 2 s: server {server:?}, cargo running {}",
            runs(cargo)
        ))
    }
}

/// Whether process `pid` runs (and is no zombie).
fn runs(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit_once(')')
            .is_some_and(|(_, r)| !r.trim_start().starts_with('Z'))
    })
}

#[test]
fn a_rebuild_is_shown_as_progress_and_stops_with_the_server_when_the_input_closes() {
    let _one = BUILDING.lock().unwrap_or_else(PoisonError::into_inner);
    let mut editor = Editor::start("lsp-input", std::process::id(), CELL);
    let cargo = editor.sees_the_rebuild();
    assert!(runs(cargo), "the build runs on while the editor is there");
    editor.input = None;
    editor.gone_within_2s(cargo).unwrap();
}

#[test]
fn the_server_and_its_build_stop_when_the_client_process_is_gone() {
    let _one = BUILDING.lock().unwrap_or_else(PoisonError::into_inner);
    let mut client = Command::new("sleep").arg("60").spawn().unwrap();
    let mut editor = Editor::start("lsp-parent", client.id(), CELL);
    let cargo = editor.sees_the_rebuild();
    client.kill().unwrap();
    client.wait().unwrap();
    // Its input stays open: only the client's end says it is gone.
    editor.gone_within_2s(cargo).unwrap();
}

/// A change of shape (a constants table's figure, compiled in) is judged by
/// no running resolver: the server builds one, and shows it building.
#[test]
fn a_change_of_shape_is_rebuilt() {
    let _one = BUILDING.lock().unwrap_or_else(PoisonError::into_inner);
    let figure = (
        "| METRES_PER_EXTRA_SECOND | 60 |",
        "| METRES_PER_EXTRA_SECOND | 61 |",
    );
    let mut editor = Editor::start("lsp-shape", std::process::id(), figure);
    let cargo = editor.sees_the_rebuild();
    assert!(runs(cargo), "the build runs");
    editor.input = None;
    editor.gone_within_2s(cargo).unwrap();
}
