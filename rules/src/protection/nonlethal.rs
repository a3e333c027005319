//! `spec/protection/nonlethal.md`: armor and padding under the optional nonlethal rule.

use crate::bounds::non_negative;
use crate::protection::armor;
use crate::spec::protection::nonlethal::{PADDING_NONLETHAL, hit, ids, stopping};
use crate::trace::Trace;
use crate::value::RuleError;

/// The armor's DV (spent on lethal first) and the padding's nonlethal stop.
fn allowances(name: Option<&str>, t: &mut Trace) -> Result<(i64, i64), RuleError> {
    let Some(name) = name else {
        t.step(
            ids::NONLETHAL_STOPPING,
            "no armor and no padding: nothing stopped",
        );
        return Ok((0, 0));
    };
    let a = armor::item_as(name, "body")?;
    let dv = armor::defense(a, t);
    t.step(
        ids::RULING_PADDING_LETHAL,
        format!(
            "{}: its own DV {dv}, lethal first, and {PADDING_NONLETHAL} nonlethal from the padding",
            a.item.name
        ),
    );
    Ok((dv.into(), PADDING_NONLETHAL.into()))
}

pub fn stopping(g: &stopping::Given, t: &mut Trace) -> Result<stopping::Outcome, RuleError> {
    let (lethal, nonlethal) = allowances(g.armor.as_deref(), t)?;
    Ok(stopping::Outcome { lethal, nonlethal })
}

pub fn hit(g: &hit::Given, t: &mut Trace) -> Result<hit::Outcome, RuleError> {
    non_negative([
        ("lethal points", g.lethal),
        ("nonlethal points", g.nonlethal),
    ])?;
    let (dv, padding) = allowances(g.armor.as_deref(), t)?;
    let lethal_stopped = g.lethal.min(dv);
    let spare = dv - lethal_stopped;
    t.step(
        ids::RULING_LETHAL_FIRST,
        format!(
            "DV {dv} against {} lethal: {lethal_stopped} stopped, {spare} left for nonlethal",
            g.lethal
        ),
    );
    let nonlethal_stopped = g.nonlethal.min(spare + padding);
    t.step(
        ids::NONLETHAL_HIT,
        format!(
            "{} nonlethal against {spare} + {padding}: {nonlethal_stopped} stopped",
            g.nonlethal
        ),
    );
    let lethal_taken = g.lethal - lethal_stopped;
    let nonlethal_taken = g.nonlethal - nonlethal_stopped;
    t.step(
        ids::NONLETHAL_HIT,
        format!("taken: {lethal_taken} lethal, {nonlethal_taken} nonlethal"),
    );
    Ok(hit::Outcome {
        lethal_stopped,
        nonlethal_stopped,
        lethal_taken,
        nonlethal_taken,
    })
}
