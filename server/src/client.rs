//! A scripted client over an in-memory connection, for the server's tests
//! and its benchmark: it opens and edits buffers, asks, and waits for what
//! the server publishes.

use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

use crate::pos;
use crate::session::{self, Config};

/// A buffer the client opened.
pub struct Buffer {
    pub uri: String,
    pub text: String,
    version: i32,
}

impl Buffer {
    /// The position of byte `offset`, as a request's parameters.
    pub fn at_offset(&self, offset: usize) -> Value {
        let p = pos::position(&self.text, offset);
        json!({ "textDocument": { "uri": self.uri }, "position": p })
    }

    /// At the first `what` in the text.
    pub fn at_text(&self, what: &str) -> Result<Value, String> {
        let at = self
            .text
            .find(what)
            .ok_or_else(|| format!("no `{what}` in {}", self.uri))?;
        Ok(self.at_offset(at))
    }

    pub fn id(&self) -> Value {
        json!({ "textDocument": { "uri": self.uri } })
    }
}

pub struct Client {
    conn: Connection,
    /// The workspace, canonical.
    pub root: PathBuf,
    next: i32,
    /// Notifications received while waiting for responses.
    seen: Vec<Notification>,
    /// Requests the server sent, which it does not wait on.
    pub asked: Vec<Request>,
}

impl Client {
    /// Starts a server with `config` on a thread, and initialises it as a
    /// client of no capabilities.
    pub fn start(config: Config) -> Result<Client, String> {
        Client::start_with(config, json!({}))
    }

    /// [`Client::start`] as a client of `capabilities`.
    pub fn start_with(config: Config, capabilities: Value) -> Result<Client, String> {
        let (server, conn) = Connection::memory();
        let root = config.root.canonicalize().map_err(|e| e.to_string())?;
        thread::spawn(move || session::serve(&server, config));
        let mut client = Client {
            conn,
            root,
            next: 0,
            seen: Vec::new(),
            asked: Vec::new(),
        };
        client.request("initialize", json!({ "capabilities": capabilities }))?;
        client.notify("initialized", json!({}));
        Ok(client)
    }

    pub fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.into(), params);
        let _ = self.conn.sender.send(n.into());
    }

    /// Sends a request and waits for its answer, keeping what comes before it.
    pub fn request(&mut self, method: &str, params: Value) -> Result<Value, String> {
        self.next += 1;
        let id = RequestId::from(self.next);
        let req = Request::new(id.clone(), method.into(), params);
        self.conn
            .sender
            .send(req.into())
            .map_err(|e| e.to_string())?;
        loop {
            let message = self.conn.receiver.recv_timeout(Duration::from_secs(60));
            match message.map_err(|e| format!("{method}: no answer ({e})"))? {
                Message::Response(r) if r.id == id => {
                    return r.response_result.map_err(|e| format!("{method}: {e:?}"));
                }
                Message::Notification(n) => self.seen.push(n),
                Message::Request(r) => self.asked.push(r),
                Message::Response(_) => {}
            }
        }
    }

    /// Opens the file at `path` (under the root) with `text`.
    pub fn open(&mut self, path: &Path, text: String) -> Buffer {
        let uri = pos::uri(&self.root.join(path)).as_str().to_string();
        let item = json!({ "uri": uri, "languageId": "markdown", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": item }));
        Buffer {
            uri,
            text,
            version: 1,
        }
    }

    /// Opens the workspace's file at `path` as it is on disk.
    pub fn open_file(&mut self, path: &str) -> Result<Buffer, String> {
        let text =
            std::fs::read_to_string(self.root.join(path)).map_err(|e| format!("{path}: {e}"))?;
        Ok(self.open(Path::new(path), text))
    }

    /// Replaces the buffer's text.
    pub fn change(&mut self, buffer: &mut Buffer, text: String) {
        buffer.text = text;
        buffer.version += 1;
        let params = json!({
            "textDocument": { "uri": buffer.uri, "version": buffer.version },
            "contentChanges": [{ "text": buffer.text }],
        });
        self.notify("textDocument/didChange", params);
    }

    /// The diagnostics published last for `uri` once `until` holds of them.
    /// Those seen so far are forgotten first when `fresh`.
    pub fn diagnostics(
        &mut self,
        uri: &str,
        fresh: bool,
        until: impl Fn(&Value) -> bool,
    ) -> Result<Value, String> {
        if fresh {
            self.seen.clear();
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let published = |n: &&Notification| {
                n.method == "textDocument/publishDiagnostics" && n.params["uri"] == uri
            };
            let last = self.seen.iter().rev().find(published);
            if let Some(n) = last.filter(|n| until(&n.params["diagnostics"])) {
                return Ok(n.params["diagnostics"].clone());
            }
            if Instant::now() > deadline {
                return Err(format!("no such diagnostics for {uri}: {last:#?}"));
            }
            match self.conn.receiver.recv_timeout(Duration::from_millis(1)) {
                Ok(Message::Notification(n)) => self.seen.push(n),
                Ok(Message::Request(r)) => self.asked.push(r),
                _ => {}
            }
        }
    }

    /// The buffer's code lenses once `until` holds of them, asking every `poll`.
    pub fn lenses(
        &mut self,
        buffer: &Buffer,
        wait: Duration,
        poll: Duration,
        until: impl Fn(&str) -> bool,
    ) -> Result<Value, String> {
        let deadline = Instant::now() + wait;
        loop {
            let lenses = self.request("textDocument/codeLens", buffer.id())?;
            if until(&lenses.to_string()) {
                return Ok(lenses);
            }
            if Instant::now() > deadline {
                return Err(format!("the lenses never came to that: {lenses:#}"));
            }
            thread::sleep(poll);
        }
    }
}
