//! `spec/damage-system/damage-reduction.md`: a hit's DC less the target's DR,
//! never below the minimum damage.

use super::{points, total};
use crate::bounds::non_negative;
use crate::spec::damage_system::damage_reduction::{MIN_DAMAGE, ids, reduce};
use crate::trace::Trace;
use crate::value::RuleError;

/// One hit's damage after DR: `max(DC - DR, MIN_DAMAGE)`.
pub(crate) fn after_dr(dc: i64, dr: i64, t: &mut Trace) -> Result<f64, RuleError> {
    non_negative([("DC", dc), ("DR", dr)])?;
    let left = (dc - dr) as f64;
    let damage = left.max(MIN_DAMAGE);
    if left < MIN_DAMAGE {
        // A DC already under the floor is lifted by step 1, not the glossary.
        let why = if (dc as f64) < MIN_DAMAGE {
            ids::RULING_DC_ZERO
        } else {
            ids::REDUCING_A_HIT
        };
        t.step(
            why,
            format!(
                "DC {dc} - DR {dr} = {}, below the minimum: {}",
                points(left),
                points(damage)
            ),
        );
    } else {
        t.step(
            ids::REDUCING_A_HIT,
            format!("DC {dc} - DR {dr} = {}", points(damage)),
        );
    }
    Ok(damage)
}

pub fn reduce(g: &reduce::Given, t: &mut Trace) -> Result<reduce::Outcome, RuleError> {
    let damage =
        g.dc.iter()
            .map(|&dc| after_dr(dc, g.dr, t))
            .collect::<Result<Vec<_>, _>>()?;
    let total = total(&damage);
    t.step(
        ids::REDUCING_A_HIT,
        format!("{} hits, {} in all", damage.len(), points(total)),
    );
    Ok(reduce::Outcome { damage, total })
}
