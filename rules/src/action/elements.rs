//! `spec/action/elements.md`: the damage type of each element. (The severity table
//! is not compiled: see the chapter.)

use crate::spec::action::elements::{ELEMENT_DAMAGE, damage_type, ids};
use crate::trace::Trace;
use crate::value::RuleError;

pub fn damage_type(
    g: &damage_type::Given,
    t: &mut Trace,
) -> Result<damage_type::Outcome, RuleError> {
    let row = ELEMENT_DAMAGE
        .iter()
        .find(|r| r.element.eq_ignore_ascii_case(&g.element))
        .ok_or_else(|| {
            RuleError::Invalid(format!(
                "no element `{}` in the element damage table",
                g.element
            ))
        })?;
    t.step(
        ids::ELEMENT_DAMAGE_TABLE,
        format!("{}: {}", row.element, row.damage_type),
    );
    Ok(damage_type::Outcome {
        damage_type: row.damage_type.to_string(),
    })
}
