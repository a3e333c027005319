//! Scratch copies of the workspace for the launcher's and server's tests.

#![allow(dead_code)] // each test file uses a part

use std::path::{Path, PathBuf};

/// A scratch folder in the system's temp dir, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A copy of what the tools read: the book, the resolver's sources, and
    /// the case and property files.
    pub fn workspace_copy(name: &str) -> Scratch {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir =
            std::env::temp_dir().join(format!("server-{name}-{}-{nanos}", std::process::id()));
        let root = server::workspace_root();
        for sub in [
            "spec",
            "rules/src",
            "conformance/cases",
            "conformance/properties",
        ] {
            copy_dir(&root.join(sub), &dir.join(sub));
        }
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a folder of the copy");
    for entry in std::fs::read_dir(from)
        .expect("read a folder to copy")
        .flatten()
    {
        let path = entry.path();
        let dest = to.join(entry.file_name());
        if path.is_dir() {
            copy_dir(&path, &dest);
        } else {
            std::fs::copy(&path, &dest).expect("copy a file");
        }
    }
}
