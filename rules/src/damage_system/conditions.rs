//! `spec/damage-system/conditions.md`: recording an attack on the wound and
//! shock tracks, and the conditions the totals give.

use crate::bounds::non_negative;
use crate::spec::damage_system::conditions::{CONDITIONS, Condition, condition, ids, record};
use crate::table::Range;
use crate::trace::Trace;
use crate::value::RuleError;

pub(crate) fn row(name: &str) -> Result<&'static Condition, RuleError> {
    CONDITIONS
        .iter()
        .find(|c| c.condition == name)
        .ok_or_else(|| RuleError::Invalid(format!("the conditions table has no {name} row")))
}

/// Whether a condition leaves the character able to act (the table's Actions
/// column: `none` takes every action away).
pub(crate) fn acts(c: &Condition) -> bool {
    c.actions != "none"
}

fn track_value(band: Option<Range>, x: i64) -> bool {
    band.is_none_or(|b| i32::try_from(x).is_ok_and(|x| b.contains(x)))
}

/// The threshold a condition holds from on the track(s) it reads.
fn threshold(c: &Condition) -> i32 {
    c.wounds.or(c.shock).map_or(0, |b| b.lo)
}

/// The conditions that hold for these totals, in the table's order, with the
/// lower thresholds of each track set aside (see `ruling-condition-bands`).
pub(crate) fn conditions_of(
    wounds: i64,
    shock: i64,
    t: &mut Trace,
) -> Result<Vec<&'static Condition>, RuleError> {
    non_negative([("wounds", wounds), ("shock", shock)])?;
    let holding: Vec<&Condition> = CONDITIONS
        .iter()
        .filter(|c| c.wounds.is_some() || c.shock.is_some())
        .filter(|c| track_value(c.wounds, wounds) && track_value(c.shock, shock))
        .collect();
    let same_track = |a: &Condition, b: &Condition| {
        (a.wounds.is_some(), a.shock.is_some()) == (b.wounds.is_some(), b.shock.is_some())
    };
    let mut kept = Vec::new();
    for &c in &holding {
        match holding
            .iter()
            .find(|o| same_track(c, o) && threshold(o) > threshold(c))
        {
            Some(o) => t.step(
                ids::RULING_CONDITION_BANDS,
                format!("{} is replaced by {}", c.condition, o.condition),
            ),
            None => kept.push(c),
        }
    }
    for c in &kept {
        let bands: Vec<String> = [("wounds", c.wounds, wounds), ("shock", c.shock, shock)]
            .iter()
            .filter_map(|(n, b, x)| b.map(|b| format!("{x} {n} in {b}")))
            .collect();
        t.step(
            ids::CONDITIONS_TABLE,
            format!("{}: {}", c.condition, bands.join(", ")),
        );
        if c.condition == "Dazed" {
            t.step(
                ids::RULING_DAZED,
                format!("Dazed holds from its threshold up: {shock} shock"),
            );
        }
    }
    if kept.is_empty() {
        t.step(
            ids::RULING_CONDITION_BANDS,
            format!("{wounds} wounds and {shock} shock fit none of the six conditions"),
        );
    }
    Ok(kept)
}

pub fn record(g: &record::Given, t: &mut Trace) -> Result<record::Outcome, RuleError> {
    let r = record_totals(
        Track {
            wounds: g.wounds,
            shock: g.shock,
        },
        Track {
            wounds: g.new_wounds,
            shock: g.new_shock,
        },
        t,
    )?;
    Ok(record::Outcome {
        overflow: r.overflow,
        wounds: r.totals.wounds,
        shock: r.totals.shock,
    })
}

/// Wounds and shock: a character's totals, or what one attack adds to them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Track {
    pub wounds: i64,
    pub shock: i64,
}

/// The totals after an attack, and the shock that overflowed into wounds.
pub(crate) struct Recorded {
    pub overflow: i64,
    pub totals: Track,
}

/// Adds an attack to the totals, shock held to the Stunned ceiling (see
/// `ruling-shock-overflow`).
pub(crate) fn record_totals(
    before: Track,
    attack: Track,
    t: &mut Trace,
) -> Result<Recorded, RuleError> {
    let g = record::Given {
        wounds: before.wounds,
        shock: before.shock,
        new_wounds: attack.wounds,
        new_shock: attack.shock,
    };
    non_negative([
        ("wounds", g.wounds),
        ("shock", g.shock),
        ("new wounds", g.new_wounds),
        ("new shock", g.new_shock),
    ])?;
    let stunned = row("Stunned")?;
    let ceiling = stunned
        .shock
        .and_then(|b| b.hi)
        .map(i64::from)
        .ok_or_else(|| RuleError::Invalid("the Stunned row gives no shock ceiling".into()))?;
    let raw = g.shock + g.new_shock;
    let overflow = (raw - ceiling).max(0);
    let shock = raw - overflow;
    t.step(
        ids::RECORDING_THE_ATTACK,
        format!(
            "shock {} + {} = {raw}, ceiling {ceiling} (Stunned)",
            g.shock, g.new_shock
        ),
    );
    let wounds = g.wounds + g.new_wounds + overflow;
    t.step(
        ids::RULING_SHOCK_OVERFLOW,
        format!(
            "{overflow} shock past the ceiling become wounds: {} + {} + {overflow} = {wounds} wounds, {shock} shock",
            g.wounds, g.new_wounds
        ),
    );
    Ok(Recorded {
        overflow,
        totals: Track { wounds, shock },
    })
}

pub fn condition(g: &condition::Given, t: &mut Trace) -> Result<condition::Outcome, RuleError> {
    let kept = conditions_of(g.wounds, g.shock, t)?;
    let penalty_dice: i64 = kept
        .iter()
        .filter_map(|c| c.penalty_dice_per_wound)
        .map(|per| i64::from(per) * g.wounds)
        .sum();
    let dice: i64 = kept.iter().filter_map(|c| c.dice).map(i64::from).sum();
    let can_act = kept.iter().all(|c| acts(c));
    if penalty_dice != 0 {
        t.step(
            ids::SIX_CONDITIONS,
            format!("{} wounds: {penalty_dice} Penalty Dice", g.wounds),
        );
    }
    if dice != 0 {
        t.step(
            ids::RULING_PENALTY_DICE,
            format!("{dice:+}D on the pool, apart from any Penalty Dice"),
        );
    }
    t.step(
        ids::SIX_CONDITIONS,
        if can_act { "can act" } else { "cannot act" },
    );
    Ok(condition::Outcome {
        conditions: kept.iter().map(|c| c.condition.to_string()).collect(),
        penalty_dice,
        dice,
        can_act,
    })
}
