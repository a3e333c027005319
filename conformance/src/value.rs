//! The resolver's values as data and back: a case holds `casefile`'s values,
//! which `rules` takes and gives as its own.

use casefile::{Step, Trace, Value, Values};
use rules::value as rv;

/// `rules`' dice as data.
pub fn dice(d: rules::dice::Dice) -> casefile::Dice {
    casefile::Dice {
        count: d.count,
        sides: d.sides,
        bonus: d.bonus,
    }
}

/// Data's dice as `rules` holds them.
pub fn rules_dice(d: casefile::Dice) -> rules::dice::Dice {
    rules::dice::Dice::new(d.count, d.sides, d.bonus)
}

/// A value as `rules` takes it.
pub fn to_rules(v: &Value) -> rv::Value {
    match v {
        Value::Int(n) => rv::Value::Int(*n),
        Value::Bool(b) => rv::Value::Bool(*b),
        Value::Text(s) => rv::Value::Text(s.clone()),
        Value::Dice(d) => rv::Value::Dice(rules_dice(*d)),
        Value::Decimal(x) => rv::Value::Decimal(*x),
        Value::IntList(ns) => rv::Value::IntList(ns.clone()),
        Value::TextList(ts) => rv::Value::TextList(ts.clone()),
        Value::DecimalList(xs) => rv::Value::DecimalList(xs.clone()),
    }
}

/// A value `rules` gave, as data.
pub fn from_rules(v: rv::Value) -> Value {
    match v {
        rv::Value::Int(n) => Value::Int(n),
        rv::Value::Bool(b) => Value::Bool(b),
        rv::Value::Text(s) => Value::Text(s),
        rv::Value::Dice(d) => Value::Dice(dice(d)),
        rv::Value::Decimal(x) => Value::Decimal(x),
        rv::Value::IntList(ns) => Value::IntList(ns),
        rv::Value::TextList(ts) => Value::TextList(ts),
        rv::Value::DecimalList(xs) => Value::DecimalList(xs),
    }
}

/// Named values as `rules` takes them.
pub fn rules_values(vs: &Values) -> rv::Values {
    rv::Values(vs.0.iter().map(|(k, v)| (k.clone(), to_rules(v))).collect())
}

/// Named values `rules` gave, as data.
pub fn values_from_rules(vs: rv::Values) -> Values {
    Values(vs.0.into_iter().map(|(k, v)| (k, from_rules(v))).collect())
}

/// A derivation `rules` traced, as data.
pub fn trace(t: rules::trace::Trace) -> Trace {
    Trace {
        steps: t
            .steps
            .into_iter()
            .map(|s| Step {
                cites: s.cites.to_string(),
                text: s.text,
            })
            .collect(),
    }
}

/// Resolves `rule` of `system` at `given` as `rules::resolve` does, in data.
pub fn resolve(system: &str, rule: &str, given: &Values) -> (Result<Values, rv::RuleError>, Trace) {
    let mut t = rules::trace::Trace::default();
    let outcome = rules::resolve(system, rule, &rules_values(given), &mut t);
    (outcome.map(values_from_rules), trace(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of value comes back from `rules` as it went, and shows as
    /// `rules` shows it.
    #[test]
    fn values_cross_both_ways_unchanged() {
        let all = [
            Value::Int(-3),
            Value::Bool(true),
            Value::Text("Leather".into()),
            Value::Dice(casefile::Dice {
                count: 2,
                sides: 6,
                bonus: -1,
            }),
            Value::Decimal(2.5),
            Value::IntList(vec![1, 2]),
            Value::TextList(vec!["a".into()]),
            Value::DecimalList(vec![0.5, 1.0]),
        ];
        for v in all {
            let r = to_rules(&v);
            assert_eq!(r.to_string(), v.to_string());
            assert_eq!(from_rules(r), v);
        }
    }
}
