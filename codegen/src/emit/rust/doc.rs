//! Doc comments of the generated code, and the spec text in them.

use std::fmt::{self, Display, Write as _};

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

pub(super) use crate::diag::diagnostic::is_bidi;

/// A doc comment, a `#[doc = "…"]` attribute of a string literal for each
/// line of `text`, which prettyplease prints as a `///` line of the literal's
/// value. `text` is the emitter's own wording: text from the spec goes into it
/// only as [`Plain`].
pub fn doc(text: impl Into<String>) -> Doc {
    Doc(text.into())
}

/// A doc comment's text, whose attributes are built where it is interpolated:
/// built apart, as a `TokenStream`, they would be copied there token by token.
pub struct Doc(String);

impl ToTokens for Doc {
    fn to_tokens(&self, out: &mut TokenStream) {
        for line in self.0.split('\n').map(str::trim_end) {
            out.extend(quote! { #[doc = #line] });
        }
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
