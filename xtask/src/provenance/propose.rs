//! Proposed locators for the items that have none, found by matching their
//! figures against the book: a table where its rows are printed one after
//! another, an example where the most of its figures (and the words of its
//! id) stand close together, a constants table's values near the chapter's
//! other items, and a section where the book's lines share its rarer words.
//! Each is a proposal for the author to read against the book, never a fact.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use codegen::locator::Restates;
use codegen::model::{Chapter, Example, Table};

use super::Book;
use super::coverage::LineUse;
use super::figure::Figure;
use super::located::{match_row, place_of, word_at};
use super::rows::{cells, in_order};
use super::text::{Word, words_of};

/// A locator to add to an item, and where.
#[derive(Debug, Clone)]
pub struct Proposal {
    /// The chapter's file as read, and as shown.
    pub path: PathBuf,
    pub shown: String,
    /// `table falling-table`, `example mary-falls`, `section falling`.
    pub item: String,
    pub lines: BTreeSet<u32>,
    /// How good the match is: `30/30 rows`, `2/3 figures, not 7`.
    pub found: String,
    /// The byte of the chapter to insert at, and what.
    pub at: usize,
    pub insert: String,
}

/// Proposals for every chapter of `book` whose book file is in `dir`.
/// Sections are offered only the lines nothing accounts for yet: no item
/// cites them (nor a proposal of this run), and no not-rules list under
/// `spec_root` lists them.
pub fn propose(book: &codegen::Book, spec_root: &Path, dir: &Path) -> Vec<Proposal> {
    let mut books: HashMap<String, Option<Book>> = HashMap::new();
    let mut out = Vec::new();
    let mut by_book: BTreeMap<String, Vec<&Chapter>> = BTreeMap::new();
    for (_, chapter) in book.chapters() {
        let Some(file) = &chapter.front.book_file else {
            continue;
        };
        let loaded = books.entry(file.name.to_string()).or_insert_with(|| {
            Book::read(dir, &file.name)
                .ok()
                .filter(|b| b.sha256 == file.sha256)
        });
        let Some(loaded) = loaded else { continue };
        by_book
            .entry(file.name.to_string())
            .or_default()
            .push(chapter);
        out.extend(chapter_proposals(chapter, loaded));
    }
    let run = super::check(book, spec_root, dir);
    for (name, chapters) in by_book {
        let Some(Some(b)) = books.get(&name) else {
            continue;
        };
        let proposed: BTreeSet<u32> = out
            .iter()
            .filter(|p| chapters.iter().any(|c| c.file.path == p.path))
            .flat_map(|p| p.lines.iter().copied())
            .collect();
        let open: BTreeSet<u32> = run
            .coverage
            .iter()
            .filter(|c| c.book == name)
            .flat_map(|c| c.lines.iter().enumerate())
            .filter(|(_, used)| **used == LineUse::Uncited)
            .map(|(i, _)| i as u32 + 1)
            .filter(|n| !proposed.contains(n))
            .collect();
        out.extend(sections(&chapters, b, &open));
    }
    out
}

fn proposal(
    chapter: &Chapter,
    item: String,
    lines: BTreeSet<u32>,
    found: String,
    at: usize,
    insert: String,
) -> Proposal {
    Proposal {
        path: chapter.file.path.clone(),
        shown: chapter.file.location(at),
        item,
        lines,
        found,
        at,
        insert,
    }
}

/// A `lines = "…"` key for the TOML body whose first line ends at `after`
/// (a schema's id line, an example's `rule` line).
fn body_proposal(
    chapter: &Chapter,
    item: String,
    lines: BTreeSet<u32>,
    found: String,
    after: usize,
) -> Proposal {
    let insert = format!("lines = \"{}\"\n", runs(&lines));
    let at = after_line(&chapter.file.text, after);
    proposal(chapter, item, lines, found, at, insert)
}

