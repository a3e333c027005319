//! The language server as an editor runs it: `xtask lsp`, a process spoken
//! to over stdin and stdout, fed what a careless or hostile client writes.
//! It answers a frame it cannot read with a JSON-RPC error and goes on,
//! stops saying why when the framing is lost, never panics, and is gone
//! within a second of `exit`.

mod common;

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use common::Scratch;
use serde_json::{Value, json};
use server::pos;
use server::transport::Reader;
use std::sync::mpsc::Receiver;

/// `body` framed as LSP frames it.
fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// A running `xtask lsp` on a workspace, and what it has written.
struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    out: Receiver<Value>,
    stderr: thread::JoinHandle<String>,
    /// What it wrote that no wait has taken yet.
    seen: Vec<Value>,
}

impl Server {
    /// Starts the server on `root`, initialised.
    fn start(root: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
            .arg("lsp")
            .env("XTASK_ROOT", root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start xtask lsp");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let (sender, out) = std::sync::mpsc::channel();
        thread::spawn(move || {
            let mut reader = Reader::new(std::io::BufReader::new(stdout));
            while let Ok(Ok(body)) = reader.frame() {
                let value = serde_json::from_slice(&body).expect("the server writes JSON");
                if sender.send(value).is_err() {
                    return;
                }
            }
        });
        let stderr = thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        let mut server = Server {
            child,
            stdin,
            out,
            stderr,
            seen: Vec::new(),
        };
        let init = server.request(1, "initialize", json!({ "capabilities": {} }));
        assert!(init["result"]["capabilities"].is_object(), "{init}");
        server.notify("initialized", json!({}));
        server
    }

    fn send(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).and_then(|()| stdin.flush()).unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        let n = json!({ "jsonrpc": "2.0", "method": method, "params": params });
        self.send(&frame(n.to_string().as_bytes()));
    }

    /// Sends a request and waits for its response.
    fn request(&mut self, id: i32, method: &str, params: Value) -> Value {
        let r = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        self.send(&frame(r.to_string().as_bytes()));
        self.wait(&format!("the response to {method}"), |m| {
            m["id"] == id && m.get("method").is_none()
        })
    }

    /// The first message it writes (or wrote, untaken) of which `wanted`
    /// holds; `what` names it when it never comes.
    fn wait(&mut self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.seen.iter().position(&wanted) {
            return self.seen.remove(i);
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.out.recv_timeout(left) {
                Ok(m) if wanted(&m) => return m,
                Ok(m) => self.seen.push(m),
                Err(e) => {
                    let stderr = self.stop_and_stderr();
                    panic!(
                        "no {what} ({e}); the server wrote {:#?}; stderr:\n{stderr}",
                        self.seen
                    )
                }
            }
        }
    }

    /// A parse error, or another error of `code`, to no request.
    fn refused(&mut self, code: i32) -> Value {
        self.wait(&format!("an error {code}"), |m| m["error"]["code"] == code)
    }

