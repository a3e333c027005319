//! A writer of Rust source text, indented four spaces a level as rustfmt
//! indents. The emitter writes the generated file directly: building it as
//! tokens with `quote!` and laying them out with prettyplease cost about 100
//! times pulldown-cmark's parse on the bundled book and 40 times on the 100×
//! book, and 20 s for a 10 MB chapter of many small tables (1.1 s as text).

use std::fmt::{self, Display, Write as _};

#[derive(Default)]
pub struct Writer {
    out: String,
    depth: usize,
}

impl Writer {
    /// One line at the current depth.
    pub fn line(&mut self, text: impl Display) {
        for _ in 0..self.depth {
            self.out.push_str("    ");
        }
        // Writing to a `String` cannot fail.
        let _ = writeln!(self.out, "{text}");
    }

    /// A line that opens a block (`pub mod x {`, `= &[`): what follows is one level deeper.
    pub fn open(&mut self, head: impl Display) {
        self.line(head);
        self.depth += 1;
    }

    /// A line that closes the block opened last (`}`, `];`).
    pub fn close(&mut self, tail: &str) {
        self.depth = self.depth.saturating_sub(1);
        self.line(tail);
    }

    /// A line that closes one block and opens the next (`) -> T {`).
    pub fn reopen(&mut self, text: &str) {
        self.close(text);
        self.depth += 1;
    }

    /// A doc comment, a `///` line for each of its lines. `text` is the
    /// emitter's own wording: text from the spec goes into it only as [`Plain`].
    pub fn doc(&mut self, text: &str) {
        for line in text.split('\n') {
            self.line(format_args!("///{}", line.trim_end()));
        }
    }

    /// Text written as it is, not indented: the inside of a multi-line literal.
    pub fn raw(&mut self, text: &str) {
        self.out.push_str(text);
    }

    pub fn finish(self) -> String {
        self.out
    }
}

/// Spec text as inert Markdown for a doc comment. rustdoc reads doc comments
/// as Markdown and compiles and runs their fenced code as doctests, so spec
/// text must carry no structure into them: it is written on one line (no fence,
/// indented block, heading, list or HTML block can start), with each ASCII
/// punctuation mark escaped by a backslash (CommonMark reads an escaped mark as
/// itself, so no code span, inline HTML, link or emphasis can open), and control
/// characters and text direction marks, which rustc refuses in a comment, as
/// `\u{…}` escapes.
pub struct Plain<'a>(pub &'a str);

impl Display for Plain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = self.0.split(char::is_whitespace).filter(|w| !w.is_empty());
        for (i, word) in words.enumerate() {
            if i > 0 {
                f.write_char(' ')?;
            }
            for c in word.chars() {
                if c.is_ascii_punctuation() {
                    write!(f, "\\{c}")?;
                } else if c.is_control() || is_bidi(c) {
                    write!(f, "{}", c.escape_unicode())?;
                } else {
                    f.write_char(c)?;
                }
            }
        }
        Ok(())
    }
}

/// The marks that change the direction text flows in.
pub fn is_bidi(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A Rust string literal of `text`, escaped as `{:?}` escapes it (which Rust reads back).
pub struct Str<'a>(pub &'a str);

impl Display for Str<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

/// `Some(x)` or `None`, by their full paths.
pub struct Opt<T>(pub Option<T>);

impl<T: Display> Display for Opt<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(x) => write!(f, "::core::option::Option::Some({x})"),
            None => f.write_str("::core::option::Option::None"),
        }
    }
}

/// Items joined by `, `, as a list is written on one line.
pub struct List<I>(pub I);

impl<I, T> Display for List<I>
where
    I: Clone + IntoIterator<Item = T>,
    T: Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, x) in self.0.clone().into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{x}")?;
        }
        Ok(())
    }
}
