//! Properties in the report: a box where each `property` block stands (its
//! law, its domain, whether it holds, and for a failure the counterexample
//! with the resolver's trace at each point), a chapter's tally, and the front
//! page's section with each system's properties.

use std::fmt::Write as _;

use super::{boxes, cite, esc, shown};
use conformance::Verdict;

use crate::audit::model::{Audit, Cite, Holds, PointFacts, PropertyEntry, PropertyFacts};

/// A law or a failure in words, its names (in backticks) as code.
fn with_code(text: &str) -> String {
    text.split('`')
        .enumerate()
        .map(|(i, part)| match i % 2 {
            1 => format!("<code>{}</code>", esc(part)),
            _ => esc(part),
        })
        .collect()
}

/// `holds` or `fails` as a coloured tag.
fn status(verdict: &str) -> String {
    let v = esc(verdict);
    format!("<span class=\"verdict {v}\">{v}</span>")
}

/// The box that stands for a property block.
pub fn block(p: &PropertyFacts, root: &str) -> String {
    let mut out = format!(
        "<section class=\"property {v}\" id=\"{id}\">\n<header>{tag} <span class=\"kind\">property</span> \
         <code class=\"id\">{id}</code> · rule {rule}</header>\n<p class=\"law\">law: {law}</p>\n<p class=\"given\">over",
        v = p.verdict.as_str(),
        id = esc(&p.id),
        tag = status(p.verdict.as_str()),
        rule = cite(&p.rule, root, &format!("<code>{}</code>", esc(&p.rule.id))),
        law = with_code(&p.law),
    );
    for d in &p.given {
        let _ = write!(out, " <code>{} = {}</code>", esc(&d.name), esc(&d.domain));
    }
    let _ = writeln!(
        out,
        "</p>\n<p class=\"tried\">{} {}</p>",
        p.verdict.as_str(),
        esc(&p.tried)
    );
    if let Some(f) = &p.failure {
        let _ = writeln!(
            out,
            "<div class=\"counterexample\">\n<p class=\"why\">{}</p>",
            with_code(&f.message)
        );
        if !f.points.is_empty() {
            out.push_str("<p>counterexample (shrunk):</p>\n");
        }
        for point in &f.points {
            out.push_str(&point_html(point, root));
        }
        out.push_str("</div>\n");
    }
    out.push_str("</section>\n");
    out
}

/// One resolution at the counterexample: the inputs, the outputs (or why
/// there are none) and the derivation.
fn point_html(p: &PointFacts, root: &str) -> String {
    let list = |values: &std::collections::BTreeMap<String, serde_json::Value>| {
        let parts: Vec<String> = values
            .iter()
            .map(|(k, v)| format!("<code>{} = {}</code>", esc(k), esc(&shown(v))))
            .collect();
        parts.join(", ")
    };
    let outcome = match (&p.outputs, &p.refused) {
        (Some(outputs), _) => format!("outputs {}", list(outputs)),
        (None, refused) => format!(
            "<span class=\"why\">no outputs: {}</span>",
            esc(refused.as_deref().unwrap_or(""))
        ),
    };
    format!(
        "<div class=\"point\">\n<p>at {}: {outcome}</p>\n{}</div>\n",
        list(&p.given),
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
pub fn front(out: &mut String, audit: &Audit) {
    out.push_str(
        "<section id=\"properties\">\n<h2>Properties</h2>\n<p>The laws the book states of a rule over a \
         domain of its inputs, each checked as the conformance suite checks its property file.</p>\n\
         <table class=\"property-counts\">\n<thead><tr><th>system</th><th>properties</th><th>hold</th>\
         <th>fail</th></tr></thead>\n<tbody>\n",
    );
    for s in &audit.systems {
        let p = &s.properties;
        let class = |n: usize, verdict: Verdict| match n {
            0 => String::new(),
            _ => format!(" class=\"{verdict}\""),
        };
        let _ = writeln!(
            out,
            "<tr data-properties=\"{id}\"><th>{id}</th><td data-property=\"count\">{}</td>\
             <td data-property=\"hold\"{}>{}</td><td data-property=\"fail\"{}>{}</td></tr>",
            p.count,
            class(p.hold, Verdict::Agrees),
            p.hold,
            class(p.fail, Verdict::Fails),
            p.fail,
            id = esc(&s.id),
        );
    }
    out.push_str("</tbody>\n</table>\n");
    list(out, audit);
    out.push_str("</section>\n");
}

/// Every property of every system, failing ones marked, each linked to its box.
fn list(out: &mut String, audit: &Audit) {
    let code = |c: &Cite| cite(c, "", &format!("<code>{}</code>", esc(&c.id)));
    let row = |system: &str, p: &PropertyEntry| {
        format!(
            "<tr class=\"{v}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            esc(system),
            code(&p.property),
            code(&p.rule),
            with_code(&p.law),
            status(p.verdict.as_str()),
            v = p.verdict.as_str(),
        )
    };
    let rows: String = audit
        .systems
        .iter()
        .flat_map(|s| s.properties.properties.iter().map(|p| row(&s.id, p)))
        .collect();
    if rows.is_empty() {
        out.push_str("<p>None: the book states no property.</p>\n");
        return;
    }
    let _ = write!(
        out,
        "<table class=\"properties\">\n<thead><tr><th>system</th><th>property</th><th>rule</th>\
         <th>law</th><th>verdict</th></tr></thead>\n<tbody>\n{rows}</tbody>\n</table>\n"
    );
}
