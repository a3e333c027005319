//! `spec/active-defense/special-dodges.md`: the acrobatic, sacrificial and vehicular
//! dodges.

use crate::active_defense::defense_rolls::judge;
use crate::active_defense::retreat::bonus as retreat_bonus;
use crate::bounds::{non_negative, rolled};
use crate::spec::active_defense::defense_rolls::DEFENSE_DICE;
use crate::spec::active_defense::special_dodges::{
    ACROBATIC_RESULTS, MIN_ACROBATICS_POINTS, SACRIFICIAL_RESULTS, SACRIFICIAL_TIMING,
    VEHICLE_SKILL_DIVISOR, acrobatic_dodge, ids, sacrificial_dodge, vehicular_dodge,
};
use crate::table::by_name;
use crate::trace::Trace;
use crate::value::RuleError;

/// The row of a two-row success/failure table.
fn outcome_row<R>(
    rows: &'static [R],
    key: impl Fn(&R) -> &str,
    success: bool,
) -> Result<&'static R, RuleError> {
    let want = if success { "Success" } else { "Failure" };
    rows.iter()
        .find(|r| key(r) == want)
        .ok_or_else(|| RuleError::Invalid(format!("the table has no {want} row")))
}

pub fn acrobatic_dodge(
    g: &acrobatic_dodge::Given,
    t: &mut Trace,
) -> Result<acrobatic_dodge::Outcome, RuleError> {
    non_negative([
        ("points in Acrobatics", g.acrobatics_points),
        ("an Acrobatics skill", g.acrobatics),
    ])?;
    rolled(DEFENSE_DICE, [("an Acrobatics roll", g.acrobatics_roll)])?;
    let retreat = if g.retreat == Some(true) {
        retreat_bonus("Dodge", None, t)?
    } else {
        0
    };
    let plain = acrobatic_dodge::Outcome {
        allowed: false,
        modifier: 0,
        effective_dodge: g.dodge + retreat,
    };
    if g.acrobatics_points < i64::from(MIN_ACROBATICS_POINTS) {
        t.step(
            ids::ACROBATIC_DODGE_FIGURES,
            format!(
                "{} point(s) in Acrobatics, under the {MIN_ACROBATICS_POINTS} needed: a plain Dodge of {}",
                g.acrobatics_points, plain.effective_dodge
            ),
        );
        return Ok(plain);
    }
    if g.earlier_this_turn == Some(true) {
        t.step(
            ids::RULING_ACROBATIC_ONCE,
            format!(
                "one acrobatic dodge already made since the dodger's last turn: a plain Dodge of {}",
                plain.effective_dodge
            ),
        );
        return Ok(plain);
    }
    t.step(
        ids::RULING_ACROBATICS_ROLL,
        format!(
            "the Acrobatics roll is judged as a defense roll: {} against {}",
            g.acrobatics_roll, g.acrobatics
        ),
    );
    let j = judge(g.acrobatics, g.acrobatics_roll, t)?;
    let row = outcome_row(ACROBATIC_RESULTS, |r| r.acrobatics_roll, j.success)?;
    let modifier = i64::from(row.modifier);
    let effective_dodge = g.dodge + modifier + retreat;
    t.step(
        ids::ACROBATIC_DODGE_RESULTS,
        format!(
            "{}: {modifier:+}; Dodge {} {modifier:+}{} = {effective_dodge}",
            row.acrobatics_roll,
            g.dodge,
            if retreat != 0 {
                format!(" {retreat:+} (retreat)")
            } else {
                String::new()
            }
        ),
    );
    Ok(acrobatic_dodge::Outcome {
        allowed: true,
        modifier,
        effective_dodge,
    })
}

pub fn sacrificial_dodge(
    g: &sacrificial_dodge::Given,
    t: &mut Trace,
) -> Result<sacrificial_dodge::Outcome, RuleError> {
    rolled(DEFENSE_DICE, [("a Dodge roll", g.roll)])?;
    let failure = outcome_row(SACRIFICIAL_RESULTS, |r| r.dodge, false)?;
    let refused = |why: &str, t: &mut Trace| {
        t.step(
            ids::SACRIFICIAL_DODGE,
            format!(
                "{why}: no sacrificial dodge; the attack goes on to {}",
                failure.struck
            ),
        );
        sacrificial_dodge::Outcome {
            allowed: false,
            success: false,
            struck: failure.struck.to_string(),
            may_retreat: true,
        }
    };
    if !g.within_a_step {
        return Ok(refused("the friend is more than a step away", t));
    }
    if g.retreat == Some(true) {
        return Ok(refused("it cannot be combined with a retreat", t));
    }
    let declared = g.declared.as_deref().unwrap_or("between the rolls");
    let timing = by_name(
        SACRIFICIAL_TIMING,
        |r| r.declared,
        declared,
        "moment",
        "the sacrificial-dodge-timing table",
    )?;
    if timing.allowed != "yes" {
        return Ok(refused(&format!("declared {declared}"), t));
    }
    let j = judge(g.dodge, g.roll, t)?;
    let row = outcome_row(SACRIFICIAL_RESULTS, |r| r.dodge, j.success)?;
    t.step(
        ids::SACRIFICIAL_DODGE_RESULTS,
        format!("{}: the attack strikes {}", row.dodge, row.struck),
    );
    t.step(
        ids::SACRIFICIAL_DODGE,
        "the dodger moved: no retreat before the dodger's next turn",
    );
    Ok(sacrificial_dodge::Outcome {
        allowed: true,
        success: j.success,
        struck: row.struck.to_string(),
        may_retreat: false,
    })
}

pub fn vehicular_dodge(
    g: &vehicular_dodge::Given,
    t: &mut Trace,
) -> Result<vehicular_dodge::Outcome, RuleError> {
    non_negative([("a vehicle skill", g.skill)])?;
    let half = g.skill.div_euclid(VEHICLE_SKILL_DIVISOR.into());
    t.step(
        ids::VEHICULAR_DODGE_FIGURES,
        format!(
            "skill {} / {VEHICLE_SKILL_DIVISOR}, rounded down: {half}",
            g.skill
        ),
    );
    let dodge = half + g.handling;
    t.step(
        ids::RULING_HANDLING_AFTER_HALVING,
        format!("then Handling {:+}: Dodge {dodge}", g.handling),
    );
    Ok(vehicular_dodge::Outcome { dodge })
}
