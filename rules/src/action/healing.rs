//! `spec/action/healing.md`: the medical situation, stabilizing, treatment and recovery.

use super::damage::damage_form;
use crate::bounds::non_negative;
use crate::spec::action::healing::{
    DIFFICULTIES, EN_PER_STEP, HLT_HEALED_PER_PERIOD, MAX_PERCENT_HEALED, MEDICAL_SITUATION,
    PERCENT_PER_STEP, RECOVERY, STABILIZATION, TREATMENT, ids, recover, stabilize, treat,
};
use crate::spec::action::wounds::LIF_LOST_PER_PERIOD;
use crate::table::{Label, by_name};
use crate::trace::Trace;
use crate::value::RuleError;

/// The total modifier of the conditions named in `situation`.
fn situation_modifier(situation: &[String], t: &mut Trace) -> Result<i64, RuleError> {
    let mut total = 0;
    for name in situation {
        let row = MEDICAL_SITUATION
            .iter()
            .find(|c| c.condition.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                RuleError::Invalid(format!("no condition `{name}` in the situation table"))
            })?;
        t.step(
            ids::MEDICAL_SITUATION_TABLE,
            format!("{}: {:+}", row.condition.name, row.modifier),
        );
        total += i64::from(row.modifier);
    }
    Ok(total)
}

/// The TN of a difficulty cell (`Average (TN 12)`), from the difficulty table; the
/// cell's gloss must say the same TN. `None` when the cell names no difficulty
/// (`No roll required`).
fn tn_of(cell: Label, t: &mut Trace) -> Result<Option<i64>, RuleError> {
    let Some(d) = DIFFICULTIES.iter().find(|d| d.difficulty == cell.name) else {
        return Ok(None);
    };
    let expected = format!("TN {}", d.tn);
    if cell.gloss != Some(expected.as_str()) {
        return Err(RuleError::Invalid(format!(
            "the cell `{}` glosses {:?}, but the difficulty table gives {}",
            cell.name, cell.gloss, expected
        )));
    }
    t.step(
        ids::DIFFICULTY_TABLE,
        format!("{}: TN {}", d.difficulty, d.tn),
    );
    Ok(Some(d.tn.into()))
}

fn no_roll(wound: &str, cell: Label) -> RuleError {
    RuleError::Invalid(format!("a {wound} wound needs no roll: {}", cell.name))
}

pub fn stabilize(g: &stabilize::Given, t: &mut Trace) -> Result<stabilize::Outcome, RuleError> {
    let failed = g.failed_rolls.unwrap_or(0);
    non_negative([("failed rolls", failed)])?;
    let row = by_name(
        STABILIZATION,
        |r| r.wound,
        &g.wound,
        "wound",
        "the stabilization table",
    )?;
    let tn = tn_of(row.difficulty, t)?.ok_or_else(|| no_roll(row.wound, row.difficulty))?;
    t.step(
        ids::STABILIZATION_TABLE,
        format!(
            "{}: {} roll, {}",
            row.wound, row.difficulty.name, row.roll_required
        ),
    );
    let modifier = situation_modifier(g.situation.as_deref().unwrap_or_default(), t)?;
    let needed = tn - modifier;
    t.step(
        ids::MEDICAL_SITUATION,
        format!("TN {tn} less the situation's {modifier:+}: the roll needs {needed}"),
    );
    let lost = failed * i64::from(LIF_LOST_PER_PERIOD);
    let lif_after = g.lif - lost;
    t.step(
        ids::STABILIZING,
        format!(
            "failed rolls {failed} x {LIF_LOST_PER_PERIOD} LIF: {} - {lost} = {lif_after}",
            g.lif
        ),
    );
    Ok(stabilize::Outcome {
        difficulty: row.difficulty.name.to_string(),
        tn,
        modifier,
        needed,
        roll_required: row.roll_required.to_string(),
        lif_after,
    })
}

pub fn treat(g: &treat::Given, t: &mut Trace) -> Result<treat::Outcome, RuleError> {
    non_negative([("a wound's points", g.points)])?;
    let row = by_name(
        TREATMENT,
        |r| r.wound,
        &g.wound,
        "wound",
        "the treatment table",
    )?;
    let tn = tn_of(row.difficulty, t)?.ok_or_else(|| no_roll(row.wound, row.difficulty))?;
    t.step(
        ids::TREATMENT_TABLE,
        format!(
            "{}: {} roll after {}",
            row.wound, row.difficulty.name, row.time
        ),
    );
    let modifier = situation_modifier(g.situation.as_deref().unwrap_or_default(), t)?;
    let total = g.roll + modifier;
    let effect_number = total - tn;
    let stabilized = effect_number >= 0;
    let (percent, healed) = if stabilized {
        let per = i64::from(EN_PER_STEP);
        let steps = (effect_number + per - 1).div_euclid(per);
        let uncapped = steps * i64::from(PERCENT_PER_STEP);
        let percent = uncapped.min(MAX_PERCENT_HEALED.into());
        t.step(
            ids::TREATMENT,
            format!(
                "{} {modifier:+} = {total} against TN {tn}: EN {effect_number}, stabilized; \
                 {effect_number} / {EN_PER_STEP} rounded up = {steps} steps, x {PERCENT_PER_STEP}% = {uncapped}%, \
                 at most {MAX_PERCENT_HEALED}%: {percent}%",
                g.roll
            ),
        );
        let healed = (g.points * percent).div_euclid(100);
        t.step(
            ids::RULING_HEALED_POINTS,
            format!("{percent}% of {} points, rounded down: {healed}", g.points),
        );
        (percent, healed)
    } else {
        t.step(
            ids::TREATMENT,
            format!(
                "{} {modifier:+} = {total} against TN {tn}: EN {effect_number}, a failure",
                g.roll
            ),
        );
        (0, 0)
    };
    Ok(treat::Outcome {
        difficulty: row.difficulty.name.to_string(),
        tn,
        time: row.time.to_string(),
        modifier,
        effect_number,
        stabilized,
        percent,
        healed,
    })
}

pub fn recover(g: &recover::Given, t: &mut Trace) -> Result<recover::Outcome, RuleError> {
    non_negative([("HLT", g.hlt), ("healing periods", g.periods)])?;
    let row = by_name(
        RECOVERY,
        |r| r.level,
        &g.level,
        "campaign level",
        "the recovery table",
    )?;
    let f = damage_form(&g.form)?;
    let period = match f.form {
        "Stunning" => row.stunning,
        "Lethal" => row.lethal,
        "Special" => row.special,
        other => {
            return Err(RuleError::Invalid(format!(
                "the recovery table has no column for the {other} form"
            )));
        }
    };
    t.step(
        ids::RULING_RECOVERY_FORMS,
        format!(
            "{} campaign, {} damage: healing period {period}",
            row.level, f.form
        ),
    );
    let per_period = i64::from(HLT_HEALED_PER_PERIOD) * g.hlt;
    let healed = per_period * g.periods;
    t.step(
        ids::RECOVERY,
        format!(
            "{} x HLT {} = {per_period} a period, x {} periods = {healed}",
            HLT_HEALED_PER_PERIOD, g.hlt, g.periods
        ),
    );
    Ok(recover::Outcome {
        period: period.to_string(),
        healed,
    })
}
