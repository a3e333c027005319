//! `spec/protection/shielding.md`: dice taken off a hit by shielding and energy shields.

use crate::bounds::non_negative;
use crate::spec::protection::shielding::{PROTECTION, Protection, damage, ids, stop};
use crate::table::{Or, Quantity};
use crate::trace::Trace;
use crate::value::RuleError;

fn row(protection: &str, weapon: &str) -> Result<&'static Protection, RuleError> {
    PROTECTION
        .iter()
        .find(|p| {
            p.protection.eq_ignore_ascii_case(protection) && p.weapon.eq_ignore_ascii_case(weapon)
        })
        .ok_or_else(|| {
            RuleError::Invalid(format!(
                "the protection table has no row for {protection} against {weapon}"
            ))
        })
}

/// Whether the protection acts on the weapon at all: not when the table gives it 0 dice.
pub fn acts_on(protection: &str, weapon: &str) -> Result<bool, RuleError> {
    Ok(!matches!(
        row(protection, weapon)?.dice_off,
        Or::Value(Quantity::Count(0))
    ))
}

/// Dice the protection takes off a hit (see `ruling-dice-off`, `ruling-missing-table`).
pub fn dice_off(
    protection: &str,
    weapon: &str,
    r_factor: i64,
    t: &mut Trace,
) -> Result<i64, RuleError> {
    non_negative([("an R-factor", r_factor)])?;
    let p = row(protection, weapon)?;
    let off = match p.dice_off {
        Or::Value(Quantity::Count(n)) => i64::from(n),
        Or::Value(Quantity::Of("R-factor")) => r_factor,
        Or::Word(w) => {
            t.step(
                ids::RULING_MISSING_TABLE,
                format!("{} against {}: {w}, so no dice", p.protection, p.weapon),
            );
            0
        }
        Or::Value(other) => {
            return Err(RuleError::Invalid(format!(
                "the protection table names {other:?}, which this rule has no figure for"
            )));
        }
    };
    t.step(
        ids::PROTECTION_TABLE,
        format!(
            "{} R{r_factor} against {}: {off} dice off",
            p.protection, p.weapon
        ),
    );
    Ok(off)
}

pub fn stop(g: &stop::Given, t: &mut Trace) -> Result<stop::Outcome, RuleError> {
    let dice_stopped = dice_off(&g.protection, &g.weapon, g.r_factor, t)?;
    t.step(
        ids::RULING_DICE_OFF,
        format!("{dice_stopped} dice come off the damage roll, not rolled apart"),
    );
    Ok(stop::Outcome { dice_stopped })
}

pub fn damage(g: &damage::Given, t: &mut Trace) -> Result<damage::Outcome, RuleError> {
    non_negative([("damage dice", g.dice)])?;
    let off = dice_off(&g.protection, &g.weapon, g.r_factor, t)?;
    let dice_stopped = off.min(g.dice);
    let dice_left = g.dice - dice_stopped;
    t.step(
        ids::RULING_DICE_OFF,
        format!(
            "{} dice less {off}: roll {dice_left}{}",
            g.dice,
            if dice_left == 0 { ", no damage" } else { "" }
        ),
    );
    Ok(damage::Outcome {
        dice_stopped,
        dice_left,
    })
}
