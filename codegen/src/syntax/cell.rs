//! The cell grammar: the column types a table schema may name, and how a cell's
//! text becomes a typed value.
//!
//! Ditto marks and group rows are the table compiler's business (they need the
//! rows around a cell); footnote markers and "none" words are handled here.

use smol_str::SmolStr;
use std::borrow::Cow;

pub use crate::model::cell::{BaseType, CellValue, ColumnType, DiceSpec, KNOWN};

impl ColumnType {
    /// Parses a type as written in a schema. The error is a message about `text`.
    pub fn parse(text: &str) -> Result<ColumnType, String> {
        let (text, optional) = match text.trim().strip_suffix('?') {
            Some(t) => (t, true),
            None => (text.trim(), false),
        };
        let mut alternatives = text.split('|').map(str::trim);
        let text = alternatives.next().unwrap_or_default();
        let words: Vec<String> = alternatives.map(str::to_string).collect();
        if words.iter().any(|w| w.is_empty()) {
            return Err("an empty word among the alternatives".into());
        }
        let (name, arg) = match text.split_once('(') {
            Some((name, rest)) => match rest.strip_suffix(')') {
                Some(arg) if !arg.trim().is_empty() => (name.trim(), Some(arg.trim().to_string())),
                _ => return Err(format!("`{text}` has an unclosed or empty unit")),
            },
            None => (text.trim(), None),
        };
        let base = match (name, arg) {
            ("int", unit) => BaseType::Int { unit },
            ("modifier", None) => BaseType::Modifier,
            ("rate", None) => BaseType::Rate,
            ("term", None) => BaseType::Term,
            ("range", None) => BaseType::Range,
            ("dice", None) => BaseType::Dice,
            ("label", None) => BaseType::Label,
            ("text", None) => BaseType::Text,
            ("quantity", None) => BaseType::Quantity,
            ("ident", None) => BaseType::Ident,
            ("decimal", None) => BaseType::Decimal,
            ("rof", None) => BaseType::RateOfFire,
            ("amount", None) => BaseType::Amount,
            ("damage_type", None) => BaseType::DamageType,
            ("locations", None) => BaseType::Locations,
            ("timed_dice", None) => BaseType::TimedDice,
            (n, Some(_)) if KNOWN.contains(&n) => return Err(format!("`{n}` takes no unit")),
            (n, _) => {
                let hint = crate::diag::suggest::did_you_mean(n, KNOWN.iter().copied())
                    .map_or(String::new(), |h| format!("; {h}"));
                return Err(format!(
                    "unknown column type `{n}`{hint} (known: {})",
                    KNOWN.join(", ")
                ));
            }
        };
        Ok(ColumnType {
            base,
            optional,
            words,
        })
    }
}

/// A cell that does not fit its type: where in the cell, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct CellError {
    /// Byte offset into the cell's trimmed text.
    pub offset: usize,
    pub len: usize,
    pub message: String,
}

/// Words that mean "nothing here" in an optional column.
pub const NONE_WORDS: &[&str] = &["", "--", "—", "N/A", "No modifier"];

/// A cell's text without its trailing footnote markers (`60m/s *`,
/// `Terminal velocity.*`), which point at the book's notes and type nothing.
fn without_marks(text: &str) -> &str {
    text.trim_end_matches(['*', '†']).trim_end()
}

/// Parses one cell (already trimmed, ditto marks excluded).
pub fn parse_cell(ty: &ColumnType, text: &str) -> Result<CellValue, CellError> {
    let body = without_marks(text);
    if let Some(value) = word_or_none(ty, body)? {
        return Ok(value);
    }
    let mut c = Cursor { text: body, pos: 0 };
    value(&ty.base, &mut c)
}

