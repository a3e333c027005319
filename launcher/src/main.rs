//! The launcher behind `cargo xtask`: checks the spec with [`gate`],
//! then runs the `xtask` binary with the same arguments through cargo, which
//! builds it first. `cargo xtask lsp` starts the language server here, without
//! the gate, so that it runs while the spec does not compile, and
//! `cargo xtask --help` prints the tool's help from the guide's copy of it
//! (`xtask/tests/guide.rs` keeps that fresh), so neither waits for the
//! resolver's build.

mod gate;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

/// `cargo xtask --help`, as the xtask binary prints it.
const HELP: &str = include_str!("../../guide/src/commands/xtask-help.txt");
/// `cargo xtask lsp --help`, as the xtask binary prints it: the server starts
/// here, so its help is answered here too, never by starting it.
const LSP_HELP: &str = include_str!("../../guide/src/commands/lsp-help.txt");

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let build_root = server::workspace_root();
    let root = std::env::var_os("XTASK_ROOT").map_or_else(|| build_root.clone(), PathBuf::from);
    if let [lsp, rest @ ..] = args.as_slice()
        && lsp == "lsp"
    {
        match rest {
            [] => {}
            [flag] if ["--help", "-h"].contains(&flag.as_str()) => {
                print!("{LSP_HELP}");
                return ExitCode::SUCCESS;
            }
            [other, ..] => {
                eprintln!(
                    "error: unexpected argument '{other}' found\n\nUsage: cargo xtask lsp\n\nFor more information, try '--help'."
                );
                return ExitCode::from(2);
            }
        }
        return match server::serve_stdio(&root) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("the language server stopped: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if let [only] = args.as_slice()
        && ["--help", "-h", "help"].contains(&only.as_str())
    {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    }
    // The book the build compiles, and the one the command will read.
    let mut roots = vec![build_root.clone()];
    if root != build_root {
        roots.push(root);
    }
    for root in &roots {
        if let Err(diags) = gate::check(root) {
            let styled = std::io::stderr().is_terminal();
            eprint!("{}", gate::report(&diags, gate::wants_json(&args), styled));
            return ExitCode::FAILURE;
        }
    }
    // cargo's progress alone would not say why a first run takes minutes.
    let built = std::env::current_exe().is_ok_and(|me| me.with_file_name("xtask").is_file());
    if !built {
        eprintln!(
            "building the tool (crate xtask) for the first time, then, when a command \
             runs the book's examples, the judge (crate conformance), which holds the \
             resolver compiled from spec/ with rules/src; this takes minutes once, and \
             later runs rebuild only what an edit changed"
        );
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["run", "--package", "xtask", "--manifest-path"])
        .arg(build_root.join("Cargo.toml"))
        .arg("--")
        .args(&args)
        .status();
    match status {
        Ok(s) => ExitCode::from(s.code().map_or(1, |c| c.clamp(0, 255) as u8)),
        Err(e) => {
            eprintln!("cannot run cargo to build and run xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
