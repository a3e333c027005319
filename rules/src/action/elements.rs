//! `spec/action/elements.md`: exposure by severity, and each element's damage type.

use crate::dice::Dice;
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
    let periods = i32::try_from(g.periods)
        .ok()
        .filter(|&p| p >= 0)
        .ok_or_else(|| RuleError::Invalid(format!("{} periods of exposure", g.periods)))?;
    let per = row.damage;
    let damage = Dice::new(
        per.dice.count * periods,
        per.dice.sides,
        per.dice.bonus * periods,
    );
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
