//! A property file read back: a law of one rule over a domain of its inputs.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::value::Value;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PropertyCase {
    pub id: String,
    pub system: String,
    pub rule: String,
    /// `spec/<system>/<chapter>.md#<property id>`.
    pub source: String,
    /// Each input the property gives, in the file's order.
    pub given: Vec<(String, Domain)>,
    pub law: Law,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Domain {
    Fixed(Value),
    /// Every whole number from `from` to `to`, both included.
    Range {
        from: i64,
        to: i64,
    },
    OneOf(Vec<Value>),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Law {
    Resolves,
    Monotone {
        output: String,
        input: String,
        direction: Direction,
    },
    Bounded {
        output: String,
        relation: Relation,
        bound: Bound,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Direction {
    NonDecreasing,
    NonIncreasing,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Relation {
    AtMost,
    AtLeast,
    Equals,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bound {
    Constant(i64),
    Input(String),
    Output(String),
}

impl PropertyCase {
    /// The input a monotone law grows, if the law is monotone.
    pub fn grown(&self) -> Option<&str> {
        match &self.law {
            Law::Monotone { input, .. } => Some(input),
            _ => None,
        }
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::Constant(n) => write!(f, "{n}"),
            Bound::Input(n) => write!(f, "the input `{n}`"),
            Bound::Output(n) => write!(f, "the output `{n}`"),
        }
    }
}

/// The law in words: what the report says it checks.
impl fmt::Display for Law {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Law::Resolves => f.write_str("every input of the domain resolves"),
            Law::Monotone {
                output,
                input,
                direction,
            } => {
                let never = match direction {
                    Direction::NonDecreasing => "decreases",
                    Direction::NonIncreasing => "increases",
                };
                write!(
                    f,
                    "`{output}` never {never} as `{input}` grows, the other inputs held"
                )
            }
            Law::Bounded {
                output,
                relation,
                bound,
            } => {
                let is = match relation {
                    Relation::AtMost => "at most",
                    Relation::AtLeast => "at least",
                    Relation::Equals => "equal to",
                };
                write!(f, "`{output}` is {is} {bound}")
            }
        }
    }
}

impl fmt::Display for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Domain::Fixed(v) => write!(f, "{v}"),
            Domain::Range { from, to } => write!(f, "{from} to {to}"),
            Domain::OneOf(vs) => {
                let vs: Vec<String> = vs.iter().map(Value::to_string).collect();
                write!(f, "one of {}", vs.join(", "))
            }
        }
    }
}
