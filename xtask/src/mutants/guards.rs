//! The calls of the guards of `rules/src/bounds.rs` (`non_negative`,
//! `at_least`, …) in the resolver, each guarded figure traced back to what
//! gives it. A figure that only ever comes straight from inputs of rules
//! whose declared domains lie inside the guard's bounds can never be refused
//! by the guard through the registry: `rules::value::signature::run` refuses
//! it first. No example can pin such a guard, and cargo-mutants does not
//! mutate call sites, so the record lists each one kept, with why
//! ([`KeptGuards`]), and its freshness test holds that list to this scan.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::rc::Rc;

use codegen::Book;
use codegen::model::cell::{CellValue, DiceSpec};
use codegen::model::{Param, Rule, TableKind, ValueType};
use serde::{Deserialize, Serialize};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Expr, Pat};

use resolver_source::{Body, Item, ResolverSource, absolute, resolver_path};

/// The guards of `rules::bounds`, by name.
pub const GUARDS: [&str; 5] = [
    "non_negative",
    "at_least",
    "no_negative_amount",
    "rolled",
    "named",
];

/// One figure a guard holds, where it holds it, and what reaches it.
#[derive(Debug, Clone, PartialEq)]
pub struct Guarded {
    pub file: String,
    pub line: usize,
    /// The function that calls the guard: `fall`, or `Type::method`.
    pub function: String,
    pub guard: String,
    /// The figure's label, as the guard's refusal names it (the label's
    /// expression when it is no literal: `row.score`).
    pub figure: String,
    /// What gives the figure: `g.speed`; for the figures of an iterator, what
    /// it iterates: `g.distances.iter()`.
    pub expr: String,
    /// The figures the guard lets through; none for a name, or a bound the
    /// scan cannot read.
    pub bounds: Option<Bounds>,
    pub reach: Reach,
}

/// The figures a guard lets through, both bounds included.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    pub lo: f64,
    pub hi: Option<f64>,
}

/// As a rule block writes a domain: `0..`, `3..=18`.
impl fmt::Display for Bounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..", self.lo)?;
        match self.hi {
            Some(hi) => write!(f, "={hi}"),
            None => Ok(()),
        }
    }
}

/// Whether a figure the guard refuses can reach it through the registry.
#[derive(Debug, Clone, PartialEq)]
pub enum Reach {
    /// No: it comes only from these inputs (`action/falling.object-impact: speed`), whose
    /// declared domains the registry holds inputs to first.
    Refused(Vec<String>),
    /// Yes, or the scan cannot tell; why.
    Reachable(String),
}

/// The guards of one file that its rules' domains make unreachable through
/// the registry, kept for the callers outside it, and why (written by hand).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeptGuards {
    /// Who calls these functions with figures that did not pass the
    /// registry; empty until written.
    pub reason: String,
    #[serde(default)]
    pub kept: Vec<KeptGuard>,
}

/// One guarded figure, as the record lists it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeptGuard {
    pub function: String,
    pub guard: String,
    pub figure: String,
    pub expr: String,
    /// What the guard lets through, as a domain is written: `0..`.
    pub bounds: String,
    /// The inputs the figure comes from: `action/falling.object-impact: speed`.
    pub inputs: Vec<String>,
}

impl Guarded {
    /// Its entry in the record, when the domains refuse first what it refuses.
    pub fn kept(&self) -> Option<KeptGuard> {
        let (Reach::Refused(inputs), Some(bounds)) = (&self.reach, self.bounds) else {
            return None;
        };
        Some(KeptGuard {
            function: self.function.clone(),
            guard: self.guard.clone(),
            figure: self.figure.clone(),
            expr: self.expr.clone(),
            bounds: bounds.to_string(),
            inputs: inputs.clone(),
        })
    }
}

/// The guards each file keeps that the domains make unreachable, by file,
/// each file's in a fixed order.
pub fn unreachable(found: &[Guarded]) -> BTreeMap<String, Vec<KeptGuard>> {
    let mut out: BTreeMap<String, Vec<KeptGuard>> = BTreeMap::new();
    for g in found {
        if let Some(k) = g.kept() {
            out.entry(g.file.clone()).or_default().push(k);
        }
    }
    for kept in out.values_mut() {
        kept.sort();
    }
    out
}

