//! Properties in the report: a box where each `property` block stands (its
//! law, its domain, whether it holds, and for a failure the counterexample
//! with the resolver's trace at each point), a chapter's tally, and the front
//! page's section with each system's properties.

use super::{Html, boxes, code_cite, html, shown, tag};
use casefile::Verdict;

use crate::audit::model::{Audit, Holds, PointFacts, PropertyEntry, PropertyFacts};

/// A law or a failure in words, its names (in backticks) as code.
fn with_code(text: &str) -> Html {
    text.split('`')
        .enumerate()
        .map(|(i, part)| match i % 2 {
            1 => html!("<code>{}</code>", part),
            _ => Html::text(part),
        })
        .collect()
}

/// The box that stands for a property block.
pub fn block(p: &PropertyFacts, root: &str) -> Html {
    let mut out = html!(
        "<section class=\"property {v}\" id=\"{id}\">\n<header>{tag} <span class=\"kind\">property</span> \
         <code class=\"id\">{id}</code> · rule {rule}</header>\n<p class=\"law\">law: {law}</p>\n<p class=\"given\">over",
        v = p.verdict.as_str(),
        id = p.id,
        tag = tag(p.verdict.as_str()),
        rule = code_cite(&p.rule, root),
        law = with_code(&p.law),
    );
    for d in &p.given {
        out += html!(" <code>{} = {}</code>", d.name, d.domain);
    }
    out += html!(
        "</p>\n<p class=\"tried\">{} {}</p>\n",
        p.verdict.as_str(),
        p.tried
    );
    if let Some(f) = &p.failure {
        out += html!(
            "<div class=\"counterexample\">\n<p class=\"why\">{}</p>\n",
            with_code(&f.message)
        );
        if !f.points.is_empty() {
            out += html!("<p>counterexample (shrunk):</p>\n");
        }
        for point in &f.points {
            out += point_html(point, root);
        }
        out += html!("</div>\n");
    }
    out += html!("</section>\n");
    out
}

/// One resolution at the counterexample: the inputs, the outputs (or why
/// there are none) and the derivation.
fn point_html(p: &PointFacts, root: &str) -> Html {
    let list = |values: &std::collections::BTreeMap<String, serde_json::Value>| {
        let parts = values
            .iter()
            .map(|(k, v)| html!("<code>{} = {}</code>", k, shown(v)));
        Html::join(parts, &html!(", "))
    };
    let outcome = match (&p.outputs, &p.refused) {
        (Some(outputs), _) => html!("outputs {}", list(outputs)),
        (None, refused) => html!(
            "<span class=\"why\">no outputs: {}</span>",
            refused.as_deref().unwrap_or("")
        ),
    };
    html!(
        "<div class=\"point\">\n<p>at {}: {}</p>\n{}</div>\n",
        list(&p.given),
        outcome,
        boxes::trace(&p.trace, root, true)
    )
}

/// A chapter's properties in its tally: ` · 2 properties: 2 hold, 0 fail`.
pub fn tally(properties: &[PropertyFacts]) -> String {
    if properties.is_empty() {
        return String::new();
    }
    let hold = properties
        .iter()
        .filter(|p| p.verdict == Holds::Holds)
        .count();
    let count = match properties.len() {
        1 => "1 property".to_string(),
        n => format!("{n} properties"),
    };
    format!(" · {count}: {hold} hold, {} fail", properties.len() - hold)
}

/// The front page's properties: per system how many hold, then each one.
pub fn front(out: &mut Html, audit: &Audit) {
    *out += html!(
        "<section id=\"properties\">\n<h2>Properties</h2>\n<p>The laws the book states of a rule over a \
         domain of its inputs, each checked as the conformance suite checks its property file.</p>\n\
         <table class=\"property-counts\">\n<thead><tr><th>system</th><th>properties</th><th>hold</th>\
         <th>fail</th></tr></thead>\n<tbody>\n",
    );
    for s in &audit.systems {
        let p = &s.properties;
        let class = |n: usize, verdict: Verdict| match n {
            0 => Html::default(),
            _ => html!(" class=\"{}\"", verdict),
        };
        *out += html!(
            "<tr data-properties=\"{id}\"><th>{id}</th><td data-property=\"count\">{}</td>\
             <td data-property=\"hold\"{}>{}</td><td data-property=\"fail\"{}>{}</td></tr>\n",
            p.count,
            class(p.hold, Verdict::Agrees),
            p.hold,
            class(p.fail, Verdict::Fails),
            p.fail,
            id = s.id,
        );
    }
    *out += html!("</tbody>\n</table>\n");
    list(out, audit);
    *out += html!("</section>\n");
}

/// Every property of every system, failing ones marked, each linked to its box.
fn list(out: &mut Html, audit: &Audit) {
    let row = |system: &str, p: &PropertyEntry| {
        html!(
            "<tr class=\"{v}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            system,
            code_cite(&p.property, ""),
            code_cite(&p.rule, ""),
            with_code(&p.law),
            tag(p.verdict.as_str()),
            v = p.verdict.as_str(),
        )
    };
    let rows: Html = audit
        .systems
        .iter()
        .flat_map(|s| s.properties.properties.iter().map(|p| row(&s.id, p)))
        .collect();
    if rows.is_empty() {
        *out += html!("<p>None: the book states no property.</p>\n");
        return;
    }
    *out += html!(
        "<table class=\"properties\">\n<thead><tr><th>system</th><th>property</th><th>rule</th>\
         <th>law</th><th>verdict</th></tr></thead>\n<tbody>\n{}</tbody>\n</table>\n",
        rows
    );
}
