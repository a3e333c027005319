//! Diagnostics: what went wrong, where, and the offending source line with a caret,
//! rendered by annotate-snippets.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
use serde::Serialize;

use crate::diag::code::DiagCode;
use crate::diag::source::{SourceFile, Span};

/// One error found in a spec file.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    pub file: Arc<SourceFile>,
    pub span: Span,
    pub message: String,
    /// Said under the caret.
    pub label: String,
    /// Extra context lines, e.g. "first defined at spec/x.md:3:1".
    pub notes: Vec<String>,
    /// What kind of mistake this is: `E0023`, or a lint's name.
    pub code: DiagCode,
}

impl Diagnostic {
    /// A diagnostic of class `code`; it renders as `error[E0023]: message`.
    pub fn new(
        file: &Arc<SourceFile>,
        span: Span,
        code: DiagCode,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            file: file.clone(),
            span,
            message: message.into(),
            label: String::new(),
            notes: Vec::new(),
            code,
        }
    }

    pub fn label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = label.into();
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// `path:line:col` of the start of the span.
    pub fn location(&self) -> String {
        self.file.location(self.span.start)
    }

    /// The report with the source line and a caret, without colour.
    pub fn render(&self) -> String {
        self.render_with(Renderer::plain())
    }

    /// The report coloured for a terminal.
    pub fn render_styled(&self) -> String {
        self.render_with(Renderer::styled())
    }

    fn render_with(&self, renderer: Renderer) -> String {
        let path = self.file.path.display().to_string();
        let excerpt = Excerpt::around(&self.file, &self.span);
        let title = Level::ERROR
            .primary_title(&self.message)
            .id(self.code.as_str());
        let mut group = title.element(
            Snippet::source(excerpt.text.as_str())
                .path(&path)
                .line_start(excerpt.line)
                .annotation(
                    AnnotationKind::Primary
                        .span(excerpt.span.clone())
                        .label(&self.label),
                ),
        );
        for note in &self.notes {
            group = group.element(Level::NOTE.message(note));
        }
        let rendered = renderer.render(&[group]).to_string();
        // annotate-snippets counts the column within the excerpt; a cut line starts later.
        let (line, column) = self.file.line_col(self.span.start);
        let shown = excerpt.text[..excerpt.span.start].chars().count() + 1;
        if shown == column {
            rendered
        } else {
            let at = |col| format!("{path}:{line}:{col}");
            rendered.replacen(&at(shown), &at(column), 1)
        }
    }
}

/// A diagnostic as one JSON object (`--message-format=json`), with what rustc's
/// JSON gives an editor or CI to annotate the source: where it starts and ends
/// (1-based lines, columns in characters), its code, and the human rendering.
#[derive(Debug, Serialize)]
pub struct Json<'a> {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub end: Position,
    /// Always `error`: a lint that is not allowed fails the build as well.
    pub severity: &'static str,
    pub code: &'static str,
    pub message: &'a str,
    pub label: &'a str,
    pub notes: &'a [String],
    pub rendered: String,
}

/// A place in a file: 1-based line, column counted in characters.
#[derive(Debug, Serialize)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl Diagnostic {
    /// The diagnostic as [`Json`], its rendering plain.
    pub fn json(&self) -> Json<'_> {
        let (line, column) = self.file.line_col(self.span.start);
        let (end_line, end_column) = self.file.line_col(self.span.end.max(self.span.start));
        Json {
            file: self.file.path.display().to_string(),
            line,
            column,
            end: Position {
                line: end_line,
                column: end_column,
            },
            severity: "error",
            code: self.code.as_str(),
            message: &self.message,
            label: &self.label,
            notes: &self.notes,
            rendered: self.render(),
        }
    }
}

/// The part of a file a report shows: the lines of the span (a few at most),
/// and of a long line only the stretch around the span. Handing annotate-snippets
/// the whole file would cost time in the file's length for every diagnostic.
struct Excerpt {
    text: String,
    /// The 1-based line the excerpt starts on.
    line: usize,
    /// The span within `text`.
    span: Span,
}

/// The most lines an excerpt shows, and the most bytes they may hold; beyond
/// that, the most bytes it shows on each side of its span's start.
const EXCERPT_LINES: usize = 6;
const EXCERPT_BYTES: usize = 4096;
const EXCERPT_CONTEXT: usize = 60;