fn chapter_proposals(chapter: &Chapter, book: &Book) -> Vec<Proposal> {
    let words = book.text.all_words();
    let text = &chapter.file.text;
    let mut out = Vec::new();
    let mut anchors: Vec<u32> = chapter
        .tables
        .iter()
        .filter_map(|t| t.source.lines.as_ref())
        .chain(chapter.examples.iter().filter_map(|e| e.lines.as_ref()))
        .flat_map(|l| l.lines())
        .collect();
    for t in chapter
        .tables
        .iter()
        .filter(|t| t.source.lines.is_none() && in_order(t))
    {
        if let Some((lines, found)) = rows_table(t, text, &words, book) {
            anchors.extend(&lines);
            out.push(body_proposal(
                chapter,
                format!("table {}", t.id),
                lines,
                found,
                t.span.start,
            ));
        }
    }
    for e in chapter
        .examples
        .iter()
        .filter(|e| !e.ours && e.lines.is_none())
    {
        if let Some((lines, found)) = example(e, &words, &anchors) {
            anchors.extend(&lines);
            out.push(body_proposal(
                chapter,
                format!("example {}", e.id),
                lines,
                found,
                e.rule_span.start,
            ));
        }
    }
    for e in chapter.examples.iter().filter(|e| !e.ours) {
        out.extend(pins(chapter, e, book));
    }
    for t in chapter
        .tables
        .iter()
        .filter(|t| !in_order(t) && t.source.at.is_empty())
    {
        out.extend(table_places(chapter, t, book));
    }
    for t in chapter
        .tables
        .iter()
        .filter(|t| t.source.lines.is_none() && !in_order(t) && t.source.restates != Restates::Ours)
    {
        let (lines, found) = constants(t, text, &words, &anchors);
        if !lines.is_empty() {
            out.push(body_proposal(
                chapter,
                format!("table {}", t.id),
                lines,
                found,
                t.span.start,
            ));
        }
    }
    out
}

/// The byte after the line holding `at`.
fn after_line(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |i| at + i + 1)
}

/// `lines` as a locator is written: `3-5, 9`.
pub fn runs(lines: &BTreeSet<u32>) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut it = lines.iter().copied().peekable();
    while let Some(lo) = it.next() {
        let mut hi = lo;
        while it.peek() == Some(&(hi + 1)) {
            hi = it.next().unwrap_or(hi);
        }
        out.push(if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}-{hi}")
        });
    }
    out.join(", ")
}

/// Where the most of `t`'s rows are printed one after another, with the
/// table's header lines above them.
fn rows_table(
    t: &Table,
    text: &str,
    words: &[Word],
    book: &Book,
) -> Option<(BTreeSet<u32>, String)> {
    let rows = cells(t, text);
    let first = rows.iter().position(|r| !r.is_empty())?;
    // (rows found, fewest lines spread over) and the rows' words.
    type Found = ((usize, std::cmp::Reverse<u32>), Vec<std::ops::Range<usize>>);
    let mut best: Option<Found> = None;
    let mut from = 0;
    while let Ok(r0) = match_row(words, from, &rows[first]) {
        from = r0.start + 1;
        let mut found = vec![r0.clone()];
        let mut cursor = r0.end;
        for row in rows[first + 1..].iter().filter(|r| !r.is_empty()) {
            if let Ok(r) = match_row(words, cursor, row) {
                // A row far from the one before it is another table's.
                if words[r.start].line > words[cursor.saturating_sub(1)].line + 12 {
                    continue;
                }
                cursor = r.end;
                found.push(r);
            }
        }
        // The most rows, then the fewest lines they spread over.
        let spread = words[cursor - 1].line - words[r0.start].line;
        let score = (found.len(), std::cmp::Reverse(spread));
        if best.as_ref().is_none_or(|(b, _)| score > *b) {
            best = Some((score, found));
        }
    }
    let ((n, _), found) = best?;
    // The rows' own lines, and within them the group rows and repeated
    // headers the spec names; above them, the header.
    let mut lines: BTreeSet<u32> = found
        .iter()
        .flat_map(|r| words[r.start].line..=words[r.end - 1].line)
        .collect();
    let heads: BTreeSet<String> = t
        .columns
        .iter()
        .flat_map(|c| words_of(&c.header))
        .chain(
            t.rows
                .iter()
                .flat_map(|r| [&r.group, &r.parent])
                .flatten()
                .flat_map(|g| words_of(g)),
        )
        .collect();
    let is_head = |n: u32| {
        let line = &book.text.lines[n as usize - 1];
        let own = words_of(line);
        line.trim_start().starts_with("--") || own.iter().all(|w| heads.contains(w))
    };
    let (lo, hi) = (*lines.first()?, *lines.last()?);
    lines.extend((lo..=hi).filter(|&n| is_head(n)));
    let mut above = lo;
    while above > 1
        && lo - above < 12
        && is_head(above - 1)
        && !book.text.lines[above as usize - 2].trim().is_empty()
    {
        above -= 1;
        lines.insert(above);
    }
    let total = rows.iter().filter(|r| !r.is_empty()).count();
    Some((lines, format!("{n}/{total} rows")))
}

