//! What regen would write: each case and property file the book produces,
//! compared with the committed ones.

use std::io;
use std::path::{Path, PathBuf};

use codegen::Book;
use codegen::emit::GeneratedFile;
use codegen::emit::cases::case_files;
use codegen::emit::properties::property_files;

use crate::workspace::{cases_dir, properties_dir, write_atomically};

/// What regen would change in the cases folder.
#[derive(Debug, Default)]
pub struct Plan {
    /// Files to create or rewrite, with their new text.
    pub writes: Vec<(PathBuf, String)>,
    /// Case files no example produces any more.
    pub removes: Vec<PathBuf>,
    pub unchanged: usize,
}

impl Plan {
    pub fn is_empty(&self) -> bool {
        self.writes.is_empty() && self.removes.is_empty()
    }

    /// Every file the plan touches, relative to `root`, with what would happen to it.
    pub fn describe(&self, root: &Path) -> Vec<String> {
        let rel = |p: &Path| p.strip_prefix(root).unwrap_or(p).display().to_string();
        let writes = self.writes.iter().map(|(p, _)| {
            let what = if p.exists() { "stale" } else { "missing" };
            format!("{what}: {}", rel(p))
        });
        let removes = self.removes.iter().map(|p| {
            let what = if is_leftover(p) {
                "left by an interrupted regen"
            } else {
                "no longer generated"
            };
            format!("{what}: {}", rel(p))
        });
        writes.chain(removes).collect()
    }
}

/// Compares the case files the book produces with those under `cases`.
pub fn plan(book: &Book, cases: &Path) -> io::Result<Plan> {
    plan_files(&case_files(book), cases)
}

/// Compares the property files the book produces with those under `properties`.
pub fn property_plan(book: &Book, properties: &Path) -> io::Result<Plan> {
    plan_files(&property_files(book), properties)
}

/// Both plans regen carries out: the case files and the property files of `root`.
pub fn plan_all(book: &Book, root: &Path) -> io::Result<[Plan; 2]> {
    Ok([
        plan(book, &cases_dir(root))?,
        property_plan(book, &properties_dir(root))?,
    ])
}

/// Compares the `wanted` files with the `.toml` files under `dir`.
fn plan_files(wanted: &[GeneratedFile], dir: &Path) -> io::Result<Plan> {
    let mut plan = Plan::default();
    for f in wanted {
        let path = dir.join(&f.path);
        match std::fs::read_to_string(&path) {
            Ok(old) if old == f.text => plan.unchanged += 1,
            Ok(_) => plan.writes.push((path, f.text.clone())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                plan.writes.push((path, f.text.clone()))
            }
            Err(e) => return Err(e),
        }
    }
    for existing in toml_files(dir)? {
        if !wanted.iter().any(|f| dir.join(&f.path) == existing) {
            plan.removes.push(existing);
        }
    }
    Ok(plan)
}

/// A `.toml.tmp` file that [`write_atomically`] made and never renamed: its
/// regen was killed. Plans remove it like a case file no example produces.
fn is_leftover(path: &Path) -> bool {
    path.to_string_lossy().ends_with(".toml.tmp")
}

/// The case files under `dir`, and the leftovers of interrupted regens.
fn toml_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let path = entry?.path();
        if path.is_dir() {
            out.extend(toml_files(&path)?);
        } else if path.extension().is_some_and(|x| x == "toml") || is_leftover(&path) {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

/// Carries out a plan. Each file is written to a temporary sibling and renamed
/// over the old one, so a reader never sees half a file.
pub fn apply(plan: &Plan) -> io::Result<()> {
    for (path, text) in &plan.writes {
        write_atomically(path, text)?;
    }
    for path in &plan.removes {
        std::fs::remove_file(path)?;
    }
    Ok(())
}
