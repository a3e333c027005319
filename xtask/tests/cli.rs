//! The command line through the real binary: help for every command, usage
//! errors that exit with 2 and suggest the fix, and the commands that exit
//! with 1, naming each failing example, while one fails (on the fixture book).

mod common;

use std::path::Path;

use common::{Scratch, edit, xtask};

const COMMANDS: [&str; 7] = [
    "regen", "check", "eval", "explain", "audit", "mutants", "test",
];

/// Runs the binary with `args` on no workspace in particular: usage and help
/// come before any command reads one.
fn bare(args: &[&str]) -> common::Run {
    xtask(Path::new("/nonexistent"), args)
}

#[test]
fn a_misspelt_command_exits_2_suggesting_the_right_one() {
    let run = bare(&["rgen"]);
    assert_eq!(run.code, Some(2), "{run}");
    assert!(
        run.stderr.contains("unrecognized subcommand 'rgen'")
            && run.stderr.contains("a similar subcommand exists: 'regen'"),
        "{run}"
    );
    let run = bare(&["check", "--reviwed"]);
    assert_eq!(run.code, Some(2), "{run}");
    assert!(
        run.stderr
            .contains("a similar argument exists: '--reviewed'"),
        "{run}"
    );
}

#[test]
fn missing_arguments_exit_2_with_the_usage() {
    let run = bare(&[]);
    assert_eq!(run.code, Some(2), "{run}");
    assert!(run.stderr.contains("Usage: cargo xtask <COMMAND>"), "{run}");
    let run = bare(&["eval"]);
    assert_eq!(run.code, Some(2), "{run}");
    assert!(
        run.stderr.contains("required arguments were not provided")
            && run.stderr.contains("Usage: cargo xtask eval <FILE>..."),
        "{run}"
    );
    let run = bare(&["mutants", "--system"]);
    assert_eq!(run.code, Some(2), "{run}");
}

#[test]
fn the_help_lists_every_command_and_the_version_is_given() {
    for flag in ["--help", "-h", "help"] {
        let run = bare(&[flag]);
        assert!(run.ok(), "{run}");
        for command in COMMANDS {
            assert!(
                run.stdout.contains(&format!("\n  {command} ")),
                "`{flag}` does not list {command}:\n{run}"
            );
        }
        assert!(run.stdout.contains("XTASK_ROOT=DIR"), "{run}");
    }
    let run = bare(&["--version"]);
    assert!(run.ok(), "{run}");
    assert_eq!(run.stdout, format!("xtask {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn every_command_has_its_own_help() {
    for command in COMMANDS {
        for args in [vec![command, "--help"], vec!["help", command]] {
            let run = bare(&args);
            assert!(run.ok(), "{args:?}:\n{run}");
            assert!(
                run.stdout
                    .contains(&format!("Usage: cargo xtask {command}")),
                "{args:?}:\n{run}"
            );
        }
    }
    let eval = bare(&["eval", "--help"]).stdout;
    for flag in ["--trace", "--example <ID>", "<FILE>..."] {
        assert!(eval.contains(flag), "eval's help lacks {flag}:\n{eval}");
    }
    let mutants = bare(&["mutants", "--help"]).stdout;
    for flag in [
        "--system <SYSTEM>",
        "--file <FILE>",
        "--from <DIR>",
        "--backfill",
    ] {
        assert!(mutants.contains(flag), "{mutants}");
    }
    assert!(bare(&["check", "--help"]).stdout.contains("--reviewed"));
    for command in ["regen", "check", "eval"] {
        let help = bare(&[command, "--help"]).stdout;
        assert!(
            help.contains("--message-format <MESSAGE_FORMAT>")
                && help.contains("[possible values: human, json]"),
            "{command}'s help lacks --message-format:\n{help}"
        );
    }
    assert!(bare(&["explain", "--help"]).stdout.contains("<CODE>"));
    assert!(bare(&["audit", "--help"]).stdout.contains("--stamp"));
}

/// An erratum pins the resolver's side of its claim: changing the value it
/// rules fails the example at that value (issue 27), not at the example.
#[test]
fn a_changed_ruled_value_fails_check_at_the_erratum() {
    let fixture = Scratch::fixture("cli-erratum-ruled");
    let root = &fixture.0;
    // `fixture-absorb-misprint` rules 7 on line 78, `rules = 7`.
    edit(
        &root.join("spec/action/armor.md"),
        "rules = 7\n",
        "rules = 6\n",
    );
    let run = xtask(root, &["check"]);
    assert_eq!(run.code, Some(1), "check passes a changed ruling:\n{run}");
    assert!(
        run.stderr
            .contains("spec/action/armor.md:78:9 fixture-absorb-misprint: fails\n"),
        "{run}"
    );
}

#[test]
fn a_failing_example_fails_regen_check_and_audit_naming_it() {
    let fixture = Scratch::fixture("cli-failing");
    let root = &fixture.0;
    for command in ["check", "audit"] {
        let run = xtask(root, &[command]);
        assert!(run.ok(), "{command} on the fixture book:\n{run}");
    }
    // Misprint the book's value of `fixture-absorb` (its claim is on line 56).
    edit(
        &root.join("spec/action/armor.md"),
        "damage_through = 6\n",
        "damage_through = 5\n",
    );
    let named = "spec/action/armor.md:56:1 fixture-absorb: fails\n    damage_through: book 5 | rules 6  fails: undocumented disagreement: no erratum for this claim\n";
    for command in ["regen", "check", "audit"] {
        let run = xtask(root, &[command]);
        assert_eq!(
            run.code,
            Some(1),
            "{command} passes a failing example:\n{run}"
        );
        assert!(run.stderr.contains(named), "{command}:\n{run}");
        assert!(
            run.stderr.contains("1 example(s) fail (listed above)"),
            "{command}:\n{run}"
        );
        // Only the failing claim is named, not the agreeing example beside it.
        assert!(!run.stderr.contains("fixture-absorb-misprint"), "{run}");
    }
    // regen still wrote the case file, and audit its report.
    assert!(
        xtask(root, &["check"])
            .stdout
            .contains("case files are up to date")
    );
    assert!(root.join("target/audit/index.html").exists());
}
