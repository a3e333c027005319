//! `cargo xtask eval`: the examples and properties of any Markdown files,
//! compiled against the book's rules and run against the resolver.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use casefile::Verdict;
use casefile::batch::Asked;
use casefile::property::PropertyReport;
use codegen::Diagnostics;
use codegen::emit::cases::case_file;
use codegen::emit::properties::property_file;
use codegen::model::{Chapter, System};

use crate::context::Context;
use crate::examples::describe;

/// `cargo xtask eval`: prints how the examples and properties of `files`
/// come out; fails while one fails or an `--example` id names nothing.
pub fn command(cx: &Context, files: &[PathBuf], opts: &Options) -> Result<(), String> {
    let run = eval(&cx.root, files, opts).map_err(|d| cx.failed(&d))?;
    print!("{}", run.out);
    let mut errors = run.unknown;
    if run.failed {
        errors.push("some examples or properties fail".into());
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}

/// What `eval` runs and shows.
#[derive(Debug, Default)]
pub struct Options {
    /// Show each example's derivation (its trace) under its claims.
    pub trace: bool,
    /// Run only the examples and properties with these ids (all when empty).
    pub only: Vec<String>,
}

/// What `eval` printed, whether anything failed, and the `--example` ids that
/// name nothing in the files (each with a suggestion when one is close).
#[derive(Debug, Default)]
pub struct Evaluation {
    pub out: String,
    pub failed: bool,
    pub unknown: Vec<String>,
}

/// Compiles `files` against the book at `root` and evaluates their examples
/// and properties.
pub fn eval(root: &Path, files: &[PathBuf], opts: &Options) -> Result<Evaluation, Diagnostics> {
    // Canonical paths, so `xtask/../spec/a.md` is recognised as the chapter it is.
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let root = root.as_path();
    let book = crate::compile_book(root)?;
    let files: Vec<PathBuf> = files
        .iter()
        .map(|f| f.canonicalize().unwrap_or_else(|_| f.clone()))
        .collect();
    let book = codegen::compile_files(book, &files, root)?;
    let shown: Vec<PathBuf> = files
        .iter()
        .map(|f| f.strip_prefix(root).unwrap_or(f).to_path_buf())
        .collect();
    let chapters: Vec<(&System, &Chapter)> = book
        .chapters()
        .filter(|(_, c)| shown.contains(&c.file.path))
        .collect();
    let mut run = Evaluation {
        unknown: unknown_ids(&chapters, &opts.only),
        ..Evaluation::default()
    };
    let wanted = |id: &str| opts.only.is_empty() || opts.only.iter().any(|o| o == id);
    let mut asked = Asked::default();
    for (system, chapter) in &chapters {
        for e in chapter.examples.iter().filter(|e| wanted(&e.id)) {
            asked.cases.push(case_file(system, chapter, e).text);
        }
        let properties = chapter.properties.iter().filter(|p| wanted(&p.id));
        let files = properties.filter_map(|p| property_file(system, chapter, p));
        asked.properties.extend(files.map(|f| f.text));
    }
    let judged = match crate::judge::judge(&asked) {
        Ok(judged) => judged,
        Err(err) => {
            run.failed = true;
            let _ = writeln!(run.out, "cannot judge the examples: {err}");
            return Ok(run);
        }
    };
    let (mut cases, mut properties) = (judged.cases.into_iter(), judged.properties.into_iter());
    for (_, chapter) in chapters {
        let examples = chapter.examples.iter().filter(|e| wanted(&e.id));
        for (e, report) in examples.zip(cases.by_ref()) {
            let at = format!(
                "{}:{}",
                chapter.file.path.display(),
                chapter.file.line_col(e.span.start).0
            );
            let report = match report {
                Ok(report) => report,
                Err(err) => {
                    run.failed = true;
                    let _ = writeln!(run.out, "{at} {}: fails (case unreadable: {err})", e.id);
                    continue;
                }
            };
            run.failed |= report.verdict == Verdict::Fails;
            run.out.push_str(&describe(&at, &report, false));
            if opts.trace {
                run.out.push_str(&indent(&report.render_trace()));
            }
        }
        let checked = chapter.properties.iter().filter(|p| wanted(&p.id));
        for (p, report) in checked.zip(properties.by_ref()) {
            run.failed |= eval_property(chapter, p, report, &mut run.out);
        }
    }
    if run.out.is_empty() && run.unknown.is_empty() {
        run.out
            .push_str("no examples or properties in the given files\n");
    }
    Ok(run)
}

/// Each id of `only` that no example or property of `chapters` has, said with
/// the closest id when one is close.
fn unknown_ids(chapters: &[(&System, &Chapter)], only: &[String]) -> Vec<String> {
    let ids: Vec<&str> = chapters
        .iter()
        .flat_map(|(_, c)| {
            let examples = c.examples.iter().map(|e| e.id.as_str());
            examples.chain(c.properties.iter().map(|p| p.id.as_str()))
        })
        .collect();
    only.iter()
        .filter(|o| !ids.contains(&o.as_str()))
        .map(|o| {
            let missing = format!("no example or property `{o}` in the given files");
            match codegen::suggest::did_you_mean(o, ids.iter().copied()) {
                Some(hint) => format!("{missing}; {hint}"),
                None => missing,
            }
        })
        .collect()
}

/// Shows how one property came out, as the conformance suite checks it:
/// `path:line id: holds` or the whole report of a failure. Returns whether it
/// failed.
fn eval_property(
    chapter: &Chapter,
    p: &codegen::model::Property,
    report: Result<PropertyReport, String>,
    out: &mut String,
) -> bool {
    let at = format!(
        "{}:{} {}",
        chapter.file.path.display(),
        chapter.file.line_col(p.span.start).0,
        p.id
    );
    match report {
        Ok(report) => {
            let _ = match report.holds() {
                true => writeln!(out, "{at}: holds {}", report.tried),
                false => writeln!(out, "{at}: fails\n{}", indent(&report.render())),
            };
            !report.holds()
        }
        Err(err) => {
            let _ = writeln!(out, "{at}: fails (property file unreadable: {err})");
            true
        }
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}
