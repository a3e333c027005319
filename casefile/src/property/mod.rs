//! Properties: a law of one rule over a domain of its inputs, as the files
//! `cargo xtask regen` writes to `conformance/properties/` state it, and how a
//! check of one came out.

mod case;
mod law;
mod report;

pub use case::PropertyCase;
pub use law::{Bound, Direction, Domain, Law, Relation, law_keys};
pub use report::{Failure, Point, PropertyReport, Tried};
