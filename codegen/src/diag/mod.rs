//! What the passes report: a [`diagnostic::Diagnostic`] at a span of a
//! [`source::SourceFile`], with its stable [`code::DiagCode`] and an `explain`
//! page for each code (`explain/`), and the "did you mean" every pass offers.

pub mod book_check;
pub mod code;
pub mod diagnostic;
pub mod lint_kind;
pub mod review_check;
pub mod source;
pub mod suggest;
