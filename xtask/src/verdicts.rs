//! `cargo xtask verdicts` (hidden): the language server's requests for
//! verdicts, answered by the judge (crate `conformance`'s binary, the one
//! that links the resolver), which this builds and runs on this process's
//! stdin and stdout.

use std::process::Command;

use crate::judge::binary;

/// Runs `verdicts` (with `--serve` when `serve`) in the judge, on this
/// process's stdin and stdout.
pub fn command(serve: bool) -> Result<(), String> {
    let binary = binary()?;
    let status = Command::new(&binary)
        .arg("verdicts")
        .args(serve.then_some("--serve"))
        .status()
        .map_err(|e| format!("cannot run the judge {}: {e}", binary.display()))?;
    match status.success() {
        true => Ok(()),
        false => Err(format!("the judge's verdicts stopped: {status}")),
    }
}
