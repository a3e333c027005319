//! The second pass, over a parsed book: names are Rust names, examples and
//! properties agree with the signatures of the rules they call ([`check`]),
//! each rule has its resolver function ([`resolvers`]), and the [`lint`]s.

pub mod anomaly;
pub(crate) mod check;
pub mod lint;
pub(crate) mod names;
pub(crate) mod placement;
pub mod property;
pub mod resolvers;
pub(crate) mod signature;
