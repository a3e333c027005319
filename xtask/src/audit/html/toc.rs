//! The sidebar every page carries, as mdBook's: the way home, a search box
//! (a plain form to `search.html`), the one-page book for print, and the
//! table of contents, systems → chapters → sections, the current chapter
//! unfolded. On a narrow screen it folds behind a "Contents" button, a
//! checkbox and its label, so it needs no script.

use std::fmt::Write as _;

use super::esc;
use crate::audit::model::{Audit, ChapterFacts};

/// The sidebar of a page; `root` leads from the page's folder back to the
/// site's, and `current` is the page of the chapter shown, if one is.
pub fn sidebar(audit: &Audit, root: &str, current: Option<&str>) -> String {
    let mut out = format!(
        "<input type=\"checkbox\" id=\"toc-toggle\" class=\"toc-toggle\">\n\
         <label for=\"toc-toggle\" class=\"toc-button\">☰ Contents</label>\n\
         <nav class=\"sidebar\" aria-label=\"Contents\">\n\
         <p class=\"toc-home\"><a href=\"{root}index.html\">Audit of the book</a></p>\n\
         <form class=\"search-box\" action=\"{root}search.html\" role=\"search\">\
         <input type=\"search\" name=\"q\" placeholder=\"Search the book\" aria-label=\"Search the book\">\
         </form>\n<p class=\"toc-print\"><a href=\"{root}print.html\">The whole book on one page</a></p>\n\
         <ol class=\"toc\">\n"
    );
    for s in &audit.systems {
        let id = esc(&s.id);
        let _ = writeln!(
            out,
            "<li class=\"toc-system\"><a href=\"{root}index.html#system-{id}\">{id}</a>\n<ol>"
        );
        for c in &s.chapters {
            out.push_str(&chapter(c, root, current == Some(c.page.as_str())));
        }
        out.push_str("</ol></li>\n");
    }
    out.push_str("</ol>\n</nav>\n");
    out
}

/// A chapter's entry: its link, and its sections folded under it (unfolded
/// for the current chapter).
fn chapter(c: &ChapterFacts, root: &str, current: bool) -> String {
    let page = format!("{root}{}", c.page);
    let mark = if current {
        " class=\"current\" aria-current=\"page\""
    } else {
        ""
    };
    let link = format!("<a href=\"{}\"{mark}>{}</a>", esc(&page), esc(&c.title));
    let sections: String = c
        .sections
        .iter()
        .filter(|s| s.level > 1)
        .map(|s| {
            format!(
                "<li class=\"l{}\"><a href=\"{}#{}\">{}</a></li>\n",
                s.level,
                esc(&page),
                esc(&s.item.id),
                esc(&s.title)
            )
        })
        .collect();
    if sections.is_empty() {
        return format!("<li>{link}</li>\n");
    }
    let open = if current { " open" } else { "" };
    format!(
        "<li><details{open}><summary>{link}</summary>\n<ol class=\"toc-sections\">\n{sections}</ol></details></li>\n"
    )
}
