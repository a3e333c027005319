//! Each located item of the spec held against the lines of the book it cites:
//! a table's rows, a table erratum's printed cell, an example's `[book]`
//! figures, a section's lines. What is found is kept for the audit report.

use codegen::book_check::BookCheck;
use codegen::locator::{Aside, Declares, Locator, Place, Restates};
use codegen::model::{Chapter, Example, Table, TableErratum};
use codegen::source::Span;
use codegen::{DiagCode, Diagnostic};

use super::figure::Figure;
use super::rows::{in_order, printed_column};
use super::text::{BookText, Word};
use super::{Book, Figures, Item, ItemKind};

/// What one chapter's items found in `book`, which is the edition they cite.
pub struct ChapterCheck<'a> {
    pub chapter: &'a Chapter,
    pub book: &'a Book,
    pub figures: &'a mut Figures,
    pub items: &'a mut Vec<Item>,
    pub findings: &'a mut Vec<Diagnostic>,
}

impl ChapterCheck<'_> {
    pub fn run(mut self) {
        let chapter = self.chapter;
        for s in &chapter.sections {
            // A ruling is ours, and need not cite the book; one may, to
            // account for lines it rules that nothing computes.
            let ruling = s.id.starts_with("ruling-");
            self.figures.sections.1 += usize::from(!ruling);
            if let Some(l) = &s.lines {
                let exists = self.exists(l);
                self.figures.sections.0 += usize::from(exists && !ruling);
                self.item(
                    ItemKind::Section,
                    &s.id,
                    l,
                    Vec::new(),
                    usize::from(!exists),
                );
            }
            if let Some(Declares::Aside(asides)) = &s.declares {
                self.asides(&s.id, asides);
            }
        }
        for t in &chapter.tables {
            self.table(t);
        }
        for e in chapter.examples.iter().filter(|e| !e.ours) {
            self.example(e);
        }
    }

    fn item(
        &mut self,
        kind: ItemKind,
        id: &str,
        lines: &Locator,
        hits: Vec<Word>,
        failures: usize,
    ) {
        self.items.push(Item {
            kind,
            system: self.chapter.front.system.to_string(),
            chapter: self.chapter.id.clone(),
            id: id.to_string(),
            spec: self.chapter.file.location(lines.span.start),
            book: self.book.name.clone(),
            lines: lines.clone(),
            hits,
            failures,
        });
    }

    /// A finding of class `check` at `span` of the chapter, for the caller to
    /// label and [`ChapterCheck::report`].
    fn finding(&self, check: BookCheck, span: Span, message: String) -> Diagnostic {
        Diagnostic::new(&self.chapter.file, span, DiagCode::Book(check), message)
    }

    fn report(&mut self, d: Diagnostic) {
        self.findings.push(d);
    }

    /// Whether every line `l` cites is in the book; reports the first that is not.
    fn exists(&mut self, l: &Locator) -> bool {
        let len = self.book.text.lines.len() as u32;
        if l.last() <= len {
            return true;
        }
        let name = self.book.name.clone();
        let d = self
            .finding(
                BookCheck::Lines,
                l.span.clone(),
                format!(
                    "line {} is past the end of {name}, which has {len} lines",
                    l.last()
                ),
            )
            .label("cites lines the book does not have");
        self.report(d);
        false
    }

    /// `what` has no locator: reported at `span`.
    fn unlocated(&mut self, span: Span, what: String) {
        let d = self
            .finding(
                BookCheck::Unlocated,
                span,
                format!("{what} names no lines of the book"),
            )
            .label(
                "add `lines = \"…\"`; `cargo xtask provenance --books DIR --propose` proposes them",
            );
        self.report(d);
    }

    pub(super) fn table(&mut self, t: &Table) {
        let rows = t.rows.len();
        if t.source.restates == Restates::Ours {
            self.figures.ours += rows;
            return;
        }
        let text = &self.chapter.file.text;
        let ours = super::ours_rows(t, text).len();
        self.figures.ours += ours;
        let rows = rows - ours;
        self.figures.rows.1 += rows;
        let names = super::row_names(t, text).into_iter().map(|(n, _)| n);
        let fields = t.columns.iter().map(|c| c.field.as_str());
        let known: Vec<&str> = fields.chain(names).collect();
        if let Some(o) = t
            .source
            .ours
            .iter()
            .find(|o| !known.contains(&o.name.as_str()))
        {
            let message = format!(
                "`ours` names `{}`, which is no column or constant of table `{}`",
                o.name, t.id
            );
            let d = self.finding(BookCheck::Locator, o.span.clone(), message);
            self.report(d);
        }
        self.figures.errata.1 += t.errata.len();
        let Some(lines) = t.source.lines.as_ref() else {
            let first = t.span.start..t.span.start + 4;
            return self.unlocated(first, format!("table `{}`", t.id));
        };
        if !self.exists(lines) {
            return self.item(ItemKind::Table, &t.id, lines, Vec::new(), rows);
        }
        let words = self.book.text.words(lines.lines());
        let cells = super::cells(t, &self.chapter.file.text);
        let (hits, failed) = if in_order(t) {
            self.rows(t, &cells, &words, lines)
        } else {
            self.figures_at(t, &cells, &words, lines)
        };
        self.figures.rows.0 += rows - failed;
        self.item(ItemKind::Table, &t.id, lines, hits, failed);
        for e in &t.errata {
            self.erratum(t, e);
        }
    }

    /// Each row's cells, one after another, rows in order.
    pub(super) fn rows(
        &mut self,
        t: &Table,
        cells: &[Vec<(String, Span, Figure)>],
        words: &[Word],
        lines: &Locator,
    ) -> (Vec<Word>, usize) {
        let (mut hits, mut failed, mut from) = (Vec::new(), 0, 0);
        for row in cells {
            match match_row(words, from, row) {
                Ok(range) => {
                    hits.extend(words[range.clone()].iter().cloned());
                    from = range.end;
                }
                Err((missed, near)) => {
                    failed += 1;
                    let (text, span) = (row[missed].0.clone(), row[missed].1.clone());
                    let at = near.map(|w: &Word| {
                        format!(" (the row's cells before it are, from line {})", w.line)
                    });
                    let message = format!(
                        "cell `{text}` of table `{}` is not printed in {}:{lines} where its row is{}",
                        t.id,
                        self.book.name,
                        at.unwrap_or_default()
                    );
                    let line = near.map_or(lines.lines().next().unwrap_or(1), |w| w.line);
                    let d = self.finding(BookCheck::Cell, span, message).label("not printed there").note(
                        "fix the cell, or its table's locator; a cell the book prints broken is kept as printed, with a table erratum",
                    ).note(self.book.text.quote(line));
                    self.report(d);
                }
            }
        }
        (hits, failed)
    }

    /// A constants table's values, or the figures of a table the book states
    /// in prose, each at the place the table's `at` gives it on the cited
    /// lines, row by row.
    pub(super) fn figures_at(
        &mut self,
        t: &Table,
        cells: &[Vec<(String, Span, Figure)>],
        words: &[Word],
        lines: &Locator,
    ) -> (Vec<Word>, usize) {
        let (mut hits, mut failed) = (Vec::new(), 0);
        let rows: Vec<_> = cells.iter().filter(|r| !r.is_empty()).collect();
        if t.source.at.len() != rows.len() {
            let message = format!(
                "table `{}` states {} row(s) of figures in prose, and `at` places {}",
                t.id,
                rows.len(),
                t.source.at.len()
            );
            let d = self
                .finding(BookCheck::Unlocated, t.span.start..t.span.start + 4, message)
                .label("each printed figure needs its place")
                .note("`at = [\"LINE:COLUMN, …\", …]` gives, for each row, where each of its figures is printed; `cargo xtask provenance --books DIR --propose --write` records it");
            self.report(d);
            return (hits, rows.len());
        }
        for (row, (places, pspan)) in rows.iter().zip(&t.source.at) {
            if places.len() != row.len() {
                failed += 1;
                let message = format!(
                    "`at` places {} figure(s) of a row that prints {}",
                    places.len(),
                    row.len()
                );
                let d = self.finding(BookCheck::Locator, pspan.clone(), message);
                self.report(d);
                continue;
            }
            let mut missed = false;
            for ((text, span, figure), place) in row.iter().zip(places) {
                let found = word_at(&self.book.text, words, *place)
                    .and_then(|i| figure.at(words, i).map(|n| i..i + n));
                match found {
                    Some(r) => hits.extend(words[r].iter().cloned()),
                    None => {
                        missed = true;
                        let message = format!(
                            "`{text}` of table `{}` is not printed at {place} in {}:{lines}, which prints {}",
                            t.id,
                            self.book.name,
                            printed_at(&self.book.text, words, *place)
                        );
                        let d = self
                            .finding(BookCheck::Cell, span.clone(), message)
                            .label("not printed at its place")
                            .note(self.book.text.quote(place.line));
                        self.report(d);
                    }
                }
            }
            failed += usize::from(missed);
        }
        (hits, failed)
    }

    pub(super) fn erratum(&mut self, t: &Table, e: &TableErratum) {
        let Some(lines) = e.lines.as_ref() else {
            return self.unlocated(
                e.span.clone(),
                format!("the erratum on `{}` of table `{}`", e.row, t.id),
            );
        };
        let id = format!("{}:{}", t.id, e.row);
        if !self.exists(lines) {
            return self.item(ItemKind::Erratum, &id, lines, Vec::new(), 1);
        }
        let words = self.book.text.words(lines.lines());
        // The erratum's row as the book would print it with the cell read one
        // way or the other: the printed one must be there, the reading not.
        let text = &self.chapter.file.text;
        let row = super::row_names(t, text)
            .into_iter()
            .find(|(n, _)| *n == e.row);
        let column = t.columns.iter().position(|c| c.field == e.column);
        let as_read = |value: &str| -> Vec<(String, Span, Figure)> {
            let Some((_, row)) = row else {
                return Vec::new();
            };
            let cells = t.cells_of(row).iter().enumerate();
            cells
                .filter(|(i, _)| printed_column(t, &t.columns[*i].field, &t.columns[*i].ty))
                .filter_map(|(i, c)| {
                    let cell = if Some(i) == column {
                        value
                    } else {
                        text[c.span.clone()].trim()
                    };
                    Some((
                        cell.to_string(),
                        c.span.clone(),
                        Figure::cell(cell, None, false)?,
                    ))
                })
                .collect()
        };
        let printed = match_row(&words, 0, &as_read(&e.printed)).ok();
        let reading = match_row(&words, 0, &as_read(&e.reading)).ok();
        let name = &self.book.name;
        let wrong = match (&printed, &reading) {
            (None, _) => Some(format!(
                "the row `{}` with its printed `{}` is not printed in {name}:{lines}",
                e.row, e.printed
            )),
            (_, Some(_)) => Some(format!(
                "the row `{}` with the erratum's reading `{}` is printed in {name}:{lines}: the book prints it right",
                e.row, e.reading
            )),
            _ => None,
        };
        match wrong {
            Some(message) => {
                let d = self.finding(BookCheck::Erratum, lines.span.clone(), message);
                self.report(d);
                self.item(ItemKind::Erratum, &id, lines, Vec::new(), 1);
            }
            None => {
                self.figures.errata.0 += 1;
                let hits = printed.map(|r| words[r].to_vec()).unwrap_or_default();
                self.item(ItemKind::Erratum, &id, lines, hits, 0);
            }
        }
    }

    /// Each `[book]` figure at the place its pin names, on the cited lines.
    pub(super) fn example(&mut self, e: &Example) {
        let claims: Vec<_> = e
            .claims()
            .iter()
            .map(|c| (c, Figure::of_value(&c.value)))
            .filter(|(_, f)| !f.is_empty())
            .collect();
        self.figures.claims.1 += claims.len();
        let Some(lines) = e.lines.as_ref() else {
            let first = e.span.start..e.span.start + 3;
            return self.unlocated(first, format!("example `{}`", e.id));
        };
        if !self.exists(lines) {
            return self.item(ItemKind::Example, &e.id, lines, Vec::new(), claims.len());
        }
        let words = self.book.text.words(lines.lines());
        let (mut hits, mut failed) = (Vec::new(), 0);
        for (claim, figures) in claims {
            let Some(pin) = e.pins.iter().find(|p| p.claim == claim.name) else {
                failed += 1;
                let message = format!(
                    "`[book]` claim `{}` of example `{}` names no place in {}:{lines}",
                    claim.name, e.id, self.book.name
                );
                let d = self
                    .finding(BookCheck::Unlocated, claim.span.clone(), message)
                    .label("not pinned")
                    .note(format!(
                        "add `{} = \"LINE:COLUMN\"` to the example's `[at]`; `cargo xtask provenance --books DIR --propose --write` records it",
                        claim.name
                    ));
                self.report(d);
                continue;
            };
            if pin.places.len() != figures.len() {
                failed += 1;
                let message = format!(
                    "`[at]` gives `{}` {} place(s) for its {} figure(s)",
                    claim.name,
                    pin.places.len(),
                    figures.len()
                );
                let d = self.finding(BookCheck::Locator, pin.span.clone(), message);
                self.report(d);
                continue;
            }
            let mut wrong = Vec::new();
            let mut quoted = Vec::new();
            for ((text, figure), place) in figures.iter().zip(&pin.places) {
                let found = word_at(&self.book.text, &words, *place)
                    .and_then(|i| figure.at(&words, i).map(|n| i..i + n));
                match found {
                    Some(r) => hits.extend(words[r].iter().cloned()),
                    None => {
                        wrong.push(format!(
                            "`{text}`, where {place} prints {}",
                            printed_at(&self.book.text, &words, *place)
                        ));
                        quoted.push(place.line);
                    }
                }
            }
            if wrong.is_empty() {
                self.figures.claims.0 += 1;
                continue;
            }
            failed += 1;
            let message = format!(
                "example `{}` claims {} as `[book]` for `{}` ({}:{lines})",
                e.id,
                wrong.join("; "),
                claim.name,
                self.book.name
            );
            let mut d = self.finding(BookCheck::Figure, claim.span.clone(), message).label("not printed at its place").note(
                "a `[book]` claim copies what the book prints at the place `[at]` names: a figure we worked out belongs in an example of ours (`[expect]`), or the book's own figure goes here with an erratum",
            );
            quoted.dedup();
            for line in quoted {
                d = d.note(self.book.text.quote(line));
            }
            self.report(d);
        }
        self.item(ItemKind::Example, &e.id, lines, hits, failed);
    }

    /// Each figure or word a ruling says it sets aside, printed on its line.
    fn asides(&mut self, id: &str, asides: &[Aside]) {
        let len = self.book.text.lines.len() as u32;
        for a in asides {
            let figure = Figure::cell(&a.text, None, false);
            let words = self.book.text.words([a.line]);
            let printed =
                a.line <= len && figure.as_ref().is_some_and(|f| f.find(&words, 0).is_some());
            self.figures.asides.1 += 1;
            if printed {
                self.figures.asides.0 += 1;
                continue;
            }
            let message = format!(
                "ruling `{id}` sets aside `{}`, which {}:{} does not print",
                a.text, self.book.name, a.line
            );
            let d = self
                .finding(BookCheck::Aside, a.span.clone(), message)
                .label("not printed there")
                .note("`aside=LINE:FIGURE` names a line of the book and the figure or word on it that the ruling departs from");
            self.report(d);
        }
    }
}

