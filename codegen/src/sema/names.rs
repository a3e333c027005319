//! Spec names as Rust names. Systems, chapters, rules, their inputs and
//! outputs, and table fields and types become modules, functions, fields and
//! types of the generated Rust. Every one is checked against Rust's rules here,
//! before anything is emitted, so that a name rustc would reject is a spec
//! diagnostic and the emitter never meets one.

use std::borrow::Cow;

use proc_macro2::{Ident, Span as PmSpan};
use rustc_hash::FxHashMap as HashMap;

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::{Diagnostic, Diagnostics};
use crate::diag::source::Span;
use crate::model::{Book, Chapter, Param, System, TableKind};
use crate::rust_name::{is_keyword, rust_name};
use crate::syntax::ids::rust_name_problem;

/// The identifier a spec name becomes (`-` read as `_`), raw when it is a
/// keyword; or why it cannot become one.
pub fn ident(name: &str) -> Result<Ident, String> {
    if let Some(why) = rust_name_problem(name) {
        return Err(why);
    }
    let rust = rust_name(name);
    Ok(if is_keyword(&rust) {
        Ident::new_raw(&rust, PmSpan::call_site())
    } else {
        Ident::new(&rust, PmSpan::call_site())
    })
}

/// The identifier of a name in a compiled book: the compiler reports every
/// name that is no Rust name ([`ident`]) before a book exists.
pub fn checked_ident(name: &str) -> Ident {
    match ident(name) {
        Ok(ident) => ident,
        Err(why) => unreachable!("a compiled book holds a name rustc rejects: {why}"),
    }
}

/// Checks the names in `book` that become Rust names and that no earlier
/// stage saw whole: chapter and rule modules, and rule inputs and outputs.
pub fn check(book: &Book, diags: &mut Diagnostics) {
    for system in &book.systems {
        check_system(system, diags);
    }
}

/// [`check`] for one system, whose names meet no other system's.
pub fn check_system(system: &System, diags: &mut Diagnostics) {
    // One map for every rule's twin params, cleared rule by rule rather than built anew.
    let mut seen = HashMap::default();
    for chapter in &system.chapters {
        for rule in &chapter.rules {
            let at = fence_name(chapter, &rule.span);
            let why = rust_name_problem(&rule.name).or_else(|| {
                (rule.name == "ids").then(|| {
                    "`ids` is the module of the chapter's section and table ids, beside the rules'"
                        .to_string()
                })
            });
            if let Some(why) = why {
                diags.push(
                    Diagnostic::new(
                        &chapter.file,
                        at,
                        DiagCode::RustName,
                        format!("rule `{}`: {why}", rule.name),
                    )
                    .label("the rule's name becomes a Rust module and function"),
                );
            }
            params(chapter, &rule.given, "input", &mut seen, diags);
            params(chapter, &rule.outputs, "output", &mut seen, diags);
        }
        constants(chapter, diags);
    }
}

/// A rule's inputs or outputs: each one a lowercase Rust name, and no two the same
/// once `-` is read as `_`; `seen` is the caller's map, emptied here.
fn params<'a>(
    chapter: &Chapter,
    params: &'a [Param],
    what: &str,
    seen: &mut HashMap<Cow<'a, str>, &'a Param>,
    diags: &mut Diagnostics,
) {
    seen.clear();
    for p in params {
        let field = if p.name.contains('-') {
            Cow::Owned(rust_name(&p.name))
        } else {
            Cow::Borrowed(&*p.name)
        };
        if let Some(first) = seen.insert(field, p) {
            diags.push(
                Diagnostic::new(
                    &chapter.file,
                    p.span.clone(),
                    DiagCode::NameClash,
                    format!(
                        "{what} `{}` becomes the same Rust field as `{}`",
                        p.name, first.name
                    ),
                )
                .label("`-` becomes `_` in Rust names")
                .note(format!(
                    "`{}` is at {}",
                    first.name,
                    chapter.file.location(first.span.start)
                )),
            );
        }
        let lowercase = p.name.starts_with(|c: char| c.is_ascii_lowercase())
            && !p.name.contains(|c: char| c.is_ascii_uppercase());
        let why = match rust_name_problem(&p.name) {
            Some(why) => why,
            None if !lowercase => format!(
                "`{}` must start with a lowercase letter and have no capitals",
                p.name
            ),
            None => continue,
        };
        diags.push(
            Diagnostic::new(
                &chapter.file,
                p.span.clone(),
                DiagCode::RustName,
                format!("{what} {why}"),
            )
            .label("inputs and outputs become Rust fields: write them in snake_case"),
        );
    }
}

/// Every constant of a chapter's module: a rows table's `const`, and one per row
/// of a constants table. `check` already compares rows tables' constants with
/// each other; here each constants table's names meet all the others.
fn constants(chapter: &Chapter, diags: &mut Diagnostics) {
    let mut seen: HashMap<&str, &Span> = chapter
        .tables
        .iter()
        .filter_map(|t| match &t.kind {
            TableKind::Rows { const_name, .. } => Some((const_name.as_str(), &t.span)),
            TableKind::Constants => None,
        })
        .collect();
    for table in &chapter.tables {
        for (name, row) in table.constant_rows() {
            if let Some(first) = seen.insert(name, &row.span) {
                diags.push(
                    Diagnostic::new(
                        &chapter.file,
                        row.span.clone(),
                        DiagCode::NameClash,
                        format!(
                            "constant `{name}` is defined twice in chapter `{}`",
                            chapter.id
                        ),
                    )
                    .label("each constant of a chapter needs a name of its own")
                    .note(format!(
                        "first defined at {}",
                        chapter.file.location(first.start)
                    )),
                );
            }
        }
    }
}

/// Where a block's id is written: the word after its kind, on the opening line
/// of the fence at `span`.
fn fence_name(chapter: &Chapter, span: &Span) -> Span {
    let text = &chapter.file.text[span.clone()];
    let line = &text[..text.find('\n').unwrap_or(text.len())];
    let info = line.trim_start().trim_start_matches(['`', '~']);
    let kind_end = info.find(char::is_whitespace).unwrap_or(info.len());
    let id = info[kind_end..].trim_start();
    let start = span.start + line.len() - id.len();
    let len = id.find(char::is_whitespace).unwrap_or(id.len());
    start..start + len
}
