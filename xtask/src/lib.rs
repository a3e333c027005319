//! The commands behind `cargo xtask`: compile the book, bring the committed case
//! files up to date (or say which are stale), lint the book, and evaluate
//! examples of any file.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use codegen::emit::cases::{CaseFile, case_file, case_files};
use codegen::{Book, Diagnostics, Lint};
use conformance::{Case, Report, Verdict, evaluate};

/// The workspace root (this crate's parent folder).
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

pub fn cases_dir(root: &Path) -> PathBuf {
    root.join("conformance").join("cases")
}

pub fn compile_book(root: &Path) -> Result<Book, Diagnostics> {
    codegen::compile_dir(&root.join("spec"), root)
}

/// Runs codegen's lints over `book`, with the constants that the resolver under
/// `root/rules/src` reads (see [`read_constants`]).
pub fn lint_book(root: &Path, book: &Book) -> io::Result<Vec<Lint>> {
    let read = read_constants(&root.join("rules").join("src"))?;
    Ok(codegen::lints(book, &|module, name| {
        read.contains(&(module.to_string(), name.to_string()))
    }))
}

/// Which generated constants the resolver reads, as `(module, NAME)` pairs such
/// as `("action::falling", "FALLING")`, from every `.rs` file under `rules_src`.
///
/// The resolver imports constants by name (`use crate::spec::action::falling::{FALLING, ids};`),
/// so a file reads the constant `NAME` of chapter module `module` when its code
/// (comments left out) names the path `spec::<module>` and the word `NAME`. Both
/// are needed because two chapters may have constants of the same name.
pub fn read_constants(rules_src: &Path) -> io::Result<BTreeSet<(String, String)>> {
    let mut read = BTreeSet::new();
    for path in rs_files(rules_src)? {
        let code = without_comments(&std::fs::read_to_string(&path)?);
        let tokens = tokens(&code);
        let modules = spec_modules(&tokens);
        let words: BTreeSet<&str> = tokens
            .iter()
            .copied()
            .filter(|t| {
                t.starts_with(|c: char| c.is_ascii_uppercase())
                    && t.chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            })
            .collect();
        for m in &modules {
            for w in &words {
                read.insert((m.clone(), w.to_string()));
            }
        }
    }
    Ok(read)
}

fn rs_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            out.extend(rs_files(&path)?);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

/// The code with `//` and `/* */` comments blanked out (string literals kept).
fn without_comments(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut chars = src.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' if in_string => {
                out.push(c);
                out.extend(chars.next());
            }
            '"' => {
                in_string = !in_string;
                out.push(c);
            }
            // `'"'` is a char, not the start of a string.
            '\'' if !in_string && chars.peek() == Some(&'"') => {
                out.push(c);
                out.extend(chars.next());
            }
            '/' if !in_string && chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if !in_string && chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
                out.push(' ');
            }
            _ => out.push(c),
        }
    }
    out
}

/// Identifiers (without `r#`), `::`, and every other character that is not
/// white space, one token each.
fn tokens(code: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(c) = rest.chars().next() {
        let len = if c.is_alphanumeric() || c == '_' {
            rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len())
        } else if rest.starts_with("::") {
            2
        } else {
            c.len_utf8()
        };
        let (token, tail) = rest.split_at(len);
        if !c.is_whitespace() {
            out.push(token);
        }
        rest = tail;
    }
    // `r#type` splits into `r`, `#`, `type`: keep the name only.
    let mut i = 0;
    while i + 2 < out.len() {
        if out[i] == "r" && out[i + 1] == "#" {
            out.drain(i..i + 2);
        }
        i += 1;
    }
    out
}

/// The chapter modules that paths through `spec` name: `spec::action::falling`
/// and `spec::action::{falling::FALLING, damage}` give `action::falling` (and
/// `action::damage`).
fn spec_modules(tokens: &[&str]) -> BTreeSet<String> {
    let ident = |t: &str| t.starts_with(|c: char| c.is_alphabetic() || c == '_');
    let mut out = BTreeSet::new();
    for i in 0..tokens.len() {
        let [_, "::", system, "::", next, ..] = &tokens[i..] else {
            continue;
        };
        if tokens[i] != "spec" || !ident(system) {
            continue;
        }
        if ident(next) {
            out.insert(format!("{system}::{next}"));
        } else if *next == "{" {
            let mut depth = 0;
            for (j, t) in tokens.iter().enumerate().skip(i + 4) {
                match *t {
                    "{" => depth += 1,
                    "}" => depth -= 1,
                    t if depth == 1 && ident(t) && matches!(tokens[j - 1], "{" | ",") => {
                        out.insert(format!("{system}::{t}"));
                    }
                    _ => {}
                }
                if depth == 0 {
                    break;
                }
            }
        }
    }
    out
}

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
        let removes = self
            .removes
            .iter()
            .map(|p| format!("no longer generated: {}", rel(p)));
        writes.chain(removes).collect()
    }
}

