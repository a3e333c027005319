//! The resolver's code, parsed once with syn from `rules/src/**/*.rs`: every
//! function, method, constant and static (test code left out) with its source
//! text and line, what its body names, and each module's imports. The
//! generated `rules::spec` is in no source file, so it is not here.
//! [`Code::readers`] finds the items that read a table; [`Code::covered`]
//! follows what a rule's function calls.

use codegen::lint::rust_name;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::ext::IdentExt;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{Attribute, Expr, ImplItem, Item as SynItem, Token, TraitItem, UseTree};

/// Where the resolver's sources are, relative to the workspace root.
pub const RULES_SRC: &str = "rules/src";

/// A function, method, constant or static of the resolver.
#[derive(Debug)]
pub struct Item {
    /// `action::falling::fall`; a member of an impl or a trait is named by its
    /// type or trait: `table::Range::contains`.
    pub path: String,
    pub name: String,
    /// The type of the `impl` (or the trait) the item belongs to.
    pub owner: Option<String>,
    /// The module it sits in: `action::falling`.
    pub module: String,
    /// Its file, relative to the workspace: `rules/src/action/falling.rs`.
    pub file: String,
    /// The line of its name.
    pub line: usize,
    /// Its source, doc comments and attributes included, from the start of its first line.
    pub text: String,
    /// Every identifier its body holds, macro arguments included.
    pub(super) idents: BTreeSet<String>,
    /// What its body names, for the call graph.
    pub(super) refs: Vec<Ref>,
}

/// A name an item's body uses, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Ref {
    /// A path in an expression: `f`, `armor::item_as`, `Self::new`, `crate::table::band_of`.
    Path(Vec<String>),
    /// A method call `x.f(..)`, whose receiver's type is not known here.
    Method(String),
    /// A name in a macro whose arguments are not expressions.
    Name(String),
}

/// A module's imports: each local name with the path it stands for (from the
/// crate's root, without `crate`), and the modules it imports with `*`.
#[derive(Debug, Default)]
pub(super) struct Scope {
    pub imports: BTreeMap<String, Vec<String>>,
    pub globs: Vec<Vec<String>>,
}

/// The parsed resolver.
#[derive(Debug, Default)]
pub struct Code {
    /// In file order, then source order.
    pub items: Vec<Item>,
    /// Each source file, relative to the workspace, with its text, in path order.
    pub files: Vec<(String, String)>,
    pub(super) scopes: BTreeMap<String, Scope>,
    /// For each item, by index, the items its body may reach (see [`super::calls`]).
    pub(super) calls: Vec<BTreeSet<usize>>,
}

impl Code {
    /// Parses every `.rs` file under `root/rules/src`, in path order. A
    /// workspace without that folder has no code.
    pub fn scan(root: &Path) -> Result<Code, String> {
        let dir = root.join(RULES_SRC);
        let mut paths = Vec::new();
        rust_files(&dir, &mut paths).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        paths.sort();
        let mut code = Code::default();
        for path in paths {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let ast = syn::parse_file(&text)
                .map_err(|e| format!("cannot parse {}: {e}", path.display()))?;
            let relative = path.strip_prefix(&dir).unwrap_or(&path);
            let parts: Vec<String> = relative
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            let file = format!("{RULES_SRC}/{}", parts.join("/"));
            Walk {
                code: &mut code,
                file: &file,
                text: &text,
            }
            .module(&module_path(relative), &ast.items);
            code.files.push((file, text));
        }
        code.calls = super::calls::graph(&code);
        Ok(code)
    }

    /// The item at `path` (the first, should two trait impls share it).
    pub fn item(&self, path: &str) -> Option<&Item> {
        self.items.iter().find(|i| i.path == path)
    }
}

/// Records the items and imports of one file.
struct Walk<'a> {
    code: &'a mut Code,
    file: &'a str,
    text: &'a str,
}

