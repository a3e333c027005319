//! The resolver's code, parsed once with syn from `rules/src/**/*.rs`: every
//! function, method, constant and static (test code left out) with its source
//! text and line, what its body names, and each module's imports. The
//! generated `rules::spec` is in no source file, so it is not here.
//! [`ResolverSource::readers`] finds the items that read a table;
//! [`ResolverSource::covered`] follows what a rule's function calls.
//!
//! A crate of its own because both `xtask` (the report, the review, the
//! mutation record) and the judge (`conformance`, which says which examples a
//! table edit touches) read it, and the judge should link no more of the tool.

pub mod calls;
mod readers;

use codegen::lint::rust_name;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use schemars::JsonSchema;
use serde::Serialize;
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{Attribute, ImplItem, Item as SynItem, TraitItem, UseTree};

pub use server::RULES_SRC;

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
    /// The line of its name, and its first (doc comments included) and last lines.
    pub line: usize,
    pub first_line: usize,
    pub last_line: usize,
    /// Its source, doc comments and attributes included, from the start of its first line.
    pub text: String,
    /// Every identifier its body holds, macro arguments included.
    pub(crate) idents: BTreeSet<String>,
    /// What [`calls`] types its calls from: the signature, the body,
    /// and for a member of an impl its type and trait as written.
    pub sig: Option<syn::Signature>,
    pub body: Body,
    pub(crate) self_ty: Option<syn::Type>,
    pub(crate) trait_path: Option<syn::Path>,
}

/// A struct's fields (a tuple struct's named `0`, `1`, …) with their types as
/// written in `module`, for typing a field access.
#[derive(Debug)]
pub(crate) struct Fields {
    pub module: String,
    pub fields: Vec<(String, syn::Type)>,
}

/// A module's imports: each local name with the path it stands for (from the
/// crate's root, without `crate`), and the modules it imports with `*`.
#[derive(Debug, Default)]
pub struct Scope {
    pub imports: BTreeMap<String, Vec<String>>,
    pub globs: Vec<Vec<String>>,
}

/// How an item reaches the next one on a call path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Via {
    /// Named in the body: called, passed as a value, or a constant read.
    Named,
    /// A method called on a value of the callee's type.
    Method,
    /// A value of the callee's type formatted (`{}`, `{:?}`, `to_string`) or converted (`into`).
    Format,
    /// A method call whose receiver's type is not known: every method so named.
    ByName,
}

/// The parsed resolver.
#[derive(Debug, Default)]
pub struct ResolverSource {
    /// In file order, then source order.
    pub items: Vec<Item>,
    /// Each source file, relative to the workspace, with its text, in path order.
    pub files: Vec<(String, String)>,
    pub scopes: BTreeMap<String, Scope>,
    /// Every struct, enum and type alias by its path (`dice::Dice`), the
    /// generated `spec::…` ones included; a struct with its fields.
    pub(crate) types: BTreeMap<String, Option<Fields>>,
    /// The declared type of every constant and static by its path, with the
    /// module it is written in (the generated tables included).
    pub(crate) values: BTreeMap<String, (syn::Type, String)>,
    /// For each item, by index, the items its body reaches and how (see [`calls`]).
    pub calls: Vec<BTreeMap<usize, Via>>,
    /// For each item, by index, why each item it reaches by name only was
    /// reached so: the call whose receiver's type could not be told.
    pub(crate) why: Vec<BTreeMap<usize, String>>,
}

impl ResolverSource {
    /// Parses every `.rs` file under `root/rules/src`, in path order, with
    /// no calls yet ([`ResolverSource::scan`] adds them). A workspace without that
    /// folder has no code.
    pub(crate) fn parse(root: &Path) -> Result<ResolverSource, String> {
        let dir = root.join(RULES_SRC);
        let paths =
            codegen::rust_files(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let mut code = ResolverSource::default();
        if let Some(generated) = generated(root) {
            Walk {
                code: &mut code,
                file: "",
                text: &generated.0,
                generated: true,
            }
            .module("spec", &generated.1.items);
        }
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
                generated: false,
            }
            .module(&module_path(relative), &ast.items);
            code.files.push((file, text));
        }
        Ok(code)
    }

    /// The item at `path` (the first, should two trait impls share it).
    pub fn item(&self, path: &str) -> Option<&Item> {
        self.items.iter().find(|i| i.path == path)
    }
}

