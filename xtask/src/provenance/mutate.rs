//! `cargo xtask provenance --books DIR --mutate`: the provenance check
//! measured as cargo-mutants measures the resolver. Each located figure (a
//! `[book]` claim, a table cell, a table erratum's printed value) is replaced
//! in turn by every other figure printed on its cited lines, and the check of
//! that one item is run again in memory on the mutant. A mutant the check
//! passes is a survivor: a figure that could be mis-copied unseen. Each must be
//! explained in `conformance/figure-mutants.toml` (the same figure printed
//! twice for the same thing, say), or the run fails.

use schemars::JsonSchema;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use codegen::model::{Chapter, Example, Table, Value};
use codegen::source::Span;

use super::figure::Figure;
use super::located::{ChapterCheck, in_cell, match_row};
use super::rows::{cells, in_order};
use super::text::{Word, words_of};
use super::{Book, Figures};

/// The record of explained survivors, relative to the workspace root.
pub const RECORD: &str = "conformance/figure-mutants.toml";

/// Caught, explained and all mutants of one system.
#[derive(Debug, Default, Clone, PartialEq, serde::Serialize, JsonSchema)]
pub struct Tally {
    pub caught: usize,
    pub explained: usize,
    pub total: usize,
}

/// One mutant the check passed.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Survivor {
    pub system: String,
    /// `chapter#id` of the example or table.
    pub item: String,
    /// The claim (`hits`), cell (`row/column`) or erratum (`erratum row/column`).
    pub what: String,
    pub from: String,
    pub to: String,
    /// Where the figure is written in the spec, `path:line:col`.
    pub spec: String,
}

/// One explained survivor, as the record writes it.
#[derive(Debug, Clone, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Explained {
    pub item: String,
    pub what: String,
    pub from: String,
    pub to: String,
    pub reason: String,
}

#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    #[serde(default)]
    survivor: Vec<Explained>,
}

/// What a mutation run found.
#[derive(Debug, Default)]
pub struct MutationRun {
    pub tallies: BTreeMap<String, Tally>,
    /// Survivors the record does not explain: failures.
    pub unexplained: Vec<Survivor>,
    /// Records that match no survivor any more: failures too, so the record
    /// cannot keep excusing a figure the check now catches.
    pub stale: Vec<Explained>,
}

impl MutationRun {
    pub fn ok(&self) -> bool {
        self.unexplained.is_empty() && self.stale.is_empty()
    }

    /// One line per system, then each failure.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        let w = self.tallies.keys().map(String::len).max().unwrap_or(0);
        for (system, t) in &self.tallies {
            out += &format!(
                "{system:<w$}  figure mutants {}: {} caught, {} explained, {} survived\n",
                t.total,
                t.caught,
                t.explained,
                t.total - t.caught - t.explained
            );
        }
        for s in &self.unexplained {
            out += &format!(
                "{}  survived: {} {} `{}` -> `{}` passes the check; explain it in {RECORD} or pin the figure\n",
                s.spec, s.item, s.what, s.from, s.to
            );
        }
        for e in &self.stale {
            out += &format!(
                "{RECORD}: {} {} `{}` -> `{}` is explained but does not survive: remove it\n",
                e.item, e.what, e.from, e.to
            );
        }
        out
    }
}

/// Reads the record at `root`; none is an empty record.
pub fn read_record(root: &Path) -> Result<Vec<Explained>, String> {
    let path = root.join(RECORD);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let record: Record =
        toml::from_str(&text).map_err(|e| format!("{} is malformed: {e}", path.display()))?;
    Ok(record.survivor)
}

/// Mutates every located figure of `book` against the books in `dir`,
/// and settles the survivors against `record`.
pub fn mutate(book: &codegen::Book, dir: &Path, record: &[Explained]) -> MutationRun {
    let mut books: BTreeMap<String, Option<Book>> = BTreeMap::new();
    let mut run = MutationRun::default();
    let mut survivors = Vec::new();
    for (system, chapter) in book.chapters() {
        let Some(file) = &chapter.front.book_file else {
            continue;
        };
        let loaded = books
            .entry(file.name.to_string())
            .or_insert_with(|| Book::read(dir, &file.name).ok());
        let Some(loaded) = loaded.as_ref().filter(|b| b.sha256 == file.sha256) else {
            continue;
        };
        let tally = run.tallies.entry(system.id.clone()).or_default();
        let mut m = Mutator {
            chapter,
            book: loaded,
            tally,
            survivors: &mut survivors,
        };
        for e in chapter.examples.iter().filter(|e| !e.ours) {
            m.example(e);
        }
        for t in &chapter.tables {
            m.table(t);
        }
    }
    let mut used = BTreeSet::new();
    for s in survivors {
        let found = record
            .iter()
            .position(|e| e.item == s.item && e.what == s.what && e.from == s.from && e.to == s.to);
        let tally = run.tallies.entry(s.system.clone()).or_default();
        match found {
            Some(i) => {
                used.insert(i);
                tally.explained += 1;
            }
            None => run.unexplained.push(s),
        }
    }
    // An entry of a chapter not mutated (`--system` names another) is no
    // more stale than it is explained.
    let mutated: BTreeSet<&str> = book.chapters().map(|(_, c)| c.id.as_str()).collect();
    let of_mutated = |e: &Explained| mutated.contains(e.item.split('#').next().unwrap_or(""));
    run.stale = record
        .iter()
        .enumerate()
        .filter(|&(i, e)| !used.contains(&i) && of_mutated(e))
        .map(|(_, e)| e.clone())
        .collect();
    run
}

