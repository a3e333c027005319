//! Each field type of a generated row, read back from the canonical text that
//! codegen's `emit::rust::data` writes for a cell (spec/README.md, "The generated
//! tables"). Free text is escaped with backslashes (`\\`, `\t`, `\n`, `\r`,
//! `\u{202e}`, and a leading `\-` or `\"`), so that no text can end a row or a
//! cell, or pass for `-` (none) or a `"word"`. Text without an escape is a slice
//! of the literal; the rest, and slices, are allocated once and kept (`leak`),
//! since a table lives as long as the program.

use super::{
    Amount, DamageForm, DamageKind, DamageType, Label, Or, Per, Quantity, Range, Rate, RateOfFire,
    Term, TimedDice,
};
use crate::dice::Dice;

/// A field type read from its canonical text; the error says what the text is not.
pub trait Decode: Sized {
    fn decode(text: &'static str) -> Result<Self, String>;
}

fn not(what: &str, text: &str) -> String {
    format!("`{text}` is not {what}")
}

/// `text` parsed as `what`, or an error naming both.
fn number<N: std::str::FromStr>(text: &str, what: &str) -> Result<N, String> {
    text.parse().map_err(|_| not(what, text))
}

impl Decode for i32 {
    fn decode(text: &'static str) -> Result<i32, String> {
        number(text, "a whole number")
    }
}

impl Decode for f64 {
    fn decode(text: &'static str) -> Result<f64, String> {
        number(text, "a decimal")
    }
}

impl Decode for &'static str {
    fn decode(text: &'static str) -> Result<&'static str, String> {
        unescape(text)
    }
}

/// `-` is none.
impl<T: Decode> Decode for Option<T> {
    fn decode(text: &'static str) -> Result<Option<T>, String> {
        match text {
            "-" => Ok(None),
            _ => T::decode(text).map(Some),
        }
    }
}

/// A word is written in double quotes: `"Var."`.
impl<T: Decode> Decode for Or<T> {
    fn decode(text: &'static str) -> Result<Or<T>, String> {
        match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
            Some(word) => unescape(word).map(Or::Word),
            None => T::decode(text).map(Or::Value),
        }
    }
}

/// Free text with its escapes undone.
fn unescape(text: &'static str) -> Result<&'static str, String> {
    if !text.contains('\\') {
        return Ok(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next() {
            Some('t') => '\t',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('u') => unicode(&mut chars).ok_or_else(|| not("a `\\u{…}` escape", text))?,
            Some(c) => c,
            None => return Err(format!("`{text}` ends in a lone backslash")),
        });
    }
    Ok(out.leak())
}

/// The character of a `\u{hex}` escape, after its `u`.
fn unicode(chars: &mut std::str::Chars<'_>) -> Option<char> {
    let rest = chars.as_str().strip_prefix('{')?;
    let (hex, after) = rest.split_once('}')?;
    *chars = after.chars();
    char::from_u32(u32::from_str_radix(hex, 16).ok()?)
}

/// The first `sep` in `text` that no backslash escapes: the text before and after it.
fn split_unescaped(text: &str, sep: char) -> Option<(&str, &str)> {
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            c if c == sep => return Some((&text[..i], &text[i + c.len_utf8()..])),
            _ => {}
        }
    }
    None
}

/// `lo-hi`, `lo` (hi is lo) or `lo+` (open); either number may be negative.
fn band(text: &str) -> Option<(i32, Option<i32>)> {
    if let Some(lo) = text.strip_suffix('+') {
        return Some((lo.parse().ok()?, None));
    }
    match text.char_indices().skip(1).find(|&(_, c)| c == '-') {
        Some((i, _)) => Some((text[..i].parse().ok()?, Some(text[i + 1..].parse().ok()?))),
        None => text.parse().ok().map(|n| (n, Some(n))),
    }
}

/// A band, then its label after a space: `801-1000 meters`, `2049+`.
impl Decode for Range {
    fn decode(text: &'static str) -> Result<Range, String> {
        let (numbers, label) = text.split_once(' ').unwrap_or((text, ""));
        let (lo, hi) = band(numbers).ok_or_else(|| not("a band (`1-2`, `3`, `4+`)", text))?;
        let label = unescape(label)?;
        Ok(Range { lo, hi, label })
    }
}

/// Closed bands joined by `, `: `3, 5-15`; none at all is empty.
impl Decode for &'static [(i32, i32)] {
    fn decode(text: &'static str) -> Result<&'static [(i32, i32)], String> {
        if text.is_empty() {
            return Ok(&[]);
        }
        let span = |s| match band(s) {
            Some((lo, Some(hi))) => Ok((lo, hi)),
            _ => Err(not("hit locations (`3, 5-15`)", text)),
        };
        let spans: Result<Vec<_>, _> = text.split(", ").map(span).collect();
        Ok(spans?.leak())
    }
}