/// One of the column's words, or a none word (which only an optional column takes).
fn word_or_none(ty: &ColumnType, body: &str) -> Result<Option<CellValue>, CellError> {
    if ty.words.iter().any(|w| w == body) {
        return Ok(Some(CellValue::Word(SmolStr::new(body))));
    }
    if !NONE_WORDS.contains(&body) {
        return Ok(None);
    }
    if ty.optional {
        return Ok(Some(CellValue::None));
    }
    let what = if body.is_empty() {
        "a blank cell"
    } else {
        "a none word"
    };
    Err(CellError {
        offset: 0,
        len: body.len(),
        message: format!("{what} in a `{ty}` column; mark the column optional (`{ty}?`)"),
    })
}

/// The cursor's whole text as a value of type `base`.
fn value(base: &BaseType, c: &mut Cursor) -> Result<CellValue, CellError> {
    match base {
        BaseType::Int { unit } => int(c, unit.as_deref()),
        BaseType::Modifier => {
            let n = c.signed()?;
            c.end()?;
            Ok(CellValue::Modifier(n))
        }
        BaseType::Rate => rate(c),
        BaseType::Term => term(c),
        BaseType::Range => range(c),
        BaseType::Dice => {
            let d = dice(c)?;
            c.end()?;
            Ok(CellValue::Dice(d))
        }
        BaseType::Label => label(c),
        BaseType::Text => Ok(CellValue::Text(SmolStr::new(c.text))),
        BaseType::Quantity => quantity(c),
        BaseType::Ident => ident(c),
        BaseType::Decimal => {
            let v = decimal(c)?;
            c.end()?;
            Ok(CellValue::Decimal(v))
        }
        BaseType::RateOfFire => rate_of_fire(c),
        BaseType::Amount => amount(c),
        BaseType::DamageType => damage_type(c),
        BaseType::TimedDice => timed_dice(c),
        BaseType::Locations => locations(c),
    }
}

/// A whole number, followed by the column's unit when it has one.
fn int(c: &mut Cursor, unit: Option<&str>) -> Result<CellValue, CellError> {
    let n = c.number()?;
    if let Some(unit) = unit {
        c.skip_ws();
        c.unit(unit)?;
    }
    c.end()?;
    Ok(CellValue::Int(n))
}

/// A signed number, or a sign, a space and a statistic's name (`+ REF`).
fn term(c: &mut Cursor) -> Result<CellValue, CellError> {
    let sign = match c.peek() {
        Some('+') => 1,
        Some('-') => -1,
        _ => 0,
    };
    // The sign is one ASCII byte when there is one.
    let after = if sign != 0 { &c.text[1..] } else { "" };
    if sign != 0 && after.starts_with(char::is_whitespace) {
        let name = after.trim();
        if !name.starts_with(char::is_alphabetic) {
            return Err(c.error(1, "a statistic's name"));
        }
        return Ok(CellValue::Stat {
            sign,
            name: SmolStr::new(name),
        });
    }
    let n = c.signed()?;
    c.end()?;
    Ok(CellValue::Flat(n))
}

/// A band (`23-26`, `2049+`, `1`), then words that label it.
fn range(c: &mut Cursor) -> Result<CellValue, CellError> {
    let lo = c.number()?;
    c.skip_ws();
    let hi = if c.eat('-') {
        c.skip_ws();
        let hi = c.number()?;
        if hi < lo {
            return Err(CellError {
                offset: 0,
                len: c.pos,
                message: format!("the band runs backwards ({lo} to {hi})"),
            });
        }
        Some(hi)
    } else if c.eat('+') {
        None
    } else {
        Some(lo)
    };
    // A label is words; a digit or dash here is a malformed band (`23–26`, `23−26`, `23 26`).
    if c.peek()
        .is_some_and(|ch| ch.is_ascii_digit() || is_dash(ch))
    {
        return Err(c.error(1, "`-` between the band's ends, or a label"));
    }
    Ok(CellValue::Range {
        lo,
        hi,
        label: SmolStr::new(c.rest().trim()),
    })
}

