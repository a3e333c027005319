//! The launcher answers help itself: `cargo xtask --help` and `cargo xtask
//! lsp --help` print the guide's copies of the tool's help (which
//! `xtask/tests/guide.rs` holds to what the tool prints) without building the
//! tool or starting the server (issue 31.5, 31.8).

use std::path::Path;
use std::process::{Command, Stdio};

fn launch(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_launcher"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run the launcher")
}

fn guide(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../guide/src/commands")
        .join(file);
    std::fs::read_to_string(path).expect("the guide's copy of the help")
}

#[test]
fn lsp_help_is_printed_not_served() {
    for flag in ["--help", "-h"] {
        let out = launch(&["lsp", flag]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), guide("lsp-help.txt"));
        assert!(out.stderr.is_empty(), "{out:?}");
    }
}

#[test]
fn an_argument_lsp_does_not_take_is_refused_with_status_2() {
    let out = launch(&["lsp", "--stdio-please"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unexpected argument '--stdio-please'"),
        "{err}"
    );
}

#[test]
fn the_tools_help_is_printed_without_building_it() {
    for flag in ["--help", "-h", "help"] {
        let out = launch(&[flag]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            guide("xtask-help.txt")
        );
    }
}
