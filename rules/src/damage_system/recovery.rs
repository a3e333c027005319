//! `spec/damage-system/recovery.md`: shock wearing off, the Recover action,
//! and first aid.

use super::conditions::{acts, conditions_of};
use crate::bounds::non_negative;
use crate::spec::damage_system::recovery::{
    FIRST_AID_DIFFICULTY, FIRST_AID_EFFECTS, FirstAidEffect, RECOVER_DIFFICULTY,
    SHOCK_PER_RECOVER_SUCCESS, SHOCK_RECOVERED_PER_ROUND, automatic_recovery, first_aid, ids,
    recover_action,
};
use crate::trace::Trace;
use crate::value::RuleError;

pub fn automatic_recovery(
    g: &automatic_recovery::Given,
    t: &mut Trace,
) -> Result<automatic_recovery::Outcome, RuleError> {
    non_negative([("shock", g.shock), ("rounds", g.rounds)])?;
    let per = i64::from(SHOCK_RECOVERED_PER_ROUND);
    let shock = (g.shock - per * g.rounds).max(0);
    t.step(
        ids::SHOCK_RECOVERY,
        format!(
            "{} shock - {per} x {} rounds, 0 at least: {shock}",
            g.shock, g.rounds
        ),
    );
    Ok(automatic_recovery::Outcome { shock })
}

pub fn recover_action(
    g: &recover_action::Given,
    t: &mut Trace,
) -> Result<recover_action::Outcome, RuleError> {
    non_negative([("successes", g.successes)])?;
    let conditions = conditions_of(g.wounds, g.shock, t)?;
    if let Some(c) = conditions.iter().find(|c| !acts(c)) {
        return Err(RuleError::Invalid(format!(
            "{} wounds and {} shock: {}: no actions, the Recover action included",
            g.wounds, g.shock, c.condition
        )));
    }
    let removed = (g.successes * i64::from(SHOCK_PER_RECOVER_SUCCESS)).min(g.shock);
    let shock = g.shock - removed;
    t.step(
        ids::SHOCK_RECOVERY,
        format!(
            "Recover action, {RECOVER_DIFFICULTY} test: {} successes x {SHOCK_PER_RECOVER_SUCCESS}, \
             at most the {} shock: {removed} removed, {shock} left",
            g.successes, g.shock
        ),
    );
    Ok(recover_action::Outcome {
        difficulty: RECOVER_DIFFICULTY.to_string(),
        removed,
        shock,
    })
}

fn effect(name: &str) -> Result<&'static FirstAidEffect, RuleError> {
    FIRST_AID_EFFECTS
        .iter()
        .find(|e| e.effect == name)
        .ok_or_else(|| RuleError::Invalid(format!("the first aid effects table has no {name} row")))
}

/// Buys `effect` with EP, at most `track` times; returns how many were bought.
fn buy(effect: &FirstAidEffect, track: i64, ep: &mut i64) -> i64 {
    let cost = i64::from(effect.ep);
    let bought = (*ep / cost).min(track);
    *ep -= bought * cost;
    bought
}

pub fn first_aid(g: &first_aid::Given, t: &mut Trace) -> Result<first_aid::Outcome, RuleError> {
    non_negative([("ep", g.ep)])?;
    if !g.medical_kit {
        return Err(RuleError::Invalid(
            "no kit at hand: first aid needs a suitable medical kit (see ruling-first-aid)".into(),
        ));
    }
    t.step(ids::RULING_FIRST_AID, "a suitable medical kit is at hand");
    let conditions = conditions_of(g.wounds, g.shock, t)?;
    let difficulty = conditions
        .iter()
        .find_map(|c| {
            FIRST_AID_DIFFICULTY
                .iter()
                .find(|d| d.condition == c.condition)
        })
        .ok_or_else(|| {
            RuleError::Invalid(format!(
                "first aid has no difficulty for a patient with {} wounds (see ruling-first-aid)",
                g.wounds
            ))
        })?;
    t.step(
        ids::FIRST_AID_DIFFICULTY,
        format!("{}: {}", difficulty.condition, difficulty.difficulty),
    );
    let wound = effect("Recover a Wound")?;
    let shock = effect("Recover Shock")?;
    let mut ep = g.ep;
    let wounds_recovered = buy(wound, g.wounds, &mut ep);
    let wounds = g.wounds + wounds_recovered * i64::from(wound.wounds);
    t.step(
        ids::RULING_FIRST_AID,
        format!(
            "{} EP: {wounds_recovered} wound(s) at {} EP each, {wounds} wounds left, {ep} EP left",
            g.ep, wound.ep
        ),
    );
    let shock_recovered = buy(shock, g.shock, &mut ep);
    let shock_left = g.shock + shock_recovered * i64::from(shock.shock);
    t.step(
        ids::RULING_FIRST_AID,
        format!(
            "{shock_recovered} shock at {} EP each, {shock_left} shock left{}",
            shock.ep,
            if ep > 0 {
                format!(", {ep} EP lost")
            } else {
                String::new()
            }
        ),
    );
    Ok(first_aid::Outcome {
        difficulty: difficulty.difficulty.to_string(),
        wounds_recovered,
        shock_recovered,
        wounds,
        shock: shock_left,
    })
}
