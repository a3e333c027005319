//! `spec/outcome-armor/outcome.md`: roll + skill + modifiers - (Dodge + modifiers).

use crate::spec::outcome_armor::outcome::{SUCCESS_FROM, ids, outcome};
use crate::trace::Trace;
use crate::value::RuleError;

/// Whether an Outcome succeeds: zero and above do (see `ruling-outcome-zero`).
pub(crate) fn succeeds(outcome: i64) -> bool {
    outcome >= i64::from(SUCCESS_FROM)
}

/// The attack's side of the Outcome: the roll (any whole number, see
/// `ruling-the-dice`), the skill and the attack's modifiers.
pub(crate) fn attack_total(roll: i64, skill: i64, modifier: Option<i64>, t: &mut Trace) -> i64 {
    let modifier = modifier.unwrap_or(0);
    let total = roll + skill + modifier;
    t.step(
        ids::RULING_THE_DICE,
        format!("roll {roll} + skill {skill} {modifier:+} = attack {total}"),
    );
    total
}

/// The Outcome of an attack total against a Dodge, and whether it succeeds.
pub(crate) fn measure(attack: i64, dodge: i64, what: &str, t: &mut Trace) -> (i64, bool) {
    let outcome = attack - dodge;
    let success = succeeds(outcome);
    let cites = if outcome == i64::from(SUCCESS_FROM) {
        ids::RULING_OUTCOME_ZERO
    } else {
        ids::OUTCOME
    };
    t.step(
        cites,
        format!(
            "attack {attack} - {what} {dodge} = Outcome {outcome}: {}",
            if success { "success" } else { "failure" }
        ),
    );
    (outcome, success)
}

pub fn outcome(g: &outcome::Given, t: &mut Trace) -> Result<outcome::Outcome, RuleError> {
    let attack = attack_total(g.roll, g.skill, g.attack_modifier, t);
    let dodge_modifier = g.dodge_modifier.unwrap_or(0);
    let dodge = g.dodge + dodge_modifier;
    t.step(
        ids::OUTCOME,
        format!("Dodge {} {dodge_modifier:+} = {dodge}", g.dodge),
    );
    let (outcome, success) = measure(attack, dodge, "Dodge", t);
    Ok(outcome::Outcome { outcome, success })
}
