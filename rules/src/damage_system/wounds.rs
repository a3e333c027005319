//! `spec/damage-system/wounds.md`: the attack's damage summed and rounded to wounds.

use super::{points, total};
use crate::bounds::no_negative_amount;
use crate::spec::damage_system::wounds::{accumulate, ids};
use crate::trace::Trace;
use crate::value::RuleError;

/// The damage of each hit, which is never below zero.
pub(crate) fn hits(damage: &[f64]) -> Result<&[f64], RuleError> {
    no_negative_amount(damage.iter().map(|&d| ("a hit's damage", d)))?;
    Ok(damage)
}

/// The attack's total damage and its wounds: the total rounded to the nearest
/// whole number, a half rounded up (see `ruling-wound-rounding`).
pub(crate) fn wounds_of(damage: &[f64], t: &mut Trace) -> (f64, i64) {
    let total = total(damage);
    let terms: Vec<String> = damage.iter().copied().map(points).collect();
    let sum = match terms.len() {
        0 => "no hits: 0".to_string(),
        1 => format!("one hit: {}", terms[0]),
        _ => format!("{} = {}", terms.join(" + "), points(total)),
    };
    t.step(ids::ADDING_UP_WOUNDS, sum);
    // `f64::round` takes a half away from zero: up, for damage.
    let wounds = total.round() as i64;
    if total.fract() != 0.0 {
        t.step(
            ids::RULING_WOUND_ROUNDING,
            format!(
                "{} to the nearest whole, a half up: {wounds} wound(s)",
                points(total)
            ),
        );
    } else {
        t.step(ids::ADDING_UP_WOUNDS, format!("{wounds} wound(s)"));
    }
    (total, wounds)
}

pub fn accumulate(g: &accumulate::Given, t: &mut Trace) -> Result<accumulate::Outcome, RuleError> {
    let (total, wounds) = wounds_of(hits(&g.damage)?, t);
    Ok(accumulate::Outcome { total, wounds })
}
