//! The command line of `cargo xtask`, as clap types: what a user may type,
//! and the help they read. Each command's work is in its own module
//! (`crate::regen`, `crate::audit`, ...); `main.rs` parses and dispatches.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// The rulebook's commands: compile spec/ into the conformance cases, try out
/// examples, audit the resolver against the book, and run the tests.
#[derive(Parser)]
#[command(
    bin_name = "cargo xtask",
    version,
    arg_required_else_help = true,
    after_help = "XTASK_ROOT=DIR runs a command on the workspace copy at DIR."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Cmd,
}

#[derive(Subcommand)]
pub enum Cmd {
    /// Compile spec/, rewrite the case and property files that changed, print
    /// a summary and lint the book
    ///
    /// Fails while a lint is not allowed or an example fails, naming each
    /// (the files are written all the same).
    Regen {
        #[command(flatten)]
        format: Format,
    },
    /// Fail, naming each file, if regen would change anything; and on a lint
    /// or a failing example
    Check {
        /// Also fail, naming each item of the book and each rule's code,
        /// while anything changed since review (spec/reviewed.toml)
        #[arg(long)]
        reviewed: bool,
        /// Also fail while a resolver module waits for its first mutation run
        /// (conformance/mutants.toml's `pending`), naming the command to run;
        /// the project's CI passes it, the tests do not ask for it
        #[arg(long)]
        no_pending: bool,
        #[command(flatten)]
        format: Format,
    },
    /// Run the examples and check the properties of Markdown files against
    /// the resolver
    ///
    /// A file joins the system its front matter names, inside spec/ or
    /// outside it; nothing is written. Fails while an example or property fails.
    Eval {
        /// Show each example's derivation, step by step
        #[arg(long)]
        trace: bool,
        /// Run only the example or property with this id (repeatable)
        #[arg(long = "example", value_name = "ID")]
        examples: Vec<String>,
        /// The Markdown files
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        #[command(flatten)]
        format: Format,
    },
    /// Explain an error code (E0023) or a lint (band-gap), with a wrong and a
    /// right example
    Explain {
        /// The code, as a diagnostic shows it in `error[…]`
        code: String,
    },
    /// Write the auditors' report to target/audit/ (index.html, audit.json)
    ///
    /// Fails, once the report is written, while an example fails.
    Audit {
        /// First record as reviewed in spec/reviewed.toml the items named
        /// (a system, system/chapter, system/chapter/id, a function path or a
        /// file of rules/src), or with no name every item
        #[arg(long, num_args = 0.., value_name = "ITEM")]
        stamp: Option<Vec<String>>,
        /// Who reviewed, for --stamp (by default git's user.name)
        #[arg(long, value_name = "NAME", requires = "stamp")]
        reviewer: Option<String>,
        /// Show beside each table and example the lines of the book it
        /// cites, read from DIR (your own copy of the books; only the report
        /// under target/audit/ holds them), and each book's coverage
        #[arg(long, value_name = "DIR")]
        books: Option<PathBuf>,
    },
    /// List what changed since each item's review (spec/reviewed.toml), with
    /// its diff: the review queue, grouped by chapter, less what a check
    /// verified
    Review {
        /// Clear a change of book locators only when `provenance` finds its
        /// figures on the lines now cited, in the books in DIR
        #[arg(long, value_name = "DIR")]
        books: Option<PathBuf>,
    },
    /// Check the spec against the books it restates: every located table row,
    /// table erratum and `[book]` figure printed where its locator points, and
    /// every line of each book cited or listed as not rules
    ///
    /// Prints, per system, the rows, claims and errata located out of all, and
    /// each book's coverage. Fails on any finding.
    Provenance {
        /// The folder of the book files the chapters name (your own copy, as
        /// plain text)
        #[arg(long, value_name = "DIR")]
        books: PathBuf,
        /// Propose locators for the items that have none, by matching their
        /// figures against the books, and print them for you to check
        #[arg(long)]
        propose: bool,
        /// With --propose: write the proposals into the chapters
        #[arg(long, requires = "propose")]
        write: bool,
        /// Replace each located figure by every other figure printed on its
        /// lines, and count what the check catches; fails on a survivor not
        /// explained in conformance/figure-mutants.toml
        #[arg(long, conflicts_with = "propose")]
        mutate: bool,
        /// Only the chapters of this spec system (e.g. protection), and only
        /// the books they name: the folder need hold no other book
        #[arg(long, value_name = "SYSTEM")]
        system: Option<String>,
        #[command(flatten)]
        format: Format,
    },
    /// Run cargo-mutants on the resolver and update conformance/mutants.toml
    Mutants {
        /// Only the resolver's folder of this spec system (e.g. outcome-armor)
        #[arg(long, value_name = "SYSTEM")]
        system: Option<String>,
        /// Only this file of rules/src (repeatable)
        #[arg(long = "file", value_name = "FILE")]
        files: Vec<String>,
        /// Read an earlier run of the same selection from DIR instead of
        /// running (repeatable: the shards of one run)
        #[arg(long, value_name = "DIR")]
        from: Vec<PathBuf>,
        /// Measure nothing: split by function the recorded figures of files
        /// that have no split yet, from a build-only run (cargo mutants
        /// --check, into target/mutants-check; or --from an earlier one) of
        /// their unchanged text; a file it disagrees with stays unknown
        #[arg(long)]
        backfill: bool,
    },
    /// Measure what a large table costs the rules build: the time a
    /// 10,000-row table adds, and the peak memory for a 10 MB table
    ///
    /// Builds a copy of the workspace under target/bench-build/ (its own
    /// target folder); needs /usr/bin/time for the peak memory.
    BenchBuild,
    /// Create a system or a chapter with everything it needs beside its text
    ///
    /// The chapter's file with front matter, its resolver module and `pub mod`
    /// line, the mutation record's entries; for a system also its folder and
    /// its inventory docs/books/<system>.md. A name that would break the build
    /// is refused, and a refused command writes nothing.
    // clap prints this text as `--help`, where `<system>` is no HTML tag.
    #[allow(rustdoc::invalid_html_tags)]
    New {
        #[command(subcommand)]
        what: New,
    },
    /// Speak the Language Server Protocol over stdin and stdout, for an editor
    ///
    /// Diagnostics as you type, each example's verdict, hover, definitions,
    /// references, completion and the outline of a chapter. The guide's page
    /// guide/src/editor.md says how to set up Neovim, Helix and VS Code.
    Lsp,
    /// Judge the book of the language server's request on stdin (JSON), with
    /// the resolver of the judge (crate conformance's binary, which it runs);
    /// the answer goes to stdout as a line
    #[command(hide = true)]
    Verdicts {
        /// Answer request after request until stdin ends, as the language
        /// server runs it (a binary from before it knows no such flag, and stops)
        #[arg(long)]
        serve: bool,
    },
    /// Run every test (cargo test --workspace), installing Debian's chromium
    /// and neovim first when the browser and editor tests would lack them
    ///
    /// Any arguments go to cargo test, e.g. `cargo xtask test --locked` or
    /// `cargo xtask test -- --nocapture`. AUDIT_BROWSER=skip skips the browser
    /// test explicitly instead of installing chromium (the editor test has no
    /// such switch). A resolver module that waits for its first mutation run
    /// fails no test: the last lines name the command that runs it.
    Test {
        /// Arguments for cargo test
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "ARGS"
        )]
        _cargo_args: Vec<String>,
    },
}

