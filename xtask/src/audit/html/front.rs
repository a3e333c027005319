//! The front page: when and from which commit the report was written, each
//! system's figures (the ones `cargo xtask regen` prints, with errata and
//! unexercised rules), the mutation scores, the properties, what changed since
//! review, the failing examples, the errata and rulings, the lint allows, and
//! every chapter with its verdicts.

use conformance::Verdict;

use super::{Html, badge, cite, code_cite, html, lists, plural, property};
use crate::audit::model::{Audit, ChapterFacts, Cite, SystemFacts, page, rule_anchor};
use crate::audit::review::Kind;

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
    systems_table(&mut out, audit);
    out += books;
    lists::mutation(&mut out, audit);
    property::front(&mut out, audit);
    review(&mut out, audit);
    lists::failing(&mut out, audit);
    lists::errata(&mut out, audit);
    lists::rulings(&mut out, audit);
    lint_allows(&mut out, audit);
    for system in &audit.systems {
        system_section(&mut out, system);
    }
    out += html!("</main>\n");
    out
}

fn systems_table(out: &mut Html, audit: &Audit) {
    *out += html!(
        "<section id=\"systems\">\n<h2>Systems</h2>\n<table class=\"counts\">\n<thead><tr><th>system</th>"
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

fn review(out: &mut Html, audit: &Audit) {
    *out += html!("<section id=\"review\">\n<h2>Changed since review</h2>\n");
    let file = audit.reviewed_file;
    if audit.changed_since_review.is_empty() {
        *out += html!(
            "<p class=\"all-reviewed\">Every section, table, rule, example and rule's code is as stamped in <code>{}</code>.</p>\n",
            file
        );
        *out += html!("</section>\n");
        return;
    }
    *out += html!(
        "<p>{} differ from <code>{file}</code>. <a href=\"queue.html\">The review queue</a> shows what changed in each. \
         Read them, then run <code>cargo xtask audit --stamp</code>; \
         until then <code>cargo xtask check --reviewed</code> fails.</p>\n<table class=\"changes\">\n\
         <thead><tr><th>system</th><th>item</th><th>where</th><th>review</th></tr></thead>\n<tbody>\n",
        plural(audit.changed_since_review.len(), "item"),
        file = file,
    );
    for c in &audit.changed_since_review {
        let id = html!("<code>{}</code>", c.id);
        let item = match (&c.chapter, c.kind, &c.system) {
            (Some(chapter), Some(kind), Some(system)) => {
                let anchor = match kind {
                    Kind::Rule | Kind::Code => rule_anchor(&c.id),
                    _ => c.id.clone(),
                };
                let target = Cite {
                    id: c.id.clone(),
                    title: None,
                    href: Some(format!("{}#{anchor}", page(system, chapter))),
                };
                html!("{} {}", kind, cite(&target, "", &id))
            }
            _ => id,
        };
        *out += html!(
            "<tr><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td></tr>\n",
            c.system.as_deref().unwrap_or(crate::code::RULES_SRC),
            item,
            c.location.as_deref().unwrap_or("(gone)"),
            badge("", c.review)
        );
    }
    *out += html!("</tbody>\n</table>\n</section>\n");
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
