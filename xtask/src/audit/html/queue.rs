//! `queue.html`: the review queue, one entry per change since review, each
//! with who reviewed it last and when, its changed cells, claims or reaching
//! rules, and the diff against the text stamped (see [`crate::audit::queue`]).

use super::{Html, html};
use crate::audit::model::Audit;
use crate::audit::queue::{Entry, Line};

pub fn body(audit: &Audit) -> Html {
    let changes = &audit.changed_since_review;
    let mut out = html!(
        "<h1>Review queue</h1>\n<p class=\"queue-count\">{} entries changed since review. \
         Read each, then stamp it: <code>cargo xtask audit --stamp ITEM</code>.</p>\n",
        changes.len()
    );
    for (n, change) in changes.iter().enumerate() {
        let e = Entry::of(change);
        out += html!(
            "<section class=\"queue-entry\" id=\"queue-{n}\">\n<h2>{n}. {}</h2>\n<p class=\"reviewed\">{}</p>\n",
            change.to_string(),
            e.reviewed,
            n = n + 1,
        );
        if !e.summary.is_empty() {
            let items: Html = e.summary.iter().map(|s| html!("<li>{}</li>", s)).collect();
            out += html!("<ul class=\"summary\">{}</ul>\n", items);
        }
        if !e.diff.is_empty() {
            out += html!("<pre class=\"diff\">");
            for line in &e.diff {
                out += match line {
                    Line::Same(l) => html!("  {}\n", l),
                    Line::Gone(l) => html!("<del>- {}</del>\n", l),
                    Line::Added(l) => html!("<ins>+ {}</ins>\n", l),
                };
            }
            out += html!("</pre>\n");
        }
        out += html!("</section>\n");
    }
    out
}
