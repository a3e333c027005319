//! What a rule's code is, for review: the function the registry calls and
//! every item of `rules/src` it reaches, transitively, with one checksum over
//! their source.
//!
//! Calls are resolved with the types the code writes down, so that a rule
//! reaches what it runs and not whatever shares a name:
//! - a path (`f`, `armor::item_as`, `super::x::f`, `crate::table::band_of`,
//!   `Self::new`, `Dice::d6`) is resolved through the module's imports, its own
//!   items and its glob imports, as Rust does; `Type::f` reaches `f` of the
//!   impls of that type;
//! - a method call `x.f(..)` reaches `f` of the impls of `x`'s type. That type
//!   is read from parameters (and `self`), annotated or inferred `let`s
//!   (struct literals, calls and methods with a declared return type, `?`,
//!   `unwrap`-like and iterator methods), fields of structs (the generated
//!   tables' rows included), constants, `for`, `if let`, `let … else` and
//!   `match` patterns, and closures over an iterator or option;
//! - a format string's `{}` (and `to_string`) reaches the `Display` (`{:?}`:
//!   `Debug`) impl of the type of the value formatted, `into` the `From`
//!   impls from the receiver's type;
//! - a function passed as a value (`.map(helper)`) counts as a call, and so
//!   does a constant or static the code names.
//!
//! Where the receiver's type cannot be told (a closure's parameter over
//! something untyped, a generic), the call reaches every method so named, and
//! is marked so ([`Via::ByName`]): the reach errs towards too much, never too
//! little. Missed: items a `macro_rules!` generates, re-exports followed
//! through a glob import, and the generated `rules::spec` (reviewed as the
//! book's tables, not as code).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use proc_macro2::{TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::punctuated::Punctuated;
use syn::visit::Visit;
use syn::{Expr, Pat, Token};

use crate::{Body, Item, ResolverSource, Via, absolute};

/// A call path: each item called on the way, by index, and how.
pub type Way = Vec<(usize, Via)>;

/// A type as far as calls need it: its path from the crate's root for a type
/// of `rules` (`dice::Dice`), else its last name (`Option`, `i32`), and its
/// generic arguments. References are peeled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Ty {
    pub path: String,
    pub args: Vec<Ty>,
}

impl Ty {
    fn named(path: &str, args: Vec<Ty>) -> Ty {
        Ty {
            path: path.to_string(),
            args,
        }
    }

    fn arg(&self, i: usize) -> Option<Ty> {
        self.args.get(i).cloned()
    }

    /// Its type's own name, without the path (`Rows` for the engine's
    /// `table::rows::Rows`, whichever path named it).
    fn name(&self) -> &str {
        self.path.rsplit("::").next().unwrap_or_default()
    }

    /// What iterating it yields: a collection's or an iterator's element.
    fn element(&self) -> Option<Ty> {
        match self.name() {
            "Vec" | "[]" | "Iter" | "Rows" | "Option" | "BTreeSet" | "HashSet" | "VecDeque" => {
                self.arg(0)
            }
            _ => None,
        }
    }
}

/// Resolves names and types over the whole of `rules/src`.
struct Typer<'c> {
    code: &'c ResolverSource,
    by_name: HashMap<&'c str, Vec<usize>>,
    /// Each item's impl type, resolved.
    owners: Vec<Option<Ty>>,
}

/// For each item, by index, the items its body reaches and how, and why
/// each edge taken by name only was (see [`ResolverSource::by_name`]).
pub(crate) fn graph(code: &ResolverSource) -> Vec<(BTreeMap<usize, Via>, BTreeMap<usize, String>)> {
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, item) in code.items.iter().enumerate() {
        by_name.entry(item.name.as_str()).or_default().push(i);
    }
    let mut typer = Typer {
        code,
        by_name,
        owners: Vec::new(),
    };
    typer.owners = code
        .items
        .iter()
        .map(|i| {
            let ty = i.self_ty.as_ref()?;
            typer.ty(&i.module, None, ty)
        })
        .collect();
    code.items
        .iter()
        .enumerate()
        .map(|(at, item)| {
            let mut walk = Walk {
                t: &typer,
                item,
                owner: typer.owners[at].clone(),
                env: HashMap::new(),
                closures: HashMap::new(),
                out: BTreeMap::new(),
                why: BTreeMap::new(),
            };
            walk.body();
            (walk.out, walk.why)
        })
        .collect()
}