/// A name, with a gloss in parentheses after it or not.
fn label(c: &mut Cursor) -> Result<CellValue, CellError> {
    let body = c.text;
    let Some((name, gloss)) = body.split_once(" (") else {
        return Ok(CellValue::Label {
            name: body.into(),
            gloss: None,
        });
    };
    match gloss.strip_suffix(')') {
        Some(gloss) => Ok(CellValue::Label {
            name: name.into(),
            gloss: Some(gloss.into()),
        }),
        None => Err(c.error(body.len(), "a `)` closing the gloss")),
    }
}

/// A count, a ratio of two names (`RoF/Fire zone (m)`), or what to count.
fn quantity(c: &mut Cursor) -> Result<CellValue, CellError> {
    let body = c.text;
    if body.starts_with(|ch: char| ch.is_ascii_digit()) {
        let n = c.number()?;
        c.end()?;
        return Ok(CellValue::Count(n));
    }
    match body.split_once('/') {
        Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() => {
            Ok(CellValue::Ratio(a.trim().into(), b.trim().into()))
        }
        Some(_) => Err(c.error(0, "a name on each side of `/`")),
        None => Ok(CellValue::Of(SmolStr::new(body))),
    }
}

/// An UPPER_SNAKE_CASE constant name.
fn ident(c: &mut Cursor) -> Result<CellValue, CellError> {
    let body = c.text;
    let ok = body.starts_with(|ch: char| ch.is_ascii_uppercase())
        && body
            .chars()
            .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit() || ch == '_');
    if !ok {
        return Err(c.error(0, "an UPPER_SNAKE_CASE constant name"));
    }
    Ok(CellValue::Ident(SmolStr::new(body)))
}

/// Shots a turn (`4`), one shot every so many turns (`1/3`), or a choice (`4:20`).
fn rate_of_fire(c: &mut Cursor) -> Result<CellValue, CellError> {
    let first = c.number()?;
    let v = if c.eat('/') {
        if first != 1 {
            return Err(c.error(1, "`1/N`: one shot every N turns"));
        }
        CellValue::EveryTurns(c.positive("turns between shots")?)
    } else if c.peek() == Some(':') {
        let mut modes = vec![first];
        while c.eat(':') {
            modes.push(c.number()?);
        }
        CellValue::Modes(modes)
    } else {
        CellValue::Shots(first)
    };
    c.end()?;
    Ok(v)
}

/// A multiple (`x5`, `STRx5`), or a number with a unit or without (`22 km`).
fn amount(c: &mut Cursor) -> Result<CellValue, CellError> {
    let body = c.text;
    let prefix_len = body
        .find('x')
        .filter(|&i| body[..i].chars().all(|ch| ch.is_ascii_uppercase()));
    if let Some(i) = prefix_len {
        c.pos = i + 1;
        let factor = c.number()?;
        c.end()?;
        let of = (i > 0).then(|| SmolStr::new(&body[..i]));
        return Ok(CellValue::Times { of, factor });
    }
    let value = c.number()?;
    c.skip_ws();
    let unit = if c.rest().is_empty() {
        None
    } else {
        Some(c.word()?)
    };
    c.end()?;
    Ok(CellValue::Amount { value, unit })
}

/// `type/form`, each a code or its word (`P/L`, `Blunt/Stunning`), kept as codes.
fn damage_type(c: &mut Cursor) -> Result<CellValue, CellError> {
    let body = c.text;
    let (kind, form) = body
        .split_once('/')
        .ok_or_else(|| c.error(body.len(), "`type/form`, like `P/L` or `Blunt/Stunning`"))?;
    let kind_code = match kind {
        "B" | "Blunt" => "B",
        "P" | "Penetrating" => "P",
        "Sp" | "Special" => "Sp",
        _ => {
            return Err(CellError {
                offset: 0,
                len: kind.len().max(1),
                message: format!(
                    "damage type `{kind}` is not B, P or Sp (Blunt, Penetrating, Special)"
                ),
            });
        }
    };
    let form_code = match form {
        "S" | "Stunning" => "S",
        "L" | "Lethal" => "L",
        "Sp" | "Special" => "Sp",
        _ => {
            return Err(CellError {
                offset: kind.len() + 1,
                len: form.len().max(1),
                message: format!(
                    "damage form `{form}` is not S, L or Sp (Stunning, Lethal, Special)"
                ),
            });
        }
    };
    Ok(CellValue::DamageType {
        kind: kind_code.into(),
        form: form_code.into(),
    })
}

