//! A resolver file's listing: its numbered lines, each an anchor (`#L12`), so
//! that a table's readers, a rule's callees and a surviving mutant can link to
//! the line where they are. Above each function a rule reaches, a note says
//! its review, links back to the rules that reach it and counts its
//! surviving mutants, each marked at its line with its reason.

use super::markup::reviewed;
use super::{Html, badge, code_cite, html, plural};
use crate::audit::model::FunctionFacts;

/// `root` leads from the listing's folder back to the site's; `functions`
/// are the file's functions that rules reach.
pub fn body(file: &str, text: &str, root: &str, functions: &[&FunctionFacts]) -> Html {
    let mut out = html!(
        "<nav class=\"crumbs\"><a href=\"{root}index.html\">Audit</a> › code › {file}</nav>\n\
         <header class=\"chapter-head\">\n<h1><code>{file}</code></h1>\n\
         <p class=\"meta\">The resolver's source as the report read it.</p>\n</header>\n\
         <main>\n<pre class=\"listing\"><code>",
        root = root,
        file = file
    );
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        for f in functions.iter().filter(|f| f.first_line == n) {
            out += note(f, root);
        }
        let survivors: Vec<String> = functions
            .iter()
            .flat_map(|f| &f.survivors)
            .filter(|s| s.line == n)
            .map(|s| format!("{}: {}", s.mutant, s.reason))
            .collect();
        let (class, title) = match survivors.is_empty() {
            true => ("line", Html::default()),
            false => (
                "line survivor",
                html!(" title=\"surviving mutant: {}\"", survivors.join("; ")),
            ),
        };
        // No newline between lines: each is a block already, and a newline in
        // a `pre` would show as an empty line between them.
        out += html!(
            "<span class=\"{class}\" id=\"L{n}\"{title}><a class=\"ln\" href=\"#L{n}\">{n:>4}</a> {line}</span>",
            class = class,
            n = n,
            title = title,
            line = line
        );
    }
    out += html!("</code></pre>\n</main>\n");
    out
}

/// The note above a function: its path and review, the rules that reach it, its survivors.
fn note(f: &FunctionFacts, root: &str) -> Html {
    let rules = f.rules.iter().map(|r| code_cite(r, root));
    let survivors = match f.survivors.len() {
        0 => Html::default(),
        n => html!(
            " · <span class=\"survivors\">{}</span>",
            plural(n, "surviving mutant")
        ),
    };
    // The mark links to the function's entry in the review queue, whose
    // entry links here: the two ways between the diff and the whole file.
    let mark = match &f.queue {
        Some(at) => html!(
            " <a class=\"badge review\" href=\"{}{}\" title=\"its entry in the review queue\">{}</a>",
            root,
            at,
            f.review
        ),
        None => badge("", f.review),
    };
    html!(
        "<span class=\"note\"><code>{}</code> · {}{} · reached by {}{}</span>",
        f.path,
        reviewed(f.reviewer.as_deref(), f.reviewed_on.as_deref()),
        mark,
        Html::join(rules, &html!(", ")),
        survivors
    )
}
