//! The front page, in the order an auditor asks: when and from which commit
//! the report was written, each system's figures (the ones `cargo xtask
//! regen` prints, with errata and unexercised rules), the failing examples and
//! the rules no example exercises, the rulings against the book and the
//! errata, the review in short (linking the queue); then the spec against the
//! books, the mutation scores, the properties, the lint allows, and every
//! chapter with its verdicts.

use casefile::Verdict;

use super::{Html, code_cite, html, lists, plural, property};
use crate::audit::model::{Audit, ChapterFacts, SystemFacts};

/// The columns of the systems table: the key in `counts` (and `data-count`),
/// the heading, and the verdict a column counts (coloured as that verdict).
const COLUMNS: [(&str, &str, Option<Verdict>); 12] = [
    ("chapters", "chapters", None),
    ("tables", "tables", None),
    ("rows", "rows", None),
    ("rules", "rules", None),
    ("examples", "examples", None),
    ("book", "book's", None),
    ("ours", "ours", None),
    ("agrees", "agrees", Some(Verdict::Agrees)),
    ("erratum", "erratum", Some(Verdict::Erratum)),
    ("fails", "fails", Some(Verdict::Fails)),
    ("errata", "errata", None),
    ("table_errata", "table errata", None),
];

/// The front page; `books` is the section on the spec against the books.
pub fn body(audit: &Audit, books: &Html) -> Html {
    let mut out = html!(
        "<header class=\"front\">\n<h1>Audit of the book</h1>\n<p>Every chapter of <code>spec/</code> \
         with the verdict of each worked example and property in place, the code each table becomes, the source of \
         each rule's resolver, and what changed (in the book or the code) since the last review. Written \
         by <code>cargo xtask audit</code>; the same facts for tools are in \
         <a href=\"audit.json\"><code>audit.json</code></a>; the whole book is on one page in \
         <a href=\"print.html\">print.html</a>.</p>\n",
    );
    let p = &audit.provenance;
    out += html!(
        "<p class=\"provenance\">Written <time>{}</time> from commit <code>{}</code> \
         (<code>audit.json</code> schema version {}).</p>\n</header>\n<main>\n",
        p.date,
        p.commit,
        p.schema_version
    );
    // In the order an auditor asks: what is there, what fails or is not
    // exercised, where the spec departs from the book, what is left to
    // review; then the evidence behind each.
    systems_table(&mut out, audit);
    lists::failing(&mut out, audit);
    unexercised(&mut out, audit);
    lists::rulings(&mut out, audit);
    lists::errata(&mut out, audit);
    review(&mut out, audit);
    out += books;
    lists::mutation(&mut out, audit);
    property::front(&mut out, audit);
    lint_allows(&mut out, audit);
    for system in &audit.systems {
        system_section(&mut out, system);
    }
    out += html!("</main>\n");
    out
}

fn systems_table(out: &mut Html, audit: &Audit) {
    *out += html!(
        "<section id=\"systems\">\n<h2 id=\"systems-figures\">Systems</h2>\n<table class=\"counts\">\n<thead><tr><th>system</th>"
    );
    for (_, heading, _) in COLUMNS {
        *out += html!("<th>{}</th>", heading);
    }
    *out += html!("<th>unexer&shy;cised rules</th></tr></thead>\n<tbody>\n");
    for s in &audit.systems {
        let counts = serde_json::to_value(&s.counts).unwrap_or_default();
        *out += html!(
            "<tr data-system=\"{id}\"><th><a href=\"#system-{id}\">{id}</a></th>",
            id = s.id
        );
        for (key, _, verdict) in COLUMNS {
            let n = &counts[key];
            let class = match verdict {
                Some(v) if n != 0 => html!(" class=\"{}\"", v),
                _ => Html::default(),
            };
            *out += html!("<td data-count=\"{}\"{}>{}</td>", key, class, n);
        }
        *out += html!(
            "<td data-count=\"unexercised_rules\">{}</td></tr>\n",
            s.unexercised_rules.len()
        );
    }
    *out += html!("</tbody>\n</table>\n</section>\n");
}

/// The review, in short: how many items changed, what the checks cleared,
/// and what is left for a person, page by page, in the queue.
fn review(out: &mut Html, audit: &Audit) {
    *out += html!("<section id=\"review\">\n<h2 id=\"review-summary\">Changed since review</h2>\n");
    let file = audit.reviewed_file;
    if audit.changed_since_review.is_empty() {
        *out += html!(
            "<p class=\"all-reviewed\">Every section, table, rule, example and rule's code is as stamped in <code>{}</code>.</p>\n",
            file
        );
        *out += html!("</section>\n");
        return;
    }
    let q = &audit.review_queue;
    *out += html!(
        "<p class=\"review-summary\">{} differ from <code>{file}</code>: a check verified {} whole (cleared, not stamped), \
         and {} for a person are left on {} in <a href=\"queue.html\">the review queue</a>. \
         Until each is stamped, <code>cargo xtask check --reviewed</code> fails.</p>\n",
        plural(audit.changed_since_review.len(), "item"),
        q.cleared.len(),
        plural(q.entries.len(), "entry"),
        plural(q.pages.len(), "page"),
        file = file,
    );
    let pages: Html = q
        .pages_in_order()
        .into_iter()
        .take(5)
        .map(|p| {
            html!(
                "<li><a href=\"{}\">{}</a>: {}</li>",
                p.page,
                p.title,
                plural(p.entries, "entry")
            )
        })
        .collect();
    *out += html!(
        "<p>Most left:</p>\n<ul class=\"queue-pages\">{}</ul>\n</section>\n",
        pages
    );
}

