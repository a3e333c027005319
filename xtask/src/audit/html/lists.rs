//! The front page's lists across systems: the mutation run's scores, the
//! failing examples, every erratum and every ruling.

use super::{Html, cite, code_cite, html, plural, shown, verdict_tag};
use crate::audit::model::{Audit, Cite, MutationFacts, Score, SystemFacts};

/// The figures of a run, in the columns' order: the key in `Score` (and
/// `data-mutation`) and the heading.
const FIGURES: [(&str, &str); 5] = [
    ("mutants", "mutants"),
    ("caught", "caught"),
    ("missed", "missed"),
    ("unviable", "unviable"),
    ("timeout", "timeout"),
];

/// The score as a percentage, the way the front page shows it.
pub fn percent(score: Option<f64>) -> String {
    score.map_or("no viable mutant".to_string(), |s| {
        format!("{:.1}%", s * 100.0)
    })
}

pub fn mutation(out: &mut Html, audit: &Audit) {
    *out += html!(
        "<section id=\"mutation\">\n<h2>Mutation testing</h2>\n<p>From <code>{file}</code>, which \
         <code>cargo xtask mutants</code> writes. A system's files are those under \
         <code>rules/src/&lt;system&gt;/</code>; every other file of <code>rules/src</code> is the engine's. \
         The score is caught / (mutants − unviable).</p>\n<table class=\"mutation\">\n<thead><tr><th>scope</th>\
         <th>files</th>{heads}<th>score</th><th>notes</th></tr></thead>\n<tbody>\n",
        file = audit.mutation_file,
        heads = FIGURES
            .map(|(_, h)| html!("<th>{}</th>", h))
            .into_iter()
            .collect::<Html>(),
    );
    for m in &audit.mutation {
        let cells = match &m.run {
            Some(run) => run_cells(run),
            None => html!(
                "<td colspan=\"{}\" class=\"no-run\">no mutation run recorded</td>",
                FIGURES.len() + 2
            ),
        };
        *out += html!(
            "<tr data-scope=\"{scope}\"><th>{scope}</th>{cells}<td>{notes}</td></tr>\n",
            scope = m.scope,
            cells = cells,
            notes = notes(m)
        );
    }
    *out += html!("</tbody>\n</table>\n");
    survivors(out, audit);
    *out += html!("</section>\n");
}

/// What the figures leave out: files changed since their run, files not yet run.
fn notes(m: &MutationFacts) -> String {
    let changed = m.run.as_ref().map_or(0, |r| r.changed_since_run.len());
    let mut notes = Vec::new();
    if changed > 0 {
        notes.push(format!("{} changed since the run", plural(changed, "file")));
    }
    if !m.pending.is_empty() {
        notes.push(format!("{} not yet run", plural(m.pending.len(), "file")));
    }
    notes.join("; ")
}

fn run_cells(run: &Score) -> Html {
    let figures = serde_json::to_value(run).unwrap_or_default();
    let mut cells = html!("<td data-mutation=\"files\">{}</td>", run.files.len());
    for (key, _) in FIGURES {
        cells += html!("<td data-mutation=\"{}\">{}</td>", key, figures[key]);
    }
    cells += html!("<td data-mutation=\"score\">{}</td>", percent(run.score));
    cells
}

fn survivors(out: &mut Html, audit: &Audit) {
    let runs: Vec<(&str, &Score)> = audit
        .mutation
        .iter()
        .filter_map(|m| m.run.as_ref().map(|r| (m.scope.as_str(), r)))
        .collect();
    if runs.is_empty() {
        return;
    }
    *out += html!("<h3>Surviving mutants</h3>\n");
    let all: Vec<_> = runs
        .iter()
        .flat_map(|(scope, r)| r.survivors.iter().map(move |v| (scope, v)))
        .collect();
    if all.is_empty() {
        *out += html!("<p>None: in the files run, the examples kill every viable mutant.</p>\n");
        return;
    }
    *out += html!("<ul class=\"survivors\">\n");
    for (scope, v) in all {
        let place = html!("<code>{}:{}</code>", v.file, v.line);
        let place = match &v.href {
            Some(href) => html!("<a href=\"{}\">{}</a>", href, place),
            None => place,
        };
        let drift = match v.cites_a_line {
            true => html!(" <span class=\"badge review\">cites a line number, which drifts</span>"),
            false => Html::default(),
        };
        *out += html!(
            "<li>{} {} <code>{}</code>: {}{}</li>\n",
            scope,
            place,
            v.mutant,
            v.reason,
            drift
        );
    }
    *out += html!("</ul>\n");
}

