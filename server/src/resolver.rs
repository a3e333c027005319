//! The verdicts, judged away from the editor's thread by the judge's binary
//! (`conformance verdicts`, the one crate that links the resolver). A binary built with other tables says so rather than
//! judge; then, when allowed, the worker builds one from the editor's spec,
//! in a target folder of its own so the author's builds stay fresh, and
//! says it is rebuilding until it is done.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{BufRead, BufReader, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use codegen::Book;
use crossbeam_channel::{Receiver, Sender};

use crate::verdict::{Answer, Fingerprint, Request, Verdicts};

/// Where verdicts come from.
#[derive(Debug, Clone)]
pub struct Resolver {
    /// Judge (`conformance`) binaries to try, in order.
    pub binaries: Vec<PathBuf>,
    /// How to build one with the editor's tables when none has them; none in
    /// tests that must not start cargo.
    pub build: Option<Build>,
}

/// A build of the judge (`conformance`) whose `rules` reads a spec folder the
/// worker writes.
#[derive(Debug, Clone)]
pub struct Build {
    /// The workspace whose `Cargo.toml` is built.
    pub workspace: PathBuf,
    /// Its own target folder (under the workspace's `target/`).
    pub target: PathBuf,
}

impl Build {
    pub fn for_workspace(workspace: &Path) -> Build {
        Build {
            workspace: workspace.to_path_buf(),
            target: workspace.join("target/lsp"),
        }
    }

    /// The binary the build makes (profile `lsp`, see the workspace's Cargo.toml).
    pub fn binary(&self) -> PathBuf {
        self.target.join("lsp/conformance")
    }

    /// The spec the build compiles: `spec/` of a workspace of its own, so its
    /// paths read `spec/<system>/<chapter>.md` as the editor's do.
    pub fn spec(&self) -> PathBuf {
        self.target.join("book").join("spec")
    }

    /// The cargo command that builds it, its output left to the caller.
    pub fn command(&self) -> Command {
        let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
        cargo
            .args([
                "build",
                "--profile",
                "lsp",
                "--package",
                "conformance",
                "--bin",
                "conformance",
                "--manifest-path",
            ])
            .arg(self.workspace.join("Cargo.toml"))
            .env("CARGO_TARGET_DIR", &self.target)
            .env("RULES_SPEC_DIR", self.spec())
            // The progress bar is how far the build is ([`progress`]).
            .env("CARGO_TERM_PROGRESS_WHEN", "always")
            .env("CARGO_TERM_PROGRESS_WIDTH", "100")
            .stdin(Stdio::null());
        cargo
    }
}

/// A request to judge, numbered so that answers to older ones can be told apart.
#[derive(Clone)]
pub struct Job {
    pub id: u64,
    pub request: Request,
    /// The [`tables_key`] of the request's book.
    pub tables: u64,
}

/// A key of what the generated module takes from the book's tables: each
/// table's source and file. The line a table starts on is left out: only its
/// constant's doc names it, and the module's fingerprint leaves docs out.
/// Two books of other keys have other modules (short of a table's layout
/// alone changing, which costs a needless rebuild), so a build made for the
/// one is made anew for the other.
pub fn tables_key(book: &Book) -> u64 {
    let mut key = DefaultHasher::new();
    for (_, chapter) in book.chapters() {
        for table in &chapter.tables {
            let file = &chapter.file;
            file.path.hash(&mut key);
            file.text.get(table.extent.clone()).hash(&mut key);
        }
    }
    key.finish()
}

/// What the worker reports about job `id`.
#[derive(Debug)]
pub enum Progress {
    /// The tables changed; a resolver of the new ones is being built. Until
    /// it is, the verdicts are judged with the book's cells where the
    /// shape allows ([`Verdicts::cells`]), and none are had where not.
    Rebuilding,
    /// The build has built `done` of its `total` units.
    Building {
        done: usize,
        total: usize,
    },
    Judged(Verdicts),
    /// No verdicts can be had, and why.
    Unavailable(String),
}

/// The cargo build under way, which the server stops when its client goes:
/// left alone, it would run on for minutes after the editor quit.
#[derive(Clone, Default)]
pub struct Builds(Arc<Mutex<Building>>);

#[derive(Default)]
struct Building {
    cargo: Option<Child>,
    /// No build may start any more.
    stopped: bool,
}

impl Builds {
    /// Kills the build under way, with the compilers it started (its process
    /// group), and starts no other.
    pub fn stop(&self) {
        let mut building = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        building.stopped = true;
        if let Some(mut cargo) = building.cargo.take() {
            #[cfg(unix)]
            let _ = Command::new("kill")
                .args(["-s", "KILL", "--", &format!("-{}", cargo.id())])
                .status();
            let _ = cargo.kill();
            let _ = cargo.wait();
        }
    }
}

