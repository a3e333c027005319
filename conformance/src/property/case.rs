//! A property file read back, its values typed by the rule's signature.

use std::fmt;

use rules::value::signature::Param;
use rules::value::{Type, Value};

use crate::case::{param, value};

#[derive(Debug, Clone, PartialEq)]
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

#[derive(Debug, Clone, PartialEq)]
pub enum Domain {
    Fixed(Value),
    /// Every whole number from `from` to `to`, both included.
    Range {
        from: i64,
        to: i64,
    },
    OneOf(Vec<Value>),
}

#[derive(Debug, Clone, PartialEq)]
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

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bound {
    Constant(i64),
    Input(String),
    Output(String),
}

impl PropertyCase {
    /// Parses a property file. Values are typed by the rule's signature when
    /// the registry knows the rule (dice text becomes dice).
    pub fn parse(text: &str) -> Result<PropertyCase, String> {
        let mut t: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| e.message().to_string())?;
        let id = string(&mut t, "id")?;
        let system = string(&mut t, "system")?;
        let rule = string(&mut t, "rule")?;
        let source = string(&mut t, "source")?;
        let inputs = rules::RULES
            .iter()
            .find(|r| r.system == system && r.id == rule)
            .map(|r| r.given);
        let given = match t.remove("given") {
            Some(toml::Value::Table(g)) => g
                .into_iter()
                .map(|(k, v)| domain(&k, v, inputs).map(|d| (k, d)))
                .collect::<Result<_, _>>()?,
            None => Vec::new(),
            Some(_) => return Err("`given` must be a table".into()),
        };
        let law = match t.remove("law") {
            Some(toml::Value::Table(l)) => law(l)?,
            _ => return Err("a property file has no `[law]` table".into()),
        };
        Ok(PropertyCase {
            id,
            system,
            rule,
            source,
            given,
            law,
        })
    }

    /// The input a monotone law grows, if the law is monotone.
    pub fn grown(&self) -> Option<&str> {
        match &self.law {
            Law::Monotone { input, .. } => Some(input),
            _ => None,
        }
    }
}

fn string(t: &mut toml::Table, k: &str) -> Result<String, String> {
    match t.remove(k) {
        Some(toml::Value::String(s)) => Ok(s),
        _ => Err(format!("property file has no string `{k}`")),
    }
}

fn domain(name: &str, v: toml::Value, inputs: Option<&[Param]>) -> Result<Domain, String> {
    let ty: Option<Type> = inputs.and_then(|ps| param(ps, name));
    let toml::Value::Table(mut t) = v else {
        return value(name, v, ty).map(Domain::Fixed);
    };
    if let Some(items) = t.remove("one-of") {
        let toml::Value::Array(items) = items else {
            return Err(format!("`{name}.one-of` must be a list"));
        };
        return items
            .into_iter()
            .map(|i| value(name, i, ty))
            .collect::<Result<_, _>>()
            .map(Domain::OneOf);
    }
    let mut end = |k: &str| match t.remove(k) {
        Some(toml::Value::Integer(n)) => Ok(n),
        _ => Err(format!("`{name}` has no whole number `{k}`")),
    };
    Ok(Domain::Range {
        from: end("from")?,
        to: end("to")?,
    })
}

fn law(mut t: toml::Table) -> Result<Law, String> {
    let kind = string(&mut t, "kind")?;
    let mut name = |k: &str| string(&mut t, k);
    let direction = match kind.as_str() {
        "resolves" => return Ok(Law::Resolves),
        "non-decreasing" => Some(Direction::NonDecreasing),
        "non-increasing" => Some(Direction::NonIncreasing),
        _ => None,
    };
    let output = name("output")?;
    if let Some(direction) = direction {
        return Ok(Law::Monotone {
            output,
            input: name("in")?,
            direction,
        });
    }
    let relation = match kind.as_str() {
        "at-most" => Relation::AtMost,
        "at-least" => Relation::AtLeast,
        "equals" => Relation::Equals,
        other => return Err(format!("unknown law `{other}`")),
    };
    let bound = match t.remove("bound") {
        Some(toml::Value::Integer(n)) => Bound::Constant(n),
        Some(toml::Value::String(s)) => match s.split_once('.') {
            Some(("given", n)) => Bound::Input(n.to_string()),
            Some(("outputs", n)) => Bound::Output(n.to_string()),
            _ => return Err(format!("bound `{s}` is neither `given.x` nor `outputs.x`")),
        },
        _ => return Err("the law has no `bound`".into()),
    };
    Ok(Law::Bounded {
        output,
        relation,
        bound,
    })
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