/// Every figure that a guard of `rules::bounds` holds in the resolver, in
/// file and line order.
pub fn scan(code: &ResolverSource, book: &Book) -> Vec<Guarded> {
    let scan = Scan::new(code, book);
    let mut out = Vec::new();
    for (i, item) in code.items.iter().enumerate() {
        if item.module == "bounds" {
            continue;
        }
        let Body::Block(block) = &item.body else {
            continue;
        };
        let fun = scan.function(i);
        let mut walk = Walk::new(&scan, &fun, None);
        walk.visit_block(block);
        for site in walk.sites {
            out.extend(scan.figures(&fun, &site));
        }
    }
    out.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
    out
}

/// The resolver and the book, read together.
struct Scan<'a> {
    code: &'a ResolverSource,
    book: &'a Book,
    /// Each rule's function, by its path (`action::falling::fall`): its system and rule.
    resolves: BTreeMap<String, (&'a str, &'a Rule)>,
}

/// A function of the resolver, with what its parameters are.
struct Function<'a> {
    index: usize,
    item: &'a Item,
    /// The name of the parameter that is a rule's `Given`, and the rule.
    given: Option<(String, &'a str, &'a Rule)>,
    /// Its parameters: the names in scope as its body starts.
    params: Scope<'a>,
}

/// What a name is bound to.
#[derive(Clone, Copy)]
enum Source<'a> {
    /// What an expression gives: `let x = e`, or the part of it a pattern
    /// takes (`if let Some(x) = e`, `for x in e`, the `Some(x)` of a match
    /// arm's `(_, Some(x))` on `(a, e)`): the figures `x` can be are `e`'s.
    Expr(&'a Expr),
    /// The function's parameter at this position, or the element of the
    /// tuple it is at that position.
    Param(usize, Option<usize>),
    /// Anything else: a closure's parameter, a binding of a struct pattern.
    Other,
}

/// The names in scope at a point of a body, newest first; each binding
/// remembers the scope its expression is read in.
#[derive(Clone, Default)]
struct Scope<'a>(Option<Rc<Binding<'a>>>);

struct Binding<'a> {
    name: String,
    source: Source<'a>,
    outer: Scope<'a>,
}

impl<'a> Scope<'a> {
    fn with(&self, name: String, source: Source<'a>) -> Scope<'a> {
        Scope(Some(Rc::new(Binding {
            name,
            source,
            outer: self.clone(),
        })))
    }

    /// What `name` is bound to here, and the scope its expression is read in.
    fn lookup(&self, name: &str) -> Option<(Source<'a>, Scope<'a>)> {
        let mut at = self.0.as_ref();
        while let Some(b) = at {
            if b.name == name {
                return Some((b.source, b.outer.clone()));
            }
            at = b.outer.0.as_ref();
        }
        None
    }
}

/// A call a walk looked for (of a guard, or of the function whose callers
/// are read), with the names in scope there.
struct Site<'a> {
    guard: &'static str,
    call: &'a syn::ExprCall,
    scope: Scope<'a>,
}

/// One input a figure comes from.
struct Origin<'a> {
    system: &'a str,
    rule: &'a Rule,
    param: &'a Param,
    /// Read with `unwrap_or_default()`: an absent input gives 0.
    defaulted: bool,
}

/// How deep a figure is followed through bindings and callers.
const DEPTH: usize = 12;

impl<'a> Scan<'a> {
    fn new(code: &'a ResolverSource, book: &'a Book) -> Self {
        let mut resolves = BTreeMap::new();
        for (s, c) in book.chapters() {
            for rule in &c.rules {
                resolves.insert(
                    resolver_path(&s.id, &c.id, &rule.name),
                    (s.id.as_str(), rule),
                );
            }
        }
        Scan {
            code,
            book,
            resolves,
        }
    }

