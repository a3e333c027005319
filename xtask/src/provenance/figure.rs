//! What a figure of the spec may be printed as, and where in a run of the
//! book's words it is: a table cell or a claimed word as words in order, a
//! whole number also as its word or with a unit run on (`2m/s`).

use std::ops::Range;

use codegen::cell::DiceSpec;
use codegen::model::Value;

use super::text::{DITTO, Word, number_word, words_of};

/// One figure to look for.
#[derive(Debug, Clone)]
pub enum Figure {
    /// Any of these runs of folded words.
    Words(Vec<Vec<String>>),
    /// A whole number.
    Int(i64),
    /// A constant's size, which the book may print with a sign (a penalty
    /// of 4 as `-4`).
    Magnitude(i64),
    /// A number with a fraction.
    Decimal(f64),
}

impl Figure {
    /// A table cell's text; a ditto mark may also be printed as the text it
    /// repeats, and a text equal to the one above as a ditto mark.
    pub fn cell(text: &str, above: Option<&str>, ditto: bool) -> Option<Figure> {
        let words = words_of(text);
        if words.is_empty() {
            return None;
        }
        let mut runs = vec![words.clone()];
        if let [band] = &words[..] {
            runs.extend(band_in_words(band));
        }
        match above {
            Some(a) if ditto => runs.push(words_of(a)),
            Some(a) if words_of(a) == runs[0] => runs.push(vec![DITTO.to_string()]),
            _ => {}
        }
        Some(Figure::Words(runs))
    }

    /// The figures a claimed value prints as: one, or one per list item; none
    /// for `true` and `false`, which the book says in words of its own.
    pub fn of_value(value: &Value) -> Vec<(String, Figure)> {
        match value {
            Value::Int(n) => vec![(n.to_string(), Figure::Int(*n))],
            Value::Decimal(x) => vec![(x.to_string(), Figure::Decimal(*x))],
            Value::Text(t) => vec![(t.to_string(), Figure::Words(vec![words_of(t)]))],
            Value::Dice(d) => vec![(d.to_string(), Figure::dice(d))],
            Value::Bool(_) => Vec::new(),
            Value::IntList(ns) => ns
                .iter()
                .map(|n| (n.to_string(), Figure::Int(*n)))
                .collect(),
            Value::DecimalList(xs) => xs
                .iter()
                .map(|x| (x.to_string(), Figure::Decimal(*x)))
                .collect(),
            Value::TextList(ts) => ts
                .iter()
                .map(|t| (t.clone(), Figure::Words(vec![words_of(t)])))
                .collect(),
        }
    }

    /// Dice as printed: `3d6+2`, or its bonus a word of its own; six-sided dice
    /// also as `3d` or `3 dice` (`three dice`).
    pub fn dice(d: &DiceSpec) -> Figure {
        let whole = d.to_string().to_lowercase();
        let mut runs = vec![vec![whole]];
        if d.sides == 6 && d.bonus == 0 {
            runs.push(vec![format!("{}d", d.count)]);
            runs.push(vec![d.count.to_string(), "dice".into()]);
            if let Some(w) = number_word(d.count) {
                runs.push(vec![w.to_string(), "dice".into()]);
            }
        }
        if d.bonus != 0 {
            let base = format!("{}d{}", d.count, d.sides);
            let sign = if d.bonus > 0 { "+" } else { "-" };
            runs.push(vec![base.clone(), format!("{sign}{}", d.bonus.abs())]);
            runs.push(vec![base, sign.to_string(), d.bonus.abs().to_string()]);
        }
        Figure::Words(runs)
    }

    /// The length of the match at `words[i..]`, if the figure is printed there.
    pub fn at(&self, words: &[Word], i: usize) -> Option<usize> {
        match self {
            Figure::Words(runs) => runs.iter().find_map(|run| {
                let here = words.get(i..i + run.len())?;
                let same = !run.is_empty() && here.iter().zip(run).all(|(w, r)| w.text == *r);
                same.then_some(run.len())
            }),
            Figure::Int(n) => int_matches(&words.get(i)?.text, *n).then_some(1),
            Figure::Magnitude(n) => {
                let w = &words.get(i)?.text;
                (int_matches(w, *n) || int_matches(w, -n)).then_some(1)
            }
            Figure::Decimal(x) => decimal_matches(&words.get(i)?.text, *x).then_some(1),
        }
    }

    /// The first place at or after `from` where the figure is printed.
    pub fn find(&self, words: &[Word], from: usize) -> Option<Range<usize>> {
        (from..words.len()).find_map(|i| self.at(words, i).map(|n| i..i + n))
    }
}

/// A band as prose prints it: `3-4` as `3 or 4` or `3 to 4`, `6+` as `6 or more`.
fn band_in_words(band: &str) -> Vec<Vec<String>> {
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some(lo) = band.strip_suffix('+').filter(|lo| number(lo)) {
        return vec![vec![lo.into(), "or".into(), "more".into()]];
    }
    match band.split_once('-') {
        Some((lo, hi)) if number(lo) && number(hi) => ["or", "to"]
            .iter()
            .map(|w| vec![lo.to_string(), w.to_string(), hi.to_string()])
            .collect(),
        _ => Vec::new(),
    }
}

