//! Helpers the xtask tests share: scratch folders and copies of the workspace.

#![allow(dead_code)] // each test file uses a part

use std::path::{Path, PathBuf};

/// A scratch folder under the system's temp dir, removed when dropped (also when
/// the test panics).
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!("xtask-{name}-{}-{nanos}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create the scratch folder");
        Scratch(dir)
    }

    /// A copy of what the commands read from the workspace: the book, the
    /// resolver's sources, the case and property files and the reviewed state.
    pub fn workspace_copy(name: &str) -> Scratch {
        let scratch = Scratch::new(name);
        let root = xtask::workspace_root();
        for dir in [
            "spec",
            "rules/src",
            "conformance/cases",
            "conformance/properties",
        ] {
            copy_dir(&root.join(dir), &scratch.0.join(dir));
        }
        scratch
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a folder in the copy");
    for entry in std::fs::read_dir(from).expect("read a folder to copy") {
        let entry = entry.expect("read a folder entry");
        let path = entry.path();
        let dest = to.join(entry.file_name());
        if path.is_dir() {
            copy_dir(&path, &dest);
        } else {
            std::fs::copy(&path, &dest).expect("copy a file");
        }
    }
}

/// A mutation record (`conformance/mutants.toml`) with runs of one action file
/// and one engine file, and a survivor in the engine.
pub const MUTANTS: &str = r#"
[files."rules/src/action/falling.rs"]
checksum = "0123456789abcdef"
mutants = 25
caught = 18
missed = 2
unviable = 5
timeout = 0

[files."rules/src/table.rs"]
checksum = "fedcba9876543210"
mutants = 10
caught = 6
missed = 1
unviable = 1
timeout = 2

[[survivors]]
file = "rules/src/table.rs"
line = 15
mutant = "replace <= with < in Range::contains"
reason = "no example sits on a band's upper edge <here>"
"#;
