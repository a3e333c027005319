//! Properties: a law of one rule over a domain of its inputs, read from the
//! files `cargo xtask regen` writes to `conformance/properties/`, and checked
//! with proptest at generated inputs ([`check`]).

mod case;
mod draws;
mod order;
mod report;
mod run;

pub use case::{Bound, Direction, Domain, Law, PropertyCase, Relation};
pub use report::{Failure, Point, PropertyReport, Tried};
pub use run::{WHOLE, check};

/// Draws per property in the conformance suite and in `cargo xtask eval`
/// (a domain of at most `CASES` × [`WHOLE`] inputs is checked whole): enough to
/// cross every band of the book's tables, few enough that the suite runs in
/// seconds.
pub const CASES: u32 = 512;
