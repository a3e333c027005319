//! The book beside the spec: under each table and `[book]` example, the lines
//! of the book its locator cites, read from the books folder at audit time
//! (`cargo xtask audit --books DIR`), each located figure marked and each
//! finding listed; without the books, the locator alone. The front page adds
//! each system's provenance figures, and each book gets a coverage page: which
//! item cites each line, which lines are not rules, which nobody cites.

use codegen::Diagnostic;
use codegen::locator::Locator;
use codegen::model::Chapter;

use super::{Html, html};
use crate::provenance::coverage::{Coverage, LineUse};
use crate::provenance::{Item, ItemKind, Run, Word};

/// The style of the panels and coverage pages, added to `audit.css`.
pub const CSS: &str = include_str!("book.css");

/// What the report knows of the books: the check's run when `--books` was
/// given, else nothing but the locators in the spec.
pub struct Books<'a> {
    pub run: Option<&'a Run>,
    /// Each system's figure mutants, when the books were read.
    pub mutants: Option<&'a std::collections::BTreeMap<String, crate::provenance::mutate::Tally>>,
}

impl Books<'_> {
    /// The check's record of `id` of `kind` in `chapter`.
    fn item(&self, chapter: &Chapter, kind: ItemKind, id: &str) -> Option<&Item> {
        let items = &self.run?.items;
        items
            .iter()
            .find(|i| i.kind == kind && i.chapter == chapter.id && i.id == id)
    }

    /// The findings at spec bytes `span` of `chapter`.
    fn findings(&self, chapter: &Chapter, span: &std::ops::Range<usize>) -> Vec<&Diagnostic> {
        let Some(run) = self.run else {
            return Vec::new();
        };
        let within =
            |d: &&Diagnostic| d.file.path == chapter.file.path && span.contains(&d.span.start);
        run.findings.iter().filter(within).collect()
    }

    /// The panel under the table or example `id` at `span`, whose locator is
    /// `lines` (none: the item cites no lines).
    pub fn panel(
        &self,
        chapter: &Chapter,
        kind: ItemKind,
        id: &str,
        lines: Option<&Locator>,
        span: &std::ops::Range<usize>,
    ) -> Html {
        let file = chapter
            .front
            .book_file
            .as_ref()
            .map_or("", |f| f.name.as_str());
        let Some(lines) = lines else {
            return Html::default();
        };
        let findings = self.findings(chapter, span);
        let where_ = html!("<code>{}</code> lines <code>{}</code>", file, lines);
        let Some(text) = self.run.and_then(|r| r.texts.get(file)) else {
            return html!(
                "<p class=\"book-locator\" data-item=\"{}\">Book: {} \
                 (<code>cargo xtask audit --books DIR</code> shows them here)</p>\n",
                id,
                where_
            );
        };
        let hits = self
            .item(chapter, kind, id)
            .map_or(&[][..], |i| i.hits.as_slice());
        let verdict = if findings.is_empty() {
            html!("<span class=\"book-ok\">every figure printed there</span>")
        } else {
            html!(
                "<span class=\"book-fail\">{} not printed there</span>",
                findings.len()
            )
        };
        let mut out = html!(
            "<details class=\"book-panel\" open data-item=\"{}\" data-failures=\"{}\">\n\
             <summary>Book: {} · {}</summary>\n<ol class=\"book-lines\">\n",
            id,
            findings.len(),
            where_,
            verdict
        );
        for n in lines.lines() {
            let line = text.get(n as usize - 1).map_or("", String::as_str);
            let marks: Vec<&Word> = hits.iter().filter(|w| w.line == n).collect();
            out += html!(
                "<li value=\"{n}\" data-line=\"{n}\">{line}</li>\n",
                n = n,
                line = marked(line, &marks)
            );
        }
        out += html!("</ol>\n");
        if !findings.is_empty() {
            out += html!("<ul class=\"book-failures\">\n");
            for d in findings {
                out += html!(
                    "<li data-code=\"{code}\"><span class=\"badge fail\">{code}</span> {message} <code>{at}</code></li>\n",
                    message = d.message,
                    at = d.location(),
                    code = d.code.to_string()
                );
            }
            out += html!("</ul>\n");
        }
        out += html!("</details>\n");
        out
    }

    /// A section's locator, beside its heading.
    pub fn heading(&self, lines: Option<&Locator>) -> Html {
        lines.map_or(Html::default(), |l| {
            html!(" <span class=\"book-locator-inline\" title=\"the book's lines this section restates\">book lines {}</span>", l)
        })
    }
}

/// `line` with the bytes of `marks` wrapped in `<mark>`, all of it escaped.
fn marked(line: &str, marks: &[&Word]) -> Html {
    let mut spans: Vec<std::ops::Range<usize>> = marks.iter().map(|w| w.at.clone()).collect();
    spans.sort_by_key(|r| r.start);
    let mut out = Html::default();
    let mut at = 0;
    for r in spans {
        let (Some(before), Some(word)) = (line.get(at..r.start), line.get(r.clone())) else {
            continue;
        };
        out += html!("{}<mark>{}</mark>", before, word);
        at = r.end;
    }
    out += Html::text(line.get(at..).unwrap_or(""));
    out
}