struct Mutator<'a> {
    chapter: &'a Chapter,
    book: &'a Book,
    tally: &'a mut Tally,
    survivors: &'a mut Vec<Survivor>,
}

impl Mutator<'_> {
    /// Whether `check` finds nothing when run on the chapter's book.
    fn passes(&self, check: impl FnOnce(&mut ChapterCheck)) -> bool {
        let (mut figures, mut items, mut findings) = (Figures::default(), Vec::new(), Vec::new());
        let mut c = ChapterCheck {
            chapter: self.chapter,
            book: self.book,
            figures: &mut figures,
            items: &mut items,
            findings: &mut findings,
        };
        check(&mut c);
        findings.is_empty()
    }

    /// Counts one mutant; `survived` when the check passed it.
    fn count(&mut self, survived: bool, item: &str, what: &str, from: &str, to: &str, at: usize) {
        self.tally.total += 1;
        if !survived {
            self.tally.caught += 1;
            return;
        }
        self.survivors.push(Survivor {
            system: self.chapter.front.system.to_string(),
            item: format!("{}#{item}", self.chapter.id),
            what: what.to_string(),
            from: from.to_string(),
            to: to.to_string(),
            spec: self.chapter.file.location(at),
        });
    }

    /// The words of `lines`, when they are all in the book.
    fn words(&self, lines: &codegen::locator::Locator) -> Option<Vec<Word>> {
        let len = self.book.text.lines.len() as u32;
        (lines.last() <= len).then(|| self.book.text.words(lines.lines()))
    }

    /// Each `[book]` claim (each item of a list) replaced by every other
    /// figure of its kind printed on the example's lines.
    fn example(&mut self, e: &Example) {
        let Some(words) = e.lines.as_ref().and_then(|l| self.words(l)) else {
            return;
        };
        if !self.passes(|c| c.example(e)) {
            return;
        }
        let printed = Printed::of(&words);
        for (k, claim) in e.claims().iter().enumerate() {
            for (from, mutant) in mutants(&claim.value, &printed) {
                let mut m = e.clone();
                m.bindings[e.claims_at + k].value = mutant.clone();
                let survived = self.passes(|c| c.example(&m));
                let to = shown(&mutant, &from);
                let what = claim.name.to_string();
                self.count(survived, &e.id, &what, &from, &to, claim.span.start);
            }
        }
    }

    /// Each printed cell replaced by every other figure (or word, for a
    /// cell of words) printed on the table's lines; then each erratum's
    /// printed value likewise.
    fn table(&mut self, t: &Table) {
        let Some(lines) = t.source.lines.as_ref() else {
            return;
        };
        let Some(words) = self.words(lines) else {
            return;
        };
        let text = &self.chapter.file.text;
        let cells = cells(t, text);
        if !self.passes(|c| c.table(t)) {
            return;
        }
        let printed = Printed::of(&words);
        let ordered = in_order(t);
        // Where each row's match starts the search of the next, for rows in order.
        let starts = if ordered {
            row_starts(&cells, &words)
        } else {
            Vec::new()
        };
        // Where each mutant fills a printed cell, found once per table.
        let mut filled: HashMap<String, Vec<usize>> = HashMap::new();
        // The cells, one of them mutated at a time and put back after.
        let mut mcells = cells.clone();
        for (r, row) in cells.iter().enumerate() {
            for (j, (raw, span, figure)) in row.iter().enumerate() {
                for (to, mutant) in cell_mutants(figure, raw, &printed) {
                    mcells[r][j] = (to.clone(), span.clone(), mutant);
                    let survived = if ordered {
                        let mutant = &mcells[r][j].2;
                        let at = filled.entry(to.clone()).or_insert_with(|| {
                            (0..words.len())
                                .filter(|&i| in_cell(mutant, &words, i).is_some())
                                .collect()
                        });
                        rows_pass(&mcells, &words, (r, j), starts[r], at)
                    } else {
                        self.passes(|c| {
                            c.figures_at(t, &mcells, &words, lines);
                        })
                    };
                    let what = format!("{}/{}", row_name(t, text, r), column_of(t, span));
                    self.count(survived, &t.id, &what, raw, &to, span.start);
                }
                mcells[r][j] = cells[r][j].clone();
            }
        }
        for e in &t.errata {
            let Some(ewords) = e.lines.as_ref().and_then(|l| self.words(l)) else {
                continue;
            };
            let eprinted = Printed::of(&ewords);
            let Some(figure) = Figure::cell(&e.printed, None, false) else {
                continue;
            };
            for (to, _) in cell_mutants(&figure, &e.printed, &eprinted) {
                let mut m = e.clone();
                m.printed = to.clone();
                let survived = self.passes(|c| c.erratum(t, &m));
                let what = format!("erratum {}/{}", e.row, e.column);
                self.count(survived, &t.id, &what, &e.printed, &to, e.span.start);
            }
        }
    }
}

