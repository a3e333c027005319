//! `spec/action/falling.md`: the falling table, terminal velocity, the quick estimate.

use crate::bounds::non_negative;
use crate::dice::Dice;
use crate::spec::action::falling::{
    FALLING, METRES_PER_EXTRA_SECOND, QUICK_DICE_PER_SECOND, QUICK_MAX_DICE, SPEED_PER_EXTRA_DIE,
    fall, ids, object_impact, quick_estimate,
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

pub fn object_impact(
    g: &object_impact::Given,
    t: &mut Trace,
) -> Result<object_impact::Outcome, RuleError> {
    non_negative([("a speed", g.speed)])?;
    let reached = FALLING.iter().rfind(|r| i64::from(r.velocity) <= g.speed);
    let Some(row) = reached else {
        t.step(
            ids::RULING_IMPACT_STEPS,
            format!("{} m/s reaches no row of the table: no dice", g.speed),
        );
        return Ok(object_impact::Outcome {
            damage: Dice::d6(0),
        });
    };
    let steps = (g.speed - i64::from(row.velocity)) / i64::from(SPEED_PER_EXTRA_DIE);
    t.step(
        ids::FALLING_TABLE,
        format!(
            "{} m/s reaches the {} m/s row: {}",
            g.speed, row.velocity, row.damage
        ),
    );
    let count = i32::try_from(steps)
        .ok()
        .and_then(|s| s.checked_add(row.damage.count))
        .map(|c| Dice::new(c, row.damage.sides, row.damage.bonus))
        .filter(Dice::totals_fit)
        .ok_or_else(|| RuleError::Invalid(format!("{} m/s is beyond any roll", g.speed)))?;
    if steps > 0 {
        t.step(
            ids::OBJECT_IMPACT,
            format!(
                "{} m/s past it: {steps} whole steps of {SPEED_PER_EXTRA_DIE}, a die each: {count}",
                g.speed - i64::from(row.velocity)
            ),
        );
    }
    Ok(object_impact::Outcome { damage: count })
}
