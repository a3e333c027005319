//! Coverage of each book: every line is cited by some item of the spec, listed
//! in the book's not-rules list with a reason, or blank. The list is
//! `spec/<system>/not-rules.toml` (the compiler reads only `.md` files there):
//! `file` names the book, and each entry of `not-rules` gives `lines` and a
//! `reason`.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use codegen::book_check::BookCheck;
use codegen::locator::{self, Locator};
use codegen::{DiagCode, Diagnostic, SourceFile};
use serde::Deserialize;
use toml::Spanned;

use super::model::{Book, Run};
pub use super::model::{Coverage, LineUse};

/// The file of a system's not-rules list.
pub const LIST: &str = "not-rules.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct List {
    file: Spanned<String>,
    #[serde(rename = "not-rules", default)]
    not_rules: Vec<Entry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    lines: Spanned<String>,
    reason: Spanned<String>,
}

/// An entry of a not-rules list, read.
struct NotRules {
    file: Arc<SourceFile>,
    lines: Locator,
    reason: String,
}

/// Accounts for every line of each of `books`, into `run`.
/// `named` are the books that chapters name, whose lists may stand even when
/// the book is not checked.
pub fn check(spec_root: &Path, books: &[&Book], named: &[&str], run: &mut Run) {
    // Only the lists of the systems checked (all, or `--system`'s one).
    let checked: Vec<String> = run.figures.keys().cloned().collect();
    let lists = read_lists(spec_root, named, &checked, &mut run.findings);
    for book in books {
        let mut lines = vec![LineUse::Uncited; book.text.lines.len()];
        for (n, text) in book.text.lines.iter().enumerate() {
            if text.trim().is_empty() {
                lines[n] = LineUse::Blank;
            }
        }
        for item in run.items.iter().filter(|i| i.book == book.name) {
            let name = format!("{}/{}#{}", item.system, item.chapter, item.id);
            for n in item.lines.lines() {
                match lines.get_mut(n as usize - 1) {
                    Some(LineUse::Cited(by)) => by.push(name.clone()),
                    Some(l) => *l = LineUse::Cited(vec![name.clone()]),
                    None => {}
                }
            }
        }
        for entry in lists.get(&book.name).into_iter().flatten() {
            not_rules(book, entry, &mut lines, &mut run.findings);
        }
        uncited(book, &lines, &mut run.findings);
        run.coverage.push(Coverage {
            book: book.name.clone(),
            lines,
        });
    }
}

/// Marks `entry`'s lines not-rules; a line an item cites is a contradiction.
fn not_rules(book: &Book, entry: &NotRules, lines: &mut [LineUse], findings: &mut Vec<Diagnostic>) {
    for n in entry.lines.lines() {
        let Some(line) = lines.get_mut(n as usize - 1) else {
            findings.push(
                Diagnostic::new(
                    &entry.file,
                    entry.lines.span.clone(),
                    DiagCode::Book(BookCheck::Lines),
                    format!(
                        "line {n} is past the end of {}, which has {} lines",
                        book.name,
                        book.text.lines.len()
                    ),
                )
                .label("lists lines the book does not have"),
            );
            return;
        };
        match line {
            LineUse::Cited(by) => {
                findings.push(
                    Diagnostic::new(
                        &entry.file,
                        entry.lines.span.clone(),
                        DiagCode::Book(BookCheck::Coverage),
                        format!(
                            "line {n} of {} is listed as not rules, but {} cites it",
                            book.name,
                            by.join(", ")
                        ),
                    )
                    .label("listed here")
                    .note(format!("the line: {}:{n}", book.file.path.display())),
                );
                return;
            }
            _ => *line = LineUse::NotRules(entry.reason.clone()),
        }
    }
}

/// Reports each run of lines nobody accounts for, at the book's line.
fn uncited(book: &Book, lines: &[LineUse], findings: &mut Vec<Diagnostic>) {
    let mut n = 0;
    while n < lines.len() {
        if lines[n] != LineUse::Uncited {
            n += 1;
            continue;
        }
        let end = (n..lines.len())
            .find(|&m| lines[m] != LineUse::Uncited)
            .unwrap_or(lines.len());
        let run = if end - n == 1 {
            format!("line {}", n + 1)
        } else {
            format!("lines {}-{end}", n + 1)
        };
        findings.push(
            Diagnostic::new(&book.file, book.file.line_span(n), DiagCode::Book(BookCheck::Coverage), format!("{run} of {}: no item of the spec cites them, and no not-rules list lists them", book.name))
                .label("cited by nothing")
                .note("cite them from the section, table or example that restates them; if they hold no rule, list them in the system's not-rules.toml with a reason"),
        );
        n = end;
    }
}

/// Every system's not-rules list, by the book it names; a list that cannot be
/// read is reported.
fn read_lists(
    spec_root: &Path,
    books: &[&str],
    checked: &[String],
    findings: &mut Vec<Diagnostic>,
) -> BTreeMap<String, Vec<NotRules>> {
    let mut out: BTreeMap<String, Vec<NotRules>> = BTreeMap::new();
    let Ok(systems) = codegen::spec_files(spec_root) else {
        return out;
    };
    for (system, _) in systems.into_iter().filter(|(s, _)| checked.contains(s)) {
        let path = spec_root.join(&system).join(LIST);
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let shown = path
            .strip_prefix(spec_root.parent().unwrap_or(spec_root))
            .unwrap_or(&path);
        let file = SourceFile::new(shown, text);
        match read_list(&file, books) {
            Ok((book, entries)) => out.entry(book).or_default().extend(entries),
            Err(d) => findings.push(d),
        }
    }
    out
}

fn read_list(
    file: &Arc<SourceFile>,
    books: &[&str],
) -> Result<(String, Vec<NotRules>), Diagnostic> {
    let bad = |span, message: String| {
        Diagnostic::new(file, span, DiagCode::Book(BookCheck::Locator), message)
    };
    let list: List = toml::from_str(&file.text).map_err(|e| {
        bad(
            e.span().unwrap_or(0..0),
            format!("malformed not-rules list: {}", e.message()),
        )
    })?;
    let name = list.file.get_ref();
    if !books.contains(&name.as_str()) {
        return Err(Diagnostic::new(
            file,
            list.file.span(),
            DiagCode::Book(BookCheck::Missing),
            format!("no chapter that the check read restates `{name}`"),
        )
        .label("the book this list covers"));
    }
    let mut entries = Vec::new();
    for e in list.not_rules {
        let span = e.lines.span();
        let lines = locator::parse(file, e.lines.get_ref(), span.clone(), Some(span.start + 1))?;
        if e.reason.get_ref().trim().is_empty() {
            return Err(bad(
                e.reason.span(),
                "a not-rules entry states no reason".into(),
            ));
        }
        entries.push(NotRules {
            file: file.clone(),
            lines,
            reason: e.reason.into_inner(),
        });
    }
    Ok((name.clone(), entries))
}
