//! `cargo xtask explain CODE`: a diagnostic code's or a lint's explanation,
//! as codegen declares it; an unknown code gets the closest ones.

use std::process::ExitCode;

use codegen::DiagCode;

use crate::cli::Cli;

/// Prints the explanation of `code`; an unknown code is a usage error (exit
/// 2) that suggests the closest codes.
pub fn command(code: &str) -> ExitCode {
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