/// The generated `rules::spec` module of the book under `root`, as text and
/// parsed, for the types of its tables and rules; none when the book does not
/// compile (its calls are then typed without it).
fn generated(root: &Path) -> Option<(String, syn::File)> {
    let book = codegen::compile_dir(&root.join("spec"), root).ok()?;
    let text = codegen::emit::rust::readable_module(&book);
    let file = syn::parse_file(&text).ok()?;
    Some((text, file))
}

/// Records the items and imports of one file; of the generated code, only its
/// types, constants and imports (it is reviewed as the book's tables).
struct Walk<'a> {
    code: &'a mut ResolverSource,
    file: &'a str,
    text: &'a str,
    generated: bool,
}

impl Walk<'_> {
    fn module(&mut self, module: &str, items: &[SynItem]) {
        for item in items {
            match item {
                SynItem::Use(u) if !is_test(&u.attrs) => {
                    self.import(module, &u.tree, &mut Vec::new());
                }
                SynItem::Fn(f) if !is_test(&f.attrs) => {
                    let member = Member::function(&f.sig, Body::Block(*f.block.clone()));
                    self.item(module, None, member, item);
                }
                SynItem::Const(c) => {
                    self.value(module, &c.ident, &c.ty);
                    let member = Member::value(&c.ident, Body::Expr(*c.expr.clone()));
                    self.item(module, None, member, item);
                }
                SynItem::Static(s) => {
                    self.value(module, &s.ident, &s.ty);
                    let member = Member::value(&s.ident, Body::Expr(*s.expr.clone()));
                    self.item(module, None, member, item);
                }
                SynItem::Struct(s) => {
                    let fields = s.fields.iter().enumerate().map(|(i, f)| {
                        let name = f
                            .ident
                            .as_ref()
                            .map_or(i.to_string(), |n| n.unraw().to_string());
                        (name, f.ty.clone())
                    });
                    let fields = Fields {
                        module: module.to_string(),
                        fields: fields.collect(),
                    };
                    self.code
                        .types
                        .insert(join(module, &s.ident.unraw().to_string()), Some(fields));
                }
                SynItem::Enum(e) => self.type_name(module, &e.ident),
                SynItem::Type(t) => self.type_name(module, &t.ident),
                SynItem::Impl(i) if !is_test(&i.attrs) => self.impl_block(module, i),
                SynItem::Trait(t) => {
                    let owner = t.ident.unraw().to_string();
                    for member in &t.items {
                        if let TraitItem::Fn(f) = member
                            && let Some(body) = &f.default
                        {
                            let m = Member::function(&f.sig, Body::Block(body.clone()));
                            self.item(module, Some((&owner, None)), m, member);
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

    fn impl_block(&mut self, module: &str, i: &syn::ItemImpl) {
        let owner = match &*i.self_ty {
            syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.unraw().to_string()),
            _ => None,
        };
        let owner = owner.unwrap_or_else(|| "impl".to_string());
        let of = ImplOf {
            self_ty: (*i.self_ty).clone(),
            trait_path: i.trait_.as_ref().map(|(p, _)| p.clone()),
        };
        for member in &i.items {
            match member {
                ImplItem::Fn(f) if !is_test(&f.attrs) => {
                    let m = Member::function(&f.sig, Body::Block(f.block.clone()));
                    self.item(module, Some((&owner, Some(&of))), m, member);
                }
                ImplItem::Const(c) => {
                    let m = Member::value(&c.ident, Body::Expr(c.expr.clone()));
                    self.item(module, Some((&owner, Some(&of))), m, member);
                }
                _ => {}
            }
        }
    }

    fn type_name(&mut self, module: &str, ident: &syn::Ident) {
        self.code
            .types
            .insert(join(module, &ident.unraw().to_string()), None);
    }

    fn value(&mut self, module: &str, ident: &syn::Ident, ty: &syn::Type) {
        let path = join(module, &ident.unraw().to_string());
        self.code
            .values
            .insert(path, (ty.clone(), module.to_string()));
    }

    fn item(
        &mut self,
        module: &str,
        owner: Option<(&str, Option<&ImplOf>)>,
        member: Member,
        whole: &impl Spanned,
    ) {
        if self.generated {
            return;
        }
        let name = member.ident.unraw().to_string();
        let range = whole.span().byte_range();
        let start = self.text[..range.start].rfind('\n').map_or(0, |i| i + 1);
        let mut idents = BTreeSet::new();
        collect_idents(member.body.tokens(), &mut idents);
        let path = match owner {
            Some((o, _)) => join(module, &format!("{o}::{name}")),
            None => join(module, &name),
        };
        let of = owner.and_then(|(_, of)| of);
        self.code.items.push(Item {
            path,
            name,
            owner: owner.map(|(o, _)| o.to_string()),
            module: module.to_string(),
            file: self.file.to_string(),
            line: member.ident.span().start().line,
            first_line: self.text[..start].matches('\n').count() + 1,
            last_line: whole.span().end().line,
            text: self.text[start..range.end].to_string(),
            idents,
            sig: member.sig,
            body: member.body,
            self_ty: of.map(|o| o.self_ty.clone()),
            trait_path: of.and_then(|o| o.trait_path.clone()),
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

/// An impl's type and trait, as written.
struct ImplOf {
    self_ty: syn::Type,
    trait_path: Option<syn::Path>,
}

/// What an item is made of: its name, its signature (none for a constant) and its body.
struct Member {
    ident: syn::Ident,
    sig: Option<syn::Signature>,
    body: Body,
}

impl Member {
    fn function(sig: &syn::Signature, body: Body) -> Member {
        Member {
            ident: sig.ident.clone(),
            sig: Some(sig.clone()),
            body,
        }
    }

    fn value(ident: &syn::Ident, body: Body) -> Member {
        Member {
            ident: ident.clone(),
            sig: None,
            body,
        }
    }
}

/// The body of an item: a function's block or a constant's expression.
#[derive(Debug)]
pub enum Body {
    Block(syn::Block),
    Expr(syn::Expr),
}

impl Body {
    fn tokens(&self) -> TokenStream {
        match self {
            Body::Block(b) => b.to_token_stream(),
            Body::Expr(e) => e.to_token_stream(),
        }
    }
}

/// `path` as written in a `use` of `module`, from the crate's root: `crate::`,
/// `self::` and `super::` are resolved; any other path (`std::fmt`) is kept.
pub fn absolute(module: &str, path: &[String]) -> Vec<String> {
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

/// A [`ResolverSource`] scanned from `files` (paths under `rules/src`) in a
/// scratch folder: for tests, here and in `xtask`.
pub fn scan_fixture(files: &[(&str, &str)]) -> ResolverSource {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("xtask-code-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let path = dir.join(RULES_SRC).join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("create folder");
        std::fs::write(path, text).expect("write a source file");
    }
    let code = ResolverSource::scan(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    code.expect("the fixture scans")
}

#[cfg(test)]
mod tests {
    use crate::{ResolverSource, scan_fixture};

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
        let code = ResolverSource::scan(std::path::Path::new("/no/such/folder")).expect("scan");
        assert!(code.items.is_empty());
        let dir = std::env::temp_dir().join(format!("xtask-code-bad-{}", std::process::id()));
        std::fs::create_dir_all(dir.join(crate::RULES_SRC)).expect("create folder");
        std::fs::write(dir.join(crate::RULES_SRC).join("lib.rs"), "fn (").expect("write");
        let err = ResolverSource::scan(&dir).expect_err("unparsable Rust");
        let _ = std::fs::remove_dir_all(&dir);
        assert!(err.starts_with("cannot parse"), "{err}");
    }
}
