//! `spec/action/elements.md`: exposure by severity, and each element's damage type.

use crate::bounds::non_negative;
use crate::spec::action::elements::{ELEMENT_DAMAGE, SEVERITY, damage_type, exposure, ids};
use crate::table::by_name;
use crate::trace::Trace;
use crate::value::RuleError;

pub fn exposure(g: &exposure::Given, t: &mut Trace) -> Result<exposure::Outcome, RuleError> {
    let row = by_name(
        SEVERITY,
        |r| r.severity,
        &g.severity,
        "severity",
        "the table",
    )?;
    non_negative([("periods of exposure", g.periods)])?;
    let per = row.damage;
    let damage = i32::try_from(g.periods)
        .ok()
        .and_then(|n| per.dice.times(n))
        .ok_or_else(|| {
            RuleError::Invalid(format!(
                "{} periods at {}: more dice than any roll can total",
                g.periods, per.dice
            ))
        })?;
    let periods = g.periods;
    t.step(
        ids::ELEMENT_SEVERITY_TABLE,
        format!(
            "{}: {} per {}, {periods} of them: {damage}",
            row.severity, per.dice, per.unit
        ),
    );
    Ok(exposure::Outcome {
        unit: per.unit.to_string(),
        damage,
    })
}

pub fn damage_type(
    g: &damage_type::Given,
    t: &mut Trace,
) -> Result<damage_type::Outcome, RuleError> {
    let row = by_name(
        ELEMENT_DAMAGE,
        |r| r.element,
        &g.element,
        "element",
        "the element damage table",
    )?;
    let damage_type = row.damage_type.to_string();
    t.step(
        ids::ELEMENT_DAMAGE_TABLE,
        format!("{}: {damage_type}", row.element),
    );
    Ok(damage_type::Outcome { damage_type })
}
