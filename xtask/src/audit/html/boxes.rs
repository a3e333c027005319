//! What stands in a chapter's page for its machine-readable parts: a verdict
//! box for each worked example, the signature of each rule, and the facts above
//! each table.

use casefile::Verdict;
use serde_json::Value as Json;

use super::markup::reviewed;
use super::markup::score_line;
use super::typed::toggle_id;
use super::{
    Html, badge, cite, code_cite, code_link, html, plural, review_badge, shown, verdict_tag,
};
use crate::audit::model::RuleMutation;
use crate::audit::model::{
    CodeFacts, ExampleFacts, ParamFacts, RuleFacts, Step, StepFacts, TableFacts, rule_anchor,
};
use resolver_source::Via;

/// An example's verdict in place: its claims with the book's value beside the
/// resolver's, any erratum with its ruling and reason, and the derivation.
pub fn example(e: &ExampleFacts, root: &str) -> Html {
    let whose = if e.ours {
        "example of ours"
    } else {
        "worked example of the book"
    };
    let mut out = html!(
        "<section class=\"example {v}\" id=\"{id}\">\n<header>{tag} <span class=\"kind\">{whose}</span> \
         <code class=\"id\">{id}</code> · rule {rule}{badge}</header>\n",
        v = e.verdict,
        id = e.item.id,
        tag = verdict_tag(e.verdict),
        whose = whose,
        rule = code_cite(&e.rule, root),
        badge = review_badge(&e.item, root),
    );
    if !e.given.is_empty() {
        out += html!("<p class=\"given\">given");
        for (name, v) in &e.given {
            out += html!(" <code>{} = {}</code>", name, shown(v));
        }
        out += html!("</p>\n");
    }
    out += html!(
        "<table class=\"claims\">\n<thead><tr><th>claim</th><th>{}</th><th>rules</th><th>verdict</th></tr></thead>\n<tbody>\n",
        if e.ours { "ours" } else { "book" }
    );
    for c in &e.claims {
        let rules = c.rules.as_ref().map_or("(none)".to_string(), shown);
        let mut why = Html::default();
        if let Some(reason) = &c.why {
            why += html!(" <span class=\"why\">{}</span>", reason);
        }
        if let Some(er) = &c.erratum {
            let title = er.ruling.title.as_deref().unwrap_or(&er.ruling.id);
            why += html!(
                "<div class=\"erratum-note\">ruling {} (<code>{}</code>): {}</div>",
                cite(&er.ruling, root, &Html::text(title)),
                er.ruling.id,
                er.reason
            );
        }
        out += html!(
            "<tr class=\"{s}\"><td><code>{name}</code></td><td class=\"value book\">{book}</td>\
             <td class=\"value rules\">{rules}</td><td>{tag}{why}</td></tr>\n",
            s = c.status,
            name = c.name,
            book = match (c.status, &c.rules) {
                (Verdict::Erratum, Some(rules)) => struck(&c.book, rules),
                _ => Html::text(&shown(&c.book)),
            },
            rules = rules,
            tag = verdict_tag(c.status),
            why = why,
        );
    }
    out += html!("</tbody>\n</table>\n");
    if let Some(err) = &e.error {
        out += html!("<p class=\"error\">{}</p>\n", err);
    }
    out += trace(&e.trace, root, e.verdict != Verdict::Agrees);
    out += html!("</section>\n");
    out
}

/// The book's value where an erratum sets it aside, struck through: of two
/// lists of one length, only the elements that differ; else the whole value.
fn struck(book: &Json, rules: &Json) -> Html {
    match (book, rules) {
        (Json::Array(b), Json::Array(r)) if b.len() == r.len() => {
            let items = b.iter().zip(r).map(|(b, r)| match b == r {
                true => Html::text(&shown(b)),
                false => html!("<del>{}</del>", shown(b)),
            });
            html!("[{}]", Html::join(items, &html!(", ")))
        }
        _ => html!("<del>{}</del>", shown(book)),
    }
}

/// A derivation: each step with the id it cites, linked; folded unless `open`.
pub fn trace(steps: &[StepFacts], root: &str, open: bool) -> Html {
    let mut out = html!(
        "<details class=\"trace\"{}><summary>derivation: {}</summary>\n<ol>\n",
        if open { " open" } else { "" },
        plural(steps.len(), "step")
    );
    for step in steps {
        out += html!("<li>{} {}</li>\n", code_cite(&step.cites, root), step.text);
    }
    out += html!("</ol>\n</details>\n");
    out
}

