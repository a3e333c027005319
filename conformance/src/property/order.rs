//! How two values of a law compare, whatever their types: the one order the
//! draws sort by and the laws judge by.

use std::cmp::Ordering;

use casefile::Value;

/// How two values compare: numbers (ints, and dice by their exact mean, exactly;
/// decimals as `f64`) with numbers, truths (false before true) with truths.
pub(super) fn compare(a: &Value, b: &Value) -> Result<Ordering, String> {
    let order = match (measure(a), measure(b)) {
        (Some(Measure::Halves(x)), Some(Measure::Halves(y))) => Some(x.cmp(&y)),
        (Some(Measure::Truth(x)), Some(Measure::Truth(y))) => Some(x.cmp(&y)),
        (Some(x), Some(y)) => x.real().zip(y.real()).and_then(|(x, y)| x.partial_cmp(&y)),
        _ => None,
    };
    order.ok_or_else(|| format!("{a} and {b} cannot be compared"))
}

enum Measure {
    /// A number in halves, so that a die's mean is whole.
    Halves(i128),
    Decimal(f64),
    Truth(bool),
}

impl Measure {
    /// A number as `f64`, to compare with a decimal.
    fn real(&self) -> Option<f64> {
        match self {
            Measure::Halves(h) => Some(*h as f64 / 2.0),
            Measure::Decimal(x) => Some(*x),
            Measure::Truth(_) => None,
        }
    }
}

fn measure(v: &Value) -> Option<Measure> {
    Some(match v {
        Value::Int(n) => Measure::Halves(2 * i128::from(*n)),
        Value::Dice(d) => {
            Measure::Halves(i128::from(d.count) * i128::from(d.sides + 1) + 2 * i128::from(d.bonus))
        }
        Value::Decimal(x) => Measure::Decimal(*x),
        Value::Bool(b) => Measure::Truth(*b),
        _ => return None,
    })
}
