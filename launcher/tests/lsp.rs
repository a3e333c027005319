//! The language server as an editor runs it, `cargo xtask lsp` through the
//! launcher, on stdio, in a scratch copy of the workspace: what it tells the
//! editor of a rebuild, and how it stops with its build when the editor goes.

// The server's tests' scratch copies, one definition for both crates.
#[path = "../../server/tests/common/mod.rs"]
mod common;

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use common::Scratch;
use crossbeam_channel::Receiver;
use lsp_server::{Message, Notification, Request, RequestId};
use serde_json::json;
use server::pos;

const FALLING: &str = "spec/action/falling.md";

/// `cargo xtask lsp` run as an editor runs it, on stdio, in a scratch copy, with
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
        let mut server = Command::new(env!("CARGO_BIN_EXE_launcher"))
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