/// The column of `w`, a word of `book`, as a place: its line, and the
/// character (from 1) it starts at.
pub fn place_of(book: &BookText, w: &Word) -> Place {
    let line = book
        .lines
        .get(w.line as usize - 1)
        .map_or("", String::as_str);
    let col = line.get(..w.at.start).map_or(0, |s| s.chars().count()) as u32 + 1;
    Place { line: w.line, col }
}

/// The index in `words` (words of `book`) of the word that starts at `place`.
pub fn word_at(book: &BookText, words: &[Word], place: Place) -> Option<usize> {
    let first = words.partition_point(|w| w.line < place.line);
    (first..words.len())
        .take_while(|&i| words[i].line == place.line)
        .find(|&i| place_of(book, &words[i]) == place)
}

/// What `place` prints, for a message: its word, or that no word starts there.
fn printed_at(book: &BookText, words: &[Word], place: Place) -> String {
    match word_at(book, words, place) {
        Some(i) => format!("`{}`", words[i].text),
        None => "no word of the cited lines".to_string(),
    }
}

/// The first place at or after `from` where `row`'s figures are printed one
/// right after another; else which figure the best try stopped at, and the
/// word where that try began.
pub fn match_row<'w>(
    words: &'w [Word],
    from: usize,
    row: &[(String, Span, Figure)],
) -> Result<std::ops::Range<usize>, (usize, Option<&'w Word>)> {
    let mut best = (0, None);
    // A row starts a line of the book: a table prints one row to a line (or,
    // flattened, one cell to a line).
    let starts_line = |i: usize| i == 0 || words[i - 1].line != words[i].line;
    for start in (from..words.len()).filter(|&i| starts_line(i)) {
        let mut at = start;
        let mut matched = 0;
        for (_, _, figure) in row {
            match in_cell(figure, words, at) {
                Some(n) => {
                    at += n;
                    matched += 1;
                }
                None => break,
            }
        }
        if matched == row.len() {
            return Ok(start..at);
        }
        if matched > best.0 {
            best = (matched, Some(&words[start]));
        }
    }
    Err(best)
}