    /// How it exited, if it did within `wait`.
    fn exited_within(&mut self, wait: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + wait;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            thread::sleep(Duration::from_millis(5));
        }
        None
    }

    /// Kills it if it still runs, and gives what it wrote to stderr.
    fn stop_and_stderr(&mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.stdin = None;
        std::mem::replace(&mut self.stderr, thread::spawn(String::new))
            .join()
            .unwrap_or_default()
    }

    /// Shuts it down as an editor does, and checks that it is gone within a
    /// second of `exit`, and well.
    fn shut_down(mut self) {
        let answer = self.request(9000, "shutdown", Value::Null);
        assert_eq!(answer["result"], Value::Null, "{answer}");
        self.notify("exit", Value::Null);
        let status = self.exited_within(Duration::from_secs(1));
        let stderr = self.stop_and_stderr();
        assert!(
            status.is_some_and(|s| s.success()),
            "still running a second after exit, or failed ({status:?}):\n{stderr}"
        );
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An empty folder as the workspace: the book does not compile, so no
/// resolver is started, and a buffer under `spec/<system>/` is a chapter.
fn bare(name: &str) -> Scratch {
    let scratch = Scratch::new(name);
    Scratch(scratch.0.canonicalize().unwrap())
}

fn uri(root: &Path, path: &str) -> String {
    pos::uri(&root.join(path)).as_str().to_string()
}

#[test]
fn the_server_is_gone_within_a_second_of_exit_after_shutdown() {
    let root = bare("lsp-exit");
    let server = Server::start(&root.0);
    // The input stays open, as an editor's does: `exit` alone must end it.
    server.shut_down();
}

#[test]
fn exit_without_shutdown_ends_it_with_code_one() {
    let root = bare("lsp-exit-early");
    let mut server = Server::start(&root.0);
    server.notify("exit", Value::Null);
    let status = server.exited_within(Duration::from_secs(1));
    let stderr = server.stop_and_stderr();
    assert_eq!(status.and_then(|s| s.code()), Some(1), "{stderr}");
    assert!(stderr.contains("`exit` before `shutdown`"), "{stderr}");
}

#[test]
fn a_code_action_for_a_range_that_ends_before_it_starts_offers_nothing() {
    let root = bare("lsp-reversed");
    let mut server = Server::start(&root.0);
    let chapter = uri(&root.0, "spec/action/reversed.md");
    let text = "# Reversed {#reversed}\n\nOne line.\nAnother \"line\".\n";
    let item = json!({ "uri": chapter, "languageId": "markdown", "version": 1, "text": text });
    server.notify("textDocument/didOpen", json!({ "textDocument": item }));
    let reversed =
        json!({ "start": { "line": 3, "character": 8 }, "end": { "line": 0, "character": 0 } });
    let diagnostic = json!({
        "range": reversed,
        "message": "unknown rule",
        "data": { "suggestions": ["falling.fall"] },
    });
    let params = json!({
        "textDocument": { "uri": chapter },
        "range": reversed,
        "context": { "diagnostics": [diagnostic] },
    });
    let answer = server.request(2, "textDocument/codeAction", params);
    assert_eq!(answer["result"], json!([]), "{answer}");
    server.shut_down();
}

#[test]
fn a_length_over_the_cap_is_refused_before_it_is_allocated() {
    for length in ["18446744073709551615", "10000000000"] {
        let root = bare("lsp-length");
        let mut server = Server::start(&root.0);
        server.send(format!("Content-Length: {length}\r\n\r\n{{}}").as_bytes());
        let refusal = server.refused(-32700);
        assert_eq!(refusal["id"], Value::Null, "{refusal}");
        let status = server.exited_within(Duration::from_secs(10));
        let stderr = server.stop_and_stderr();
        assert_eq!(status.and_then(|s| s.code()), Some(1), "{length}: {stderr}");
        assert!(stderr.contains("over the limit"), "{length}: {stderr}");
        assert!(!stderr.contains("panicked"), "{length}: {stderr}");
    }
}

#[test]
fn a_frame_that_holds_no_message_is_answered_and_the_server_goes_on() {
    let root = bare("lsp-malformed");
    let mut server = Server::start(&root.0);
    let hover = json!({
        "jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
        "params": {
            "textDocument": { "uri": uri(&root.0, "spec/action/x.md") },
            "position": { "line": 0, "character": 0 },
        },
    })
    .to_string();
    // Each is refused with its code, and each refusal is told apart by its message.
    let lf_only = format!("Content-Length: {}\n\n{hover}", hover.len());
    for (bytes, code, why) in [
        (
            frame(b"{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\""),
            -32700,
            "not JSON",
        ),
        (frame(b"{\"method\": \"\xff\xfe\"}"), -32700, "not UTF-8"),
        (lf_only.into_bytes(), -32700, "LF alone"),
        (frame(b"[]"), -32600, "JSON object"),
        (
            frame(b"{\"id\": 1.5, \"method\": \"shutdown\"}"),
            -32600,
            "32-bit",
        ),
    ] {
        server.send(&bytes);
        let refusal = server.refused(code);
        let message = refusal["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(why), "{why}: {refusal}");
    }
    // Still serving.
    server.send(&frame(hover.as_bytes()));
    let answer = server.wait("the hover", |m| m["id"] == 3);
    assert_eq!(answer["result"], Value::Null, "{answer}");
    server.shut_down();
}

#[test]
fn a_length_short_of_its_body_loses_the_framing_and_the_server_says_so() {
    let root = bare("lsp-short");
    let mut server = Server::start(&root.0);
    let shutdown = br#"{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}"#;
    let mut bytes = format!("Content-Length: {}\r\n\r\n", shutdown.len() - 4).into_bytes();
    bytes.extend_from_slice(shutdown);
    bytes.extend_from_slice(&frame(br#"{"jsonrpc": "2.0", "method": "exit"}"#));
    server.send(&bytes);
    // The cut body is no JSON; what is left of it runs into the next header.
    let first = server.refused(-32700);
    assert!(
        first["error"]["message"].to_string().contains("not JSON"),
        "{first}"
    );
    let lost = server.refused(-32700);
    assert!(
        lost["error"]["message"].to_string().contains("any more"),
        "{lost}"
    );
    let status = server.exited_within(Duration::from_secs(10));
    let stderr = server.stop_and_stderr();
    assert_eq!(status.and_then(|s| s.code()), Some(1), "{stderr}");
    assert!(stderr.contains("no Content-Length"), "{stderr}");
}

#[test]
fn a_request_after_shutdown_is_an_invalid_request() {
    let root = bare("lsp-after-shutdown");
    let mut server = Server::start(&root.0);
    let answer = server.request(2, "shutdown", Value::Null);
    assert_eq!(answer["result"], Value::Null, "{answer}");
    let params = json!({ "textDocument": { "uri": uri(&root.0, "spec/action/x.md") } });
    let refused = server.request(3, "textDocument/documentSymbol", params);
    assert_eq!(refused["error"]["code"], -32600, "{refused}");
    server.notify("exit", Value::Null);
    let status = server.exited_within(Duration::from_secs(1));
    let stderr = server.stop_and_stderr();
    assert!(status.is_some_and(|s| s.success()), "{status:?}: {stderr}");
}

/// The diagnostics it publishes next for `uri` that `wanted` accepts.
fn diagnostics(server: &mut Server, uri: &str, wanted: impl Fn(&Value) -> bool) -> Value {
    let published = server.wait(&format!("diagnostics for {uri}"), |m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && wanted(&m["params"]["diagnostics"])
    });
    published["params"]["diagnostics"].clone()
}

#[test]
fn a_ranged_change_edits_its_range_counted_in_utf16_units() {
    let scratch = Scratch::workspace_copy("lsp-incremental");
    let root = scratch.0.canonicalize().unwrap();
    let mut server = Server::start(&root);
    let path = "spec/action/falling.md";
    // A line of our own at the end, whose emoji takes two UTF-16 units.
    let text = std::fs::read_to_string(root.join(path)).unwrap();
    let text = format!("{text}\n<!-- 😀 -->\n");
    let emoji = pos::position(&text, text.find("<!-- 😀").unwrap()).line;
    let chapter = uri(&root, path);
    let item = json!({ "uri": chapter, "languageId": "markdown", "version": 1, "text": text });
    server.notify("textDocument/didOpen", json!({ "textDocument": item }));
    diagnostics(&mut server, &chapter, |d| d == &json!([]));
    // Each edit forgets what came before it, so that no earlier publication answers for it.
    let edit = |server: &mut Server, version, range: Value, new: &str| {
        server.seen.clear();
        let params = json!({
            "textDocument": { "uri": chapter, "version": version },
            "contentChanges": [{ "range": range, "text": new }],
        });
        server.notify("textDocument/didChange", params);
    };
    // `falling.fall` of the first example becomes `falling.fal`.
    let at = text.find("rule = \"falling.fall\"").unwrap() + "rule = \"falling.fal".len();
    let l = pos::position(&text, at);
    let one = json!({ "start": l, "end": { "line": l.line, "character": l.character + 1 } });
    edit(&mut server, 2, one, "");
    let typo = diagnostics(&mut server, &chapter, |d| d != &json!([]));
    assert_eq!(typo.as_array().map(Vec::len), Some(1), "{typo:#}");
    assert_eq!(typo[0]["range"]["start"]["line"], l.line, "{typo:#}");
    assert!(
        typo[0]["message"].to_string().contains("falling.fal"),
        "{typo:#}"
    );
    // Within the emoji's line: `😀` ends at unit 7, so the space after it is 7..8.
    let space = json!({ "start": { "line": emoji, "character": 7 }, "end": { "line": emoji, "character": 8 } });
    edit(&mut server, 3, space, "x");
    let back = json!({ "start": l, "end": l });
    edit(&mut server, 4, back, "l");
    diagnostics(&mut server, &chapter, |d| d == &json!([]));
    // The buffer reads as expected: a ranged change that ends before it
    // starts is refused, said, and changes nothing.
    let reversed = json!({ "start": { "line": emoji, "character": 8 }, "end": { "line": emoji, "character": 7 } });
    edit(&mut server, 5, reversed, "?");
    let said = server.wait("a refusal shown", |m| m["method"] == "window/showMessage");
    let why = format!("ends ({emoji}:7) before it starts ({emoji}:8)");
    assert!(said.to_string().contains(&why), "{said}");
    let symbols = server.request(
        10,
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": chapter } }),
    );
    assert!(
        symbols["result"].is_array(),
        "the buffer's text still compiles: {symbols}"
    );
    server.shut_down();
}

#[test]
fn a_file_that_is_no_chapter_is_not_compiled_as_one() {
    let scratch = Scratch::workspace_copy("lsp-not-chapter");
    let root = scratch.0.canonicalize().unwrap();
    let mut server = Server::start(&root);
    let opened = [
        "spec/action/not-rules.toml",
        "spec/action/sub/deep.md",
        "README.md",
    ];
    for path in opened {
        let text = std::fs::read_to_string(root.join(path)).unwrap_or_default();
        let item =
            json!({ "uri": uri(&root, path), "languageId": "toml", "version": 1, "text": text });
        server.notify("textDocument/didOpen", json!({ "textDocument": item }));
    }
    let uris = opened.map(|p| json!(uri(&root, p)));
    // Everything it publishes before this answer comes of those buffers.
    server.request(
        2,
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri(&root, "spec/action/not-rules.toml") } }),
    );
    let diagnostics: Vec<&Value> = server
        .seen
        .iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .filter(|m| uris.contains(&m["params"]["uri"]) || m.to_string().contains("E0006"))
        .collect();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    server.shut_down();
}

