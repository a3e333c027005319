//! The report as a static site: `index.html` (the front page), one page per
//! chapter under `<system>/`, `print.html` (every chapter on one page),
//! `search.html` with its index, `queue.html` (what changed since review), a listing of each resolver file under
//! `code/`, and `audit.css`. Every page carries the sidebar of contents. It
//! opens from disk: nothing is fetched, and the one script, search's, comes
//! with the report; with scripts off every page but search reads the same.
//! Everything the book or the resolver says is HTML-escaped: pages are
//! built as [`Html`], which text enters only through escaping (`safe`).

mod book;
mod boxes;
mod chapter;
mod front;
mod listing;
mod lists;
mod markup;
pub(crate) mod plot;
mod print;
mod property;
mod queue;
mod safe;
mod search;
mod toc;
mod typed;

use std::io;
use std::path::Path;

use codegen::Book;

use crate::audit::model::{Audit, ChapterFacts, listing as listing_page};
use resolver_source::ResolverSource;

use markup::{
    badge, cite, code_cite, code_link, page, plural, review_badge, shown, tag, verdict_tag,
};
use safe::{Html, html};

const CSS: &str = include_str!("audit.css");

pub use book::Books;

/// Writes the site's files into `dir`.
pub fn write_site(
    audit: &Audit,
    book: &Book,
    code: &ResolverSource,
    books: &Books,
    dir: &Path,
) -> io::Result<()> {
    let write = |at: &str, text: &str| crate::write_atomically(&dir.join(at), text);
    write("audit.css", &format!("{CSS}{}", book::CSS))?;
    write("search.js", search::SCRIPT)?;
    write("search-index.js", &search::index_js(audit, book, code))?;
    plot::write_all(book, dir)?;
    let page = |at: &str, title: &str, body: &Html| {
        let root = "../".repeat(at.matches('/').count());
        let sidebar = toc::sidebar(audit, &root, Some(at));
        write(at, page(title, &root, &sidebar, body).as_str())
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
    page("queue.html", "Review queue", &queue::front(audit))?;
    for p in &audit.review_queue.pages {
        let root = "../".repeat(p.page.matches('/').count());
        page(
            &p.page,
            &format!("Review queue · {}", p.title),
            &queue::page(audit, p, &root),
        )?;
    }
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
