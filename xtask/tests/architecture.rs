//! ARCHITECTURE.md is a map, and a map with a road to nowhere misleads: every
//! path it names (in backticks or as a link) exists, from the workspace's
//! root or, within a crate's section, from that crate's `src/`. It stays
//! short enough to read at one sitting.

use std::path::Path;

/// The budget of the map, in bytes.
const MOST: usize = 25_000;

/// Whether `s`, as written in the map, is a path (rather than code, a
/// command, or a pattern with placeholders).
fn is_path(s: &str) -> bool {
    let plain = !s.contains([' ', '<', '>', '*', '$', '|', '{', '(', '"'])
        && !s.contains("::")
        && !s.starts_with("http")
        && !s.starts_with("target/");
    let looks = s.contains('/')
        || [".rs", ".md", ".toml", ".json", ".lua"]
            .iter()
            .any(|e| s.ends_with(e));
    plain && looks
}

/// Every path the map names, with the crate whose section it is in.
fn paths(text: &str) -> Vec<(Option<String>, String)> {
    let mut out = Vec::new();
    let mut section: Option<String> = None;
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if let Some(h) = line.strip_prefix("### ") {
            section = h
                .strip_prefix('`')
                .and_then(|h| h.strip_suffix('`'))
                .map(str::to_string);
        } else if line.starts_with("## ") {
            section = None;
        }
        let mut quoted = line.split('`').skip(1).step_by(2);
        let linked = line.split("](").skip(1).filter_map(|l| l.split(')').next());
        for s in quoted.by_ref().chain(linked) {
            let s = s.split('#').next().unwrap_or(s);
            if is_path(s) {
                out.push((section.clone(), s.to_string()));
            }
        }
    }
    out
}

#[test]
fn every_path_the_architecture_names_exists_and_the_map_is_short() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let named = paths(&text);
    assert!(
        named.len() > 40,
        "only {} paths found: {named:?}",
        named.len()
    );
    let missing: Vec<String> = named
        .iter()
        .filter(|(krate, p)| {
            let from_crate = krate
                .as_ref()
                .is_some_and(|k| root.join(k).join("src").join(p).exists());
            !root.join(p).exists() && !from_crate
        })
        .map(|(krate, p)| format!("{p} (section {krate:?})"))
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist:\n{}",
        missing.join("\n")
    );
    assert!(
        text.len() <= MOST,
        "ARCHITECTURE.md is {} bytes, over its budget of {MOST}: keep the map, move the details to doc comments",
        text.len()
    );
}

#[test]
fn what_counts_as_a_path() {
    assert!(is_path("rules/build.rs") && is_path("syntax/") && is_path("spec/README.md"));
    assert!(!is_path("spec/<system>/<chapter>.md") && !is_path("rules::spec"));
    assert!(!is_path("cargo xtask new system|chapter") && !is_path("$OUT_DIR/spec.rs"));
    let found = paths("### `codegen`\n`emit/` and [x](guide/a.md#b)\n```\nnot/this.rs\n```\n");
    assert_eq!(
        found,
        [
            (Some("codegen".to_string()), "emit/".to_string()),
            (Some("codegen".to_string()), "guide/a.md".to_string())
        ]
    );
}

type Graph = std::collections::BTreeMap<String, std::collections::BTreeSet<String>>;

/// The map's picture of the crates: the fenced block after "The crates", a
/// line per crate, `name -> a, b (what it holds)`.
fn pictured(text: &str) -> Graph {
    let after = text
        .split_once("The crates, each with what it depends on")
        .expect("the map pictures the crates")
        .1;
    let block = after.split("```").nth(1).expect("a fenced block");
    block
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let line = line.split('(').next().unwrap_or(line);
            let (name, deps) = line.split_once("->").unwrap_or((line, ""));
            let deps = deps.split(',').map(str::trim).filter(|d| !d.is_empty());
            (name.trim().to_string(), deps.map(str::to_string).collect())
        })
        .collect()
}

/// Each workspace member with the members it depends on (build script
/// included, dev-dependencies not: tests may link what the crate does not).
fn manifests(root: &Path) -> Graph {
    let read = |path: &Path| -> toml::Table {
        let text = std::fs::read_to_string(path).expect("a manifest");
        text.parse().expect("a manifest is TOML")
    };
    let workspace = read(&root.join("Cargo.toml"));
    let members: Vec<String> = workspace["workspace"]["members"]
        .as_array()
        .expect("members")
        .iter()
        .filter_map(|m| m.as_str().map(str::to_string))
        .collect();
    members
        .iter()
        .map(|member| {
            let manifest = read(&root.join(member).join("Cargo.toml"));
            let deps = ["dependencies", "build-dependencies"]
                .iter()
                .filter_map(|section| manifest.get(*section)?.as_table())
                .flat_map(|table| table.keys())
                .filter(|dep| members.contains(dep))
                .cloned()
                .collect();
            (member.clone(), deps)
        })
        .collect()
}

#[test]
fn the_map_of_the_crates_is_what_their_manifests_say() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let (map, truth) = (pictured(&text), manifests(&root));
    assert!(truth.len() >= 8, "too few members read: {truth:?}");
    assert_eq!(
        map, truth,
        "ARCHITECTURE.md's picture of the crates (left) against the manifests (right)"
    );
}
