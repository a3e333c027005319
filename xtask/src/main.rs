//! `cargo xtask <command>`: see `cargo xtask --help`. Parses the command line
//! ([`xtask::cli`]) and runs the command's module. A usage error exits with
//! 2 (clap's), a command that fails with 1.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use xtask::cli::{Cli, Cmd};
use xtask::context::Context;
use xtask::provenance::command::Mode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let cx = Context {
        // Tests point the commands at a scratch copy of the workspace.
        root: std::env::var_os("XTASK_ROOT").map_or_else(xtask::workspace_root, PathBuf::from),
        format: cli.command.message_format(),
    };
    let result = match cli.command {
        Cmd::Regen { .. } => xtask::regen::command(&cx, false),
        Cmd::Check {
            reviewed,
            no_pending,
            ..
        } => xtask::check::command(&cx, reviewed, no_pending),
        Cmd::Eval {
            trace,
            examples,
            files,
            ..
        } => {
            let opts = xtask::eval::Options {
                trace,
                only: examples,
            };
            xtask::eval::command(&cx, &files, &opts)
        }
        Cmd::Explain { code } => return xtask::explain::command(&code),
        Cmd::Audit {
            stamp,
            reviewer,
            books,
        } => xtask::audit::command(&cx, stamp, reviewer, books.as_deref()),
        Cmd::Review { books } => xtask::review::command(&cx, books.as_deref()),
        Cmd::Provenance {
            books,
            propose,
            write,
            mutate,
            system,
            ..
        } => {
            let mode = match (mutate, propose) {
                (true, _) => Mode::Mutate,
                (false, true) => Mode::Propose { write },
                (false, false) => Mode::Check,
            };
            xtask::provenance::command::command(&cx, &books, system.as_deref(), mode)
        }
        Cmd::Mutants {
            system,
            files,
            from,
            backfill,
        } => {
            let selection = xtask::mutants::Selection {
                system,
                files,
                from,
                backfill,
            };
            xtask::mutants::command(&cx, &selection)
        }
        Cmd::New { what } => xtask::new::command(&cx, what),
        Cmd::Lsp => xtask::lsp::command(&cx),
        Cmd::Verdicts { serve } => xtask::verdicts::command(serve),
        Cmd::BenchBuild => xtask::bench_build::command(&cx),
        Cmd::Test { .. } => xtask::test::command(&cx),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprint!("{}", cx.text(&format!("{e}\n")));
            ExitCode::FAILURE
        }
    }
}