/// Each constant's value, printed nearest the chapter's other items.
fn constants(t: &Table, text: &str, words: &[Word], anchors: &[u32]) -> (BTreeSet<u32>, String) {
    let mid = median(anchors);
    let mut lines = BTreeSet::new();
    let mut missing = Vec::new();
    let rows = cells(t, text);
    for (value, _, figure) in rows.iter().flatten() {
        let near = (0..words.len())
            .filter(|&i| figure.at(words, i).is_some())
            .map(|i| words[i].line)
            .min_by_key(|&l| mid.map_or(l, |m| l.abs_diff(m)));
        match near {
            Some(l) => {
                lines.insert(l);
            }
            None => missing.push(value.clone()),
        }
    }
    let total = rows.iter().flatten().count();
    let mut found = format!("{}/{total} values", total - missing.len());
    if !missing.is_empty() {
        found += &format!(", not printed: {}", missing.join(", "));
    }
    (lines, found)
}

fn median(lines: &[u32]) -> Option<u32> {
    let mut sorted = lines.to_vec();
    sorted.sort_unstable();
    sorted.get(sorted.len() / 2).copied()
}

/// The window of up to three lines that prints the most of `e`'s figures,
/// given and claimed, then the most words of its id, then is the smallest
/// and nearest the anchors.
fn example(e: &Example, words: &[Word], anchors: &[u32]) -> Option<(BTreeSet<u32>, String)> {
    let figures: Vec<(String, Figure)> = e
        .claims()
        .iter()
        .flat_map(|c| Figure::of_value(&c.value))
        .collect();
    if figures.is_empty() {
        return None;
    }
    let given: Vec<(String, Figure)> = e
        .given()
        .iter()
        .flat_map(|c| Figure::of_value(&c.value))
        .collect();
    let id_words: Vec<String> =
        e.id.split('-')
            .filter(|w| w.len() >= 3 && !w.starts_with(|c: char| c.is_ascii_digit()))
            .map(|w| w[..w.len().min(4)].to_string())
            .collect();
    let last = words.last()?.line;
    let mid = median(anchors);
    // (figures given or claimed printed, id words printed, -lines, -distance
    // from the anchors)
    type Score = (usize, usize, i64, i64);
    let mut best: Option<(Score, u32, u32)> = None;
    let mut start = 0;
    for lo in 1..=last {
        while start < words.len() && words[start].line < lo {
            start += 1;
        }
        for size in 1..=3 {
            let hi = lo + size - 1;
            let end = words[start..]
                .iter()
                .position(|w| w.line > hi)
                .map_or(words.len(), |i| start + i);
            let window = &words[start..end];
            let printed = figures
                .iter()
                .chain(&given)
                .filter(|(_, f)| f.find(window, 0).is_some())
                .count();
            let named = id_words
                .iter()
                .filter(|p| window.iter().any(|w| w.text.starts_with(p.as_str())))
                .count();
            let far = mid.map_or(0, |m| i64::from(lo.abs_diff(m)));
            let score = (printed, named, -i64::from(size), -far);
            if best.as_ref().is_none_or(|(b, _, _)| score > *b) {
                best = Some((score, lo, hi));
            }
        }
    }
    let (_, lo, hi) = best?;
    let slice: Vec<Word> = words
        .iter()
        .filter(|w| (lo..=hi).contains(&w.line))
        .cloned()
        .collect();
    let missing: Vec<&str> = figures
        .iter()
        .filter(|(_, f)| f.find(&slice, 0).is_none())
        .map(|(t, _)| t.as_str())
        .collect();
    let printed = figures.len() - missing.len();
    let mut found = format!("{printed}/{} figures", figures.len());
    if !missing.is_empty() {
        found += &format!(", not printed: {}", missing.join(", "));
    }
    Some(((lo..=hi).collect(), found))
}