impl Walk<'_> {
    fn module(&mut self, module: &str, items: &[SynItem]) {
        for item in items {
            match item {
                SynItem::Use(u) if !is_test(&u.attrs) => {
                    self.import(module, &u.tree, &mut Vec::new());
                }
                SynItem::Fn(f) if !is_test(&f.attrs) => {
                    self.item(module, None, &f.sig.ident, item, Body::Block(&f.block));
                }
                SynItem::Const(c) => self.item(module, None, &c.ident, item, Body::Expr(&c.expr)),
                SynItem::Static(s) => self.item(module, None, &s.ident, item, Body::Expr(&s.expr)),
                SynItem::Impl(i) if !is_test(&i.attrs) => {
                    let owner = match &*i.self_ty {
                        syn::Type::Path(p) => {
                            p.path.segments.last().map(|s| s.ident.unraw().to_string())
                        }
                        _ => None,
                    };
                    let owner = owner.unwrap_or_else(|| "impl".to_string());
                    for member in &i.items {
                        match member {
                            ImplItem::Fn(f) if !is_test(&f.attrs) => {
                                self.item(
                                    module,
                                    Some(&owner),
                                    &f.sig.ident,
                                    member,
                                    Body::Block(&f.block),
                                );
                            }
                            ImplItem::Const(c) => {
                                self.item(
                                    module,
                                    Some(&owner),
                                    &c.ident,
                                    member,
                                    Body::Expr(&c.expr),
                                );
                            }
                            _ => {}
                        }
                    }
                }
                SynItem::Trait(t) => {
                    let owner = t.ident.unraw().to_string();
                    for member in &t.items {
                        if let TraitItem::Fn(f) = member
                            && let Some(body) = &f.default
                        {
                            self.item(
                                module,
                                Some(&owner),
                                &f.sig.ident,
                                member,
                                Body::Block(body),
                            );
                        }
                    }
                }
                SynItem::Mod(m) if !is_test(&m.attrs) => {
                    if let Some((_, inner)) = &m.content {
                        self.module(&join(module, &m.ident.unraw().to_string()), inner);
                    }
                }
                _ => {}
            }
        }
    }

    fn item(
        &mut self,
        module: &str,
        owner: Option<&str>,
        ident: &syn::Ident,
        whole: &impl Spanned,
        body: Body,
    ) {
        let name = ident.unraw().to_string();
        let range = whole.span().byte_range();
        let start = self.text[..range.start].rfind('\n').map_or(0, |i| i + 1);
        let mut idents = BTreeSet::new();
        collect_idents(body.tokens(), &mut idents);
        let member = owner
            .map(|o| format!("{o}::{name}"))
            .unwrap_or(name.clone());
        self.code.items.push(Item {
            path: join(module, &member),
            name,
            owner: owner.map(str::to_string),
            module: module.to_string(),
            file: self.file.to_string(),
            line: ident.span().start().line,
            text: self.text[start..range.end].to_string(),
            idents,
            refs: body.refs(),
        });
    }

    /// Binds `local` to `prefix::original`; `use a::b::{self}` binds `b` to `a::b`.
    fn bind(&mut self, module: &str, prefix: &[String], original: &syn::Ident, local: &syn::Ident) {
        let mut path = prefix.to_vec();
        let mut local = local.unraw().to_string();
        if original != "self" {
            path.push(original.unraw().to_string());
        } else if local == "self" {
            match prefix.last() {
                Some(last) => local = last.clone(),
                None => return,
            }
        }
        let target = absolute(module, &path);
        self.scope(module).imports.insert(local, target);
    }

    fn scope(&mut self, module: &str) -> &mut Scope {
        self.code.scopes.entry(module.to_string()).or_default()
    }

    /// Records a `use` tree of `module`: each name with its path from the crate's root.
    fn import(&mut self, module: &str, tree: &UseTree, prefix: &mut Vec<String>) {
        match tree {
            UseTree::Path(p) => {
                prefix.push(p.ident.unraw().to_string());
                self.import(module, &p.tree, prefix);
                prefix.pop();
            }
            UseTree::Name(n) => self.bind(module, prefix, &n.ident, &n.ident),
            UseTree::Rename(r) => self.bind(module, prefix, &r.ident, &r.rename),
            UseTree::Glob(_) => {
                let target = absolute(module, prefix);
                self.scope(module).globs.push(target);
            }
            UseTree::Group(g) => {
                for t in &g.items {
                    self.import(module, t, prefix);
                }
            }
        }
    }
}

