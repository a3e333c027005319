//! What stands in a chapter's page for its machine-readable parts: a verdict
//! box for each worked example, the signature of each rule, and the facts above
//! each table.

use std::fmt::Write as _;

use conformance::Verdict;
use serde_json::Value as Json;

use super::markup::score_line;
use super::typed::toggle_id;
use super::{badge, cite, code_link, esc, plural, review_badge, shown, verdict_tag};
use crate::audit::model::RuleMutation;
use crate::audit::model::{
    CodeFacts, ExampleFacts, ParamFacts, RuleFacts, Step, StepFacts, TableFacts, rule_anchor,
};
use crate::code::Via;

/// An example's verdict in place: its claims with the book's value beside the
/// resolver's, any erratum with its ruling and reason, and the derivation.
pub fn example(e: &ExampleFacts, root: &str) -> String {
    let mut out = String::new();
    let whose = if e.ours {
        "example of ours"
    } else {
        "worked example of the book"
    };
    let _ = write!(
        out,
        "<section class=\"example {v}\" id=\"{id}\">\n<header>{tag} <span class=\"kind\">{whose}</span> \
         <code class=\"id\">{id}</code> · rule {rule}{badge}</header>\n",
        v = e.verdict,
        id = esc(&e.item.id),
        tag = verdict_tag(e.verdict),
        rule = cite(&e.rule, root, &format!("<code>{}</code>", esc(&e.rule.id))),
        badge = review_badge(&e.item),
    );
    if !e.given.is_empty() {
        out.push_str("<p class=\"given\">given");
        for (name, v) in &e.given {
            let _ = write!(out, " <code>{} = {}</code>", esc(name), esc(&shown(v)));
        }
        out.push_str("</p>\n");
    }
    let _ = write!(
        out,
        "<table class=\"claims\">\n<thead><tr><th>claim</th><th>{}</th><th>rules</th><th>verdict</th></tr></thead>\n<tbody>\n",
        if e.ours { "ours" } else { "book" }
    );
    for c in &e.claims {
        let rules = c.rules.as_ref().map_or("(none)".to_string(), shown);
        let mut why = String::new();
        if let Some(reason) = &c.why {
            let _ = write!(why, " <span class=\"why\">{}</span>", esc(reason));
        }
        if let Some(er) = &c.erratum {
            let ruling = cite(
                &er.ruling,
                root,
                &esc(er.ruling.title.as_deref().unwrap_or(&er.ruling.id)),
            );
            let _ = write!(
                why,
                "<div class=\"erratum-note\">ruling {ruling} (<code>{}</code>): {}</div>",
                esc(&er.ruling.id),
                esc(&er.reason)
            );
        }
        let _ = writeln!(
            out,
            "<tr class=\"{s}\"><td><code>{name}</code></td><td class=\"value book\">{book}</td>\
             <td class=\"value rules\">{rules}</td><td>{tag}{why}</td></tr>",
            s = c.status,
            name = esc(&c.name),
            book = match (c.status, &c.rules) {
                (Verdict::Erratum, Some(rules)) => struck(&c.book, rules),
                _ => esc(&shown(&c.book)),
            },
            rules = esc(&rules),
            tag = verdict_tag(c.status),
        );
    }
    out.push_str("</tbody>\n</table>\n");
    if let Some(err) = &e.error {
        let _ = writeln!(out, "<p class=\"error\">{}</p>", esc(err));
    }
    out.push_str(&trace(&e.trace, root, e.verdict != Verdict::Agrees));
    out.push_str("</section>\n");
    out
}

/// The book's value where an erratum sets it aside, struck through: of two
/// lists of one length, only the elements that differ; else the whole value.
fn struck(book: &Json, rules: &Json) -> String {
    match (book, rules) {
        (Json::Array(b), Json::Array(r)) if b.len() == r.len() => {
            let items: Vec<String> = b
                .iter()
                .zip(r)
                .map(|(b, r)| match b == r {
                    true => esc(&shown(b)),
                    false => format!("<del>{}</del>", esc(&shown(b))),
                })
                .collect();
            format!("[{}]", items.join(", "))
        }
        _ => format!("<del>{}</del>", esc(&shown(book))),
    }
}