    /// Item `index` read as a function.
    fn function(&self, index: usize) -> Function<'a> {
        let item = &self.code.items[index];
        let mut params = Scope::default();
        let mut given = None;
        let inputs = item
            .sig
            .iter()
            .flat_map(|sig| sig.inputs.iter().enumerate());
        for (i, input) in inputs {
            let syn::FnArg::Typed(t) = input else {
                continue;
            };
            match &*t.pat {
                Pat::Ident(p) => {
                    let name = p.ident.unraw().to_string();
                    let rule = given_of(&t.ty)
                        .and_then(|r| self.resolves.get(&format!("{}::{r}", item.module)));
                    if let Some((system, rule)) = rule {
                        given = Some((name.clone(), *system, *rule));
                    }
                    params = params.with(name, Source::Param(i, None));
                }
                Pat::Tuple(tuple) => {
                    for (k, elem) in tuple.elems.iter().enumerate() {
                        if let Pat::Ident(p) = elem {
                            let name = p.ident.unraw().to_string();
                            params = params.with(name, Source::Param(i, Some(k)));
                        }
                    }
                }
                _ => {}
            }
        }
        Function {
            index,
            item,
            given,
            params,
        }
    }

    /// The text of `node` in its file, its white space runs made one space.
    fn text(&self, item: &Item, node: &impl Spanned) -> String {
        let range = node.span().byte_range();
        let source = self
            .code
            .files
            .iter()
            .find(|(f, _)| *f == item.file)
            .and_then(|(_, text)| text.get(range));
        source
            .unwrap_or_default()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The figures of one call of a guard, each with where it comes from.
    fn figures(&self, fun: &Function<'a>, site: &Site<'a>) -> Vec<Guarded> {
        let (item, guard, call, scope) = (fun.item, site.guard, site.call, &site.scope);
        let takes_bound = matches!(guard, "at_least" | "rolled");
        let args: Vec<&Expr> = call.args.iter().collect();
        let bounds = self.bounds(item, guard, args.first().copied());
        let Some(arg) = args.get(usize::from(takes_bound)).copied() else {
            return Vec::new();
        };
        let guarded = |figure: String, expr: String, reach: Reach| Guarded {
            file: item.file.clone(),
            line: call.span().start().line,
            function: match &item.owner {
                Some(o) => format!("{o}::{}", item.name),
                None => item.name.clone(),
            },
            guard: guard.to_string(),
            figure,
            expr,
            bounds,
            reach,
        };
        let judge = |origins: Result<Vec<Origin>, String>| match bounds {
            None => Reach::Reachable(match guard {
                "named" => "a name has no domain: the registry passes any text".to_string(),
                _ => "its bound is neither a literal nor a constant of the book".to_string(),
            }),
            Some(b) => origins
                .and_then(|o| refused(&o, b))
                .map_or_else(Reach::Reachable, Reach::Refused),
        };
        match strip(arg) {
            Expr::Array(a) => a
                .elems
                .iter()
                .map(|e| match e {
                    Expr::Tuple(t) if t.elems.len() == 2 => {
                        let value = &t.elems[1];
                        let origins = self.origins(fun, value, scope, 0, &mut BTreeSet::new());
                        guarded(
                            self.label(item, &t.elems[0]),
                            self.text(item, value),
                            judge(origins),
                        )
                    }
                    other => guarded(
                        self.text(item, other),
                        self.text(item, other),
                        Reach::Reachable("a figure with no label".to_string()),
                    ),
                })
                .collect(),
            // `xs.iter().map(|&x| ("a label", x))`: each figure of `xs`.
            Expr::MethodCall(m) if m.method == "map" && m.args.len() == 1 => {
                let each = match m.args.first() {
                    Some(Expr::Closure(c)) => labelled_each(c),
                    _ => None,
                };
                match each {
                    Some(label) => {
                        let origins =
                            self.origins(fun, &m.receiver, scope, 0, &mut BTreeSet::new());
                        vec![guarded(
                            self.label(item, label),
                            self.text(item, &m.receiver),
                            judge(origins),
                        )]
                    }
                    None => vec![guarded(
                        self.text(item, arg),
                        self.text(item, arg),
                        Reach::Reachable("its figures are computed".to_string()),
                    )],
                }
            }
            other => vec![guarded(
                self.text(item, other),
                self.text(item, other),
                Reach::Reachable("its figures are computed".to_string()),
            )],
        }
    }

    /// A label's text: a literal's value, any other expression as written.
    fn label(&self, item: &Item, e: &Expr) -> String {
        match strip(e) {
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => s.value(),
            other => self.text(item, other),
        }
    }

    /// What `guard` lets through, read from its first argument where it takes one.
    fn bounds(&self, item: &Item, guard: &str, first: Option<&Expr>) -> Option<Bounds> {
        match guard {
            "non_negative" | "no_negative_amount" => Some(Bounds { lo: 0.0, hi: None }),
            "at_least" => int_literal(first?).map(|lo| Bounds {
                lo: lo as f64,
                hi: None,
            }),
            "rolled" => {
                let Expr::Path(p) = strip(first?) else {
                    return None;
                };
                let name = p.path.segments.last()?.ident.unraw().to_string();
                let d = self.dice(&super::data::system_of(&item.file), &name)?;
                Some(Bounds {
                    lo: (d.count + d.bonus) as f64,
                    hi: Some((d.count * d.sides + d.bonus) as f64),
                })
            }
            _ => None,
        }
    }

    /// The dice of the constant `name` of `system`'s constants tables.
    fn dice(&self, system: &str, name: &str) -> Option<DiceSpec> {
        let tables = self
            .book
            .chapters()
            .filter(|(s, _)| s.id == system)
            .flat_map(|(_, c)| &c.tables)
            .filter(|t| t.kind == TableKind::Constants);
        tables
            .flat_map(|t| t.constant_rows().map(move |(n, row)| (n, t.cells_of(row))))
            .filter(|(n, _)| *n == name)
            .find_map(|(_, cells)| {
                cells.iter().find_map(|c| match &c.value {
                    CellValue::Dice(d) => Some(*d),
                    _ => None,
                })
            })
    }

    /// The inputs `e` comes from in `fun`, or why it is not only inputs.
    fn origins(
        &self,
        fun: &Function<'a>,
        e: &'a Expr,
        scope: &Scope<'a>,
        depth: usize,
        seen: &mut BTreeSet<(usize, usize)>,
    ) -> Result<Vec<Origin<'a>>, String> {
        if depth > DEPTH {
            return Err("it is bound too deep to follow".to_string());
        }
        let e = strip(e);
        match e {
            Expr::MethodCall(m) if m.args.is_empty() && m.method == "unwrap_or_default" => {
                let mut o = self.origins(fun, &m.receiver, scope, depth + 1, seen)?;
                o.iter_mut().for_each(|o| o.defaulted = true);
                Ok(o)
            }
            Expr::MethodCall(m)
                if m.args.is_empty()
                    && ["into", "clone", "iter", "into_iter", "copied", "cloned"]
                        .iter()
                        .any(|n| m.method == n) =>
            {
                self.origins(fun, &m.receiver, scope, depth + 1, seen)
            }
            Expr::MethodCall(m) if m.method == "chain" && m.args.len() == 1 => {
                let mut o = self.origins(fun, &m.receiver, scope, depth + 1, seen)?;
                o.extend(self.origins(fun, &m.args[0], scope, depth + 1, seen)?);
                Ok(o)
            }
            Expr::Array(a) => {
                let mut o = Vec::new();
                for e in &a.elems {
                    o.extend(self.origins(fun, e, scope, depth + 1, seen)?);
                }
                Ok(o)
            }
            Expr::Field(f) => {
                let (Some((given, system, rule)), Expr::Path(base), syn::Member::Named(field)) =
                    (&fun.given, strip(&f.base), &f.member)
                else {
                    return Err("it is computed".to_string());
                };
                if !base.path.is_ident(given) {
                    return Err("it is computed".to_string());
                }
                let field = field.unraw().to_string();
                let param = rule
                    .given
                    .iter()
                    .find(|p| codegen::lint::rust_name(&p.name) == field)
                    .ok_or_else(|| format!("`{field}` is no input of `{}`", rule.id))?;
                Ok(vec![Origin {
                    system,
                    rule,
                    param,
                    defaulted: false,
                }])
            }
            Expr::Path(p) if p.path.get_ident().is_some() => {
                let name = p.path.segments[0].ident.unraw().to_string();
                match scope.lookup(&name) {
                    Some((Source::Expr(e), outer)) => self.origins(fun, e, &outer, depth + 1, seen),
                    Some((Source::Param(i, part), _)) => self.passed(fun, i, part, depth + 1, seen),
                    Some((Source::Other, _)) => Err(format!(
                        "`{name}` is bound by a closure or a pattern the scan does not follow"
                    )),
                    None => Err(format!("`{name}` is no local name")),
                }
            }
            _ => Err("it is computed".to_string()),
        }
    }

    /// The inputs that every call of `fun` passes as its parameter `at` (or
    /// as the element `part` of that tuple).
    fn passed(
        &self,
        fun: &Function<'a>,
        at: usize,
        part: Option<usize>,
        depth: usize,
        seen: &mut BTreeSet<(usize, usize)>,
    ) -> Result<Vec<Origin<'a>>, String> {
        let name = &fun.item.name;
        if fun.item.owner.is_some() {
            return Err(format!("`{name}` is a method"));
        }
        if !seen.insert((fun.index, at)) {
            return Err(format!("`{name}` calls itself"));
        }
        let callers: Vec<usize> = (0..self.code.items.len())
            .filter(|&c| self.code.calls[c].contains_key(&fun.index))
            .collect();
        if callers.is_empty() {
            return Err(format!("no function of the resolver calls `{name}`"));
        }
        let mut out = Vec::new();
        for c in callers {
            let caller = self.function(c);
            let Body::Block(block) = &caller.item.body else {
                return Err(format!("`{name}` is named in `{}`", caller.item.name));
            };
            let mut walk = Walk::new(self, &caller, Some(fun.item));
            walk.visit_block(block);
            if walk.sites.is_empty() || walk.named > 0 {
                return Err(format!(
                    "`{}` names `{name}` other than in a call",
                    caller.item.name
                ));
            }
            for site in walk.sites {
                let arg = site
                    .call
                    .args
                    .iter()
                    .nth(at)
                    .ok_or_else(|| format!("a call of `{name}` with too few arguments"))?;
                let arg = match (part, strip(arg)) {
                    (None, _) => arg,
                    (Some(k), Expr::Tuple(t)) if k < t.elems.len() => &t.elems[k],
                    (Some(_), _) => {
                        return Err(format!("a call of `{name}` passes its tuple whole"));
                    }
                };
                out.extend(self.origins(&caller, arg, &site.scope, depth + 1, seen)?);
            }
        }
        seen.remove(&(fun.index, at));
        Ok(out)
    }

    /// The path a call's function resolves to in `module`, from the crate's root.
    fn resolve(&self, module: &str, path: &syn::Path) -> Vec<String> {
        let segments: Vec<String> = path
            .segments
            .iter()
            .map(|s| s.ident.unraw().to_string())
            .collect();
        let imported = self
            .code
            .scopes
            .get(module)
            .and_then(|s| s.imports.get(&segments[0]));
        match imported {
            Some(target) => target.iter().chain(&segments[1..]).cloned().collect(),
            None if segments.len() == 1 => {
                absolute(module, &["self".to_string(), segments[0].clone()])
            }
            None => absolute(module, &segments),
        }
    }
}

