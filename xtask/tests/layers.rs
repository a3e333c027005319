//! Every crate's modules form layers: at each level of a crate's module tree,
//! no child reaches a sibling (or its parent's own items) that reaches back to
//! it, through `crate::`, `super::`, `self::` or a child's name alike. A cycle
//! makes a reader hold two modules in mind at once; it is how `codegen` once
//! grew `lint` ↔ `model` and the audit `facts` ↔ `index`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// A module's path from its crate root: `[]` is the root, `["audit", "html"]`
/// is `crate::audit::html`.
type Module = Vec<String>;

/// The root's own items (what `lib.rs` or a `mod.rs` defines besides its
/// children) are a node of their level, beside the children.
const OWN: &str = "(own items)";

/// Per level (a module with children), the edges between its children and
/// its own items.
type Levels = BTreeMap<Module, Graph>;

/// One level's edges, each with a witness: the first path found that makes it.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The module each file of a crate's `src` holds.
fn module_of(rel: &Path) -> Module {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into()).collect();
    let file = parts.pop().unwrap_or_default();
    let stem = file.trim_end_matches(".rs");
    let is_root = parts.is_empty() && matches!(stem, "lib" | "main");
    if stem != "mod" && !is_root {
        parts.push(stem.to_string());
    }
    parts
}

/// The `.rs` files under `src`, with their modules. `src/bin`, and
/// `main.rs` beside a `lib.rs`, are crates of their own and are left out.
fn files(src: &Path) -> Vec<(Module, PathBuf)> {
    let has_lib = src.join("lib.rs").exists();
    let all = codegen::rust_files(src).expect("read src");
    all.into_iter()
        .filter(|path| !(has_lib && *path == src.join("main.rs")))
        .filter_map(|path| {
            let rel = path.strip_prefix(src).expect("under src");
            let in_bin = rel.parent().is_some_and(|p| p.iter().any(|c| c == "bin"));
            (!in_bin).then(|| (module_of(rel), path.clone()))
        })
        .collect()
}

/// Whether an item is compiled only for tests: its imports do not count.
fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && matches!(&a.meta, syn::Meta::List(l) if l.tokens.to_string() == "test")
    })
}

fn attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// What a crate's names mean: its modules, and in each module the names its
/// `use` items bring in, as absolute paths, so a path through a re-export
/// lands where the item really lives.
#[derive(Default)]
struct Names {
    modules: BTreeSet<Module>,
    imports: BTreeMap<Module, BTreeMap<String, Vec<String>>>,
}

impl Names {
    /// `segments` as written in module `here`, made absolute; `None` for a
    /// path into another crate or an item of a local scope.
    fn absolute(&self, here: &Module, segments: &[String]) -> Option<Vec<String>> {
        let mut at = here.clone();
        let mut rest = segments;
        match rest.first().map(String::as_str)? {
            "crate" => {
                at.clear();
                rest = &rest[1..];
            }
            "self" => rest = &rest[1..],
            "super" => {
                while rest.first().is_some_and(|s| s == "super") {
                    at.pop()?;
                    rest = &rest[1..];
                }
            }
            first => {
                let mut child = at.clone();
                child.push(first.to_string());
                if !self.modules.contains(&child) {
                    return None;
                }
            }
        }
        at.extend(rest.iter().cloned());
        Some(at)
    }

    /// The module an absolute path lands in, through re-exports.
    fn land(&self, path: &[String], hops: usize) -> Module {
        let depth = (0..=path.len())
            .rev()
            .find(|&d| self.modules.contains(&path[..d]))
            .unwrap_or(0);
        let module = path[..depth].to_vec();
        let imported = path
            .get(depth)
            .and_then(|item| self.imports.get(&module)?.get(item));
        match imported {
            Some(target) if hops < 8 => {
                let mut through = target.clone();
                through.extend(path[depth + 1..].iter().cloned());
                self.land(&through, hops + 1)
            }
            _ => module,
        }
    }
}

/// The `use` leaves of a file: each name it brings in and the path it names.
fn use_leaves(
    prefix: &mut Vec<String>,
    tree: &syn::UseTree,
    leaves: &mut Vec<(String, Vec<String>)>,
) {
    let mut leaf = |ident: &syn::Ident, alias: &syn::Ident, prefix: &[String]| {
        let mut path = prefix.to_vec();
        if ident != "self" {
            path.push(ident.to_string());
        }
        leaves.push((alias.to_string(), path));
    };
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            use_leaves(prefix, &p.tree, leaves);
            prefix.pop();
        }
        syn::UseTree::Name(n) => leaf(&n.ident, &n.ident, prefix),
        syn::UseTree::Rename(r) => leaf(&r.ident, &r.rename, prefix),
        syn::UseTree::Glob(_) => leaves.push(("*".into(), prefix.clone())),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| use_leaves(prefix, t, leaves)),
    }
}

