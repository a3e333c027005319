//! A session of the language server over arbitrary bytes, for the
//! cargo-fuzz target `fuzz/fuzz_targets/lsp.rs` and for
//! `server/tests/fuzz_regressions.rs`, which replays every input it ever
//! crashed on. The bytes are what a client writes: they go through the
//! framing reader ([`transport`]) and the dispatcher ([`session::serve`]),
//! in memory, on a small workspace of one chapter. Whatever the bytes, nothing
//! may panic, and every request read gets exactly one response.
//!
//! `$ROOT` in a body stands for that workspace's folder, so that an input
//! can name its chapter (`file://$ROOT/spec/action/falling.md`) wherever it
//! is replayed.

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use lsp_server::{Connection, Message};
use serde_json::Value;

use crate::resolver::Resolver;
use crate::session::{self, Config};
use crate::transport;

/// One session of `bytes`: read whole, then served until `exit` or the end.
pub fn session(bytes: &[u8]) {
    let root = workspace();
    let (server, client) = Connection::memory();
    let Connection { sender, receiver } = client;
    let mut refused: Vec<Value> = Vec::new();
    let root_text = root.to_string_lossy().into_owned();
    let requests = Cell::new(0);
    let parse = |body: &[u8]| {
        let message = transport::parse(&with_root(body, root_text.as_bytes()));
        let request = matches!(message, Ok(Message::Request(_)));
        requests.set(requests.get() + usize::from(request));
        message
    };
    let mut reader = transport::Reader::new(bytes);
    let stopped = transport::read_into(&mut reader, &parse, &sender, &mut |r| refused.push(r));
    drop(sender);
    let config = Config {
        root: root.to_path_buf(),
        resolver: Resolver {
            binaries: Vec::new(),
            build: None,
        },
    };
    let ended = session::serve(&server, config);
    drop(server);
    let mut wire = Vec::new();
    let mut responses = 0;
    for message in receiver.try_iter() {
        responses += usize::from(matches!(message, Message::Response(_)));
        // What the writer thread would write: it must serialise.
        message.write(&mut wire).expect("a message serialises");
    }
    for refusal in refused {
        transport::write_frame(&mut wire, &refusal.to_string()).expect("a refusal serialises");
    }
    assert_eq!(
        responses,
        requests.get(),
        "every request gets one response (session ended: {ended:?}, input: {stopped:?})"
    );
}

/// `body` with each `$ROOT` replaced by `root`.
fn with_root(body: &[u8], root: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len());
    let mut rest = body;
    while let Some(i) = rest.windows(5).position(|w| w == b"$ROOT") {
        out.extend_from_slice(&rest[..i]);
        out.extend_from_slice(root);
        rest = &rest[i + 5..];
    }
    out.extend_from_slice(rest);
    out
}

/// A workspace of one chapter, `spec/action/falling.md`, and the resolver
/// sources its rules need, copied from this crate's workspace into the temp
/// folder: small, so that a session compiles fast. Each file is written
/// whole and renamed into place, so that runs side by side never read one
/// half written.
fn workspace() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let from = crate::workspace::workspace_root();
        let root = std::env::temp_dir().join("rulebook-lsp-fuzz");
        for file in [
            "spec/action/falling.md",
            "rules/src/lib.rs",
            "rules/src/action/mod.rs",
            "rules/src/action/falling.rs",
        ] {
            let to = root.join(file);
            let partial = to.with_extension(format!("part{}", std::process::id()));
            std::fs::read(from.join(file))
                .and_then(|text| {
                    std::fs::create_dir_all(to.parent().unwrap_or(&root))?;
                    std::fs::write(&partial, text)?;
                    std::fs::rename(&partial, &to)
                })
                .unwrap_or_else(|e| panic!("cannot copy {file} for the fuzz workspace: {e}"));
        }
        root.canonicalize().unwrap_or(root)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session that opens its chapter reaches the handlers that need a book.
    #[test]
    fn the_fuzz_workspace_compiles() {
        let compiled = crate::world::compile(workspace(), &crate::world::Overlays::new());
        assert!(compiled.is_ok(), "{:?}", compiled.err().map(|d| d.render()));
    }

    #[test]
    fn root_stands_for_the_workspace_in_a_body() {
        assert_eq!(with_root(b"a$ROOT/b$ROOT", b"/r"), b"a/r/b/r");
        assert_eq!(with_root(b"$ROO", b"/r"), b"$ROO");
    }
}
