//! Where things are in the workspace, for the server, the launcher and `xtask`
//! alike.

use std::path::{Path, PathBuf};

/// The workspace this crate was built in (its parent folder).
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// The resolver code (crate `rules`'s sources), relative to the workspace root.
pub const RULES_SRC: &str = "rules/src";
