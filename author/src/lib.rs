//! What an author needs while the spec may not compile, so it depends on no
//! resolver: the [`gate`] that `cargo xtask` passes before it builds `rules`
//! (whose build script compiles the spec), the book as the editor's buffers
//! hold it ([`world`]), and the language server ([`lsp`]), which runs the
//! resolver through an `xtask` binary built from those buffers' tables.

pub mod gate;
pub mod lsp;
pub mod verdict;
pub mod world;

use std::path::{Path, PathBuf};

/// The workspace this crate was built in (its parent folder). `xtask`, which
/// sits beside this crate, uses this one too.
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// The resolver code (crate `rules`'s sources), relative to the workspace root.
pub const RULES_SRC: &str = "rules/src";
