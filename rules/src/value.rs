//! Values that cross the registry: what examples give a rule and what it gives
//! back, typed by the signature the spec declares.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::RangeInclusive;

use crate::dice::Dice;

pub mod signature;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Type {
    Int,
    Bool,
    Text,
    /// Text that is one of these words; its value is a [`Value::Text`].
    Word(&'static [&'static str]),
    Dice,
    Decimal,
    IntList,
    TextList,
    DecimalList,
}

/// A value; decimals are `f64`, as the spec's `decimal` cells are, and two
/// decimals are equal when they are the same number (`==`).
#[derive(Debug, Clone, PartialEq)]
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

impl Value {
    pub fn type_of(&self) -> Type {
        match self {
            Value::Int(_) => Type::Int,
            Value::Bool(_) => Type::Bool,
            Value::Text(_) => Type::Text,
            Value::Dice(_) => Type::Dice,
            Value::Decimal(_) => Type::Decimal,
            Value::IntList(_) => Type::IntList,
            Value::TextList(_) => Type::TextList,
            Value::DecimalList(_) => Type::DecimalList,
        }
    }
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

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleError {
    UnknownRule {
        system: String,
        rule: String,
    },
    Missing(String),
    WrongType {
        name: String,
        expected: Type,
        found: Type,
    },
    /// The inputs are outside what the rule covers, e.g. a burst of five rounds.
    Invalid(String),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::UnknownRule { system, rule } => {
                write!(f, "system `{system}` has no rule `{rule}`")
            }
            RuleError::Missing(n) => write!(f, "input `{n}` is missing"),
            RuleError::WrongType {
                name,
                expected,
                found,
            } => {
                write!(f, "input `{name}` should be {expected:?} but is {found:?}")
            }
            RuleError::Invalid(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for RuleError {}

/// Named values, in name order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Values(pub BTreeMap<String, Value>);

impl Values {
    pub fn get<T: FromValue>(&self, name: &str) -> Result<T, RuleError> {
        self.get_opt(name)?
            .ok_or_else(|| RuleError::Missing(name.to_string()))
    }

    pub fn get_opt<T: FromValue>(&self, name: &str) -> Result<Option<T>, RuleError> {
        self.0.get(name).map(|v| T::from_value(name, v)).transpose()
    }

    /// A word input: text that must be one of `words`, as the rule block lists them.
    pub fn word(&self, name: &str, words: &[&str]) -> Result<String, RuleError> {
        self.word_opt(name, words)?
            .ok_or_else(|| RuleError::Missing(name.to_string()))
    }

    pub fn word_opt(&self, name: &str, words: &[&str]) -> Result<Option<String>, RuleError> {
        match self.get_opt::<String>(name)? {
            Some(w) if !words.contains(&w.as_str()) => Err(RuleError::Invalid(format!(
                "`{name}` is `{w}`, which is not one of its words: {}",
                words.join(", ")
            ))),
            w => Ok(w),
        }
    }

    pub fn set(&mut self, name: &str, v: impl Into<Value>) {
        self.0.insert(name.to_string(), v.into());
    }
}

/// A Rust type a [`Value`] converts into.
pub trait FromValue: Sized {
    const TYPE: Type;
    fn from_value(name: &str, v: &Value) -> Result<Self, RuleError>;
}

macro_rules! value_conversions {
    ($($t:ty => $variant:ident),*) => {$(
        impl FromValue for $t {
            const TYPE: Type = Type::$variant;
            fn from_value(name: &str, v: &Value) -> Result<Self, RuleError> {
                match v {
                    Value::$variant(x) => Self::within_book(name, x.clone()),
                    other => Err(RuleError::WrongType { name: name.to_string(), expected: Self::TYPE, found: other.type_of() }),
                }
            }
        }
        impl From<$t> for Value {
            fn from(x: $t) -> Value {
                Value::$variant(x)
            }
        }
    )*};
}

value_conversions!(i64 => Int, bool => Bool, String => Text, Dice => Dice, f64 => Decimal, Vec<i64> => IntList, Vec<String> => TextList, Vec<f64> => DecimalList);

/// The whole numbers a rule takes: every figure the book prints fits in 32 bits
/// (its tables compile to `i32`), so a larger one is no figure of the book.
/// Refusing it once, here, for every rule keeps the resolver's `i64` arithmetic
/// (sums and products of a few figures) exact.
pub const FIGURES: RangeInclusive<i64> = i32::MIN as i64..=i32::MAX as i64;

/// What a value of each type must be, whatever the rule, before a rule sees it.
trait WithinBook: Sized {
    fn within_book(name: &str, x: Self) -> Result<Self, RuleError>;
}

impl WithinBook for i64 {
    fn within_book(name: &str, n: i64) -> Result<i64, RuleError> {
        if FIGURES.contains(&n) {
            Ok(n)
        } else {
            Err(RuleError::Invalid(format!(
                "`{name}` is {n}, beyond any figure the book uses"
            )))
        }
    }
}

/// A decimal is a number (not NaN, not infinite) of a figure's size, so sums
/// and products of a few stay finite.
impl WithinBook for f64 {
    fn within_book(name: &str, x: f64) -> Result<f64, RuleError> {
        if x.is_finite() && x.abs() <= *FIGURES.end() as f64 {
            Ok(x)
        } else {
            Err(RuleError::Invalid(format!(
                "`{name}` is {x}, beyond any figure the book uses"
            )))
        }
    }
}

/// A list holds what its items may hold.
impl<T: WithinBook> WithinBook for Vec<T> {
    fn within_book(name: &str, xs: Vec<T>) -> Result<Vec<T>, RuleError> {
        xs.into_iter().map(|x| T::within_book(name, x)).collect()
    }
}

/// Dice are no dice or more (`0d6`, damage taken to nothing), each die of one side
/// or more, and every total they can roll is a figure.
impl WithinBook for Dice {
    fn within_book(name: &str, d: Dice) -> Result<Dice, RuleError> {
        if d.count < 0 || d.sides < 1 {
            Err(RuleError::Invalid(format!(
                "`{name}` is {d}: dice are no fewer than none, each of one side or more"
            )))
        } else if d.totals_fit() {
            Ok(d)
        } else {
            Err(RuleError::Invalid(format!(
                "`{name}` is {d}, beyond any roll the book uses"
            )))
        }
    }
}

macro_rules! taken_as_given {
    ($($t:ty),*) => {$(
        impl WithinBook for $t {
            fn within_book(_: &str, x: $t) -> Result<$t, RuleError> {
                Ok(x)
            }
        }
    )*};
}

taken_as_given!(bool, String);

#[cfg(test)]
mod tests {
    use super::*;

    const STEPS: &[&str] = &["step", "slip", "none"];

    #[test]
    fn a_word_input_takes_only_its_words() {
        let mut v = Values::default();
        assert_eq!(v.word_opt("retreat", STEPS), Ok(None));
        assert_eq!(
            v.word("retreat", STEPS),
            Err(RuleError::Missing("retreat".into()))
        );
        v.set("retreat", "slip".to_string());
        assert_eq!(v.word("retreat", STEPS), Ok("slip".to_string()));
        v.set("retreat", "Slip".to_string());
        let e = v.word("retreat", STEPS).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`retreat` is `Slip`, which is not one of its words: step, slip, none"
        );
        v.set("retreat", 3_i64);
        assert!(matches!(
            v.word("retreat", STEPS),
            Err(RuleError::WrongType { .. })
        ));
    }

    #[test]
    fn a_decimal_shows_the_shortest_text_of_its_number() {
        assert_eq!(Value::Decimal(2.5).to_string(), "2.5");
        assert_eq!(Value::Decimal(4.0).to_string(), "4");
        assert_eq!(Value::DecimalList(vec![0.5, 1.0]).to_string(), "[0.5, 1]");
        assert_eq!(Value::IntList(vec![3, -1]).to_string(), "[3, -1]");
        assert_eq!(Value::Decimal(0.5).type_of(), Type::Decimal);
        assert_eq!(Value::DecimalList(vec![]).type_of(), Type::DecimalList);
    }

    #[test]
    fn figures_and_dice_beyond_the_book_are_refused() {
        let mut v = Values::default();
        v.set("str", *FIGURES.end());
        assert_eq!(v.get("str"), Ok(*FIGURES.end()));
        v.set("str", *FIGURES.start() - 1);
        assert!(matches!(v.get::<i64>("str"), Err(RuleError::Invalid(_))));
        v.set("distances", vec![3, *FIGURES.end() + 1]);
        assert!(matches!(
            v.get::<Vec<i64>>("distances"),
            Err(RuleError::Invalid(_))
        ));
        for bad in [
            Dice::new(-1, 6, 0),
            Dice::new(2, 0, 0),
            Dice::new(i32::MAX, 2, 0),
        ] {
            v.set("damage", bad);
            assert!(
                matches!(v.get::<Dice>("damage"), Err(RuleError::Invalid(_))),
                "{bad}"
            );
        }
        let most = *FIGURES.end() as f64;
        for fine in [0.5, -0.0, most, -most] {
            v.set("speed", fine);
            assert_eq!(v.get("speed"), Ok(fine));
        }
        for bad in [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            most + 1.0,
            -most - 1.0,
        ] {
            v.set("speed", bad);
            assert!(
                matches!(v.get::<f64>("speed"), Err(RuleError::Invalid(_))),
                "{bad}"
            );
        }
        v.set("hits", vec![0.5, f64::NAN]);
        assert!(matches!(
            v.get::<Vec<f64>>("hits"),
            Err(RuleError::Invalid(_))
        ));
        v.set("hits", vec![0.5, 2.0]);
        assert_eq!(v.get("hits"), Ok(vec![0.5, 2.0]));
        // The smallest dice there are, none at all or one die of one side, are dice.
        for fine in [Dice::d6(9), Dice::new(1, 1, 0), Dice::d6(0)] {
            v.set("damage", fine);
            assert_eq!(v.get("damage"), Ok(fine));
        }
    }
}
