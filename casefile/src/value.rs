//! A value that crosses the registry, as data: shown as the resolver shows it.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// Dice `NdS+K`, as `rules::dice::Dice` holds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dice {
    pub count: i32,
    pub sides: i32,
    pub bonus: i32,
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        if self.bonus != 0 {
            write!(f, "{:+}", self.bonus)?;
        }
        Ok(())
    }
}

/// A value; decimals are `f64`, and two decimals are equal when they are the
/// same number (`==`), as `rules::value::Value`'s are.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Text(String),
    Dice(Dice),
    Decimal(f64),
    IntList(Vec<i64>),
    TextList(Vec<String>),
    DecimalList(Vec<f64>),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Text(s) => write!(f, "{s:?}"),
            Value::Dice(d) => write!(f, "{d}"),
            // The shortest text that reads back as the same `f64`: two decimals
            // that differ never look alike.
            Value::Decimal(x) => write!(f, "{x}"),
            Value::IntList(ns) => list(f, ns),
            Value::TextList(ts) => write!(f, "{ts:?}"),
            Value::DecimalList(xs) => list(f, xs),
        }
    }
}

fn list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, xs: &[T]) -> fmt::Result {
    let parts: Vec<String> = xs.iter().map(T::to_string).collect();
    write!(f, "[{}]", parts.join(", "))
}

/// Named values, in name order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Values(pub BTreeMap<String, Value>);