/// `+2`, then ` max +6` if capped, then ` per 1 turn` if it accrues.
impl Decode for Rate {
    fn decode(text: &'static str) -> Result<Rate, String> {
        let bad = || not("a rate (`+2 max +6 per 1 turn`)", text);
        let (value, rest) = text.split_once(' ').unwrap_or((text, ""));
        let value = value.parse().map_err(|_| bad())?;
        let (max, rest) = match rest.strip_prefix("max ") {
            Some(r) => {
                let (max, r) = r.split_once(' ').unwrap_or((r, ""));
                (Some(max.parse().map_err(|_| bad())?), r)
            }
            None => (None, rest),
        };
        let per = match rest {
            "" => None,
            _ => {
                let per = rest.strip_prefix("per ").ok_or_else(bad)?;
                let (count, unit) = per.split_once(' ').unwrap_or((per, ""));
                let count = count.parse().map_err(|_| bad())?;
                Some(Per {
                    count,
                    unit: unescape(unit)?,
                })
            }
        };
        Ok(Rate { value, per, max })
    }
}

/// A number (`+3`), or a sign and a statistic's name (`+ REF`, `-2 DEX`).
impl Decode for Term {
    fn decode(text: &'static str) -> Result<Term, String> {
        let Some((sign, name)) = text.split_once(' ') else {
            return number(text, "a term (`+3`, `+ REF`)").map(Term::Flat);
        };
        let sign = match sign {
            "+" => 1,
            "-" => -1,
            n => number(n, "a term's sign (`+`, `-`, `+2`)")?,
        };
        let name = unescape(name)?;
        Ok(Term::Stat { sign, name })
    }
}

/// As `Dice` reads itself: `NdS`, `NdS+K`, `NdS-K`.
impl Decode for Dice {
    fn decode(text: &'static str) -> Result<Dice, String> {
        text.parse()
    }
}

/// `name`, or `name (gloss)`; a `(` in the name is escaped.
impl Decode for Label {
    fn decode(text: &'static str) -> Result<Label, String> {
        let Some((name, gloss)) = split_unescaped(text, '(') else {
            let name = unescape(text)?;
            return Ok(Label { name, gloss: None });
        };
        let bad = || not("a label (`name (gloss)`)", text);
        let name = unescape(name.strip_suffix(' ').ok_or_else(bad)?)?;
        let gloss = unescape(gloss.strip_suffix(')').ok_or_else(bad)?)?;
        Ok(Label {
            name,
            gloss: Some(gloss),
        })
    }
}

/// A count (`4`), what to count (`RoF`; escaped if it reads as a number), or a
/// ratio of two (`RoF/Fire zone (m)`; a `/` in the first is escaped).
impl Decode for Quantity {
    fn decode(text: &'static str) -> Result<Quantity, String> {
        if let Ok(n) = text.parse() {
            return Ok(Quantity::Count(n));
        }
        match split_unescaped(text, '/') {
            Some((a, b)) => Ok(Quantity::Ratio(unescape(a)?, unescape(b)?)),
            None => unescape(text).map(Quantity::Of),
        }
    }
}

/// Shots a turn (`4`), one shot every so many turns (`1/3`), or a choice of
/// rates (`4:20`; a choice of fewer than two ends in `:`).
impl Decode for RateOfFire {
    fn decode(text: &'static str) -> Result<RateOfFire, String> {
        let what = "a rate of fire (`4`, `1/3`, `4:20`)";
        if text.contains(':') {
            let modes = text.split(':').filter(|m| !m.is_empty());
            let modes: Result<Vec<i32>, _> = modes.map(|m| number(m, what)).collect();
            return Ok(RateOfFire::Modes(modes?.leak()));
        }
        match text.strip_prefix("1/") {
            Some(turns) => number(turns, what).map(RateOfFire::EveryTurns),
            None => number(text, what).map(RateOfFire::Shots),
        }
    }
}

/// `22`, `22 km`; or a multiple, `x5`, `x5 STR` (what it multiplies last).
impl Decode for Amount {
    fn decode(text: &'static str) -> Result<Amount, String> {
        let (head, rest) = match text.split_once(' ') {
            Some((head, rest)) => (head, Some(unescape(rest)?)),
            None => (text, None),
        };
        let what = "an amount (`22 km`, `x5 STR`)";
        Ok(match head.strip_prefix('x') {
            Some(factor) => Amount::Times {
                of: rest,
                factor: number(factor, what)?,
            },
            None => Amount::Of {
                value: number(head, what)?,
                unit: rest,
            },
        })
    }
}

/// The book's letters: `B`, `P` or `Sp`, a slash, and `S`, `L` or `Sp`.
impl Decode for DamageType {
    fn decode(text: &'static str) -> Result<DamageType, String> {
        let bad = || not("a damage type (`P/L`)", text);
        let (kind, form) = text.split_once('/').ok_or_else(bad)?;
        let kind = match kind {
            "B" => DamageKind::Blunt,
            "P" => DamageKind::Penetrating,
            "Sp" => DamageKind::Special,
            _ => return Err(bad()),
        };
        let form = match form {
            "S" => DamageForm::Stunning,
            "L" => DamageForm::Lethal,
            "Sp" => DamageForm::Special,
            _ => return Err(bad()),
        };
        Ok(DamageType { kind, form })
    }
}

/// Dice, then the unit after a space (`2d6 hours`) or a slash (`1d6/day`: per day).
impl Decode for TimedDice {
    fn decode(text: &'static str) -> Result<TimedDice, String> {
        let bad = || not("timed dice (`2d6 hours`, `1d6/day`)", text);
        let at = text.find([' ', '/']).ok_or_else(bad)?;
        Ok(TimedDice {
            dice: text[..at].parse().map_err(|_| bad())?,
            per: text[at..].starts_with('/'),
            unit: unescape(&text[at + 1..])?,
        })
    }
}