/// Whether each origin's domain lies inside `bounds` (0 as well, for an
/// absent input read as 0): the inputs, or why not.
fn refused(origins: &[Origin], bounds: Bounds) -> Result<Vec<String>, String> {
    let mut inputs = BTreeSet::new();
    for o in origins {
        let name = format!("{}/{}: {}", o.system, o.rule.id, o.param.name);
        let number = matches!(
            o.param.ty,
            ValueType::Int | ValueType::IntList | ValueType::Decimal | ValueType::DecimalList
        );
        let inside = |lo: Option<f64>, hi: Option<f64>| {
            lo.is_some_and(|lo| lo >= bounds.lo)
                && bounds.hi.is_none_or(|b| hi.is_some_and(|hi| hi <= b))
        };
        let domain = o.param.domain.filter(|_| number);
        match domain {
            None => return Err(format!("`{name}` has no domain")),
            Some(d) if !inside(d.lo, d.hi) => {
                return Err(format!("the domain of `{name}` is wider than {bounds}"));
            }
            _ => {}
        }
        if o.defaulted && o.param.optional && !inside(Some(0.0), Some(0.0)) {
            return Err(format!("`{name}` left out reads as 0, outside {bounds}"));
        }
        inputs.insert(name);
    }
    if inputs.is_empty() {
        return Err("it holds no figure".to_string());
    }
    Ok(inputs.into_iter().collect())
}

