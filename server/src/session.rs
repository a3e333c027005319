//! One session of the language server: the connection's start and end, and
//! each request and notification in the order they come, on one thread. The
//! verdicts are judged on another ([`crate::resolver`]) and come back as
//! messages of their own. A change recompiles the whole book (a few
//! milliseconds), so each chapter the change affects gets its diagnostics; the
//! edits queued behind one are applied first, so a burst of typing costs one
//! compile, not one per key.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};
use std::thread;
use std::time::Duration;

use codegen::model::{Chapter, System};
use codegen::{Book, Diagnostic};
use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, select};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use serde_json::{Value, json};

use crate::lens::{self, Judging};
use crate::resolver::{self, Job, Progress, Resolver};
use crate::verdict;
use crate::world::{self, Overlays};
use crate::{complete, diagnostics, nav, pos, transport};

/// What the server serves: the workspace at `root`, judged by `resolver`.
pub struct Config {
    pub root: PathBuf,
    pub resolver: Resolver,
}

impl Config {
    /// The server `cargo xtask lsp` starts: its own build of the judge
    /// (`conformance`) first (optimised dependencies, so faster), then the one
    /// beside this binary, then a new build with the editor's tables.
    pub fn for_root(root: &Path) -> Config {
        let build = resolver::Build::for_workspace(&crate::workspace::workspace_root());
        let beside = std::env::current_exe()
            .ok()
            .and_then(|e| Some(e.parent()?.join("conformance")));
        Config {
            root: root.to_path_buf(),
            resolver: Resolver {
                binaries: std::iter::once(build.binary()).chain(beside).collect(),
                build: Some(build),
            },
        }
    }
}

/// Serves an editor over stdin and stdout until it says `exit`; an error
/// says why it stopped otherwise.
pub fn serve_stdio(root: &Path) -> Result<(), String> {
    let (connection, io) = transport::stdio();
    let served = serve(&connection, Config::for_root(root));
    // The writer ends once it has written what the server sent.
    drop(connection);
    match served {
        Ok(()) => io
            .finish()
            .map_err(|e| format!("cannot write to the client: {e}")),
        Err(Ended::Disconnected) => Err(io
            .why_input_stopped()
            .unwrap_or_else(|| "the input stopped".into())),
        Err(ended) => {
            let _ = io.finish();
            Err(ended.to_string())
        }
    }
}

/// How a session ended, other than by `exit` after `shutdown`.
#[derive(Debug, PartialEq)]
pub enum Ended {
    /// No more messages can come: the input ended, or could not be read.
    Disconnected,
    /// `exit` came before `shutdown` (LSP asks for exit code 1 then).
    ExitBeforeShutdown,
    /// The client's process (`processId` of `initialize`) is gone.
    ClientGone,
}

impl std::fmt::Display for Ended {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Ended::Disconnected => "the client's connection closed",
            Ended::ExitBeforeShutdown => "the client said `exit` before `shutdown`",
            Ended::ClientGone => "the client's process is gone",
        })
    }
}

/// Serves the editor at the other end of `connection`, until `exit`, the
/// end of its messages, or the end of its process; a build under way is
/// stopped then, so nothing the server started outlives it.
pub fn serve(connection: &Connection, config: Config) -> Result<(), Ended> {
    let init = initialize(connection)?;
    let caps = &init.capabilities;
    let told = Told {
        refresh: (caps.workspace.as_ref())
            .and_then(|w| w.code_lens.as_ref())
            .and_then(|c| c.refresh_support)
            .unwrap_or(false),
        work_done: (caps.window.as_ref())
            .and_then(|w| w.work_done_progress)
            .unwrap_or(false),
    };
    let (jobs, progress, builds) = resolver::spawn(config.resolver);
    let mut server = Server::new(connection.sender.clone(), config.root, jobs, told);
    server.recompile();
    let watch = Watch::start(init.process_id);
    let ended = run(connection, &mut server, &progress, &watch.gone);
    builds.stop();
    ended
}

/// A watch on the client's process (LSP's `processId`), looked for each
/// second: an editor killed outright may leave the server's input open,
/// with no one to read what it writes. It ends with the session.
struct Watch {
    /// A message once the process is gone.
    gone: Receiver<()>,
    /// Dropped with the watch, which ends its thread.
    _session: Sender<()>,
}

