//! `cargo xtask lsp`: the language server, on `lsp-server` and `lsp-types`.
//! Messages are handled one at a time in the order they come, on one thread;
//! the verdicts are judged on another ([`resolver`]) and come back as
//! messages of their own. Every change recompiles the whole book (a few
//! milliseconds), so each chapter the change affects gets its diagnostics.

pub mod client;
mod code;
mod complete;
mod diagnostics;
mod lens;
pub mod nav;
pub mod pos;
pub mod resolver;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use codegen::model::{Chapter, System};
use codegen::{Book, Diagnostic};
use crossbeam_channel::{Receiver, Sender, select};
use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use serde_json::Value;

use crate::verdict;
use crate::world::{self, Overlays};
use lens::Judging;
use resolver::{Job, Progress, Resolver};

/// What the server serves: the workspace at `root`, judged by `resolver`.
pub struct Config {
    pub root: PathBuf,
    pub resolver: Resolver,
}

impl Config {
    /// The server `cargo xtask lsp` starts: its own build of `xtask` first
    /// (optimised dependencies, so faster), then the one beside this binary,
    /// then a new build with the editor's tables.
    pub fn for_root(root: &Path) -> Config {
        let build = resolver::Build::for_workspace(&crate::workspace_root());
        let beside = std::env::current_exe()
            .ok()
            .and_then(|e| Some(e.parent()?.join("xtask")));
        Config {
            root: root.to_path_buf(),
            resolver: Resolver {
                binaries: std::iter::once(build.binary()).chain(beside).collect(),
                build: Some(build),
            },
        }
    }
}

/// Serves an editor over stdin and stdout until it says `exit`.
pub fn serve_stdio(root: &Path) -> Result<(), String> {
    let (connection, io) = Connection::stdio();
    serve(&connection, Config::for_root(root))?;
    io.join().map_err(|e| e.to_string())
}

/// Serves the editor at the other end of `connection`.
pub fn serve(connection: &Connection, config: Config) -> Result<(), String> {
    let caps = serde_json::to_value(capabilities()).map_err(|e| e.to_string())?;
    let init = connection.initialize(caps).map_err(|e| e.to_string())?;
    let init: lsp::InitializeParams = serde_json::from_value(init).unwrap_or_default();
    let refresh = init
        .capabilities
        .workspace
        .and_then(|w| w.code_lens)
        .and_then(|c| c.refresh_support)
        .unwrap_or(false);
    let (jobs, progress) = resolver::spawn(config.resolver);
    let mut server = Server::new(connection.sender.clone(), config.root, jobs, refresh);
    server.recompile();
    run(connection, &mut server, &progress)
}

fn run(
    connection: &Connection,
    server: &mut Server,
    progress: &Receiver<(u64, Progress)>,
) -> Result<(), String> {
    loop {
        select! {
            recv(connection.receiver) -> message => match message.map_err(|e| e.to_string())? {
                Message::Request(req) => {
                    if connection.handle_shutdown(&req).map_err(|e| e.to_string())? {
                        return Ok(());
                    }
                    server.request(req);
                }
                Message::Notification(n) => server.notify(n),
                Message::Response(_) => {}
            },
            recv(progress) -> p => {
                if let Ok((job, p)) = p {
                    server.progress(job, p);
                }
            }
        }
    }
}

