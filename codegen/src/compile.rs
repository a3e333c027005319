//! The pipeline: a spec folder's chapters read ([`load`]), each system parsed
//! ([`crate::syntax`]) and checked ([`crate::sema`]) into a [`Book`], and the
//! book emitted ([`crate::emit`]) as the Rust `rules` includes.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::{Diagnostic, Diagnostics};
use crate::diag::source::SourceFile;
use crate::diag::suggest;
use crate::emit;
use crate::model::{Book, Chapter, System};
use crate::sema::{check, names, resolvers};
use crate::syntax::load::{self, Sources};
use crate::syntax::{parse, system};

/// The whole pipeline, as `rules/build.rs` runs it: the chapters under
/// `spec_root` read, parsed and checked, each rule's resolver function found
/// in `resolver_src` (the `rules` crate's `src/`), and the book emitted as Rust
/// with its fingerprint.
/// Paths in diagnostics are shown relative to `shown_from`.
pub fn rust_of_spec(
    spec_root: &Path,
    resolver_src: &Path,
    shown_from: &Path,
) -> Result<emit::rust::Generated, Diagnostics> {
    let book = compile_dir(spec_root, shown_from)?;
    resolvers::missing(&book, resolver_src, shown_from).or(())?;
    Ok(emit::rust::generate(&book))
}

/// Compiles every `<system>/<chapter>.md` under `spec_root`: [`load::read_spec`]
/// then [`compile_sources`]. Paths in diagnostics are shown relative to
/// `shown_from` (usually the workspace root).
pub fn compile_dir(spec_root: &Path, shown_from: &Path) -> Result<Book, Diagnostics> {
    compile_sources(&load::read_spec(spec_root, shown_from)?)
}

/// Compiles a spec folder already read into memory, one system per core at
/// a time. A file that could not be read reports its diagnostic where its
/// chapter would have reported.
pub fn compile_sources(sources: &Sources) -> Result<Book, Diagnostics> {
    let (book, diags) = read_sources(sources);
    diags.or(book)
}

/// [`compile_sources`] on at most `threads` threads. Systems are independent
/// until their rules are called, so each is parsed and checked apart; the
/// diagnostics come out in the order one thread gives: every system's
/// parse's, then their checks', then names'. Not an entry point of its own:
/// only the bench (one thread beside all) and the test of that order choose
/// the threads.
#[doc(hidden)]
pub fn compile_sources_on(sources: &Sources, threads: usize) -> Result<Book, Diagnostics> {
    let (book, diags) = read_sources_on(sources, threads);
    diags.or(book)
}

/// What can be read of a spec folder that may not compile: the book of every
/// chapter whose front matter could be read, each holding the parts that
/// parsed, with the diagnostics [`compile_sources`] would give. The language
/// server answers from it while the author's chapter is broken.
pub fn read_sources(sources: &Sources) -> (Book, Diagnostics) {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    read_sources_on(sources, cores)
}

/// [`read_sources`] on at most `threads` threads ([`compile_sources_on`]).
fn read_sources_on(sources: &Sources, threads: usize) -> (Book, Diagnostics) {
    let mut compiled = in_parallel(&sources.systems, threads, compile_system);
    compiled.sort_by_key(|(i, _)| *i);
    let mut book = Book::default();
    let [mut diags, mut checked, mut named]: [Diagnostics; 3] = Default::default();
    for (_, c) in compiled {
        book.systems.extend(c.system);
        diags.extend(c.parsed.0);
        checked.extend(c.checked.0);
        named.extend(c.named.0);
    }
    diags.extend(checked.0);
    diags.extend(named.0);
    (book, diags)
}

/// One system parsed and checked, with the diagnostics of each pass.
#[derive(Default)]
struct Compiled {
    system: Option<System>,
    parsed: Diagnostics,
    checked: Diagnostics,
    named: Diagnostics,
}

