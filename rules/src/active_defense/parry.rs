//! `spec/active-defense/parry.md`: the weapon Parry, weapon balance, repeated parries,
//! the off hand, thrown weapons, and the counter-blow against unarmed attackers.

use crate::active_defense::defense_rolls::judge;
use crate::active_defense::retreat::bonus as retreat_bonus;
use crate::bounds::{named, non_negative};
use crate::spec::active_defense::parry::{
    COUNTER_BLOW_MODIFIERS, OFF_HAND_SKILL_PENALTY, PARRY_BASE, PARRY_SKILL_DIVISOR,
    REPEATED_PARRIES, THROWN_WEAPON_PARRIES, WEAPON_BALANCE, WeaponBalance, counter_blow, ids,
    parry,
};
use crate::spec::active_defense::retreat::RETREAT_BONUSES;
use crate::trace::Trace;
use crate::value::RuleError;

/// `3 + floor(skill / 2)`: the Parry (and Block) base of a skill level.
pub fn half_skill_score(level: i64) -> Result<i64, RuleError> {
    non_negative([("a skill", level)])?;
    Ok(i64::from(PARRY_BASE) + level.div_euclid(PARRY_SKILL_DIVISOR.into()))
}

/// Whether a skill is a fencing skill: a row of the retreat table marked `(fencing)`.
pub fn is_fencing(skill: &str) -> bool {
    RETREAT_BONUSES.iter().any(|r| {
        r.skill
            .is_some_and(|k| k.gloss == Some("fencing") && k.name.eq_ignore_ascii_case(skill))
    })
}

/// The repeated-parry penalty for the parries already made this turn.
pub fn repeated_penalty(
    fencing: bool,
    trained: bool,
    earlier: i64,
    t: &mut Trace,
) -> Result<i64, RuleError> {
    non_negative([("earlier parries", earlier)])?;
    let case = match (fencing, trained) {
        (false, false) => "Any other weapon, or a bare hand, without the advantages",
        (true, false) => "A fencing weapon",
        (false, true) => "Trained By A Master or Weapon Master",
        (true, true) => "A fencing weapon, with Trained By A Master or Weapon Master",
    };
    let row = REPEATED_PARRIES
        .iter()
        .find(|r| r.case == case)
        .ok_or_else(|| RuleError::Invalid(format!("no repeated-parries row `{case}`")))?;
    let penalty = row.penalty.for_amount(earlier);
    t.step(
        ids::REPEATED_PARRIES,
        format!(
            "{case}: {} per parry after the first; {earlier} already this turn: {penalty:+}",
            row.penalty.value
        ),
    );
    Ok(penalty)
}

pub fn parry(g: &parry::Given, t: &mut Trace) -> Result<parry::Outcome, RuleError> {
    named([("a weapon skill", g.skill.as_str())])?;
    let (bonus, allowed) = weapon_balance(g, t)?;
    let level = off_hand_level(g, t);
    let score = parry_score(g, level, bonus, t)?;
    let effective = against_this_attack(g, score, t)?;
    t.step(ids::EFFECTIVE_PARRY, format!("effective Parry {effective}"));
    Ok(parry::Outcome {
        allowed,
        parry: score,
        effective_parry: effective,
    })
}

/// Step 1: the weapon's balance sets its parry bonus and whether it parries after attacking.
fn weapon_balance(g: &parry::Given, t: &mut Trace) -> Result<(i64, bool), RuleError> {
    let row = balance_row(g.balance.as_deref().unwrap_or("Balanced"))?;
    let bonus = g.weapon_bonus.unwrap_or(row.parry_bonus.lo.into());
    if !i32::try_from(bonus).is_ok_and(|b| row.parry_bonus.contains(b)) {
        return Err(RuleError::Invalid(format!(
            "a {} weapon's parry bonus is {}, not {bonus:+}",
            row.balance.name, row.parry_bonus
        )));
    }
    let allowed = match row.parry_after_attacking {
        "yes" => true,
        "no" => g.attacked_with_it != Some(true),
        other => {
            return Err(RuleError::Invalid(format!(
                "the weapon-balance table holds `{other}`"
            )));
        }
    };
    t.step(
        ids::WEAPON_BALANCE,
        format!(
            "{}: parry bonus {bonus:+}{}",
            row.balance.name,
            if allowed {
                ""
            } else {
                "; it attacked this turn, so it cannot parry"
            }
        ),
    );
    Ok((bonus, allowed))
}

fn balance_row(balance: &str) -> Result<&'static WeaponBalance, RuleError> {
    WEAPON_BALANCE
        .iter()
        .find(|r| r.balance.name.eq_ignore_ascii_case(balance))
        .ok_or_else(|| {
            RuleError::Invalid(format!(
                "no balance `{balance}` in the weapon-balance table"
            ))
        })
}

