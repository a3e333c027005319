//! `cargo xtask new system NAME [--chapter CHAPTER]` and `cargo xtask new chapter SYSTEM NAME`:
//! everything a new system or chapter needs beside its text, so that no check
//! of the suite stops the author at a step nothing mentioned. A chapter gets
//! its Markdown file with front matter and a heading, its resolver module and
//! the `pub mod` line that declares it; a system also gets its folder, the
//! `pub mod` line in `rules/src/lib.rs` and its inventory, `docs/books/<system>.md`.
//! Each Rust file made or changed is recorded in the mutation record: a file of
//! `pub mod` lines and doc comments has no function, so no mutant, and adding
//! a `pub mod` line to a file with none leaves it with none. A chapter's
//! resolver module is made for the functions the author writes next, so it is
//! `pending`: it waits for its first run, and the report says so, but no test
//! stops the author before cargo-mutants is at hand.
//!
//! Every file is planned before any is written (`writes`), and the names are
//! checked first (`names`): a refused command leaves the workspace as it was,
//! and nothing is ever written outside it.

mod names;
mod writes;

use std::fmt;
use std::path::{Path, PathBuf};

use codegen::lint::rust_name;

use crate::checksum::checksum;
use crate::cli::New;
use crate::context::Context;
use crate::mutants::{FileEntry, RECORD_FILE, Record, Split};
use resolver_source::RULES_SRC;
use writes::Writes;

/// `cargo xtask new`: creates a system or a chapter, and lists the files
/// written and the next steps.
pub fn command(cx: &Context, what: New) -> Result<(), String> {
    let made = match what {
        New::System { name, chapter } => {
            new_system(&cx.root, &name, chapter.as_deref().unwrap_or(&name))?
        }
        New::Chapter { system, name } => new_chapter(&cx.root, &system, &name)?,
    };
    print!("{made}");
    Ok(())
}

/// What `new` made: the files written, each once, and the chapter to go on with.
pub struct Made {
    written: Vec<PathBuf>,
    root: PathBuf,
    system: String,
    chapter: String,
}

/// The files written, then the author's next steps in the order they take them.
impl fmt::Display for Made {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for file in &self.written {
            let file = file.strip_prefix(&self.root).unwrap_or(file);
            writeln!(f, "wrote {}", file.display())?;
        }
        let (system, chapter) = (&self.system, &self.chapter);
        let source = format!(
            "{RULES_SRC}/{}/{}.rs",
            rust_name(system),
            rust_name(chapter)
        );
        writeln!(f, "next:")?;
        for (n, step) in [
            format!("write a rule and an example in spec/{system}/{chapter}.md (a system compiles once it holds one)"),
            format!("write the rule's resolver function in {source}; `cargo xtask check` names its signature"),
            format!("add the mechanic the rule covers to the table of docs/books/{system}.md"),
            "run `cargo xtask regen` to write the example's case file".to_string(),
            format!("run `cargo xtask mutants --file {source}`: the module waits in {RECORD_FILE}'s pending list until then"),
            "run `cargo xtask test`".to_string(),
        ]
        .iter()
        .enumerate()
        {
            writeln!(f, "  {}. {step}", n + 1)?;
        }
        Ok(())
    }
}

/// Creates system `name` with its first chapter `chapter`. Writes nothing
/// when any of its files cannot be written.
pub fn new_system(root: &Path, name: &str, chapter: &str) -> Result<Made, String> {
    // A system's module is in `rules/src/lib.rs`: say that it exists first.
    let folder = root.join("spec").join(name);
    if codegen::is_id(name) && folder.symlink_metadata().is_ok() {
        return Err(format!("spec/{name} exists already"));
    }
    if let Some(why) = names::system_problem(name, &names::crate_modules(root)?) {
        return Err(why);
    }
    check_chapter(root, chapter)?;
    let mut plan = Scaffold::new(root)?;
    let module = rust_name(name);
    let sources = root.join(RULES_SRC);
    let mod_rs = sources.join(&module).join("mod.rs");
    for taken in [sources.join(&module), sources.join(format!("{module}.rs"))] {
        if taken.symlink_metadata().is_ok() {
            return Err(format!("{} exists already", plan.writes.shown(&taken)));
        }
    }
    plan.writes.create(
        &mod_rs,
        format!("//! The `{name}` system: one module per chapter of `spec/{name}/`.\n"),
    )?;
    plan.no_mutants.push(mod_rs);
    plan.chapter(name, chapter, "the source book")?;
    plan.declare(&sources.join("lib.rs"), &module)?;
    let inventory = root.join("docs/books").join(format!("{name}.md"));
    plan.writes.create(&inventory, inventory_text(name))?;
    plan.apply(name, chapter)
}

