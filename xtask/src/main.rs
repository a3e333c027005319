//! `cargo xtask <command>`: see `cargo xtask --help`. A usage error exits
//! with 2 (clap's), a command that fails with 1.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use codegen::diagnostic::visible;
use codegen::{DiagCode, Diagnostic, Diagnostics};

/// The rulebook's commands: compile spec/ into the conformance cases, try out
/// examples, audit the resolver against the book, and run the tests.
#[derive(Parser)]
#[command(
    bin_name = "cargo xtask",
    version,
    arg_required_else_help = true,
    after_help = "XTASK_ROOT=DIR runs a command on the workspace copy at DIR."
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
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
enum New {
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
struct Format {
    /// Diagnostics as rendered text, or as one JSON object per line (as
    /// rustc's `--error-format=json`) for editors and CI
    #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
    message_format: MessageFormat,
}

#[derive(ValueEnum, Clone, Copy, PartialEq, Eq)]
enum MessageFormat {
    Human,
    Json,
}

impl MessageFormat {
    /// `diags` for stderr: rendered (in colour on a terminal), or one JSON
    /// object per line.
    fn diagnostics<'a>(self, diags: impl IntoIterator<Item = &'a Diagnostic>) -> String {
        let diags: Vec<&Diagnostic> = diags.into_iter().collect();
        match self {
            MessageFormat::Json => diags.iter().map(|d| json_line(&d.json())).collect(),
            MessageFormat::Human => {
                let all = Diagnostics(diags.into_iter().cloned().collect());
                if std::io::stderr().is_terminal() {
                    all.render_styled()
                } else {
                    all.render()
                }
            }
        }
    }

    /// Findings of a check (not errors that stop the compile): as
    /// [`MessageFormat::diagnostics`], without the count of errors in the spec.
    fn findings(self, diags: &[Diagnostic]) -> String {
        match self {
            MessageFormat::Json => self.diagnostics(diags),
            MessageFormat::Human if std::io::stderr().is_terminal() => {
                diags.iter().map(|d| d.render_styled() + "\n").collect()
            }
            MessageFormat::Human => diags.iter().map(|d| d.render() + "\n").collect(),
        }
    }

    /// A message for stderr that is no diagnostic of the spec (a failing
    /// example, a summary): as is, or as a JSON object with no file or code.
    fn text(self, text: &str) -> String {
        match self {
            MessageFormat::Human => text.to_string(),
            MessageFormat::Json if text.trim().is_empty() => String::new(),
            MessageFormat::Json => json_line(&serde_json::json!({
                "file": null,
                "severity": "error",
                "code": null,
                "message": text.lines().next().unwrap_or(""),
                "notes": [],
                "rendered": text,
            })),
        }
    }
}

fn json_line(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("a diagnostic serialises") + "\n"
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Tests point the commands at a scratch copy of the workspace.
    let root = std::env::var_os("XTASK_ROOT").map_or_else(xtask::workspace_root, PathBuf::from);
    let format = match &cli.command {
        Cmd::Regen { format }
        | Cmd::Check { format, .. }
        | Cmd::Eval { format, .. }
        | Cmd::Provenance { format, .. } => format.message_format,
        _ => MessageFormat::Human,
    };
    let result = match cli.command {
        Cmd::Regen { .. } => regen(&root, false, format),
        Cmd::Check {
            reviewed,
            no_pending,
            ..
        } => regen(&root, true, format)
            .and_then(|()| {
                if reviewed {
                    review(&root, format)
                } else {
                    Ok(())
                }
            })
            .and_then(|()| match pending(&root)? {
                Some(waiting) if no_pending => Err(waiting),
                _ => Ok(()),
            }),
        Cmd::Eval {
            trace,
            examples,
            files,
            ..
        } => eval(&root, &files, trace, examples, format),
        Cmd::Explain { code } => return explain(&code),
        Cmd::Audit {
            stamp,
            reviewer,
            books,
        } => audit(&root, stamp, reviewer, books.as_deref()),
        Cmd::Review { books } => queue(&root, books.as_deref()),
        Cmd::Provenance {
            books,
            propose,
            write,
            mutate,
            system,
            ..
        } => {
            let only = system.as_deref();
            if mutate {
                provenance_mutate(&root, &books, only, format)
            } else {
                provenance(&root, &books, only, propose, write, format)
            }
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
            xtask::mutants::run(&root, &selection).map(|summary| print!("{summary}"))
        }
        Cmd::New { what } => new(&root, what),
        Cmd::Lsp => {
            author::lsp::serve_stdio(&root).map_err(|e| format!("the language server stopped: {e}"))
        }
        Cmd::Verdicts { serve } => xtask::judge::verdicts(serve),
        Cmd::BenchBuild => xtask::bench_build::run(&root).map(|report| print!("{report}")),
        Cmd::Test { .. } => {
            // As typed: clap drops a leading `--`, which cargo test needs to
            // tell the test binaries' arguments (`-- --nocapture`) from its own.
            let args: Vec<String> = std::env::args()
                .skip(1)
                .skip_while(|a| a != "test")
                .skip(1)
                .collect();
            // The suite passes with a module pending; it says so at the end.
            xtask::suite::run(&root, &args).and_then(|()| {
                if let Some(waiting) = pending(&root)? {
                    eprintln!("{waiting}");
                }
                Ok(())
            })
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprint!("{}", format.text(&format!("{e}\n")));
            ExitCode::FAILURE
        }
    }
}

