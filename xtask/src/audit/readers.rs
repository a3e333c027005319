//! Which parts of the resolver read each table constant, found by parsing
//! `rules/src/**/*.rs` with syn. A constant reaches the resolver through an
//! import, `use crate::spec::<system>::<chapter>::{NAME, ...}` (or `::*`); an
//! item reads it when its tokens name it. Items are functions, methods,
//! constants and statics, named by module path (`action::falling::fall`); test
//! code is left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::ext::IdentExt;
use syn::{Attribute, ImplItem, Item, UseTree};

/// `(system module, chapter module)`, as the generated `rules::spec` names them.
type ChapterModule = (String, String);

#[derive(Debug, Default)]
struct SourceFile {
    /// Local name -> the chapter and constant it imports.
    imports: BTreeMap<String, (ChapterModule, String)>,
    /// Chapters imported with `*`.
    globs: BTreeSet<ChapterModule>,
    /// Each item's path with the identifiers its tokens hold.
    items: Vec<(String, BTreeSet<String>)>,
}

/// The resolver's items and what they import, for [`Readers::of`].
#[derive(Debug, Default)]
pub struct Readers(Vec<SourceFile>);

impl Readers {
    /// Parses every `.rs` file under `rules_src`, in path order. A folder that
    /// does not exist holds no readers.
    pub fn scan(rules_src: &Path) -> Result<Readers, String> {
        let mut files = Vec::new();
        rust_files(rules_src, &mut files)
            .map_err(|e| format!("cannot read {}: {e}", rules_src.display()))?;
        files.sort();
        let mut readers = Readers::default();
        for path in files {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let ast = syn::parse_file(&text)
                .map_err(|e| format!("cannot parse {}: {e}", path.display()))?;
            let module = module_path(path.strip_prefix(rules_src).unwrap_or(&path));
            let mut file = SourceFile::default();
            file.scan(&module, &ast.items);
            readers.0.push(file);
        }
        Ok(readers)
    }

    /// The items that read constant `name` of chapter `chapter` of `system`
    /// (spec ids), sorted.
    pub fn of(&self, system: &str, chapter: &str, name: &str) -> Vec<String> {
        let key = (module_name(system), module_name(chapter));
        let mut out = BTreeSet::new();
        for file in &self.0 {
            let mut locals: Vec<&str> = file
                .imports
                .iter()
                .filter(|(_, (from, original))| *from == key && original == name)
                .map(|(local, _)| local.as_str())
                .collect();
            if file.globs.contains(&key) {
                locals.push(name);
            }
            for (item, idents) in &file.items {
                if locals.iter().any(|l| idents.contains(*l)) {
                    out.insert(item.clone());
                }
            }
        }
        out.into_iter().collect()
    }
}

impl SourceFile {
    fn scan(&mut self, module: &str, items: &[Item]) {
        let path = |name: &dyn std::fmt::Display| {
            if module.is_empty() {
                name.to_string()
            } else {
                format!("{module}::{name}")
            }
        };
        for item in items {
            match item {
                Item::Use(u) => self.import(&u.tree, &mut Vec::new()),
                Item::Fn(f) if !is_test(&f.attrs) => {
                    self.item(path(&f.sig.ident), &f.block);
                }
                Item::Const(c) => self.item(path(&c.ident), &c.expr),
                Item::Static(s) => self.item(path(&s.ident), &s.expr),
                Item::Impl(i) if !is_test(&i.attrs) => {
                    let ty = match &*i.self_ty {
                        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
                        _ => None,
                    };
                    let ty = ty.unwrap_or_else(|| "impl".to_string());
                    for member in &i.items {
                        if let ImplItem::Fn(f) = member
                            && !is_test(&f.attrs)
                        {
                            self.item(path(&format!("{ty}::{}", f.sig.ident)), &f.block);
                        }
                    }
                }
                Item::Mod(m) if !is_test(&m.attrs) => {
                    if let Some((_, inner)) = &m.content {
                        self.scan(&path(&m.ident), inner);
                    }
                }
                _ => {}
            }
        }
    }

    fn item(&mut self, path: String, body: &impl ToTokens) {
        let mut idents = BTreeSet::new();
        collect_idents(body.to_token_stream(), &mut idents);
        self.items.push((path, idents));
    }

