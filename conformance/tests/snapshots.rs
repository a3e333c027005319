//! Every snapshot belongs to a case: a renamed or removed example must not leave
//! its old snapshot behind to be mistaken for evidence.

use std::path::Path;

#[test]
fn every_snapshot_has_its_case_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut orphans = Vec::new();
    let mut seen = 0;
    for entry in std::fs::read_dir(root.join("snapshots")).expect("conformance/snapshots exists") {
        let name = entry
            .expect("readable snapshot folder")
            .file_name()
            .to_string_lossy()
            .into_owned();
        let Some(stem) = name.strip_suffix(".snap") else {
            continue;
        };
        seen += 1;
        // Snapshots are named `<system>__<example id>` by tests/cases.rs.
        let case = stem
            .split_once("__")
            .map(|(system, id)| root.join("cases").join(system).join(format!("{id}.toml")));
        if !case.is_some_and(|c| c.exists()) {
            orphans.push(name);
        }
    }
    assert!(seen > 0, "no snapshots found");
    assert!(
        orphans.is_empty(),
        "snapshots without a case file (delete them): {orphans:?}"
    );
}
