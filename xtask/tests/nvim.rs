//! The language server in a real editor: Debian's Neovim, headless, driven
//! by `nvim/drive.lua` (what it checks is said there). `cargo xtask test`
//! installs neovim when it is missing; run alone without it, this test fails
//! and says so rather than skip.

mod common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::Scratch;

/// Whether process `pid` runs (and is no zombie).
fn runs(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit_once(')')
            .is_some_and(|(_, r)| !r.trim_start().starts_with('Z'))
    })
}

#[test]
fn neovim_shows_diagnostics_hover_definition_verdicts_and_progress_and_the_server_stops_with_it() {
    let nvim = xtask::test::find_program("nvim", std::env::var_os("PATH").as_deref()).expect(
        "neovim is not installed: `cargo xtask test` installs it (apt-get install -y neovim)",
    );
    let scratch = Scratch::workspace_copy("nvim");
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = here.join("tests/nvim/drive.lua");
    let cargo_pid = scratch.0.join("cargo.pid");
    let out = Command::new(nvim)
        .args(["--headless", "--clean", "-n", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("SERVER", env!("CARGO_BIN_EXE_xtask"))
        .env("ROOT", &scratch.0)
        .env("FAKE_CARGO", here.join("../launcher/tests/fake-cargo.sh"))
        .env("CARGO_PID", &cargo_pid)
        .output()
        .expect("run neovim");
    let quit = Instant::now();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "neovim's script failed:\n{stderr}");
    for step in [
        "verdict: agrees",
        "hover: Dice::new(9, 6, 0)",
        "definition: line",
        "verdict: fails: damage: book 8d6 | rules 9d6",
        "diagnostic: E0023",
        "verdict: agrees (judged with the edited cells of table `falling-table`, not yet built in)",
        "lens refresh: ",
        "progress: building the resolver: 3 of 12",
    ] {
        assert!(stderr.contains(step), "no `{step}`:\n{stderr}");
    }
    let server = stderr
        .lines()
        .find_map(|l| l.strip_prefix("server pid: "))
        .unwrap_or_else(|| panic!("no server pid:\n{stderr}"));
    let cargo = std::fs::read_to_string(&cargo_pid).expect("the build's pid");
    let cargo = cargo.trim();
    while (runs(server) || runs(cargo)) && quit.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        !runs(server) && !runs(cargo),
        "2 s after neovim quit: server {server} runs {}, its build {cargo} runs {}",
        runs(server),
        runs(cargo)
    );
}
