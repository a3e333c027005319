//! A rows table's data: each row a line, each cell a tab-separated field in a
//! canonical text that `rules::table::decode` reads back (spec/README.md, "The
//! generated tables"). rustc reads one string literal at almost no cost, where
//! each row written as an expression cost it parsing, type checking and
//! constant evaluation.

use std::fmt::{self, Display, Formatter, Write as _};

use super::doc::is_bidi;
use crate::cell::CellValue;
use crate::model::{Row, Table};

/// The table's rows as the body of a raw string literal (each line ends in a
/// line feed), and the number of `#`s the literal needs around it.
pub fn rows(t: &Table) -> (String, usize) {
    let mut data = String::new();
    for r in &t.rows {
        row(&mut data, t, r);
    }
    let hashes = longest_hash_run(&data);
    (data, hashes)
}

fn row(data: &mut String, t: &Table, r: &Row) {
    for (i, cell) in t.cells_of(r).iter().enumerate() {
        if i > 0 {
            data.push('\t');
        }
        let _ = write!(data, "{}", Canonical(&cell.value));
    }
    let extra = [(&t.group, &r.group), (&t.parent, &r.parent)].into_iter();
    for (_, text) in extra.filter(|(field, _)| field.is_some()) {
        let _ = match text {
            Some(text) => write!(data, "\t{}", Free(text, &[])),
            None => write!(data, "\t-"),
        };
    }
    data.push('\n');
}

/// One more than the longest run of `#` after a `"` in `data`, so that the
/// literal's closing `"#…#` cannot occur inside it.
fn longest_hash_run(data: &str) -> usize {
    let runs = data.split('"').skip(1);
    let longest = runs
        .map(|s| s.len() - s.trim_start_matches('#').len())
        .max();
    longest.map_or(0, |n| n + 1)
}

/// A cell in canonical text: `-` for none, a word in double quotes, a value as
/// its type's form (`1-2 meters`, `+3`, `2d6+1`, `+2 max +6 per 1 turn`).
pub struct Canonical<'a>(pub &'a CellValue);

impl Display for Canonical<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            CellValue::None => f.write_str("-"),
            CellValue::Word(w) => {
                f.write_char('"')?;
                escaped(f, w, &[])?;
                f.write_char('"')
            }
            CellValue::Int(n) => write!(f, "{n}"),
            CellValue::Modifier(n) | CellValue::Flat(n) => write!(f, "{n:+}"),
            CellValue::Decimal(x) => write!(f, "{x:?}"),
            CellValue::Text(s) | CellValue::Ident(s) => write!(f, "{}", Free(s, &[])),
            CellValue::Of(s) => quantity_of(f, s),
            CellValue::Count(n) | CellValue::Shots(n) => write!(f, "{n}"),
            CellValue::Ratio(a, b) => write!(f, "{}/{}", Free(a, &['/']), Free(b, &[])),
            CellValue::Dice(d) => write!(f, "{d}"),
            CellValue::Range { lo, hi, label } => {
                band(f, *lo, *hi)?;
                after_space(f, Some(label.as_str()).filter(|l| !l.is_empty()))
            }
            CellValue::Label { name, gloss } => {
                write!(f, "{}", Free(name, &['(']))?;
                match gloss {
                    Some(g) => write!(f, " ({})", Free(g, &[])),
                    None => Ok(()),
                }
            }
            CellValue::Rate { .. }
            | CellValue::Stat { .. }
            | CellValue::EveryTurns(_)
            | CellValue::Modes(_)
            | CellValue::Amount { .. }
            | CellValue::Times { .. }
            | CellValue::DamageType { .. }
            | CellValue::TimedDice { .. }
            | CellValue::Locations(_) => compound(f, self.0),
        }
    }
}

/// Text; what would read as a whole number is escaped (`\4`), so that a
/// quantity's `Of` is no `Count`, and so is a `/`, so that it is no `Ratio`.
fn quantity_of(f: &mut Formatter<'_>, s: &str) -> fmt::Result {
    if s.parse::<i64>().is_ok() {
        f.write_char('\\')?;
    }
    write!(f, "{}", Free(s, &['/']))
}