/// The length of `figure`'s match at `words[i..]` when it fills a printed
/// cell: it starts where one opens and ends where one closes, so that a
/// cell's figure is not found inside a longer cell ("light" in "Clothing,
/// light").
pub fn in_cell(figure: &Figure, words: &[Word], i: usize) -> Option<usize> {
    let n = figure.at(words, i)?;
    (words[i].opens && words[i + n - 1].closes).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provenance::BookText;

    fn row(cells: &[&str]) -> Vec<(String, Span, Figure)> {
        let figure = |c: &&str| Figure::cell(c, None, false).map(|f| (c.to_string(), 0..0, f));
        cells.iter().filter_map(figure).collect()
    }

    #[test]
    fn a_table_flattened_to_a_cell_a_line_reads_as_a_pipe_table_does() {
        let flat = BookText::new("Armor\nType:\nDefense\nSteel\n5\n-3\n\nPadded\n(Cloth)\n1\n-0\n");
        let words = flat.words(1..=11);
        let steel = match_row(&words, 0, &row(&["Steel", "5", "-3"])).expect("steel's row");
        assert_eq!((words[steel.start].line, words[steel.end - 1].line), (4, 6));
        let padded = match_row(&words, steel.end, &row(&["Padded (Cloth)", "1", "-0"]));
        assert_eq!(padded.map(|r| words[r.start].line), Ok(8));
        let piped = BookText::new("Steel | 5 | -3 |");
        let words = piped.words(1..=1);
        assert_eq!(match_row(&words, 0, &row(&["Steel", "5", "-3"])), Ok(0..3));
    }

    #[test]
    fn a_cell_is_found_only_as_a_whole_printed_cell_and_a_row_only_at_a_line_start() {
        let text = BookText::new("Clothing, light | 1 | Typical garb |\nTrooper | 5 | light |");
        let words = text.words(1..=2);
        assert!(
            match_row(&words, 0, &row(&["light", "1"])).is_err(),
            "`light` is the end of the cell `Clothing, light`, not a cell"
        );
        assert!(match_row(&words, 0, &row(&["Clothing, light", "1"])).is_ok());
        assert!(
            match_row(&words, 0, &row(&["5", "light"])).is_err(),
            "a row starts a line"
        );
        let columns = BookText::new("Partial    +2     +1");
        let words = columns.words(1..=1);
        assert_eq!(
            match_row(&words, 0, &row(&["Partial", "+2", "+1"])),
            Ok(0..3)
        );
    }

    #[test]
    fn a_changed_cell_fails_at_that_cell_after_the_cells_before_it() {
        let text = BookText::new("1-2 | 1d6 | 1 |\n3-4 | 2d6 | 1 |");
        let words = text.words(1..=2);
        let (missed, near) = match_row(&words, 0, &row(&["3-4", "3d6", "1"])).expect_err("3d6");
        assert_eq!(missed, 1, "the second cell is the one not printed");
        assert_eq!(near.map(|w| w.line), Some(2), "its row starts on line 2");
    }
}