/// A rule's signature, the function that implements it (with its source, as
/// a code panel), and its examples.
pub fn rule(r: &RuleFacts, root: &str) -> Html {
    let resolver = html!("<code>rules::{}</code>", r.resolver);
    let (resolved_by, code_badge) = match &r.code {
        Some(c) => (
            html!("<a href=\"#{}\">{}</a>", c.anchor, resolver),
            badge("code ", c.review),
        ),
        None => (
            html!(
                "{} <span class=\"unresolved\">(no such function in rules/src)</span>",
                resolver
            ),
            Html::default(),
        ),
    };
    let mut out = html!(
        "<section class=\"rule\" id=\"{anchor}\">\n<header><span class=\"tag\">rule</span> \
         <code class=\"id\">{id}</code> · resolved by {resolved_by}{badge}{code_badge}</header>\n\
         <table class=\"signature\">\n<thead><tr><th>given</th><th>outputs</th></tr></thead>\n\
         <tbody><tr><td>{given}</td><td>{outputs}</td></tr></tbody>\n</table>\n",
        anchor = rule_anchor(&r.item.id),
        id = r.item.id,
        resolved_by = resolved_by,
        badge = review_badge(&r.item, root),
        code_badge = code_badge,
        given = params(&r.given),
        outputs = params(&r.outputs),
    );
    if r.examples.is_empty() {
        out += html!("<p class=\"unexercised\">No example exercises this rule.</p>\n");
    } else {
        let links = r.examples.iter().map(|e| code_cite(e, root));
        out += html!(
            "<p class=\"exercised\">exercised by {}</p>\n",
            Html::join(links, &html!(", "))
        );
    }
    if let Some(c) = &r.code {
        let f = &c.function;
        out += html!(
            "<p class=\"function-review\">its function <code>rules::{}</code> by itself:{} <span class=\"reviewer\">{}</span></p>\n",
            r.resolver,
            badge("", f.review),
            reviewed(f.reviewer.as_deref(), f.reviewed_on.as_deref())
        );
    }
    if !r.tables.is_empty() {
        let reads = r.tables.iter().map(|t| {
            let way = match t.way.len() {
                0 | 1 => Html::default(),
                _ => html!(
                    " <span class=\"way\">(via {})</span>",
                    Html::join(
                        t.way[1..].iter().map(|s| html!("<code>{}</code>", s)),
                        &html!(" → ")
                    )
                ),
            };
            html!(
                "<a href=\"{}{}\"><code>{}</code></a>{}",
                root,
                t.href,
                t.id,
                way
            )
        });
        out += html!(
            "<p class=\"reads\">reads {}</p>\n",
            Html::join(reads, &html!(", "))
        );
    }
    out += mutation(&r.mutation);
    if !r.survivors.is_empty() {
        let items: Html = r
            .survivors
            .iter()
            .map(|s| {
                let at = html!("<code>{}:{}</code>", s.file, s.line);
                let at = match &s.href {
                    Some(href) => html!("<a href=\"{}{}\">{}</a>", root, href, at),
                    None => at,
                };
                html!("<li>{} <code>{}</code>: {}</li>", at, s.mutant, s.reason)
            })
            .collect();
        out += html!(
            "<div class=\"rule-survivors\"><p>Surviving mutants in its code:</p><ul>{}</ul></div>\n",
            items
        );
    }
    if let Some(c) = &r.code {
        out += code_panel(&r.resolver, c, root);
    }
    out += html!("</section>\n");
    out
}

/// A rule's mutation figures, over the functions its code reaches.
fn mutation(m: &RuleMutation) -> Html {
    let figures = match &m.run {
        Some(f) => html!(
            "{}, over the functions its code reaches ({} with mutants)",
            score_line(f.score, &f.counts.figures()),
            f.functions
        ),
        None => {
            let files = m.unknown.iter().map(|f| html!("<code>{}</code>", f));
            html!(
                "mutation score unknown: its code reaches {}, with no split of its mutants by function for its current text",
                Html::join(files, &html!(", "))
            )
        }
    };
    let mut notes: Vec<Html> = Vec::new();
    if !m.inferred.is_empty() {
        let files = m.inferred.iter().map(|f| html!("<code>{}</code>", f));
        notes.push(html!(
            "the split by function of {} was inferred by a build-only check (<code>cargo mutants --check</code>) of the same text",
            Html::join(files, &html!(", "))
        ));
    }
    if !m.runs.is_empty() {
        let runs = m
            .runs
            .iter()
            .map(|(f, day)| html!("<code>{}</code> on {}", f, day));
        notes.push(html!("runs recorded: {}", Html::join(runs, &html!(", "))));
    }
    if !m.unviable.is_empty() {
        let unviable = m.unviable.iter().map(|u| html!("<code>{}</code>", u));
        notes.push(html!("unviable: {}", Html::join(unviable, &html!(", "))));
    }
    let notes = match notes.is_empty() {
        true => Html::default(),
        false => html!(
            "<br><span class=\"mutation-notes\">{}</span>",
            Html::join(notes, &html!("; "))
        ),
    };
    html!("<p class=\"rule-mutation\">{}{}</p>\n", figures, notes)
}

/// A call path, `a → b (by name)`: how a rule's function reaches an item.
fn way(steps: &[Step]) -> Html {
    let steps = steps.iter().map(|s| {
        let how = match s.via {
            Via::Named => "",
            Via::Method => " (method of its type)",
            Via::Format => " (formats its type)",
            Via::ByName => " (by name: receiver's type unknown)",
        };
        html!("<code>{}</code>{}", s.path, how)
    });
    html!("via {}", Html::join(steps, &html!(" → ")))
}

