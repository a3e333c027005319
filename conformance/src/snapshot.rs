//! A case's first snapshot. A new example has nothing to compare with, so the
//! suite writes its snapshot itself, in insta's format, rather than fail
//! until someone runs `cargo insta review`; its verdict is checked all the
//! same. A snapshot that exists is left to insta, so a changed outcome still
//! fails until it is reviewed.

use std::path::Path;

/// Writes `rendered` as snapshot `name` in `dir` when there is none; returns
/// whether it wrote one.
pub fn write_first(dir: &Path, name: &str, rendered: &str) -> std::io::Result<bool> {
    let path = dir.join(format!("{name}.snap"));
    if path.exists() {
        return Ok(false);
    }
    let text = format!(
        "---\nsource: conformance/tests/cases.rs\n---\n{}\n",
        rendered.trim_end()
    );
    std::fs::write(path, text)?;
    Ok(true)
}