/// What heads one of the lists.
struct Head<'a> {
    id: &'a str,
    title: &'a str,
    /// What the section says when no system has anything to list.
    empty: &'a str,
    /// The columns after the system's.
    columns: &'a [&'a str],
}

/// A section with a table of every system's `items`, one row each (the system,
/// then the cells `row` gives), or `head.empty` when there are none.
fn section<T>(
    out: &mut Html,
    audit: &Audit,
    head: &Head,
    items: impl Fn(&SystemFacts) -> &[T],
    row: impl Fn(&T) -> Vec<Html>,
) {
    *out += html!("<section id=\"{}\">\n<h2>{}</h2>\n", head.id, head.title);
    let rows: Html = audit
        .systems
        .iter()
        .flat_map(|s| items(s).iter().map(move |item| (s, item)))
        .map(|(s, item)| {
            let cells: Html = row(item).iter().map(|c| html!("<td>{}</td>", c)).collect();
            html!("<tr><td>{}</td>{}</tr>\n", s.id, cells)
        })
        .collect();
    if rows.is_empty() {
        *out += html!("<p>{}</p>\n", head.empty);
    } else {
        let heads: Html = head
            .columns
            .iter()
            .map(|h| html!("<th>{}</th>", h))
            .collect();
        *out += html!(
            "<table>\n<thead><tr><th>system</th>{}</tr></thead>\n<tbody>\n{}</tbody>\n</table>\n",
            heads,
            rows
        );
    }
    *out += html!("</section>\n");
}

pub fn failing(out: &mut Html, audit: &Audit) {
    let head = Head {
        id: "failing",
        title: "Failing examples",
        empty: "None: every example agrees with the resolver or is an erratum.",
        columns: &["example", "rule", "why"],
    };
    section(
        out,
        audit,
        &head,
        |s| &s.failing,
        |f| {
            let why = f.why.iter().map(|w| Html::text(w));
            vec![
                code_cite(&f.example, ""),
                code_cite(&f.rule, ""),
                Html::join(why, &html!("<br>")),
            ]
        },
    );
}

pub fn errata(out: &mut Html, audit: &Audit) {
    let head = Head {
        id: "errata",
        title: "Errata",
        empty: "None: no example's claim carries an erratum.",
        columns: &[
            "example", "claim", "book", "rules", "verdict", "ruling", "reason",
        ],
    };
    section(
        out,
        audit,
        &head,
        |s| &s.errata,
        |e| {
            let rules = e.rules.as_ref().map_or("(none)".to_string(), shown);
            let title = e.ruling.title.as_deref().unwrap_or(&e.ruling.id);
            vec![
                code_cite(&e.example, ""),
                html!("<code>{}</code>", e.claim),
                Html::text(&shown(&e.book)),
                Html::text(&rules),
                verdict_tag(e.status),
                cite(&e.ruling, "", &Html::text(title)),
                Html::text(&e.reason),
            ]
        },
    );
}

pub fn rulings(out: &mut Html, audit: &Audit) {
    let head = Head {
        id: "rulings",
        title: "Rulings",
        empty: "None: no section of the book is a ruling.",
        columns: &[
            "ruling",
            "chapter",
            "stance",
            "sets aside",
            "written",
            "examples it touches",
            "errata cite it in",
            "derivations cite it in",
        ],
    };
    section(
        out,
        audit,
        &head,
        |s| &s.rulings,
        |r| {
            let title = r.ruling.title.as_deref().unwrap_or(&r.ruling.id);
            let list = |cites: &[Cite], none: &str| match cites {
                [] => Html::text(none),
                cites => Html::join(cites.iter().map(|c| code_cite(c, "")), &html!(", ")),
            };
            let written = match &r.written {
                Some(w) if w.first == w.last => {
                    format!("by {} on {}", w.authors.join(", "), w.first)
                }
                Some(w) => format!("by {} from {} to {}", w.authors.join(", "), w.first, w.last),
                None => "not committed".to_string(),
            };
            vec![
                html!(
                    "{} <code>{}</code>",
                    cite(&r.ruling, "", &Html::text(title)),
                    r.ruling.id
                ),
                Html::text(&r.chapter),
                Html::text(r.stance),
                match r.sets_aside.as_slice() {
                    [] => Html::text("nothing printed"),
                    asides => Html::text(&asides.join("; ")),
                },
                html!("<span class=\"written\">{}</span>", written),
                list(&r.touches, "no example"),
                list(&r.cited_by, "no erratum"),
                list(&r.derivations, "no derivation"),
            ]
        },
    );
}
