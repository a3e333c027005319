//! The model of a ```` ```property <id> ```` block: its rule, the domain of
//! each input and the law; [`crate::sema::property`] reads and checks them.

use smol_str::SmolStr;

pub use casefile::property::{Direction, Relation, law_keys};

use super::value::Value;
use crate::diag::source::Span;

/// A law the book states or clearly implies about one rule.
#[derive(Debug)]
pub struct Property {
    pub id: String,
    /// The section the property sits in.
    pub section: Option<SmolStr>,
    /// The qualified rule id.
    pub rule: String,
    pub rule_span: Span,
    pub given: Vec<Input>,
    pub law: Law,
    /// The law's key in `[law]`.
    pub law_span: Span,
    pub span: Span,
}

/// One input of the rule and the values it ranges over.
#[derive(Debug, Clone)]
pub struct Input {
    pub name: String,
    pub domain: Domain,
    pub span: Span,
}

/// A name of the rule's signature, where the property writes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Name {
    pub name: String,
    pub span: Span,
}

/// A law as the spec writes it: each name with its place, and what it
/// compares an output with, perhaps a bare name the check has yet to qualify.
/// The law, its kinds and the domains are defined once, in `casefile`, for
/// the spec, the file `regen` writes and the judge that reads it.
pub type Law = casefile::property::Law<Name, Written>;

/// A number, an input or an output, each name with its place.
pub type Bound = casefile::property::Bound<Name>;

/// The values an input ranges over, as the spec gives them.
pub type Domain = casefile::property::Domain<Value>;

/// What a law compares an output with, as the spec writes it.
#[derive(Debug, Clone, PartialEq)]
pub enum Written {
    /// A number, `given.<input>` or `outputs.<output>`.
    Qualified(Bound),
    /// A bare name, before the check finds whether it is an input or an output.
    Bare(Name),
}
