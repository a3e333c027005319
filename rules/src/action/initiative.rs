//! `spec/action/initiative.md`: the order of action in a combat turn.

use crate::bounds::{non_negative, rolled};
use crate::spec::action::initiative::{INITIATIVE_DIE, ids, order};
use crate::trace::Trace;
use crate::value::RuleError;

pub fn order(g: &order::Given, t: &mut Trace) -> Result<order::Outcome, RuleError> {
    check_given(g)?;
    let totals = character_totals(g, t);
    let opponents_total = g.leader_ini + g.leader_roll;
    t.step(
        ids::INITIATIVE_ROLL,
        format!(
            "opposing side, on its leader's one throw: INI {} + {} on the {INITIATIVE_DIE} = {opponents_total}",
            g.leader_ini, g.leader_roll
        ),
    );
    // Everyone who acts this turn, as (initiative, Intellect); the opposing side last.
    let keys: Vec<(i64, i64)> = totals
        .iter()
        .copied()
        .zip(g.intellect.iter().copied())
        .chain([(opponents_total, g.leader_intellect)])
        .collect();
    let mut ranks = places(&keys);
    let n = g.ini.len();
    trace_ties(&keys, n, t);
    let opponents_rank = ranks.pop().unwrap_or_default();
    for (k, rank) in ranks.iter().enumerate() {
        t.step(ids::INITIATIVE_TIES, format!("{}: place {rank}", who(k, n)));
    }
    t.step(
        ids::INITIATIVE_TIES,
        format!("opposing side: place {opponents_rank}"),
    );
    Ok(order::Outcome {
        totals,
        opponents_total,
        ranks,
        opponents_rank,
    })
}

/// Refuses lists of unequal length, throws off the die and a negative Intellect.
fn check_given(g: &order::Given) -> Result<(), RuleError> {
    let n = g.ini.len();
    if g.rolls.len() != n || g.intellect.len() != n {
        return Err(RuleError::Invalid(format!(
            "{n} INI scores, {} rolls and {} Intellects: one of each per player character",
            g.rolls.len(),
            g.intellect.len()
        )));
    }
    let rolls = g.rolls.iter().chain([&g.leader_roll]);
    rolled(
        INITIATIVE_DIE,
        rolls.map(|&r| ("a throw of the initiative die", r)),
    )?;
    let intellects = g.intellect.iter().chain([&g.leader_intellect]);
    non_negative(intellects.map(|&i| ("Intellect", i)))
}

/// Each player character's initiative: INI plus their own throw.
fn character_totals(g: &order::Given, t: &mut Trace) -> Vec<i64> {
    let totals: Vec<i64> = g.ini.iter().zip(&g.rolls).map(|(i, r)| i + r).collect();
    for (k, ((ini, roll), total)) in g.ini.iter().zip(&g.rolls).zip(&totals).enumerate() {
        t.step(
            ids::INITIATIVE_ROLL,
            format!(
                "character {}: INI {ini} + {roll} on the {INITIATIVE_DIE} = {total}",
                k + 1
            ),
        );
    }
    totals
}

/// Each combatant's place: one more than the number ahead of it, equals sharing a place.
fn places(keys: &[(i64, i64)]) -> Vec<i64> {
    keys.iter()
        .map(|k| 1 + i64::try_from(keys.iter().filter(|o| *o > k).count()).unwrap_or(i64::MAX))
        .collect()
}

/// Names every tie of initiative and how Intellect settles it; `keys[n]` is the opposing side.
fn trace_ties(keys: &[(i64, i64)], n: usize, t: &mut Trace) {
    for (a, ka) in keys.iter().enumerate() {
        for (b, kb) in keys.iter().enumerate().skip(a + 1) {
            if ka.0 == kb.0 {
                // The opposing side is last: a tie with it is settled on its leader's Intellect.
                let (cites, whose) = if b == n {
                    (ids::RULING_OPPOSING_TIE, "the leader's ")
                } else {
                    (ids::INITIATIVE_TIES, "")
                };
                let how = if ka.1 == kb.1 {
                    "equal Intellect too: they act at once".to_string()
                } else {
                    format!("Intellect {} against {whose}{}", ka.1, kb.1)
                };
                t.step(
                    cites,
                    format!("{} and {} tie at {}: {how}", who(a, n), who(b, n), ka.0),
                );
            }
        }
    }
}

/// Names the `k`th combatant; the last of `n + 1` is the opposing side.
fn who(k: usize, n: usize) -> String {
    if k == n {
        "opposing side".into()
    } else {
        format!("character {}", k + 1)
    }
}
