//! `spec/action/combat-modifiers.md`: DEF, and the TN of a ranged shot.

use crate::bounds::non_negative;
use crate::spec::action::combat_modifiers::{
    AIMING, ATTACK_MODIFIERS, BASE_DEF, DEF_MODIFIERS, DISTANCE, TARGET_MOVING, def, ids,
    ranged_tn, situation,
};
use crate::spec::action::weapons::ids as weapon_ids;
use crate::table::{Term, band_of, by_prefix};
use crate::trace::Trace;
use crate::value::RuleError;

pub fn ranged_tn(g: &ranged_tn::Given, t: &mut Trace) -> Result<ranged_tn::Outcome, RuleError> {
    non_negative([
        ("REF", g.r#ref.unwrap_or_default()),
        ("a distance", g.distance),
        ("a target's speed", g.target_speed.unwrap_or_default()),
        ("turns of aim", g.aim_turns.unwrap_or_default()),
    ])?;
    let def = aware_def(g.r#ref, t)?;
    let range_modifier = distance_modifier(g.distance, t)?;
    let speed_modifier = speed_modifier(g.target_speed.unwrap_or(0), t);
    let tn = def - range_modifier - speed_modifier;
    t.step(
        ids::RANGED_TN,
        format!("TN = DEF {def} - ({range_modifier:+}) - ({speed_modifier:+}) = {tn}"),
    );
    let aim_bonus = aim_bonus(g.aim_turns.unwrap_or(0), t)?;
    let stance_modifier = stance_modifier(g.stance.as_deref(), t)?;
    let aimed_tn = tn - aim_bonus - stance_modifier;
    if aim_bonus != 0 || stance_modifier != 0 {
        t.step(
            ids::RANGED_TN,
            format!("aimed TN = {tn} - {aim_bonus} - ({stance_modifier:+}) = {aimed_tn}"),
        );
    }
    Ok(ranged_tn::Outcome {
        def,
        range_modifier,
        speed_modifier,
        tn,
        aim_bonus,
        stance_modifier,
        aimed_tn,
    })
}

/// The aiming table's row for how the weapon is held (`Braced`, `Hip shot`), or 0.
fn stance_modifier(stance: Option<&str>, t: &mut Trace) -> Result<i64, RuleError> {
    let Some(stance) = stance else {
        return Ok(0);
    };
    let row = by_prefix(AIMING, |a| a.condition, stance, "the aiming table")?;
    t.step(
        ids::AIMING_TABLE,
        format!("{}: {:+}", row.condition, row.modifier.value),
    );
    Ok(row.modifier.value.into())
}

/// Base DEF, plus REF when the target knows the attack is coming (`ref` given).
fn aware_def(r#ref: Option<i64>, t: &mut Trace) -> Result<i64, RuleError> {
    let base = i64::from(BASE_DEF);
    t.step(ids::BASE_DEF, format!("base DEF {base}"));
    let Some(r) = r#ref else {
        t.step(
            ids::DEF_MODIFIER_TABLE,
            "target unaware of the attack: no REF",
        );
        return Ok(base);
    };
    let (situation, sign) = stat_row("REF")?;
    let def = base + sign * r;
    t.step(
        ids::DEF_MODIFIER_TABLE,
        format!("{situation}: + REF {r}, DEF {def}"),
    );
    Ok(def)
}

/// The distance table's modifier for a shot at `metres`, held at the last band past
/// the table's end (the ruling on shots past the distance table).
pub(crate) fn distance_modifier(metres: i64, t: &mut Trace) -> Result<i64, RuleError> {
    let past = DISTANCE
        .last()
        .filter(|b| b.metres.hi.is_some_and(|hi| metres > hi.into()));
    if let Some(band) = past {
        t.step(
            weapon_ids::RULING_PAST_DISTANCE_TABLE,
            format!(
                "{metres} m is past the table's last band, {} m: {:+}",
                band.metres, band.modifier
            ),
        );
        return Ok(band.modifier.into());
    }
    let m = i32::try_from(metres)
        .map_err(|_| RuleError::Invalid(format!("{metres} m is no distance")))?;
    let band = band_of(DISTANCE, |b| b.metres, m)
        .ok_or_else(|| RuleError::Invalid(format!("{metres} m is outside the distance table")))?;
    t.step(
        ids::DISTANCE_TABLE,
        format!("{metres} m falls in {} m: {:+}", band.metres, band.modifier),
    );
    Ok(band.modifier.into())
}

fn speed_modifier(speed: i64, t: &mut Trace) -> i64 {
    let band = i32::try_from(speed)
        .ok()
        .and_then(|s| band_of(TARGET_MOVING, |b| b.speed, s));
    match band {
        Some(b) => {
            t.step(
                ids::TARGET_MOVING_TABLE,
                format!(
                    "target at {speed} m/turn falls in {}: {:+}",
                    b.speed, b.modifier
                ),
            );
            b.modifier.into()
        }
        None => 0,
    }
}

fn aim_bonus(turns: i64, t: &mut Trace) -> Result<i64, RuleError> {
    if turns == 0 {
        return Ok(0);
    }
    let aiming = AIMING
        .iter()
        .find(|a| a.condition == "Aiming")
        .ok_or_else(|| RuleError::Invalid("the aiming table has no Aiming row".into()))?;
    let bonus = aiming.modifier.for_amount(turns);
    t.step(
        ids::AIMING_TABLE,
        format!(
            "{turns} turns of aim at {:+} each, capped: {bonus:+}",
            aiming.modifier.value
        ),
    );
    Ok(bonus)
}

pub fn situation(g: &situation::Given, t: &mut Trace) -> Result<situation::Outcome, RuleError> {
    let mut modifier = 0;
    for name in &g.situations {
        let row = by_prefix(
            ATTACK_MODIFIERS,
            |r| r.situation,
            name,
            "the attack modifiers",
        )?;
        let group = row.category.map(|c| format!("{c}: ")).unwrap_or_default();
        t.step(
            ids::ATTACK_MODIFIER_TABLE,
            format!("{group}{}: {:+}", row.situation, row.modifier),
        );
        modifier += i64::from(row.modifier);
    }
    t.step(ids::ATTACK_MODIFIERS, format!("in all {modifier:+}"));
    Ok(situation::Outcome { modifier })
}

/// The DEF row whose term adds the named statistic (`REF`, `Skill score`).
fn stat_row(stat: &str) -> Result<(&'static str, i64), RuleError> {
    DEF_MODIFIERS
        .iter()
        .find_map(|row| match row.modifier {
            Some(Term::Stat { sign, name }) if name == stat => {
                Some((row.situation, i64::from(sign)))
            }
            _ => None,
        })
        .ok_or_else(|| RuleError::Invalid(format!("the DEF modifiers table has no `+ {stat}` row")))
}

pub fn def(g: &def::Given, t: &mut Trace) -> Result<def::Outcome, RuleError> {
    non_negative([
        ("REF", g.r#ref.unwrap_or_default()),
        ("a skill score", g.skill.unwrap_or_default()),
    ])?;
    let mut total = aware_def(g.r#ref, t)?;
    if let Some(v) = g.skill {
        let (situation, sign) = stat_row("Skill score")?;
        total += sign * v;
        t.step(
            ids::DEF_MODIFIER_TABLE,
            format!("{situation}: + Skill score {v}"),
        );
    }
    for name in &g.situations {
        let row = by_prefix(DEF_MODIFIERS, |r| r.situation, name, "the DEF modifiers")?;
        let add = match row.modifier {
            Some(Term::Flat(n)) => i64::from(n),
            None => 0,
            Some(Term::Stat { name, .. }) => {
                return Err(RuleError::Invalid(format!(
                    "`{}` adds {name}: give it as an input",
                    row.situation
                )));
            }
        };
        t.step(
            ids::DEF_MODIFIER_TABLE,
            format!("{}: {add:+}", row.situation),
        );
        total += add;
    }
    t.step(ids::TARGET_DEF, format!("DEF {total}"));
    Ok(def::Outcome { def: total })
}