/// The name of row `r` of `t`'s printed rows, for the record.
fn row_name(t: &Table, text: &str, r: usize) -> String {
    let row = t.rows.get(r);
    let first = row.and_then(|row| t.cells_of(row).first());
    first.map_or_else(
        || r.to_string(),
        |c| text[c.span.clone()].trim().to_string(),
    )
}

/// The field of the column whose cell is written at `span`.
fn column_of(t: &Table, span: &Span) -> String {
    let at = t.rows.iter().find_map(|row| {
        let cells = t.cells_of(row);
        cells.iter().position(|c| c.span == *span)
    });
    at.and_then(|i| t.columns.get(i))
        .map_or_else(String::new, |c| c.field.to_string())
}

/// For each row of a table printed in order, the word its search starts at
/// (where the row before it matched, or that row's own start when it did
/// not match), as the check runs them.
fn row_starts(cells: &[Vec<(String, Span, Figure)>], words: &[Word]) -> Vec<usize> {
    let mut out = Vec::with_capacity(cells.len());
    let mut from = 0;
    for row in cells {
        out.push(from);
        if let Ok(r) = match_row(words, from, row) {
            from = r.end;
        }
    }
    out
}

/// Whether the rows from `r` on, cell `j` of row `r` mutated, all match in
/// order from word `from`, as the check would find them: the earlier rows
/// are as before. The mutated row can only match where its mutated cell is
/// printed (`at`, the words where the mutant fills a cell), so its search
/// tries only the starts that put that cell there.
fn rows_pass(
    cells: &[Vec<(String, Span, Figure)>],
    words: &[Word],
    (r, j): (usize, usize),
    from: usize,
    at: &[usize],
) -> bool {
    let row = &cells[r];
    // The cells before the mutated one fill at least one word each, at most their longest run.
    let most: usize = row[..j].iter().map(|(_, _, f)| longest(f)).sum();
    let mut starts: Vec<usize> = at
        .iter()
        .filter(|&&p| p >= from + j)
        .flat_map(|&p| p.saturating_sub(most).max(from)..=p - j)
        .collect();
    starts.sort_unstable();
    starts.dedup();
    let starts_line = |i: usize| i == 0 || words[i - 1].line != words[i].line;
    let matched = starts
        .into_iter()
        .filter(|&i| starts_line(i))
        .find_map(|s| {
            let mut end = s;
            for (_, _, f) in row {
                end += in_cell(f, words, end)?;
            }
            Some(end)
        });
    let Some(mut from) = matched else {
        return false;
    };
    for row in &cells[r + 1..] {
        match match_row(words, from, row) {
            Ok(m) => from = m.end,
            Err(_) => return false,
        }
    }
    true
}

/// The most words a figure's match can take.
fn longest(f: &Figure) -> usize {
    match f {
        Figure::Words(runs) => runs.iter().map(Vec::len).max().unwrap_or(1),
        _ => 1,
    }
}

/// The distinct figures and words printed on some lines, as the mutants draw them.
struct Printed {
    /// Words with a digit in them, each once, in order.
    figures: Vec<String>,
    /// Words without one.
    words: Vec<String>,
}

impl Printed {
    fn of(words: &[Word]) -> Printed {
        let (mut figures, mut plain) = (Vec::new(), Vec::new());
        let mut seen = BTreeSet::new();
        for w in words {
            if !seen.insert(w.text.as_str()) {
                continue;
            }
            if w.text.chars().any(|c| c.is_ascii_digit()) {
                figures.push(w.text.clone());
            } else if w.text.chars().any(char::is_alphabetic) {
                plain.push(w.text.clone());
            }
        }
        Printed {
            figures,
            words: plain,
        }
    }
}

