//! `spec/active-defense/unarmed-parry.md`: bare-handed parries and the parrying arm.

use crate::active_defense::parry::{half_skill_score, repeated_penalty};
use crate::bounds::{at_least, non_negative};
use crate::spec::active_defense::parry::{OFF_HAND_SKILL_PENALTY, PARRY_BASE, PARRY_SKILL_DIVISOR};
use crate::spec::active_defense::unarmed_parry::{
    ARM_CRIPPLING_DIVISOR, FAILED_PARRY_TARGETS, UNARMED_PARRY_ATTACKS, UNARMED_PARRY_SKILLS,
    UnarmedParryAttack, UnarmedParrySkill, failed_parry, ids, parrying_arm, unarmed_parry,
};
use crate::table::by_name;
use crate::trace::Trace;
use crate::value::RuleError;

fn skill_row(name: &str) -> Result<&'static UnarmedParrySkill, RuleError> {
    UNARMED_PARRY_SKILLS
        .iter()
        .find(|r| r.skill.eq_ignore_ascii_case(name))
        .ok_or_else(|| RuleError::Invalid(format!("`{name}` cannot parry bare-handed")))
}

/// One way to parry: a skill (or DX) at a level, with its Parry against this attack.
struct Basis {
    row: &'static UnarmedParrySkill,
    parry: i64,
    effective: i64,
}

pub fn unarmed_parry(
    g: &unarmed_parry::Given,
    t: &mut Trace,
) -> Result<unarmed_parry::Outcome, RuleError> {
    non_negative([
        ("DX", g.dx),
        ("free hands", g.hands_free),
        ("a skill", g.level.unwrap_or_default()),
    ])?;
    let attack = by_name(
        UNARMED_PARRY_ATTACKS,
        |r| r.attack,
        &g.attack,
        "attack",
        "unarmed-parry-attacks",
    )?;
    let bases = open_bases(g, attack, t)?;
    // The best basis; the skill (listed first) wins a tie.
    let Some(best) = bases
        .iter()
        .reduce(|a, b| if b.effective > a.effective { b } else { a })
    else {
        t.step(ids::UNARMED_PARRY, "no hand to parry with: Dodge only");
        return Ok(unarmed_parry::Outcome {
            allowed: false,
            basis: "none".into(),
            hands: 0,
            parry: 0,
            effective_parry: 0,
        });
    };
    best_parry(g, best, t)
}

/// The ways the defender might parry: the named skill (if any) first, then DX.
fn parry_options(
    g: &unarmed_parry::Given,
) -> Result<Vec<(&'static UnarmedParrySkill, i64)>, RuleError> {
    let mut options = Vec::new();
    match (&g.skill, g.level) {
        (Some(s), Some(level)) => options.push((skill_row(s)?, level)),
        (None, None) => {}
        _ => {
            return Err(RuleError::Invalid(
                "give an unarmed skill together with its level".into(),
            ));
        }
    }
    options.push((skill_row("DX")?, g.dx));
    Ok(options)
}

/// Each way to parry that the free hands allow, scored against this attack.
fn open_bases(
    g: &unarmed_parry::Given,
    attack: &UnarmedParryAttack,
    t: &mut Trace,
) -> Result<Vec<Basis>, RuleError> {
    let off_hand = g.off_hand == Some(true) && g.ambidextrous != Some(true);
    let mut bases = Vec::new();
    for (row, level) in parry_options(g)? {
        if g.hands_free < i64::from(row.hands) {
            t.step(
                ids::UNARMED_PARRY_SKILLS,
                format!(
                    "{} needs {} hand(s); {} free",
                    row.skill, row.hands, g.hands_free
                ),
            );
            continue;
        }
        let level = off_hand_level(row, level, off_hand, t);
        bases.push(basis(row, level, attack, t)?);
    }
    Ok(bases)
}

