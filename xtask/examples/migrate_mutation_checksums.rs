//! One-off, after merging main's `data` checksums: moves conformance/mutants.toml's
//! checksums from FNV-1a 64 to SHA-256 (xtask::audit::checksum), each only
//! where its FNV still matches the text it covers now (the file's text, or
//! the tables it reads, as xtask::mutants::data computes them); any other
//! keeps its FNV, which no SHA-256 matches, so it stays stale.

use std::collections::BTreeMap;

use xtask::audit::{Code, checksum};

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

fn main() {
    let root = xtask::workspace_root();
    let book = xtask::compile_book(&root).expect("the book");
    let code = Code::scan(&root).expect("the code");
    // The tables' text each file reads, as data::checksums gathers it.
    let mut tables: BTreeMap<String, String> = BTreeMap::new();
    for s in &book.systems {
        for c in &s.chapters {
            for t in &c.tables {
                let mut files: Vec<&str> = t
                    .constant_names()
                    .iter()
                    .flat_map(|name| code.readers(&s.id, &c.id, name))
                    .map(|item| item.file.as_str())
                    .collect();
                files.sort();
                files.dedup();
                for f in files {
                    tables
                        .entry(f.to_string())
                        .or_default()
                        .push_str(&c.file.text[t.span.start..t.extent.end]);
                }
            }
        }
    }
    let path = root.join("conformance/mutants.toml");
    let text = std::fs::read_to_string(&path).expect("the record");
    let (mut file, mut moved, mut stale) = (None::<String>, 0, 0);
    let mut out = String::new();
    for line in text.lines() {
        if let Some(f) = line.strip_prefix("[files.\"") {
            file = Some(f.trim_end_matches("\"]").to_string());
        } else if line.starts_with('[') {
            file = None;
        }
        let field = ["checksum", "data"].into_iter().find_map(|k| {
            line.strip_prefix(&format!("{k} = \""))
                .map(|v| (k, v.trim_end_matches('"')))
        });
        match (field, &file) {
            (Some((key, sum)), Some(f)) => {
                let now = match key {
                    "checksum" => std::fs::read_to_string(root.join(f)).unwrap_or_default(),
                    _ => tables.get(f).cloned().unwrap_or_default(),
                };
                if fnv(&now) == sum {
                    moved += 1;
                    out += &format!("{key} = \"{}\"\n", checksum(&now));
                } else {
                    stale += 1;
                    eprintln!("stale: {f} {key}");
                    out += &format!("{line}\n");
                }
            }
            _ => out += &format!("{line}\n"),
        }
    }
    std::fs::write(&path, out).expect("write the record");
    eprintln!("{moved} checksums moved to SHA-256, {stale} stale kept");
}
