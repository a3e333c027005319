//! `spec/damage-system/soak-test.md`: spending soak successes on the attack's
//! wounds and shock.

use crate::bounds::non_negative;
use crate::spec::damage_system::soak_test::{SOAK_EFFECTS, SoakEffect, ids, soak};
use crate::trace::Trace;
use crate::value::RuleError;

fn effect(name: &str) -> Result<&'static SoakEffect, RuleError> {
    SOAK_EFFECTS
        .iter()
        .find(|e| e.effect == name)
        .ok_or_else(|| RuleError::Invalid(format!("the soak effects table has no {name} row")))
}

/// What spending successes in the glossary's order leaves (see `ruling-soak-order`).
pub(crate) struct Soaked {
    pub soaked: i64,
    pub shock_negated: i64,
    pub wounds_negated: i64,
    pub wounds: i64,
    pub shock: i64,
}

pub(crate) fn spend(
    wounds: i64,
    shock: i64,
    successes: i64,
    t: &mut Trace,
) -> Result<Soaked, RuleError> {
    non_negative([
        ("wounds", wounds),
        ("shock", shock),
        ("successes", successes),
    ])?;
    let soak = effect("Soak")?;
    let negate_shock = effect("Negate Shock")?;
    let negate_wound = effect("Negate Wound")?;
    let combined = (
        soak.successes + negate_shock.successes,
        soak.wounds + negate_shock.wounds,
        soak.shock + negate_shock.shock,
    );
    if combined
        != (
            negate_wound.successes,
            negate_wound.wounds,
            negate_wound.shock,
        )
    {
        return Err(RuleError::Invalid(
            "Negate Wound is not a Soak and a Negate Shock together, as the ruling reads it".into(),
        ));
    }
    let soak_cost = i64::from(soak.successes);
    let negate_cost = i64::from(negate_shock.successes);

    let soaked = (successes / soak_cost).min(wounds);
    let left = successes - soaked * soak_cost;
    let wounds_after_soak = wounds + soaked * i64::from(soak.wounds);
    let shock_after_soak = shock + soaked * i64::from(soak.shock);
    t.step(
        ids::RULING_SOAK_ORDER,
        format!(
            "{successes} successes: Soak {soaked} of {wounds} wounds at {soak_cost} each: \
             {wounds_after_soak} wounds, {shock_after_soak} shock, {left} successes left"
        ),
    );
    let negated = (left / negate_cost).min(shock_after_soak);
    let wasted = left - negated * negate_cost;
    let wounds_left = wounds_after_soak + negated * i64::from(negate_shock.wounds);
    let shock_left = shock_after_soak + negated * i64::from(negate_shock.shock);
    t.step(
        ids::RULING_SOAK_ORDER,
        format!(
            "Negate Shock {negated} at {negate_cost} each: {wounds_left} wounds, {shock_left} shock\
             {}",
            if wasted > 0 {
                format!(", {wasted} successes wasted")
            } else {
                String::new()
            }
        ),
    );
    let wounds_negated = soaked.min(negated);
    if wounds_negated > 0 {
        t.step(
            ids::SOAK_EFFECTS_TABLE,
            format!(
                "{wounds_negated} Soak + Negate Shock pair(s) = {wounds_negated} Negate Wound \
                 ({} successes each)",
                negate_wound.successes
            ),
        );
    }
    Ok(Soaked {
        soaked,
        shock_negated: negated,
        wounds_negated,
        wounds: wounds_left,
        shock: shock_left,
    })
}

pub fn soak(g: &soak::Given, t: &mut Trace) -> Result<soak::Outcome, RuleError> {
    let s = spend(g.wounds, g.shock.unwrap_or(0), g.successes, t)?;
    Ok(soak::Outcome {
        soaked: s.soaked,
        shock_negated: s.shock_negated,
        wounds_negated: s.wounds_negated,
        wounds: s.wounds,
        shock: s.shock,
    })
}
