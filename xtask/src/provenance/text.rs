//! A book's text as the check reads it: lines numbered from 1, each cut into
//! words with the differences that printing makes (dashes, quotes, spacing,
//! `|` separators, footnote marks, the punctuation around a word) folded away.

use std::ops::Range;

/// One word of a book (or of a spec cell), folded, and where it is printed.
#[derive(Debug, Clone, PartialEq)]
pub struct Word {
    pub text: String,
    /// The line, from 1.
    pub line: u32,
    /// Its bytes in the line as printed, punctuation around it excluded.
    pub at: Range<usize>,
    /// Whether it opens a table cell as printed: the first word of its line,
    /// or the first after a `|`, a tab or a run of spaces.
    pub opens: bool,
    /// Whether it closes one: the last word of its line, or the last before
    /// a `|`, a tab or a run of spaces.
    pub closes: bool,
}

/// The ditto mark, as every form of it folds.
pub const DITTO: &str = "\"";

/// A book file's lines.
#[derive(Debug)]
pub struct BookText {
    pub lines: Vec<String>,
}

impl BookText {
    pub fn new(text: &str) -> BookText {
        BookText {
            lines: text.lines().map(str::to_string).collect(),
        }
    }

    /// The words of lines `lines` (from 1; lines past the end are none).
    pub fn words(&self, lines: impl IntoIterator<Item = u32>) -> Vec<Word> {
        let mut out = Vec::new();
        for n in lines {
            if let Some(line) = self.lines.get(n as usize - 1) {
                words_into(line, n, &mut out);
            }
        }
        out
    }

    /// Line `n` as a note of a finding shows it: as printed, with every
    /// character that prints nothing named (`⟨U+FFFC⟩`), so that the reason
    /// a figure is not found there can be seen.
    pub fn quote(&self, n: u32) -> String {
        let Some(line) = self.lines.get((n as usize).wrapping_sub(1)) else {
            return format!("the book has no line {n}");
        };
        let shown: String = codegen::diagnostic::visible(line)
            .chars()
            .map(|c| match c {
                c if is_unseen(c)
                    || c == '\u{fffc}'
                    || (c.is_whitespace() && c != ' ' && c != '\t') =>
                {
                    format!("⟨U+{:04X}⟩", c as u32)
                }
                c => c.to_string(),
            })
            .collect();
        format!("line {n} of the book reads: {shown}")
    }

    /// Every word of the book.
    pub fn all_words(&self) -> Vec<Word> {
        self.words(1..=self.lines.len() as u32)
    }
}

