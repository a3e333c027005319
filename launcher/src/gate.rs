//! The check `cargo xtask` makes before building the tool. `rules/build.rs`
//! compiles `spec/`; a spec that does not compile would fail that build, and
//! cargo would wrap the report in "failed to run custom build command" and never
//! run `xtask`. So the launcher compiles the spec first, as the build script
//! would, and reports its errors itself: rendered, or as JSON for an editor.

use std::path::Path;

use codegen::{Book, Diagnostics};

/// The book at `root` as `rules/build.rs` compiles it: every chapter, and a
/// resolver function in `rules/src` for every rule.
pub fn check(root: &Path) -> Result<Book, Diagnostics> {
    server::world::compile(root, &server::world::Overlays::new())
}

/// Whether `args` ask for `--message-format=json` (in either spelling).
pub fn wants_json(args: &[String]) -> bool {
    args.iter().any(|a| a == "--message-format=json")
        || args
            .windows(2)
            .any(|w| w[0] == "--message-format" && w[1] == "json")
}

/// `diags` for stderr: one JSON object per line (as `xtask`'s
/// `--message-format=json` writes them), or rendered, in colour when `styled`.
pub fn report(diags: &Diagnostics, json: bool, styled: bool) -> String {
    if json {
        diags
            .0
            .iter()
            .map(|d| serde_json::to_string(&d.json()).expect("a diagnostic serialises") + "\n")
            .collect()
    } else if styled {
        diags.render_styled()
    } else {
        diags.render()
    }
}