/// The values of rate, term, weapon and time columns (the rest are [`Canonical`]'s).
fn compound(f: &mut Formatter<'_>, v: &CellValue) -> fmt::Result {
    match v {
        CellValue::Rate { value, per, max } => {
            write!(f, "{value:+}")?;
            if let Some(max) = max {
                write!(f, " max {max:+}")?;
            }
            if let Some((count, unit)) = per {
                write!(f, " per {count}")?;
                after_space(f, Some(unit.as_str()).filter(|u| !u.is_empty()))?;
            }
            Ok(())
        }
        CellValue::Stat { sign, name } => match sign {
            1 => write!(f, "+ {}", Free(name, &[])),
            -1 => write!(f, "- {}", Free(name, &[])),
            n => write!(f, "{n:+} {}", Free(name, &[])),
        },
        CellValue::EveryTurns(n) => write!(f, "1/{n}"),
        CellValue::Modes(ns) => {
            let ns: Vec<String> = ns.iter().map(i64::to_string).collect();
            let end = if ns.len() < 2 { ":" } else { "" };
            write!(f, "{}{end}", ns.join(":"))
        }
        CellValue::Amount { value, unit } => {
            write!(f, "{value}")?;
            after_space(f, unit.as_deref())
        }
        CellValue::Times { of, factor } => {
            write!(f, "x{factor}")?;
            after_space(f, of.as_deref())
        }
        // The cell grammar already keeps the book's codes (`B`, `P`, `Sp`; `S`, `L`, `Sp`).
        CellValue::DamageType { kind, form } => write!(f, "{kind}/{form}"),
        CellValue::TimedDice { dice, per, unit } => {
            let sep = if *per { '/' } else { ' ' };
            write!(f, "{dice}{sep}{}", Free(unit, &[]))
        }
        CellValue::Locations(spans) => {
            for (i, (lo, hi)) in spans.iter().enumerate() {
                f.write_str(if i == 0 { "" } else { ", " })?;
                band(f, *lo, Some(*hi))?;
            }
            Ok(())
        }
        other => Canonical(other).fmt(f),
    }
}

/// `lo-hi`, `lo` when the band is one number, `lo+` when it is open.
fn band(f: &mut Formatter<'_>, lo: i64, hi: Option<i64>) -> fmt::Result {
    match hi {
        Some(hi) if hi == lo => write!(f, "{lo}"),
        Some(hi) => write!(f, "{lo}-{hi}"),
        None => write!(f, "{lo}+"),
    }
}

/// ` text`, if there is text: the last part of a cell.
fn after_space(f: &mut Formatter<'_>, text: Option<&str>) -> fmt::Result {
    match text {
        Some(text) => write!(f, " {}", Free(text, &[])),
        None => Ok(()),
    }
}

/// Free text, [`escaped`], and so that it cannot pass for `-` (none) or a
/// `"word"`; `also` are the characters that part of a cell escapes besides
/// (`(` in a label's name).
struct Free<'a>(&'a str, &'a [char]);

impl Display for Free<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let Free(text, also) = *self;
        if text == "-" || text.starts_with('"') {
            f.write_char('\\')?;
        }
        escaped(f, text, also)
    }
}

/// `text` with `\`, what would end a cell or a row, and what rustc refuses in a
/// literal (a carriage return, a text direction mark) escaped, and `also`.
/// Inside a word's quotes this is all: a word can pass for nothing else.
fn escaped(f: &mut Formatter<'_>, text: &str, also: &[char]) -> fmt::Result {
    for c in text.chars() {
        match c {
            '\\' => f.write_str("\\\\")?,
            '\t' => f.write_str("\\t")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            c if c.is_control() || is_bidi(c) => write!(f, "\\u{{{:x}}}", u32::from(c))?,
            c if also.contains(&c) => write!(f, "\\{c}")?,
            c => f.write_char(c)?,
        }
    }
    Ok(())
}