impl Typer<'_> {
    /// `ty`, written in `module`, where `Self` is `owner`.
    fn ty(&self, module: &str, owner: Option<&Ty>, ty: &syn::Type) -> Option<Ty> {
        match ty {
            syn::Type::Reference(r) => self.ty(module, owner, &r.elem),
            syn::Type::Paren(p) => self.ty(module, owner, &p.elem),
            syn::Type::Group(g) => self.ty(module, owner, &g.elem),
            syn::Type::Slice(s) => Some(Ty::named(
                "[]",
                self.ty(module, owner, &s.elem).into_iter().collect(),
            )),
            syn::Type::Array(a) => Some(Ty::named(
                "[]",
                self.ty(module, owner, &a.elem).into_iter().collect(),
            )),
            syn::Type::Tuple(t) => {
                let args = t.elems.iter().map(|e| self.ty(module, owner, e));
                Some(Ty::named("()", args.collect::<Option<_>>()?))
            }
            syn::Type::Path(p) if p.qself.is_none() => {
                let segments: Vec<String> = p
                    .path
                    .segments
                    .iter()
                    .map(|s| s.ident.unraw().to_string())
                    .collect();
                if segments == ["Self"] {
                    return owner.cloned();
                }
                let args = match &p.path.segments.last()?.arguments {
                    syn::PathArguments::AngleBracketed(a) => a
                        .args
                        .iter()
                        .filter_map(|g| match g {
                            syn::GenericArgument::Type(t) => self.ty(module, owner, t),
                            _ => None,
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                if matches!(
                    segments.last().map(String::as_str),
                    Some("Box" | "Rc" | "Arc" | "Cow")
                ) {
                    return args.into_iter().next();
                }
                Some(Ty::named(&self.type_path(module, &segments), args))
            }
            _ => None,
        }
    }

    /// The type `segments` names in `module`: its path when `rules` defines
    /// it, else its last name.
    fn type_path(&self, module: &str, segments: &[String]) -> String {
        let known = meanings(self.code, module, None, segments)
            .into_iter()
            .map(|m| m.join("::"))
            .find(|m| self.code.types.contains_key(m));
        known.unwrap_or_else(|| segments.last().cloned().unwrap_or_default())
    }

    /// The items `segments`, written in `from`'s body, may stand for.
    fn paths(&self, from: &Item, segments: &[String]) -> Vec<usize> {
        let Some(last) = segments.last() else {
            return Vec::new();
        };
        let wanted = meanings(self.code, &from.module, from.owner.as_deref(), segments);
        self.named(last)
            .filter(|&i| wanted.iter().any(|w| self.is(i, w)))
            .collect()
    }

    fn named<'a>(&'a self, name: &str) -> impl Iterator<Item = usize> + 'a {
        self.by_name.get(name).into_iter().flatten().copied()
    }

    /// Whether item `i` is what `path` names: its own path, or a member
    /// `Type::f` of an impl of the type at that path.
    fn is(&self, i: usize, path: &[String]) -> bool {
        let item = &self.code.items[i];
        if let ([.., name], Some(owner)) = (path, &self.owners[i])
            && *name == item.name
            && owner.path == path[..path.len() - 1].join("::")
        {
            return true;
        }
        path.join("::") == item.path
    }

    /// The methods `name` of the impls of `ty` (and of the traits it implements, by default).
    fn methods(&self, ty: &Ty, name: &str) -> Vec<usize> {
        self.named(name)
            .filter(|&i| self.owners[i].as_ref().is_some_and(|o| o.path == ty.path))
            .collect()
    }

    /// Every method `name` of any impl or trait: a call whose receiver is not known.
    fn any_method(&self, name: &str) -> Vec<usize> {
        self.named(name)
            .filter(|&i| self.code.items[i].owner.is_some())
            .collect()
    }

    /// The `fmt` of `ty`'s impl of the trait `wanted` (`Display`, `Debug`).
    fn formats(&self, ty: Option<&Ty>, wanted: &str) -> Vec<usize> {
        let fmts = self.named("fmt").filter(|&i| {
            let t = self.code.items[i].trait_path.as_ref();
            t.and_then(|t| t.segments.last())
                .is_some_and(|s| s.ident == wanted)
        });
        match ty {
            Some(ty) => fmts
                .filter(|&i| self.owners[i].as_ref().is_some_and(|o| o.path == ty.path))
                .collect(),
            None => fmts.collect(),
        }
    }

    /// The `from` of every `From<ty>` impl: where `ty.into()` may go.
    fn froms(&self, ty: &Ty) -> Vec<usize> {
        self.named("from")
            .filter(|&i| {
                let item = &self.code.items[i];
                let Some(last) = item.trait_path.as_ref().and_then(|t| t.segments.last()) else {
                    return false;
                };
                let syn::PathArguments::AngleBracketed(a) = &last.arguments else {
                    return false;
                };
                a.args.iter().any(|g| match g {
                    syn::GenericArgument::Type(t) => {
                        self.ty(&item.module, self.owners[i].as_ref(), t).as_ref() == Some(ty)
                    }
                    _ => false,
                })
            })
            .collect()
    }

    /// What item `i` returns, called on `receiver` (its `Self`).
    fn returns(&self, i: usize, receiver: Option<&Ty>) -> Option<Ty> {
        let item = &self.code.items[i];
        let syn::ReturnType::Type(_, ty) = &item.sig.as_ref()?.output else {
            return None;
        };
        let owner = receiver.or(self.owners[i].as_ref());
        self.ty(&item.module, owner, ty)
    }

    /// The declared type of the constant or static `segments` names in `from`.
    fn value(&self, from: &Item, segments: &[String]) -> Option<Ty> {
        meanings(self.code, &from.module, from.owner.as_deref(), segments)
            .iter()
            .find_map(|m| self.code.values.get(&m.join("::")))
            .and_then(|(ty, module)| self.ty(module, None, ty))
    }

    /// The type of field `name` of a value of type `ty`.
    fn field(&self, ty: &Ty, name: &str) -> Option<Ty> {
        if ty.path == "()" {
            return name.parse().ok().and_then(|i: usize| ty.arg(i));
        }
        let fields = self.code.types.get(&ty.path)?.as_ref()?;
        let (_, field) = fields.fields.iter().find(|(n, _)| n == name)?;
        self.ty(&fields.module, Some(ty), field)
    }
}

/// The paths from the crate's root that `segments`, written in `module`
/// (in an impl of `owner`), may mean, followed through the modules that
/// re-export them (`pub use cells::Label` in `table` makes `table::Label`
/// mean `table::cells::Label`).
fn meanings(
    code: &ResolverSource,
    module: &str,
    owner: Option<&str>,
    segments: &[String],
) -> Vec<Vec<String>> {
    let mut out = written(code, module, owner, segments);
    let mut todo = out.clone();
    // A chain of re-exports is short; the bound keeps a cycle of `use`s finite.
    for _ in 0..4 {
        let mut next: Vec<Vec<String>> = Vec::new();
        for path in &todo {
            let Some((last, parent)) = path.split_last() else {
                continue;
            };
            let Some(scope) = code.scopes.get(&parent.join("::")) else {
                continue;
            };
            if let Some(target) = scope.imports.get(last) {
                next.extend(uniform(parent, target));
            }
            for glob in &scope.globs {
                next.extend(uniform(
                    parent,
                    &[glob.as_slice(), std::slice::from_ref(last)].concat(),
                ));
            }
        }
        next.retain(|p| !out.contains(p));
        next.dedup();
        if next.is_empty() {
            break;
        }
        out.extend(next.iter().cloned());
        todo = next;
    }
    out
}