#[derive(Subcommand)]
pub enum New {
    /// A system of spec/ with its first chapter
    System {
        /// The system's id (kebab-case, e.g. srd5)
        name: String,
        /// The first chapter's id (kebab-case, e.g. combat); by default the system's
        #[arg(long, value_name = "CHAPTER")]
        chapter: Option<String>,
    },
    /// A chapter of a system
    Chapter {
        /// The id of a system of spec/
        system: String,
        /// The chapter's id (kebab-case, e.g. grappling)
        name: String,
    },
}

/// How diagnostics are written to stderr.
#[derive(clap::Args, Clone, Copy)]
pub struct Format {
    /// Diagnostics as rendered text, or as one JSON object per line (as
    /// rustc's `--error-format=json`) for editors and CI
    #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
    pub message_format: MessageFormat,
}

#[derive(ValueEnum, Clone, Copy, PartialEq, Eq)]
pub enum MessageFormat {
    Human,
    Json,
}

impl Cmd {
    /// The format chosen for this command's diagnostics: the commands without
    /// `--message-format` write them as text.
    pub fn message_format(&self) -> MessageFormat {
        match self {
            Cmd::Regen { format }
            | Cmd::Check { format, .. }
            | Cmd::Eval { format, .. }
            | Cmd::Provenance { format, .. } => format.message_format,
            _ => MessageFormat::Human,
        }
    }
}
