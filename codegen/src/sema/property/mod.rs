//! ```` ```property <id> ```` blocks: a law of one rule, stated over a domain of
//! its inputs, which the conformance suite checks with generated inputs rather
//! than at the single point a worked example gives.

mod check;

pub(crate) use check::{apply, typed_properties};

pub use crate::model::property::{
    Bound, Direction, Domain, Input, Law, Name, Property, Relation, Written, law_keys,
};
