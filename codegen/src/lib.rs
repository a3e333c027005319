//! The rulebook compiler: Markdown chapters in `spec/` -> a typed, checked
//! [`Book`] -> Rust table constants and rule signatures (for `rules/build.rs`)
//! and conformance case files (for `cargo xtask regen`), and [`lints`] over a
//! compiled book.
//!
//! Every error is a [`Diagnostic`] with file:line:col; nothing here panics on
//! bad input.

mod blocks;
pub mod cell;
mod check;
pub mod diagnostic;
pub mod emit;
pub mod lint;
pub mod model;
mod parse;
pub mod property;
pub mod resolvers;
pub mod source;
mod table;
mod toml_spans;

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use diagnostic::{Diagnostic, Diagnostics};
pub use lint::{Lint, LintKind, lints};
pub use model::Book;
use model::{Chapter, System};
pub use parse::markdown_options;
pub use source::SourceFile;

/// Compiles every `<system>/<chapter>.md` under `spec_root`. Paths in
/// diagnostics are shown relative to `shown_from` (usually the workspace root).
pub fn compile_dir(spec_root: &Path, shown_from: &Path) -> Result<Book, Diagnostics> {
    let mut diags = Diagnostics::default();
    let files = match spec_files(spec_root) {
        Ok(f) => f,
        Err(e) => {
            let file = SourceFile::new(spec_root, "");
            diags.push(Diagnostic::new(
                &file,
                0..0,
                format!("cannot read {}: {e}", spec_root.display()),
            ));
            return Err(diags);
        }
    };
    let mut book = Book::default();
    for (system_dir, paths) in files {
        let mut chapters = Vec::new();
        for path in paths {
            let Some(file) = read(&path, shown_from, &mut diags) else {
                continue;
            };
            if let Some(chapter) = parse::parse_chapter(&file, &mut diags) {
                if chapter.front.system != system_dir {
                    diags.push(
                        Diagnostic::new(&file, 0..3, format!(
                            "front matter says system `{}` but the chapter sits in `{system_dir}/`",
                            chapter.front.system
                        ))
                        .label("system and folder must agree"),
                    );
                }
                chapters.push(chapter);
            }
        }
        book.systems.push(System {
            id: system_dir,
            chapters,
        });
    }
    finish(book, diags)
}

/// Compiles loose Markdown files (for `cargo xtask eval`) against `book`'s rules:
/// each file joins the system its front matter names, replacing a chapter of the
/// same path. Returns the combined book, checked as a whole.
pub fn compile_with(
    mut book: Book,
    paths: &[PathBuf],
    shown_from: &Path,
) -> Result<Book, Diagnostics> {
    let mut diags = Diagnostics::default();
    for path in paths {
        let Some(file) = read(path, shown_from, &mut diags) else {
            continue;
        };
        let Some(chapter) = parse::parse_chapter(&file, &mut diags) else {
            continue;
        };
        let system = match book
            .systems
            .iter_mut()
            .position(|s| s.id == chapter.front.system)
        {
            Some(i) => &mut book.systems[i],
            None => {
                book.systems.push(System {
                    id: chapter.front.system.clone(),
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

fn finish(mut book: Book, mut diags: Diagnostics) -> Result<Book, Diagnostics> {
    check::check(&mut book, &mut diags);
    if diags.is_empty() {
        Ok(book)
    } else {
        Err(diags)
    }
}

fn read(path: &Path, shown_from: &Path, diags: &mut Diagnostics) -> Option<Arc<SourceFile>> {
    let shown = path.strip_prefix(shown_from).unwrap_or(path);
    match SourceFile::read(path, shown) {
        Ok(f) => Some(f),
        Err(e) => {
            let file = SourceFile::new(shown, "");
            diags.push(Diagnostic::new(
                &file,
                0..0,
                format!("cannot read {}: {e}", path.display()),
            ));
            None
        }
    }
}

/// `(system, chapter paths)`, both sorted, for every folder of `spec_root`.
pub fn spec_files(spec_root: &Path) -> std::io::Result<Vec<(String, Vec<PathBuf>)>> {
    let mut systems = Vec::new();
    for entry in std::fs::read_dir(spec_root)? {
        let entry = entry?;
        if !entry.file_type()?.is_dir() {
            continue;
        }
        let mut chapters: Vec<PathBuf> = std::fs::read_dir(entry.path())?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        chapters.sort();
        systems.push((entry.file_name().to_string_lossy().into_owned(), chapters));
    }
    systems.sort();
    Ok(systems)
}

impl Chapter {
    /// The title of the section with `id`, if this chapter has one.
    pub fn section_title(&self, id: &str) -> Option<&str> {
        self.sections
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.title.as_str())
    }
}
