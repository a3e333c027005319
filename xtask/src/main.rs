//! `cargo xtask <command>`: see `cargo xtask help`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

const HELP: &str = "\
usage: cargo xtask <command>

  regen              compile spec/, rewrite the case and property files that changed,
                     print a summary, lint the book; exit non-zero on a lint that no
                     allow silences
  check              exit non-zero, naming each stale case or property file, if regen
                     would change anything, and on a lint that no allow silences
  check --reviewed   the same, and also name each item (prose, or a rule's code) changed since
                     review (spec/reviewed.toml)
  eval FILE.md...    run the worked examples and check the properties of any Markdown
                     files against the resolver
  audit              write the auditors' report to target/audit/ (index.html, audit.json)
  audit --stamp      record the book and each rule's code as reviewed in spec/reviewed.toml,
                     then write the report
  mutants [--system S] [--file F]...
                     run cargo-mutants on the resolver (all of rules/src, the folder of spec
                     system S, or the files F) and update conformance/mutants.toml with it
  mutants --from DIR [--system S] [--file F]...
                     update the record from an earlier run of that selection written to DIR

XTASK_ROOT=DIR runs the commands on the workspace copy at DIR.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Tests point the commands at a scratch copy of the workspace.
    let root = std::env::var_os("XTASK_ROOT").map_or_else(xtask::workspace_root, PathBuf::from);
    let result = match args.first().map(String::as_str) {
        Some("regen") if args.len() == 1 => regen(&root, false),
        Some("check") if args.len() == 1 => regen(&root, true),
        Some("check") if args[1..] == ["--reviewed"] => {
            regen(&root, true).and_then(|()| reviewed(&root))
        }
        Some("eval") if args.len() > 1 => eval(&root, &args[1..]),
        Some("audit") if args.len() == 1 => audit(&root, false),
        Some("audit") if args[1..] == ["--stamp"] => audit(&root, true),
        Some("mutants") => mutants(&root, &args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{HELP}");
            Ok(())
        }
        _ => Err(HELP.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn regen(root: &std::path::Path, check_only: bool) -> Result<(), String> {
    let book = xtask::compile_book(root).map_err(|d| render(&d))?;
    let [cases, properties] = xtask::plan_all(&book, root)
        .map_err(|e| format!("cannot read the case and property files: {e}"))?;
    let lints = xtask::lint_book(root, &book)?;
    let open = lints.iter().filter(|l| !l.is_allowed()).count();
    let lint_line = format!(
        "{:<w$} {open} to fix, {} allowed",
        "lints",
        lints.len() - open,
        w = xtask::label_width(&book)
    );
    eprint!(
        "{}",
        codegen::lint::render(&lints, std::io::stderr().is_terminal())
    );
    if check_only {
        let mut failures = Vec::new();
        if cases.is_empty() && properties.is_empty() {
            println!(
                "case files are up to date ({} cases, {} properties)",
                cases.unchanged, properties.unchanged
            );
        } else {
            let mut lines = cases.describe(root);
            lines.extend(properties.describe(root));
            let lines = lines.join("\n  ");
            failures.push(format!(
                "case files are stale; run `cargo xtask regen`:\n  {lines}"
            ));
        }
        println!("{lint_line}");
        if open > 0 {
            failures.push(format!("{open} lint(s) not allowed (listed above)"));
        }
        return if failures.is_empty() {
            Ok(())
        } else {
            Err(failures.join("\n"))
        };
    }
    xtask::apply(&cases).map_err(|e| format!("cannot write the case files: {e}"))?;
    xtask::apply(&properties).map_err(|e| format!("cannot write the property files: {e}"))?;
    let reports = xtask::reports(&book)?;
    print!("{}", xtask::summary(&book, &reports));
    for (what, plan) in [("cases", &cases), ("properties", &properties)] {
        println!(
            "{what:<w$} {} written, {} removed, {} unchanged (conformance/{what}/)",
            plan.writes.len(),
            plan.removes.len(),
            plan.unchanged,
            w = xtask::label_width(&book)
        );
    }
    println!("{lint_line}");
    if open > 0 {
        return Err(format!("{open} lint(s) not allowed (listed above)"));
    }
    Ok(())
}

/// Fails naming every item (prose, or a rule's code) whose text differs from
/// the reviewed state.
fn reviewed(root: &std::path::Path) -> Result<(), String> {
    let book = xtask::compile_book(root).map_err(|d| render(&d))?;
    let changes = xtask::audit::changes(root, &book)?;
    if changes.is_empty() {
        println!(
            "every item is as reviewed ({})",
            xtask::audit::REVIEWED_FILE
        );
        return Ok(());
    }
    let lines: Vec<String> = changes.iter().map(ToString::to_string).collect();
    Err(format!(
        "{} items changed since review; read them (`cargo xtask audit` marks them), then run `cargo xtask audit --stamp`:\n  {}",
        changes.len(),
        lines.join("\n  ")
    ))
}

fn audit(root: &std::path::Path, stamp: bool) -> Result<(), String> {
    let book = xtask::compile_book(root).map_err(|d| render(&d))?;
    let audit = xtask::audit::run(root, &book, stamp)?;
    if stamp {
        println!(
            "stamped every item as reviewed in {}",
            xtask::audit::REVIEWED_FILE
        );
    }
    println!(
        "{}/index.html: {} systems, {} items changed since review (facts in audit.json)",
        xtask::audit::REPORT_DIR,
        audit.systems.len(),
        audit.changed_since_review.len()
    );
    Ok(())
}

fn mutants(root: &std::path::Path, args: &[String]) -> Result<(), String> {
    let mut selection = xtask::mutants::Selection::default();
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let value = args.next().cloned().ok_or_else(|| HELP.to_string());
        match flag.as_str() {
            "--system" => selection.system = Some(value?),
            "--file" => selection.files.push(value?),
            "--from" => selection.from = Some(PathBuf::from(value?)),
            _ => return Err(HELP.to_string()),
        }
    }
    print!("{}", xtask::mutants::run(root, &selection)?);
    Ok(())
}

fn eval(root: &std::path::Path, files: &[String]) -> Result<(), String> {
    let files: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    let (out, failed) = xtask::eval(root, &files).map_err(|d| render(&d))?;
    print!("{out}");
    if failed {
        Err("some examples or properties fail".into())
    } else {
        Ok(())
    }
}

/// Diagnostics in colour on a terminal, plain when piped.
fn render(d: &codegen::Diagnostics) -> String {
    if std::io::stderr().is_terminal() {
        d.render_styled()
    } else {
        d.render()
    }
}
