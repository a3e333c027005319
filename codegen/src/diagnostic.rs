//! Diagnostics: what went wrong, where, and the offending source line with a caret,
//! rendered by annotate-snippets.

use std::fmt;
use std::sync::Arc;

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};

use crate::source::{SourceFile, Span};

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
    /// The lint's name (`band-gap`) when this is a lint rather than a compile error.
    pub lint: Option<&'static str>,
}

impl Diagnostic {
    pub fn new(file: &Arc<SourceFile>, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: file.clone(),
            span,
            message: message.into(),
            label: String::new(),
            notes: Vec::new(),
            lint: None,
        }
    }

    /// Marks the diagnostic as the finding of lint `name`: it renders as `error[name]`.
    pub fn lint(mut self, name: &'static str) -> Diagnostic {
        self.lint = Some(name);
        self
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
        let text = &self.file.text;
        // A span that ends before it starts, or splits a character, is a bug elsewhere;
        // it is widened to whole characters rather than allowed to crash the report.
        let start = text.floor_char_boundary(self.span.start);
        let span = start..text.ceil_char_boundary(self.span.end).max(start);
        let mut title = Level::ERROR.primary_title(&self.message);
        if let Some(name) = self.lint {
            title = title.id(name);
        }
        let mut group = title.element(
            Snippet::source(text.as_str())
                .path(&path)
                .annotation(AnnotationKind::Primary.span(span).label(&self.label)),
        );
        for note in &self.notes {
            group = group.element(Level::NOTE.message(note));
        }
        renderer.render(&[group]).to_string()
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location(), self.message)?;
        match self.lint {
            Some(name) => write!(f, " [{name}]"),
            None => Ok(()),
        }
    }
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

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every diagnostic rendered, then a count.
    pub fn render(&self) -> String {
        self.render_each(Diagnostic::render)
    }

    pub fn render_styled(&self) -> String {
        self.render_each(Diagnostic::render_styled)
    }

    fn render_each(&self, one: fn(&Diagnostic) -> String) -> String {
        let mut out: String = self.0.iter().map(|d| one(d) + "\n").collect();
        let n = self.0.len();
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A span that splits a character is a bug upstream; the report must still render.
    #[test]
    fn a_span_inside_a_character_covers_the_whole_character() {
        let file = SourceFile::new("x.md", "a ½ b\n");
        // `½` is bytes 2..4: the span starts and ends inside it.
        let d = Diagnostic::new(&file, 3..3, "m").label("here");
        assert_eq!(d.location(), "x.md:1:3");
        assert!(
            d.render().contains("1 | a ½ b\n  |   ^ here"),
            "{}",
            d.render()
        );
        let backwards = Diagnostic::new(&file, Span { start: 5, end: 1 }, "m").label("here");
        assert!(
            backwards.render().contains("  |     ^ here"),
            "{}",
            backwards.render()
        );
    }
}
