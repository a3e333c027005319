//! `queue.html`: the review queue, one entry per change since review, each
//! with who reviewed it last and when, its changed cells, claims or reaching
//! rules, and the diff against the text stamped (see [`crate::audit::queue`]).

use std::fmt::Write as _;

use super::esc;
use crate::audit::model::Audit;
use crate::audit::queue::{Entry, Line};

pub fn body(audit: &Audit) -> String {
    let changes = &audit.changed_since_review;
    let mut out = format!(
        "<h1>Review queue</h1>\n<p class=\"queue-count\">{} entries changed since review. \
         Read each, then stamp it: <code>cargo xtask audit --stamp ITEM</code>.</p>\n",
        changes.len()
    );
    for (n, change) in changes.iter().enumerate() {
        let e = Entry::of(change);
        let _ = write!(
            out,
            "<section class=\"queue-entry\" id=\"queue-{}\">\n<h2>{}. {}</h2>\n<p class=\"reviewed\">{}</p>\n",
            n + 1,
            n + 1,
            esc(&change.to_string()),
            esc(&e.reviewed)
        );
        if !e.summary.is_empty() {
            let items: Vec<String> = e
                .summary
                .iter()
                .map(|s| format!("<li>{}</li>", esc(s)))
                .collect();
            let _ = writeln!(out, "<ul class=\"summary\">{}</ul>", items.concat());
        }
        if !e.diff.is_empty() {
            out.push_str("<pre class=\"diff\">");
            for line in &e.diff {
                let _ = match line {
                    Line::Same(l) => writeln!(out, "  {}", esc(l)),
                    Line::Gone(l) => writeln!(out, "<del>- {}</del>", esc(l)),
                    Line::Added(l) => writeln!(out, "<ins>+ {}</ins>", esc(l)),
                };
            }
            out.push_str("</pre>\n");
        }
        out.push_str("</section>\n");
    }
    out
}
