//! The pieces every page is made of: the page itself, escaping, and the
//! small marks (cites, badges, code links, verdicts) the pages share.

use conformance::Verdict;
use serde_json::Value as Json;

use crate::audit::model::{Cite, CodeRef, ItemFacts};
use crate::audit::review::Review;

/// A whole page; `root` leads from the page's folder back to the site's.
pub fn page(title: &str, root: &str, sidebar: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<link rel=\"stylesheet\" href=\"{root}audit.css\">\n</head>\n\
         <body>\n{sidebar}<div class=\"page\">\n{body}</div>\n</body>\n</html>\n",
        esc(title)
    )
}

pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    // Writing to a String cannot fail.
    let _ = pulldown_cmark_escape::escape_html(&mut out, s);
    out
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

/// `text` (already HTML) linked to what `c` cites; marked as unresolved when the
/// system has no such id.
pub fn cite(c: &Cite, root: &str, text: &str) -> String {
    let title = c.title.as_deref().map(esc).unwrap_or_default();
    match &c.href {
        Some(href) => format!(
            "<a href=\"{root}{}\" title=\"{title}\">{text}</a>",
            esc(href)
        ),
        None => {
            format!("<span class=\"unresolved\" title=\"no such id in this system\">{text}</span>")
        }
    }
}

/// An item's review: who stamped it and when, marked when it changed since.
pub fn review_badge(item: &ItemFacts) -> String {
    let who = match (&item.reviewer, &item.reviewed_on) {
        (Some(by), Some(on)) => format!("reviewed by {} on {}", esc(by), esc(on)),
        _ => "never reviewed".to_string(),
    };
    format!(
        "{} <span class=\"reviewer\">{who}</span>",
        badge("", item.review)
    )
}

/// The mark of `what` (`code `) of an item that is not as reviewed.
pub fn badge(what: &str, r: Review) -> String {
    match r {
        Review::Reviewed => String::new(),
        Review::Changed | Review::New | Review::Removed => {
            format!(" <span class=\"badge review\">{what}{r}</span>")
        }
    }
}

/// A link to where the report shows an item of the resolver, named by its path.
pub fn code_link(c: &CodeRef, root: &str) -> String {
    format!(
        "<a href=\"{root}{}\" title=\"{}:{}\"><code>{}</code></a>",
        esc(&c.href),
        esc(&c.file),
        c.line,
        esc(&c.path)
    )
}

/// `1 step`, `2 steps`.
pub fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The verdict as a coloured tag.
pub fn verdict_tag(verdict: Verdict) -> String {
    let v = verdict.as_str();
    format!("<span class=\"verdict {v}\">{v}</span>")
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
