//! `spec/active-defense/dodge.md`: the Dodge score, Enhanced Dodge, dodging rapid fire.

use crate::active_defense::defense_rolls::judge;
use crate::bounds::{at_least, no_negative_amount, non_negative};
use crate::spec::active_defense::dodge::{
    DODGE_BASE, ENCUMBRANCE_PENALTY_PER_LEVEL, ENHANCED_DODGE_BONUS, ENHANCED_DODGE_COST,
    HITS_DODGED_ON_SUCCESS, HITS_DODGED_PER_MARGIN, dodge, enhanced_dodge, ids, rapid_fire_dodge,
};
use crate::trace::Trace;
use crate::value::RuleError;

/// Enhanced Dodge: the bonus and the points cost of `levels` levels.
fn enhanced(levels: i64, t: &mut Trace) -> Result<(i64, i64), RuleError> {
    non_negative([("levels of Enhanced Dodge", levels)])?;
    let bonus = levels * i64::from(ENHANCED_DODGE_BONUS);
    let points = levels * i64::from(ENHANCED_DODGE_COST);
    t.step(
        ids::ENHANCED_DODGE_FIGURES,
        format!(
            "{levels} level(s) of Enhanced Dodge: {bonus:+} Dodge, {levels} x {ENHANCED_DODGE_COST} = {points} points"
        ),
    );
    Ok((bonus, points))
}

pub fn dodge(g: &dodge::Given, t: &mut Trace) -> Result<dodge::Outcome, RuleError> {
    no_negative_amount([("a Basic Speed", g.basic_speed)])?;
    non_negative([("an encumbrance level", g.encumbrance)])?;
    let (speed, encumbrance) = (g.basic_speed, g.encumbrance);
    let raised = speed + f64::from(DODGE_BASE);
    // A figure's size (see `value`), so the whole part fits an `i64`.
    let whole = raised.floor() as i64;
    t.step(
        ids::DODGE_SCORE,
        format!("Basic Speed {speed} + {DODGE_BASE} = {raised}, fraction dropped: {whole}"),
    );
    let penalty = encumbrance * i64::from(ENCUMBRANCE_PENALTY_PER_LEVEL);
    let mut score = whole - penalty;
    t.step(
        ids::DODGE_FIGURES,
        format!("encumbrance level {encumbrance}: -{penalty}, Dodge {score}"),
    );
    if let Some(levels) = g.enhanced_dodge {
        let (bonus, _) = enhanced(levels, t)?;
        score += bonus;
        t.step(ids::ENHANCED_DODGE, format!("Dodge {score}"));
    }
    Ok(dodge::Outcome { dodge: score })
}

pub fn enhanced_dodge(
    g: &enhanced_dodge::Given,
    t: &mut Trace,
) -> Result<enhanced_dodge::Outcome, RuleError> {
    let (bonus, points) = enhanced(g.levels, t)?;
    Ok(enhanced_dodge::Outcome { bonus, points })
}

pub fn rapid_fire_dodge(
    g: &rapid_fire_dodge::Given,
    t: &mut Trace,
) -> Result<rapid_fire_dodge::Outcome, RuleError> {
    // A rapid-fire attack with no hit has nothing to dodge.
    at_least(1, [("a rapid-fire attack's hits", g.hits)])?;
    let j = judge(g.dodge, g.roll, t)?;
    let dodged = if !j.success {
        t.step(ids::DODGING_RAPID_FIRE, "a failed Dodge avoids no hit");
        0
    } else if j.critical {
        t.step(
            ids::DODGING_RAPID_FIRE,
            format!("a critical success avoids all {} hits", g.hits),
        );
        g.hits
    } else {
        let reach =
            i64::from(HITS_DODGED_ON_SUCCESS) + j.margin * i64::from(HITS_DODGED_PER_MARGIN);
        let dodged = reach.min(g.hits);
        t.step(
            ids::RAPID_FIRE_FIGURES,
            format!(
                "{HITS_DODGED_ON_SUCCESS} + margin {} = {reach}, at most the {} hits: {dodged} dodged",
                j.margin, g.hits
            ),
        );
        dodged
    };
    Ok(rapid_fire_dodge::Outcome {
        dodged,
        hits_taken: g.hits - dodged,
    })
}
