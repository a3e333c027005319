//! The model of a ```` ```property <id> ```` block: its rule, the domain of
//! each input and the law; [`crate::sema::property`] reads and checks them.

use smol_str::SmolStr;

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

#[derive(Debug, Clone, PartialEq)]
pub enum Domain {
    /// One value, held through every case.
    Fixed(Value),
    /// Every whole number from `from` to `to`, both included.
    Range { from: i64, to: i64 },
    /// Any one of the values listed.
    OneOf(Vec<Value>),
}

impl Domain {
    /// Whether the domain holds more than one value, so that a law can grow it.
    pub fn varies(&self) -> bool {
        match self {
            Domain::Fixed(_) => false,
            Domain::Range { from, to } => from < to,
            Domain::OneOf(vs) => vs.len() > 1,
        }
    }
}

/// A name of the rule's signature, where the property writes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Name {
    pub name: String,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Law {
    /// Every input of the domain resolves: the resolver refuses none.
    Resolves,
    /// As `input` grows, the other inputs held, `output` moves only one way.
    Monotone {
        output: Name,
        input: Name,
        direction: Direction,
    },
    /// `output` stands in `relation` to `bound` at every input of the domain.
    Bounded {
        output: Name,
        relation: Relation,
        bound: Bound,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    NonDecreasing,
    NonIncreasing,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    AtMost,
    AtLeast,
    Equals,
}

/// What an output is compared with.
#[derive(Debug, Clone, PartialEq)]
pub enum Bound {
    Constant(i64),
    Input(Name),
    Output(Name),
    /// A bare name, before the check finds whether it is an input or an output.
    Unqualified(Name),
}

impl Direction {
    pub const ALL: [Direction; 2] = [Direction::NonDecreasing, Direction::NonIncreasing];

    /// The law's key in `[law]` and in a property file.
    pub fn key(self) -> &'static str {
        match self {
            Direction::NonDecreasing => "non-decreasing",
            Direction::NonIncreasing => "non-increasing",
        }
    }
}

impl Relation {
    pub const ALL: [Relation; 3] = [Relation::AtMost, Relation::AtLeast, Relation::Equals];

    /// The law's key in `[law]` and in a property file.
    pub fn key(self) -> &'static str {
        match self {
            Relation::AtMost => "at-most",
            Relation::AtLeast => "at-least",
            Relation::Equals => "equals",
        }
    }
}

impl Law {
    /// The law's key in `[law]` and in a property file.
    pub fn key(&self) -> &'static str {
        match self {
            Law::Resolves => "resolves",
            Law::Monotone { direction, .. } => direction.key(),
            Law::Bounded { relation, .. } => relation.key(),
        }
    }
}

/// Every law's key, for messages that list them.
pub fn law_keys() -> Vec<&'static str> {
    std::iter::once("resolves")
        .chain(Direction::ALL.map(Direction::key))
        .chain(Relation::ALL.map(Relation::key))
        .collect()
}
