//! The rulebook compiler: Markdown chapters in `spec/` -> a typed, checked
//! [`Book`] -> Rust table constants and rule signatures (for `rules/build.rs`)
//! and conformance case files (for `cargo xtask regen`), and [`lints`] over a
//! compiled book.
//!
//! The tree is the pipeline ([`rust_of_spec`] reads as it): `syntax/` reads
//! and parses the chapters into the [`model`], `sema/` checks it, `emit/`
//! writes it out; `diag/` is what they all report with.
//!
//! Every error is a [`Diagnostic`] with file:line:col; nothing here panics on
//! bad input.

mod compile;
mod diag;
pub mod emit;
mod fingerprint;
#[doc(hidden)]
pub mod fuzz;
pub mod model;
pub mod rust_name;
mod sema;
mod syntax;

// The modules and items other crates use, by their short paths.
pub use compile::{
    compile_dir, compile_files, compile_sources, compile_sources_on, read_sources, rust_of_spec,
};
pub use diag::code::DiagCode;
pub use diag::diagnostic::{Diagnostic, Diagnostics};
pub use diag::source::SourceFile;
pub use diag::{book_check, diagnostic, review_check, source, suggest};
pub use model::Book;
pub use model::domain;
pub use rust_name::is_keyword;
pub use sema::lint::{Lint, LintKind, lints};
pub use sema::{anomaly, lint, property, resolvers};
pub use syntax::ids::{MAX_ID_LEN, is_id, rust_name_problem, system_problem};
pub use syntax::load::{Sources, SystemSources, rust_files, sources_fingerprint, spec_files};
pub use syntax::parse::markdown_options;
pub use syntax::rows::table_cells;
pub use syntax::{cell, load, locator};
