//! Book locators: which lines of the chapter's book file an item restates,
//! written `lines = "120-152, 160"` in a TOML body and `lines=120-152,160` in a
//! heading's attributes. Line numbers, never quoted text: the spec stays in our
//! own words, and `cargo xtask provenance` checks each against the book.

use std::ops::RangeInclusive;
use std::sync::Arc;

use smol_str::SmolStr;

use crate::diag::book_check::BookCheck;
use crate::diag::code::DiagCode;
use crate::diag::diagnostic::Diagnostic;
use crate::diag::source::{SourceFile, Span};
use crate::syntax::toml_spans::{Doc, Value};

use crate::model::locator::run;
pub use crate::model::locator::{
    Aside, BookFile, Declares, Locator, Ours, Pin, Place, Restates, TableSource,
};

/// A table schema's `lines`, `restates` and `ours`.
pub fn table_source(doc: &mut Doc) -> Result<TableSource, Diagnostic> {
    let lines = from_doc(doc)?;
    let restates = match doc.text("restates")? {
        None => Restates::Table,
        Some((r, _)) if r == "table" => Restates::Table,
        Some((r, _)) if r == "prose" => Restates::Prose,
        Some((r, _)) if r == "ours" => Restates::Ours,
        Some((r, span)) => {
            return Err(malformed(
                doc.file,
                span,
                &format!("`restates` is `table`, `prose` or `ours`, not `{r}`"),
            ));
        }
    };
    if let (Restates::Ours, Some(l)) = (restates, &lines) {
        return Err(malformed(
            doc.file,
            l.span.clone(),
            "a table of our own figures cites no lines of the book",
        ));
    }
    // One string of places per row with figures the book prints, in order.
    let mut at = Vec::new();
    for (text, span) in doc.strings("at")?.into_iter().flatten() {
        at.push((places(doc.file, &text, &span)?, span));
    }
    let ours = ours(doc)?;
    Ok(TableSource {
        lines,
        restates,
        ours,
        at,
    })
}

/// `ours`: columns, constants or rows (by their first cell), each entry with
/// the reason its figures are ours. Rows come later, so `cargo xtask
/// provenance` checks each name.
fn ours(doc: &mut Doc) -> Result<Vec<Ours>, Diagnostic> {
    let Some((mut list, _)) = doc.take("ours") else {
        return Ok(Vec::new());
    };
    let span = doc.span_of(&list);
    let shape = "`ours` is a list of `{ names = [\"…\"], reason = \"…\" }`";
    let Some(items) = list.as_array_mut().map(std::mem::take) else {
        return Err(malformed(doc.file, span, shape));
    };
    let mut out = Vec::new();
    for item in items {
        let at = doc.span_of(&item);
        if let Value::String(name) = item.value() {
            return Err(malformed(
                doc.file,
                at,
                &format!(
                    "`ours` takes a reason: write `{{ names = [\"{name}\"], reason = \"…\" }}`, saying why the book does not print it"
                ),
            ));
        }
        let Some(table) = item.into_table() else {
            return Err(malformed(doc.file, at, shape));
        };
        let mut entry = doc.nested(table, at.clone(), "an `ours` entry");
        let names = entry.strings("names")?.unwrap_or_default();
        let (reason, reason_span) = entry.required_string("reason")?;
        entry.finish()?;
        if names.is_empty() {
            return Err(malformed(
                doc.file,
                at,
                "an `ours` entry names what is ours: `names = [\"…\"]`",
            ));
        }
        if reason.trim().is_empty() {
            return Err(malformed(
                doc.file,
                reason_span,
                "the reason is empty: say why the book does not print it",
            ));
        }
        out.extend(names.into_iter().map(|(name, span)| Ours {
            name: SmolStr::new(name),
            reason: SmolStr::new(&reason),
            span,
        }));
    }
    Ok(out)
}