/// The resolver function's source, collapsed, with its place and what else
/// its review covers.
fn code_panel(resolver: &str, c: &CodeFacts, root: &str) -> Html {
    let calls = if c.calls.is_empty() {
        html!("It calls nothing else in <code>rules/src</code>.")
    } else {
        let links: Html = c
            .calls
            .iter()
            .map(|r| {
                html!(
                    "<li>{} <span class=\"way\">{}</span></li>",
                    code_link(r, root),
                    way(&r.way)
                )
            })
            .collect();
        html!(
            "Its review also covers what it calls in <code>rules/src</code>, transitively \
             (each with the calls that reach it):</p>\n<ul class=\"calls\">{}</ul><p>",
            links
        )
    };
    html!(
        "<details class=\"code\" id=\"{anchor}\">\n<summary>source of <code>rules::{resolver}</code> \
         · <code class=\"place\">{file}:{line}</code>{badge}</summary>\n\
         <pre class=\"source\"><code>{source}</code></pre>\n<p class=\"calls\">{calls}</p>\n</details>\n",
        anchor = c.anchor,
        resolver = resolver,
        file = c.file,
        line = c.line,
        badge = badge("code ", c.review),
        source = c.source,
        calls = calls,
    )
}

/// Each parameter as the rule block declares it: `roll: int 3..=18`.
fn params(ps: &[ParamFacts]) -> Html {
    let items = ps.iter().map(|p| {
        let optional = if p.optional { "?" } else { "" };
        let domain = p
            .domain
            .as_deref()
            .map(|d| format!(" {d}"))
            .unwrap_or_default();
        html!("<code>{}: {}{}{}</code>", p.name, p.ty, optional, domain)
    });
    Html::join(items, &html!("<br>"))
}

/// What a table becomes in the code: its constants, its rows, who reads it,
/// and the cells the book printed broken.
pub fn table(t: &TableFacts, root: &str) -> Html {
    let constants = Html::join(
        t.constants.iter().map(|c| html!("<code>{}</code>", c)),
        &html!(", "),
    );
    let what = match &t.row_type {
        Some(row) => html!(
            "constant {} · {} of <code>{}</code>",
            constants,
            plural(t.rows, "row"),
            row
        ),
        None => html!(
            "{}, one constant each: {}",
            plural(t.rows, "row"),
            constants
        ),
    };
    let readers = if t.readers.is_empty() {
        html!("<span class=\"unread\">no resolver function reads it</span>")
    } else {
        let names = t.readers.iter().map(|r| code_link(r, root));
        html!("read by {}", Html::join(names, &html!(", ")))
    };
    let title = t
        .title
        .as_deref()
        .map(|s| html!(" {}", s))
        .unwrap_or_default();
    let mut out = html!(
        "<div class=\"table-facts\" id=\"{id}\">\n<header><span class=\"tag\">table</span> \
         <code class=\"id\">{id}</code>{title}{badge}</header>\n<p>{what}</p>\n<p>{readers}</p>\n\
         <p class=\"typed-label\"><label for=\"{toggle}\">Show each cell as the code reads it</label> \
         (or hold the pointer over a cell)</p>\n",
        id = t.item.id,
        title = title,
        badge = review_badge(&t.item, root),
        what = what,
        readers = readers,
        toggle = toggle_id(&t.item.id),
    );
    for o in &t.ours {
        let names = o.names.iter().map(|n| html!("<code>{}</code>", n));
        out += html!(
            "<p class=\"ours\">ours, not printed in the book: {}. {}</p>\n",
            Html::join(names, &html!(", ")),
            o.reason
        );
    }
    if !t.errata.is_empty() {
        let cell = |s: &str| match s {
            "" => html!("<i>blank</i>"),
            s => html!("<code>{}</code>", s),
        };
        out += html!("<ul class=\"table-errata\">\n");
        for e in &t.errata {
            out += html!(
                "<li><span class=\"verdict erratum\">erratum</span> row <b>{}</b>, column <code>{}</code>: \
                 printed {}, read as {}: {}</li>\n",
                e.row,
                e.column,
                cell(&e.printed),
                cell(&e.reading),
                e.reason
            );
        }
        out += html!("</ul>\n");
    }
    out += super::plot::figures(&t.series, &t.plots, root);
    out += html!("</div>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::struck;
    use serde_json::json;

    #[test]
    fn only_the_list_elements_that_differ_are_struck() {
        let struck = |b, r| struck(&b, &r).as_str().to_string();
        assert_eq!(
            struck(json!([1, 2, 3]), json!([1, 5, 3])),
            "[1, <del>2</del>, 3]"
        );
        assert_eq!(struck(json!([1, 2]), json!([1, 2, 3])), "<del>[1, 2]</del>");
        assert_eq!(struck(json!("a<b"), json!("c")), "<del>a&lt;b</del>");
    }
}