/// Starts the worker. It takes the newest job waiting, so a burst of edits
/// costs one judgement rather than one each. Builds run on a thread of their
/// own, the newest book waiting built next, so that edits are judged (with
/// their cells, where the shape allows) while a build runs; when one ends,
/// the newest job is judged again by what it built.
pub fn spawn(resolver: Resolver) -> (Sender<Job>, Receiver<(u64, Progress)>, Builds) {
    let (jobs, inbox) = crossbeam_channel::unbounded::<Job>();
    let (outbox, progress) = crossbeam_channel::unbounded();
    let (orders, ordered) = crossbeam_channel::unbounded::<Job>();
    let (built, mut done) = crossbeam_channel::unbounded::<(u64, Result<(), String>)>();
    let builds = Builds::default();
    match resolver.build.clone() {
        // No build ends where none may start: a closed channel would end the worker.
        None => done = crossbeam_channel::never(),
        Some(build) => {
            let (builds, outbox) = (builds.clone(), outbox.clone());
            thread::spawn(move || {
                while let Ok(mut job) = ordered.recv() {
                    while let Ok(newer) = ordered.try_recv() {
                        job = newer;
                    }
                    let report = |p| outbox.send((job.id, p)).is_ok();
                    report(Progress::Rebuilding);
                    let result = rebuild(&build, &job.request, &builds, &report);
                    if built.send((job.tables, result)).is_err() {
                        return;
                    }
                }
            });
        }
    }
    thread::spawn(move || {
        let mut worker = Worker {
            resolver,
            running: Running::default(),
            latest: None,
            ordered: None,
            built: None,
            orders,
        };
        loop {
            crossbeam_channel::select! {
                recv(inbox) -> job => {
                    let Ok(mut job) = job else { return };
                    while let Ok(newer) = inbox.try_recv() {
                        job = newer;
                    }
                    worker.latest = Some(job);
                }
                recv(done) -> built => {
                    let Ok((tables, result)) = built else { return };
                    if let Err(why) = worker.built(tables, result) {
                        let id = worker.latest.as_ref().map_or(0, |j| j.id);
                        if outbox.send((id, Progress::Unavailable(why))).is_err() {
                            return;
                        }
                        continue;
                    }
                }
            }
            let Some(job) = worker.latest.clone() else {
                continue;
            };
            if outbox.send((job.id, worker.judge(&job))).is_err() {
                return;
            }
        }
    });
    (jobs, progress, builds)
}

/// The worker's state between jobs.
struct Worker {
    resolver: Resolver,
    running: Running,
    /// The newest job, judged again when a build ends.
    latest: Option<Job>,
    /// The tables key of the book last sent to be built.
    ordered: Option<u64>,
    /// The tables key of the book the last build that succeeded was of.
    built: Option<u64>,
    orders: Sender<Job>,
}

impl Worker {
    /// The verdicts of `job`: a binary's with the job's tables when one has
    /// them; else, while one is built, a binary's of their shape, judged
    /// with the book's cells; else word of the build.
    fn judge(&mut self, job: &Job) -> Progress {
        let (binaries, running) = (&mut self.resolver.binaries, &mut self.running);
        // What the request wants, once a binary has worked it out.
        let mut wanted: Option<Fingerprint> = None;
        let mut with_cells = None;
        for (i, binary) in binaries.iter().enumerate() {
            if running.holds_other(binary, wanted.as_ref()) {
                continue;
            }
            match running.ask(binary, &job.request) {
                Ok(Answer::Judged(v)) => {
                    // Try this one first next time.
                    binaries[..=i].rotate_right(1);
                    if v.cells.is_empty() {
                        return Progress::Judged(v);
                    }
                    with_cells = Some(v);
                    break;
                }
                Ok(Answer::Stale { wanted: w, .. }) => wanted = Some(w),
                // The server compiled this book: a binary that cannot was
                // built from another compiler, and is as stale as one of other tables.
                Ok(Answer::Broken) | Err(_) => {}
            }
        }
        if self.resolver.build.is_none() {
            return with_cells.map_or_else(
                || Progress::Unavailable("no resolver is built with these tables".into()),
                Progress::Judged,
            );
        }
        if self.built == Some(job.tables) && with_cells.is_none() {
            return Progress::Unavailable("the rebuilt resolver does not judge this book".into());
        }
        if self.ordered != Some(job.tables) && self.built != Some(job.tables) {
            self.ordered = Some(job.tables);
            let _ = self.orders.send(job.clone());
        }
        with_cells.map_or(Progress::Rebuilding, Progress::Judged)
    }

