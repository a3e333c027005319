//! Properties: a law of one rule over a domain of its inputs, read from the
//! files `cargo xtask regen` writes to `conformance/properties/`, and checked
//! with proptest at generated inputs ([`check`]).

mod draws;
mod order;
mod parse;
mod run;

pub use casefile::property::*;
pub use run::{WHOLE, check};

/// Draws per property in the conformance suite and in `cargo xtask eval`
/// (a domain of at most `CASES` × [`WHOLE`] inputs is checked whole): enough to
/// cross every band of the book's tables, few enough that the suite runs in
/// seconds.
pub const CASES: u32 = 512;