/// An `[at]` entry for each `[book]` claim of `e` (located) that has none:
/// each figure's place on the cited lines, where it is printed nearest a word
/// of the claim's name (`hits` near "hits"), a place no other claim of the
/// example takes; first in the lines when nothing tells them apart.
fn pins(chapter: &Chapter, e: &Example, book: &Book) -> Option<Proposal> {
    let lines = e.lines.as_ref()?;
    let words = book.text.words(lines.lines());
    let mut taken: BTreeSet<usize> = e
        .pins
        .iter()
        .flat_map(|p| &p.places)
        .filter_map(|&p| word_at(&book.text, &words, p))
        .collect();
    let mut entries = Vec::new();
    let mut at_lines = BTreeSet::new();
    for c in e.claims() {
        let figures = Figure::of_value(&c.value);
        if figures.is_empty() || e.pins.iter().any(|p| p.claim == c.name) {
            continue;
        }
        let stems: Vec<String> = c
            .name
            .split('_')
            .filter(|w| w.len() >= 3)
            .map(|w| w[..w.len().min(4)].to_string())
            .collect();
        let named: Vec<usize> = (0..words.len())
            .filter(|&i| stems.iter().any(|s| words[i].text.starts_with(s.as_str())))
            .collect();
        let mut places = Vec::new();
        for (_, f) in &figures {
            let best = (0..words.len())
                .filter(|&i| f.at(&words, i).is_some())
                .min_by_key(|&i| {
                    let near = named.iter().map(|&n| n.abs_diff(i)).min().unwrap_or(0);
                    (taken.contains(&i), near, i)
                });
            let Some(i) = best else { break };
            taken.insert(i);
            at_lines.insert(words[i].line);
            places.push(place_of(&book.text, &words[i]).to_string());
        }
        if places.len() == figures.len() {
            entries.push(format!("{} = \"{}\"\n", c.name, places.join(", ")));
        }
    }
    if entries.is_empty() {
        return None;
    }
    let text = &chapter.file.text;
    let body = &text[e.span.clone()];
    let (at, insert) = match body.find("\n[at]\n") {
        Some(i) => (e.span.start + i + "\n[at]\n".len(), entries.concat()),
        None => {
            // Before the closing fence: the body's last line.
            let close = body
                .trim_end()
                .rfind('\n')
                .map_or(e.span.end, |i| e.span.start + i + 1);
            (close, format!("\n[at]\n{}", entries.concat()))
        }
    };
    let found = format!("{} claim(s) pinned", entries.len());
    Some(proposal(
        chapter,
        format!("example {} [at]", e.id),
        at_lines,
        found,
        at,
        insert,
    ))
}

/// A prose or constants table's `at`, when it has lines and no places:
/// each printed figure's first place on the lines that no figure before it
/// took.
fn table_places(chapter: &Chapter, t: &Table, book: &Book) -> Option<Proposal> {
    let lines = t.source.lines.as_ref()?;
    let words = book.text.words(lines.lines());
    let mut taken = BTreeSet::new();
    let mut rows = Vec::new();
    let mut at_lines = BTreeSet::new();
    for row in cells(t, &chapter.file.text)
        .iter()
        .filter(|r| !r.is_empty())
    {
        let mut places = Vec::new();
        for (_, _, f) in row {
            let all = (0..words.len()).filter(|&i| f.at(&words, i).is_some());
            let i = all.clone().find(|i| !taken.contains(i)).or(all.min())?;
            taken.insert(i);
            at_lines.insert(words[i].line);
            places.push(place_of(&book.text, &words[i]).to_string());
        }
        rows.push(format!("\"{}\"", places.join(", ")));
    }
    if rows.is_empty() {
        return None;
    }
    let insert = format!("at = [{}]\n", rows.join(", "));
    let at = after_line(&chapter.file.text, t.span.start);
    let found = format!("{} row(s) placed", rows.len());
    Some(proposal(
        chapter,
        format!("table {} at", t.id),
        at_lines,
        found,
        at,
        insert,
    ))
}