impl Watch {
    fn start(pid: Option<u32>) -> Watch {
        let (session, ended) = crossbeam_channel::bounded::<()>(0);
        let Some(pid) = pid else {
            return Watch {
                gone: crossbeam_channel::never(),
                _session: session,
            };
        };
        let (tell, gone) = crossbeam_channel::bounded(1);
        thread::spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = ended.recv_timeout(Duration::from_secs(1)) {
                if !alive(pid) {
                    let _ = tell.send(());
                    return;
                }
            }
        });
        Watch {
            gone,
            _session: session,
        }
    }
}

/// Whether process `pid` runs, as Linux's `/proc` says (a zombie, dead but
/// not yet waited for, does not); taken to run where there is no `/proc`.
fn alive(pid: u32) -> bool {
    if !Path::new("/proc/self").exists() {
        return true;
    }
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with(['Z', 'X']))
    })
}

/// Waits for `initialize` and answers it with the server's capabilities;
/// a request before it is answered with -32002, as LSP asks.
fn initialize(connection: &Connection) -> Result<lsp::InitializeParams, Ended> {
    loop {
        match connection
            .receiver
            .recv()
            .map_err(|_| Ended::Disconnected)?
        {
            Message::Request(req) if req.method == lsp::request::Initialize::METHOD => {
                let result = json!({ "capabilities": to_json(capabilities()) });
                let _ = connection
                    .sender
                    .send(Response::new_ok(req.id, result).into());
                return Ok(serde_json::from_value(req.params).unwrap_or_default());
            }
            Message::Request(req) => {
                let error = Response::new_err(
                    req.id,
                    ErrorCode::ServerNotInitialized as i32,
                    "the server is not initialized yet".into(),
                );
                let _ = connection.sender.send(error.into());
            }
            Message::Notification(n) if n.method == lsp::notification::Exit::METHOD => {
                return Err(Ended::ExitBeforeShutdown);
            }
            Message::Notification(_) | Message::Response(_) => {}
        }
    }
}

/// Handles each message as it comes and every message queued behind it,
/// then compiles the edits they made, once.
fn run(
    connection: &Connection,
    server: &mut Server,
    progress: &Receiver<(u64, Progress)>,
    gone: &Receiver<()>,
) -> Result<(), Ended> {
    let mut shut_down = false;
    loop {
        let first = select! {
            recv(connection.receiver) -> message => message.map_err(|_| Ended::Disconnected)?,
            recv(progress) -> p => {
                if let Ok((job, p)) = p {
                    server.progress(job, p);
                }
                continue;
            }
            recv(gone) -> _ => return Err(Ended::ClientGone),
        };
        let mut next = Some(first);
        while let Some(message) = next {
            match message {
                // After `shutdown`, LSP wants every request refused and every
                // notification but `exit` dropped.
                Message::Request(req) if shut_down => {
                    let error = Response::new_err(
                        req.id,
                        ErrorCode::InvalidRequest as i32,
                        "the server is shut down: only `exit` is taken".into(),
                    );
                    let _ = server.out.send(error.into());
                }
                Message::Request(req) if req.method == lsp::request::Shutdown::METHOD => {
                    shut_down = true;
                    let _ = server.out.send(Response::new_ok(req.id, ()).into());
                }
                Message::Request(req) => server.request(req),
                Message::Notification(n) if n.method == lsp::notification::Exit::METHOD => {
                    return if shut_down {
                        Ok(())
                    } else {
                        Err(Ended::ExitBeforeShutdown)
                    };
                }
                Message::Notification(n) if !shut_down => server.notify(n),
                Message::Notification(_) | Message::Response(_) => {}
            }
            next = connection.receiver.try_recv().ok();
        }
        if !shut_down {
            server.settle();
        }
    }
}

fn capabilities() -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(
            lsp::TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        definition_provider: Some(lsp::OneOf::Left(true)),
        references_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Simple(true)),
        code_lens_provider: Some(lsp::CodeLensOptions {
            resolve_provider: Some(false),
        }),
        completion_provider: Some(lsp::CompletionOptions {
            trigger_characters: Some(vec!["\"".into(), ":".into(), " ".into()]),
            ..lsp::CompletionOptions::default()
        }),
        ..lsp::ServerCapabilities::default()
    }
}

/// What the client takes to be told, as its capabilities say.
struct Told {
    /// `workspace/codeLens/refresh` when the verdicts change.
    refresh: bool,
    /// Work-done progress (`$/progress`) of a rebuild.
    work_done: bool,
}

