//! The front end's modules form layers: no module reaches, through `crate::`
//! paths, a module that reaches back to it. A module is a file or folder of
//! `src/` or of one of its pass folders ([`PASSES`]). A cycle makes a reader hold two
//! modules in mind at once, and it is how the crate once grew `lint` ↔ `model`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// The folders of `src/` that group modules by pass, rather than being one.
const PASSES: [&str; 3] = ["syntax", "sema", "diag"];

/// The top-level modules each module of `codegen/src` names through `crate::`,
/// outside comments and tests.
fn imports() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = Graph::new();
    let mut files = vec![src.clone()];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            let entries = std::fs::read_dir(&path).expect("read a folder of src");
            files.extend(entries.map(|e| e.expect("an entry").path()));
            continue;
        }
        if path.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let rel = path.strip_prefix(&src).expect("under src");
        let mut parts = rel.iter().map(|p| p.to_string_lossy());
        let mut module = parts.next().expect("a first component");
        if PASSES.contains(&&*module) {
            module = parts.next().expect("a file in a pass folder");
        }
        let module = module.trim_end_matches(".rs").to_string();
        if module == "lib" || module == "mod" {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read a source file");
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let named = graph.entry(module.clone()).or_default();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            named.extend(crate_paths(line).filter(|m| *m != module));
        }
    }
    graph
}

/// The module after each `crate::` (and its pass folder) in `line`, and in a
/// `use crate::{a::x, b}` the first word of each path in braces.
fn crate_paths(line: &str) -> impl Iterator<Item = String> + '_ {
    line.split("crate::").skip(1).flat_map(|rest| {
        let rest = PASSES
            .iter()
            .find_map(|pass| rest.strip_prefix(pass)?.strip_prefix("::"))
            .unwrap_or(rest);
        let group = rest
            .strip_prefix('{')
            .map(|g| g.split('}').next().unwrap_or(g));
        let paths: Vec<&str> = match group {
            Some(g) => g.split(',').collect(),
            None => vec![rest],
        };
        paths
            .into_iter()
            .filter_map(|p| {
                let word: String = p
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                (!word.is_empty()).then_some(word)
            })
            .collect::<Vec<_>>()
    })
}

/// A cycle through `from`, as the modules on it, if there is one.
fn cycle(graph: &Graph, from: &str) -> Option<Vec<String>> {
    let mut stack = vec![vec![from.to_string()]];
    let mut seen = BTreeSet::new();
    while let Some(path) = stack.pop() {
        let last = path.last().expect("a path is never empty");
        for next in graph.get(last).into_iter().flatten() {
            if next == from {
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

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graph = imports();
    assert!(graph.len() > 10, "read too few modules: {graph:?}");
    let cycles: Vec<String> = graph
        .keys()
        .filter_map(|m| cycle(&graph, m))
        .map(|c| format!("{} -> {}", c.join(" -> "), c[0]))
        .collect();
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

#[test]
fn a_cycle_is_found_and_braced_imports_count() {
    let paths: Vec<String> = crate_paths("use crate::{lint::Lint, model::Book};").collect();
    assert_eq!(paths, ["lint", "model"]);
    let paths: Vec<String> = crate_paths("use crate::sema::{check, names::ident};").collect();
    assert_eq!(paths, ["check", "names"]);
    let graph: Graph = [("a", "b"), ("b", "c"), ("c", "a")]
        .into_iter()
        .map(|(x, y)| (x.to_string(), BTreeSet::from([y.to_string()])))
        .collect();
    assert_eq!(
        cycle(&graph, "a"),
        Some(vec!["a".into(), "b".into(), "c".into()])
    );
}