/// Collects every path a file names (with the `use` leaves of each module),
/// outside code compiled only for tests.
struct Paths {
    here: Module,
    named: Vec<(Module, Vec<String>)>,
    uses: Vec<(Module, String, Vec<String>)>,
}

impl Paths {
    fn flush(&mut self, run: &mut Vec<String>) {
        if run.len() > 1 {
            self.named.push((self.here.clone(), run.clone()));
        }
        run.clear();
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if test_only(attrs(item)) {
            return;
        }
        match item {
            syn::Item::Mod(m) if m.content.is_some() => {
                self.here.push(m.ident.to_string());
                syn::visit::visit_item(self, item);
                self.here.pop();
            }
            _ => syn::visit::visit_item(self, item),
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let mut leaves = Vec::new();
        use_leaves(&mut Vec::new(), &u.tree, &mut leaves);
        for (name, path) in leaves {
            self.named.push((self.here.clone(), path.clone()));
            self.uses.push((self.here.clone(), name, path));
        }
    }

    /// `pub(crate)` and `pub(super)` name who may see an item, not what it uses.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.named.push((self.here.clone(), segments));
        syn::visit::visit_path(self, path);
    }

    /// A macro's tokens are no syntax tree: its paths are read off as runs of
    /// `ident :: ident`. A `quote!` template is code of the crate it generates
    /// (codegen's `crate::value` is the `rules` crate's), so it names nothing here.
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if mac.path.is_ident("quote") {
            return;
        }
        let mut run: Vec<String> = Vec::new();
        let mut tokens = vec![mac.tokens.clone()];
        while let Some(stream) = tokens.pop() {
            for token in stream {
                match token {
                    proc_macro2::TokenTree::Ident(i) => run.push(i.to_string()),
                    proc_macro2::TokenTree::Punct(p) if p.as_char() == ':' => continue,
                    proc_macro2::TokenTree::Group(g) => {
                        tokens.push(g.stream());
                        self.flush(&mut run);
                    }
                    _ => self.flush(&mut run),
                }
            }
            self.flush(&mut run);
        }
    }
}

/// Files with their text: the crate's edges, level by level.
fn levels(sources: &[(Module, String)]) -> Result<Levels, String> {
    let mut names = Names::default();
    for (m, _) in sources {
        names
            .modules
            .extend((0..=m.len()).map(|depth| m[..depth].to_vec()));
    }
    let mut named = Vec::new();
    for (from, text) in sources {
        let file = syn::parse_file(text).map_err(|e| format!("{}: {e}", from.join("::")))?;
        let mut paths = Paths {
            here: from.clone(),
            named: Vec::new(),
            uses: Vec::new(),
        };
        paths.visit_file(&file);
        for (here, name, path) in paths.uses {
            if let Some(target) = names.absolute(&here, &path).filter(|_| name != "*") {
                names.imports.entry(here).or_default().insert(name, target);
            }
        }
        named.extend(paths.named);
    }
    let mut levels = Levels::new();
    for (from, path) in named {
        let Some(to) = names.absolute(&from, &path).map(|p| names.land(&p, 0)) else {
            continue;
        };
        if let Some((level, a, b)) = edge(&from, &to) {
            let witness = format!("crate::{} names {}", from.join("::"), path.join("::"));
            let edges = levels.entry(level).or_default().entry(a).or_default();
            edges.entry(b).or_insert(witness);
        }
    }
    Ok(levels)
}

/// The level at which `from` naming `to` is an edge, and its two ends: the
/// children of their deepest common module, or that module's own items.
fn edge(from: &Module, to: &Module) -> Option<(Module, String, String)> {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    let level = from[..common].to_vec();
    let end = |m: &Module| m.get(common).cloned().unwrap_or_else(|| OWN.to_string());
    let (a, b) = (end(from), end(to));
    (a != b).then_some((level, a, b))
}

