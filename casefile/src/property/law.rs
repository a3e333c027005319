//! A property's law and the domain of its inputs, defined once for the spec
//! (codegen holds them with their places in the chapter), the file `regen`
//! writes and the judge that reads it. `[law]` in a spec block and in a
//! property file is the same table: `kind`, then `output` and `in`, or
//! `output` and `bound`.

use std::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::value::Value;

/// A law of one rule. `N` is how it holds a name (the name alone in a file;
/// the name and where the spec writes it in codegen), and `B` what an output
/// is compared with: a [`Bound`], or, in the spec before its check, a bound
/// whose bare name is still to be found among the inputs or the outputs.
#[derive(Debug, Clone, PartialEq)]
pub enum Law<N = String, B = Bound<N>> {
    /// Every input of the domain resolves: the resolver refuses none.
    Resolves,
    /// As `input` grows, the other inputs held, `output` moves only one way.
    Monotone {
        output: N,
        input: N,
        direction: Direction,
    },
    /// `output` stands in `relation` to `bound` at every input of the domain.
    Bounded {
        output: N,
        relation: Relation,
        bound: B,
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

/// What an output is compared with: a number, or an input or an output by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bound<N = String> {
    Constant(i64),
    Input(N),
    Output(N),
}

/// The values one input of a property ranges over: `V` is a value of the
/// judge's ([`Value`], typed by the rule), of the file (a TOML value, typed
/// by no one yet) or of the spec.
#[derive(Debug, Clone, PartialEq)]
pub enum Domain<V = Value> {
    /// One value, held through every case.
    Fixed(V),
    /// Every whole number from `from` to `to`, both included.
    Range { from: i64, to: i64 },
    /// Any one of the values listed.
    OneOf(Vec<V>),
}

impl Direction {
    pub const ALL: [Direction; 2] = [Direction::NonDecreasing, Direction::NonIncreasing];

    /// The law's `kind`.
    pub fn key(self) -> &'static str {
        match self {
            Direction::NonDecreasing => "non-decreasing",
            Direction::NonIncreasing => "non-increasing",
        }
    }
}

impl Relation {
    pub const ALL: [Relation; 3] = [Relation::AtMost, Relation::AtLeast, Relation::Equals];

    /// The law's `kind`.
    pub fn key(self) -> &'static str {
        match self {
            Relation::AtMost => "at-most",
            Relation::AtLeast => "at-least",
            Relation::Equals => "equals",
        }
    }
}

impl<N, B> Law<N, B> {
    /// The law's `kind`.
    pub fn key(&self) -> &'static str {
        match self {
            Law::Resolves => "resolves",
            Law::Monotone { direction, .. } => direction.key(),
            Law::Bounded { relation, .. } => relation.key(),
        }
    }
}

/// Every law's `kind`, for messages that list them.
pub fn law_keys() -> Vec<&'static str> {
    std::iter::once("resolves")
        .chain(Direction::ALL.map(Direction::key))
        .chain(Relation::ALL.map(Relation::key))
        .collect()
}

impl<V> Domain<V> {
    /// Whether the domain holds more than one value, so that a law can grow it.
    pub fn varies(&self) -> bool {
        match self {
            Domain::Fixed(_) => false,
            Domain::Range { from, to } => from < to,
            Domain::OneOf(vs) => vs.len() > 1,
        }
    }

    /// The same domain with each value turned by `f`.
    pub fn map<W>(self, mut f: impl FnMut(V) -> W) -> Domain<W> {
        let turned = self.try_map(|v| Ok::<W, std::convert::Infallible>(f(v)));
        turned.unwrap_or_else(|never| match never {})
    }

    /// The same domain with each value turned by `f`, or `f`'s first error.
    pub fn try_map<W, E>(self, mut f: impl FnMut(V) -> Result<W, E>) -> Result<Domain<W>, E> {
        Ok(match self {
            Domain::Fixed(v) => Domain::Fixed(f(v)?),
            Domain::Range { from, to } => Domain::Range { from, to },
            Domain::OneOf(vs) => Domain::OneOf(vs.into_iter().map(f).collect::<Result<_, _>>()?),
        })
    }
}

/// `[law]` as a file writes it, every key but `kind` left out where the kind
/// has none.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LawTable {
    kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<String>,
    #[serde(rename = "in", skip_serializing_if = "Option::is_none")]
    input: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<BoundText>,
}

/// A bound as a file writes it: a number, `given.<input>` or `outputs.<output>`.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum BoundText {
    Constant(i64),
    Named(String),
}

impl From<&Law> for LawTable {
    fn from(law: &Law) -> LawTable {
        let mut t = LawTable {
            kind: law.key().to_string(),
            output: None,
            input: None,
            bound: None,
        };
        match law {
            Law::Resolves => {}
            Law::Monotone { output, input, .. } => {
                t.output = Some(output.clone());
                t.input = Some(input.clone());
            }
            Law::Bounded { output, bound, .. } => {
                t.output = Some(output.clone());
                t.bound = Some(match bound {
                    Bound::Constant(n) => BoundText::Constant(*n),
                    Bound::Input(n) => BoundText::Named(format!("given.{n}")),
                    Bound::Output(n) => BoundText::Named(format!("outputs.{n}")),
                });
            }
        }
        t
    }
}

impl TryFrom<LawTable> for Law {
    type Error = String;