struct Server {
    out: Sender<Message>,
    root: PathBuf,
    /// Open buffers by their path relative to the root.
    docs: BTreeMap<PathBuf, String>,
    /// The book of the latest text that compiled.
    book: Option<Book>,
    /// What can be read of the latest text while it does not compile
    /// ([`codegen::read_sources`]): the editor's requests are answered from it.
    read: Option<Book>,
    /// The diagnostics of the latest text, when it does not.
    errors: Vec<Diagnostic>,
    /// Whether a buffer changed since the last compile.
    stale: bool,
    resolvers: world::Resolvers,
    judging: Judging,
    /// The files that show diagnostics now.
    shown: BTreeSet<PathBuf>,
    jobs: Sender<Job>,
    job: u64,
    told: Told,
    /// The work-done progress token of the rebuild under way, once begun.
    building: Option<String>,
    requests: i32,
}

impl Server {
    fn new(out: Sender<Message>, root: PathBuf, jobs: Sender<Job>, told: Told) -> Server {
        let root = root.canonicalize().unwrap_or(root);
        Server {
            out,
            root,
            docs: BTreeMap::new(),
            book: None,
            read: None,
            errors: Vec::new(),
            stale: false,
            resolvers: world::Resolvers::default(),
            judging: Judging::Waiting,
            shown: BTreeSet::new(),
            jobs,
            job: 0,
            told,
            building: None,
            requests: 0,
        }
    }

    /// Compiles the book when a buffer changed since it was last compiled.
    fn settle(&mut self) {
        if self.stale {
            self.recompile();
        }
    }

    /// Compiles the book with the buffers, shows its diagnostics, and asks
    /// for the verdicts of the open chapters.
    fn recompile(&mut self) {
        self.stale = false;
        let overlays: Overlays = self.docs.clone();
        match self.resolvers.compile(&self.root, &overlays) {
            Ok(book) => {
                let tables = resolver::tables_key(&book);
                self.book = Some(book);
                self.read = None;
                self.errors.clear();
                self.job += 1;
                self.judging = Judging::Waiting;
                let request = verdict::Request {
                    root: self.root.clone(),
                    chapters: self.docs.keys().cloned().collect(),
                    overlays,
                };
                let _ = self.jobs.send(Job {
                    id: self.job,
                    request,
                    tables,
                });
            }
            Err(diags) => {
                self.errors = diags.0;
                self.read = world::sources(&self.root, &overlays)
                    .ok()
                    .map(|sources| codegen::read_sources(&sources).0);
                self.judging = Judging::Unavailable("the spec does not compile".into());
            }
        }
        self.publish();
        self.refresh_lenses();
    }

    fn progress(&mut self, job: u64, progress: Progress) {
        self.show_build(&progress);
        if job != self.job || !self.errors.is_empty() {
            return;
        }
        self.judging = match progress {
            // Verdicts judged with the book's cells stand until the build's.
            Progress::Rebuilding if self.judged_with_cells() => return,
            Progress::Rebuilding => Judging::Rebuilding,
            Progress::Building { .. } => return,
            Progress::Judged(mut v) => {
                if let Judging::Ready(quick) = &self.judging
                    && !quick.cells.is_empty()
                    && v.cells.is_empty()
                {
                    v.differing_from(quick);
                }
                Judging::Ready(v)
            }
            Progress::Unavailable(why) => Judging::Unavailable(why),
        };
        if let Judging::Unavailable(why) = &self.judging {
            self.log(format!("no verdicts: {why}"));
        }
        self.publish();
        self.refresh_lenses();
    }

    /// Whether the verdicts shown were judged with the book's cells of some
    /// table, by a resolver built with other cells.
    fn judged_with_cells(&self) -> bool {
        matches!(&self.judging, Judging::Ready(v) if !v.cells.is_empty())
    }

    /// The text of the file at `path` (relative): its buffer's, else the book's, else the disk's.
    fn text_of(&self, path: &Path) -> String {
        if let Some(text) = self.docs.get(path) {
            return text.clone();
        }
        let chapter = self
            .book
            .as_ref()
            .and_then(|b| b.chapters().find(|(_, c)| c.file.path == path));
        chapter.map_or_else(
            || std::fs::read_to_string(self.root.join(path)).unwrap_or_default(),
            |(_, c)| c.file.text.clone(),
        )
    }

