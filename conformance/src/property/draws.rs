//! The inputs a law is judged at: every input of a small domain, in order, or
//! a proptest strategy that draws from a large one.

use std::cmp::Ordering;

use casefile::{Value, Values};
use proptest::prelude::*;
use proptest::sample::select;

use super::order::compare;
use casefile::property::{Domain, PropertyCase};

/// Inputs for one judgement: every input of the domain, and for a monotone
/// law a second, larger value of the input it grows.
#[derive(Debug, Clone)]
pub(super) struct Draw {
    pub given: Values,
    pub higher: Option<Value>,
}

/// The input the law grows with its domain, if the law is monotone.
fn grown(case: &PropertyCase) -> Result<Option<(&str, &Domain)>, String> {
    let Some(input) = case.grown() else {
        return Ok(None);
    };
    match case.given.iter().find(|(n, _)| n == input) {
        None => Err(format!(
            "the law grows `{input}`, which the property does not give"
        )),
        Some((_, Domain::Fixed(_))) => Err(format!("the law grows `{input}`, which is held fixed")),
        Some((n, d)) => Ok(Some((n, d))),
    }
}

/// Every draw of the domain, when there are at most `limit`: each combination
/// of the other inputs (in the file's order, each domain from its start), and
/// for a monotone law each pair of neighbouring values of the grown input.
pub(super) fn whole(case: &PropertyCase, limit: u128) -> Result<Option<Vec<Draw>>, String> {
    let grown = grown(case)?;
    let size = case
        .given
        .iter()
        .map(|(_, d)| size(d))
        .fold(1u128, u128::saturating_mul);
    if size > limit {
        return Ok(None);
    }
    let mut combos = vec![Values::default()];
    for (name, domain) in case
        .given
        .iter()
        .filter(|(n, _)| Some(n.as_str()) != grown.map(|g| g.0))
    {
        combos = combos
            .into_iter()
            .flat_map(|c| {
                values(domain).into_iter().map(move |v| {
                    let mut c = c.clone();
                    c.0.insert(name.clone(), v);
                    c
                })
            })
            .collect();
    }
    let Some((name, domain)) = grown else {
        return Ok(Some(
            combos
                .into_iter()
                .map(|given| Draw {
                    given,
                    higher: None,
                })
                .collect(),
        ));
    };
    let mut ordered = values(domain);
    ordered.sort_by(|a, b| compare(a, b).unwrap_or(Ordering::Equal));
    Ok(Some(
        combos
            .iter()
            .flat_map(|c| {
                ordered.windows(2).map(move |w| {
                    let mut given = c.clone();
                    given.0.insert(name.to_string(), w[0].clone());
                    Draw {
                        given,
                        higher: Some(w[1].clone()),
                    }
                })
            })
            .collect(),
    ))
}

fn size(domain: &Domain) -> u128 {
    match domain {
        Domain::Fixed(_) => 1,
        Domain::Range { from, to } => (i128::from(*to) - i128::from(*from) + 1).max(0) as u128,
        Domain::OneOf(vs) => vs.len() as u128,
    }
}

fn values(domain: &Domain) -> Vec<Value> {
    match domain {
        Domain::Fixed(v) => vec![v.clone()],
        Domain::Range { from, to } => (*from..=*to).map(Value::Int).collect(),
        Domain::OneOf(vs) => vs.clone(),
    }
}

/// The strategy that draws from the property's domain.
pub(super) fn strategy(case: &PropertyCase) -> Result<BoxedStrategy<Draw>, String> {
    let grown = grown(case)?;
    let mut each: Vec<BoxedStrategy<(String, Value)>> = Vec::new();
    let mut pair = Just(None).boxed();
    for (name, domain) in &case.given {
        let n = name.clone();
        if grown.is_some_and(|(g, _)| g == name) {
            pair = pair_of(domain)
                .prop_map(move |(lo, hi)| Some((n.clone(), lo, hi)))
                .boxed();
        } else {
            each.push(one_of(domain).prop_map(move |v| (n.clone(), v)).boxed());
        }
    }
    Ok((each, pair)
        .prop_map(|(values, pair)| {
            let mut given = Values(values.into_iter().collect());
            let higher = pair.map(|(name, lo, hi)| {
                given.0.insert(name, lo);
                hi
            });
            Draw { given, higher }
        })
        .boxed())
}

/// One value of the domain. A range's two ends are drawn more often than the
/// values between them, since that is where a band is most often missed.
fn one_of(domain: &Domain) -> BoxedStrategy<Value> {
    match domain {
        Domain::Fixed(v) => Just(v.clone()).boxed(),
        Domain::Range { from, to } => prop_oneof![
            8 => (*from..=*to).prop_map(Value::Int),
            1 => Just(Value::Int(*from)),
            1 => Just(Value::Int(*to)),
        ]
        .boxed(),
        Domain::OneOf(vs) => select(vs.clone()).boxed(),
    }
}

/// Two values of the grown input, the smaller first. A range is drawn across
/// its whole width and also in neighbours a few apart, where a step backwards
/// between two adjacent bands shows.
fn pair_of(domain: &Domain) -> BoxedStrategy<(Value, Value)> {
    let anywhere = (one_of(domain), one_of(domain));
    let pairs = match domain {
        Domain::Range { from, to } => {
            let to = *to;
            let near = (*from..=to, 1..=3i64)
                .prop_map(move |(a, d)| (Value::Int(a), Value::Int(a.saturating_add(d).min(to))));
            prop_oneof![anywhere, near].boxed()
        }
        _ => anywhere.boxed(),
    };
    pairs
        .prop_map(|(a, b)| match compare(&a, &b) {
            Ok(Ordering::Greater) => (b, a),
            _ => (a, b),
        })
        .boxed()
}