/// The paths from the crate's root that `segments` may mean as written in
/// `module`, through its own imports and globs only.
fn written(
    code: &ResolverSource,
    module: &str,
    owner: Option<&str>,
    segments: &[String],
) -> Vec<Vec<String>> {
    let here = absolute(module, &["self".to_string()]);
    let scope = code.scopes.get(module);
    let Some((first, rest)) = segments.split_first() else {
        return Vec::new();
    };
    match first.as_str() {
        "crate" | "self" | "super" => vec![absolute(module, segments)],
        "Self" => vec![
            [
                here.as_slice(),
                &[owner.unwrap_or_default().to_string()],
                rest,
            ]
            .concat(),
        ],
        _ => match scope.and_then(|s| s.imports.get(first)) {
            Some(target) => uniform(&here, &[target.as_slice(), rest].concat()),
            None => {
                let globs = scope.into_iter().flat_map(|s| &s.globs);
                std::iter::once(&here)
                    .chain(globs)
                    .map(|m| [m.as_slice(), segments].concat())
                    .collect()
            }
        },
    }
}

/// What a `use` of `module` that names `target` (recorded from the crate's
/// root) may mean: that path, or, since a `use` path may start at a child
/// module (`use cells::Label` in `table`), the same path under `module`.
fn uniform(module: &[String], target: &[String]) -> Vec<Vec<String>> {
    let under = [module, target].concat();
    if module.is_empty() || target.starts_with(module) {
        vec![target.to_vec()]
    } else {
        vec![target.to_vec(), under]
    }
}

/// One item's body, walked in source order with the types of its bindings.
struct Walk<'t, 'c> {
    t: &'t Typer<'c>,
    item: &'c Item,
    owner: Option<Ty>,
    env: HashMap<String, Ty>,
    /// Closures bound by `let`, to type what a call of one returns.
    closures: HashMap<String, syn::ExprClosure>,
    out: BTreeMap<usize, Via>,
    /// For each edge taken by name only, why the type could not be told
    /// (the first such call in the body).
    why: BTreeMap<usize, String>,
}

impl Walk<'_, '_> {
    /// A walk of this body's bindings so far, with `pat` bound to `ty`.
    fn with(&self, pat: Option<&Pat>, ty: Option<Ty>) -> Self {
        let mut inner = Walk {
            t: self.t,
            item: self.item,
            owner: self.owner.clone(),
            env: self.env.clone(),
            closures: self.closures.clone(),
            out: BTreeMap::new(),
            why: BTreeMap::new(),
        };
        if let Some(pat) = pat {
            inner.bind(pat, ty);
        }
        inner
    }

    /// What closure `c` returns when its first parameter has type `param`.
    fn closure_result(&self, c: &syn::ExprClosure, param: Option<Ty>) -> Option<Ty> {
        let inner = self.with(c.inputs.first(), param);
        match &c.output {
            syn::ReturnType::Type(_, ty) => inner.ty(ty),
            syn::ReturnType::Default => inner.type_of(&c.body),
        }
    }

    fn body(&mut self) {
        let item = self.item;
        if let Some(sig) = &item.sig {
            for input in &sig.inputs {
                match input {
                    syn::FnArg::Receiver(_) => {
                        if let Some(owner) = self.owner.clone() {
                            self.env.insert("self".into(), owner);
                        }
                    }
                    syn::FnArg::Typed(t) => {
                        let ty = self.t.ty(&item.module, self.owner.as_ref(), &t.ty);
                        self.bind(&t.pat, ty);
                    }
                }
            }
        }
        match &item.body {
            Body::Block(b) => self.visit_block(b),
            Body::Expr(e) => self.visit_expr(e),
        }
    }

    fn reach(&mut self, targets: Vec<usize>, via: Via) {
        for i in targets {
            let at = self.out.entry(i).or_insert(via);
            *at = (*at).min(via);
        }
    }

    /// Every item in `targets`, by name only, because of `why`.
    fn by_name(&mut self, targets: Vec<usize>, why: impl FnOnce() -> String) {
        if targets.is_empty() {
            return;
        }
        let why = why();
        for &i in &targets {
            self.why.entry(i).or_insert_with(|| why.clone());
        }
        self.reach(targets, Via::ByName);
    }

    fn ty(&self, ty: &syn::Type) -> Option<Ty> {
        self.t.ty(&self.item.module, self.owner.as_ref(), ty)
    }

    /// Gives the names `pat` binds their types, from a value of type `ty`.
    fn bind(&mut self, pat: &Pat, ty: Option<Ty>) {
        match pat {
            Pat::Ident(p) => {
                let name = p.ident.unraw().to_string();
                match ty {
                    Some(ty) => self.env.insert(name, ty),
                    None => self.env.remove(&name),
                };
                if let Some((_, sub)) = &p.subpat {
                    self.bind(sub, None);
                }
            }
            Pat::Type(p) => {
                let ty = self.ty(&p.ty);
                self.bind(&p.pat, ty);
            }
            Pat::Reference(p) => self.bind(&p.pat, ty),
            Pat::Paren(p) => self.bind(&p.pat, ty),
            Pat::Guard(p) => self.bind(&p.pat, ty),
            Pat::Tuple(p) => {
                for (i, elem) in p.elems.iter().enumerate() {
                    let elem_ty = ty
                        .as_ref()
                        .filter(|t| t.path == "()")
                        .and_then(|t| t.arg(i));
                    self.bind(elem, elem_ty);
                }
            }
            Pat::TupleStruct(p) => {
                let variant = p.path.segments.last().map(|s| s.ident.to_string());
                let inner = match variant.as_deref() {
                    Some("Some" | "Ok") => ty.and_then(|t| t.arg(0)),
                    Some("Err") => ty.and_then(|t| t.arg(1)),
                    _ => None,
                };
                for elem in &p.elems {
                    self.bind(elem, inner.clone());
                }
            }
            Pat::Struct(p) => {
                for f in &p.fields {
                    let name = match &f.member {
                        syn::Member::Named(n) => n.unraw().to_string(),
                        syn::Member::Unnamed(i) => i.index.to_string(),
                    };
                    let field = ty.as_ref().and_then(|t| self.t.field(t, &name));
                    self.bind(&f.pat, field);
                }
            }
            Pat::Or(p) => {
                for case in &p.cases {
                    self.bind(case, ty.clone());
                }
            }
            Pat::Slice(p) => {
                for elem in &p.elems {
                    self.bind(elem, ty.as_ref().and_then(Ty::element));
                }
            }
            _ => {}
        }
    }