/// Creates chapter `name` of the existing system `system`, citing the book
/// its first chapter cites. Writes nothing when any of its files cannot be written.
pub fn new_chapter(root: &Path, system: &str, name: &str) -> Result<Made, String> {
    names::check_system(root, system)?;
    check_chapter(root, name)?;
    let book = book_of(root, system).unwrap_or_else(|| "the source book".into());
    let mut plan = Scaffold::new(root)?;
    plan.chapter(system, name, &book)?;
    plan.apply(system, name)
}

/// The book a system's chapters cite: that of its first chapter.
fn book_of(root: &Path, system: &str) -> Option<String> {
    let files = codegen::spec_files(&root.join("spec")).ok()?;
    let (_, chapters) = files.into_iter().find(|(s, _)| s == system)?;
    let text = std::fs::read_to_string(chapters.first()?).ok()?;
    let line = text.lines().find(|l| l.starts_with("book = "))?;
    Some(line["book = ".len()..].trim_matches('"').to_string())
}

/// Refuses a chapter id that would break the build: see [`names::chapter_problem`].
fn check_chapter(root: &Path, name: &str) -> Result<(), String> {
    let systems: Vec<String> = names::systems(root)?.iter().map(|s| rust_name(s)).collect();
    let own: Vec<String> = names::crate_modules(root)?
        .into_iter()
        .filter(|m| !systems.contains(m))
        .collect();
    names::chapter_problem(name, &own).map_or(Ok(()), Err)
}

/// The files a `new` command writes, and the mutation record's changes, planned
/// in memory until [`Scaffold::apply`].
struct Scaffold {
    writes: Writes,
    record: Record,
    /// Rust files to record as having no mutants, at their planned text.
    no_mutants: Vec<PathBuf>,
    /// New resolver modules, which wait for their first mutation run.
    pending: Vec<PathBuf>,
}

impl Scaffold {
    fn new(root: &Path) -> Result<Scaffold, String> {
        Ok(Scaffold {
            writes: Writes::new(root)?,
            record: Record::load(root)?,
            no_mutants: Vec::new(),
            pending: Vec::new(),
        })
    }

    /// Plans chapter `name` of `system`: its Markdown file, its resolver
    /// module and the `pub mod` line in the system's `mod.rs`.
    fn chapter(&mut self, system: &str, name: &str, book: &str) -> Result<(), String> {
        let root = self.writes.root().to_path_buf();
        let mod_rs = root.join(RULES_SRC).join(rust_name(system)).join("mod.rs");
        let module = rust_name(name);
        let folder = mod_rs.with_file_name(&module);
        if folder.symlink_metadata().is_ok() {
            return Err(format!("{} exists already", self.writes.shown(&folder)));
        }
        let chapter = root.join("spec").join(system).join(format!("{name}.md"));
        self.writes
            .create(&chapter, chapter_text(system, name, book))?;
        let source = mod_rs.with_file_name(format!("{module}.rs"));
        self.writes.create(
            &source,
            format!("//! `spec/{system}/{name}.md`: the resolver function of each of its rules.\n"),
        )?;
        self.pending.push(source);
        self.declare(&mod_rs, &module)
    }