/// Parses `text`, written at `span` of `file`; `offset` maps a byte of `text`
/// to its byte in the file when the text is written there as is.
pub fn parse(
    file: &Arc<SourceFile>,
    text: &str,
    span: Span,
    offset: Option<usize>,
) -> Result<Locator, Diagnostic> {
    let at = |i: usize, len: usize| match offset {
        Some(o) => o + i..o + i + len,
        None => span.clone(),
    };
    let mut ranges: Vec<RangeInclusive<u32>> = Vec::new();
    let mut from = 0;
    for part in text.split(',') {
        let lead = part.len() - part.trim_start().len();
        let (piece, start) = (part.trim(), from + lead);
        from += part.len() + 1;
        let bad = |why: &str| malformed(file, at(start, piece.len().max(1)), why);
        let (lo, hi) = match piece.split_once('-') {
            Some((lo, hi)) => (line_number(lo.trim()), line_number(hi.trim())),
            None => (line_number(piece), line_number(piece)),
        };
        let (Some(lo), Some(hi)) = (lo, hi) else {
            return Err(bad(&format!(
                "`{piece}` is no line or run of lines: write `12` or `12-20`, lines counted from 1"
            )));
        };
        if hi < lo {
            return Err(bad(&format!("the run {lo}-{hi} runs backwards")));
        }
        if let Some(prev) = ranges.last().filter(|p| *p.end() >= lo) {
            return Err(bad(&format!(
                "lines {lo}-{hi} do not come after {}: list runs in order, without overlap",
                run(prev)
            )));
        }
        ranges.push(lo..=hi);
    }
    Ok(Locator { ranges, span })
}

/// A line number: digits only, from 1.
fn line_number(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok().filter(|&n| n > 0)
}

fn malformed(file: &Arc<SourceFile>, span: Span, why: &str) -> Diagnostic {
    Diagnostic::new(
        file,
        span,
        DiagCode::Book(BookCheck::Locator),
        format!("malformed book locator: {why}"),
    )
    .label("a locator lists lines of the chapter's book file, e.g. `120-152, 160`")
}

/// The `lines` key of a TOML body, if it has one.
pub fn from_doc(doc: &mut Doc) -> Result<Option<Locator>, Diagnostic> {
    let Some((text, span)) = doc.text("lines")? else {
        return Ok(None);
    };
    parse(
        doc.file,
        &text,
        span.clone(),
        in_place(doc.file, &text, &span),
    )
    .map(Some)
}

/// Where `text`, a string value written at `span`, starts in the file, when it
/// is written there as is (no escapes): then a diagnostic can point into it.
fn in_place(file: &SourceFile, text: &str, span: &Span) -> Option<usize> {
    let inner = file.text.get(span.start + 1..span.end.saturating_sub(1))?;
    (inner == text).then_some(span.start + 1)
}

/// The `lines=…` attribute of a heading at `span`, if it has one.
pub fn from_heading(
    file: &Arc<SourceFile>,
    span: &Span,
    value: &str,
) -> Result<Locator, Diagnostic> {
    let at = attribute_at(file, span, "lines=", value);
    let offset = at.as_ref().map(|a| a.start);
    parse(file, value, at.unwrap_or_else(|| span.clone()), offset)
}

/// An example's `[at]`: for each of `claims` (its `[book]` claim names) that
/// it pins, the places its figures are printed. A key that names no claim is
/// left in `at` for [`Doc::finish`] to report.
pub fn pins<'n>(
    at: &mut Doc,
    claims: impl IntoIterator<Item = &'n str>,
) -> Result<Vec<Pin>, Diagnostic> {
    let mut out = Vec::new();
    for claim in claims {
        let Some((text, span)) = at.text(claim)? else {
            continue;
        };
        let places = places(at.file, &text, &span)?;
        out.push(Pin {
            claim: SmolStr::new(claim),
            places,
            span,
        });
    }
    Ok(out)
}

/// `LINE:COLUMN, …`, a string value written at `span`: places in the book.
fn places(file: &Arc<SourceFile>, text: &str, span: &Span) -> Result<Vec<Place>, Diagnostic> {
    let offset = in_place(file, text, span);
    let mut places = Vec::new();
    let mut from = 0;
    for part in text.split(',') {
        let lead = part.len() - part.trim_start().len();
        let (piece, start) = (part.trim(), from + lead);
        from += part.len() + 1;
        let place = piece.split_once(':').and_then(|(l, c)| {
            Some(Place {
                line: line_number(l.trim())?,
                col: line_number(c.trim())?,
            })
        });
        let Some(place) = place else {
            let here = offset.map_or(span.clone(), |o| o + start..o + start + piece.len().max(1));
            return Err(malformed(
                file,
                here,
                &format!(
                    "`{piece}` is no place: write `LINE:COLUMN`, the column (in characters, from 1) where the figure starts"
                ),
            ));
        };
        places.push(place);
    }
    Ok(places)
}

