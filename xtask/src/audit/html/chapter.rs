//! A chapter's page: the chapter rendered by pulldown-cmark, parsed with the
//! compiler's own options, where each example block becomes its verdict box,
//! each rule block its signature, each property block its law and how it
//! came out, and each table schema the table's facts; each typed table's cells
//! carry their Rust values. Headings keep their ids as anchors and show them.

use casefile::Verdict;
use codegen::markdown_options;
use codegen::model::Chapter;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Parser, Tag, TagEnd};

use super::book::Books;
use super::markup::score_line;
use super::safe::Piece;
use super::typed::TableCells;
use super::{Html, boxes, html, plural, property, review_badge};
use crate::audit::model::ChapterFacts;
use crate::provenance::ItemKind;

/// A chapter's page: where it sits, the chapter, then links to the chapters
/// before and after it in the book (`around`).
pub fn body(
    system: &str,
    chapter: &Chapter,
    facts: &ChapterFacts,
    books: &Books,
    around: (Option<&ChapterFacts>, Option<&ChapterFacts>),
) -> Html {
    html!(
        "<nav class=\"crumbs\"><a href=\"../index.html\">Audit</a> › \
         <a href=\"../index.html#system-{s}\">{s}</a> › {title}</nav>\n\
         <main class=\"book\">\n{article}{neighbours}</main>\n",
        s = system,
        title = facts.title,
        article = article(system, chapter, facts, "../", books),
        neighbours = neighbours(around),
    )
}

/// The links to the previous and next chapters.
fn neighbours((prev, next): (Option<&ChapterFacts>, Option<&ChapterFacts>)) -> Html {
    let link = |c: Option<&ChapterFacts>, rel: &str, arrow: &str| {
        c.map_or(Html::default(), |c| {
            let text = match rel {
                "prev" => format!("{arrow} {}", c.title),
                _ => format!("{} {arrow}", c.title),
            };
            html!(
                "<a class=\"{rel}\" rel=\"{rel}\" href=\"../{page}\">{text}</a>",
                rel = rel,
                page = c.page,
                text = text
            )
        })
    };
    html!(
        "<nav class=\"chapter-nav\">{}{}</nav>\n",
        link(prev, "prev", "←"),
        link(next, "next", "→")
    )
}

/// The chapter itself, on its page or in the whole book's; `root` leads from
/// the page's folder back to the site's.
pub fn article(
    system: &str,
    chapter: &Chapter,
    facts: &ChapterFacts,
    root: &str,
    books: &Books,
) -> Html {
    html!(
        "<article class=\"chapter\" data-chapter=\"{}/{}\">\n{}{}</article>\n",
        system,
        facts.id,
        header(facts),
        Html::markdown(pieces(system, chapter, facts, root, books).into_iter()),
    )
}

fn header(f: &ChapterFacts) -> Html {
    let changed = f.unreviewed();
    let mut out = html!(
        "<header class=\"chapter-head\">\n<p class=\"meta\"><code>{path}</code> · version {version} · restates \
         <i>{book}</i>, {section}</p>\n<p class=\"tally\">{tables}, {rules}, {examples} \
         ({from_book} the book's, {ours} ours): \
         {agrees} agrees, {erratum} erratum, {fails} fails{properties}{mutation}",
        path = f.path,
        version = f.version,
        book = f.source_book,
        section = f.source_section,
        tables = plural(f.tables.len(), "table"),
        rules = plural(f.rules.len(), "rule"),
        examples = plural(f.examples.len(), "example"),
        agrees = f.with_verdict(Verdict::Agrees),
        erratum = f.with_verdict(Verdict::Erratum),
        fails = f.with_verdict(Verdict::Fails),
        properties = property::tally(&f.properties),
        from_book = f.examples.iter().filter(|e| !e.ours).count(),
        ours = f.examples.iter().filter(|e| e.ours).count(),
        mutation = mutation(f),
    );
    if changed > 0 {
        out += html!(
            " · <span class=\"badge review\">{} changed since review</span>",
            changed
        );
    }
    out += html!("</p>\n</header>\n");
    out
}

/// The chapter's mutation figures: its resolver file's score and survivors.
fn mutation(f: &ChapterFacts) -> Html {
    let Some(m) = &f.mutation else {
        return html!(" · <span class=\"mutation\">no mutation run</span>");
    };
    let stale = if m.changed_since_run {
        " (file changed since its run)"
    } else {
        ""
    };
    html!(
        " · <span class=\"mutation\">{}{}</span>",
        score_line(m.score, &m.run.counts.figures()),
        stale
    )
}

