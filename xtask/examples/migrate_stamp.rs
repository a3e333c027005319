//! One-off: rewrites spec/reviewed.toml from FNV-1a 64 checksums to SHA-256
//! stamps that keep the reviewed text, without reviewing anything anew.
//!
//! For each stamped item: when the FNV of its text now is the stamped one, it
//! is unchanged since review, and its text now is the reviewed text. Otherwise
//! the text reviewed is looked for in each commit that wrote reviewed.toml (the
//! tree at that commit, compiled and scanned as today): the item's text there
//! whose FNV is the stamped one. Found, it is kept with its SHA-256 (so the
//! item still reads as changed, now with a diff); not found, the entry keeps no
//! checksum and no text and reads as changed, "earlier text unknown". The
//! reviewer and the date are the author and the day of the commit that wrote
//! the item's line (git blame).
//!
//! conformance/mutants.toml's file checksums, taken with the same function,
//! move too: a file whose FNV still matches its text gets its SHA-256; any
//! other keeps its FNV, which no SHA-256 matches, so it stays stale.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use xtask::audit::review::{Stamp, Stamped, tracked};
use xtask::audit::{Code, REVIEWED_FILE};

fn fnv(text: &str) -> String {
    let hash = text
        .trim_end()
        .bytes()
        .filter(|&b| b != b'\r')
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    format!("{hash:016x}")
}

fn git(root: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?} failed");
    String::from_utf8(out.stdout).expect("utf-8")
}

type Key = (String, String);

/// Every item of the tree at `root`: its FNV and its text.
fn items(root: &Path) -> Option<BTreeMap<Key, (String, String)>> {
    let book = xtask::compile_book(root).ok()?;
    let code = Code::scan(root).ok()?;
    let mut out = BTreeMap::new();
    for (system, chapter) in book.chapters() {
        for t in tracked(&system.id, chapter, &code) {
            out.insert((system.id.clone(), t.key()), (fnv(&t.text), t.text));
        }
    }
    Some(out)
}

/// (system, key) -> (commit, author, date) of the line that stamped it.
fn blame(root: &Path) -> BTreeMap<Key, (String, String, String)> {
    let text = git(root, &["blame", "--line-porcelain", REVIEWED_FILE]);
    let mut out = BTreeMap::new();
    let (mut commit, mut author, mut system) = (String::new(), String::new(), String::new());
    for line in text.lines() {
        if let Some(content) = line.strip_prefix('\t') {
            if let Some(s) = content.strip_prefix('[') {
                system = s.trim_end_matches(']').to_string();
            } else if let Some((key, _)) = content.split_once(" = ") {
                let key = key.trim_matches('"').to_string();
                let date = git(
                    root,
                    &["show", "-s", "--format=%ad", "--date=short", &commit],
                );
                out.insert(
                    (system.clone(), key),
                    (commit.clone(), author.clone(), date.trim().to_string()),
                );
            }
        } else if let Some(a) = line.strip_prefix("author ") {
            author = a.to_string();
        } else if line.len() > 40 && line.as_bytes()[40] == b' ' {
            commit = line[..40].to_string();
        }
    }
    out
}

/// Rewrites each `checksum = "…"` line of the mutation record that follows a
/// `[files."path"]` whose text still has that FNV.
fn migrate_mutants(root: &Path) {
    let path = root.join("conformance/mutants.toml");
    let text = std::fs::read_to_string(&path).expect("the mutation record");
    let (mut file, mut moved, mut stale) = (None, 0, 0);
    let mut out = String::new();
    for line in text.lines() {
        if let Some(f) = line.strip_prefix("[files.\"") {
            file = Some(f.trim_end_matches("\"]").to_string());
        }
        let sum = line
            .strip_prefix("checksum = \"")
            .map(|s| s.trim_end_matches('"'));
        match (sum, &file) {
            (Some(sum), Some(f)) => {
                let now = std::fs::read_to_string(root.join(f)).unwrap_or_default();
                if fnv(&now) == sum {
                    moved += 1;
                    out += &format!("checksum = \"{}\"\n", xtask::audit::checksum(&now));
                } else {
                    stale += 1;
                    out += &format!("{line}\n");
                }
            }
            _ => out += &format!("{line}\n"),
        }
    }
    std::fs::write(&path, out).expect("write the record");
    eprintln!("mutation record: {moved} files moved to SHA-256, {stale} stale kept");
}

fn main() {
    let root = xtask::workspace_root();
    let old: BTreeMap<String, BTreeMap<String, String>> =
        toml::from_str(&std::fs::read_to_string(root.join(REVIEWED_FILE)).expect("read"))
            .expect("the FNV stamp");
    let who = blame(&root);
    let now = items(&root).expect("the book compiles");
    let history: Vec<String> = git(&root, &["log", "--format=%H", "--", REVIEWED_FILE])
        .lines()
        .map(str::to_string)
        .collect();
    let mut trees = Vec::new();
    for commit in &history {
        let dir = std::env::temp_dir().join(format!("migrate-stamp-{commit}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        let status = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "git -C {} archive {commit} spec rules/src | tar -x -C {}",
                root.display(),
                dir.display()
            ))
            .status()
            .expect("archive");
        assert!(status.success());
        let found = items(&dir);
        eprintln!(
            "{commit}: {}",
            if found.is_some() {
                "compiles"
            } else {
                "does not compile"
            }
        );
        trees.extend(found);
        let _ = std::fs::remove_dir_all(&dir);
    }
    let mut stamp = Stamp::default();
    let (mut same, mut recovered, mut unknown) = (0, 0, 0);
    for (system, entries) in old {
        for (key, sum) in entries {
            let k = (system.clone(), key.clone());
            let (_, reviewer, date) = who.get(&k).cloned().expect("every line is blamed");
            let text = match now.get(&k) {
                Some((f, text)) if *f == sum => {
                    same += 1;
                    Some(text.clone())
                }
                _ => {
                    let old = trees
                        .iter()
                        .find_map(|t| t.get(&k).filter(|(f, _)| *f == sum));
                    match old {
                        Some(_) => recovered += 1,
                        None => unknown += 1,
                    }
                    old.map(|(_, text)| text.clone())
                }
            };
            let entry = Stamped {
                sha256: text.as_deref().map(xtask::audit::checksum),
                reviewer,
                date,
                text,
            };
            stamp
                .book
                .entry(system.clone())
                .or_default()
                .insert(key, entry);
        }
    }
    stamp.save(&root).expect("save");
    migrate_mutants(&root);
    eprintln!(
        "{same} unchanged, {recovered} changed with their reviewed text recovered, {unknown} unknown"
    );
}
