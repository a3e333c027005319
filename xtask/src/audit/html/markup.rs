//! The pieces every page is made of: the page itself and the small marks
//! (cites, badges, code links, verdicts) the pages share.

use casefile::Verdict;
use serde_json::Value as Json;

use super::safe::{Html, html};
use crate::audit::model::{Cite, CodeRef, ItemFacts};
use crate::audit::reviewed::Review;

/// A whole page; `root` leads from the page's folder back to the site's.
pub fn page(title: &str, root: &str, sidebar: &Html, body: &Html) -> Html {
    html!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"stylesheet\" href=\"{root}audit.css\">\n</head>\n\
         <body>\n{sidebar}<div class=\"page\">\n{body}</div>\n</body>\n</html>\n",
        title = title,
        root = root,
        sidebar = sidebar,
        body = body.with_heading_ids(),
    )
}

/// A value as the book would print it: strings without quotes, lists in brackets.
pub fn shown(v: &Json) -> String {
    match v {
        Json::String(s) => s.clone(),
        Json::Array(items) => {
            let items: Vec<String> = items.iter().map(shown).collect();
            format!("[{}]", items.join(", "))
        }
        Json::Null => "(none)".to_string(),
        other => other.to_string(),
    }
}

/// `text` linked to what `c` cites; marked as unresolved when the system has
/// no such id.
pub fn cite(c: &Cite, root: &str, text: &Html) -> Html {
    let title = c.title.as_deref().unwrap_or_default();
    match &c.href {
        Some(href) => html!(
            "<a href=\"{root}{href}\" title=\"{title}\">{text}</a>",
            root = root,
            href = href,
            title = title,
            text = text
        ),
        None => html!(
            "<span class=\"unresolved\" title=\"no such id in this system\">{}</span>",
            text
        ),
    }
}

/// `cite` with the cited id in `<code>` as its text.
pub fn code_cite(c: &Cite, root: &str) -> Html {
    cite(c, root, &html!("<code>{}</code>", c.id))
}

/// An item's review: who stamped it and when, marked when it changed since;
/// the mark links to the item's entry in the review queue (`root` leads back
/// to the site's root).
pub fn review_badge(item: &ItemFacts, root: &str) -> Html {
    let mark = match (&item.queue, &item.cleared_by) {
        (_, Some(check)) => html!(
            " <a class=\"badge cleared\" href=\"{}queue.html#cleared\" title=\"verified by a check, not stamped by a person\">cleared by check {}</a>",
            root,
            check
        ),
        (Some(at), None) => html!(
            " <a class=\"badge review\" href=\"{}{}\" title=\"its entry in the review queue\">{}</a>",
            root,
            at,
            item.review
        ),
        (None, None) => badge("", item.review),
    };
    html!(
        "{} <span class=\"reviewer\">{}</span>",
        mark,
        reviewed(item.reviewer.as_deref(), item.reviewed_on.as_deref())
    )
}

/// `reviewed by A. Tester on 2026-01-02`, or `never reviewed`.
pub fn reviewed(by: Option<&str>, on: Option<&str>) -> String {
    match (by, on) {
        (Some(by), Some(on)) => format!("reviewed by {by} on {on}"),
        _ => "never reviewed".to_string(),
    }
}

/// The mark of `what` (`code `) of an item that is not as reviewed.
pub fn badge(what: &str, r: Review) -> Html {
    match r {
        Review::Reviewed => Html::default(),
        Review::Changed | Review::New | Review::Removed => {
            html!(" <span class=\"badge review\">{}{}</span>", what, r)
        }
    }
}

/// A link to where the report shows an item of the resolver, named by its path.
pub fn code_link(c: &CodeRef, root: &str) -> Html {
    html!(
        "<a href=\"{}{}\" title=\"{}:{}\"><code>{}</code></a>",
        root,
        c.href,
        c.file,
        c.line,
        c.path
    )
}

/// `1 step`, `2 steps`.
pub fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The verdict as a coloured tag.
pub fn verdict_tag(verdict: Verdict) -> Html {
    tag(verdict.as_str())
}

/// A verdict (`agrees`, `holds`) as a coloured tag.
pub fn tag(verdict: &str) -> Html {
    html!("<span class=\"verdict {v}\">{v}</span>", v = verdict)
}

/// `mutation score 90%: 9 caught of 12 mutants, 1 missed, 2 unviable`, from
/// the score and the figures (mutants, caught, missed, unviable, timeout).
pub fn score_line(score: Option<f64>, figures: &[usize; 5]) -> String {
    let [mutants, caught, missed, unviable, timeout] = *figures;
    let score = score.map_or("no viable mutant".to_string(), |s| {
        format!("{:.0}%", s * 100.0)
    });
    let timeout = match timeout {
        0 => String::new(),
        n => format!(", {n} timed out"),
    };
    format!(
        "mutation score {score}: {caught} caught of {mutants} mutants, {missed} missed, {unviable} unviable{timeout}"
    )
}
