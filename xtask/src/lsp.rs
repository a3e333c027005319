//! `cargo xtask lsp`: the language server on stdin and stdout. The server is
//! crate `server`'s, which links no resolver so that it
//! answers while the spec does not compile; this command only starts it.

use crate::context::Context;

/// Serves one editor until it exits.
pub fn command(cx: &Context) -> Result<(), String> {
    server::serve_stdio(&cx.root).map_err(|e| format!("the language server stopped: {e}"))
}
