//! What the audit asks git: who is stamping, and who wrote a ruling's lines.
//! Without git, or outside a checkout, each answer is none.

use std::path::Path;
use std::process::Command;

/// The standard output of `git -C root args…`, when git ran and succeeded.
pub fn git(root: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}