#[test]
fn edits_queued_behind_one_are_compiled_once() {
    let scratch = Scratch::workspace_copy("lsp-burst");
    let root = scratch.0.canonicalize().unwrap();
    let mut server = Server::start(&root);
    let path = "spec/action/falling.md";
    let text = std::fs::read_to_string(root.join(path)).unwrap();
    let chapter = uri(&root, path);
    // 200 edits written at once, each a character typed at the end.
    let mut bytes = Vec::new();
    let item = json!({ "uri": chapter, "languageId": "markdown", "version": 1, "text": text });
    let open = json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": { "textDocument": item } });
    bytes.extend(frame(open.to_string().as_bytes()));
    let end = pos::position(&text, text.len());
    for version in 2..202 {
        let at = json!({ "line": end.line, "character": end.character + version - 2 });
        let change = json!({
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {
                "textDocument": { "uri": chapter, "version": version },
                "contentChanges": [{ "range": { "start": at, "end": at }, "text": "x" }],
            },
        });
        bytes.extend(frame(change.to_string().as_bytes()));
    }
    server.send(&bytes);
    let symbols = server.request(
        2,
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": chapter } }),
    );
    assert!(symbols["result"].is_array(), "{symbols}");
    let compiles = server
        .seen
        .iter()
        .filter(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == chapter
        })
        .count();
    assert!(compiles < 20, "{compiles} compiles for 200 edits");
    server.shut_down();
}