    /// Takes in the end of the build of a book of tables key `tables`: its
    /// binary's old process is stopped, and it is asked first from now on.
    fn built(&mut self, tables: u64, result: Result<(), String>) -> Result<(), String> {
        if self.ordered == Some(tables) {
            self.ordered = None;
        }
        result?;
        self.built = Some(tables);
        if let Some(build) = &self.resolver.build {
            let binary = build.binary();
            self.running.stop(&binary);
            self.resolver.binaries.retain(|b| *b != binary);
            self.resolver.binaries.insert(0, binary);
        }
        Ok(())
    }
}

/// The `conformance verdicts` processes kept running, one per binary, each
/// answering request after request: no edit waits for a process to start,
/// and each remembers what it has judged.
#[derive(Default)]
pub struct Running(HashMap<PathBuf, Process>);

struct Process {
    /// What it was built with, once it has said (in a stale answer).
    built: Option<Fingerprint>,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Running {
    /// Whether `binary`'s running process is known to hold tables of
    /// another shape, or other code, than `wanted`.
    fn holds_other(&self, binary: &Path, wanted: Option<&Fingerprint>) -> bool {
        shown_other(self.0.get(binary).and_then(|p| p.built.as_ref()), wanted)
    }

    /// `binary`'s answer to `request`, from its running process, or from a
    /// new one when there is none or it has stopped.
    fn ask(&mut self, binary: &Path, request: &Request) -> Result<Answer, String> {
        let json = serde_json::to_string(request).map_err(|e| e.to_string())?;
        if let Some(answer) = self.0.get_mut(binary).and_then(|p| p.ask(&json).ok()) {
            return Ok(answer);
        }
        self.stop(binary);
        let mut process = Process::start(binary)?;
        let answer = process.ask(&json);
        if answer.is_ok() {
            self.0.insert(binary.to_path_buf(), process);
        } else {
            process.end();
        }
        answer
    }

    fn stop(&mut self, binary: &Path) {
        if let Some(process) = self.0.remove(binary) {
            process.end();
        }
    }
}

/// Whether a process that said it was `built` with that (when it said) is
/// known to hold other than `wanted` (when a process said what the book
/// wants): asked, it would say it is stale again. Any other is asked: one of
/// the book's shape judges it, with its cells.
fn shown_other(built: Option<&Fingerprint>, wanted: Option<&Fingerprint>) -> bool {
    matches!((built, wanted), (Some(built), Some(wanted)) if built != wanted)
}

impl Drop for Running {
    fn drop(&mut self) {
        for (_, process) in self.0.drain() {
            process.end();
        }
    }
}

impl Process {
    fn start(binary: &Path) -> Result<Process, String> {
        let mut child = Command::new(binary)
            .args(["verdicts", "--serve"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Nobody reads it while the process lives: a full pipe would stop it.
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("{} verdicts has no pipes", binary.display()));
        };
        Ok(Process {
            built: None,
            child,
            stdin,
            stdout: BufReader::new(stdout),
        })
    }

    /// Sends one request, as a line, and reads its answer, a line.
    fn ask(&mut self, json: &str) -> Result<Answer, String> {
        writeln!(self.stdin, "{json}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot ask the resolver: {e}"))?;
        let mut line = String::new();
        self.stdout
            .read_line(&mut line)
            .map_err(|e| format!("cannot read the resolver's answer: {e}"))?;
        let answer: Answer = serde_json::from_str(&line)
            .map_err(|e| format!("the resolver answered no verdicts ({e})"))?;
        if let Answer::Stale { built, .. } = &answer {
            self.built = Some(built.clone());
        }
        Ok(answer)
    }

    /// Closes its input, on which it ends, and waits for it.
    fn end(self) {
        let Process {
            mut child, stdin, ..
        } = self;
        drop(stdin);
        let _ = child.wait();
    }
}

