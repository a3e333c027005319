//! The judge's binary, what links the resolver for the tools that do not:
//!
//! - `conformance verdicts [--serve]`: the language server's resolver
//!   ([`conformance::verdicts`]), as the server runs it (and `cargo xtask verdicts`);
//! - `conformance judge`: the case and property files `xtask` sends as one
//!   JSON object on stdin ([`casefile::batch::Asked`]), answered as one on
//!   stdout ([`casefile::batch::Judged`]).

use std::io::Write as _;
use std::process::ExitCode;

const USAGE: &str = "usage: conformance verdicts [--serve] | conformance judge";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let done = match args.as_slice() {
        ["verdicts"] => verdicts(1),
        ["verdicts", "--serve"] => verdicts(usize::MAX),
        ["judge"] => judge(),
        _ => {
            eprintln!("error: unknown arguments {args:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Answers up to `most` of the language server's requests.
fn verdicts(most: usize) -> Result<(), String> {
    conformance::verdicts::serve(std::io::stdin().lock(), std::io::stdout().lock(), most)
}

fn judge() -> Result<(), String> {
    let asked: casefile::batch::Asked = serde_json::from_reader(std::io::stdin().lock())
        .map_err(|e| format!("cannot read what to judge: {e}"))?;
    let judged = conformance::batch::judge(&asked);
    let mut out = std::io::stdout().lock();
    serde_json::to_writer(&mut out, &judged)
        .map_err(|e| format!("cannot write the verdicts: {e}"))?;
    out.flush()
        .map_err(|e| format!("cannot write the verdicts: {e}"))
}
