//! `spec/damage-system/non-lethal.md`: half of a non-lethal attack's wounds
//! soaked at once into shock, then the soak test as usual.

use super::soak_test::spend;
use super::wounds::{hits, wounds_of};
use crate::spec::damage_system::non_lethal::{NON_LETHAL_DIVISOR, ids, non_lethal};
use crate::trace::Trace;
use crate::value::RuleError;

/// The wounds soaked at once: the rounded wounds over the divisor, rounded up
/// (see `ruling-non-lethal-half`).
pub(crate) fn converted(wounds: i64, t: &mut Trace) -> i64 {
    let d = i64::from(NON_LETHAL_DIVISOR);
    let converted = (wounds + d - 1).div_euclid(d);
    t.step(
        ids::RULING_NON_LETHAL_HALF,
        format!(
            "non-lethal: {wounds} wounds / {d}, rounded up: {converted} become shock, {} stay wounds",
            wounds - converted
        ),
    );
    converted
}

pub fn non_lethal(g: &non_lethal::Given, t: &mut Trace) -> Result<non_lethal::Outcome, RuleError> {
    let (total, rounded) = wounds_of(hits(&g.damage)?, t);
    let converted = converted(rounded, t);
    let (mut wounds, mut shock) = (rounded - converted, converted);
    if let Some(successes) = g.successes {
        t.step(
            ids::RESOLVING_NON_LETHAL,
            format!("the soak test as usual, on {wounds} wounds and {shock} shock"),
        );
        let s = spend(wounds, shock, successes, t)?;
        (wounds, shock) = (s.wounds, s.shock);
    }
    Ok(non_lethal::Outcome {
        total,
        converted,
        wounds,
        shock,
    })
}