/// The front page's section: each system's figures, and a link to each
/// book's coverage; without the books, how to get them.
pub fn front(books: &Books) -> Html {
    let Some(run) = books.run else {
        return html!(
            "<section id=\"provenance\">\n<h2>The spec against the books</h2>\n<p>Each chapter \
                names the book file it restates and each item the lines it comes from; \
                <code>cargo xtask audit --books DIR</code> reads the books from DIR and shows \
                those lines beside each table and example, with the figures found in them.</p>\n\
                </section>\n"
        );
    };
    let mut out = html!(
        "<section id=\"provenance\">\n<h2>The spec against the books</h2>\n<p>Each located table row, \
         table erratum and <code>[book]</code> figure looked for at its place on the lines its locator cites \
         (<code>cargo xtask provenance</code>); each figure replaced in turn by every other figure printed \
         on its lines, and the mutants the check catches or <code>conformance/figure-mutants.toml</code> \
         explains counted (<code>--mutate</code>).</p>\n<table class=\"provenance\">\n<thead><tr><th>system</th>\
         <th>table rows located</th><th>rows of our own</th><th>[book] claims located</th>\
         <th>table errata confirmed</th><th>sections citing the book</th>\
         <th>figure mutants caught / explained / all</th></tr></thead>\n<tbody>\n",
    );
    for (system, f) in &run.figures {
        let m = books
            .mutants
            .and_then(|m| m.get(system))
            .cloned()
            .unwrap_or_default();
        out += html!(
            "<tr data-provenance=\"{s}\"><th>{s}</th><td data-count=\"rows\">{}/{}</td><td data-count=\"ours\">{}</td>\
             <td data-count=\"claims\">{}/{}</td><td data-count=\"errata\">{}/{}</td><td data-count=\"sections\">{}/{}</td>\
             <td data-count=\"figure-mutants\">{} / {} / {}</td></tr>\n",
            f.rows.0,
            f.rows.1,
            f.ours,
            f.claims.0,
            f.claims.1,
            f.errata.0,
            f.errata.1,
            f.sections.0,
            f.sections.1,
            m.caught,
            m.explained,
            m.total,
            s = system
        );
    }
    out += html!("</tbody>\n</table>\n<h3>Coverage of each book</h3>\n<ul class=\"coverage\">\n");
    for c in &run.coverage {
        out += html!(
            "<li data-book=\"{b}\"><a href=\"{}\">{b}</a>: {}</li>\n",
            coverage_page(&c.book),
            c.summary().split_once(": ").map_or("", |(_, s)| s),
            b = c.book
        );
    }
    out += html!(
        "</ul>\n<p data-findings=\"{n}\">{n} finding(s) of the check.</p>\n</section>\n",
        n = run.findings.len()
    );
    out
}

/// The page of a book's coverage, from the site's root.
pub fn coverage_page(book: &str) -> String {
    format!("books/{book}.html")
}

/// A book's coverage page: every line, with what accounts for it.
pub fn coverage_body(c: &Coverage, text: &[String]) -> Html {
    let mut out = html!(
        "<nav class=\"crumbs\"><a href=\"../index.html\">Audit</a> › <a href=\"../index.html#provenance\">books</a> › {b}</nav>\n\
         <main class=\"coverage-page\">\n<h1>Coverage of <code>{b}</code></h1>\n<p>{}</p>\n\
         <table class=\"coverage\">\n<thead><tr><th>line</th><th>accounted for by</th><th>the book's text</th></tr></thead>\n<tbody>\n",
        c.summary(),
        b = c.book
    );
    for (i, used) in c.lines.iter().enumerate() {
        let n = i + 1;
        let (class, by) = match used {
            LineUse::Cited(items) => ("cited", cited_by(items)),
            LineUse::NotRules(reason) => ("not-rules", html!("not rules: {}", reason)),
            LineUse::Blank => ("blank", html!("blank")),
            LineUse::Uncited => ("uncited", html!("<strong>cited by nothing</strong>")),
        };
        out += html!(
            "<tr class=\"{class}\" data-line=\"{n}\"><td class=\"ln\">{n}</td><td class=\"by\">{by}</td><td class=\"text\">{line}</td></tr>\n",
            class = class,
            n = n,
            by = by,
            line = text.get(i).map_or("", String::as_str)
        );
    }
    out += html!("</tbody>\n</table>\n</main>\n");
    out
}

/// Links to the items (`system/chapter#id`) that cite a line.
fn cited_by(items: &[String]) -> Html {
    let links = items.iter().map(|item| {
        let (page, id) = item.split_once('#').unwrap_or((item, ""));
        let anchor = id.split(':').next().unwrap_or(id);
        html!("<a href=\"../{}.html#{}\">{}</a>", page, anchor, item)
    });
    Html::join(links, &html!(", "))
}
