//! What every command runs with, chosen once on the command line: the
//! workspace it works on and the format of what it writes to stderr, so no
//! command passes the format from function to function.

use std::io::IsTerminal;
use std::path::PathBuf;

use codegen::{Book, Diagnostic, Diagnostics};

use crate::cli::MessageFormat;

/// The workspace's root and how to write diagnostics and failures.
pub struct Context {
    pub root: PathBuf,
    pub format: MessageFormat,
}

impl Context {
    /// The compiled book, or the failure after its diagnostics went to stderr.
    pub fn compile(&self) -> Result<Book, String> {
        crate::compile_book(&self.root).map_err(|d| self.failed(&d))
    }

    /// Writes `d` to stderr as chosen; returns the failure to end with. As
    /// text, the rendered diagnostics are the failure itself.
    pub fn failed(&self, d: &Diagnostics) -> String {
        match self.format {
            MessageFormat::Human => self.diagnostics(&d.0),
            MessageFormat::Json => {
                eprint!("{}", self.diagnostics(&d.0));
                format!("{} error(s) in the spec", d.0.len())
            }
        }
    }

    /// `diags` for stderr: rendered (in colour on a terminal), or one JSON
    /// object per line.
    pub fn diagnostics<'a>(&self, diags: impl IntoIterator<Item = &'a Diagnostic>) -> String {
        let diags: Vec<&Diagnostic> = diags.into_iter().collect();
        match self.format {
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
    /// [`Context::diagnostics`], without the count of errors in the spec.
    pub fn findings(&self, diags: &[Diagnostic]) -> String {
        match self.format {
            MessageFormat::Json => self.diagnostics(diags),
            MessageFormat::Human if std::io::stderr().is_terminal() => {
                diags.iter().map(|d| d.render_styled() + "\n").collect()
            }
            MessageFormat::Human => diags.iter().map(|d| d.render() + "\n").collect(),
        }
    }

    /// A message for stderr that is no diagnostic of the spec (a failing
    /// example, a summary): as is, or as a JSON object with no file or code.
    pub fn text(&self, text: &str) -> String {
        match self.format {
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

/// `value` as one line of JSON.
pub fn json_line(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("a diagnostic serialises") + "\n"
}
