//! Properties: a law of one rule over a domain of its inputs, as the files
//! `cargo xtask regen` writes to `conformance/properties/` state it, and how a
//! check of one came out.

mod case;
mod report;

pub use case::{Bound, Direction, Domain, Law, PropertyCase, Relation};
pub use report::{Failure, Point, PropertyReport, Tried};
