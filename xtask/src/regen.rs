//! `cargo xtask regen`, and the first step of `check`: compile `spec/`, bring
//! the case and property files up to date (or, for `check`, say which are
//! stale), print the summary, lint the book and name each failing example.
//! The work is in the modules it shares with the other commands: `plan`
//! (the files), `summary` (the figures), `lints`, [`crate::examples`].

use std::io::IsTerminal;

use crate::cli::MessageFormat;
use crate::context::Context;

/// Regenerates the case and property files, or with `check_only` fails
/// naming each that is stale; either way fails on a lint not allowed or a
/// failing example.
pub fn command(cx: &Context, check_only: bool) -> Result<(), String> {
    let root = &cx.root;
    let book = cx.compile()?;
    let [cases, properties] = crate::plan_all(&book, root)
        .map_err(|e| format!("cannot read the case and property files: {e}"))?;
    let lints = crate::lint_book(root, &book)?;
    let open = lints.iter().filter(|l| !l.is_allowed()).count();
    let w = crate::label_width(&book);
    match cx.format {
        MessageFormat::Human => eprint!(
            "{}",
            codegen::lint::render(&lints, std::io::stderr().is_terminal())
        ),
        MessageFormat::Json => {
            let open = lints.iter().filter(|l| !l.is_allowed());
            eprint!("{}", cx.diagnostics(open.map(|l| &l.diagnostic)));
        }
    }
    let reports = crate::reports(&book)?;
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
        crate::apply(&cases).map_err(|e| format!("cannot write the case files: {e}"))?;
        crate::apply(&properties).map_err(|e| format!("cannot write the property files: {e}"))?;
        print!("{}", crate::summary(&book, &reports));
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
    failures.extend(crate::examples::print_failing(cx, &book, &reports));
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}