/// The body of an item: a function's block or a constant's expression.
enum Body<'a> {
    Block(&'a syn::Block),
    Expr(&'a Expr),
}

impl Body<'_> {
    fn tokens(&self) -> TokenStream {
        match self {
            Body::Block(b) => b.to_token_stream(),
            Body::Expr(e) => e.to_token_stream(),
        }
    }

    fn refs(&self) -> Vec<Ref> {
        let mut refs = Refs::default();
        match self {
            Body::Block(b) => refs.visit_block(b),
            Body::Expr(e) => refs.visit_expr(e),
        }
        refs.0
    }
}

/// Collects what a body names. Calls through a trait that the code does not
/// spell are named by the method they reach: `to_string` and a format string
/// with a `{…}` reach `fmt`, `parse` reaches `from_str`, `into` reaches `from`.
#[derive(Default)]
struct Refs(Vec<Ref>);

impl Refs {
    fn method(&mut self, name: String) {
        let implied = match name.as_str() {
            "to_string" => Some("fmt"),
            "parse" => Some("from_str"),
            "into" => Some("from"),
            "try_into" => Some("try_from"),
            _ => None,
        };
        if let Some(implied) = implied {
            self.0.push(Ref::Method(implied.to_string()));
        }
        self.0.push(Ref::Method(name));
    }

    /// A macro whose arguments do not parse as expressions: every identifier
    /// in it may name an item, and one after a `.` a method.
    fn tokens(&mut self, tokens: TokenStream) {
        let mut after_dot = false;
        for tt in tokens {
            let dot = matches!(&tt, TokenTree::Punct(p) if p.as_char() == '.');
            match tt {
                TokenTree::Ident(i) if after_dot => self.method(i.unraw().to_string()),
                TokenTree::Ident(i) => self.0.push(Ref::Name(i.unraw().to_string())),
                TokenTree::Group(g) => self.tokens(g.stream()),
                TokenTree::Literal(l) => self.format_string(&l.to_string()),
                TokenTree::Punct(_) => {}
            }
            after_dot = dot;
        }
    }

    /// A string in a macro's arguments: each `{…}` formats a value through
    /// `fmt`, and `{name}` also names `name`.
    fn format_string(&mut self, s: &str) {
        let mut rest = s;
        while let Some(at) = rest.find('{') {
            rest = &rest[at + 1..];
            if let Some(escaped) = rest.strip_prefix('{') {
                rest = escaped;
                continue;
            }
            self.0.push(Ref::Method("fmt".to_string()));
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if name.starts_with(|c: char| c.is_alphabetic() || c == '_') {
                self.0.push(Ref::Path(vec![name]));
            }
        }
    }
}

impl<'ast> Visit<'ast> for Refs {
    fn visit_expr_path(&mut self, e: &'ast syn::ExprPath) {
        let segments: Vec<String> = e
            .path
            .segments
            .iter()
            .map(|s| s.ident.unraw().to_string())
            .collect();
        match (&e.qself, segments.last()) {
            // `<T as Trait>::f`: a method of some type.
            (Some(_), Some(last)) => self.method(last.clone()),
            // `::std::…`: another crate.
            _ if e.path.leading_colon.is_some() => {}
            _ => self.0.push(Ref::Path(segments)),
        }
        visit::visit_expr_path(self, e);
    }