/// Writes the request's book to the build's spec folder and builds the judge
/// against it, reporting how far it is, as one of `builds`.
fn rebuild(
    build: &Build,
    request: &Request,
    builds: &Builds,
    report: &dyn Fn(Progress) -> bool,
) -> Result<(), String> {
    let spec = build.spec();
    let _ = std::fs::remove_dir_all(&spec);
    let sources =
        crate::world::sources(&request.root, &request.overlays).map_err(|d| d.render())?;
    let book = build.target.join("book");
    for file in sources
        .systems
        .iter()
        .flat_map(|s| s.files.iter().flatten())
    {
        let dest = book.join(&file.path);
        std::fs::create_dir_all(dest.parent().unwrap_or(&book))
            .and_then(|()| std::fs::write(&dest, &file.text))
            .map_err(|e| format!("cannot write {}: {e}", dest.display()))?;
    }
    let mut command = build.command();
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let stderr = {
        let mut building = builds.0.lock().unwrap_or_else(PoisonError::into_inner);
        if building.stopped {
            return Err("the server is stopping".into());
        }
        let mut cargo = command
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        let stderr = cargo.stderr.take();
        building.cargo = Some(cargo);
        stderr
    };
    // What cargo says but its progress bar (redrawn after each `\r`), which
    // is reported instead.
    let mut said = String::new();
    let mut part = Vec::new();
    let bytes = stderr.into_iter().flat_map(|e| BufReader::new(e).bytes());
    for byte in bytes.map_while(Result::ok).chain([b'\n']) {
        if byte != b'\r' && byte != b'\n' {
            part.push(byte);
            continue;
        }
        let line = String::from_utf8_lossy(&part);
        match progress(&line) {
            Some((done, total)) => {
                report(Progress::Building { done, total });
            }
            None if !line.trim().is_empty() => {
                said.push_str(line.trim_end());
                said.push('\n');
            }
            None => {}
        }
        part.clear();
    }
    let cargo = builds
        .0
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .cargo
        .take();
    let Some(mut cargo) = cargo else {
        return Err("the build was stopped".into());
    };
    match cargo.wait() {
        Ok(status) if status.success() => Ok(()),
        Ok(_) => Err(format!("the resolver did not build:\n{said}")),
        Err(e) => Err(format!("cannot wait for cargo: {e}")),
    }
}

/// How far a line of cargo's progress bar says the build is, as units built
/// and units in all: `Building [==>   ] 3/12: rules, xtask`.
fn progress(line: &str) -> Option<(usize, usize)> {
    let bar = line.trim_start().strip_prefix("Building [")?;
    let (_, rest) = bar.split_once("] ")?;
    let (done, total) = rest.split(':').next()?.trim().split_once('/')?;
    Some((done.parse().ok()?, total.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables key of the workspace's book with `falling.md` edited by `edit`.
    fn key_after(edit: impl Fn(&str) -> String) -> u64 {
        let root = crate::workspace::workspace_root();
        let path = PathBuf::from("spec/action/falling.md");
        let text = std::fs::read_to_string(root.join(&path)).unwrap();
        let edited = edit(&text);
        let overlays = [(path, edited)].into_iter().collect();
        tables_key(&crate::world::book(&root, &overlays).unwrap())
    }

    #[test]
    fn the_progress_bar_says_how_many_units_are_built() {
        let bar = "    Building [===>          ] 3/12: serde_core(build), zmij       ";
        assert_eq!(progress(bar), Some((3, 12)));
        assert_eq!(
            progress("    Building [==>   ] 11/12: pc(bin)"),
            Some((11, 12))
        );
        assert_eq!(progress("   Compiling rules v0.1.0"), None);
        assert_eq!(progress("    Building [==>   ] 3 of 12"), None);
    }

    #[test]
    fn a_process_is_asked_unless_it_showed_another_shape() {
        let fingerprint = |shape: &str| Fingerprint {
            shape: shape.into(),
            code: "c".into(),
        };
        let (a, b) = (fingerprint("a"), fingerprint("b"));
        assert!(!shown_other(None, None), "a new process is asked");
        assert!(!shown_other(None, Some(&a)), "and one that never said");
        assert!(
            !shown_other(Some(&a), None),
            "and one when the book's is unknown"
        );
        assert!(
            !shown_other(Some(&a), Some(&a)),
            "and one of the book's shape"
        );
        assert!(shown_other(Some(&a), Some(&b)), "not one of another shape");
        let other_code = Fingerprint {
            code: "d".into(),
            ..a.clone()
        };
        assert!(
            shown_other(Some(&other_code), Some(&a)),
            "nor of other code"
        );
    }

    #[test]
    fn the_tables_key_moves_with_a_cell_and_with_nothing_else() {
        let same = key_after(str::to_string);
        let edit = |from: &'static str, to: &'static str| {
            key_after(move |t| {
                assert!(t.contains(from), "falling.md has no {from:?}");
                t.replacen(from, to, 1)
            })
        };
        let claim = edit("damage = \"9d6\"", "damage = \"8d6\"");
        assert_eq!(claim, same, "an example's claim");
        let cell = edit("| 23-26 | 18m/s | 9d6 |", "| 23-26 | 18m/s | 8d6 |");
        assert_ne!(cell, same, "a cell");
        // Prose above the tables: a word, or a line that moves them down.
        assert_eq!(edit("\n## ", "\n## Of "), same, "a word");
        assert_eq!(edit("\n## ", "\nA line of ours.\n\n## "), same, "a line");
    }
}