/// `word` prints `n`: as digits (a positive one with or without `+`), as a
/// word, or with a unit run on (`2m/s`, `10-meter`, `x5`).
fn int_matches(word: &str, n: i64) -> bool {
    let digits = n.to_string();
    let word = word
        .strip_prefix(['x', '×'])
        .filter(|w| w.starts_with(|c: char| c.is_ascii_digit()))
        .unwrap_or(word);
    if word == digits || (n >= 0 && word.strip_prefix('+') == Some(&digits)) {
        return true;
    }
    if number_word(n) == Some(word)
        || as_fraction(n).contains(&word)
        || word.strip_prefix("1/") == Some(&digits)
    {
        return true;
    }
    let unsigned = word.strip_prefix('+').filter(|_| n >= 0).unwrap_or(word);
    let Some(rest) = unsigned.strip_prefix(digits.as_str()) else {
        return false;
    };
    let mut rest = rest.chars();
    // `6d6` is dice, not the number 6 with a unit.
    if rest.clone().next() == Some('d') && rest.clone().nth(1).is_some_and(|c| c.is_ascii_digit()) {
        return false;
    }
    match rest.next() {
        Some(c) if c.is_alphabetic() || c == '%' => true,
        // A unit per something (`2m/s` has its `m`); `1/2` is a fraction, no 1.
        Some('/') => rest.next().is_some_and(char::is_alphabetic),
        Some('-') => rest.next().is_some_and(char::is_alphabetic),
        _ => false,
    }
}

/// The words that print a small whole number as a multiple or a divisor:
/// "twice" or "half" for 2, "squared" for the power 2, "third" for 3.
fn as_fraction(n: i64) -> &'static [&'static str] {
    match n {
        2 => &["twice", "double", "half", "halved", "halves", "squared"],
        3 => &["third", "triple", "thrice"],
        4 => &["quarter"],
        _ => &[],
    }
}

/// `word` prints `x`: as digits, or as a half.
fn decimal_matches(word: &str, x: f64) -> bool {
    if word.parse::<f64>().is_ok_and(|w| w == x) {
        return true;
    }
    x == 0.5 && ["½", "half", "one-half"].contains(&word)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<Word> {
        let mut out = Vec::new();
        super::super::text::words_into(line, 1, &mut out);
        out
    }

    #[test]
    fn a_number_is_found_as_digits_a_word_or_with_its_unit() {
        let w = words("after falling for two seconds at 60m/s, +3 and x5 STR, 23-26");
        let find = |n| Figure::Int(n).find(&w, 0).map(|r| w[r.start].text.clone());
        assert_eq!(find(2).as_deref(), Some("two"));
        assert_eq!(find(60).as_deref(), Some("60m/s"));
        assert_eq!(find(3).as_deref(), Some("+3"));
        assert_eq!(find(5).as_deref(), Some("x5"));
        assert_eq!(find(23), None, "a band is no number");
        let fraction = words("halves it: 1/2 AV");
        assert_eq!(
            Figure::Int(1).find(&fraction, 0),
            None,
            "a fraction is no number with a unit"
        );
        assert_eq!(find(-3), None, "a sign is not dropped from a negative");
        assert_eq!(
            Figure::Int(6).find(&words("takes 6d6"), 0),
            None,
            "dice are no number"
        );
        let half = words("it does half damage");
        assert_eq!(Figure::Int(2).find(&half, 0), Some(2..3));
    }

    #[test]
    fn dice_and_words_are_found_as_runs() {
        let w = words("takes 2d6 + 1 damage: a Serious Wound");
        let d = Figure::of_value(&Value::Dice(DiceSpec {
            count: 2,
            sides: 6,
            bonus: 1,
        }));
        assert_eq!(d[0].1.find(&w, 0), Some(1..4));
        let t = Figure::of_value(&Value::Text("serious wound".into()));
        assert_eq!(t[0].1.find(&w, 0), Some(6..8));
        assert!(Figure::of_value(&Value::Bool(true)).is_empty());
        let w = words("roll 3 dice, or four dice, or 3d");
        let three = Figure::of_value(&Value::Dice(DiceSpec {
            count: 3,
            sides: 6,
            bonus: 0,
        }));
        assert_eq!(three[0].1.find(&w, 0), Some(1..3));
        assert_eq!(three[0].1.find(&w, 3), Some(7..8));
        let four = Figure::of_value(&Value::Dice(DiceSpec {
            count: 4,
            sides: 6,
            bonus: 0,
        }));
        assert_eq!(four[0].1.find(&w, 0), Some(4..6));
    }

    #[test]
    fn a_ditto_cell_matches_the_mark_or_what_it_repeats() {
        let w = words("3-4 | 4m/s | 2d6 | 6 | 1 |");
        let ditto = Figure::cell("\"", Some("1"), true).unwrap();
        assert_eq!(ditto.find(&w, 0), Some(4..5));
        let repeated = Figure::cell("1", Some("1"), false).unwrap();
        let marked = words("| \" |");
        assert_eq!(repeated.find(&marked, 0), Some(0..1));
        let prose = words("a roll of 3 or 4 always succeeds, 11 or more kills");
        assert_eq!(
            Figure::cell("3-4", None, false).unwrap().find(&prose, 0),
            Some(3..6)
        );
        assert_eq!(
            Figure::cell("11+", None, false).unwrap().find(&prose, 0),
            Some(8..11)
        );
    }
}
