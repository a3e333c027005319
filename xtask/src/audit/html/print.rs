//! `print.html`: the whole book on one page, every chapter in order with its
//! boxes, as mdBook's print page, for reading on paper or saving as a PDF
//! (the style sheet's `@media print` rules drop the sidebar).

use std::fmt::Write as _;

use codegen::Book;

use super::{Books, chapter, esc};
use crate::audit::facts::Audit;

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
            out.push_str(&chapter::article(&system.id, c, f, "", books));
        }
        out.push_str("</section>\n");
    }
    out.push_str("</main>\n");
    out
}
