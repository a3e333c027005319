//! `spec/protection/encumbrance.md`: load bands by multiples of STR, armor and load
//! together, fatigue and the maximum lift.

use crate::bounds::{at_least, non_negative, rolled};
use crate::protection::armor;
use crate::spec::protection::encumbrance::{
    ENCUMBRANCE, LIFT_CHECK, LIFT_HEXES, Load, MAX_LIFT_POWER, burden, fatigue, ids, lift, load,
};
use crate::table::{Or, Range};
use crate::trace::Trace;
use crate::value::RuleError;

/// The band as the table prints it: `0-2x STR in kg`.
fn printed(r: &Range) -> String {
    format!("{r}{}", r.label)
}

/// A load's row: its printed band and the row (see `ruling-band-edges`).
pub fn row_for(
    str: i64,
    carried: i64,
    t: &mut Trace,
) -> Result<(String, &'static Load), RuleError> {
    at_least(1, [("STR", str)])?;
    non_negative([("kg carried", carried)])?;
    let max_lift = str.pow(MAX_LIFT_POWER.unsigned_abs());
    if carried > max_lift {
        return Err(RuleError::Invalid(format!(
            "{carried} kg is over STR {str}'s maximum lift of {max_lift} kg: it cannot be lifted"
        )));
    }
    for row in ENCUMBRANCE {
        if let Or::Value(r) = row.carried {
            let hi =
                r.hi.ok_or_else(|| RuleError::Invalid(format!("the band {r} has no upper end")))?;
            let (lo_kg, hi_kg) = (i64::from(r.lo) * str, i64::from(hi) * str);
            // The bands go up without gaps (the lints hold the table to that), so
            // the first band whose top holds the load is its band: every band
            // before it ended below the load, and on an edge the lighter band wins.
            if carried <= hi_kg {
                t.step(
                    ids::RULING_BAND_EDGES,
                    format!(
                        "{carried} kg for STR {str}: over {lo_kg} up to {hi_kg} kg, the {} band (maximum lift {max_lift} kg)",
                        printed(&r)
                    ),
                );
                return Ok((printed(&r), row));
            }
        }
    }
    let (w, row) = ENCUMBRANCE
        .iter()
        .find_map(|r| match r.carried {
            Or::Word(w) => Some((w, r)),
            Or::Value(_) => None,
        })
        .ok_or_else(|| RuleError::Invalid("the table has no maximum-lift row".into()))?;
    t.step(
        ids::RULING_BAND_EDGES,
        format!(
            "{carried} kg for STR {str}: past every band, within the maximum lift of {max_lift} kg: {w}"
        ),
    );
    Ok((w.to_string(), row))
}

/// The typed figures of a row that its printed effects do not show: the ones a ditto
/// mark carried down from the row above (see `ruling-heavier-never-lighter`).
fn unprinted(row: &Load) -> Vec<String> {
    let mut shown = Vec::new();
    if let Some(m) = row.movement {
        shown.push(format!("{m} to Movement"));
    }
    if let Some(d) = row.dex {
        shown.push(format!("{d} to Effective Dexterity"));
    }
    if let (Some(s), Some(e)) = (row.str_lost, row.every_minutes) {
        shown.push(format!("{s} STR every {e} minutes"));
    }
    if let Some(m) = row.max_minutes {
        shown.push(format!("Max of {m} minutes"));
    }
    shown
        .into_iter()
        .filter(|f| !row.effects.contains(f.as_str()))
        .collect()
}

fn penalties(row: &Load, t: &mut Trace) -> (i32, i32) {
    let movement = row.movement.unwrap_or(0);
    let dex = row.dex.unwrap_or(0);
    t.step(
        ids::ENCUMBRANCE_TABLE,
        format!("movement {movement:+}, Effective Dexterity {dex:+}"),
    );
    let carried = unprinted(row);
    if !carried.is_empty() {
        t.step(
            ids::RULING_HEAVIER_NEVER_LIGHTER,
            format!(
                "not printed in this row, kept from the row above: {}",
                carried.join("; ")
            ),
        );
    }
    (movement, dex)
}

/// A score with a penalty, never below 0 (see `ruling-no-negative-scores`).
fn floored(what: &str, score: i64, penalty: i64, t: &mut Trace) -> i64 {
    let raw = score + penalty;
    let held = raw.max(0);
    t.step(
        ids::RULING_NO_NEGATIVE_SCORES,
        if held == raw {
            format!("{what} {score} {penalty:+} = {raw}")
        } else {
            format!("{what} {score} {penalty:+} = {raw}, held at {held}")
        },
    );
    held
}