    /// Plans `pub mod {module};` in `file` among its other `pub mod` lines, in
    /// order; the file stays recorded as without mutants when it was.
    fn declare(&mut self, file: &Path, module: &str) -> Result<(), String> {
        let text = self
            .writes
            .text(file)?
            .ok_or_else(|| format!("{} is missing", self.writes.shown(file)))?;
        let line = format!("pub mod {module};");
        let mut lines: Vec<&str> = text.lines().collect();
        if lines.contains(&line.as_str()) {
            return Ok(());
        }
        let is_mod = |l: &&str| l.starts_with("pub mod ") && l.ends_with(';');
        let mods: Vec<usize> = (0..lines.len()).filter(|&i| is_mod(&lines[i])).collect();
        let at = match (
            mods.iter().find(|&&i| lines[i] > line.as_str()),
            mods.last(),
        ) {
            (Some(&i), _) => i,
            (None, Some(&last)) => last + 1,
            (None, None) => {
                lines.push("");
                lines.len()
            }
        };
        lines.insert(at, &line);
        let changed = lines.join("\n") + "\n";
        self.writes.set(file, changed)?;
        let key = self.key(file);
        if self
            .record
            .files
            .get(&key)
            .is_some_and(|e| e.counts.mutants == 0)
        {
            self.no_mutants.push(file.to_path_buf());
        }
        Ok(())
    }

    /// `file`'s key in the mutation record: its path from the root.
    fn key(&self, file: &Path) -> String {
        self.writes.shown(file).replace('\\', "/")
    }

    /// Plans the mutation record's changes, then writes every planned file.
    fn apply(mut self, system: &str, chapter: &str) -> Result<Made, String> {
        for file in std::mem::take(&mut self.no_mutants) {
            let text = self.writes.text(&file)?.unwrap_or_default();
            // No mutant, so its split by function (into none) is known.
            let entry = FileEntry {
                checksum: checksum(&text),
                functions_from: Split::Run,
                ..FileEntry::default()
            };
            self.record.files.insert(self.key(&file), entry);
        }
        for file in std::mem::take(&mut self.pending) {
            let key = self.key(&file);
            if !self.record.pending.contains(&key) {
                self.record.pending.push(key);
            }
        }
        self.record.pending.sort();
        let path = self.writes.root().join(RECORD_FILE);
        let text = self.record.to_text()?;
        match self.writes.text(&path)? {
            Some(_) => self.writes.set(&path, text)?,
            None => self.writes.create(&path, text)?,
        }
        let root = self.writes.root().to_path_buf();
        Ok(Made {
            written: self.writes.apply()?,
            root,
            system: system.to_string(),
            chapter: chapter.to_string(),
        })
    }
}

fn chapter_text(system: &str, name: &str, book: &str) -> String {
    let title = title_of(name);
    format!(
        "+++\nsystem = \"{system}\"\ntitle = \"{title}\"\nversion = \"1\"\n\n[source]\nbook = \"{book}\"\nsection = \"{title}\"\n+++\n\n\
         # {title} {{#{name}}}\n\n\
         Restate the book's rule here in your own words, with its tables, a `rule`\n\
         block for each rule and an `example` block for each worked example; see\n\
         spec/README.md for the format. Point into the book by line numbers.\n"
    )
}

/// `srd5-combat` -> `Srd5 combat`.
fn title_of(id: &str) -> String {
    let words = id.replace('-', " ");
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_ascii_uppercase().to_string() + chars.as_str()
    })
}

/// An empty inventory in the form `xtask/tests/inventory.rs` checks.
fn inventory_text(system: &str) -> String {
    format!(
        "# {}: mechanics and contradictions\n\n\
         The book restated in `spec/{system}/`. List each mechanic it states with what\n\
         covers it, then each pair of places where it states a figure twice; see\n\
         docs/books/action.md for how rows read. `xtask/tests/inventory.rs` checks it.\n\n\
         ## Mechanics\n\n\
         | Mechanic | Rules | Examples | Rulings | Status |\n|---|---|---|---|---|\n\n\
         Covered: 0 of 0 mechanics.\n\n\
         ## Pairs compared\n\n\
         | Place A | Place B | Compared | Verdict | Ruling |\n|---|---|---|---|---|\n\n\
         Pairs: 0 compared, 0 disagree.\n",
        title_of(system)
    )
}
