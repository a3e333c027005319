//! `spec/outcome-armor/coverage.md`: degrees of coverage and the Dodge bonus table.

use crate::spec::outcome_armor::coverage::{COVERAGE, Coverage, DODGE_BONUS, dodge_bonus, ids};
use crate::trace::Trace;
use crate::value::RuleError;

/// A degree of coverage by its name, in any case.
pub(crate) fn degree(name: &str) -> Result<&'static Coverage, RuleError> {
    COVERAGE
        .iter()
        .find(|c| c.coverage.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            RuleError::Invalid(format!(
                "no coverage `{name}`; the degrees are {}",
                COVERAGE
                    .iter()
                    .map(|c| c.coverage)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
}

/// The Dodge bonus of a coverage against an effectiveness (a column of the table).
pub(crate) fn bonus(coverage: &str, effectiveness: &str, t: &mut Trace) -> Result<i64, RuleError> {
    let c = degree(coverage)?;
    t.step(
        ids::COVERAGE_TABLE,
        format!("{} coverage reads the {} row", c.coverage, c.dodge_row),
    );
    let row = DODGE_BONUS
        .iter()
        .find(|r| r.coverage == c.dodge_row)
        .ok_or_else(|| {
            RuleError::Invalid(format!("the Dodge bonus table has no {} row", c.dodge_row))
        })?;
    let bonus = match effectiveness {
        "Full" => row.full,
        "Part" => row.part,
        "None" => row.none,
        other => {
            return Err(RuleError::Invalid(format!(
                "no effectiveness `{other}`; it is Full, Part or None"
            )));
        }
    };
    t.step(
        ids::DODGE_BONUS_TABLE,
        format!("{}, {effectiveness}: Dodge {bonus:+}", row.coverage),
    );
    Ok(bonus.into())
}

pub fn dodge_bonus(
    g: &dodge_bonus::Given,
    t: &mut Trace,
) -> Result<dodge_bonus::Outcome, RuleError> {
    Ok(dodge_bonus::Outcome {
        bonus: bonus(&g.coverage, &g.effectiveness, t)?,
    })
}