/// The rule whose `Given` a parameter's type is (`&fall::Given`: `fall`),
/// as the module of the function names it.
fn given_of(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Reference(r) => given_of(&r.elem),
        syn::Type::Path(p) => match &p.path.segments.iter().collect::<Vec<_>>()[..] {
            [.., rule, last] if last.ident == "Given" => Some(rule.ident.unraw().to_string()),
            _ => None,
        },
        _ => None,
    }
}

/// `e` without parentheses, borrows and dereferences, which change no figure.
fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip(&p.expr),
        Expr::Group(g) => strip(&g.expr),
        Expr::Reference(r) => strip(&r.expr),
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => strip(&u.expr),
        _ => e,
    }
}

/// A whole-number literal, negative ones included.
fn int_literal(e: &Expr) -> Option<i64> {
    match strip(e) {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(n),
            ..
        }) => n.base10_parse().ok(),
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => int_literal(&u.expr).map(|n| -n),
        _ => None,
    }
}

/// The label of `|x| ("a label", x)` (or `|&x|`): a closure that labels
/// each figure it is given, unchanged.
fn labelled_each(c: &syn::ExprClosure) -> Option<&Expr> {
    let [input] = c.inputs.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    let input = match input {
        Pat::Reference(r) => &*r.pat,
        p => p,
    };
    let Pat::Ident(x) = input else { return None };
    match strip(&c.body) {
        Expr::Tuple(t) if t.elems.len() == 2 => match strip(&t.elems[1]) {
            Expr::Path(p) if p.path.is_ident(&x.ident) => Some(&t.elems[0]),
            _ => None,
        },
        _ => None,
    }
}

