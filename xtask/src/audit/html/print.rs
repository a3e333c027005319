//! `print.html`: the whole book on one page, every chapter in order with its
//! boxes, as mdBook's print page, for reading on paper or saving as a PDF
//! (the style sheet's `@media print` rules drop the sidebar). Two systems
//! may use one id (`armor`), so on this page every id in a system's chapters
//! is prefixed with the system (`action--armor`), and so is every link within
//! the page and every label's target.

use std::fmt::Write as _;

use codegen::Book;

use super::{Books, chapter, esc};
use crate::audit::model::Audit;

pub fn body(audit: &Audit, book: &Book, books: &Books) -> String {
    let p = &audit.provenance;
    let mut out = format!(
        "<nav class=\"crumbs\"><a href=\"index.html\">Audit</a> › the whole book</nav>\n\
         <header class=\"front\">\n<h1>The book, as audited</h1>\n<p class=\"provenance\">Every chapter \
         of <code>spec/</code> with its verdicts in place, written <time>{}</time> from commit \
         <code>{}</code>.</p>\n</header>\n<main class=\"book print\">\n",
        esc(&p.date),
        esc(&p.commit)
    );
    for (system, facts) in book.systems.iter().zip(&audit.systems) {
        let id = esc(&system.id);
        let _ = writeln!(
            out,
            "<section class=\"print-system\" data-system=\"{id}\">\n<h1 class=\"system-title\">{id}</h1>"
        );
        for (c, f) in system.chapters.iter().zip(&facts.chapters) {
            out.push_str(&prefix_ids(
                &chapter::article(&system.id, c, f, "", books),
                &system.id,
            ));
        }
        out.push_str("</section>\n");
    }
    out.push_str("</main>\n");
    out
}

/// `html` (a chapter of `system`) with each `id`, `for` and in-page `href`
/// prefixed with `system--`.
fn prefix_ids(html: &str, system: &str) -> String {
    let mut out = html.to_string();
    for attr in [" id=\"", " for=\"", " href=\"#"] {
        out = out.replace(attr, &format!("{attr}{system}--"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::prefix_ids;

    #[test]
    fn ids_labels_and_in_page_links_carry_the_system() {
        let html = "<h2 id=\"armor\">A</h2><label for=\"cells:t\">x</label><a href=\"#armor\">a</a><a href=\"other.html#armor\">b</a>";
        assert_eq!(
            prefix_ids(html, "action"),
            "<h2 id=\"action--armor\">A</h2><label for=\"action--cells:t\">x</label><a href=\"#action--armor\">a</a><a href=\"other.html#armor\">b</a>"
        );
    }
}
