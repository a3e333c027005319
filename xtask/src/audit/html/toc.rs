//! The sidebar every page carries, as mdBook's: the way home, a search box
//! (a plain form to `search.html`), the one-page book for print, and the
//! table of contents, systems → chapters → sections, the current chapter
//! unfolded. On a narrow screen it folds behind a "Contents" button, a
//! checkbox and its label, so it needs no script.

use super::{Html, html};
use crate::audit::model::{Audit, ChapterFacts};

/// The sidebar of a page; `root` leads from the page's folder back to the
/// site's, and `current` is the page of the chapter shown, if one is.
pub fn sidebar(audit: &Audit, root: &str, current: Option<&str>) -> Html {
    let mut out = html!(
        "<input type=\"checkbox\" id=\"toc-toggle\" class=\"toc-toggle\">\n\
         <label for=\"toc-toggle\" class=\"toc-button\">☰ Contents</label>\n\
         <nav class=\"sidebar\" aria-label=\"Contents\">\n\
         <p class=\"toc-home\"><a href=\"{root}index.html\">Audit of the book</a></p>\n\
         <form class=\"search-box\" action=\"{root}search.html\" role=\"search\">\
         <input type=\"search\" name=\"q\" placeholder=\"Search the book\" aria-label=\"Search the book\">\
         </form>\n<p class=\"toc-print\"><a href=\"{root}print.html\">The whole book on one page</a></p>\n\
         <ol class=\"toc\">\n",
        root = root
    );
    for s in &audit.systems {
        out += html!(
            "<li class=\"toc-system\"><a href=\"{root}index.html#system-{id}\">{id}</a>\n<ol>\n",
            root = root,
            id = s.id
        );
        for c in &s.chapters {
            out += chapter(c, root, current == Some(c.page.as_str()));
        }
        out += html!("</ol></li>\n");
    }
    out += html!("</ol>\n</nav>\n");
    out
}

/// A chapter's entry: its link, and its sections folded under it (unfolded
/// for the current chapter).
fn chapter(c: &ChapterFacts, root: &str, current: bool) -> Html {
    let page = format!("{root}{}", c.page);
    let mark = if current {
        html!(" class=\"current\" aria-current=\"page\"")
    } else {
        Html::default()
    };
    let link = html!("<a href=\"{}\"{}>{}</a>", page, mark, c.title);
    let sections: Html = c
        .sections
        .iter()
        .filter(|s| s.level > 1)
        .map(|s| {
            html!(
                "<li class=\"l{}\"><a href=\"{}#{}\">{}</a></li>\n",
                s.level,
                page,
                s.item.id,
                s.title
            )
        })
        .collect();
    if sections.is_empty() {
        return html!("<li>{}</li>\n", link);
    }
    let open = if current { " open" } else { "" };
    html!(
        "<li><details{}><summary>{}</summary>\n<ol class=\"toc-sections\">\n{}</ol></details></li>\n",
        open,
        link,
        sections
    )
}