/// A one-handed parry with the off hand loses skill; a two-handed one does not.
fn off_hand_level(row: &UnarmedParrySkill, level: i64, off_hand: bool, t: &mut Trace) -> i64 {
    if off_hand && row.hands == 1 {
        let lowered = level - i64::from(OFF_HAND_SKILL_PENALTY);
        t.step(
            ids::BARE_HANDED_SCORE,
            format!(
                "{} with the off hand: {level} - {OFF_HAND_SKILL_PENALTY} = {lowered}",
                row.skill
            ),
        );
        return lowered;
    }
    if off_hand {
        t.step(
            ids::RULING_TWO_HANDED_OFF_HAND,
            format!("{} uses both hands: no off-hand penalty", row.skill),
        );
    }
    level
}

/// The Parry of one skill, and its worth against this attack (some skills parry weapons fully).
fn basis(
    row: &'static UnarmedParrySkill,
    level: i64,
    attack: &UnarmedParryAttack,
    t: &mut Trace,
) -> Result<Basis, RuleError> {
    let parry = half_skill_score(level)?;
    let full = row.full_against_weapons == "yes";
    let modifier = if full { 0 } else { i64::from(attack.modifier) };
    let effective = parry + modifier;
    t.step(
        ids::UNARMED_PARRY_ATTACKS,
        format!(
            "{}: {PARRY_BASE} + floor({level} / {PARRY_SKILL_DIVISOR}) = {parry}; {}{}{modifier:+}: {effective}",
            row.skill,
            attack.attack,
            if full && attack.modifier != 0 {
                " (full Parry with this skill) "
            } else {
                " "
            }
        ),
    );
    Ok(Basis {
        row,
        parry,
        effective,
    })
}

/// The chosen basis, less the penalty for parries already made this turn.
fn best_parry(
    g: &unarmed_parry::Given,
    best: &Basis,
    t: &mut Trace,
) -> Result<unarmed_parry::Outcome, RuleError> {
    if g.skill.is_some() {
        t.step(
            ids::RULING_DX_PARRY,
            format!(
                "the best of skill and DX open to the defender: {} at {}",
                best.row.skill, best.effective
            ),
        );
    }
    let mut effective = best.effective;
    if let Some(earlier) = g.earlier_parries {
        effective += repeated_penalty(false, g.trained == Some(true), earlier, t)?;
    }
    t.step(
        ids::BARE_HANDED_SCORE,
        format!("effective Parry {effective}"),
    );
    Ok(unarmed_parry::Outcome {
        allowed: true,
        basis: best.row.skill.to_string(),
        hands: best.row.hands.into(),
        parry: best.parry,
        effective_parry: effective,
    })
}

pub fn parrying_arm(
    g: &parrying_arm::Given,
    t: &mut Trace,
) -> Result<parrying_arm::Outcome, RuleError> {
    at_least(1, [("Hit Points", g.hit_points)])?;
    non_negative([("injury", g.injury)])?;
    let d = i64::from(ARM_CRIPPLING_DIVISOR);
    let crippled = g.injury * d > g.hit_points;
    t.step(
        ids::FAILED_UNARMED_PARRY,
        format!(
            "injury {} x {d} = {} {} {} Hit Points: {}",
            g.injury,
            g.injury * d,
            if crippled { ">" } else { "<=" },
            g.hit_points,
            if crippled { "crippled" } else { "not crippled" }
        ),
    );
    Ok(parrying_arm::Outcome { crippled })
}

pub fn failed_parry(
    g: &failed_parry::Given,
    t: &mut Trace,
) -> Result<failed_parry::Outcome, RuleError> {
    let locations = if g.hit_locations { "yes" } else { "no" };
    let attack = if g.weapon { "weapon" } else { "unarmed" };
    let row = FAILED_PARRY_TARGETS
        .iter()
        .find(|r| r.hit_locations == locations && r.attack == attack)
        .ok_or_else(|| RuleError::Invalid("no row of the failed-parry-targets table".into()))?;
    t.step(
        ids::FAILED_PARRY_TARGETS,
        format!(
            "hit locations: {locations}, {attack} attack: may strike {}",
            row.may_strike
        ),
    );
    Ok(failed_parry::Outcome {
        may_strike: row.may_strike.to_string(),
        arm_choice: row.arm_choice == "yes",
    })
}