/// A derivation: each step with the id it cites, linked; folded unless `open`.
pub fn trace(steps: &[StepFacts], root: &str, open: bool) -> String {
    let mut out = format!(
        "<details class=\"trace\"{}><summary>derivation: {}</summary>\n<ol>\n",
        if open { " open" } else { "" },
        plural(steps.len(), "step")
    );
    for step in steps {
        let id = format!("<code>{}</code>", esc(&step.cites.id));
        let _ = writeln!(
            out,
            "<li>{} {}</li>",
            cite(&step.cites, root, &id),
            esc(&step.text)
        );
    }
    out.push_str("</ol>\n</details>\n");
    out
}

/// A rule's signature, the function that implements it (with its source, as
/// a code panel), and its examples.
pub fn rule(r: &RuleFacts, root: &str) -> String {
    let mut out = String::new();
    let resolver = format!("<code>rules::{}</code>", esc(&r.resolver));
    let (resolved_by, code_badge) = match &r.code {
        Some(c) => (
            format!("<a href=\"#{}\">{resolver}</a>", esc(&c.anchor)),
            badge("code ", c.review),
        ),
        None => (
            format!("{resolver} <span class=\"unresolved\">(no such function in rules/src)</span>"),
            String::new(),
        ),
    };
    let _ = write!(
        out,
        "<section class=\"rule\" id=\"{anchor}\">\n<header><span class=\"tag\">rule</span> \
         <code class=\"id\">{id}</code> · resolved by {resolved_by}{badge}{code_badge}</header>\n\
         <table class=\"signature\">\n<thead><tr><th>given</th><th>outputs</th></tr></thead>\n\
         <tbody><tr><td>{given}</td><td>{outputs}</td></tr></tbody>\n</table>\n",
        anchor = esc(&rule_anchor(&r.item.id)),
        id = esc(&r.item.id),
        badge = review_badge(&r.item),
        given = params(&r.given),
        outputs = params(&r.outputs),
    );
    if r.examples.is_empty() {
        out.push_str("<p class=\"unexercised\">No example exercises this rule.</p>\n");
    } else {
        let links: Vec<String> = r
            .examples
            .iter()
            .map(|e| cite(e, root, &format!("<code>{}</code>", esc(&e.id))))
            .collect();
        let _ = writeln!(
            out,
            "<p class=\"exercised\">exercised by {}</p>",
            links.join(", ")
        );
    }
    out.push_str(&mutation(&r.mutation));
    if !r.survivors.is_empty() {
        let items: Vec<String> = r
            .survivors
            .iter()
            .map(|s| {
                let at = format!("<code>{}:{}</code>", esc(&s.file), s.line);
                let at = match &s.href {
                    Some(href) => format!("<a href=\"{root}{}\">{at}</a>", esc(href)),
                    None => at,
                };
                format!(
                    "<li>{at} <code>{}</code>: {}</li>",
                    esc(&s.mutant),
                    esc(&s.reason)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "<div class=\"rule-survivors\"><p>Surviving mutants in its code:</p><ul>{}</ul></div>",
            items.concat()
        );
    }
    if let Some(c) = &r.code {
        out.push_str(&code_panel(&r.resolver, c, root));
    }
    out.push_str("</section>\n");
    out
}

/// A rule's mutation figures, over the functions its code reaches.
fn mutation(m: &RuleMutation) -> String {
    let figures = match &m.run {
        Some(f) => format!(
            "{}, over the functions its code reaches ({} with mutants)",
            score_line(f.score, &f.figures()),
            f.functions
        ),
        None => {
            let files: Vec<String> = m
                .unknown
                .iter()
                .map(|f| format!("<code>{}</code>", esc(f)))
                .collect();
            format!(
                "mutation score unknown: its code reaches {}, with no split of its mutants by function for its current text",
                files.join(", ")
            )
        }
    };
    format!("<p class=\"rule-mutation\">{figures}</p>\n")
}

/// A call path, `a → b (by name)`: how a rule's function reaches an item.
fn way(steps: &[Step]) -> String {
    let steps: Vec<String> = steps
        .iter()
        .map(|s| {
            let how = match s.via {
                Via::Named => "",
                Via::Method => " (method of its type)",
                Via::Format => " (formats its type)",
                Via::ByName => " (by name: receiver's type unknown)",
            };
            format!("<code>{}</code>{how}", esc(&s.path))
        })
        .collect();
    format!("via {}", steps.join(" → "))
}

/// The resolver function's source, collapsed, with its place and what else
/// its review covers.
fn code_panel(resolver: &str, c: &CodeFacts, root: &str) -> String {
    let calls = if c.calls.is_empty() {
        "It calls nothing else in <code>rules/src</code>.".to_string()
    } else {
        let links: Vec<String> = c
            .calls
            .iter()
            .map(|r| {
                format!(
                    "<li>{} <span class=\"way\">{}</span></li>",
                    code_link(r, root),
                    way(&r.way)
                )
            })
            .collect();
        format!(
            "Its review also covers what it calls in <code>rules/src</code>, transitively \
             (each with the calls that reach it):</p>\n<ul class=\"calls\">{}</ul><p>",
            links.concat()
        )
    };
    format!(
        "<details class=\"code\" id=\"{anchor}\">\n<summary>source of <code>rules::{resolver}</code> \
         · <code class=\"place\">{file}:{line}</code>{badge}</summary>\n\
         <pre class=\"source\"><code>{source}</code></pre>\n<p class=\"calls\">{calls}</p>\n</details>\n",
        anchor = esc(&c.anchor),
        resolver = esc(resolver),
        file = esc(&c.file),
        line = c.line,
        badge = badge("code ", c.review),
        source = esc(&c.source),
    )
}

fn params(ps: &[ParamFacts]) -> String {
    let items: Vec<String> = ps
        .iter()
        .map(|p| {
            let optional = if p.optional { "?" } else { "" };
            format!("<code>{}: {}{optional}</code>", esc(&p.name), esc(&p.ty))
        })
        .collect();
    items.join("<br>")
}

/// What a table becomes in the code: its constants, its rows, who reads it,
/// and the cells the book printed broken.
pub fn table(t: &TableFacts, root: &str) -> String {
    let mut out = String::new();
    let constants: Vec<String> = t
        .constants
        .iter()
        .map(|c| format!("<code>{}</code>", esc(c)))
        .collect();
    let what = match &t.row_type {
        Some(row) => format!(
            "constant {} · {} of <code>{}</code>",
            constants.join(", "),
            plural(t.rows, "row"),
            esc(row)
        ),
        None => format!(
            "{}, one constant each: {}",
            plural(t.rows, "row"),
            constants.join(", ")
        ),
    };
    let readers = if t.readers.is_empty() {
        "<span class=\"unread\">no resolver function reads it</span>".to_string()
    } else {
        let names: Vec<String> = t.readers.iter().map(|r| code_link(r, root)).collect();
        format!("read by {}", names.join(", "))
    };
    let title = t
        .title
        .as_deref()
        .map(|s| format!(" {}", esc(s)))
        .unwrap_or_default();
    let _ = write!(
        out,
        "<div class=\"table-facts\" id=\"{id}\">\n<header><span class=\"tag\">table</span> \
         <code class=\"id\">{id}</code>{title}{badge}</header>\n<p>{what}</p>\n<p>{readers}</p>\n\
         <p class=\"typed-label\"><label for=\"{toggle}\">Show each cell as the code reads it</label> \
         (or hold the pointer over a cell)</p>\n",
        id = esc(&t.item.id),
        toggle = esc(&toggle_id(&t.item.id)),
        badge = review_badge(&t.item),
    );
    if !t.errata.is_empty() {
        let cell = |s: &str| match s {
            "" => "<i>blank</i>".to_string(),
            s => format!("<code>{}</code>", esc(s)),
        };
        out.push_str("<ul class=\"table-errata\">\n");
        for e in &t.errata {
            let _ = writeln!(
                out,
                "<li><span class=\"verdict erratum\">erratum</span> row <b>{}</b>, column <code>{}</code>: \
                 printed {}, read as {}: {}</li>",
                esc(&e.row),
                esc(&e.column),
                cell(&e.printed),
                cell(&e.reading),
                esc(&e.reason)
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</div>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::struck;
    use serde_json::json;

    #[test]
    fn only_the_list_elements_that_differ_are_struck() {
        assert_eq!(
            struck(&json!([1, 2, 3]), &json!([1, 5, 3])),
            "[1, <del>2</del>, 3]"
        );
        assert_eq!(
            struck(&json!([1, 2]), &json!([1, 2, 3])),
            "<del>[1, 2]</del>"
        );
        assert_eq!(struck(&json!("a<b"), &json!("c")), "<del>a&lt;b</del>");
    }
}
