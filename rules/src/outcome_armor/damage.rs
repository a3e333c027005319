//! `spec/outcome-armor/damage.md`: Outcome + weapon damage, and the bonus for
//! penetration over the target's size.

use super::coverage::degree;
use crate::spec::outcome_armor::damage::{
    FULL_COVERAGE, FULL_COVERAGE_PENETRATION_CUT, SIZE_BONUS, damage, ids,
};
use crate::trace::Trace;
use crate::value::RuleError;

/// What a penetrating hit does.
pub(crate) struct Dealt {
    pub compared: i64,
    pub size_bonus: i64,
    pub damage: i64,
}

/// Damage of a hit that gets through: `outcome` is measured against the
/// armored Dodge; `coverage` is the target's armor coverage, if any.
pub(crate) fn deal(
    outcome: i64,
    weapon_damage: i64,
    penetration: i64,
    size: i64,
    coverage: Option<&str>,
    t: &mut Trace,
) -> Result<Dealt, RuleError> {
    if outcome < 0 {
        return Err(RuleError::Invalid(format!(
            "an Outcome of {outcome} does not get through, so it does no damage"
        )));
    }
    if weapon_damage < 0 {
        return Err(RuleError::Invalid(format!(
            "a weapon damage of {weapon_damage}: ratings are 0 or more"
        )));
    }
    let degree = coverage.map(degree).transpose()?;
    let complete = degree.is_some_and(|d| d.coverage == FULL_COVERAGE);
    if let Some(d) = degree.filter(|_| !complete) {
        t.step(
            ids::RULING_FULL_COVERAGE,
            format!(
                "{} coverage is not {FULL_COVERAGE}: penetration {penetration} against size",
                d.coverage
            ),
        );
    }
    let compared = if complete {
        let cut = i64::from(FULL_COVERAGE_PENETRATION_CUT);
        let compared = penetration - cut;
        t.step(
            ids::RULING_FULL_COVERAGE,
            format!("{FULL_COVERAGE} coverage: penetration {penetration} - {cut} = {compared} against size"),
        );
        compared
    } else {
        penetration
    };
    let size_bonus = if compared > size {
        i64::from(SIZE_BONUS)
    } else {
        0
    };
    t.step(
        ids::RULING_WHOSE_SIZE,
        format!(
            "penetration {compared} {} target's size {size}: {size_bonus:+}",
            if compared > size { ">" } else { "<=" }
        ),
    );
    let damage = outcome + weapon_damage + size_bonus;
    t.step(
        ids::DAMAGE,
        format!("Outcome {outcome} + weapon damage {weapon_damage} {size_bonus:+} = {damage}"),
    );
    Ok(Dealt {
        compared,
        size_bonus,
        damage,
    })
}

pub fn damage(g: &damage::Given, t: &mut Trace) -> Result<damage::Outcome, RuleError> {
    super::ratings(g.penetration, None)?;
    let d = deal(
        g.outcome,
        g.weapon_damage,
        g.penetration,
        g.size,
        g.coverage.as_deref(),
        t,
    )?;
    Ok(damage::Outcome {
        compared: d.compared,
        size_bonus: d.size_bonus,
        damage: d.damage,
    })
}