    fn visit_expr_method_call(&mut self, e: &'ast syn::ExprMethodCall) {
        self.method(e.method.unraw().to_string());
        visit::visit_expr_method_call(self, e);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        match m.parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated) {
            Ok(args) => {
                for arg in &args {
                    if let Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(s),
                        ..
                    }) = arg
                    {
                        self.format_string(&s.value());
                    }
                    self.visit_expr(arg);
                }
            }
            Err(_) => self.tokens(m.tokens.clone()),
        }
    }
}

/// `path` as written in a `use` of `module`, from the crate's root: `crate::`,
/// `self::` and `super::` are resolved; any other path (`std::fmt`) is kept.
pub(super) fn absolute(module: &str, path: &[String]) -> Vec<String> {
    let mut base: Vec<String> = module
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &path[1..];
        }
        Some("self") => rest = &path[1..],
        Some("super") => {
            while let Some(("super", after)) = rest.split_first().map(|(s, r)| (s.as_str(), r)) {
                base.pop();
                rest = after;
            }
        }
        _ => base.clear(),
    }
    base.extend(rest.iter().cloned());
    base
}

/// `module::name`, or `name` at the crate's root.
fn join(module: &str, name: &str) -> String {
    if module.is_empty() {
        name.to_string()
    } else {
        format!("{module}::{name}")
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

/// The function the registry calls for rule `name` of chapter `chapter` of
/// `system`, as a path in `rules`: `action::falling::fall`.
pub fn resolver_path(system: &str, chapter: &str, name: &str) -> String {
    [system, chapter, name].map(rust_name).join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
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

/// A [`Code`] scanned from `files` (paths under `rules/src`) in a scratch folder.
#[cfg(test)]
pub(super) fn scan_fixture(files: &[(&str, &str)]) -> Code {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("xtask-code-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let path = dir.join(RULES_SRC).join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("create folder");
        std::fs::write(path, text).expect("write a source file");
    }
    let code = Code::scan(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    code.expect("the fixture scans")
}

#[cfg(test)]
mod tests {
    use super::{Code, scan_fixture};

    const TABLE: &str = "\
//! Row types.

pub struct Range { pub lo: i32 }

impl Range {
    /// Whether `x` is in the band.
    pub fn contains(&self, x: i32) -> bool {
        x >= self.lo
    }
}
";

    #[test]
    fn items_keep_their_source_line_and_module() {
        let code = scan_fixture(&[("table.rs", TABLE), ("action/mod.rs", "pub fn f() {}\n")]);
        let contains = code.item("table::Range::contains").expect("the method");
        assert_eq!(contains.file, "rules/src/table.rs");
        assert_eq!(contains.line, 7, "the line of its name");
        assert_eq!(
            contains.text,
            "    /// Whether `x` is in the band.\n    pub fn contains(&self, x: i32) -> bool {\n        x >= self.lo\n    }"
        );
        assert_eq!(contains.owner.as_deref(), Some("Range"));
        assert_eq!(
            code.item("action::f").expect("mod.rs is its folder").module,
            "action"
        );
        assert_eq!(code.files.len(), 2);
    }

    #[test]
    fn a_missing_folder_has_no_code_and_bad_rust_is_an_error() {
        let code = Code::scan(std::path::Path::new("/no/such/folder")).expect("scan");
        assert!(code.items.is_empty());
        let dir = std::env::temp_dir().join(format!("xtask-code-bad-{}", std::process::id()));
        std::fs::create_dir_all(dir.join(super::RULES_SRC)).expect("create folder");
        std::fs::write(dir.join(super::RULES_SRC).join("lib.rs"), "fn (").expect("write");
        let err = Code::scan(&dir).expect_err("unparsable Rust");
        let _ = std::fs::remove_dir_all(&dir);
        assert!(err.starts_with("cannot parse"), "{err}");
    }
}
