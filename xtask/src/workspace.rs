//! Where things are in the workspace, and writing a file so that no reader
//! sees half of it: what every command of `cargo xtask` shares.

use std::io;
use std::path::{Path, PathBuf};

use codegen::{Book, Diagnostics};

/// The cargo that runs this command (`$CARGO`), for the cargo runs it starts.
pub fn cargo_program() -> std::ffi::OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

pub use server::workspace_root;

pub fn cases_dir(root: &Path) -> PathBuf {
    root.join("conformance").join("cases")
}

pub fn properties_dir(root: &Path) -> PathBuf {
    root.join("conformance").join("properties")
}

pub fn compile_book(root: &Path) -> Result<Book, Diagnostics> {
    codegen::compile_dir(&root.join("spec"), root)
}

/// Writes `text` to a `.tmp` sibling of `path` (creating its folder) and renames
/// it into place, so a reader sees the old file or the new one, never half of one.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}
