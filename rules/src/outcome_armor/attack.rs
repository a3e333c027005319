//! `spec/outcome-armor/attack.md`: one roll against the plain and the armored
//! Dodge: a miss, a hit that does not get through, or a hit that does.

use super::coverage::bonus;
use super::damage::deal;
use super::outcome::{attack_total, measure};
use super::protection::against;
use super::sealed_armor::sealed_out;
use crate::bounds::non_negative;
use crate::spec::outcome_armor::attack::{attack, ids};
use crate::trace::Trace;
use crate::value::RuleError;

pub fn attack(g: &attack::Given, t: &mut Trace) -> Result<attack::Outcome, RuleError> {
    super::ratings(g.penetration, g.sealed_below)?;
    non_negative([("a weapon damage rating", g.weapon_damage)])?;
    let armor = armor_given(g)?;

    let total = attack_total(g.roll, g.skill, g.attack_modifier, t);
    let plain = plain_dodge(g, t);
    let (outcome, hit) = measure(total, plain, "plain Dodge", t);

    let (dodge_bonus, low_end) = armor_bonus(armor, g.penetration, t)?;
    let armored = plain + dodge_bonus;
    t.step(
        ids::ATTACK,
        format!("armored Dodge {plain} {dodge_bonus:+} = {armored}"),
    );
    let (armored_outcome, through) = measure(total, armored, "armored Dodge", t);

    let sealed = sealed_hit(g, low_end, hit && through, t)?;
    let penetrates = hit && through && !sealed;

    let damage = if penetrates {
        penetrating_damage(g, armored_outcome, armor.map(|(c, _)| c), t)?
    } else {
        why_no_damage(hit, sealed, t);
        0
    };

    Ok(attack::Outcome {
        outcome,
        dodge_bonus,
        armored_outcome,
        hit,
        penetrates,
        damage,
    })
}

/// The armor's coverage and partial range: both or neither, and none means no seal either.
fn armor_given(g: &attack::Given) -> Result<Option<(&str, &str)>, RuleError> {
    let armor = match (g.coverage.as_deref(), g.partial.as_deref()) {
        (Some(c), Some(p)) => Some((c, p)),
        (None, None) => None,
        _ => {
            return Err(RuleError::Invalid(
                "armor needs both its coverage and its partial range".into(),
            ));
        }
    };
    if armor.is_none() && (g.sealed_below.is_some() || g.forcefield.is_some()) {
        return Err(RuleError::Invalid(
            "a seal or a forcefield is given, but no armor (coverage and partial range)".into(),
        ));
    }
    Ok(armor)
}

/// The Dodge with every modifier but the armor's, which the hit is measured against.
fn plain_dodge(g: &attack::Given, t: &mut Trace) -> i64 {
    let dodge_modifier = g.dodge_modifier.unwrap_or(0);
    let plain = g.dodge + dodge_modifier;
    t.step(
        ids::RULING_UNMODIFIED_DODGE,
        format!(
            "plain Dodge {} {dodge_modifier:+} = {plain} (every modifier but the armor's)",
            g.dodge
        ),
    );
    plain
}

/// The armor's Dodge bonus against this penetration, and the low end of its partial range.
fn armor_bonus(
    armor: Option<(&str, &str)>,
    penetration: i64,
    t: &mut Trace,
) -> Result<(i64, Option<i64>), RuleError> {
    match armor {
        Some((coverage, partial)) => {
            let (effectiveness, low_end) = against(penetration, partial, t)?;
            Ok((bonus(coverage, effectiveness, t)?, Some(low_end)))
        }
        None => {
            t.step(ids::ATTACK, "no armor: Dodge bonus +0, no seal");
            Ok((0, None))
        }
    }
}

/// Whether a hit that reaches the armored Dodge is still sealed out; only armor seals.
fn sealed_hit(
    g: &attack::Given,
    low_end: Option<i64>,
    reached: bool,
    t: &mut Trace,
) -> Result<bool, RuleError> {
    match low_end {
        Some(lo) if reached => sealed_out(
            g.penetration,
            g.sealed_below,
            g.forcefield.unwrap_or(false),
            Some(lo),
            t,
        ),
        _ => Ok(false),
    }
}

/// The damage of a hit that gets through, which adds the armored Outcome.
fn penetrating_damage(
    g: &attack::Given,
    armored_outcome: i64,
    coverage: Option<&str>,
    t: &mut Trace,
) -> Result<i64, RuleError> {
    t.step(
        ids::PENETRATING_HIT,
        "the armored Dodge is reached: the hit gets through",
    );
    t.step(
        ids::RULING_DAMAGE_OUTCOME,
        format!("damage adds the armored Outcome, {armored_outcome}"),
    );
    Ok(deal(
        armored_outcome,
        g.weapon_damage,
        g.penetration,
        g.size,
        coverage,
        t,
    )?
    .damage)
}

/// Why an attack that does not get through deals no damage: a miss, or a hit stopped.
fn why_no_damage(hit: bool, sealed: bool, t: &mut Trace) {
    if hit {
        t.step(
            ids::HIT_WITHOUT_PENETRATION,
            if sealed {
                "sealed out: a hit (knockback, touch effects) that does no damage"
            } else {
                "the plain Dodge is reached, the armored one is not: a hit (knockback, touch effects) that does no damage"
            },
        );
    } else {
        t.step(ids::ATTACK, "the plain Dodge is not reached: a miss");
    }
}