/// A ruling heading's `aside=LINE:TEXT,…` (its value at `span` of the
/// heading): each printed figure or word the ruling sets aside, `_` in TEXT
/// standing for a space.
pub fn asides(file: &Arc<SourceFile>, span: &Span, value: &str) -> Result<Vec<Aside>, Diagnostic> {
    let at = attribute_at(file, span, "aside=", value);
    let mut out = Vec::new();
    let mut from = 0;
    for piece in value.split(',') {
        let start = from;
        from += piece.len() + 1;
        let here = at.as_ref().map_or(span.clone(), |a| {
            a.start + start..a.start + start + piece.len().max(1)
        });
        let parsed = piece
            .split_once(':')
            .and_then(|(l, t)| Some((line_number(l)?, t)))
            .filter(|(_, t)| !t.is_empty());
        let Some((line, text)) = parsed else {
            return Err(malformed(
                file,
                here,
                &format!(
                    "`{piece}` is no printed text set aside: write `LINE:FIGURE`, e.g. `352:3`, with `_` for a space"
                ),
            ));
        };
        out.push(Aside {
            line,
            text: SmolStr::new(text.replace('_', " ")),
            span: here,
        });
    }
    Ok(out)
}

/// Where the value of attribute `key` (`lines=`) of the heading at `span`
/// starts, when it is written there as `value`.
fn attribute_at(file: &SourceFile, span: &Span, key: &str, value: &str) -> Option<Span> {
    let heading = &file.text[span.clone()];
    heading
        .match_indices(key)
        .map(|(i, k)| span.start + i + k.len())
        .find(|&o| file.text[o..span.end].starts_with(value))
        .map(|o| o..o + value.len())
}

/// `file` and `sha256` of the front matter's `[source]`: both or neither.
pub fn book_file(source: &mut Doc) -> Result<Option<BookFile>, Diagnostic> {
    let name = source.text("file")?;
    let sha = source.text("sha256")?;
    let span = source.span.clone();
    match (name, sha) {
        (None, None) => Ok(None),
        (Some((name, name_span)), Some((sha, sha_span))) => {
            let hex =
                sha.len() == 64 && sha.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
            if !hex {
                return Err(malformed(
                    source.file,
                    sha_span,
                    "`sha256` is 64 lowercase hex digits",
                ));
            }
            // The name is joined to the books folder: `..`, `.` or a folder in
            // it would read a file outside, or the folder itself.
            let plain = !name.contains(['/', '\\']) && !matches!(&*name, "" | "." | "..");
            if !plain || name.chars().any(char::is_control) {
                return Err(malformed(
                    source.file,
                    name_span,
                    "`file` names a file of the books folder, without a folder",
                )
                .label("the name of one file in the books folder, e.g. `004_book.txt`"));
            }
            Ok(Some(BookFile {
                name: SmolStr::new(name),
                sha256: SmolStr::new(sha),
                span,
            }))
        }
        (Some((_, s)), None) | (None, Some((_, s))) => Err(malformed(
            source.file,
            s,
            "the source names its book `file` and that file's `sha256` together",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Vec<(u32, u32)>, String> {
        let file = SourceFile::new("x.md", format!("\"{text}\""));
        parse(&file, text, 0..text.len() + 2, Some(1))
            .map(|l| l.ranges.iter().map(|r| (*r.start(), *r.end())).collect())
            .map_err(|d| format!("{}@{:?}", d.message, d.span))
    }

    #[test]
    fn runs_and_single_lines_read_in_order() {
        assert_eq!(read("120-152, 160"), Ok(vec![(120, 152), (160, 160)]));
        assert_eq!(read("7"), Ok(vec![(7, 7)]));
        assert_eq!(read("3-4,9 - 10"), Ok(vec![(3, 4), (9, 10)]));
    }

    #[test]
    fn malformed_locators_are_refused_where_they_go_wrong() {
        let e = read("12, 0").unwrap_err();
        assert!(e.contains("is no line") && e.ends_with("@5..6"), "{e}");
        assert!(read("20-12").unwrap_err().contains("runs backwards"));
        assert!(
            read("10-20, 15")
                .unwrap_err()
                .contains("do not come after 10-20")
        );
        assert!(read("").unwrap_err().contains("is no line"));
        assert!(read("12a").unwrap_err().contains("is no line"));
        assert!(read("1,,2").unwrap_err().contains("is no line"));
    }

    #[test]
    fn a_locator_prints_as_written() {
        let file = SourceFile::new("x.md", "");
        let l = parse(&file, "3-4,9", 0..0, None).unwrap();
        assert_eq!(l.to_string(), "3-4, 9");
        assert_eq!(l.lines().collect::<Vec<_>>(), vec![3, 4, 9]);
    }
}
