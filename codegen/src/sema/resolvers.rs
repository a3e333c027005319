//! Each rule of the book needs its hand-written resolver function,
//! `rules::<system>::<chapter>::<rule>`, which the generated registry calls.
//! Without one, rustc would stop inside `OUT_DIR/spec.rs` with a hint about
//! the generated code; `rules/build.rs` runs this check first, which says at
//! the rule block which function to add, with which signature, in which file.
//!
//! The resolver's sources are parsed with syn, only for the items they
//! declare; a file that does not parse is left for rustc to report.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use syn::ext::IdentExt;
use syn::{Item, UseTree, Visibility};

use crate::model::{Book, Chapter, Rule, System};
use crate::sema::names::checked_ident as ident;
use crate::{DiagCode, Diagnostic, Diagnostics};

/// What a source file declares: its modules and its functions (or names it
/// re-exports), each with whether it is visible outside the file; and whether
/// it may declare more than can be seen without expanding it (a macro called
/// at the top, a `pub use` of a glob).
#[derive(Default)]
struct Declared {
    mods: HashMap<String, bool>,
    fns: HashMap<String, bool>,
    opaque: bool,
}

/// A Rust module of the resolver: the file that holds it, if there is one.
struct Module {
    path: String,
    file: Option<PathBuf>,
}

/// Every rule of `book` whose resolver function `src` (the `rules/src`
/// folder) lacks, or hides, as a diagnostic at its `rule` block. Paths in the
/// notes are shown relative to `shown_from`.
pub fn missing(book: &Book, src: &Path, shown_from: &Path) -> Diagnostics {
    let mut files = Files::default();
    let mut diags = Diagnostics::default();
    let show = |p: &Path| {
        p.strip_prefix(shown_from)
            .unwrap_or(p)
            .display()
            .to_string()
    };
    let lib = src.join("lib.rs");
    for system in &book.systems {
        let sys = name(&system.id);
        let sys_file = module_file(src, &sys);
        for chapter in system.chapters.iter().filter(|c| !c.rules.is_empty()) {
            let chap = name(&chapter.id);
            let chap_dir = src.join(&sys);
            let chapter_mod = Module {
                path: format!("rules::{sys}::{chap}"),
                file: module_file(&chap_dir, &chap),
            };
            let chapter_step = |sys_file: &Path| {
                format!(
                    "create {} and declare `pub mod {chap};` in {}",
                    show(&chap_dir.join(format!("{chap}.rs"))),
                    show(sys_file)
                )
            };
            let problem = if !files.declares_mod(&lib, &sys) || sys_file.is_none() {
                // A new system lacks both modules: say both steps.
                let sys_file = sys_file.clone().unwrap_or_else(|| chap_dir.join("mod.rs"));
                Some(format!(
                    "create {} and declare `pub mod {sys};` in {}; then {}",
                    show(&sys_file),
                    show(&lib),
                    chapter_step(&sys_file)
                ))
            } else if let Some(sys_file) = &sys_file
                && (!files.declares_mod(sys_file, &chap) || chapter_mod.file.is_none())
            {
                Some(chapter_step(sys_file))
            } else {
                None
            };
            for rule in &chapter.rules {
                let d = match (&problem, &chapter_mod.file) {
                    (Some(create), _) => {
                        Some(no_module(system, chapter, rule, &chapter_mod, create))
                    }
                    (None, Some(file)) => {
                        files.function(file, &rule_fn(rule)).and_then(|visible| {
                            lacking(chapter, rule, &chapter_mod, &show(file), visible)
                        })
                    }
                    (None, None) => None,
                };
                if let Some(d) = d {
                    diags.push(d.note(signature(system, chapter, rule)));
                }
            }
        }
    }
    diags
}

/// The file of module `name` under `dir`: `name.rs` or `name/mod.rs`.
fn module_file(dir: &Path, name: &str) -> Option<PathBuf> {
    [
        dir.join(format!("{name}.rs")),
        dir.join(name).join("mod.rs"),
    ]
    .into_iter()
    .find(|p| p.is_file())
}

/// A spec id as the module or function name the registry uses, unraw.
fn name(id: &str) -> String {
    ident(id).unraw().to_string()
}

fn rule_fn(rule: &Rule) -> String {
    name(&rule.name)
}

fn no_module(
    system: &System,
    chapter: &Chapter,
    rule: &Rule,
    module: &Module,
    create: &str,
) -> Diagnostic {
    Diagnostic::new(
        &chapter.file,
        rule.span.clone(),
        DiagCode::NoResolver,
        format!(
            "rule `{}` of system `{}` has no resolver function: there is no module `{}`",
            rule.id, system.id, module.path
        ),
    )
    .label(format!(
        "the registry calls `{}::{}`",
        module.path,
        rule_fn(rule)
    ))
    .note(format!("{create}, with the function:"))
}