/// The chapter's events with its blocks replaced.
fn pieces<'a>(
    system: &str,
    chapter: &'a Chapter,
    facts: &ChapterFacts,
    root: &str,
    books: &Books,
) -> Vec<Piece<'a>> {
    let mut out = Vec::new();
    let mut heading: Option<String> = None;
    let mut cells = TableCells::new(chapter);
    let mut parser = Parser::new_ext(&chapter.file.text, markdown_options()).into_offset_iter();
    while let Some((event, range)) = parser.next() {
        let at = range.start;
        if matches!(event, Event::Start(Tag::TableRow))
            && let Some(line) = repeated_line(chapter, at)
        {
            skip_to(&mut parser, |e| matches!(e, Event::End(TagEnd::TableRow)));
            if let Some(cells) = line {
                let cells: Html = cells.iter().map(|c| html!("<th>{}</th>", c)).collect();
                out.push(Piece::Markup(html!(
                    "<tr class=\"repeat-header\">{}</tr>\n",
                    cells
                )));
            }
            continue;
        }
        let event = match cells.around(event, at) {
            Ok(events) => {
                out.extend(events);
                continue;
            }
            Err(event) => event,
        };
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) => {
                let Some(replaced) = block(chapter, facts, at, root, books) else {
                    out.push(Piece::Markdown(event));
                    continue;
                };
                skip_to(&mut parser, |e| matches!(e, Event::End(TagEnd::CodeBlock)));
                out.push(Piece::Markup(replaced));
            }
            Event::Start(Tag::HtmlBlock) => {
                let raw = skip_to(&mut parser, |e| matches!(e, Event::End(TagEnd::HtmlBlock)));
                out.push(Piece::Markup(html_block(
                    chapter, facts, at, &raw, root, books,
                )));
            }
            Event::Start(Tag::Heading { ref id, .. }) => {
                heading = id.as_ref().map(|i| i.to_string());
                out.push(Piece::Markdown(event));
            }
            // Who reviewed a section, and its lines in the book, go under
            // its heading, not in it: a heading stays one line on a phone.
            Event::End(TagEnd::Heading(_)) => {
                let Some(id) = heading.take() else {
                    out.push(Piece::Markdown(event));
                    continue;
                };
                out.push(Piece::Markup(html!(
                    " <a class=\"anchor\" href=\"#{id}\">#{id}</a>",
                    id = id
                )));
                out.push(Piece::Markdown(event));
                out.extend(heading_review(chapter, facts, &id, root, books).map(Piece::Markup));
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => out.push(Piece::Markdown(Event::Start(Tag::Link {
                link_type,
                dest_url: chapter_link(dest_url, &format!("{root}{system}/")),
                title,
                id,
            }))),
            other => out.push(Piece::Markdown(other)),
        }
    }
    out
}

/// What stands for the HTML block at byte `at`: a table's box and its lines
/// in the book when it is a table's schema, else its text (`raw`), shown.
fn html_block(
    chapter: &Chapter,
    facts: &ChapterFacts,
    at: usize,
    raw: &str,
    root: &str,
    books: &Books,
) -> Html {
    match chapter.tables.iter().position(|t| t.span.start == at) {
        Some(i) => {
            let t = &chapter.tables[i];
            let lines = t.source.lines.as_ref();
            let panel = books.panel(chapter, ItemKind::Table, &t.id, lines, &t.extent);
            boxes::table(&facts.tables[i], root) + &panel
        }
        None => html!("<pre class=\"raw-html\">{}</pre>\n", raw),
    }
}

/// Who reviewed section `id` and its lines in the book, for under its
/// heading; none when there is neither.
fn heading_review(
    chapter: &Chapter,
    facts: &ChapterFacts,
    id: &str,
    root: &str,
    books: &Books,
) -> Option<Html> {
    let review = facts
        .sections
        .iter()
        .find(|s| s.item.id == id)
        .map_or(Html::default(), |s| review_badge(&s.item, root));
    let section = chapter.sections.iter().find(|s| s.id == id);
    let review = review + &books.heading(section.and_then(|s| s.lines.as_ref()));
    (!review.is_empty()).then(|| html!("<p class=\"heading-review\">{}</p>\n", review))
}