/// Step 2: the off hand costs skill before halving, unless the defender is ambidextrous.
fn off_hand_level(g: &parry::Given, t: &mut Trace) -> i64 {
    if g.off_hand != Some(true) {
        return g.level;
    }
    if g.ambidextrous == Some(true) {
        t.step(ids::OFF_HAND, "off hand, but ambidextrous: no penalty");
        return g.level;
    }
    let level = g.level - i64::from(OFF_HAND_SKILL_PENALTY);
    t.step(
        ids::RULING_OFF_HAND,
        format!(
            "off hand: skill {} - {OFF_HAND_SKILL_PENALTY} = {level} before halving",
            g.level
        ),
    );
    level
}

/// Step 3: the Parry score; an off-hand penalty read as a Parry penalty gives the same.
fn parry_score(g: &parry::Given, level: i64, bonus: i64, t: &mut Trace) -> Result<i64, RuleError> {
    let score = half_skill_score(level)? + bonus;
    t.step(
        ids::PARRY_SCORE,
        format!("{PARRY_BASE} + floor({level} / {PARRY_SKILL_DIVISOR}) {bonus:+} = Parry {score}"),
    );
    if level != g.level {
        let per_parry = i64::from(OFF_HAND_SKILL_PENALTY / PARRY_SKILL_DIVISOR);
        let other = half_skill_score(g.level)? + bonus - per_parry;
        t.step(
            ids::RULING_OFF_HAND,
            format!(
                "read as -{per_parry} to Parry instead: {PARRY_BASE} + floor({} / {PARRY_SKILL_DIVISOR}) {bonus:+} - {per_parry} = {other}, the same",
                g.level
            ),
        );
    }
    Ok(score)
}

/// Step 4: the score against this attack: repeated parries, a thrown weapon, a retreat.
fn against_this_attack(g: &parry::Given, score: i64, t: &mut Trace) -> Result<i64, RuleError> {
    let fencing = is_fencing(&g.skill);
    if fencing {
        t.step(
            ids::RULING_FENCING_WEAPON,
            format!("{} is a fencing skill: a fencing weapon", g.skill),
        );
    }
    let mut effective = score;
    if let Some(earlier) = g.earlier_parries {
        effective += repeated_penalty(fencing, g.trained == Some(true), earlier, t)?;
    }
    if let Some(thrown) = &g.thrown {
        effective += thrown_modifier(thrown, t)?;
    }
    Ok(effective + retreat(g, t)?)
}

fn thrown_modifier(thrown: &str, t: &mut Trace) -> Result<i64, RuleError> {
    let row = THROWN_WEAPON_PARRIES
        .iter()
        .find(|r| r.thrown.name.eq_ignore_ascii_case(thrown))
        .ok_or_else(|| RuleError::Invalid(format!("no thrown weapon `{thrown}` in the table")))?;
    t.step(
        ids::THROWN_WEAPON_PARRIES,
        format!(
            "{} thrown weapon ({}): {:+}",
            row.thrown.name,
            row.thrown.gloss.unwrap_or(""),
            row.modifier
        ),
    );
    Ok(row.modifier.into())
}

/// A retreat goes with melee attacks only, so it adds nothing against a thrown weapon.
fn retreat(g: &parry::Given, t: &mut Trace) -> Result<i64, RuleError> {
    if g.retreat != Some(true) {
        return Ok(0);
    }
    if g.thrown.is_some() {
        t.step(
            ids::EFFECTIVE_PARRY,
            "a retreat goes with melee attacks only: nothing against a thrown weapon",
        );
        return Ok(0);
    }
    retreat_bonus("Parry", Some(&g.skill), t)
}

pub fn counter_blow(
    g: &counter_blow::Given,
    t: &mut Trace,
) -> Result<counter_blow::Outcome, RuleError> {
    non_negative([("a skill", g.level)])?;
    named([("the attacker's skill", g.attacker_skill.as_str())])?;
    let row = COUNTER_BLOW_MODIFIERS
        .iter()
        .find(|r| r.attacker_skill.eq_ignore_ascii_case(&g.attacker_skill))
        .or_else(|| {
            COUNTER_BLOW_MODIFIERS
                .iter()
                .find(|r| r.attacker_skill == "Any other unarmed attack")
        })
        .ok_or_else(|| RuleError::Invalid("the counter-blow table has no default row".into()))?;
    let target = g.level + i64::from(row.modifier);
    t.step(
        ids::COUNTER_BLOW_MODIFIERS,
        format!(
            "attacker used {} ({}): {} {:+} = {target}",
            g.attacker_skill, row.attacker_skill, g.level, row.modifier
        ),
    );
    let j = judge(target, g.roll, t)?;
    t.step(
        ids::COUNTER_BLOW,
        if j.success {
            "the parry struck the attacking limb: no defense, roll damage"
        } else {
            "the parry did not strike the limb"
        },
    );
    Ok(counter_blow::Outcome {
        target,
        struck: j.success,
    })
}