/// A walk of a body that keeps the names in scope and collects the calls of
/// the guards, or, given a `callee`, the calls of that function (and counts
/// where it is named otherwise: passed as a value).
struct Walk<'s, 'a> {
    scan: &'s Scan<'a>,
    module: &'a str,
    callee: Option<&'a Item>,
    scope: Scope<'a>,
    sites: Vec<Site<'a>>,
    named: usize,
}

impl<'s, 'a> Walk<'s, 'a> {
    fn new(scan: &'s Scan<'a>, fun: &Function<'a>, callee: Option<&'a Item>) -> Self {
        Walk {
            scan,
            module: &fun.item.module,
            callee,
            scope: fun.params.clone(),
            sites: Vec::new(),
            named: 0,
        }
    }

    /// The guard a path names, or `""` for the callee looked for.
    fn looked_for(&self, path: &syn::Path) -> Option<&'static str> {
        let target = self.scan.resolve(self.module, path);
        match self.callee {
            Some(callee) => (target.join("::") == callee.path).then_some(""),
            None => match &target[..] {
                [module, name] if module == "bounds" => GUARDS.iter().find(|g| *g == name).copied(),
                _ => None,
            },
        }
    }

    /// Binds the names of `pat`, matched against `value` where one is known:
    /// a name takes the value whole, a tuple pattern a tuple element by
    /// element, `Some(p)` the option's figure; any other name is `Other`.
    fn bind(&mut self, pat: &'a Pat, value: Option<&'a Expr>) {
        match (pat, value.map(strip)) {
            (Pat::Ident(p), v) if p.subpat.is_none() => {
                let source = v.map_or(Source::Other, Source::Expr);
                self.scope = self.scope.with(p.ident.unraw().to_string(), source);
            }
            (Pat::Type(t), v) => self.bind(&t.pat, v),
            (Pat::Reference(r), v) => self.bind(&r.pat, v),
            (Pat::Paren(p), v) => self.bind(&p.pat, v),
            (Pat::Guard(g), v) => self.bind(&g.pat, v),
            (Pat::Tuple(t), Some(Expr::Tuple(e))) if t.elems.len() == e.elems.len() => {
                for (p, v) in t.elems.iter().zip(&e.elems) {
                    self.bind(p, Some(v));
                }
            }
            (Pat::TupleStruct(t), v) if t.path.is_ident("Some") && t.elems.len() == 1 => {
                self.bind(&t.elems[0], v);
            }
            (other, _) => {
                let mut names = Names(Vec::new());
                names.visit_pat(other);
                for n in names.0 {
                    self.scope = self.scope.with(n, Source::Other);
                }
            }
        }
    }

    /// Walks with `inner` in a scope of its own, which ends with it.
    fn nested(&mut self, inner: impl FnOnce(&mut Self)) {
        let outer = self.scope.clone();
        inner(self);
        self.scope = outer;
    }
}