    /// Records the imports of `crate::spec::<system>::<chapter>::...`.
    fn import(&mut self, tree: &UseTree, prefix: &mut Vec<String>) {
        let chapter = |prefix: &[String]| match prefix {
            [krate, spec, system, chapter] if krate == "crate" && spec == "spec" => {
                Some((system.clone(), chapter.clone()))
            }
            _ => None,
        };
        match tree {
            UseTree::Path(p) => {
                prefix.push(p.ident.unraw().to_string());
                self.import(&p.tree, prefix);
                prefix.pop();
            }
            UseTree::Name(n) => {
                if let Some(from) = chapter(prefix) {
                    let name = n.ident.unraw().to_string();
                    self.imports.insert(name.clone(), (from, name));
                }
            }
            UseTree::Rename(r) => {
                if let Some(from) = chapter(prefix) {
                    let local = r.rename.unraw().to_string();
                    self.imports
                        .insert(local, (from, r.ident.unraw().to_string()));
                }
            }
            UseTree::Glob(_) => {
                if let Some(from) = chapter(prefix) {
                    self.globs.insert(from);
                }
            }
            UseTree::Group(g) => {
                for t in &g.items {
                    self.import(t, prefix);
                }
            }
        }
    }
}

/// Every identifier in `tokens`, macro arguments included.
fn collect_idents(tokens: TokenStream, out: &mut BTreeSet<String>) {
    for tt in tokens {
        match tt {
            TokenTree::Ident(i) => {
                out.insert(i.unraw().to_string());
            }
            TokenTree::Group(g) => collect_idents(g.stream(), out),
            _ => {}
        }
    }
}

/// `#[test]`, `#[cfg(test)]` and the like.
fn is_test(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        let mut names = BTreeSet::new();
        collect_idents(a.meta.to_token_stream(), &mut names);
        a.path().is_ident("test") || (a.path().is_ident("cfg") && names.contains("test"))
    })
}

/// `action/falling.rs` -> `action::falling`; `action/mod.rs` -> `action`; `lib.rs` -> ``.
fn module_path(relative: &Path) -> String {
    let mut parts: Vec<String> = relative
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts.join("::")
}

/// A spec id as the generated code names its module: `-` becomes `_`.
pub fn module_name(id: &str) -> String {
    id.replace('-', "_")
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let path = entry?.path();
        if path.is_dir() {
            rust_files(&path, out)?;
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Readers;

    const WOUNDS: &str = r#"
use crate::spec::action::wounds::{SEVERITY, ids};
use crate::spec::action::healing::{RATES as HEAL_RATES};

/// Reads SEVERITY only in this comment.
pub fn commented() {}

pub fn wound() -> usize { SEVERITY.len() + HEAL_RATES.len() }

fn helper() -> String { format!("{}", SEVERITY[0]) }

pub struct Chart;
impl Chart {
    pub fn rows(&self) -> usize { SEVERITY.len() }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn reads() { assert!(SEVERITY.len() > 0); }
}
"#;

    const ELEMENTS: &str = r#"
use crate::spec::action::elements::*;

pub fn exposure() -> usize { SEVERITY.len() }
"#;

    fn scan(files: &[(&str, &str)]) -> Readers {
        let dir = std::env::temp_dir().join(format!(
            "xtask-readers-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("create folder");
            std::fs::write(path, text).expect("write a source file");
        }
        let readers = Readers::scan(&dir).expect("scan");
        let _ = std::fs::remove_dir_all(&dir);
        readers
    }

    #[test]
    fn finds_the_items_that_name_an_imported_constant() {
        let r = scan(&[
            ("action/wounds.rs", WOUNDS),
            ("action/elements.rs", ELEMENTS),
        ]);
        assert_eq!(
            r.of("action", "wounds", "SEVERITY"),
            [
                "action::wounds::Chart::rows",
                "action::wounds::helper",
                "action::wounds::wound"
            ]
        );
        assert_eq!(
            r.of("action", "elements", "SEVERITY"),
            ["action::elements::exposure"],
            "a glob import counts, and the same name of another chapter does not"
        );
        assert_eq!(
            r.of("action", "healing", "RATES"),
            ["action::wounds::wound"]
        );
        assert!(r.of("action", "healing", "HEAL_RATES").is_empty());
    }

    #[test]
    fn a_missing_folder_has_no_readers_and_bad_rust_is_an_error() {
        let r = Readers::scan(std::path::Path::new("/no/such/folder")).expect("scan");
        assert!(r.of("action", "wounds", "SEVERITY").is_empty());
        let dir = std::env::temp_dir().join(format!("xtask-readers-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create folder");
        std::fs::write(dir.join("lib.rs"), "fn (").expect("write");
        let err = Readers::scan(&dir).expect_err("unparsable Rust");
        let _ = std::fs::remove_dir_all(&dir);
        assert!(err.starts_with("cannot parse"), "{err}");
    }
}
