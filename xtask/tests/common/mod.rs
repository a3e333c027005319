//! Helpers the xtask tests share: scratch folders and copies of the workspace.

#![allow(dead_code)] // each test file uses a part

use std::path::{Path, PathBuf};
use std::process::Command;

/// A scratch folder under the system's temp dir, removed when dropped (also when
/// the test panics).
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A folder in the system's temp dir, outside the workspace.
    pub fn new(name: &str) -> Scratch {
        Scratch::under(&std::env::temp_dir(), name)
    }

    /// A folder under `base`.
    pub fn under(base: &Path, name: &str) -> Scratch {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = base.join(format!("xtask-{name}-{}-{nanos}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create the scratch folder");
        Scratch(dir)
    }

    /// A workspace whose book is the fixture book ([`fixture_book`]), with the
    /// resolver's sources and the case and property files regen writes for it.
    /// The tooling's tests run here, so that no correction of `spec/` breaks them.
    pub fn fixture(name: &str) -> Scratch {
        let scratch = Scratch::new(name);
        let root = &scratch.0;
        copy_dir(&fixture_book(), &root.join("spec"));
        copy_dir(
            &xtask::workspace_root().join("rules/src"),
            &root.join("rules/src"),
        );
        let book = xtask::compile_book(root)
            .unwrap_or_else(|d| panic!("the fixture book does not compile:\n{}", d.render()));
        for plan in xtask::plan_all(&book, root).expect("plan the fixture's files") {
            xtask::apply(&plan).expect("write the fixture's files");
        }
        scratch
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

/// `xtask/tests/fixtures/book`: a small book of its own for the tooling's
/// tests (its README says what it holds).
pub fn fixture_book() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/book")
}

/// Runs the xtask binary with `args` on the workspace at `root`.
pub fn xtask(root: &Path, args: &[&str]) -> Run {
    Run::of(
        Command::new(env!("CARGO_BIN_EXE_xtask"))
            .args(args)
            .env("XTASK_ROOT", root),
    )
}

/// How a run of the binary ended, and what it printed.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn of(command: &mut Command) -> Run {
        let out = command.output().expect("run the xtask binary");
        Run {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    pub fn ok(&self) -> bool {
        self.code == Some(0)
    }
}

impl std::fmt::Display for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit code: {:?}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// Replaces `from` with `to` in `file`, which must hold it.
pub fn edit(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).expect("read the file to edit");
    assert!(text.contains(from), "{} has no `{from}`", file.display());
    std::fs::write(file, text.replace(from, to)).expect("edit the file");
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