/// Prints the explanation of `code`; an unknown code is a usage error (exit
/// 2) that suggests the closest codes.
fn explain(code: &str) -> ExitCode {
    if let Some(code) = DiagCode::parse(code) {
        print!("{}", code.explanation());
        return ExitCode::SUCCESS;
    }
    let named = |f: fn(&DiagCode) -> bool| -> Vec<&str> {
        DiagCode::all().filter(f).map(DiagCode::as_str).collect()
    };
    let hint = codegen::suggest::did_you_mean(code, DiagCode::all().map(DiagCode::as_str))
        .unwrap_or_else(|| {
            let errors = named(|c| c.as_str().starts_with('E'));
            let last = errors.last().copied().unwrap_or("E0001");
            format!(
                "codes run from E0001 to {last}; lints: {}; checks of the books: {}; of the reviewed state: {}",
                named(|c| c.is_lint()).join(", "),
                named(|c| matches!(c, DiagCode::Book(_))).join(", "),
                named(|c| c.is_review()).join(", ")
            )
        });
    let hint = format!("\n\n  tip: {hint}");
    let message = format!("no error code or lint `{code}`{hint}\n");
    clap::Error::raw(clap::error::ErrorKind::InvalidValue, message)
        .with_cmd(&<Cli as clap::CommandFactory>::command())
        .exit()
}

/// The compiled book, or the failure after its diagnostics went to stderr.
fn compile(root: &Path, format: MessageFormat) -> Result<codegen::Book, String> {
    xtask::compile_book(root).map_err(|d| failed(&d, format))
}

/// Writes `d` to stderr in `format`; returns the failure to end with.
fn failed(d: &Diagnostics, format: MessageFormat) -> String {
    match format {
        MessageFormat::Human => format.diagnostics(&d.0),
        MessageFormat::Json => {
            eprint!("{}", format.diagnostics(&d.0));
            format!("{} error(s) in the spec", d.0.len())
        }
    }
}