/// Each system is checked as soon as it is parsed, while it is still in the cache.
fn compile_system(read: &load::SystemSources, scratch: &mut parse::Scratch) -> Compiled {
    let mut c = Compiled::default();
    c.system = system::parse_system(read, scratch, &mut c.parsed);
    if let Some(system) = &mut c.system {
        check::check_system(system, &mut c.checked);
        names::check_system(system, &mut c.named);
    }
    c
}

/// `work` on each of `items`, on up to `threads` threads that each take the
/// next item not yet taken (the bundled book's largest system comes first),
/// with the item's index; in no particular order.
fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T, &mut parse::Scratch) -> R + Sync,
) -> Vec<(usize, R)> {
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut scratch = parse::Scratch::default();
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else {
                return done;
            };
            done.push((i, work(item, &mut scratch)));
        }
    };
    let threads = threads.clamp(1, items.len().max(1));
    std::thread::scope(|s| {
        let others: Vec<_> = (1..threads).map(|_| s.spawn(worker)).collect();
        let mut all = worker();
        for other in others {
            match other.join() {
                Ok(done) => all.extend(done),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        all
    })
}

/// Compiles chapter files that lie anywhere (`cargo xtask eval`'s, a UI
/// test's) against `book`'s rules: each file joins the system its front
/// matter names, replacing a chapter of the same path, where a folder's
/// chapters ([`compile_dir`]) belong to the system the folder names. Returns
/// the combined book, checked as a whole.
pub fn compile_files(
    book: Book,
    paths: &[PathBuf],
    shown_from: &Path,
) -> Result<Book, Diagnostics> {
    let mut diags = Diagnostics::default();
    let files: Vec<_> = paths
        .iter()
        .filter_map(|path| read(path, shown_from, &mut diags))
        .collect();
    join_files(book, files, diags)
}

/// [`compile_files`] for files already read (the fuzzer's bytes), after
/// `diags`, the diagnostics of reading them.
pub(crate) fn join_files(
    mut book: Book,
    files: Vec<Arc<SourceFile>>,
    mut diags: Diagnostics,
) -> Result<Book, Diagnostics> {
    let mut scratch = parse::Scratch::default();
    let known: Vec<String> = book.systems.iter().map(|s| s.id.clone()).collect();
    for file in files {
        let Some(chapter) = parse::parse_chapter(&file, &mut scratch, &mut diags) else {
            continue;
        };
        if !known.is_empty() && !known.iter().any(|k| *k == chapter.front.system) {
            diags.push(unknown_system(&chapter, &known));
            continue;
        }
        let system = match book
            .systems
            .iter()
            .position(|s| s.id == chapter.front.system)
        {
            Some(i) => &mut book.systems[i],
            None => {
                book.systems.push(System {
                    id: chapter.front.system.to_string(),
                    chapters: Vec::new(),
                });
                book.systems.last_mut().expect("just pushed")
            }
        };
        system.chapters.retain(|c| c.file.path != chapter.file.path);
        system.chapters.push(chapter);
    }
    finish(book, diags)
}

/// A file joins a system of the book it is compiled against, whose rules its
/// examples call: one the book lacks is a misspelling more likely than a new one.
fn unknown_system(chapter: &Chapter, known: &[String]) -> Diagnostic {
    let system = &chapter.front.system;
    let d = Diagnostic::new(
        &chapter.file,
        chapter.front.system_span.clone(),
        DiagCode::Layout,
        format!("system `{system}` is not a system of the book"),
    );
    let label = suggest::did_you_mean(system, known.iter().map(String::as_str));
    d.label(label.unwrap_or_else(|| "the book's systems are its folders in `spec/`".into()))
        .note(format!("its systems: {}", known.join(", ")))
}

fn finish(mut book: Book, mut diags: Diagnostics) -> Result<Book, Diagnostics> {
    check::check(&mut book, &mut diags);
    names::check(&book, &mut diags);
    diags.or(book)
}

fn read(path: &Path, shown_from: &Path, diags: &mut Diagnostics) -> Option<Arc<SourceFile>> {
    load::read(path, load::shown(path, shown_from))
        .map_err(|d| diags.push(d))
        .ok()
}