    fn path_segments(path: &syn::Path) -> Vec<String> {
        path.segments
            .iter()
            .map(|s| s.ident.unraw().to_string())
            .collect()
    }

    /// The type of `e`, when the code says enough to know it.
    fn type_of(&self, e: &Expr) -> Option<Ty> {
        match e {
            Expr::Path(p) if p.qself.is_none() => {
                let segments = Self::path_segments(&p.path);
                match segments.as_slice() {
                    [one] if self.env.contains_key(one) => self.env.get(one).cloned(),
                    _ => self.t.value(self.item, &segments),
                }
            }
            Expr::Reference(r) => self.type_of(&r.expr),
            Expr::Paren(p) => self.type_of(&p.expr),
            Expr::Group(g) => self.type_of(&g.expr),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.type_of(&u.expr),
            Expr::Cast(c) => self.ty(&c.ty),
            Expr::Field(f) => {
                let base = self.type_of(&f.base)?;
                let name = match &f.member {
                    syn::Member::Named(n) => n.unraw().to_string(),
                    syn::Member::Unnamed(i) => i.index.to_string(),
                };
                self.t.field(&base, &name)
            }
            Expr::Index(i) => self.type_of(&i.expr)?.element(),
            Expr::Try(t) => self.type_of(&t.expr)?.arg(0),
            Expr::Struct(s) => {
                let segments = Self::path_segments(&s.path);
                match segments.as_slice() {
                    [one] if one == "Self" => self.owner.clone(),
                    _ => Some(Ty::named(
                        &self.t.type_path(&self.item.module, &segments),
                        Vec::new(),
                    )),
                }
            }
            Expr::Tuple(t) => {
                let elems = t.elems.iter().map(|e| self.type_of(e));
                Some(Ty::named("()", elems.collect::<Option<_>>()?))
            }
            Expr::Call(c) => self.call_type(c),
            Expr::MethodCall(m) => self.method_type(m),
            Expr::Macro(m) if m.mac.path.is_ident("format") => {
                Some(Ty::named("String", Vec::new()))
            }
            Expr::Block(b) => self.tail(&b.block),
            Expr::Lit(l) => match &l.lit {
                syn::Lit::Str(_) => Some(Ty::named("str", Vec::new())),
                syn::Lit::Int(_) => Some(Ty::named("i64", Vec::new())),
                syn::Lit::Bool(_) => Some(Ty::named("bool", Vec::new())),
                _ => None,
            },
            Expr::Binary(b) => match b.op {
                syn::BinOp::Add(_)
                | syn::BinOp::Sub(_)
                | syn::BinOp::Mul(_)
                | syn::BinOp::Div(_)
                | syn::BinOp::Rem(_) => self.type_of(&b.left).or_else(|| self.type_of(&b.right)),
                _ => Some(Ty::named("bool", Vec::new())),
            },
            Expr::If(i) => self.tail(&i.then_branch),
            Expr::Match(m) => {
                let scrutinee = self.type_of(&m.expr);
                m.arms.iter().find_map(|arm| {
                    self.with(Some(&arm.pat), scrutinee.clone())
                        .type_of(&arm.body)
                })
            }
            _ => None,
        }
    }

    fn tail(&self, block: &syn::Block) -> Option<Ty> {
        match block.stmts.last()? {
            syn::Stmt::Expr(e, None) => self.type_of(e),
            _ => None,
        }
    }

    fn call_type(&self, c: &syn::ExprCall) -> Option<Ty> {
        let Expr::Path(p) = &*c.func else {
            return None;
        };
        let segments = Self::path_segments(&p.path);
        let arg = |i: usize| c.args.iter().nth(i).and_then(|a| self.type_of(a));
        if let [one] = segments.as_slice()
            && let Some(closure) = self.closures.get(one)
        {
            return self.closure_result(closure, arg(0));
        }
        if let [ty, f] = segments.as_slice()
            && is_primitive(ty)
        {
            let ty = Ty::named(ty, Vec::new());
            return Some(match f.as_str() {
                "try_from" => Ty::named("Result", vec![ty]),
                _ => ty,
            });
        }
        match segments.last()?.as_str() {
            "Some" => return Some(Ty::named("Option", arg(0).into_iter().collect())),
            "Ok" => return Some(Ty::named("Result", arg(0).into_iter().collect())),
            _ => {}
        }
        let targets = self.t.paths(self.item, &segments);
        let one = match targets.as_slice() {
            [one] => *one,
            _ => return None,
        };
        let declared = self.t.returns(one, None)?;
        Some(self.instantiate(one, declared, c.args.iter().collect()))
    }

