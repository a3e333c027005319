//! The launcher's gate: an error inside `spec/` itself reaches the author as
//! the CLI's diagnostics, in JSON with `--message-format=json`, with no
//! build-script wrapper and without building anything.

// The server's tests' scratch copies, one definition for both crates.
#[path = "../../server/tests/common/mod.rs"]
mod common;

use common::Scratch;
use std::process::Command;

/// A copy of the workspace's book and resolver sources whose falling table
/// has `9x6` for `9d6` (a dice cell that does not parse).
fn broken_spec(name: &str) -> Scratch {
    let scratch = Scratch::workspace_copy(name);
    let falling = scratch.0.join("spec/action/falling.md");
    let text = std::fs::read_to_string(&falling).expect("read falling.md");
    let broken = text.replacen("| 23-26 | 18m/s | 9d6 |", "| 23-26 | 18m/s | 9x6 |", 1);
    assert_ne!(text, broken, "the falling table's 23-26 row has moved");
    std::fs::write(&falling, broken).expect("write falling.md");
    scratch
}

fn launch(scratch: &Scratch, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_launcher"))
        .args(args)
        .env("XTASK_ROOT", &scratch.0)
        .output()
        .expect("run the launcher")
}

#[test]
fn an_error_in_spec_comes_out_as_json_objects() {
    let scratch = broken_spec("gate-json");
    let out = launch(&scratch, &["check", "--message-format=json"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let objects: Vec<serde_json::Value> = stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert_eq!(objects.len(), 1, "{stderr}");
    let d = &objects[0];
    assert_eq!(d["file"], "spec/action/falling.md", "{d:#}");
    assert_eq!(d["severity"], "error");
    assert!(
        d["code"].as_str().is_some_and(|c| c.starts_with('E')),
        "{d:#}"
    );
    let line = d["line"].as_u64().expect("a line");
    let row = std::fs::read_to_string(scratch.0.join("spec/action/falling.md")).unwrap();
    assert!(
        row.lines().nth(line as usize - 1).unwrap().contains("9x6"),
        "{d:#}"
    );
    assert!(d["rendered"].as_str().unwrap().contains("9x6"), "{d:#}");
}

#[test]
fn the_human_report_has_no_build_script_wrapper() {
    let scratch = broken_spec("gate-human");
    let out = launch(&scratch, &["check"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--> spec/action/falling.md:"), "{stderr}");
    assert!(stderr.ends_with("1 error in the spec\n"), "{stderr}");
    assert!(!stderr.contains("custom build command"), "{stderr}");
    assert!(!stderr.contains("Compiling"), "{stderr}");
}
