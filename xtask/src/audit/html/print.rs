//! `print.html`: the whole book on one page, every chapter in order with its
//! boxes, as mdBook's print page, for reading on paper or saving as a PDF
//! (the style sheet's `@media print` rules drop the sidebar). Two systems
//! may use one id (`armor`), so on this page every id in a system's chapters
//! is prefixed with the system (`action--armor`), and so is every link within
//! the page and every label's target.

use codegen::Book;

use super::{Books, Html, chapter, html};
use crate::audit::model::Audit;

pub fn body(audit: &Audit, book: &Book, books: &Books) -> Html {
    let p = &audit.provenance;
    let mut out = html!(
        "<nav class=\"crumbs\"><a href=\"index.html\">Audit</a> › the whole book</nav>\n\
         <header class=\"front\">\n<h1>The book, as audited</h1>\n<p class=\"provenance\">Every chapter \
         of <code>spec/</code> with its verdicts in place, written <time>{}</time> from commit \
         <code>{}</code>.</p>\n</header>\n<main class=\"book print\">\n",
        p.date,
        p.commit
    );
    for (system, facts) in book.systems.iter().zip(&audit.systems) {
        out += html!(
            "<section class=\"print-system\" data-system=\"{id}\">\n<h1 class=\"system-title\">{id}</h1>\n",
            id = system.id
        );
        for (c, f) in system.chapters.iter().zip(&facts.chapters) {
            out += prefix_ids(&chapter::article(&system.id, c, f, "", books), &system.id);
        }
        out += html!("</section>\n");
    }
    out += html!("</main>\n");
    out
}

/// `chapter` (a chapter of `system`) with each `id`, `for` and in-page `href`
/// prefixed with `system--`.
fn prefix_ids(chapter: &Html, system: &str) -> Html {
    let mut out = chapter.clone();
    for attr in [html!(" id=\""), html!(" for=\""), html!(" href=\"#")] {
        out = out.replace(&attr, &html!("{}{}--", attr, system));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{html, prefix_ids};

    #[test]
    fn ids_labels_and_in_page_links_carry_the_system() {
        let chapter = html!(
            "<h2 id=\"armor\">A</h2><label for=\"cells:t\">x</label><a href=\"#armor\">a</a><a href=\"other.html#armor\">b</a>"
        );
        assert_eq!(
            prefix_ids(&chapter, "action").as_str(),
            "<h2 id=\"action--armor\">A</h2><label for=\"action--cells:t\">x</label><a href=\"#action--armor\">a</a><a href=\"other.html#armor\">b</a>"
        );
    }
}