    /// `declared`, a return type of item `i`, with its generic parameters
    /// bound from the types of the arguments where a parameter is one.
    fn instantiate(&self, i: usize, declared: Ty, args: Vec<&Expr>) -> Ty {
        let item = &self.t.code.items[i];
        let Some(sig) = &item.sig else {
            return declared;
        };
        let generics: BTreeSet<String> = sig
            .generics
            .type_params()
            .map(|p| p.ident.to_string())
            .collect();
        if generics.is_empty() {
            return declared;
        }
        let mut bound = HashMap::new();
        let params = sig.inputs.iter().filter_map(|a| match a {
            syn::FnArg::Typed(t) => self.t.ty(&item.module, None, &t.ty),
            syn::FnArg::Receiver(_) => None,
        });
        for (param, arg) in params.zip(args) {
            if let Some(arg) = self.type_of(arg) {
                unify(&param, &arg, &generics, &mut bound);
            }
        }
        substitute(declared, &bound)
    }

    fn method_type(&self, m: &syn::ExprMethodCall) -> Option<Ty> {
        let receiver = self.type_of(&m.receiver);
        let name = m.method.unraw().to_string();
        let arg0 = |r: &Option<Ty>| r.as_ref().and_then(|t| t.arg(0));
        let wrap = |path: &str, t: Option<Ty>| Some(Ty::named(path, t.into_iter().collect()));
        match name.as_str() {
            "unwrap" | "expect" | "unwrap_or" | "unwrap_or_default" => arg0(&receiver),
            "clone" | "to_owned" | "copied" | "cloned" | "filter" | "rev" | "skip" | "take"
            | "chain" => receiver,
            "iter" | "into_iter" | "iter_mut" => wrap("Iter", receiver?.element()),
            "first" | "last" | "get" | "next" | "find" | "rfind" | "min_by_key" | "max_by_key"
            | "min_by" | "max_by" | "nth" | "next_back" => wrap("Option", receiver?.element()),
            "ok_or" | "ok_or_else" => wrap("Result", arg0(&receiver)),
            "ok" => wrap("Option", arg0(&receiver)),
            "map" | "and_then" | "map_or" | "map_or_else" | "unwrap_or_else" => {
                let receiver = receiver?;
                let closure = m.args.iter().rev().find_map(|a| match a {
                    Expr::Closure(c) => Some(c),
                    _ => None,
                })?;
                let result = self.closure_result(closure, receiver.element());
                match name.as_str() {
                    "map" => wrap(&receiver.path, result),
                    _ if name == "and_then" => result,
                    _ => result.or_else(|| receiver.arg(0)),
                }
            }
            "to_string" => wrap("String", None),
            "len" | "count" => wrap("usize", None),
            _ => {
                let receiver = receiver?;
                if is_primitive(&receiver.path) {
                    return match name.as_str() {
                        _ if name.starts_with("checked_") => wrap("Option", Some(receiver)),
                        "is_positive" | "is_negative" => wrap("bool", None),
                        _ => Some(receiver),
                    };
                }
                let [one] = self.t.methods(&receiver, &name)[..] else {
                    return None;
                };
                self.t.returns(one, Some(&receiver))
            }
        }
    }

    /// The methods a call `.name(..)` on a value of type `receiver` runs;
    /// `receiver` untyped, every method so named, for the reason `why` gives.
    fn method_targets(&mut self, receiver: Option<&Ty>, name: &str, why: impl FnOnce() -> String) {
        match (receiver, name) {
            (Some(r), "to_string") => self.reach(self.t.formats(Some(r), "Display"), Via::Format),
            (Some(r), "into" | "try_into") => self.reach(self.t.froms(r), Via::Format),
            (Some(r), _) => self.reach(self.t.methods(r, name), Via::Method),
            (None, "to_string") => self.by_name(self.t.formats(None, "Display"), why),
            (None, "into") => self.by_name(self.t.any_method("from"), why),
            (None, "try_into") => self.by_name(self.t.any_method("try_from"), why),
            (None, "parse") => self.by_name(self.t.any_method("from_str"), why),
            (None, _) => self.by_name(self.t.any_method(name), why),
        }
    }