fn capabilities() -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(
            lsp::TextDocumentSyncKind::FULL,
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

struct Server {
    out: Sender<Message>,
    root: PathBuf,
    /// Open buffers by their path relative to the root.
    docs: BTreeMap<PathBuf, String>,
    /// The book of the latest text that compiled.
    book: Option<Book>,
    /// The diagnostics of the latest text, when it does not.
    errors: Vec<Diagnostic>,
    resolvers: world::Resolvers,
    judging: Judging,
    /// The files that show diagnostics now.
    shown: BTreeSet<PathBuf>,
    jobs: Sender<Job>,
    job: u64,
    refresh: bool,
    requests: i32,
}

impl Server {
    fn new(out: Sender<Message>, root: PathBuf, jobs: Sender<Job>, refresh: bool) -> Server {
        let root = root.canonicalize().unwrap_or(root);
        Server {
            out,
            root,
            docs: BTreeMap::new(),
            book: None,
            errors: Vec::new(),
            resolvers: world::Resolvers::default(),
            judging: Judging::Waiting,
            shown: BTreeSet::new(),
            jobs,
            job: 0,
            refresh,
            requests: 0,
        }
    }

    /// Compiles the book with the buffers, shows its diagnostics, and asks
    /// for the verdicts of the open chapters.
    fn recompile(&mut self) {
        let overlays: Overlays = self.docs.clone();
        match self.resolvers.compile(&self.root, &overlays) {
            Ok(book) => {
                let tables = resolver::tables_key(&book);
                self.book = Some(book);
                self.errors.clear();
                self.job += 1;
                self.judging = Judging::Waiting;
                let request = verdict::Request {
                    root: self.root.clone(),
                    chapters: self.docs.keys().cloned().collect(),
                    overlays,
                    tables: None,
                };
                let _ = self.jobs.send(Job {
                    id: self.job,
                    request,
                    tables,
                });
            }
            Err(diags) => {
                self.errors = diags.0;
                self.judging = Judging::Unavailable("the spec does not compile".into());
            }
        }
        self.publish();
        self.refresh_lenses();
    }

    fn progress(&mut self, job: u64, progress: Progress) {
        if job != self.job || !self.errors.is_empty() {
            return;
        }
        self.judging = match progress {
            Progress::Rebuilding => Judging::Rebuilding,
            Progress::Judged(v) => Judging::Ready(v),
            Progress::Unavailable(why) => Judging::Unavailable(why),
        };
        if let Judging::Unavailable(why) = &self.judging {
            self.log(format!("no verdicts: {why}"));
        }
        self.publish();
        self.refresh_lenses();
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

    fn refresh_lenses(&mut self) {
        if self.refresh {
            self.requests += 1;
            let req = Request::new(
                RequestId::from(self.requests),
                lsp::request::CodeLensRefresh::METHOD.into(),
                (),
            );
            let _ = self.out.send(req.into());
        }
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

    fn notify(&mut self, n: Notification) {
        use lsp::notification as note;
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(n.params) {
                    self.set(p.text_document.uri, p.text_document.text);
                }
            }
            note::DidChangeTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(n.params)
                    && let Some(change) = p.content_changes.into_iter().last()
                {
                    self.set(p.text_document.uri, change.text);
                }
            }
            note::DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params)
                    && let Some(path) = self.relative(&p.text_document.uri)
                {
                    self.docs.remove(&path);
                    self.recompile();
                }
            }
            note::DidSaveTextDocument::METHOD => self.recompile(),
            _ => {}
        }
    }

    /// The path of `uri` relative to the root, for a chapter under `spec/`.
    fn relative(&self, uri: &lsp::Uri) -> Option<PathBuf> {
        let path = pos::path(uri)?;
        let path = path.canonicalize().unwrap_or(path);
        let rel = path.strip_prefix(&self.root).ok()?;
        rel.starts_with("spec").then(|| rel.to_path_buf())
    }

    fn set(&mut self, uri: lsp::Uri, text: String) {
        if let Some(path) = self.relative(&uri) {
            self.docs.insert(path, text);
            self.recompile();
        }
    }

    fn request(&mut self, req: Request) {
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
                    to_json(
                        self.chapter(&p.text_document.uri)
                            .map(|(_, c)| lsp::DocumentSymbolResponse::Nested(nav::symbols(c))),
                    )
                })
            }
            r::CodeLensRequest::METHOD => self.params(&req).map(|p: lsp::CodeLensParams| {
                to_json(
                    self.chapter(&p.text_document.uri)
                        .map(|(_, c)| lens::lenses(c, &self.judging)),
                )
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

    /// The chapter of `uri` in the book, while the book holds its latest
    /// text (its spans would point elsewhere in another).
    fn chapter(&self, uri: &lsp::Uri) -> Option<(&System, &Chapter)> {
        let path = self.relative(uri)?;
        let book = self.book.as_ref()?;
        let latest = self.docs.get(&path).map(String::as_str);
        book.chapters()
            .find(|(_, c)| c.file.path == path && latest.is_none_or(|t| t == c.file.text))
    }

    /// The item at a position, with its book and system, for a handler.
    fn at<T>(
        &self,
        p: &lsp::TextDocumentPositionParams,
        f: impl FnOnce(&Book, &System, nav::Item) -> T,
    ) -> Option<T> {
        let (system, chapter) = self.chapter(&p.text_document.uri)?;
        let book = self.book.as_ref()?;
        let at = pos::offset(&chapter.file.text, p.position);
        nav::item_at(book, system, chapter, at).map(|item| f(book, system, item))
    }

    fn hover(&self, p: &lsp::TextDocumentPositionParams) -> Option<lsp::Hover> {
        let text = self.at(p, |_, _, item| nav::hover(&item))??;
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
        self.at(p, |_, system, item| find(&self.root, system, &item))
            .unwrap_or_default()
    }

    fn complete(&self, p: &lsp::TextDocumentPositionParams) -> Vec<lsp::CompletionItem> {
        let (Some(path), Some(book)) = (self.relative(&p.text_document.uri), self.book.as_ref())
        else {
            return Vec::new();
        };
        let Some(system) = path.iter().nth(1).and_then(|s| s.to_str()) else {
            return Vec::new();
        };
        let text = self.text_of(&path);
        complete::complete(book, system, &text, pos::offset(&text, p.position))
    }
}

fn to_json(value: impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}