/// What stands for the fenced block at byte `at`: an example's, a rule's or a
/// property's box; none for any other code.
fn block(
    chapter: &Chapter,
    facts: &ChapterFacts,
    at: usize,
    root: &str,
    books: &Books,
) -> Option<Html> {
    let starts = |span: &std::ops::Range<usize>| span.start == at;
    if let Some(i) = chapter.examples.iter().position(|e| starts(&e.span)) {
        let e = &chapter.examples[i];
        let panel = books.panel(chapter, ItemKind::Example, &e.id, e.lines.as_ref(), &e.span);
        return Some(boxes::example(&facts.examples[i], root) + &panel);
    }
    if let Some(i) = chapter.rules.iter().position(|r| starts(&r.span)) {
        return Some(boxes::rule(&facts.rules[i], root));
    }
    let i = chapter.properties.iter().position(|p| starts(&p.span))?;
    Some(property::block(&facts.properties[i], root))
}

/// Consumes events up to and including the first that `end` accepts; returns
/// the text and HTML they held.
/// What the table line at byte `at` is when it is no row of the table's
/// data: `Some(None)` for a rule line (`---|---`), dropped; `Some(cells)`
/// for the header row the book repeats (all its cells, or all but a first
/// that names a group), shown as a header row. None for any other line.
fn repeated_line(chapter: &Chapter, at: usize) -> Option<Option<Vec<String>>> {
    let table = chapter.tables.iter().find(|t| t.extent.contains(&at))?;
    if table.rows.iter().any(|r| r.span.contains(&at)) {
        return None;
    }
    let text = &chapter.file.text;
    let line = text[at..].lines().next().unwrap_or("");
    let cells = line_cells(line);
    if cells
        .iter()
        .all(|c| c.chars().all(|ch| matches!(ch, '-' | ':')))
        && cells.iter().any(|c| c.contains('-'))
    {
        return Some(None);
    }
    let body = &text[table.extent.clone()];
    let after = body.find("-->").map_or(body, |i| &body[i + 3..]);
    let header = line_cells(after.lines().find(|l| l.contains('|'))?);
    let same_after_first =
        cells.len() == header.len() && cells.len() > 1 && cells[1..] == header[1..];
    (cells == header || same_after_first).then_some(Some(cells))
}

/// A Markdown table line's cells, trimmed, without the outer pipes.
fn line_cells(line: &str) -> Vec<String> {
    let line = line.trim();
    let line = line.strip_prefix('|').unwrap_or(line);
    let line = line.strip_suffix('|').unwrap_or(line);
    line.split('|').map(|c| c.trim().to_string()).collect()
}

fn skip_to<'a>(
    parser: &mut impl Iterator<Item = (Event<'a>, std::ops::Range<usize>)>,
    end: impl Fn(&Event) -> bool,
) -> String {
    let mut text = String::new();
    for (event, _) in parser.by_ref() {
        if end(&event) {
            break;
        }
        if let Event::Text(t) | Event::Html(t) = event {
            text.push_str(&t);
        }
    }
    text
}

/// A link to another chapter (`healing.md#id`) leads to that chapter's page,
/// found from `folder`, the chapter's folder as seen from the page.
fn chapter_link<'a>(dest: CowStr<'a>, folder: &str) -> CowStr<'a> {
    let (path, anchor) = dest
        .split_once('#')
        .map_or((&*dest, None), |(p, a)| (p, Some(a)));
    match path.strip_suffix(".md") {
        Some(stem) if !stem.is_empty() && !dest.contains("://") => {
            let anchor = anchor.map(|a| format!("#{a}")).unwrap_or_default();
            format!("{folder}{stem}.html{anchor}").into()
        }
        _ => dest,
    }
}

#[cfg(test)]
mod tests {
    use super::chapter_link;

    #[test]
    fn links_to_chapters_lead_to_their_pages() {
        let link = |s: &'static str| chapter_link(s.into(), "../action/").to_string();
        assert_eq!(link("healing.md"), "../action/healing.html");
        assert_eq!(
            link("damage.md#wound-table"),
            "../action/damage.html#wound-table"
        );
        let printed = chapter_link("damage.md#wound-table".into(), "action/").to_string();
        assert_eq!(printed, "action/damage.html#wound-table");
        assert_eq!(link("#falling-table"), "#falling-table");
        assert_eq!(link("https://example.org/a.md"), "https://example.org/a.md");
        assert_eq!(link("notes.txt"), "notes.txt");
    }
}