    /// A format string of `args`: each `{…}` reaches the `Display` (or
    /// `Debug`) of what it formats; `{name}` also names `name`.
    fn format_string(&mut self, s: &str, args: &[Expr]) {
        let mut next = 0;
        let mut rest = s;
        while let Some(at) = rest.find('{') {
            rest = &rest[at + 1..];
            if let Some(escaped) = rest.strip_prefix('{') {
                rest = escaped;
                continue;
            }
            let spec = &rest[..rest.find('}').unwrap_or(rest.len())];
            let (name, format) = spec.split_once(':').unwrap_or((spec, ""));
            let wanted = if format.ends_with('?') {
                "Debug"
            } else {
                "Display"
            };
            let ty = if name.is_empty() {
                next += 1;
                args.get(next - 1).and_then(|a| self.type_of(a))
            } else if let Ok(i) = name.parse::<usize>() {
                args.get(i).and_then(|a| self.type_of(a))
            } else if let Ok(ident) = syn::parse_str::<syn::Ident>(name) {
                let path: syn::ExprPath = syn::parse_quote!(#ident);
                self.visit_expr_path(&path);
                self.type_of(&Expr::Path(path))
            } else {
                None
            };
            match ty {
                Some(ty) => self.reach(self.t.formats(Some(&ty), wanted), Via::Format),
                None => self.by_name(self.t.formats(None, wanted), || {
                    let what = match name {
                        "" => args
                            .get(next.saturating_sub(1))
                            .map_or("an argument".to_string(), |a| format!("`{}`", shorten(a))),
                        name => format!("`{name}`"),
                    };
                    format!("`{{{spec}}}` formats {what}, whose type is not known")
                }),
            }
        }
    }

    /// A macro whose arguments do not parse as expressions: every identifier
    /// may name an item, and one after a `.` a method (of a type not known).
    fn tokens(&mut self, tokens: TokenStream) {
        let mut after_dot = false;
        for tt in tokens {
            let dot = matches!(&tt, TokenTree::Punct(p) if p.as_char() == '.');
            match tt {
                TokenTree::Ident(i) if after_dot => {
                    let name = i.unraw().to_string();
                    self.method_targets(None, &name, || {
                        format!("`.{name}` inside a macro whose arguments are no expressions")
                    })
                }
                TokenTree::Ident(i) => {
                    let name = i.unraw().to_string();
                    self.by_name(self.t.named(&name).collect(), || {
                        format!("`{name}` inside a macro whose arguments are no expressions")
                    });
                }
                TokenTree::Group(g) => self.tokens(g.stream()),
                TokenTree::Literal(_) | TokenTree::Punct(_) => {}
            }
            after_dot = dot;
        }
    }

    /// Binds an untyped closure's parameter to what `receiver` holds, for
    /// `.map(|x| …)` over an iterator or an option.
    fn closure_args(&mut self, receiver: Option<&Ty>, args: &Punctuated<Expr, Token![,]>) {
        let element = receiver.and_then(Ty::element);
        for arg in args {
            if let Expr::Closure(c) = arg
                && let Some(first) = c.inputs.first()
            {
                self.bind(first, element.clone());
            }
        }
    }
}

/// A number type, whose std methods (`min`, `saturating_mul`, `abs`) return one of its own.
fn is_primitive(name: &str) -> bool {
    matches!(
        name,
        "i8" | "i16"
            | "i32"
            | "i64"
            | "i128"
            | "isize"
            | "u8"
            | "u16"
            | "u32"
            | "u64"
            | "u128"
            | "usize"
            | "f32"
            | "f64"
    )
}

/// Binds the generic parameters in `param` to the parts of `arg` in their place.
fn unify(param: &Ty, arg: &Ty, generics: &BTreeSet<String>, bound: &mut HashMap<String, Ty>) {
    if generics.contains(&param.path) {
        bound
            .entry(param.path.clone())
            .or_insert_with(|| arg.clone());
        return;
    }
    let arg = match (param.path.as_str(), arg.name()) {
        // A table's `Rows` (and a `Vec`) passes where a slice is wanted.
        ("[]", "Rows" | "Vec") => Ty::named("[]", arg.args.clone()),
        _ => arg.clone(),
    };
    if param.path == arg.path {
        for (p, a) in param.args.iter().zip(&arg.args) {
            unify(p, a, generics, bound);
        }
    }
}

fn substitute(ty: Ty, bound: &HashMap<String, Ty>) -> Ty {
    match bound.get(&ty.path) {
        Some(b) => b.clone(),
        None => Ty {
            path: ty.path,
            args: ty.args.into_iter().map(|a| substitute(a, bound)).collect(),
        },
    }
}

impl<'ast> Visit<'ast> for Walk<'_, '_> {
    fn visit_local(&mut self, l: &'ast syn::Local) {
        let ty = l.init.as_ref().and_then(|i| self.type_of(&i.expr));
        if let (Pat::Ident(p), Some(init)) = (&l.pat, &l.init)
            && let Expr::Closure(c) = &*init.expr
        {
            self.closures.insert(p.ident.unraw().to_string(), c.clone());
        }
        if let Some(init) = &l.init {
            self.visit_expr(&init.expr);
            if let Some((_, diverge)) = &init.diverge {
                self.visit_expr(diverge);
            }
        }
        self.bind(&l.pat, ty);
    }

    fn visit_expr_let(&mut self, e: &'ast syn::ExprLet) {
        let ty = self.type_of(&e.expr);
        self.visit_expr(&e.expr);
        self.bind(&e.pat, ty);
    }

    fn visit_expr_for_loop(&mut self, e: &'ast syn::ExprForLoop) {
        let ty = self.type_of(&e.expr).and_then(|t| t.element());
        self.visit_expr(&e.expr);
        self.bind(&e.pat, ty);
        self.visit_block(&e.body);
    }

    fn visit_expr_match(&mut self, e: &'ast syn::ExprMatch) {
        let ty = self.type_of(&e.expr);
        self.visit_expr(&e.expr);
        for arm in &e.arms {
            self.bind(&arm.pat, ty.clone());
            if let Pat::Guard(g) = &arm.pat {
                self.visit_expr(&g.guard);
            }
            self.visit_expr(&arm.body);
        }
    }

    fn visit_expr_closure(&mut self, c: &'ast syn::ExprClosure) {
        for input in &c.inputs {
            if let Pat::Type(t) = input {
                let ty = self.ty(&t.ty);
                self.bind(&t.pat, ty);
            }
        }
        self.visit_expr(&c.body);
    }

    fn visit_expr_path(&mut self, e: &'ast syn::ExprPath) {
        let segments = Self::path_segments(&e.path);
        match (&e.qself, segments.last()) {
            // `<T as Trait>::f`: the impl of `T`.
            (Some(q), Some(last)) => {
                let ty = self.ty(&q.ty);
                self.method_targets(ty.as_ref(), last, || {
                    format!("`<{}>::{last}`: the type is not resolved", shorten(&*q.ty))
                });
            }
            // `::std::…`: another crate.
            _ if e.path.leading_colon.is_some() => {}
            _ if segments.len() == 1 && self.env.contains_key(&segments[0]) => {}
            _ => self.reach(self.t.paths(self.item, &segments), Via::Named),
        }
    }

    fn visit_expr_method_call(&mut self, e: &'ast syn::ExprMethodCall) {
        let receiver = self.type_of(&e.receiver);
        let name = e.method.unraw().to_string();
        self.method_targets(receiver.as_ref(), &name, || {
            format!(
                "`{}.{name}(…)`: the receiver's type is not known",
                shorten(&*e.receiver)
            )
        });
        self.visit_expr(&e.receiver);
        self.closure_args(receiver.as_ref(), &e.args);
        for arg in &e.args {
            self.visit_expr(arg);
        }
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        match m.parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated) {
            Ok(args) => {
                let args: Vec<Expr> = args.into_iter().collect();
                if let Some((i, s)) = args.iter().enumerate().find_map(|(i, a)| match a {
                    Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(s),
                        ..
                    }) => Some((i, s.value())),
                    _ => None,
                }) {
                    self.format_string(&s, &args[i + 1..]);
                }
                for arg in &args {
                    self.visit_expr(arg);
                }
            }
            Err(_) => self.tokens(m.tokens.clone()),
        }
    }
}