/// Sections that restate the book (rulings are ours), each given the lines
/// of `open` whose rarer words it shares most.
fn sections(chapters: &[&Chapter], book: &Book, open: &BTreeSet<u32>) -> Vec<Proposal> {
    let lines: Vec<Vec<String>> = book.text.lines.iter().map(|l| content_words(l)).collect();
    let mut df: HashMap<&str, usize> = HashMap::new();
    for l in &lines {
        for w in l.iter().collect::<BTreeSet<_>>() {
            *df.entry(w.as_str()).or_default() += 1;
        }
    }
    let n = lines.len() as f64;
    let idf = |w: &str| (n / (1.0 + *df.get(w).unwrap_or(&0) as f64)).ln().max(0.0);
    let mut targets = Vec::new();
    for chapter in chapters {
        let text = &chapter.file.text;
        for (i, s) in chapter.sections.iter().enumerate() {
            if s.lines.is_some() || s.id.starts_with("ruling-") {
                continue;
            }
            let end = chapter
                .sections
                .get(i + 1)
                .map_or(text.len(), |n| n.span.start);
            let own: BTreeSet<String> = content_words(&text[s.span.start..end])
                .into_iter()
                .collect();
            targets.push((chapter, s, own));
        }
    }
    // Lines a table or an example cites are theirs; a chapter's are near them.
    let located = |c: &Chapter| -> BTreeSet<u32> {
        let tables = c.tables.iter().filter_map(|t| t.source.lines.as_ref());
        let examples = c.examples.iter().filter_map(|e| e.lines.as_ref());
        tables.chain(examples).flat_map(|l| l.lines()).collect()
    };
    let regions: Vec<Option<(u32, u32)>> = targets
        .iter()
        .map(|(c, ..)| {
            let own = located(c);
            Some((own.first()?.saturating_sub(15), own.last()? + 15))
        })
        .collect();
    let mut chosen: BTreeMap<usize, BTreeSet<u32>> = BTreeMap::new();
    for (k, l) in lines.iter().enumerate() {
        let set: BTreeSet<&String> = l.iter().collect();
        let line = k as u32 + 1;
        if set.is_empty() || !open.contains(&line) {
            continue;
        }
        let near = |t: &usize| regions[*t].is_some_and(|(lo, hi)| (lo..=hi).contains(&line));
        let any_near = (0..targets.len()).any(|t| near(&t));
        let best = targets
            .iter()
            .enumerate()
            .filter(|(t, _)| !any_near || near(t))
            .map(|(t, (_, _, own))| {
                let shared: f64 = set
                    .iter()
                    .filter(|w| own.contains(**w))
                    .map(|w| idf(w))
                    .sum();
                (shared / (own.len() as f64).sqrt().max(1.0), t)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, t)) = best.filter(|(s, _)| *s > 0.2) {
            chosen.entry(t).or_default().insert(k as u32 + 1);
        }
    }
    chosen
        .into_iter()
        .map(|(t, lines)| {
            let (chapter, s, _) = &targets[t];
            let heading = &chapter.file.text[s.span.clone()];
            let at = heading
                .find(&format!("{{#{}", s.id))
                .map_or(s.span.end, |i| s.span.start + i + 2 + s.id.len());
            let insert = format!(" lines={}", runs(&lines).replace(' ', ""));
            proposal(
                chapter,
                format!("section {}", s.id),
                lines,
                "by shared words".into(),
                at,
                insert,
            )
        })
        .collect()
}

/// Words that say what a line is about: letters (or figures), not the commonest.
fn content_words(text: &str) -> Vec<String> {
    const COMMON: &[&str] = &[
        "the", "and", "that", "this", "with", "from", "for", "are", "his", "her", "its", "their",
        "each", "which", "when", "than", "then", "have", "has", "been", "will", "would", "can",
        "may", "must", "not", "any", "all", "one", "into", "only", "also", "such", "other", "more",
        "less", "they", "them", "there", "these", "those", "what", "where", "who",
    ];
    words_of(text)
        .into_iter()
        .map(|w| w.trim_end_matches("'s").to_string())
        .filter(|w| w.len() >= 3 && !COMMON.contains(&w.as_str()))
        .collect()
}

/// The proposals, one a line, for the author to read.
pub fn render(proposals: &[Proposal]) -> String {
    proposals
        .iter()
        .map(|p| {
            format!(
                "{}  {}: lines {} ({})\n",
                p.shown,
                p.item,
                runs(&p.lines),
                p.found
            )
        })
        .collect()
}

/// Writes each proposal into its chapter, later places first so that earlier
/// offsets hold; returns how many were written.
/// Paths are taken from `root`, which the book was compiled from.
pub fn write(root: &Path, proposals: &[Proposal]) -> std::io::Result<usize> {
    let mut by_file: BTreeMap<&Path, Vec<&Proposal>> = BTreeMap::new();
    for p in proposals {
        by_file.entry(&p.path).or_default().push(p);
    }
    for (path, mut ps) in by_file {
        let path = root.join(path);
        let mut text = std::fs::read_to_string(&path)?;
        ps.sort_by_key(|p| std::cmp::Reverse(p.at));
        for p in ps {
            text.insert_str(p.at, &p.insert);
        }
        crate::write_atomically(&path, &text)?;
    }
    Ok(proposals.len())
}
