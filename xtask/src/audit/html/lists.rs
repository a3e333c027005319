//! The front page's lists across systems: the mutation run's scores, the
//! failing examples, every erratum and every ruling.

use std::fmt::Write as _;

use super::{cite, esc, plural, shown, verdict_tag};
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

/// `text` in `<code>`, linked to what `c` cites.
fn code_cite(c: &Cite) -> String {
    cite(c, "", &format!("<code>{}</code>", esc(&c.id)))
}

/// The score as a percentage, the way the front page shows it.
pub fn percent(score: Option<f64>) -> String {
    score.map_or("no viable mutant".to_string(), |s| {
        format!("{:.1}%", s * 100.0)
    })
}

pub fn mutation(out: &mut String, audit: &Audit) {
    let _ = writeln!(
        out,
        "<section id=\"mutation\">\n<h2>Mutation testing</h2>\n<p>From <code>{file}</code>, which \
         <code>cargo xtask mutants</code> writes. A system's files are those under \
         <code>rules/src/&lt;system&gt;/</code>; every other file of <code>rules/src</code> is the engine's. \
         The score is caught / (mutants − unviable).</p>\n<table class=\"mutation\">\n<thead><tr><th>scope</th>\
         <th>files</th>{heads}<th>score</th><th>notes</th></tr></thead>\n<tbody>",
        file = esc(audit.mutation_file),
        heads = FIGURES.map(|(_, h)| format!("<th>{h}</th>")).concat(),
    );
    for m in &audit.mutation {
        let scope = esc(&m.scope);
        let cells = match &m.run {
            Some(run) => run_cells(run),
            None => format!(
                "<td colspan=\"{}\" class=\"no-run\">no mutation run recorded</td>",
                FIGURES.len() + 2
            ),
        };
        let _ = writeln!(
            out,
            "<tr data-scope=\"{scope}\"><th>{scope}</th>{cells}<td>{}</td></tr>",
            notes(m)
        );
    }
    out.push_str("</tbody>\n</table>\n");
    survivors(out, audit);
    out.push_str("</section>\n");
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

fn run_cells(run: &Score) -> String {
    let figures = serde_json::to_value(run).unwrap_or_default();
    let mut cells = format!("<td data-mutation=\"files\">{}</td>", run.files.len());
    for (key, _) in FIGURES {
        let _ = write!(cells, "<td data-mutation=\"{key}\">{}</td>", figures[key]);
    }
    let _ = write!(
        cells,
        "<td data-mutation=\"score\">{}</td>",
        percent(run.score)
    );
    cells
}

fn survivors(out: &mut String, audit: &Audit) {
    let runs: Vec<(&str, &Score)> = audit
        .mutation
        .iter()
        .filter_map(|m| m.run.as_ref().map(|r| (m.scope.as_str(), r)))
        .collect();
    if runs.is_empty() {
        return;
    }
    out.push_str("<h3>Surviving mutants</h3>\n");
    let all: Vec<_> = runs
        .iter()
        .flat_map(|(scope, r)| r.survivors.iter().map(move |v| (scope, v)))
        .collect();
    if all.is_empty() {
        out.push_str("<p>None: in the files run, the examples kill every viable mutant.</p>\n");
        return;
    }
    out.push_str("<ul class=\"survivors\">\n");
    for (scope, v) in all {
        let place = format!("<code>{}:{}</code>", esc(&v.file), v.line);
        let place = match &v.href {
            Some(href) => format!("<a href=\"{}\">{place}</a>", esc(href)),
            None => place,
        };
        let drift = match v.cites_a_line {
            true => " <span class=\"badge review\">cites a line number, which drifts</span>",
            false => "",
        };
        let _ = writeln!(
            out,
            "<li>{} {place} <code>{}</code>: {}{drift}</li>",
            esc(scope),
            esc(&v.mutant),
            esc(&v.reason)
        );
    }
    out.push_str("</ul>\n");
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
/// then the cells `row` gives, already HTML), or `head.empty` when there are none.
fn section<T>(
    out: &mut String,
    audit: &Audit,
    head: &Head,
    items: impl Fn(&SystemFacts) -> &[T],
    row: impl Fn(&T) -> Vec<String>,
) {
    let _ = writeln!(out, "<section id=\"{}\">\n<h2>{}</h2>", head.id, head.title);
    let rows: String = audit
        .systems
        .iter()
        .flat_map(|s| items(s).iter().map(move |item| (s, item)))
        .map(|(s, item)| {
            let cells: String = row(item).iter().map(|c| format!("<td>{c}</td>")).collect();
            format!("<tr><td>{}</td>{cells}</tr>\n", esc(&s.id))
        })
        .collect();
    if rows.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", head.empty);
    } else {
        let heads: String = head
            .columns
            .iter()
            .map(|h| format!("<th>{h}</th>"))
            .collect();
        let _ = write!(
            out,
            "<table>\n<thead><tr><th>system</th>{heads}</tr></thead>\n<tbody>\n{rows}</tbody>\n</table>\n"
        );
    }
    out.push_str("</section>\n");
}

pub fn failing(out: &mut String, audit: &Audit) {
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
            let why: Vec<String> = f.why.iter().map(|w| esc(w)).collect();
            vec![code_cite(&f.example), code_cite(&f.rule), why.join("<br>")]
        },
    );
}

pub fn errata(out: &mut String, audit: &Audit) {
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
                code_cite(&e.example),
                format!("<code>{}</code>", esc(&e.claim)),
                esc(&shown(&e.book)),
                esc(&rules),
                verdict_tag(e.status),
                cite(&e.ruling, "", &esc(title)),
                esc(&e.reason),
            ]
        },
    );
}

pub fn rulings(out: &mut String, audit: &Audit) {
    let head = Head {
        id: "rulings",
        title: "Rulings",
        empty: "None: no section of the book is a ruling.",
        columns: &[
            "ruling",
            "chapter",
            "stance",
            "written",
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
            let list = |cites: &[Cite], none: &str| {
                let links: Vec<String> = cites.iter().map(code_cite).collect();
                if links.is_empty() {
                    none.to_string()
                } else {
                    links.join(", ")
                }
            };
            let written = match &r.written {
                Some(w) if w.first == w.last => {
                    format!("by {} on {}", esc(&w.authors.join(", ")), w.first)
                }
                Some(w) => format!(
                    "by {} from {} to {}",
                    esc(&w.authors.join(", ")),
                    w.first,
                    w.last
                ),
                None => "not committed".to_string(),
            };
            vec![
                format!(
                    "{} <code>{}</code>",
                    cite(&r.ruling, "", &esc(title)),
                    esc(&r.ruling.id)
                ),
                esc(&r.chapter),
                r.stance.to_string(),
                format!("<span class=\"written\">{written}</span>"),
                list(&r.cited_by, "no erratum"),
                list(&r.derivations, "no derivation"),
            ]
        },
    );
}