/// Dice, then a unit of time, after `per` for a rate (`1d6 per day`, `2d6 hours`).
fn timed_dice(c: &mut Cursor) -> Result<CellValue, CellError> {
    let dice = dice(c)?;
    c.skip_ws();
    let per = c.rest().starts_with("per ");
    if per {
        c.pos += 4;
        c.skip_ws();
    }
    let unit = c.word()?;
    c.end()?;
    Ok(CellValue::TimedDice { dice, per, unit })
}

/// Hit locations: numbers and spans, separated by commas (`3, 5-15`).
fn locations(c: &mut Cursor) -> Result<CellValue, CellError> {
    let mut spans = Vec::new();
    loop {
        c.skip_ws();
        let lo = c.number()?;
        let hi = if c.eat('-') { c.number()? } else { lo };
        if hi < lo {
            return Err(c.error(1, "a span that runs upwards"));
        }
        spans.push((lo, hi));
        c.skip_ws();
        if !c.eat(',') {
            break;
        }
    }
    c.end()?;
    Ok(CellValue::Locations(spans))
}

/// A dash of any kind, the ASCII hyphen and the Unicode minus among them.
fn is_dash(ch: char) -> bool {
    matches!(
        ch,
        '-' | '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{fe58}' | '\u{fe63}' | '\u{ff0d}'
    )
}

/// A character's code point, with its Unicode name when it is one of the
/// dashes [`is_dash`] knows: an en dash looks like the `-` it stands for, so
/// the message must say which character it is.
fn code_point(ch: char) -> String {
    let name = match ch {
        '\u{2010}' => "HYPHEN",
        '\u{2011}' => "NON-BREAKING HYPHEN",
        '\u{2012}' => "FIGURE DASH",
        '\u{2013}' => "EN DASH",
        '\u{2014}' => "EM DASH",
        '\u{2015}' => "HORIZONTAL BAR",
        '\u{2212}' => "MINUS SIGN",
        '\u{fe58}' => "SMALL EM DASH",
        '\u{fe63}' => "SMALL HYPHEN-MINUS",
        '\u{ff0d}' => "FULLWIDTH HYPHEN-MINUS",
        _ => return format!("U+{:04X}", ch as u32),
    };
    format!("U+{:04X} {name}", ch as u32)
}

fn rate(c: &mut Cursor) -> Result<CellValue, CellError> {
    let value = c.signed()?;
    c.skip_ws();
    let per = if c.eat('/') {
        Some((1, c.word()?))
    } else if c.rest().starts_with("per ") {
        c.pos += 4;
        c.skip_ws();
        let count = if c.peek().is_some_and(|ch| ch.is_ascii_digit()) {
            let n = c.positive("a count")?;
            c.skip_ws();
            n
        } else {
            1
        };
        Some((count, c.word()?))
    } else {
        None
    };
    c.skip_ws();
    let max = if c.eat('(') {
        let m = c.signed()?;
        c.skip_ws();
        c.literal("max")?;
        c.literal(")")?;
        Some(m)
    } else {
        None
    };
    c.end()?;
    Ok(CellValue::Rate { value, per, max })
}