impl ResolverSource {
    /// Parses every `.rs` file under `root/rules/src` and types the calls of
    /// each item's body.
    pub fn scan(root: &std::path::Path) -> Result<ResolverSource, String> {
        let mut code = ResolverSource::parse(root)?;
        (code.calls, code.why) = graph(&code).into_iter().unzip();
        Ok(code)
    }

    /// The item at `path` with every item it reaches, sorted by path (then
    /// text, for two trait impls of one name); none when no item has that path.
    pub fn covered(&self, path: &str) -> Option<Vec<&Item>> {
        let mut items: Vec<&Item> = self
            .reach(path)?
            .into_iter()
            .map(|(i, _)| &self.items[i])
            .collect();
        items.sort_by(|a, b| (&a.path, &a.text).cmp(&(&b.path, &b.text)));
        Some(items)
    }

    /// The items `item` calls directly, by index.
    pub fn callees(&self, item: usize) -> impl Iterator<Item = usize> + '_ {
        self.calls[item].keys().copied()
    }

    /// Each call edge out of `items` taken by name only: the caller, the
    /// callee (by index) and why the receiver's type could not be told.
    pub fn by_name(&self, items: &[usize]) -> Vec<(usize, usize, &str)> {
        items
            .iter()
            .flat_map(|&i| {
                self.calls[i]
                    .iter()
                    .filter(|(_, via)| **via == Via::ByName)
                    .map(move |(&j, _)| (i, j, self.why[i].get(&j).map_or("", String::as_str)))
            })
            .collect()
    }

    /// Every item the item at `path` reaches (itself first), each with a
    /// shortest call path to it: the items after `path` on the way, and how
    /// each is reached.
    pub fn reach(&self, path: &str) -> Option<Vec<(usize, Way)>> {
        self.reach_with(path, false)
    }

    /// [`ResolverSource::reach`]; with `typed`, through typed calls only
    /// (no edge taken by name).
    pub fn reach_with(&self, path: &str, typed: bool) -> Option<Vec<(usize, Way)>> {
        let start = self.items.iter().position(|i| i.path == path)?;
        let mut found: Vec<(usize, Way)> = vec![(start, Vec::new())];
        let mut seen = BTreeSet::from([start]);
        let mut at = 0;
        while let Some((i, way)) = found.get(at).cloned() {
            for (&next, &via) in &self.calls[i] {
                if typed && via == Via::ByName {
                    continue;
                }
                if seen.insert(next) {
                    let mut longer = way.clone();
                    longer.push((next, via));
                    found.push((next, longer));
                }
            }
            at += 1;
        }
        Some(found)
    }

    /// Why `way` from the item at `path` takes its first edge by name.
    pub fn why_by_name(&self, path: &str, way: &Way) -> String {
        let start = self.items.iter().position(|i| i.path == path);
        let froms = start.into_iter().chain(way.iter().map(|(j, _)| *j));
        froms
            .zip(way)
            .find(|(_, (_, via))| *via == Via::ByName)
            .and_then(|(from, (to, _))| {
                let why = self.why[from].get(to)?;
                Some(format!("in `{}`, {why}", self.items[from].path))
            })
            .unwrap_or_else(|| "the receiver's type is not known".to_string())
    }
}

/// Some code as written, cut to a few words, to say where a call is.
fn shorten(code: &dyn quote::ToTokens) -> String {
    let text = quote::ToTokens::to_token_stream(code).to_string();
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// The items' paths and source, in the order given: what one checksum covers.
pub fn text_of(items: &[&Item]) -> String {
    items
        .iter()
        .map(|i| format!("// {}\n{}\n", i.path, i.text))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::text_of;
    use crate::{ResolverSource, scan_fixture};

    const TABLE: &str = "
use std::fmt;
pub struct Range { pub lo: i32 }
impl Range {
    pub fn contains(&self, x: i32) -> bool { x >= self.lo }
    pub fn wide(lo: i32) -> Range { Range { lo } }
}
impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, \"{}\", self.lo) }
}
pub struct Row { pub band: Range, pub dice: crate::dice::Dice }
pub fn band_of<R>(rows: &[R], x: i32) -> Option<&R> { step(x); rows.first() }
fn step(x: i32) -> i32 { x }
pub fn unused() {}
";

    const DICE: &str = "
pub struct Dice { pub n: i32 }
impl Dice {
    pub fn contains(&self, x: i32) -> bool { x < self.n }
    pub fn d6(n: i32) -> Dice { Dice { n } }
}
impl std::fmt::Display for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, \"{}d6\", self.n) }
}
impl std::fmt::Debug for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str(\"dice\") }
}
";

    const FALLING: &str = "
use crate::table::{band_of, Range, Row};
use crate::dice::Dice;
use super::armor;

const LIMIT: i32 = 3;
const ROWS: [Row; 0] = [];

pub fn fall(x: i32) -> i32 {
    let r = Range { lo: LIMIT };
    let _ = r.contains(x);
    armor::guard(x)
}