/// Each system's rules that no example exercises, linked.
fn unexercised(out: &mut Html, audit: &Audit) {
    *out += html!(
        "<section id=\"unexercised\">\n<h2 id=\"unexercised-rules\">Rules that no example exercises</h2>\n<ul>\n"
    );
    for s in &audit.systems {
        let links = s.unexercised_rules.iter().map(|r| code_cite(r, ""));
        let list = match s.unexercised_rules.is_empty() {
            true => html!("none"),
            false => Html::join(links, &html!(", ")),
        };
        *out += html!(
            "<li><a href=\"#system-{id}\">{id}</a>: {list}</li>\n",
            id = s.id,
            list = list
        );
    }
    *out += html!("</ul>\n</section>\n");
}

fn lint_allows(out: &mut Html, audit: &Audit) {
    *out += html!("<section id=\"lint-allows\">\n<h2>Lint allows</h2>\n");
    if audit.lint_allows.is_empty() {
        *out += html!("<p>No lint is allowed anywhere in the book.</p>\n");
    } else {
        *out += html!(
            "<table>\n<thead><tr><th>system</th><th>item</th><th>lint</th><th>reason</th></tr></thead>\n<tbody>\n"
        );
        for a in &audit.lint_allows {
            *out += html!(
                "<tr><td>{}</td><td><code>{}</code></td><td><code>{}</code></td><td>{}</td></tr>\n",
                a.system,
                a.item,
                a.lint,
                a.reason
            );
        }
        *out += html!("</tbody>\n</table>\n");
    }
    *out += html!("</section>\n");
}

fn system_section(out: &mut Html, s: &SystemFacts) {
    *out += html!(
        "<section class=\"system\" id=\"system-{id}\">\n<h2>{id}</h2>\n",
        id = s.id
    );
    *out += html!("<h3>Rules that no example exercises</h3>\n");
    if s.unexercised_rules.is_empty() {
        *out += html!("<p>None: every rule has at least one example.</p>\n");
    } else {
        let links = s.unexercised_rules.iter().map(|r| code_cite(r, ""));
        *out += html!(
            "<p class=\"unexercised\">{}</p>\n",
            Html::join(links, &html!(", "))
        );
    }
    *out += html!(
        "<h3>Chapters</h3>\n<table class=\"chapters\">\n<thead><tr><th>chapter</th><th>tables</th><th>rows</th>\
         <th>rules</th><th>examples (book / ours)</th><th>agrees</th><th>erratum</th><th>fails</th><th>mutation score</th><th>review</th></tr></thead>\n<tbody>\n",
    );
    for c in &s.chapters {
        chapter_row(out, c);
    }
    *out += html!("</tbody>\n</table>\n</section>\n");
}

fn chapter_row(out: &mut Html, c: &ChapterFacts) {
    let cell = |verdict: Verdict| match c.with_verdict(verdict) {
        0 => html!("<td>0</td>"),
        n => html!("<td class=\"{}\">{}</td>", verdict, n),
    };
    let changed = c.unreviewed();
    let review = if changed == 0 {
        html!("reviewed")
    } else {
        html!("<span class=\"badge review\">{} changed</span>", changed)
    };
    *out += html!(
        "<tr><td><a href=\"{page}\">{title}</a> <code>{path}</code></td><td>{tables}</td><td>{rows}</td>\
         <td>{rules}</td><td>{examples} ({from_book} / {ours})</td>{agrees}{erratum}{fails}\
         <td data-mutation=\"{chapter}\">{mutation}</td><td>{review}</td></tr>\n",
        page = c.page,
        title = c.title,
        path = c.path,
        tables = c.tables.len(),
        rows = c.tables.iter().map(|t| t.rows).sum::<usize>(),
        rules = c.rules.len(),
        examples = c.examples.len(),
        agrees = cell(Verdict::Agrees),
        erratum = cell(Verdict::Erratum),
        fails = cell(Verdict::Fails),
        from_book = c.examples.iter().filter(|e| !e.ours).count(),
        ours = c.examples.iter().filter(|e| e.ours).count(),
        chapter = c.id,
        mutation = match &c.mutation {
            Some(m) => lists::percent(m.score),
            None => "no run".to_string(),
        },
        review = review,
    );
}
