//! The review queue: `queue.html`, the pages ordered by what is left on
//! them, what the checks cleared and the reach's calls by name; then a page
//! per chapter (`queue/<system>/<chapter>.html`, and `queue/code/<module>.html`
//! for shared code), each entry under its item's id with the command that
//! stamps exactly it, a link to the item in the report (which links back),
//! its diff, and the rules that reach it folded under the diff (see
//! [`crate::audit::queue`](mod@crate::audit::queue)).

use super::{Html, html, plural};
use crate::audit::model::Audit;
use crate::audit::model::page as chapter_page;
use crate::audit::model::{Entry, QueuePage};
use crate::audit::queue::{Line, Reading, counts_line, row_lines};
use crate::audit::reviewed::{Change, Review};

/// `queue.html`.
pub fn front(audit: &Audit) -> Html {
    let q = &audit.review_queue;
    let changes: usize = q.entries.iter().map(|e| e.changes.len()).sum();
    let mut out = html!(
        "<h1 id=\"review-queue\">Review queue</h1>\n<p class=\"queue-count\">{} to read ({}), on {}; \
         {} cleared by a check. Read a page's entries, then run the command each gives.</p>\n",
        plural(q.entries.len(), "entry"),
        plural(changes, "change"),
        plural(q.pages.len(), "page"),
        plural(q.cleared.len(), "change"),
    );
    out += html!(
        "<section id=\"queue-pages\">\n<h2>Pages, most left first</h2>\n<table class=\"queue-pages\">\n\
         <thead><tr><th>page</th><th>entries</th><th>by kind</th></tr></thead>\n<tbody>\n"
    );
    for p in q.pages_in_order() {
        out += html!(
            "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td></tr>\n",
            p.page,
            p.title,
            p.entries,
            kinds(p)
        );
    }
    out += html!("</tbody>\n</table>\n</section>\n");
    out += html!("<section id=\"cleared\">\n<h2>Cleared by a check</h2>\n");
    if q.cleared.is_empty() {
        out += html!(
            "<p>No change was cleared: none is wholly one a check verifies (a change of book locators \
             is cleared only when the audit is given the books, <code>--books DIR</code>).</p>\n"
        );
    } else {
        out += html!(
            "<p>A check verified each of these changes whole: no person stamped them, and \
             <code>{}</code> still holds the text last read.</p>\n<details class=\"cleared\">\
             <summary>{}</summary>\n<table class=\"cleared\">\n\
             <thead><tr><th>item</th><th>check</th><th>why</th><th>commit</th></tr></thead>\n<tbody>\n",
            audit.reviewed_file,
            by_check(&q.cleared)
        );
        for c in &q.cleared {
            let Some(by) = &c.cleared else { continue };
            out += html!(
                "<tr><td>{}</td><td><code>{}</code></td><td>{}</td><td><code>{}</code></td></tr>\n",
                c.to_string(),
                by.check,
                by.why,
                by.commit
            );
        }
        out += html!("</tbody>\n</table>\n</details>\n");
    }
    out += html!(
        "</section>\n<section id=\"by-name\">\n<h2>Calls by name</h2>\n<p>{} of the rules' code \
         reach a function by its name only, since the receiver's type could not be told; the goal is none.</p>\n",
        plural(q.by_name.len(), "call edge")
    );
    if !q.by_name.is_empty() {
        let items: Html = q
            .by_name
            .iter()
            .map(|b| {
                html!(
                    "<li><code>{}</code> → <code>{}</code>: {}</li>\n",
                    b.from,
                    b.to,
                    b.why
                )
            })
            .collect();
        out += html!(
            "<details><summary>each edge, with why</summary>\n<ul>{}</ul>\n</details>\n",
            items
        );
    }
    out += html!("</section>\n");
    out
}

/// `321 by provenance, 65 by domain`.
fn by_check(cleared: &[Change]) -> String {
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    for by in cleared.iter().filter_map(|c| c.cleared.as_ref()) {
        *counts.entry(by.check).or_default() += 1;
    }
    let parts: Vec<String> = counts
        .iter()
        .map(|(check, n)| format!("{n} by {check}"))
        .collect();
    parts.join(", ")
}