/// A cycle through `start` in one level's graph, if there is one.
fn cycle(graph: &Graph, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![vec![start.to_string()]];
    let mut seen = BTreeSet::new();
    while let Some(path) = stack.pop() {
        let last = path.last().expect("a path is never empty");
        for next in graph.get(last).into_iter().flat_map(|m| m.keys()) {
            if next == start {
                return Some(path.clone());
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}

/// Each cycle of the crate, once, written `level: a -> b -> a`, with the
/// path that makes each of its edges.
fn cycles_with_witnesses(levels: &Levels) -> BTreeMap<String, Vec<String>> {
    let mut found = BTreeMap::new();
    for (level, graph) in levels {
        for node in graph.keys() {
            if let Some(mut c) = cycle(graph, node) {
                let least = (0..c.len()).min_by_key(|&i| &c[i]).unwrap_or(0);
                c.rotate_left(least);
                c.push(c[0].clone());
                let witnesses = c.windows(2).map(|w| graph[&w[0]][&w[1]].clone()).collect();
                found.insert(
                    format!("crate::{}: {}", level.join("::"), c.join(" -> ")),
                    witnesses,
                );
            }
        }
    }
    found
}

fn cycles(levels: &Levels) -> Vec<String> {
    cycles_with_witnesses(levels).into_keys().collect()
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn no_module_of_any_crate_imports_one_that_imports_it_back() {
    let root = workspace();
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("the manifest");
    let manifest: toml::Table = manifest.parse().expect("the manifest is TOML");
    let members: Vec<&str> = manifest["workspace"]["members"]
        .as_array()
        .expect("a members list")
        .iter()
        .filter_map(toml::Value::as_str)
        .collect();
    assert!(members.len() >= 5, "read too few members: {members:?}");
    let mut problems = Vec::new();
    for member in members {
        let sources: Vec<(Module, String)> = files(&root.join(member).join("src"))
            .into_iter()
            .map(|(m, p)| (m, std::fs::read_to_string(&p).expect("read a source file")))
            .collect();
        assert!(!sources.is_empty(), "{member} has no sources");
        let levels = levels(&sources).expect("every source parses");
        for (c, witnesses) in cycles_with_witnesses(&levels) {
            problems.push(format!("{member}: {c}\n    {}", witnesses.join("\n    ")));
        }
    }
    assert!(
        problems.is_empty(),
        "import cycles:\n{}",
        problems.join("\n")
    );
}

fn fixture(files: &[(&str, &str)]) -> Vec<String> {
    let sources: Vec<(Module, String)> = files
        .iter()
        .map(|(path, text)| (module_of(Path::new(path)), text.to_string()))
        .collect();
    cycles(&levels(&sources).expect("the fixture parses"))
}

#[test]
fn super_paths_braces_and_the_parents_own_items_make_cycles() {
    let siblings = fixture(&[
        ("lib.rs", "mod audit;"),
        ("audit/mod.rs", "mod facts; mod index;"),
        ("audit/facts.rs", "use super::index::Entry;"),
        ("audit/index.rs", "use crate::audit::{facts::Fact, other};"),
    ]);
    assert_eq!(siblings, ["crate::audit: facts -> index -> facts"]);

    let own_items = fixture(&[
        ("lib.rs", "mod audit; pub fn compile() { audit::run(); }"),
        ("audit.rs", "pub fn run() { crate::compile() }"),
    ]);
    assert_eq!(own_items, [format!("crate::: {OWN} -> audit -> {OWN}")]);

    let in_a_macro = fixture(&[
        ("lib.rs", "mod a; mod b;"),
        ("a.rs", "fn f() { println!(\"{}\", super::b::X); }"),
        ("b.rs", "use crate::a;"),
    ]);
    assert_eq!(in_a_macro, ["crate::: a -> b -> a"]);

    let in_a_template = fixture(&[
        ("lib.rs", "mod a; mod b;"),
        ("a.rs", "fn f() -> TokenStream { quote!(crate::b::X) }"),
        ("b.rs", "use crate::a;"),
    ]);
    assert!(in_a_template.is_empty(), "{in_a_template:?}");
}

#[test]
fn tests_and_other_crates_make_no_edge() {
    let clean = fixture(&[
        ("lib.rs", "mod a; mod b; use std::fmt;"),
        ("a.rs", "use crate::b::X; use toml::Value;"),
        ("b.rs", "#[cfg(test)] mod tests { use crate::a; }"),
        ("c/mod.rs", "mod d; use d::Y;"),
        ("c/d.rs", "pub struct Y;"),
    ]);
    assert!(clean.is_empty(), "{clean:?}");
}

#[test]
fn a_path_through_a_re_export_lands_where_the_item_lives() {
    let facade = fixture(&[
        (
            "lib.rs",
            "mod a; mod b; pub use b::Span; pub fn run() { a::go() }",
        ),
        ("a.rs", "use crate::Span; pub fn go() {}"),
        ("b.rs", "pub struct Span;"),
    ]);
    assert!(facade.is_empty(), "{facade:?}");
}