    /// Publishes the diagnostics of every file that has some, of every open
    /// buffer, and of every file that had some before.
    fn publish(&mut self) {
        let mut by_file: BTreeMap<PathBuf, Vec<lsp::Diagnostic>> = BTreeMap::new();
        for d in &self.errors {
            by_file
                .entry(d.file.path.clone())
                .or_default()
                .push(diagnostics::from_compiler(d));
        }
        if let Judging::Ready(v) = &self.judging {
            for lint in &v.lints {
                let path = PathBuf::from(lint["file"].as_str().unwrap_or_default());
                let text = self.text_of(&path);
                if let Some(d) = diagnostics::from_json(lint, &text) {
                    by_file.entry(path).or_default().push(d);
                }
            }
        }
        // Open buffers are told when they are clean, and so is each file that was not.
        for path in self.shown.iter().chain(self.docs.keys()) {
            by_file.entry(path.clone()).or_default();
        }
        self.shown = by_file
            .iter()
            .filter(|(_, d)| !d.is_empty())
            .map(|(p, _)| p.clone())
            .collect();
        for (path, diagnostics) in by_file {
            let params = lsp::PublishDiagnosticsParams::new(
                pos::uri(&self.root.join(path)),
                diagnostics,
                None,
            );
            self.send_notification(lsp::notification::PublishDiagnostics::METHOD, params);
        }
    }

    /// Shows a rebuild as LSP work-done progress, whatever job it is for (the
    /// worker builds for one job at a time): begun when it starts, reported
    /// at each unit cargo's progress bar counts, ended with its outcome.
    fn show_build(&mut self, progress: &Progress) {
        if !self.told.work_done {
            return;
        }
        let (token, value) = match (progress, self.building.take()) {
            (Progress::Rebuilding, None) => {
                let token = format!("rebuild {}", self.job);
                let create = lsp::WorkDoneProgressCreateParams {
                    token: lsp::NumberOrString::String(token.clone()),
                };
                self.send_request(lsp::request::WorkDoneProgressCreate::METHOD, create);
                let begin = json!({
                    "kind": "begin",
                    "title": "building the resolver",
                    "message": "the tables changed",
                    "percentage": 0,
                });
                (token, begin)
            }
            (Progress::Building { done, total }, Some(token)) => {
                let report = json!({
                    "kind": "report",
                    "message": format!("building the resolver: {done} of {total}"),
                    "percentage": (done * 100 / total.max(&1)).min(100),
                });
                (token, report)
            }
            // Verdicts judged with the book's cells come while the build runs on.
            (Progress::Rebuilding | Progress::Building { .. }, token) => {
                self.building = token;
                return;
            }
            (Progress::Judged(v), token) if !v.cells.is_empty() => {
                self.building = token;
                return;
            }
            (Progress::Judged(_) | Progress::Unavailable(_), Some(token)) => {
                (token, json!({ "kind": "end" }))
            }
            (Progress::Judged(_) | Progress::Unavailable(_), None) => return,
        };
        let ended = value["kind"] == "end";
        let params = json!({ "token": token, "value": value });
        self.send_notification("$/progress", params);
        if !ended {
            self.building = Some(token);
        }
    }

    fn refresh_lenses(&mut self) {
        if self.told.refresh {
            self.send_request(lsp::request::CodeLensRefresh::METHOD, ());
        }
    }

    /// Sends a request whose answer the server does not wait for.
    fn send_request(&mut self, method: &str, params: impl serde::Serialize) {
        self.requests += 1;
        let req = Request::new(RequestId::from(self.requests), method.into(), params);
        let _ = self.out.send(req.into());
    }

    fn log(&self, message: String) {
        let params = lsp::LogMessageParams {
            typ: lsp::MessageType::INFO,
            message,
        };
        self.send_notification(lsp::notification::LogMessage::METHOD, params);
    }

    fn send_notification(&self, method: &str, params: impl serde::Serialize) {
        let _ = self
            .out
            .send(Notification::new(method.into(), params).into());
    }