impl Excerpt {
    fn around(file: &SourceFile, span: &Span) -> Excerpt {
        let text = &file.text;
        // A span that ends before it starts, or splits a character, is a bug elsewhere;
        // it is widened to whole characters rather than allowed to crash the report.
        let start = text.floor_char_boundary(span.start);
        let end = text.ceil_char_boundary(span.end).max(start);
        let first = file.line_index(start);
        let last = file.line_index(end).min(first + EXCERPT_LINES - 1);
        let (lines_start, lines_end) = (file.line_span(first).start, file.line_span(last).end);
        if lines_end - lines_start <= EXCERPT_BYTES {
            let end = end.min(lines_end).max(start);
            return Excerpt {
                text: text[lines_start..lines_end].to_string(),
                line: first + 1,
                span: start - lines_start..end - lines_start,
            };
        }
        // Too long to show whole: the span's first line, cut around the span.
        let line = file.line_span(first);
        let end = text
            .ceil_char_boundary(end.min(line.end).min(start + EXCERPT_CONTEXT))
            .max(start);
        let from = text.floor_char_boundary(start.saturating_sub(EXCERPT_CONTEXT).max(line.start));
        let to = text.ceil_char_boundary((end + EXCERPT_CONTEXT).min(line.end));
        let before = if from > line.start { "..." } else { "" };
        let after = if to < line.end { "..." } else { "" };
        Excerpt {
            text: format!("{before}{}{after}", &text[from..to]),
            line: first + 1,
            span: before.len() + start - from..before.len() + end - from,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: error[{}]: {}",
            self.location(),
            self.code,
            self.message
        )
    }
}

/// `text` as a terminal may safely be handed it, with each character that a
/// terminal would act on (retitle the window, clear the screen, ring the bell,
/// turn the text's direction) shown as a diagnostic's rendering shows it: a
/// control character as its sign of the Control Pictures block (`␛` for ESC,
/// `␇` for BEL, `␡` for DEL), a text direction mark as `�`. Line feeds and
/// tabs stay, as text of several lines is shown whole. The C1 controls
/// (U+0080 to U+009F), which annotate-snippets lets through though some
/// terminals read U+009B as ESC `[`, show as `�` too.
pub fn visible(text: &str) -> Cow<'_, str> {
    let acted_on = |c: char| c != '\n' && c != '\t' && (c.is_control() || is_bidi(c));
    if !text.chars().any(acted_on) {
        return Cow::Borrowed(text);
    }
    text.chars()
        .map(|c| match c {
            '\u{7f}' => '\u{2421}',
            c if c < ' ' && acted_on(c) => {
                char::from_u32(0x2400 + u32::from(c)).unwrap_or('\u{fffd}')
            }
            c if acted_on(c) => '\u{fffd}',
            c => c,
        })
        .collect::<String>()
        .into()
}