impl<'a> Visit<'a> for Walk<'_, 'a> {
    fn visit_block(&mut self, b: &'a syn::Block) {
        self.nested(|w| syn::visit::visit_block(w, b));
    }

    fn visit_local(&mut self, l: &'a syn::Local) {
        if let Some(init) = &l.init {
            self.visit_expr(&init.expr);
            if let Some((_, diverge)) = &init.diverge {
                self.visit_expr(diverge);
            }
        }
        self.bind(&l.pat, l.init.as_ref().map(|i| &*i.expr));
    }

    fn visit_expr_let(&mut self, e: &'a syn::ExprLet) {
        self.visit_expr(&e.expr);
        self.bind(&e.pat, Some(&e.expr));
    }

    fn visit_expr_if(&mut self, e: &'a syn::ExprIf) {
        // What the condition's `let`s bind is in scope in its branch only.
        self.nested(|w| {
            w.visit_expr(&e.cond);
            w.visit_block(&e.then_branch);
        });
        if let Some((_, other)) = &e.else_branch {
            self.visit_expr(other);
        }
    }

    fn visit_expr_while(&mut self, e: &'a syn::ExprWhile) {
        self.nested(|w| {
            w.visit_expr(&e.cond);
            w.visit_block(&e.body);
        });
    }

    fn visit_expr_for_loop(&mut self, e: &'a syn::ExprForLoop) {
        self.visit_expr(&e.expr);
        self.nested(|w| {
            w.bind(&e.pat, Some(&e.expr));
            w.visit_block(&e.body);
        });
    }

    fn visit_expr_match(&mut self, e: &'a syn::ExprMatch) {
        self.visit_expr(&e.expr);
        for arm in &e.arms {
            self.nested(|w| {
                w.bind(&arm.pat, Some(&e.expr));
                if let Pat::Guard(g) = &arm.pat {
                    w.visit_expr(&g.guard);
                }
                w.visit_expr(&arm.body);
            });
        }
    }

    fn visit_expr_closure(&mut self, c: &'a syn::ExprClosure) {
        self.nested(|w| {
            for p in &c.inputs {
                w.bind(p, None);
            }
            w.visit_expr(&c.body);
        });
    }

    fn visit_expr_call(&mut self, call: &'a syn::ExprCall) {
        match &*call.func {
            Expr::Path(p) if let Some(guard) = self.looked_for(&p.path) => {
                self.sites.push(Site {
                    guard,
                    call,
                    scope: self.scope.clone(),
                });
            }
            func => self.visit_expr(func),
        }
        for a in &call.args {
            self.visit_expr(a);
        }
    }

    fn visit_expr_path(&mut self, p: &'a syn::ExprPath) {
        if self.callee.is_some() && self.looked_for(&p.path).is_some() {
            self.named += 1;
        }
    }
}

/// The names a pattern binds.
struct Names(Vec<String>);

