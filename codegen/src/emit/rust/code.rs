//! A writer of Rust source text, indented four spaces a level as rustfmt
//! indents. The emitter writes the generated file directly: going through
//! tokens and a formatter cost 60 to 80 times pulldown-cmark's parse.

use std::fmt::{self, Display, Write as _};

#[derive(Default)]
pub struct Code {
    out: String,
    depth: usize,
}

impl Code {
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

    /// A doc comment, a `///` line for each of its lines. Rust forbids a bare
    /// carriage return in a doc comment, and spec text may hold one (`&#13;` in
    /// a heading, `\r` in a TOML string): it ends a line before a line feed and
    /// is a space anywhere else. A text direction mark, which rustc refuses in a
    /// comment, is written as its escape (`\u{202e}`).
    pub fn doc(&mut self, text: &str) {
        let mut text = text.replace("\r\n", "\n").replace('\r', " ");
        if text.contains(is_bidi) {
            text = text
                .chars()
                .map(|c| match is_bidi(c) {
                    true => c.escape_unicode().to_string(),
                    false => c.to_string(),
                })
                .collect();
        }
        for line in text.split('\n') {
            // `////` would be a plain comment, dropping the line from the docs.
            let gap = if line.starts_with('/') { " " } else { "" };
            self.line(format_args!("///{gap}{}", line.trim_end()));
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

/// `Some(x)` or `None`.
pub struct Opt<T>(pub Option<T>);

impl<T: Display> Display for Opt<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(x) => write!(f, "Some({x})"),
            None => f.write_str("None"),
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