fn regen(root: &Path, check_only: bool, format: MessageFormat) -> Result<(), String> {
    let book = compile(root, format)?;
    let [cases, properties] = xtask::plan_all(&book, root)
        .map_err(|e| format!("cannot read the case and property files: {e}"))?;
    let lints = xtask::lint_book(root, &book)?;
    let open = lints.iter().filter(|l| !l.is_allowed()).count();
    let w = xtask::label_width(&book);
    match format {
        MessageFormat::Human => eprint!(
            "{}",
            codegen::lint::render(&lints, std::io::stderr().is_terminal())
        ),
        MessageFormat::Json => {
            let open = lints.iter().filter(|l| !l.is_allowed());
            eprint!("{}", format.diagnostics(open.map(|l| &l.diagnostic)));
        }
    }
    let reports = xtask::reports(&book)?;
    let mut failures = Vec::new();
    if check_only {
        if cases.is_empty() && properties.is_empty() {
            println!(
                "case files are up to date ({} cases, {} properties)",
                cases.unchanged, properties.unchanged
            );
        } else {
            let mut lines = cases.describe(root);
            lines.extend(properties.describe(root));
            failures.push(format!(
                "case files are stale; run `cargo xtask regen`:\n  {}",
                lines.join("\n  ")
            ));
        }
    } else {
        xtask::apply(&cases).map_err(|e| format!("cannot write the case files: {e}"))?;
        xtask::apply(&properties).map_err(|e| format!("cannot write the property files: {e}"))?;
        print!("{}", xtask::summary(&book, &reports));
        for (what, plan) in [("cases", &cases), ("properties", &properties)] {
            println!(
                "{what:<w$} {} written, {} removed, {} unchanged (conformance/{what}/)",
                plan.writes.len(),
                plan.removes.len(),
                plan.unchanged,
            );
        }
    }
    println!(
        "{:<w$} {open} to fix, {} allowed",
        "lints",
        lints.len() - open
    );
    if open > 0 {
        failures.push(format!("{open} lint(s) not allowed (listed above)"));
    }
    failures.extend(failing_examples(&book, &reports, format));
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// Prints each failing example with the claims that differ; returns the
/// failure to report, if any.
fn failing_examples(
    book: &codegen::Book,
    reports: &[casefile::Report],
    format: MessageFormat,
) -> Option<String> {
    let failing = xtask::examples::failing(book, reports);
    for report in &failing {
        eprint!("{}", format.text(report));
    }
    (!failing.is_empty()).then(|| format!("{} example(s) fail (listed above)", failing.len()))
}

/// Fails naming every item (prose, or a rule's code) whose text differs from
/// the reviewed state: listed in the failure, or one JSON object each.
fn review(root: &Path, format: MessageFormat) -> Result<(), String> {
    let book = compile(root, format)?;
    let changes = changes(root, &book, format)?;
    if changes.is_empty() {
        println!(
            "every item is as reviewed ({})",
            xtask::audit::REVIEWED_FILE
        );
        return Ok(());
    }
    let summary = format!(
        "{} items changed since review; read them (`cargo xtask review` shows each with its diff), then stamp them (`cargo xtask audit --stamp ITEM`)",
        changes.len()
    );
    match format {
        MessageFormat::Human => {
            let lines: Vec<String> = changes.iter().map(ToString::to_string).collect();
            let list = format!("{summary}:\n  {}", lines.join("\n  "));
            Err(visible(&list).into_owned())
        }
        MessageFormat::Json => {
            for change in &changes {
                eprint!("{}", json_line(&change.json()));
            }
            Err(summary)
        }
    }
}

/// Every item changed since review, once the reviewed state is read as
/// evidence: its faults go to stderr in `format`, each at its place.
fn changes(
    root: &Path,
    book: &codegen::Book,
    format: MessageFormat,
) -> Result<Vec<xtask::audit::Change>, String> {
    let stamp = xtask::audit::Stamp::load(root).map_err(|d| failed(&d, format))?;
    Ok(stamp.changes(book, &xtask::audit::ResolverSource::scan(root)?))
}

/// The resolver modules that wait for their first mutation run, each with the
/// command that gives it one; `None` when there is none. A pending module is
/// no failure of the suite (it is shown in the report as "not yet run"): only
/// `check --no-pending` refuses it, for a CI that wants every module measured.
fn pending(root: &Path) -> Result<Option<String>, String> {
    let record = xtask::mutants::Record::load(root)?;
    if record.pending.is_empty() {
        return Ok(None);
    }
    let commands: Vec<String> = record
        .pending
        .iter()
        .map(|file| format!("  cargo xtask mutants --file {file}"))
        .collect();
    Ok(Some(format!(
        "resolver modules wait for their first mutation run ({}, `pending`); run:\n{}",
        xtask::mutants::RECORD_FILE,
        commands.join("\n")
    )))
}

/// Prints the review queue: page by page, each entry with its diff and the
/// command that stamps it, then what the checks cleared; what a terminal
/// would act on (ESC, BEL) in a reviewer's name or a text is shown as a
/// diagnostic shows it.
fn queue(root: &Path, books: Option<&Path>) -> Result<(), String> {
    let book = compile(root, MessageFormat::Human)?;
    let queue = xtask::audit::queue(root, &book, books)?;
    print!("{}", visible(&xtask::audit::queue::text(&queue)));
    println!(
        "{} entries in the review queue ({} changes, {} cleared by a check)",
        queue.entries.len(),
        queue.entries.iter().map(|e| e.changes.len()).sum::<usize>(),
        queue.cleared.len()
    );
    Ok(())
}

fn audit(
    root: &Path,
    stamp: Option<Vec<String>>,
    reviewer: Option<String>,
    books: Option<&Path>,
) -> Result<(), String> {
    let book = compile(root, MessageFormat::Human)?;
    if let Some(dir) = books.filter(|d| !d.is_dir()) {
        return Err(format!(
            "the books folder {} is not a folder",
            dir.display()
        ));
    }
    let stamp = match stamp {
        Some(targets) => {
            let by = xtask::audit::Reviewer::now(root, reviewer)?;
            let scope = match targets.is_empty() {
                true => xtask::audit::Scope::All,
                false => xtask::audit::Scope::Named(targets),
            };
            Some((by, scope))
        }
        None => None,
    };
    if let Some((by, scope)) = &stamp {
        let reports = xtask::reports(&book)?;
        let stamped = xtask::audit::stamps::stamp(root, &book, &reports, by, scope)?;
        for line in &stamped {
            println!("stamped {}", visible(line));
        }
        println!(
            "stamped {} items as reviewed by {} on {} in {}",
            stamped.len(),
            visible(&by.name),
            by.date,
            xtask::audit::REVIEWED_FILE
        );
    }
    let audit = xtask::audit::run_with_books(root, &book, None, books)?;
    println!(
        "{}/index.html: {} systems, {} items changed since review (facts in audit.json)",
        xtask::audit::REPORT_DIR,
        audit.systems.len(),
        audit.changed_since_review.len()
    );
    if let Some(failure) = failing_examples(&book, &xtask::reports(&book)?, MessageFormat::Human) {
        return Err(failure);
    }
    match (audit.book_findings, books) {
        (0, _) | (_, None) => Ok(()),
        (n, Some(dir)) => Err(format!(
            "{n} findings against the books: the report lists them, and `cargo xtask provenance --books {}` says each",
            dir.display()
        )),
    }
}

/// Checks the spec against the books in `books`, or proposes locators.
fn provenance(
    root: &Path,
    books: &Path,
    system: Option<&str>,
    propose: bool,
    write: bool,
    format: MessageFormat,
) -> Result<(), String> {
    let book = only_system(compile(root, format)?, system)?;
    books_folder(books)?;
    if propose {
        let spec = xtask::provenance::spec_root(root);
        let proposals = xtask::provenance::propose::propose(&book, &spec, books);
        print!("{}", xtask::provenance::propose::render(&proposals));
        if write {
            let n = xtask::provenance::propose::write(root, &proposals)
                .map_err(|e| format!("cannot write the proposals: {e}"))?;
            println!("wrote {n} locators; read each against the book before you commit them");
        }
        return Ok(());
    }
    let run = xtask::provenance::check(&book, &xtask::provenance::spec_root(root), books);
    eprint!("{}", format.findings(&run.findings));
    print!("{}", xtask::provenance::summary(&run));
    match run.findings.len() {
        0 => Ok(()),
        n => Err(format!("{n} provenance finding(s) (listed above)")),
    }
}

/// Refuses a books folder that is none, before any book is looked for in it.
fn books_folder(books: &Path) -> Result<(), String> {
    match books.is_dir() {
        true => Ok(()),
        false => Err(format!(
            "the books folder {} is not a folder",
            books.display()
        )),
    }
}

/// `book` with only the chapters of `system`, when one is named: the
/// provenance check then reads only the books they name.
fn only_system(mut book: codegen::Book, system: Option<&str>) -> Result<codegen::Book, String> {
    let Some(system) = system else {
        return Ok(book);
    };
    if !book.systems.iter().any(|s| s.id == system) {
        let known: Vec<&str> = book.systems.iter().map(|s| s.id.as_str()).collect();
        let hint = codegen::suggest::did_you_mean(system, known.iter().copied())
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        return Err(format!(
            "`{system}` is no system of spec/{hint}; the systems are {}",
            known.join(", ")
        ));
    }
    book.systems.retain(|s| s.id == system);
    Ok(book)
}

/// Mutates every located figure and settles the survivors against the record.
fn provenance_mutate(
    root: &Path,
    books: &Path,
    system: Option<&str>,
    format: MessageFormat,
) -> Result<(), String> {
    use xtask::provenance::mutate;
    let book = only_system(compile(root, format)?, system)?;
    books_folder(books)?;
    let record = mutate::read_record(root)?;
    let run = mutate::mutate(&book, books, &record);
    print!("{}", run.summary());
    if run.ok() {
        Ok(())
    } else {
        Err(format!(
            "{} survivor(s) unexplained, {} record(s) stale (listed above)",
            run.unexplained.len(),
            run.stale.len()
        ))
    }
}

fn eval(
    root: &Path,
    files: &[PathBuf],
    trace: bool,
    only: Vec<String>,
    format: MessageFormat,
) -> Result<(), String> {
    let opts = xtask::eval::Options { trace, only };
    let run = xtask::eval::eval(root, files, &opts).map_err(|d| failed(&d, format))?;
    print!("{}", run.out);
    let mut errors = run.unknown;
    if run.failed {
        errors.push("some examples or properties fail".into());
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}

/// Creates a system or a chapter, lists the files written and the next steps.
fn new(root: &Path, what: New) -> Result<(), String> {
    use xtask::scaffold::{new_chapter, new_system};
    let made = match what {
        New::System { name, chapter } => {
            new_system(root, &name, chapter.as_deref().unwrap_or(&name))?
        }
        New::Chapter { system, name } => new_chapter(root, &system, &name)?,
    };
    print!("{made}");
    Ok(())
}
