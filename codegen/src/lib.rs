//! The rulebook compiler: Markdown chapters in `spec/` -> a typed, checked
//! [`Book`] -> Rust table constants and rule signatures (for `rules/build.rs`)
//! and conformance case files (for `cargo xtask regen`), and [`lints`] over a
//! compiled book.
//!
//! Every error is a [`Diagnostic`] with file:line:col; nothing here panics on
//! bad input.

mod blocks;
pub mod book_check;
pub mod cell;
mod check;
pub mod code;
pub mod diagnostic;
pub mod domain;
pub mod emit;
#[doc(hidden)]
pub mod fuzz;
mod ids;
pub mod lint;
mod lint_kind;
pub mod load;
pub mod locator;
pub mod model;
mod names;
mod parse;
mod placement;
pub mod property;
mod recognize;
pub mod resolvers;
mod rows;
mod signature;
pub mod source;
pub mod suggest;
mod table;
mod toml_spans;

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use code::Code;
pub use diagnostic::{Diagnostic, Diagnostics};
pub use lint::{Lint, LintKind, lints};
pub use load::{Sources, SystemSources, spec_files};
pub use model::Book;
use model::{Chapter, System};
pub use parse::markdown_options;
pub use source::SourceFile;

/// Compiles every `<system>/<chapter>.md` under `spec_root`: [`load::read_spec`]
/// then [`compile_sources`]. Paths in diagnostics are shown relative to
/// `shown_from` (usually the workspace root).
pub fn compile_dir(spec_root: &Path, shown_from: &Path) -> Result<Book, Diagnostics> {
    match load::read_spec(spec_root, shown_from) {
        Ok(sources) => compile_sources(&sources),
        Err(unlisted) => Err(Diagnostics(vec![unlisted])),
    }
}

/// Compiles a spec folder already read into memory. A file that could not be
/// read reports its diagnostic where its chapter would have reported.
pub fn compile_sources(sources: &Sources) -> Result<Book, Diagnostics> {
    let mut diags = Diagnostics::default();
    // Each system is checked as soon as it is parsed, while it is still in the
    // cache; its check's diagnostics still follow every system's parse's.
    let (mut checked, mut named) = (Diagnostics::default(), Diagnostics::default());
    let mut book = Book::default();
    let mut scratch = parse::Scratch::default();
    for read in &sources.systems {
        if let Some(mut system) = compile_system(read, &mut scratch, &mut diags) {
            check::check_system(&mut system, &mut checked);
            names::check_system(&system, &mut named);
            book.systems.push(system);
        }
    }
    diags.extend(checked.0);
    diags.extend(named.0);
    if diags.is_empty() {
        Ok(book)
    } else {
        Err(diags)
    }
}

/// The chapters of one folder of `spec/`, as a system. The folder's name must be
/// a system id, its Markdown files must be `.md` chapters, and they must hold
/// something to compile (a table, rule or example): a folder of prose alone is
/// more likely a mistake than a system.
fn compile_system(
    read: &SystemSources,
    scratch: &mut parse::Scratch,
    diags: &mut Diagnostics,
) -> Option<System> {
    let id = &read.id;
    let folder = || SourceFile::new(&read.folder, "");
    if let Some(why) = names::system_problem(id) {
        diags
            .push(Diagnostic::new(&folder(), 0..0, Code::RustName, why).label("rename the folder"));
        return None;
    }
    let before = diags.0.len();
    let mut chapters = Vec::with_capacity(read.files.len());
    for file in &read.files {
        let file = match file {
            Ok(file) => file,
            Err(refused) => {
                diags.push(refused.clone());
                continue;
            }
        };
        if let Some(chapter) = parse::parse_chapter(file, scratch, diags) {
            if chapter.front.system != *id {
                diags.push(
                    Diagnostic::new(
                        file,
                        0..3,
                        Code::Layout,
                        format!(
                            "front matter says system `{}` but the chapter sits in `{id}/`",
                            chapter.front.system
                        ),
                    )
                    .label("system and folder must agree"),
                );
            }
            chapters.push(chapter);
        }
    }
    let parts = |c: &Chapter| c.tables.len() + c.rules.len() + c.examples.len();
    if diags.0.len() == before && chapters.iter().map(parts).sum::<usize>() == 0 {
        diags.push(match chapters.first() {
            Some(c) => Diagnostic::new(
                &c.file,
                0..3,
                Code::Layout,
                format!("system `{id}` has nothing to compile: no table, rule or example"),
            )
            .label("its chapters hold prose only"),
            None => Diagnostic::new(
                &folder(),
                0..0,
                Code::Layout,
                format!("system folder `{id}/` holds no chapter"),
            )
            .label("a chapter is a `.md` file in the folder"),
        });
    }
    Some(System {
        id: id.clone(),
        chapters,
    })
}

/// Compiles loose Markdown files (for `cargo xtask eval`) against `book`'s rules:
/// each file joins the system its front matter names, replacing a chapter of the
/// same path. Returns the combined book, checked as a whole.
pub fn compile_with(book: Book, paths: &[PathBuf], shown_from: &Path) -> Result<Book, Diagnostics> {
    let mut diags = Diagnostics::default();
    let files: Vec<_> = paths
        .iter()
        .filter_map(|path| read(path, shown_from, &mut diags))
        .collect();
    compile_files(book, files, diags)
}

/// [`compile_with`] for files already read.
fn compile_files(
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
        Code::Layout,
        format!("system `{system}` is not a system of the book"),
    );
    let label = suggest::did_you_mean(system, known.iter().map(String::as_str));
    d.label(label.unwrap_or_else(|| "the book's systems are its folders in `spec/`".into()))
        .note(format!("its systems: {}", known.join(", ")))
}

fn finish(mut book: Book, mut diags: Diagnostics) -> Result<Book, Diagnostics> {
    check::check(&mut book, &mut diags);
    names::check(&book, &mut diags);
    if diags.is_empty() {
        Ok(book)
    } else {
        Err(diags)
    }
}

fn read(path: &Path, shown_from: &Path, diags: &mut Diagnostics) -> Option<Arc<SourceFile>> {
    load::read(path, load::shown(path, shown_from))
        .map_err(|d| diags.push(d))
        .ok()
}

impl Chapter {
    /// The title of the section with `id`, if this chapter has one.
    pub fn section_title(&self, id: &str) -> Option<&str> {
        self.sections
            .iter()
            .find(|s| &*s.id == id)
            .map(|s| s.title.as_str())
    }
}