/// The marks that change the direction text flows in.
pub fn is_bidi(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The most diagnostics a report shows. Past a thousand, more of them help no
/// one, and each costs time to render; the count that ends the report says how
/// many there are.
pub const SHOWN: usize = 1000;

/// The first [`SHOWN`] of `n` rendered reports, each ending in a blank line,
/// and a line for the rest.
pub(crate) fn first_shown(rendered: impl Iterator<Item = String>, n: usize) -> String {
    let mut out: String = rendered.take(SHOWN).map(|r| r + "\n").collect();
    if n > SHOWN {
        out.push_str(&format!("... and {} more not shown\n", n - SHOWN));
    }
    out
}

/// Every diagnostic of one compilation; compilation fails when it is not empty.
#[derive(Debug, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    pub fn extend(&mut self, ds: impl IntoIterator<Item = Diagnostic>) {
        self.0.extend(ds);
    }

    /// Places each of `late`, in order, where the list stood when its index
    /// was taken (`self.0.len()` then): the diagnostics of work put off until
    /// later land as if it had been done at once.
    pub fn insert_at(&mut self, late: Vec<(usize, Diagnostic)>) {
        if late.is_empty() {
            return;
        }
        let mut late = late.into_iter().peekable();
        let early = std::mem::take(&mut self.0);
        self.0.reserve(early.len() + late.len());
        for (i, d) in early.into_iter().enumerate() {
            while let Some((_, l)) = late.next_if(|(at, _)| *at <= i) {
                self.0.push(l);
            }
            self.0.push(d);
        }
        self.0.extend(late.map(|(_, d)| d));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `value` if nothing went wrong, else these diagnostics.
    pub fn or<T>(self, value: T) -> Result<T, Diagnostics> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }

    /// The diagnostics rendered (the first [`SHOWN`] of them), then a count.
    pub fn render(&self) -> String {
        self.render_each(Diagnostic::render)
    }

    pub fn render_styled(&self) -> String {
        self.render_each(Diagnostic::render_styled)
    }

    fn render_each(&self, one: fn(&Diagnostic) -> String) -> String {
        let n = self.0.len();
        let mut out = first_shown(self.0.iter().map(one), n);
        out.push_str(&format!(
            "{n} error{} in the spec\n",
            if n == 1 { "" } else { "s" }
        ));
        out
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::error::Error for Diagnostics {}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics(vec![d])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A span that splits a character is a bug upstream; the report must still render.
    #[test]
    fn a_span_inside_a_character_covers_the_whole_character() {
        let file = SourceFile::new("x.md", "a ½ b\n");
        // `½` is bytes 2..4: the span starts and ends inside it.
        let d = Diagnostic::new(&file, 3..3, DiagCode::Id, "m").label("here");
        assert_eq!(d.location(), "x.md:1:3");
        assert!(
            d.render().contains("1 | a ½ b\n  |   ^ here"),
            "{}",
            d.render()
        );
        let backwards =
            Diagnostic::new(&file, Span { start: 5, end: 1 }, DiagCode::Id, "m").label("here");
        assert!(
            backwards.render().contains("  |     ^ here"),
            "{}",
            backwards.render()
        );
    }

    /// `visible` shows each character a terminal acts on as the rendering of a
    /// diagnostic shows it in its message, and passes the rest through.
    #[test]
    fn visible_shows_what_a_terminal_acts_on_as_a_diagnostic_does() {
        let file = SourceFile::new("x.md", "a\n");
        let acted_on = (0u32..0x20)
            .chain([0x7f])
            .chain(0x202a..=0x202e)
            .chain(0x2066..=0x2069)
            .filter_map(char::from_u32)
            .filter(|c| !['\n', '\t'].contains(c));
        for c in acted_on {
            let message = format!("<{c}>");
            let rendered = Diagnostic::new(&file, 0..1, DiagCode::Id, &message).render();
            let title = rendered.lines().next().expect("a title");
            let shown = &title[title.find('<').expect("<")..=title.rfind('>').expect(">")];
            assert_eq!(visible(&message), shown, "U+{:04X}", u32::from(c));
        }
        assert_eq!(visible("\u{9b}31m"), "\u{fffd}31m", "a C1 control");
        let plain = "two lines\n\tand a tab, ½ and ✓";
        assert!(matches!(visible(plain), Cow::Borrowed(p) if p == plain));
    }

    #[test]
    fn a_report_shows_the_first_diagnostics_and_counts_them_all() {
        let file = SourceFile::new("x.md", "a\n");
        let diags = Diagnostics(vec![
            Diagnostic::new(&file, 0..1, DiagCode::Id, "m");
            SHOWN + 2
        ]);
        let report = diags.render();
        assert_eq!(report.matches("error[E0006]: m").count(), SHOWN);
        assert!(
            report.ends_with(&format!(
                "... and 2 more not shown\n{} errors in the spec\n",
                SHOWN + 2
            )),
            "{}",
            &report[report.len() - 200..]
        );
    }

    /// What annotate-snippets is handed stays small however long the lines and
    /// the span: rendering then costs the same for every diagnostic.
    #[test]
    fn an_excerpt_is_bounded() {
        let long = "x".repeat(100_000);
        let file = SourceFile::new("x.md", format!("{long}\n{long}\nshort\nlines\n"));
        let whole = file.text.len();
        for span in [
            50_000..50_001,
            10..whole,
            0..0,
            whole..whole,
            100_003..100_004,
        ] {
            let e = Excerpt::around(&file, &span);
            assert!(
                e.text.len() <= 3 * EXCERPT_CONTEXT + 6,
                "{span:?}: {} bytes",
                e.text.len()
            );
            assert!(
                e.span.end <= e.text.len() && e.span.start <= e.span.end,
                "{span:?}"
            );
        }
        let file = SourceFile::new("x.md", "a\nb\nc\nd\ne\nf\ng\nh\n");
        let e = Excerpt::around(&file, &(2..14));
        assert_eq!(
            (e.text.as_str(), e.line, e.span),
            ("b\nc\nd\ne\nf\ng", 2, 0..11)
        );
    }

    /// A long line is shown cut around the span, at the span's true column.
    #[test]
    fn a_long_line_is_shown_around_the_span() {
        let before = "½".repeat(50_000);
        let text = format!("first\n{before}BAD{}\nlast\n", "x".repeat(50_000));
        let file = SourceFile::new("x.md", text);
        let at = "first\n".len() + before.len();
        let d = Diagnostic::new(&file, at..at + 3, DiagCode::Id, "m").label("here");
        let rendered = d.render();
        assert_eq!(d.location(), "x.md:2:50001");
        assert!(rendered.contains("--> x.md:2:50001"), "{rendered}");
        assert!(
            rendered.len() < 2_000,
            "{} bytes:\n{rendered}",
            rendered.len()
        );
        let shown = rendered
            .lines()
            .find(|l| l.contains("BAD"))
            .expect("the line is shown");
        let caret = rendered
            .lines()
            .find(|l| l.contains("^^^ here"))
            .expect("a caret");
        let col = |s: &str, pat: &str| s[..s.find(pat).expect("found")].chars().count();
        assert_eq!(col(shown, "BAD"), col(caret, "^^^"), "{rendered}");
    }
}
