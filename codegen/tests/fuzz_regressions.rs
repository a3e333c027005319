//! One test per file in `fuzz_regressions/`: every input that ever crashed the
//! front end (found by the fuzz target in `fuzz/`, or by hand) goes through the
//! fuzz target's own entry point again, which must not panic. Add each new
//! crash here, under a name that says what it was.

use std::path::Path;

fn replay(_path: &Path, bytes: Vec<u8>) -> datatest_stable::Result<()> {
    codegen::fuzz::chapter(&bytes);
    Ok(())
}

datatest_stable::harness! {
    { test = replay, root = "tests/fuzz_regressions", pattern = r"^.*$" },
}
