//! A resolver file's listing: its numbered lines, each an anchor (`#L12`), so
//! that a table's readers, a rule's callees and a surviving mutant can link to
//! the line where they are. Above each function a rule reaches, a note says
//! its review, links back to the rules that reach it and counts its
//! surviving mutants, each marked at its line with its reason.

use std::fmt::Write as _;

use super::{badge, cite, esc};
use crate::audit::model::FunctionFacts;

/// `root` leads from the listing's folder back to the site's; `functions`
/// are the file's functions that rules reach.
pub fn body(file: &str, text: &str, root: &str, functions: &[&FunctionFacts]) -> String {
    let mut out = format!(
        "<nav class=\"crumbs\"><a href=\"{root}index.html\">Audit</a> › code › {file}</nav>\n\
         <header class=\"chapter-head\">\n<h1><code>{file}</code></h1>\n\
         <p class=\"meta\">The resolver's source as the report read it.</p>\n</header>\n\
         <main>\n<pre class=\"listing\"><code>",
        file = esc(file)
    );
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        for f in functions.iter().filter(|f| f.first_line == n) {
            out.push_str(&note(f, root));
        }
        let survivors: Vec<String> = functions
            .iter()
            .flat_map(|f| &f.survivors)
            .filter(|s| s.line == n)
            .map(|s| format!("{}: {}", s.mutant, s.reason))
            .collect();
        let (class, title) = match survivors.is_empty() {
            true => ("line", String::new()),
            false => (
                "line survivor",
                format!(
                    " title=\"surviving mutant: {}\"",
                    esc(&survivors.join("; "))
                ),
            ),
        };
        // No newline between lines: each is a block already, and a newline in
        // a `pre` would show as an empty line between them.
        let _ = write!(
            out,
            "<span class=\"{class}\" id=\"L{n}\"{title}><a class=\"ln\" href=\"#L{n}\">{n:>4}</a> {}</span>",
            esc(line)
        );
    }
    out.push_str("</code></pre>\n</main>\n");
    out
}

/// The note above a function: its path and review, the rules that reach it, its survivors.
fn note(f: &FunctionFacts, root: &str) -> String {
    let review = match (&f.reviewer, &f.reviewed_on) {
        (Some(by), Some(on)) => format!("reviewed by {} on {}", esc(by), esc(on)),
        _ => "never reviewed".to_string(),
    };
    let rules: Vec<String> = f
        .rules
        .iter()
        .map(|r| cite(r, root, &format!("<code>{}</code>", esc(&r.id))))
        .collect();
    let survivors = match f.survivors.len() {
        0 => String::new(),
        n => format!(
            " · <span class=\"survivors\">{n} surviving mutant{}</span>",
            if n == 1 { "" } else { "s" }
        ),
    };
    format!(
        "<span class=\"note\"><code>{}</code> · {review}{} · reached by {}{survivors}</span>",
        esc(&f.path),
        badge("", f.review),
        rules.join(", ")
    )
}