/// A printed word read as a whole number: digits with a sign, or a unit
/// run on (`60m/s`).
fn int_of(word: &str) -> Option<i64> {
    let w = word.strip_prefix('+').unwrap_or(word);
    let (neg, digits) = match w.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, w),
    };
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    let rest = &digits[end..];
    if end == 0 || rest.starts_with(['.', 'd', '-', '/']) && !rest.starts_with("/s") {
        return None;
    }
    let n: i64 = digits[..end].parse().ok()?;
    Some(if neg { -n } else { n })
}

fn decimal_of(word: &str) -> Option<f64> {
    word.contains('.')
        .then(|| word.trim_start_matches('+').parse().ok())
        .flatten()
}

/// Each value a claim's value could be mis-copied as from `printed`, with
/// the figure replaced: (the figure as written, the mutated value).
fn mutants(value: &Value, printed: &Printed) -> Vec<(String, Value)> {
    let ints = || -> Vec<i64> {
        let v: BTreeSet<i64> = printed.figures.iter().filter_map(|w| int_of(w)).collect();
        v.into_iter().collect()
    };
    let decimals = || -> Vec<f64> {
        let mut v: Vec<f64> = printed
            .figures
            .iter()
            .filter_map(|w| decimal_of(w).or_else(|| int_of(w).map(|n| n as f64)))
            .collect();
        v.sort_by(f64::total_cmp);
        v.dedup();
        v
    };
    match value {
        Value::Int(n) => ints()
            .into_iter()
            .filter(|m| m != n)
            .map(|m| (n.to_string(), Value::Int(m)))
            .collect(),
        Value::Decimal(x) => decimals()
            .into_iter()
            .filter(|m| m != x)
            .map(|m| (x.to_string(), Value::Decimal(m)))
            .collect(),
        Value::Dice(d) => printed
            .figures
            .iter()
            .filter_map(|w| codegen::cell::parse_dice(w).ok())
            .filter(|m| m != d)
            .map(|m| (d.to_string(), Value::Dice(m)))
            .collect(),
        Value::Text(t) => printed
            .words
            .iter()
            .filter(|w| words_of(t) != [w.to_string()])
            .map(|w| (t.to_string(), Value::Text(w.as_str().into())))
            .collect(),
        Value::Bool(_) => Vec::new(),
        Value::IntList(ns) => list_mutants(ns, ints(), Value::IntList),
        Value::DecimalList(xs) => list_mutants(xs, decimals(), Value::DecimalList),
        Value::TextList(ts) => list_mutants(ts, printed.words.clone(), Value::TextList),
    }
}

/// Each item of a list replaced in turn by every other printed one.
fn list_mutants<T: Clone + PartialEq + ToString>(
    items: &[T],
    printed: Vec<T>,
    make: impl Fn(Vec<T>) -> Value,
) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        for p in printed.iter().filter(|p| *p != item) {
            let mut v = items.to_vec();
            v[i] = p.clone();
            out.push((item.to_string(), make(v)));
        }
    }
    out
}

/// The mutated figure of `value` as a record writes it: the item that
/// differs from `from`, for a list.
fn shown(value: &Value, from: &str) -> String {
    let items: Vec<String> = match value {
        Value::IntList(v) => v.iter().map(ToString::to_string).collect(),
        Value::DecimalList(v) => v.iter().map(ToString::to_string).collect(),
        Value::TextList(v) => v.clone(),
        Value::Int(n) => return n.to_string(),
        Value::Decimal(x) => return x.to_string(),
        Value::Dice(d) => return d.to_string(),
        Value::Text(t) => return t.to_string(),
        Value::Bool(b) => return b.to_string(),
    };
    items.into_iter().find(|i| i != from).unwrap_or_default()
}

/// Each figure a cell could be mis-copied as: every printed figure (or word,
/// for a cell of words) the cell's own figure does not already read as.
fn cell_mutants(figure: &Figure, raw: &str, printed: &Printed) -> Vec<(String, Figure)> {
    let numeric = raw.chars().any(|c| c.is_ascii_digit());
    let pool = if numeric {
        &printed.figures
    } else {
        &printed.words
    };
    pool.iter()
        .filter_map(|w| {
            let mutant = match figure {
                Figure::Int(_) => Figure::Int(int_of(w)?),
                Figure::Magnitude(_) => Figure::Magnitude(int_of(w)?),
                Figure::Decimal(_) => Figure::Decimal(decimal_of(w)?),
                Figure::Words(_) => Figure::cell(w, None, false)?,
            };
            let word = [Word {
                text: w.clone(),
                line: 0,
                at: 0..0,
                opens: true,
                closes: true,
            }];
            // A word the cell's figure reads as is that figure, not another.
            figure.at(&word, 0).is_none().then(|| (w.clone(), mutant))
        })
        .collect()
}
