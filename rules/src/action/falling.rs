//! `spec/action/falling.md`: the falling table, terminal velocity, the quick estimate.

use crate::dice::Dice;
use crate::spec::action::falling::{
    FALLING, METRES_PER_EXTRA_SECOND, QUICK_DICE_PER_SECOND, QUICK_MAX_DICE, fall, ids,
    quick_estimate,
};
use crate::table::band_of;
use crate::trace::Trace;
use crate::value::RuleError;

pub fn fall(g: &fall::Given, t: &mut Trace) -> Result<fall::Outcome, RuleError> {
    let metres = i32::try_from(g.distance)
        .ok()
        .filter(|&m| m >= 1)
        .ok_or_else(|| {
            RuleError::Invalid(format!(
                "a fall of {} m is not one the table covers",
                g.distance
            ))
        })?;
    let last = FALLING
        .last()
        .ok_or_else(|| RuleError::Invalid("the falling table is empty".into()))?;
    let (row, extra) = match band_of(FALLING, |r| r.distance, metres) {
        Some(row) => (row, 0),
        None => {
            let top = last.distance.hi.unwrap_or(last.distance.lo);
            let beyond = metres - top;
            let extra = (beyond + METRES_PER_EXTRA_SECOND - 1) / METRES_PER_EXTRA_SECOND;
            t.step(
                ids::TERMINAL_VELOCITY,
                format!("{beyond} m past the table's last row: +{extra} s, damage as the last row"),
            );
            (last, extra)
        }
    };
    t.step(
        ids::FALLING_TABLE,
        format!(
            "{} m, row {}: {} m/s, {} (flat {}), {} s",
            g.distance, row.distance, row.velocity, row.damage, row.flat, row.seconds
        ),
    );
    Ok(fall::Outcome {
        band: row.distance.to_string(),
        velocity: row.velocity.into(),
        damage: row.damage,
        flat: row.flat.into(),
        seconds: (row.seconds + extra).into(),
    })
}

pub fn quick_estimate(
    g: &quick_estimate::Given,
    t: &mut Trace,
) -> Result<quick_estimate::Outcome, RuleError> {
    let seconds = i32::try_from(g.seconds)
        .ok()
        .filter(|&s| s >= 0)
        .ok_or_else(|| RuleError::Invalid(format!("{} seconds of falling", g.seconds)))?;
    let dice = (seconds.saturating_mul(QUICK_DICE_PER_SECOND)).min(QUICK_MAX_DICE);
    t.step(
        ids::QUICK_ESTIMATE,
        format!("{seconds} s x {QUICK_DICE_PER_SECOND} dice, at most {QUICK_MAX_DICE}: {dice}d6"),
    );
    Ok(quick_estimate::Outcome {
        damage: Dice::d6(dice),
    })
}