fn kinds(p: &QueuePage) -> String {
    p.counts
        .iter()
        .map(|(k, n)| format!("{n} {k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A page of the queue; `root` leads back to the site's root.
pub fn page(audit: &Audit, p: &QueuePage, root: &str) -> Html {
    let mut out = html!(
        "<p class=\"crumbs\"><a href=\"{root}queue.html\">Review queue</a></p>\n<h1 id=\"top\">{}</h1>\n\
         <p class=\"queue-count\">{}</p>\n",
        p.title,
        counts_line(p),
        root = root,
    );
    if let Some(report) = &p.report {
        out += html!(
            "<p>The chapter in the report: <a href=\"{}{}\">{}</a>.</p>\n",
            root,
            report,
            report
        );
    }
    for e in audit
        .review_queue
        .entries
        .iter()
        .filter(|e| e.page == p.page)
    {
        out += entry(e, root);
    }
    out
}

fn entry(e: &Entry, root: &str) -> Html {
    let item = match &e.href {
        Some(href) => html!(
            " · <a class=\"to-item\" href=\"{}{}\">the item in the report</a>",
            root,
            href
        ),
        None => Html::default(),
    };
    let mut out = html!(
        "<section class=\"queue-entry\" id=\"{anchor}\" data-kind=\"{kind}\">\n\
         <h2><a href=\"#{anchor}\">{title}</a></h2>\n<p class=\"entry-meta\"><span class=\"kind\">{kind}</span>{item}</p>\n\
         <p class=\"stamp\">stamp: <code>{command}</code></p>\n",
        anchor = e.anchor,
        kind = e.kind,
        title = e.title,
        item = item,
        command = e.command(),
    );
    let notes = e.notes();
    if !notes.is_empty() {
        let items: Html = notes.iter().map(|n| html!("<li>{}</li>", n)).collect();
        out += html!("<ul class=\"notes\">{}</ul>\n", items);
    }
    for (n, c) in e.changes.iter().enumerate() {
        let r = Reading::of(c);
        if n > 0 {
            out += html!(
                "<div class=\"also\" id=\"{}\">\n<h3>{}</h3>\n",
                c.id,
                c.to_string()
            );
        }
        out += reading(&r);
        if n > 0 {
            out += html!("</div>\n");
        }
    }
    if !e.rows.is_empty() {
        out += rows(e, root);
    }
    out += html!("</section>\n");
    out
}

/// One change as read: who reviewed it, its summary, its diff, then the
/// rules that reach it, folded.
fn reading(r: &Reading) -> Html {
    let mut out = html!("<p class=\"reviewed\">{}</p>\n", r.reviewed);
    if !r.summary.is_empty() {
        let items: Html = r.summary.iter().map(|s| html!("<li>{}</li>", s)).collect();
        out += html!("<ul class=\"summary\">{}</ul>\n", items);
    }
    if !r.diff.is_empty() {
        out += html!("<pre class=\"diff\">");
        for line in &r.diff {
            out += match line {
                Line::Same(l) => html!("  {}\n", l),
                Line::Gone(l) => html!("<del>- {}</del>\n", l),
                Line::Added(l) => html!("<ins>+ {}</ins>\n", l),
                Line::Gap => html!("<span class=\"gap\">  ⋯</span>\n"),
            };
        }
        out += html!("</pre>\n");
    }
    if !r.reach.is_empty() || !r.by_name.is_empty() {
        let typed: Html = r.reach.iter().map(|s| html!("<li>{}</li>", s)).collect();
        out += html!(
            "<details class=\"reach\"><summary>reached by {} through typed calls</summary>\n<ul>{}</ul>\n</details>\n",
            plural(r.reach.len(), "rule"),
            typed
        );
        if !r.by_name.is_empty() {
            let guessed: Html = r.by_name.iter().map(|s| html!("<li>{}</li>", s)).collect();
            out += html!(
                "<details class=\"reach by-name\"><summary>reached by {} only by name (a receiver's type unknown)</summary>\n<ul>{}</ul>\n</details>\n",
                plural(r.by_name.len(), "rule"),
                guessed
            );
        }
    }
    out
}

/// An entry's rows as one table: each change under its item's id, with what
/// it holds and the scope that stamps it alone.
fn rows(e: &Entry, root: &str) -> Html {
    let mut out = html!(
        "<table class=\"rows\">\n<thead><tr><th>item</th><th>text</th><th>stamp</th></tr></thead>\n<tbody>\n"
    );
    for c in &e.rows {
        let scope = match (&c.system, &c.chapter) {
            (Some(s), Some(ch)) => format!("{s}/{ch}/{}", c.id),
            _ => c.id.clone(),
        };
        let link = match (&c.system, &c.chapter) {
            (Some(s), Some(ch)) => html!(
                "<a href=\"{}{}#{}\"><code>{}</code></a>",
                root,
                chapter_page(s, ch),
                c.id,
                c.id
            ),
            _ => html!("<code>{}</code>", c.id),
        };
        let text: Html = row_lines(c)
            .iter()
            .map(|l| match l.as_bytes().first() {
                Some(b'-') if c.review == Review::Changed => html!("<del>{}</del>\n", l),
                Some(b'+') if c.review == Review::Changed => html!("<ins>{}</ins>\n", l),
                _ => html!("{}\n", l),
            })
            .collect();
        out += html!(
            "<tr id=\"{id}\"><td>{link}</td><td><pre class=\"diff\">{text}</pre></td><td><code>{scope}</code></td></tr>\n",
            id = c.id,
            link = link,
            text = text,
            scope = scope,
        );
    }
    out += html!("</tbody>\n</table>\n");
    out
}