/// Compares the case files the book produces with those under `cases`.
pub fn plan(book: &Book, cases: &Path) -> io::Result<Plan> {
    let mut plan = Plan::default();
    let wanted: Vec<CaseFile> = case_files(book);
    for f in &wanted {
        let path = cases.join(&f.path);
        match std::fs::read_to_string(&path) {
            Ok(old) if old == f.text => plan.unchanged += 1,
            Ok(_) => plan.writes.push((path, f.text.clone())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                plan.writes.push((path, f.text.clone()))
            }
            Err(e) => return Err(e),
        }
    }
    for existing in toml_files(cases)? {
        if !wanted.iter().any(|f| cases.join(&f.path) == existing) {
            plan.removes.push(existing);
        }
    }
    Ok(plan)
}

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
        } else if path.extension().is_some_and(|x| x == "toml") {
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
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let tmp = path.with_extension("toml.tmp");
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, path)?;
    }
    for path in &plan.removes {
        std::fs::remove_file(path)?;
    }
    Ok(())
}

/// Runs every example of the book as its case file would, in book order.
pub fn reports(book: &Book) -> Result<Vec<Report>, String> {
    case_files(book)
        .iter()
        .map(|f| Case::parse(&f.text).map(|c| evaluate(&c)))
        .collect()
}

/// The one-screen summary regen prints: per system, what the book holds, and the
/// examples by verdict.
pub fn summary(book: &Book, reports: &[Report]) -> String {
    let mut out = String::new();
    let w = label_width(book);
    for system in &book.systems {
        let chapters = system.chapters.len();
        let tables: usize = system.chapters.iter().map(|c| c.tables.len()).sum();
        let rows: usize = system
            .chapters
            .iter()
            .flat_map(|c| &c.tables)
            .map(|t| t.rows.len())
            .sum();
        let rules: usize = system.chapters.iter().map(|c| c.rules.len()).sum();
        let mut by: BTreeMap<Verdict, usize> = BTreeMap::new();
        let mut ours = 0;
        for r in reports.iter().filter(|r| r.case.system == system.id) {
            *by.entry(r.verdict).or_default() += 1;
            ours += usize::from(r.case.ours);
        }
        let examples: usize = by.values().sum();
        let _ = writeln!(
            out,
            "{:<w$} {chapters} chapters, {tables} tables ({rows} rows), {rules} rules, {examples} examples ({} book, {ours} ours)",
            system.id,
            examples - ours
        );
        let _ = writeln!(
            out,
            "{:<w$} verdicts: {} agrees, {} erratum, {} fails",
            "",
            by.get(&Verdict::Agrees).unwrap_or(&0),
            by.get(&Verdict::Erratum).unwrap_or(&0),
            by.get(&Verdict::Fails).unwrap_or(&0)
        );
    }
    out
}

/// The width of the summary's first column: the longest system id, or `cases`.
pub fn label_width(book: &Book) -> usize {
    book.systems
        .iter()
        .map(|s| s.id.len())
        .chain([5])
        .max()
        .unwrap_or(5)
}

/// `cargo xtask eval`: compiles `files` against the book's rules and evaluates
/// their examples. Returns the printout and whether any example fails.
pub fn eval(root: &Path, files: &[PathBuf]) -> Result<(String, bool), Diagnostics> {
    // Canonical paths, so `xtask/../spec/a.md` is recognised as the chapter it is.
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let root = root.as_path();
    let book = compile_book(root)?;
    let files: Vec<PathBuf> = files
        .iter()
        .map(|f| f.canonicalize().unwrap_or_else(|_| f.clone()))
        .collect();
    let book = codegen::compile_with(book, &files, root)?;
    let shown: Vec<PathBuf> = files
        .iter()
        .map(|f| f.strip_prefix(root).unwrap_or(f).to_path_buf())
        .collect();
    let mut out = String::new();
    let mut failed = false;
    for (system, chapter) in book
        .chapters()
        .filter(|(_, c)| shown.contains(&c.file.path))
    {
        for e in &chapter.examples {
            let file = case_file(system, chapter, e);
            let report = match Case::parse(&file.text) {
                Ok(case) => evaluate(&case),
                Err(err) => {
                    failed = true;
                    let _ = writeln!(
                        out,
                        "{}#{}: fails (case unreadable: {err})",
                        chapter.file.path.display(),
                        e.id
                    );
                    continue;
                }
            };
            failed |= report.verdict == Verdict::Fails;
            let _ = writeln!(
                out,
                "{}:{} {}: {}",
                chapter.file.path.display(),
                chapter.file.line_col(e.span.start).0,
                e.id,
                report.verdict
            );
            for c in &report.claims {
                let rules = c.rules.as_ref().map_or("(none)".into(), |v| v.to_string());
                let status = match &c.status {
                    conformance::Status::Agrees => "agrees".to_string(),
                    conformance::Status::Erratum { ruling, .. } => format!("erratum ({ruling})"),
                    conformance::Status::Fails(why) => format!("fails: {why}"),
                };
                let _ = writeln!(
                    out,
                    "    {}: book {} | rules {}  {status}",
                    c.name, c.book, rules
                );
            }
            if let Some(err) = &report.error {
                let _ = writeln!(out, "    error: {err}");
            }
        }
    }
    if out.is_empty() {
        out.push_str("no examples in the given files\n");
    }
    Ok((out, failed))
}