    fn try_from(t: LawTable) -> Result<Law, String> {
        let kind = t.kind.as_str();
        if kind == "resolves" {
            return Ok(Law::Resolves);
        }
        let output = t.output.ok_or("the law has no `output`")?;
        if let Some(direction) = Direction::ALL.into_iter().find(|d| d.key() == kind) {
            let input = t.input.ok_or("the law has no `in`")?;
            return Ok(Law::Monotone {
                output,
                input,
                direction,
            });
        }
        let Some(relation) = Relation::ALL.into_iter().find(|r| r.key() == kind) else {
            return Err(format!("unknown law `{kind}`"));
        };
        let bound = match t.bound.ok_or("the law has no `bound`")? {
            BoundText::Constant(n) => Bound::Constant(n),
            BoundText::Named(s) => match s.split_once('.') {
                Some(("given", n)) => Bound::Input(n.to_string()),
                Some(("outputs", n)) => Bound::Output(n.to_string()),
                _ => return Err(format!("bound `{s}` is neither `given.x` nor `outputs.x`")),
            },
        };
        Ok(Law::Bounded {
            output,
            relation,
            bound,
        })
    }
}

impl Serialize for Law {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        LawTable::from(self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Law {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Law, D::Error> {
        Law::try_from(LawTable::deserialize(d)?).map_err(D::Error::custom)
    }
}

/// An input's domain as a file writes it: the value itself when fixed,
/// `{ from, to }` for a range, `{ one-of = [...] }` for a choice.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum DomainTable<V> {
    Range {
        from: i64,
        to: i64,
    },
    OneOf {
        #[serde(rename = "one-of")]
        one_of: Vec<V>,
    },
    Fixed(V),
}

impl<V: Serialize> Serialize for Domain<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Domain::Fixed(v) => DomainTable::Fixed(v),
            Domain::Range { from, to } => DomainTable::Range {
                from: *from,
                to: *to,
            },
            Domain::OneOf(vs) => DomainTable::OneOf {
                one_of: vs.iter().collect(),
            },
        }
        .serialize(s)
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Domain<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Domain<V>, D::Error> {
        Ok(match DomainTable::deserialize(d)? {
            DomainTable::Fixed(v) => Domain::Fixed(v),
            DomainTable::Range { from, to } => Domain::Range { from, to },
            DomainTable::OneOf { one_of } => Domain::OneOf(one_of),
        })
    }
}

impl<N: fmt::Display> fmt::Display for Bound<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::Constant(n) => write!(f, "{n}"),
            Bound::Input(n) => write!(f, "the input `{n}`"),
            Bound::Output(n) => write!(f, "the output `{n}`"),
        }
    }
}

/// The law in words: what the report says it checks.
impl<N: fmt::Display, B: fmt::Display> fmt::Display for Law<N, B> {
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

impl<V: fmt::Display> fmt::Display for Domain<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Domain::Fixed(v) => write!(f, "{v}"),
            Domain::Range { from, to } => write!(f, "{from} to {to}"),
            Domain::OneOf(vs) => {
                let vs: Vec<String> = vs.iter().map(V::to_string).collect();
                write!(f, "one of {}", vs.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_law_reads_back_as_written() {
        let laws = [
            Law::Resolves,
            Law::Monotone {
                output: "hits".to_string(),
                input: "roll".to_string(),
                direction: Direction::NonIncreasing,
            },
            Law::Bounded {
                output: "damage_through".to_string(),
                relation: Relation::AtMost,
                bound: Bound::Input("damage".to_string()),
            },
            Law::Bounded {
                output: "tn".to_string(),
                relation: Relation::AtLeast,
                bound: Bound::Constant(3),
            },
        ];
        for law in laws {
            let text = toml::to_string(&law).unwrap();
            assert_eq!(toml::from_str::<Law>(&text).unwrap(), law, "{text}");
        }
        let text = "kind = \"at-most\"\noutput = \"x\"\nbound = \"given.damage\"\n";
        assert_eq!(
            toml::to_string(&toml::from_str::<Law>(text).unwrap()).unwrap(),
            text
        );
    }

    #[test]
    fn a_law_the_file_cannot_mean_is_refused_by_name() {
        let wrong = [
            ("kind = \"rises\"\noutput = \"x\"\n", "unknown law `rises`"),
            ("kind = \"at-most\"\noutput = \"x\"\n", "no `bound`"),
            (
                "kind = \"at-most\"\noutput = \"x\"\nbound = \"damage\"\n",
                "neither `given.x` nor `outputs.x`",
            ),
            ("kind = \"non-decreasing\"\noutput = \"x\"\n", "no `in`"),
            ("kind = \"resolves\"\nsize = 3\n", "unknown field `size`"),
        ];
        for (text, says) in wrong {
            let e = toml::from_str::<Law>(text).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn a_domain_reads_back_as_written() {
        let domains: [Domain<toml::Value>; 3] = [
            Domain::Fixed(toml::Value::Integer(3)),
            Domain::Range { from: 0, to: 100 },
            Domain::OneOf(vec![false.into(), true.into()]),
        ];
        for d in domains {
            let mut t = toml::Table::new();
            t.insert("x".into(), toml::Value::try_from(&d).unwrap());
            let text = toml::to_string(&t).unwrap();
            let back: toml::Table = toml::from_str(&text).unwrap();
            let read: Domain<toml::Value> = back["x"].clone().try_into().unwrap();
            assert_eq!(read, d, "{text}");
        }
    }
}
