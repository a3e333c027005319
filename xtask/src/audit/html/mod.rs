//! The report as a static site: `index.html` (the front page), one page per
//! chapter under `<system>/`, `print.html` (every chapter on one page),
//! `search.html` with its index, `queue.html` (what changed since review), a listing of each resolver file under
//! `code/`, and `audit.css`. Every page carries the sidebar of contents. It
//! opens from disk: nothing is fetched, and the one script, search's, comes
//! with the report; with scripts off every page but search reads the same.
//! Everything the book or the resolver says is HTML-escaped.

mod book;
mod boxes;
mod chapter;
mod front;
mod listing;
mod lists;
mod print;
mod property;
mod queue;
mod search;
mod toc;
mod typed;

use std::io;
use std::path::Path;

use codegen::Book;
use serde_json::Value as Json;

use super::code::Code;
use super::facts::{Audit, ChapterFacts, Cite, CodeRef, ItemFacts, listing as listing_page};
use super::review::Review;

const CSS: &str = include_str!("audit.css");

pub use book::Books;

/// Writes the site's files into `dir`.
pub fn write_site(
    audit: &Audit,
    book: &Book,
    code: &Code,
    books: &Books,
    dir: &Path,
) -> io::Result<()> {
    let write = |at: &str, text: &str| crate::write_atomically(&dir.join(at), text);
    write("audit.css", &format!("{CSS}{}", book::CSS))?;
    write("search.js", search::SCRIPT)?;
    write("search-index.js", &search::index_js(audit, book, code))?;
    let page = |at: &str, title: &str, body: &str| {
        let root = "../".repeat(at.matches('/').count());
        let sidebar = toc::sidebar(audit, &root, Some(at));
        write(at, &page(title, &root, &sidebar, body))
    };
    page(
        "index.html",
        "Audit of the book",
        &front::body(audit, &book::front(books)),
    )?;
    page(
        "print.html",
        "The book, as audited",
        &print::body(audit, book, books),
    )?;
    page("search.html", "Search the book", &search::page_body())?;
    page("queue.html", "Review queue", &queue::body(audit))?;
    let order: Vec<&ChapterFacts> = audit.systems.iter().flat_map(|s| &s.chapters).collect();
    let mut at: usize = 0;
    for (system, facts) in book.systems.iter().zip(&audit.systems) {
        for (chapter, facts) in system.chapters.iter().zip(&facts.chapters) {
            let title = format!("{} · {}", facts.title, system.id);
            let around = (
                at.checked_sub(1).map(|i| order[i]),
                order.get(at + 1).copied(),
            );
            page(
                &facts.page,
                &title,
                &chapter::body(&system.id, chapter, facts, books, around),
            )?;
            at += 1;
        }
    }
    for c in books.run.iter().flat_map(|r| &r.coverage) {
        let text = books.run.and_then(|r| r.texts.get(&c.book));
        let body = book::coverage_body(c, text.map_or(&[][..], Vec::as_slice));
        page(&book::coverage_page(&c.book), &c.book, &body)?;
    }
    for (file, text) in &code.files {
        let at = listing_page(file);
        let root = "../".repeat(at.matches('/').count());
        let functions: Vec<_> = audit.functions.iter().filter(|f| f.file == *file).collect();
        page(&at, file, &listing::body(file, text, &root, &functions))?;
    }
    Ok(())
}

/// A whole page; `root` leads from the page's folder back to the site's.
fn page(title: &str, root: &str, sidebar: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<link rel=\"stylesheet\" href=\"{root}audit.css\">\n</head>\n\
         <body>\n{sidebar}<div class=\"page\">\n{body}</div>\n</body>\n</html>\n",
        esc(title)
    )
}

fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A value as the book would print it: strings without quotes, lists in brackets.
fn shown(v: &Json) -> String {
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
fn cite(c: &Cite, root: &str, text: &str) -> String {
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
fn review_badge(item: &ItemFacts) -> String {
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
fn badge(what: &str, r: Review) -> String {
    match r {
        Review::Reviewed => String::new(),
        Review::Changed | Review::New | Review::Removed => {
            format!(" <span class=\"badge review\">{what}{r}</span>")
        }
    }
}

/// A link to where the report shows an item of the resolver, named by its path.
fn code_link(c: &CodeRef, root: &str) -> String {
    format!(
        "<a href=\"{root}{}\" title=\"{}:{}\"><code>{}</code></a>",
        esc(&c.href),
        esc(&c.file),
        c.line,
        esc(&c.path)
    )
}

/// `1 step`, `2 steps`.
fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The verdict as a coloured tag.
fn verdict_tag(verdict: &str) -> String {
    let v = esc(verdict);
    format!("<span class=\"verdict {v}\">{v}</span>")
}