/// The diagnostic for a function that `file` lacks (`visible` is `None`) or
/// declares private; none when it is there and visible.
fn lacking(
    chapter: &Chapter,
    rule: &Rule,
    module: &Module,
    file: &str,
    visible: Option<bool>,
) -> Option<Diagnostic> {
    let f = rule_fn(rule);
    let (message, label, fix) = match visible {
        Some(true) => return None,
        Some(false) => (
            format!("the resolver function of rule `{}` is private", rule.id),
            format!(
                "the registry calls `{}::{f}`, which {file} does not make `pub`",
                module.path
            ),
            format!("make it `pub` in {file}, with this signature:"),
        ),
        None => (
            format!("rule `{}` has no resolver function", rule.id),
            format!(
                "the registry calls `{}::{f}`, which {file} does not define",
                module.path
            ),
            format!("add to {file}:"),
        ),
    };
    Some(
        Diagnostic::new(
            &chapter.file,
            rule.span.clone(),
            DiagCode::NoResolver,
            message,
        )
        .label(label)
        .note(fix),
    )
}

/// The function the registry calls, as it is written, with what it uses.
fn signature(system: &System, chapter: &Chapter, rule: &Rule) -> String {
    let (sys, chap, f) = (ident(&system.id), ident(&chapter.id), ident(&rule.name));
    format!(
        "pub fn {f}(g: &{f}::Given, t: &mut Trace) -> Result<{f}::Outcome, RuleError>\n\
         with `use crate::spec::{sys}::{chap}::{f};`, `use crate::trace::Trace;` and \
         `use crate::value::RuleError;`"
    )
}

/// The source files read so far, each parsed once.
#[derive(Default)]
struct Files(HashMap<PathBuf, Option<Declared>>);

impl Files {
    /// What `file` declares; `None` when it cannot be read or parsed.
    fn declared(&mut self, file: &Path) -> Option<&Declared> {
        self.0
            .entry(file.to_path_buf())
            .or_insert_with(|| {
                let text = std::fs::read_to_string(file).ok()?;
                Some(declarations(&syn::parse_file(&text).ok()?.items))
            })
            .as_ref()
    }

    /// Whether `file` declares module `name` (or cannot be read: rustc says).
    fn declares_mod(&mut self, file: &Path, name: &str) -> bool {
        self.declared(file)
            .is_none_or(|d| d.mods.contains_key(name))
    }

    /// Whether `file` declares function `name` visibly, privately (`Some(false)`)
    /// or not at all (`Some(None)`); `None` when that cannot be told.
    fn function(&mut self, file: &Path, name: &str) -> Option<Option<bool>> {
        let d = self.declared(file)?;
        match d.fns.get(name) {
            None if d.opaque => None,
            found => Some(found.copied()),
        }
    }
}

fn declarations(items: &[Item]) -> Declared {
    let mut d = Declared::default();
    for item in items {
        match item {
            Item::Mod(m) => {
                d.mods.insert(m.ident.unraw().to_string(), visible(&m.vis));
            }
            Item::Fn(f) => {
                d.fns
                    .insert(f.sig.ident.unraw().to_string(), visible(&f.vis));
            }
            // A private `use` imports (often the rule's generated module,
            // named like its function); only a `pub use` re-exports.
            Item::Use(u) if visible(&u.vis) => {
                let mut names = Vec::new();
                d.opaque |= used_names(&u.tree, &mut names);
                for n in names {
                    d.fns.insert(n, true);
                }
            }
            Item::Macro(m) => d.opaque |= m.ident.is_none(),
            _ => {}
        }
    }
    d
}

fn visible(vis: &Visibility) -> bool {
    !matches!(vis, Visibility::Inherited)
}

/// The names a `use` brings into scope (`a::b` -> `b`, `a as b` -> `b`);
/// returns whether it also has a glob, whose names cannot be seen here.
fn used_names(tree: &UseTree, out: &mut Vec<String>) -> bool {
    match tree {
        UseTree::Path(p) => used_names(&p.tree, out),
        UseTree::Name(n) => {
            out.push(n.ident.unraw().to_string());
            false
        }
        UseTree::Rename(r) => {
            out.push(r.rename.unraw().to_string());
            false
        }
        UseTree::Group(g) => g
            .items
            .iter()
            .fold(false, |glob, t| used_names(t, out) | glob),
        UseTree::Glob(_) => true,
    }
}
