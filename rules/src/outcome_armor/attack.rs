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

    let total = attack_total(g.roll, g.skill, g.attack_modifier, t);
    let dodge_modifier = g.dodge_modifier.unwrap_or(0);
    let plain = g.dodge + dodge_modifier;
    t.step(
        ids::RULING_UNMODIFIED_DODGE,
        format!(
            "plain Dodge {} {dodge_modifier:+} = {plain} (every modifier but the armor's)",
            g.dodge
        ),
    );
    let (outcome, hit) = measure(total, plain, "plain Dodge", t);

    let (dodge_bonus, low_end) = match armor {
        Some((coverage, partial)) => {
            let (effectiveness, low_end) = against(g.penetration, partial, t)?;
            (bonus(coverage, effectiveness, t)?, Some(low_end))
        }
        None => {
            t.step(ids::ATTACK, "no armor: Dodge bonus +0, no seal");
            (0, None)
        }
    };
    let armored = plain + dodge_bonus;
    t.step(
        ids::ATTACK,
        format!("armored Dodge {plain} {dodge_bonus:+} = {armored}"),
    );
    let (armored_outcome, through) = measure(total, armored, "armored Dodge", t);

    let sealed = match low_end {
        Some(lo) if hit && through => sealed_out(
            g.penetration,
            g.sealed_below,
            g.forcefield.unwrap_or(false),
            Some(lo),
            t,
        )?,
        _ => false,
    };
    let penetrates = hit && through && !sealed;

    let damage = if penetrates {
        t.step(
            ids::PENETRATING_HIT,
            "the armored Dodge is reached: the hit gets through",
        );
        t.step(
            ids::RULING_DAMAGE_OUTCOME,
            format!("damage adds the armored Outcome, {armored_outcome}"),
        );
        deal(
            armored_outcome,
            g.weapon_damage,
            g.penetration,
            g.size,
            armor.map(|(c, _)| c),
            t,
        )?
        .damage
    } else if hit {
        t.step(
            ids::HIT_WITHOUT_PENETRATION,
            if sealed {
                "sealed out: a hit (knockback, touch effects) that does no damage"
            } else {
                "the plain Dodge is reached, the armored one is not: a hit (knockback, touch effects) that does no damage"
            },
        );
        0
    } else {
        t.step(ids::ATTACK, "the plain Dodge is not reached: a miss");
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
