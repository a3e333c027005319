//! `spec/action/asphyxiation.md`: holding the breath, stunning then lethal damage
//! without air, and the drowned brought back.

use crate::bounds::{at_least, non_negative};
use crate::spec::action::actions::{HALF_DIVISOR, ids as actions_ids};
use crate::spec::action::asphyxiation::{
    ACTIVITY, AIRLESS_UNCONSCIOUS_DAMAGE, Activity, BREATH_TURNS_PER_HLT, deprivation, hold_breath,
    ids, revive,
};
use crate::trace::Trace;
use crate::value::RuleError;

/// The activity table's row: the first (calm) unless the character exerts themself.
fn activity(exerting: Option<bool>) -> Result<&'static Activity, RuleError> {
    let name = if exerting == Some(true) {
        "Exerting"
    } else {
        "Calm"
    };
    ACTIVITY
        .iter()
        .find(|a| a.activity == name)
        .ok_or_else(|| RuleError::Invalid(format!("the activity table has no {name} row")))
}

/// Turns the breath lasts: HLT x the per-HLT figure, over the activity's divisor, rounded up.
fn breath(
    hlt: i64,
    exerting: Option<bool>,
    t: &mut Trace,
) -> Result<(i64, &'static Activity), RuleError> {
    non_negative([("HLT", hlt)])?;
    let act = activity(exerting)?;
    let full = hlt * i64::from(BREATH_TURNS_PER_HLT);
    let d = i64::from(act.breath_divisor);
    if d < 1 {
        return Err(RuleError::Invalid(format!(
            "{}: a divisor of {d}",
            act.activity
        )));
    }
    let turns = (full + d - 1).div_euclid(d);
    t.step(
        ids::HOLDING_BREATH,
        format!("HLT {hlt} x {BREATH_TURNS_PER_HLT} = {full} turns"),
    );
    t.step(
        ids::ACTIVITY_TABLE,
        format!("{}: {full} / {d} = {turns} turns", act.activity),
    );
    Ok((turns, act))
}

pub fn hold_breath(
    g: &hold_breath::Given,
    t: &mut Trace,
) -> Result<hold_breath::Outcome, RuleError> {
    let (turns, _) = breath(g.hlt, g.exerting, t)?;
    Ok(hold_breath::Outcome { turns })
}

pub fn deprivation(
    g: &deprivation::Given,
    t: &mut Trace,
) -> Result<deprivation::Outcome, RuleError> {
    // A character at LIF 0 is not conscious to hold a breath.
    at_least(1, [("LIF", g.lif)])?;
    non_negative([("turns", g.turns)])?;
    let (lif, turns) = (g.lif, g.turns);
    let (breath_turns, act) = breath(g.hlt, g.exerting, t)?;
    let rate = i64::from(act.stunning_per_turn);
    if rate < 1 {
        return Err(RuleError::Invalid(format!(
            "{}: {rate} stunning a turn",
            act.activity
        )));
    }
    let airless = (turns - breath_turns).max(0);
    // Turns of stunning damage it takes to bring LIF to 0.
    let to_zero = (lif + rate - 1).div_euclid(rate);
    let stun_turns = airless.min(to_zero);
    let stunning = stun_turns * rate;
    let unconscious = airless >= to_zero;
    t.step(
        ids::RUNNING_OUT_OF_AIR,
        format!(
            "{airless} turns past the breath; {stun_turns} of them at {rate} stunning (no TGH): {stunning}"
        ),
    );
    let lethal_dice = if unconscious {
        let after = airless - to_zero;
        let dice = after * i64::from(AIRLESS_UNCONSCIOUS_DAMAGE.count);
        t.step(
            ids::RUNNING_OUT_OF_AIR,
            format!("LIF {lif} gone after {to_zero} turns: unconscious"),
        );
        t.step(
            ids::ASPHYXIATION_DICE,
            format!("{after} turns unconscious at {AIRLESS_UNCONSCIOUS_DAMAGE} Sp/L: {dice} dice"),
        );
        dice
    } else {
        t.step(
            ids::RUNNING_OUT_OF_AIR,
            format!(
                "LIF {lif} - {stunning} = {}: still conscious",
                lif - stunning
            ),
        );
        0
    };
    Ok(deprivation::Outcome {
        breath_turns,
        stunning,
        unconscious,
        lethal_dice,
    })
}

pub fn revive(g: &revive::Given, t: &mut Trace) -> Result<revive::Outcome, RuleError> {
    non_negative([("LIF", g.lif)])?;
    let before = g.lif;
    let d = i64::from(HALF_DIVISOR);
    let lif = (before + d - 1).div_euclid(d);
    t.step(
        ids::DROWNED_REVIVAL,
        "drowning counts as one Serious wound; stabilised, half the LIF returns",
    );
    t.step(
        actions_ids::RULING_HALVES,
        format!("half of LIF {before}, rounded up: {lif}"),
    );
    Ok(revive::Outcome { lif })
}
