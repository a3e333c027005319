//! The text a fingerprint is taken of: a token stream written a token a
//! line, less its doc comments (which cite the spec's lines), with the
//! literals a caller picks left out ([`super::shape()`] leaves out the rows
//! tables' data).

use proc_macro2::{Delimiter, Group, Literal, TokenTree};
use std::fmt::Write as _;

/// The text of `tokens`, a token a line, less every `#[doc = "…"]`, and
/// with each literal that `skip` picks written as `_` ([`super::shape()`] skips the
/// tables' data).
pub(super) fn walk(
    tokens: impl Iterator<Item = TokenTree>,
    out: &mut crate::fingerprint::Fingerprint,
    skip: &dyn Fn(&Literal) -> bool,
) {
    let mut tokens = tokens.peekable();
    while let Some(token) = tokens.next() {
        if let TokenTree::Punct(p) = &token
            && p.as_char() == '#'
            && let Some(TokenTree::Group(attribute)) = tokens.next_if(is_bracketed)
        {
            let mut body = taken(attribute).peekable();
            if body
                .next_if(|t| matches!(t, TokenTree::Ident(i) if i == "doc"))
                .is_none()
            {
                out.feed("#\n[");
                walk(body, out, skip);
                out.feed("]\n");
            }
            continue;
        }
        match token {
            TokenTree::Group(g) => {
                let (open, close) = delimiters(g.delimiter());
                out.feed(open);
                walk(taken(g), out, skip);
                out.feed(close);
            }
            TokenTree::Literal(l) if skip(&l) => out.feed("_"),
            other => {
                // A fingerprint takes every write.
                let _ = write!(out, "{other}");
            }
        }
        out.feed("\n");
    }
}

/// The tokens of `g`, taken from it: with the group dropped, its stream's one
/// handle is the walk's, which then takes them in place rather than copied.
fn taken(g: Group) -> proc_macro2::token_stream::IntoIter {
    let stream = g.stream();
    drop(g);
    stream.into_iter()
}

fn is_bracketed(t: &TokenTree) -> bool {
    matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket)
}

fn delimiters(d: Delimiter) -> (&'static str, &'static str) {
    match d {
        Delimiter::Parenthesis => ("(", ")"),
        Delimiter::Brace => ("{", "}"),
        Delimiter::Bracket => ("[", "]"),
        Delimiter::None => ("", ""),
    }
}