pub fn typed(rows: &[Row], d: Dice) -> String {
    let row = band_of(rows, 1).unwrap();
    let wide = Range::wide(2);
    format!(\"{} {:?} {wide} {}\", row.band, d, d.contains(1))
}

pub fn rows() -> bool { ROWS.iter().any(|row| row.band.contains(1)) }

pub fn untyped(things: Vec<i32>) -> bool { things.iter().map(|t| t.lo).any(|lo| lo.contains(1)) }

pub fn quick() -> String { format!(\"{}\", Helper::make()) }

pub fn passes() -> Vec<i32> { vec![1].into_iter().map(helper).collect() }

fn helper(x: i32) -> i32 { x }

struct Helper;
impl Helper {
    fn make() -> i32 { Self::inner() }
    fn inner() -> i32 { 1 }
}

#[cfg(test)]
mod tests {
    #[test]
    fn t() { super::super::armor::guard(1); }
}
";

    const ARMOR: &str = "
pub fn guard(x: i32) -> i32 { super::falling::helper(x) }
pub fn alone() -> i32 { 0 }
";

    fn code() -> ResolverSource {
        scan_fixture(&[
            ("table.rs", TABLE),
            ("dice.rs", DICE),
            ("action/falling.rs", FALLING),
            ("action/armor.rs", ARMOR),
        ])
    }

    /// What `path` reaches: each item with the way to it, `a > b (via)`.
    fn reach(code: &ResolverSource, path: &str) -> Vec<String> {
        let mut out: Vec<String> = code
            .reach(path)
            .expect("the item exists")
            .into_iter()
            .skip(1)
            .map(|(i, way)| {
                let steps: Vec<String> = way
                    .iter()
                    .map(|(j, via)| format!("{} ({via:?})", code.items[*j].path))
                    .collect();
                format!("{}: {}", code.items[i].path, steps.join(" > "))
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn follows_imports_module_paths_methods_and_constants_transitively() {
        assert_eq!(
            reach(&code(), "action::falling::fall"),
            [
                "action::armor::guard: action::armor::guard (Named)",
                "action::falling::LIMIT: action::falling::LIMIT (Named)",
                "action::falling::helper: action::armor::guard (Named) > action::falling::helper (Named)",
                "table::Range::contains: table::Range::contains (Method)",
            ],
            "`r.contains` is Range's, not Dice's"
        );
    }

    #[test]
    fn a_format_reaches_the_display_of_what_it_formats_and_a_method_its_receiver_s_impl() {
        assert_eq!(
            reach(&code(), "action::falling::typed"),
            [
                "dice::Dice::contains: dice::Dice::contains (Method)",
                "dice::Dice::fmt: dice::Dice::fmt (Format)",
                "table::Range::fmt: table::Range::fmt (Format)",
                "table::Range::wide: table::Range::wide (Named)",
                "table::band_of: table::band_of (Named)",
                "table::step: table::band_of (Named) > table::step (Named)",
            ]
        );
        let code = code();
        let fmts: Vec<&str> = code
            .covered("action::falling::typed")
            .expect("typed")
            .iter()
            .filter(|i| i.name == "fmt")
            .map(|i| i.text.as_str())
            .collect();
        assert_eq!(fmts.len(), 2, "Range's Display and Dice's Debug: {fmts:?}");
        assert!(
            fmts.iter().any(|t| t.contains("write_str(\"dice\")")),
            "{{:?}} reaches Debug, not Display: {fmts:?}"
        );
        assert_eq!(
            reach(&code, "action::falling::quick"),
            [
                "action::falling::Helper::inner: action::falling::Helper::make (Named) > action::falling::Helper::inner (Named)",
                "action::falling::Helper::make: action::falling::Helper::make (Named)",
            ],
            "an i32 formatted reaches no Display of ours"
        );
    }

    #[test]
    fn a_closure_over_typed_rows_is_typed_and_an_unknown_receiver_reaches_every_method_so_named() {
        let code = code();
        assert_eq!(
            reach(&code, "action::falling::rows"),
            [
                "action::falling::ROWS: action::falling::ROWS (Named)",
                "table::Range::contains: table::Range::contains (Method)",
            ]
        );
        assert_eq!(
            reach(&code, "action::falling::untyped"),
            [
                "dice::Dice::contains: dice::Dice::contains (ByName)",
                "table::Range::contains: table::Range::contains (ByName)",
            ]
        );
        assert_eq!(
            reach(&code, "action::falling::passes"),
            ["action::falling::helper: action::falling::helper (Named)"]
        );
        assert!(reach(&code, "action::armor::alone").is_empty());
        assert!(code.covered("action::falling::missing").is_none());
    }

    #[test]
    fn a_type_named_through_a_re_export_is_the_type_it_re_exports() {
        let cells = "
use std::fmt;
pub struct Label { pub name: &'static str }
impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.name) }
}
pub struct Other;
impl fmt::Display for Other {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(\"o\") }
}
";
        let armor = "
pub struct Armor { pub item: crate::table::Label }
pub fn show(a: &Armor) -> String { format!(\"{}\", a.item) }
";
        let code = scan_fixture(&[
            ("table.rs", "pub mod cells;\npub use cells::Label;\n"),
            ("table/cells.rs", cells),
            ("action/armor.rs", armor),
        ]);
        assert_eq!(
            reach(&code, "action::armor::show"),
            ["table::cells::Label::fmt: table::cells::Label::fmt (Format)"]
        );
    }

    #[test]
    fn the_covered_text_changes_with_any_covered_body_and_only_then() {
        let files = |table: &str, armor: &str| {
            scan_fixture(&[
                ("table.rs", table),
                ("dice.rs", DICE),
                ("action/falling.rs", FALLING),
                ("action/armor.rs", armor),
            ])
        };
        // What a review stamp's checksum is taken over.
        let sum = |code: &ResolverSource| {
            text_of(&code.covered("action::falling::typed").expect("typed"))
        };
        let before = sum(&code());
        let edited = TABLE.replace(
            "fn step(x: i32) -> i32 { x }",
            "fn step(x: i32) -> i32 { x + 1 }",
        );
        assert_ne!(
            before,
            sum(&files(&edited, ARMOR)),
            "a helper two calls away changed"
        );
        let elsewhere = TABLE.replace(
            "pub fn unused() {}",
            "pub fn unused() { band_of(&[1], 1); }",
        );
        assert_eq!(
            before,
            sum(&files(&elsewhere, &format!("\n\n{ARMOR}"))),
            "an uncalled function changed and another file moved down"
        );
    }
}
