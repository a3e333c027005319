//! The judge: crate `conformance`'s binary, the one that links the resolver,
//! so that a table edit rebuilds `rules` and the judge rather than all of
//! `xtask`. It is built (cargo rebuilds it when the spec or `rules/src`
//! changed) in this binary's target folder and profile, then run: `judge`
//! with the case and property files to run, or `verdicts` for the language
//! server ([`crate::verdicts`]).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use casefile::batch::{Asked, Judged};

/// The judge's binary, built once per process.
pub fn binary() -> Result<PathBuf, String> {
    static BUILT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BUILT.get_or_init(build).clone()
}

/// Builds the judge beside this binary: in its target folder (`CARGO_TARGET_DIR`
/// as this one was built with it, `RULES_SPEC_DIR` as it is) and profile. A
/// test's binary sits one folder lower, in `deps`.
fn build() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this binary: {e}"))?;
    let mut dir = exe.parent().unwrap_or(Path::new("."));
    if dir.ends_with("deps") {
        dir = dir.parent().unwrap_or(dir);
    }
    let (Some(profile), Some(target)) = (dir.file_name(), dir.parent()) else {
        return Err(format!("{} is in no target folder", exe.display()));
    };
    let profile = match profile.to_str() {
        Some("debug") => "dev",
        Some(other) => other,
        None => return Err(format!("{} is in no profile's folder", exe.display())),
    };
    let binary = dir.join(format!("conformance{}", std::env::consts::EXE_SUFFIX));
    if !binary.is_file() {
        eprintln!(
            "building the judge (crate conformance) for the first time: it holds the resolver, \
             compiled from spec/ with rules/src; later runs rebuild it when they changed"
        );
    }
    let status = Command::new(crate::cargo_program())
        .args(["build", "--quiet", "--profile", profile])
        .args([
            "--package",
            "conformance",
            "--bin",
            "conformance",
            "--manifest-path",
        ])
        .arg(crate::workspace_root().join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target)
        .stdin(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run cargo to build the judge: {e}"))?;
    if !status.success() {
        return Err(format!(
            "cannot build the judge (crate conformance): cargo {status}"
        ));
    }
    Ok(binary)
}

/// Runs the cases and properties `asked` in the judge: their reports, in
/// order. Nothing asked, nothing is built.
pub fn judge(asked: &Asked) -> Result<Judged, String> {
    if asked.cases.is_empty() && asked.properties.is_empty() {
        return Ok(Judged::default());
    }
    let binary = binary()?;
    let mut child = Command::new(&binary)
        .arg("judge")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run the judge {}: {e}", binary.display()))?;
    // The judge reads all it is asked before it answers: no pipe fills both ways.
    let sent = child
        .stdin
        .take()
        .ok_or_else(|| "the judge has no stdin".to_string())
        .and_then(|mut stdin| {
            serde_json::to_writer(&mut stdin, asked)
                .map_err(|e| e.to_string())
                .and_then(|()| stdin.flush().map_err(|e| e.to_string()))
        });
    let out = child
        .wait_with_output()
        .map_err(|e| format!("the judge did not answer: {e}"))?;
    sent.map_err(|e| format!("cannot ask the judge: {e}"))?;
    if !out.status.success() {
        return Err(format!("the judge failed: {}", out.status));
    }
    let judged: Judged = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("cannot read the judge's answer: {e}"))?;
    let counts = |a: &Asked| (a.cases.len(), a.properties.len());
    let answered = (judged.cases.len(), judged.properties.len());
    if answered != counts(asked) {
        return Err(format!(
            "the judge answered {answered:?} cases and properties of {:?}",
            counts(asked)
        ));
    }
    Ok(judged)
}
