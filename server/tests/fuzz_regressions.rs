//! One test per file in `fuzz_regressions/`: every session that ever crashed
//! the language server (found by the `lsp` fuzz target in `fuzz/`, or by
//! hand) goes through the fuzz target's own entry point again, which must
//! not panic, and must answer every request once. Add each new crash here,
//! under a name that says what it was.

use std::path::Path;

fn replay(_path: &Path, bytes: Vec<u8>) -> datatest_stable::Result<()> {
    server::fuzz::session(&bytes);
    Ok(())
}

datatest_stable::harness! {
    { test = replay, root = "tests/fuzz_regressions", pattern = r"^.*$" },
}