/// The words of `text` (one line), folded; `line` numbers them.
pub fn words_into(text: &str, line: u32, out: &mut Vec<Word>) {
    let first = out.len();
    // Whether a `|` stands between the last word and the next.
    let mut bar = true;
    let mut start = None;
    let mut chars = text.char_indices().chain([(text.len(), ' ')]).peekable();
    while let Some((i, c)) = chars.next() {
        // `Â` before a no-break space is that space saved in the wrong encoding.
        let stray = c == 'Â' && chars.peek().is_some_and(|&(_, n)| n == '\u{a0}');
        // The object replacement mark stands for a picture or a glyph the
        // text lost, between words as a space is.
        let gap = stray || c.is_whitespace() || matches!(c, '|' | '=' | '\u{a0}' | '\u{fffc}');
        match (gap, start) {
            (true, Some(s)) => {
                if let Some(mut w) = fold(&text[s..i], s, line) {
                    w.opens = bar;
                    bar = false;
                    out.push(w);
                }
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
        // A run of spaces or a tab separates cells as a `|` does, in a table
        // set out in columns.
        let wide = c == '\t' || (c == ' ' && i > 0 && text[..i].ends_with(' '));
        if c == '|' || wide {
            bar = true;
            if let Some(last) = out.get_mut(first..).and_then(<[Word]>::last_mut) {
                last.closes = true;
            }
        }
    }
    if let Some(last) = out.get_mut(first..).and_then(<[Word]>::last_mut) {
        last.closes = true;
    }
}

/// The words of a piece of spec text (a cell, a claimed word), folded.
pub fn words_of(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    words_into(text, 0, &mut out);
    out.into_iter().map(|w| w.text).collect()
}

/// Marks that open a word without being part of it, emphasis (`_three_`,
/// `**3**`) and code among them.
const OPENERS: &[char] = &['(', '[', '{', '"', '\'', '`', '_', '*'];
/// Marks that close a word: punctuation, quotes, emphasis and footnote marks.
const CLOSERS: &[char] = &[
    '.', ',', ';', ':', '!', '?', ')', ']', '}', '"', '\'', '*', '†', '`', '_',
];

/// Characters that print nothing and join or hyphenate a word when they do
/// anything: zero-width spaces and joiners, the word joiner, the byte-order
/// mark and the soft hyphen. A word is read without them.
fn is_unseen(c: char) -> bool {
    matches!(
        c,
        '\u{200b}' | '\u{200c}' | '\u{200d}' | '\u{2060}' | '\u{feff}' | '\u{00ad}'
    )
}

/// `raw`, at byte `s` of its line, folded; `None` when nothing is left.
fn fold(raw: &str, s: usize, line: u32) -> Option<Word> {
    let chars: Vec<(usize, char)> = raw
        .char_indices()
        .filter(|&(_, c)| !is_unseen(c))
        .map(|(i, c)| (i, fold_char(c)))
        .collect();
    if chars.is_empty() {
        return None;
    }
    if chars.iter().all(|&(_, c)| c == '"') {
        let at = s..s + raw.len();
        return Some(Word {
            text: DITTO.to_string(),
            line,
            at,
            opens: false,
            closes: false,
        });
    }
    let first = chars.iter().position(|&(_, c)| !OPENERS.contains(&c))?;
    let last = chars.iter().rposition(|&(_, c)| !CLOSERS.contains(&c))?;
    if last < first {
        return None;
    }
    let end = chars.get(last + 1).map_or(raw.len(), |&(i, _)| i);
    let at = s + chars[first].0..s + end;
    let core: String = chars[first..=last]
        .iter()
        .map(|&(_, c)| c)
        .collect::<String>()
        .to_lowercase();
    let text = if core.chars().all(|c| c == '-') {
        "-".to_string()
    } else if core.contains(',') && core.chars().all(|c| c.is_ascii_digit() || c == ',') {
        core.replace(',', "")
    } else {
        core
    };
    Some(Word {
        text,
        line,
        at,
        opens: false,
        closes: false,
    })
}

/// One character as the check compares it: every dash a hyphen, every double
/// quote or ditto mark `"`, every single quote `'`.
fn fold_char(c: char) -> char {
    match c {
        '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
        '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{2033}' | '\u{3003}' => '"',
        '\u{2018}' | '\u{2019}' => '\'',
        _ => c,
    }
}

/// A whole number as the books spell it, up to twenty and in tens to ninety.
pub fn number_word(n: i64) -> Option<&'static str> {
    const SMALL: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    match n {
        0..=20 => Some(SMALL[n as usize]),
        30..=90 if n % 10 == 0 => Some(TENS[(n / 10 - 2) as usize]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        words_of(line)
    }

    #[test]
    fn printing_differences_fold_away() {
        assert_eq!(
            words("199-210 | 60m/s * | 30d6 |"),
            ["199-210", "60m/s", "30d6"]
        );
        assert_eq!(words("finds “23–26.” Then"), ["finds", "23-26", "then"]);
        assert_eq!(words("(Cloth)\u{a0}1,000 —"), ["cloth", "1000", "-"]);
        assert_eq!(words("” | 〃 | \""), [DITTO, DITTO, DITTO]);
        assert_eq!(words("Terminal velocity.*"), ["terminal", "velocity"]);
        assert_eq!(words("fatigue).Â\u{a0} Max"), ["fatigue", "max"]);
    }

    #[test]
    fn a_word_knows_where_it_is_printed() {
        let mut out = Vec::new();
        let line = "sees “23–26.” here";
        words_into(line, 7, &mut out);
        let w = &out[1];
        assert_eq!((w.text.as_str(), w.line), ("23-26", 7));
        assert_eq!(&line[w.at.clone()], "23–26");
    }

    /// Issue 31.7: a real SRD page's invisible characters and emphasis.
    #[test]
    fn invisible_and_format_characters_are_read_as_the_eye_reads_them() {
        assert_eq!(words("Epic\u{fffc}+7"), ["epic", "+7"]);
        assert_eq!(
            words("thr\u{200b}ee four\u{00ad}teen"),
            ["three", "fourteen"]
        );
        assert_eq!(
            words("\u{feff}2d6\u{00a0}lethal\u{202f}B"),
            ["2d6", "lethal", "b"]
        );
        assert!(words("\u{200b} \u{2060}").is_empty());
    }

    #[test]
    fn a_figure_in_emphasis_strong_text_or_code_is_the_figure() {
        assert_eq!(words("_three_ greater"), ["three", "greater"]);
        assert_eq!(
            words("**3** and *4* and `5` and __6__"),
            ["3", "and", "4", "and", "5", "and", "6"]
        );
    }

    #[test]
    fn a_quoted_line_names_what_prints_nothing() {
        let book = BookText::new("a\nEpic\u{fffc}+7 \u{200b}x\u{00a0}y\u{1b}z\n");
        assert_eq!(
            book.quote(2),
            "line 2 of the book reads: Epic⟨U+FFFC⟩+7 ⟨U+200B⟩x⟨U+00A0⟩y␛z"
        );
        assert_eq!(book.quote(9), "the book has no line 9");
    }
}