pub fn load(g: &load::Given, t: &mut Trace) -> Result<load::Outcome, RuleError> {
    let (band, row) = row_for(g.str, g.carried, t)?;
    let (movement, dex) = penalties(row, t);
    let max_lift = matches!(row.carried, Or::Word(_));
    if max_lift {
        t.step(
            ids::MAX_LIFT,
            "at the maximum lift: moves only by the lift check",
        );
    }
    let full_swimming = row.full_swimming == "yes";
    t.step(
        ids::RULING_SWIMMING,
        format!(
            "full swimming movement: {}",
            if full_swimming {
                "allowed"
            } else {
                "not allowed"
            }
        ),
    );
    Ok(load::Outcome {
        band,
        movement_penalty: movement.into(),
        dex_penalty: dex.into(),
        max_lift,
        full_swimming,
    })
}

pub fn burden(g: &burden::Given, t: &mut Trace) -> Result<burden::Outcome, RuleError> {
    non_negative([("kg of gear", g.gear), ("DEX", g.dex)])?;
    let o = armor::outfit_of(
        g.armor.as_deref(),
        g.shield.as_deref(),
        g.backpack.unwrap_or(false),
        g.pack_heavier.unwrap_or(false),
        g.dagger.unwrap_or(false),
        t,
    )?;
    let carried = g.gear + i64::from(o.weight);
    t.step(
        ids::RULING_ARMOR_WEIGHT_CARRIED,
        format!(
            "{} kg of gear + {} kg of armor = {carried} kg",
            g.gear, o.weight
        ),
    );
    let (band, row) = row_for(g.str, carried, t)?;
    let (movement, dex) = penalties(row, t);
    let dex_penalty = i64::from(o.dex + dex);
    let advanced = g.advanced_movement == Some(true);
    let items = armor::items_movement(&o, advanced || g.optional_movement == Some(true), t);
    let movement_penalty = if advanced {
        i64::from(items) + i64::from(movement)
    } else {
        i64::from(items.min(movement))
    };
    t.step(
        if advanced {
            ids::RULING_ADVANCED_MOVEMENT
        } else {
            ids::RULING_MOVEMENT_NOT_CUMULATIVE
        },
        format!(
            "DEX {:+} + {dex:+} = {dex_penalty:+}; movement {} {items:+} and {movement:+}: {movement_penalty:+}",
            o.dex,
            if advanced { "adds up" } else { "the worst of" }
        ),
    );
    let effective_dex = floored("Effective Dexterity", g.dex, dex_penalty, t);
    Ok(burden::Outcome {
        carried,
        band,
        dex_penalty,
        effective_dex,
        movement_penalty,
    })
}

pub fn fatigue(g: &fatigue::Given, t: &mut Trace) -> Result<fatigue::Outcome, RuleError> {
    non_negative([("minutes", g.minutes)])?;
    let (band, row) = row_for(g.str, g.carried, t)?;
    let str_lost = match (row.str_lost, row.every_minutes, row.max_minutes) {
        (Some(loss), Some(every), Some(most)) => {
            let counted = g.minutes.min(most.into());
            let periods = counted.div_euclid(every.into());
            let lost = periods * i64::from(loss);
            t.step(
                ids::RULING_FATIGUE_CLOCK,
                format!(
                    "{band}: {} min, at most {most} counted: {periods} whole periods of {every} at {loss:+}: {lost:+} STR",
                    g.minutes
                ),
            );
            lost
        }
        (None, None, None) => {
            t.step(ids::FATIGUE, format!("{band}: no fatigue"));
            0
        }
        _ => {
            return Err(RuleError::Invalid(format!(
                "{band}: the fatigue columns are incomplete"
            )));
        }
    };
    let effective_str = floored("STR", g.str, str_lost, t);
    Ok(fatigue::Outcome {
        str_lost,
        effective_str,
    })
}

pub fn lift(g: &lift::Given, t: &mut Trace) -> Result<lift::Outcome, RuleError> {
    rolled(LIFT_CHECK, [("a lift check", g.roll)])?;
    non_negative([("Effective Strength", g.str)])?;
    let passed = g.roll <= g.str;
    let hexes = if passed { i64::from(LIFT_HEXES) } else { 0 };
    t.step(
        ids::RULING_LIFT_CHECK,
        format!(
            "{LIFT_CHECK} roll {} against Effective Strength {}: {}, {hexes} hex(es)",
            g.roll,
            g.str,
            if passed { "passed" } else { "failed" }
        ),
    );
    Ok(lift::Outcome { passed, hexes })
}