impl<'a> Visit<'a> for Names {
    fn visit_pat_ident(&mut self, p: &'a syn::PatIdent) {
        self.0.push(p.ident.unraw().to_string());
        syn::visit::visit_pat_ident(self, p);
    }
}

#[cfg(test)]
mod tests {
    use super::{Reach, scan};
    use resolver_source::ResolverSource;

    const CHAPTER: &str = r#"+++
system = "demo"
title = "Demo"
version = "1"
[source]
book = "Demo"
section = "Demo"
+++

# Demo {#demo}

```rule hit
[given]
level = "int 0.."
wide = "int -3.."
extra = "int? 1.."
who = "text"
[outputs]
total = "int"
```
"#;

    const RESOLVER: &str = r#"
use crate::bounds::{at_least, named, non_negative};
use crate::spec::demo::demo::hit;

pub fn hit(g: &hit::Given, t: &mut Trace) -> Result<hit::Outcome, RuleError> {
    non_negative([("a level", g.level), ("wide", g.wide)])?;
    at_least(1, [("extra or none", g.extra.unwrap_or_default())])?;
    if let Some(x) = g.extra {
        at_least(1, [("extra", x)])?;
    }
    let total = g.level + 1;
    non_negative([("total", total)])?;
    named([("who", g.who.as_str())])?;
    helper(g.level)?;
    Ok(hit::Outcome { total })
}

fn helper(n: i64) -> Result<(), RuleError> {
    non_negative([("passed", n)])
}

fn shadows(g: &hit::Given) -> Result<(), RuleError> {
    let n = g.level;
    {
        let n = g.wide;
        non_negative([("inner", n)])?;
    }
    match (g.wide, g.extra) {
        (_, Some(e)) => at_least(1, [("arm", e)])?,
        _ => {}
    }
    non_negative([("outer", n)])
}

fn orphan(n: i64) -> Result<(), RuleError> {
    non_negative([("orphan", n)])
}
"#;

    /// Each guarded figure of the fixture by its label, with what the scan
    /// makes of it: the inputs the domains refuse first, or why it is reachable.
    fn scanned() -> Vec<(String, Result<Vec<String>, String>)> {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("xtask-guards-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let write = |path: &str, text: &str| {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("create a folder");
            std::fs::write(path, text).expect("write a fixture file");
        };
        write("spec/demo/demo.md", CHAPTER);
        write("rules/src/demo/demo.rs", RESOLVER);
        let book = crate::compile_book(&dir).unwrap_or_else(|d| panic!("{}", d.render()));
        let code = ResolverSource::scan(&dir).expect("the fixture scans");
        let _ = std::fs::remove_dir_all(&dir);
        scan(&code, &book)
            .into_iter()
            .map(|g| {
                let reach = match g.reach {
                    Reach::Refused(inputs) => Ok(inputs),
                    Reach::Reachable(why) => Err(why),
                };
                (g.figure, reach)
            })
            .collect()
    }

    #[test]
    fn a_figure_only_inputs_within_the_guards_bounds_give_is_refused_first() {
        let level = || Ok(vec!["demo/demo.hit: level".to_string()]);
        let extra = || Ok(vec!["demo/demo.hit: extra".to_string()]);
        let wider = || Err("the domain of `demo/demo.hit: wide` is wider than 0..".to_string());
        let expected: Vec<(&str, Result<Vec<String>, String>)> = vec![
            ("a level", level()),
            ("wide", wider()),
            (
                "extra or none",
                Err("`demo/demo.hit: extra` left out reads as 0, outside 1..".into()),
            ),
            ("extra", extra()),
            ("total", Err("it is computed".into())),
            (
                "who",
                Err("a name has no domain: the registry passes any text".into()),
            ),
            ("passed", level()),
            ("inner", wider()),
            ("arm", extra()),
            ("outer", level()),
            (
                "orphan",
                Err("no function of the resolver calls `orphan`".into()),
            ),
        ];
        let expected: Vec<(String, Result<Vec<String>, String>)> = expected
            .into_iter()
            .map(|(f, r)| (f.to_string(), r))
            .collect();
        assert_eq!(scanned(), expected);
    }
}
