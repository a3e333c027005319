//! The language server in a real editor: Debian's Neovim, headless, driven
//! by `nvim/drive.lua` (what it checks is said there). `cargo xtask test`
//! installs neovim when it is missing; run alone without it, this test fails
//! and says so rather than skip.

mod common;

use std::path::Path;
use std::process::Command;

use common::Scratch;

#[test]
fn neovim_shows_diagnostics_hover_definition_and_verdicts() {
    let nvim = xtask::suite::find_program("nvim", std::env::var_os("PATH").as_deref()).expect(
        "neovim is not installed: `cargo xtask test` installs it (apt-get install -y neovim)",
    );
    let scratch = Scratch::workspace_copy("nvim");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/nvim/drive.lua");
    let out = Command::new(nvim)
        .args(["--headless", "--clean", "-n", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("SERVER", env!("CARGO_BIN_EXE_xtask"))
        .env("ROOT", &scratch.0)
        .output()
        .expect("run neovim");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "neovim's script failed:\n{stderr}");
    for step in [
        "verdict: agrees",
        "hover: Dice::new(9, 6, 0)",
        "definition: line",
        "verdict: fails: damage: book 8d6 | rules 9d6",
        "diagnostic: E0023",
    ] {
        assert!(stderr.contains(step), "no `{step}`:\n{stderr}");
    }
}