/// A decimal: digits with an optional `.fraction`, or `½` (alone or after digits).
fn decimal(c: &mut Cursor) -> Result<f64, CellError> {
    let whole = if c.peek().is_some_and(|ch| ch.is_ascii_digit()) {
        c.number()?
    } else {
        0
    };
    let mut v = whole as f64;
    if c.eat('½') {
        return Ok(v + 0.5);
    }
    if c.eat('.') {
        let start = c.pos;
        let digits = c
            .rest()
            .find(|ch: char| !ch.is_ascii_digit())
            .unwrap_or(c.rest().len());
        if digits == 0 {
            return Err(c.error(1, "digits after the point"));
        }
        c.pos += digits;
        let frac: f64 = format!("0.{}", &c.text[start..c.pos])
            .parse()
            .map_err(|_| c.error(1, "a fraction"))?;
        v += frac;
    } else if c.pos == 0 {
        return Err(c.error(1, "a number"));
    }
    Ok(v)
}

/// Parses dice (`NdS`, `NdS+K`, `NdS-K`) from the cursor.
fn dice(c: &mut Cursor) -> Result<DiceSpec, CellError> {
    let count = c.number()?;
    c.literal("d")?;
    let sides = c.number()?;
    // No dice at all (`0d6`) is a value: low STR can take a weapon's damage to it.
    if sides == 0 {
        return Err(CellError {
            offset: 0,
            len: c.pos,
            message: "a die needs at least one side".into(),
        });
    }
    let bonus = if matches!(c.peek(), Some('+' | '-')) {
        c.signed()?
    } else {
        0
    };
    Ok(DiceSpec {
        count,
        sides,
        bonus,
    })
}

/// Parses a whole string as dice; used for dice-typed values in examples.
pub fn parse_dice(text: &str) -> Result<DiceSpec, CellError> {
    whole(text, dice)
}

/// Parses a whole string as a decimal, as a `decimal` cell reads; used for
/// decimal-typed values that examples write as text (`"½"`, `"2½"`, `".25"`).
pub fn parse_decimal(text: &str) -> Result<f64, CellError> {
    whole(text, decimal)
}