    /// Takes an edit into the buffers; the book is compiled when no more
    /// messages are queued ([`run`]) or a request needs it.
    fn notify(&mut self, n: Notification) {
        use lsp::notification as note;
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(n.params)
                    && let Some(path) = self.relative(&p.text_document.uri)
                {
                    self.docs.insert(path, p.text_document.text);
                    self.stale = true;
                }
            }
            note::DidChangeTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(n.params)
                {
                    self.change(p);
                }
            }
            note::DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params)
                    && let Some(path) = self.relative(&p.text_document.uri)
                {
                    self.docs.remove(&path);
                    self.stale = true;
                }
            }
            note::DidSaveTextDocument::METHOD => self.stale = true,
            _ => {}
        }
    }

    /// Applies a change's edits in order: a whole text, or a range's
    /// (incremental sync). A range that ends before it starts, or one of a
    /// buffer never opened, refuses the whole change, and the editor is told.
    fn change(&mut self, p: lsp::DidChangeTextDocumentParams) {
        let Some(path) = self.relative(&p.text_document.uri) else {
            return;
        };
        let mut text = self.docs.get(&path).cloned();
        for change in p.content_changes {
            let edited = match (change.range, text.as_mut()) {
                (None, _) => {
                    text = Some(change.text);
                    Ok(())
                }
                (Some(range), Some(text)) => pos::replace(text, range, &change.text),
                (Some(_), None) => Err("it edits a range of a file that is not open".into()),
            };
            if let Err(why) = edited {
                let message = format!(
                    "a change of {} was refused: {why}; the server keeps the text \
                     before it, so close and reopen the file if they differ",
                    path.display()
                );
                let params = lsp::ShowMessageParams {
                    typ: lsp::MessageType::ERROR,
                    message,
                };
                self.send_notification(lsp::notification::ShowMessage::METHOD, params);
                return;
            }
        }
        if let Some(text) = text {
            self.docs.insert(path, text);
            self.stale = true;
        }
    }

    /// The path of `uri` relative to the root, for a chapter: a `.md` file
    /// right in a system folder, `spec/<system>/<chapter>.md`, as the
    /// compiler reads them (anything else there is not compiled as one).
    fn relative(&self, uri: &lsp::Uri) -> Option<PathBuf> {
        let path = pos::path(uri)?;
        let path = path.canonicalize().unwrap_or(path);
        let rel = path.strip_prefix(&self.root).ok()?;
        let parts: Vec<_> = rel.components().collect();
        let chapter = matches!(
            parts.as_slice(),
            [Component::Normal(spec), Component::Normal(_), Component::Normal(_)]
                if *spec == "spec"
        ) && rel.extension().is_some_and(|x| x == "md");
        chapter.then(|| rel.to_path_buf())
    }

    /// Answers a request, on the book of the buffers as they are now.
    fn request(&mut self, req: Request) {
        self.settle();
        use lsp::request as r;
        let result = match req.method.as_str() {
            r::HoverRequest::METHOD => self
                .params(&req)
                .map(|p: lsp::HoverParams| to_json(self.hover(&p.text_document_position_params))),
            r::GotoDefinition::METHOD => self.params(&req).map(|p: lsp::GotoDefinitionParams| {
                to_json(self.locations(&p.text_document_position_params, nav::definition))
            }),
            r::References::METHOD => self.params(&req).map(|p: lsp::ReferenceParams| {
                to_json(self.locations(&p.text_document_position, nav::references))
            }),
            r::DocumentSymbolRequest::METHOD => {
                self.params(&req).map(|p: lsp::DocumentSymbolParams| {
                    to_json(self.chapter(&p.text_document.uri).map(|found| {
                        let symbols = nav::symbols(found.chapter);
                        let moved = |mut s: lsp::DocumentSymbol| {
                            s.range = found.range(s.range)?;
                            s.selection_range = found.range(s.selection_range)?;
                            Some(s)
                        };
                        let symbols = symbols.into_iter().filter_map(moved).collect();
                        lsp::DocumentSymbolResponse::Nested(symbols)
                    }))
                })
            }
            r::CodeLensRequest::METHOD => self.params(&req).map(|p: lsp::CodeLensParams| {
                to_json(self.chapter(&p.text_document.uri).map(|found| {
                    let lenses = lens::lenses(found.chapter, &self.judging).into_iter();
                    let moved = |mut l: lsp::CodeLens| {
                        l.range = found.range(l.range)?;
                        Some(l)
                    };
                    lenses.filter_map(moved).collect::<Vec<_>>()
                }))
            }),
            r::CodeActionRequest::METHOD => self.params(&req).map(|p: lsp::CodeActionParams| {
                let text = self
                    .relative(&p.text_document.uri)
                    .map(|path| self.text_of(&path))
                    .unwrap_or_default();
                to_json(diagnostics::quick_fixes(
                    &p.text_document.uri,
                    &text,
                    &p.context.diagnostics,
                ))
            }),
            r::Completion::METHOD => self
                .params(&req)
                .map(|p: lsp::CompletionParams| to_json(self.complete(&p.text_document_position))),
            _ => Err(Response::new_err(
                req.id.clone(),
                lsp_server::ErrorCode::MethodNotFound as i32,
                format!("no method {}", req.method),
            )),
        };
        let response = match result {
            Ok(value) => Response::new_ok(req.id, value),
            Err(e) => e,
        };
        let _ = self.out.send(response.into());
    }

    fn params<P: serde::de::DeserializeOwned>(&self, req: &Request) -> Result<P, Response> {
        serde_json::from_value(req.params.clone()).map_err(|e| {
            Response::new_err(
                req.id.clone(),
                lsp_server::ErrorCode::InvalidParams as i32,
                e.to_string(),
            )
        })
    }

    /// The book requests are answered from: what can be read of the latest
    /// text while it has errors, else the book it compiled to.
    fn current(&self) -> Option<&Book> {
        self.read.as_ref().or(self.book.as_ref())
    }

    /// The chapter of `uri` as the current book holds its latest text; else,
    /// when no more of that text can be read (its front matter is broken),
    /// as the chapter's last state that compiled, with how the text drifted.
    fn chapter(&self, uri: &lsp::Uri) -> Option<Found<'_>> {
        let path = self.relative(uri)?;
        let latest = self.docs.get(&path).map(String::as_str);
        let of = |book: &Book| book.chapters().any(|(_, c)| c.file.path == path);
        let book = self.current().filter(|b| of(b)).or(self.book.as_ref())?;
        let (system, chapter) = book.chapters().find(|(_, c)| c.file.path == path)?;
        let drift = latest
            .filter(|t| *t != chapter.file.text)
            .map(|t| pos::Drift::new(&chapter.file.text, t));
        Some(Found {
            book,
            system,
            chapter,
            drift,
        })
    }

    /// The item at a position, with its chapter, for a handler.
    fn at<T>(
        &self,
        p: &lsp::TextDocumentPositionParams,
        f: impl FnOnce(&Found, nav::Item) -> T,
    ) -> Option<T> {
        let found = self.chapter(&p.text_document.uri)?;
        let at = found.offset(p.position)?;
        let item = nav::item_at(found.book, found.system, found.chapter, at)?;
        Some(f(&found, item))
    }

    fn hover(&self, p: &lsp::TextDocumentPositionParams) -> Option<lsp::Hover> {
        let text = self.at(p, |_, item| nav::hover(&item))??;
        Some(lsp::Hover {
            contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                kind: lsp::MarkupKind::Markdown,
                value: text,
            }),
            range: None,
        })
    }

    fn locations(
        &self,
        p: &lsp::TextDocumentPositionParams,
        find: fn(&Path, &System, &nav::Item) -> Vec<lsp::Location>,
    ) -> Vec<lsp::Location> {
        self.at(p, |found, item| {
            let here = pos::uri(&self.root.join(&found.chapter.file.path));
            let found_at = find(&self.root, found.system, &item).into_iter();
            // Places in this chapter are where its latest text has them.
            let moved = |mut l: lsp::Location| {
                if l.uri == here {
                    l.range = found.range(l.range)?;
                }
                Some(l)
            };
            found_at.filter_map(moved).collect()
        })
        .unwrap_or_default()
    }

    fn complete(&self, p: &lsp::TextDocumentPositionParams) -> Vec<lsp::CompletionItem> {
        // The book the chapter is answered from, which holds its rules.
        let book = (self.chapter(&p.text_document.uri).map(|f| f.book)).or(self.current());
        let (Some(path), Some(book)) = (self.relative(&p.text_document.uri), book) else {
            return Vec::new();
        };
        let Some(system) = path.iter().nth(1).and_then(|s| s.to_str()) else {
            return Vec::new();
        };
        let text = self.text_of(&path);
        complete::complete(book, system, &text, pos::offset(&text, p.position))
    }
}

/// A chapter a request is answered from, with its book and system, and how
/// the buffer's latest text drifted from the chapter's (none when it is the
/// latest).
struct Found<'a> {
    book: &'a Book,
    system: &'a System,
    chapter: &'a Chapter,
    drift: Option<pos::Drift<'a>>,
}

impl Found<'_> {
    /// The chapter's offset of a position of the latest text; none in a
    /// part edited since the chapter's text.
    fn offset(&self, p: lsp::Position) -> Option<usize> {
        match &self.drift {
            None => Some(pos::offset(&self.chapter.file.text, p)),
            Some(d) => d.to_old(pos::offset(d.new, p)),
        }
    }

    /// A range of the chapter's text as the latest text has it.
    fn range(&self, range: lsp::Range) -> Option<lsp::Range> {
        match &self.drift {
            None => Some(range),
            Some(d) => d.to_new(range),
        }
    }
}

fn to_json(value: impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}