/// `text`, trimmed, read by `grammar` to its end.
fn whole<T>(text: &str, grammar: fn(&mut Cursor) -> Result<T, CellError>) -> Result<T, CellError> {
    let mut c = Cursor {
        text: text.trim(),
        pos: 0,
    };
    let value = grammar(&mut c)?;
    c.end()?;
    Ok(value)
}

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn eat(&mut self, ch: char) -> bool {
        if self.peek() == Some(ch) {
            self.pos += ch.len_utf8();
            true
        } else {
            false
        }
    }

    fn skip_ws(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// An error at the cursor, `len` bytes long but never less than the character there.
    fn error(&self, len: usize, expected: &str) -> CellError {
        let found = match self.peek() {
            Some(ch) if ch.is_ascii() => format!("`{ch}`"),
            Some(ch) => format!("`{ch}` ({})", code_point(ch)),
            None => "the end of the cell".into(),
        };
        CellError {
            offset: self.pos,
            len: len.max(self.peek().map_or(1, char::len_utf8)),
            message: format!("expected {expected}, found {found}"),
        }
    }

    fn literal(&mut self, lit: &str) -> Result<(), CellError> {
        if self.rest().starts_with(lit) {
            self.pos += lit.len();
            Ok(())
        } else {
            Err(self.error(self.rest().len(), &format!("`{lit}`")))
        }
    }

    /// The unit `unit`, as a whole word: `2 metres` is not `2 m` misspelt.
    fn unit(&mut self, unit: &str) -> Result<(), CellError> {
        let rest = self.rest();
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if &rest[..len] == unit {
            self.pos += len;
            return Ok(());
        }
        let found = match &rest[..len] {
            "" => "the end of the cell".to_string(),
            word => format!("`{word}`"),
        };
        Err(CellError {
            offset: self.pos,
            len: len.max(1),
            message: format!("expected the unit `{unit}`, found {found}"),
        })
    }

    fn end(&self) -> Result<(), CellError> {
        if self.rest().trim().is_empty() {
            Ok(())
        } else {
            Err(CellError {
                offset: self.pos,
                len: self.rest().len(),
                message: format!("unexpected `{}` after the value", self.rest().trim()),
            })
        }
    }

    fn word(&mut self) -> Result<SmolStr, CellError> {
        let len = self
            .rest()
            .find(|ch: char| !(ch.is_alphabetic() || ch == '.'))
            .unwrap_or(self.rest().len());
        if len == 0 {
            return Err(self.error(1, "a unit"));
        }
        let w = SmolStr::new(&self.rest()[..len]);
        self.pos += len;
        Ok(w)
    }

    /// A whole number, with thousands separators (`1,000`) allowed, that fits an `i32`.
    fn number(&mut self) -> Result<i64, CellError> {
        let start = self.pos;
        let text = self.text;
        let rest = &text[start..];
        let lead = rest
            .find(|ch: char| !ch.is_ascii_digit())
            .unwrap_or(rest.len());
        if lead == 0 {
            return Err(self.error(1, "a number"));
        }
        let mut len = lead;
        if lead <= 3 {
            // `,ddd` groups continue the number; anything else after a comma ends it.
            while let Some(g) = rest[len..].strip_prefix(',') {
                let group = g.len() >= 3
                    && g.as_bytes()[..3].iter().all(u8::is_ascii_digit)
                    && !g[3..].starts_with(|ch: char| ch.is_ascii_digit());
                if !group {
                    break;
                }
                len += 4;
            }
        }
        self.pos += len;
        let digits = if len == lead {
            Cow::Borrowed(&rest[..len]) // no separator: read in place
        } else {
            Cow::Owned(rest[..len].replace(',', ""))
        };
        // Table figures compile to `i32`: anything larger is no figure Rust can hold.
        match digits.parse::<i32>() {
            Ok(n) => Ok(i64::from(n)),
            Err(_) => Err(CellError {
                offset: start,
                len,
                message: format!(
                    "`{}` is too large: a figure is at most {}",
                    &rest[..len],
                    i32::MAX
                ),
            }),
        }
    }

    /// A number of at least 1: `what` is counted in it, so 0 means nothing.
    fn positive(&mut self, what: &str) -> Result<i64, CellError> {
        let start = self.pos;
        match self.number()? {
            0 => Err(CellError {
                offset: start,
                len: self.pos - start,
                message: format!("{what} must be at least 1"),
            }),
            n => Ok(n),
        }
    }

    fn signed(&mut self) -> Result<i64, CellError> {
        let sign = if self.eat('-') || self.eat('−') {
            -1
        } else {
            self.eat('+');
            1
        };
        Ok(sign * self.number()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(ty: &str, text: &str) -> Result<CellValue, CellError> {
        parse_cell(&ColumnType::parse(ty).unwrap(), text)
    }

    #[test]
    fn ranges_cover_what_the_book_prints() {
        assert_eq!(
            cell("range", "23-26").unwrap(),
            CellValue::Range {
                lo: 23,
                hi: Some(26),
                label: "".into()
            }
        );
        assert_eq!(
            cell("range", "801-1,000 meters").unwrap(),
            CellValue::Range {
                lo: 801,
                hi: Some(1000),
                label: "meters".into()
            }
        );
        assert_eq!(
            cell("range", "2049+ /turn (F-15 on afterburners)").unwrap(),
            CellValue::Range {
                lo: 2049,
                hi: None,
                label: "/turn (F-15 on afterburners)".into()
            }
        );
        assert_eq!(
            cell("range", "1 meter").unwrap(),
            CellValue::Range {
                lo: 1,
                hi: Some(1),
                label: "meter".into()
            }
        );
        assert!(
            cell("range", "26-23")
                .unwrap_err()
                .message
                .contains("backwards")
        );
        assert!(cell("range", "many").is_err());
        assert!(cell("range", "23–26").is_err());
        assert!(
            cell("range", "23−26").is_err(),
            "a Unicode minus is no band's dash"
        );
        assert!(cell("range", "23 ‐26").is_err());
        assert!(cell("range", "23 26").is_err());
    }

    #[test]
    fn numbers_take_thousands_separators_only_in_groups_of_three() {
        assert_eq!(cell("int", "1,000").unwrap(), CellValue::Int(1000));
        assert_eq!(
            cell("int", "12,345,678").unwrap(),
            CellValue::Int(12_345_678)
        );
        assert!(cell("int", "1,00").is_err());
    }

    #[test]
    fn units_and_footnote_markers() {
        let ty = ColumnType::parse("int(m/s)").unwrap();
        assert_eq!(parse_cell(&ty, "60m/s *").unwrap(), CellValue::Int(60));
        assert_eq!(parse_cell(&ty, "60m/s*†").unwrap(), CellValue::Int(60));
        assert_eq!(parse_cell(&ty, "2m/s").unwrap(), CellValue::Int(2));
        assert!(parse_cell(&ty, "2 km/h").is_err());
    }

    #[test]
    fn modifiers_rates_and_terms() {
        assert_eq!(cell("modifier", "-0").unwrap(), CellValue::Modifier(0));
        assert_eq!(cell("modifier", "+12").unwrap(), CellValue::Modifier(12));
        assert!(cell("modifier", "+3 maybe").is_err());
        assert_eq!(
            cell("rate", "-1 per 10 rds").unwrap(),
            CellValue::Rate {
                value: -1,
                per: Some((10, "rds".into())),
                max: None
            }
        );
        assert_eq!(
            cell("rate", "+2 per turn (+6 max)").unwrap(),
            CellValue::Rate {
                value: 2,
                per: Some((1, "turn".into())),
                max: Some(6)
            }
        );
        assert_eq!(
            cell("rate", "+2/turn").unwrap(),
            CellValue::Rate {
                value: 2,
                per: Some((1, "turn".into())),
                max: None
            }
        );
        assert_eq!(
            cell("term", "+ REF").unwrap(),
            CellValue::Stat {
                sign: 1,
                name: "REF".into()
            }
        );
        assert_eq!(cell("term", "-2").unwrap(), CellValue::Flat(-2));
        assert_eq!(cell("term?", "No modifier").unwrap(), CellValue::None);
        // A Unicode minus is read as a sign (and, above all, does not panic).
        assert_eq!(cell("term", "−3").unwrap(), CellValue::Flat(-3));
    }

    #[test]
    fn dice_quantities_labels() {
        assert_eq!(
            cell("dice", "5d6+2").unwrap(),
            CellValue::Dice(DiceSpec {
                count: 5,
                sides: 6,
                bonus: 2
            })
        );
        assert!(cell("dice", "5x6").is_err());
        let none = DiceSpec {
            count: 0,
            sides: 6,
            bonus: 0,
        };
        assert_eq!(cell("dice", "0d6").unwrap(), CellValue::Dice(none));
        assert!(cell("dice", "2d0").is_err());
        assert_eq!(cell("quantity", "4").unwrap(), CellValue::Count(4));
        assert_eq!(
            cell("quantity", "RoF/Fire zone (m)").unwrap(),
            CellValue::Ratio("RoF".into(), "Fire zone (m)".into())
        );
        assert_eq!(
            cell("label", "Long (attack lands beyond target)").unwrap(),
            CellValue::Label {
                name: "Long".into(),
                gloss: Some("attack lands beyond target".into())
            }
        );
    }

    #[test]
    fn weapon_table_shapes() {
        assert_eq!(cell("decimal", ".25").unwrap(), CellValue::Decimal(0.25));
        assert_eq!(cell("decimal", "1.5").unwrap(), CellValue::Decimal(1.5));
        assert_eq!(cell("decimal", "7154").unwrap(), CellValue::Decimal(7154.0));
        assert_eq!(cell("decimal", "½").unwrap(), CellValue::Decimal(0.5));
        assert!(cell("decimal", "1.").is_err());
        assert_eq!(cell("rof", "20").unwrap(), CellValue::Shots(20));
        assert_eq!(cell("rof", "1/3").unwrap(), CellValue::EveryTurns(3));
        assert_eq!(cell("rof", "4:20").unwrap(), CellValue::Modes(vec![4, 20]));
        assert!(cell("rof", "2/3").is_err());
        assert_eq!(
            cell("rof", "1/0").unwrap_err().message,
            "turns between shots must be at least 1"
        );
        assert!(cell("rate", "-1 per 0 rds").is_err());
        assert_eq!(
            cell("amount", "x5").unwrap(),
            CellValue::Times {
                of: None,
                factor: 5
            }
        );
        assert_eq!(
            cell("amount", "STRx5").unwrap(),
            CellValue::Times {
                of: Some("STR".into()),
                factor: 5
            }
        );
        assert_eq!(
            cell("amount", "22 km").unwrap(),
            CellValue::Amount {
                value: 22,
                unit: Some("km".into())
            }
        );
        assert_eq!(
            cell("amount", "1000").unwrap(),
            CellValue::Amount {
                value: 1000,
                unit: None
            }
        );
    }

    #[test]
    fn damage_locations_and_timed_dice() {
        assert_eq!(
            cell("damage_type", "Sp/Sp").unwrap(),
            CellValue::DamageType {
                kind: "Sp".into(),
                form: "Sp".into()
            }
        );
        assert!(
            cell("damage_type", "P/X")
                .unwrap_err()
                .message
                .contains("form")
        );
        assert_eq!(
            cell("locations", "3, 5-15").unwrap(),
            CellValue::Locations(vec![(3, 3), (5, 15)])
        );
        assert_eq!(
            cell("locations", "3-4,7-13").unwrap(),
            CellValue::Locations(vec![(3, 4), (7, 13)])
        );
        assert!(cell("locations", "3, 15-5").is_err());
        assert_eq!(
            cell("damage_type", "Blunt/Stunning").unwrap(),
            CellValue::DamageType {
                kind: "B".into(),
                form: "S".into()
            }
        );
        let d6 = DiceSpec {
            count: 1,
            sides: 6,
            bonus: 0,
        };
        assert_eq!(
            cell("timed_dice", "1d6 per day").unwrap(),
            CellValue::TimedDice {
                dice: d6,
                per: true,
                unit: "day".into()
            }
        );
        assert_eq!(
            cell("timed_dice", "1d6 minutes").unwrap(),
            CellValue::TimedDice {
                dice: d6,
                per: false,
                unit: "minutes".into()
            }
        );
        assert!(cell("timed_dice", "1d6").is_err());
    }

    #[test]
    fn alternative_words_come_before_none_words() {
        let ty = ColumnType::parse("int | Crew | N/A?").unwrap();
        assert_eq!(ty.words, vec!["Crew".to_string(), "N/A".to_string()]);
        assert_eq!(ty.to_string(), "int | Crew | N/A?");
        assert_eq!(
            parse_cell(&ty, "N/A").unwrap(),
            CellValue::Word("N/A".into())
        );
        assert_eq!(parse_cell(&ty, "--").unwrap(), CellValue::None);
        assert_eq!(parse_cell(&ty, "4").unwrap(), CellValue::Int(4));
        assert!(parse_cell(&ty, "Team").is_err());
    }

    #[test]
    fn blanks_need_an_optional_column() {
        assert!(cell("text", "").unwrap_err().message.contains("optional"));
        assert_eq!(cell("text?", "--").unwrap(), CellValue::None);
    }

    #[test]
    fn column_types_parse_and_reject() {
        assert!(
            ColumnType::parse("integer")
                .unwrap_err()
                .contains("unknown column type `integer`")
        );
        assert!(ColumnType::parse("dice(m)").is_err());
        assert_eq!(
            ColumnType::parse("int(m/s)?").unwrap().to_string(),
            "int(m/s)?"
        );
    }
}
