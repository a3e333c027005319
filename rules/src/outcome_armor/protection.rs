//! `spec/outcome-armor/protection.md`: the partial effectiveness range and what a
//! penetration meets against it.

use crate::spec::outcome_armor::protection::{
    EFFECTIVENESS, PARTIAL_RANGE_WIDTH, effectiveness, ids, partial_range,
};
use crate::trace::Trace;
use crate::value::RuleError;

/// A partial effectiveness range as an armor lists it (`5-8`): its ends, both
/// included, after checking that it holds exactly `PARTIAL_RANGE_WIDTH` values
/// (see `ruling-four-wide`).
pub(crate) fn band(partial: &str, t: &mut Trace) -> Result<(i64, i64), RuleError> {
    let bad = || {
        RuleError::Invalid(format!(
            "`{partial}` is not a partial effectiveness range written low-high"
        ))
    };
    let (lo, hi) = partial.trim().split_once('-').ok_or_else(bad)?;
    let end = |s: &str| -> Result<i64, RuleError> {
        let s = s.trim();
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse().map_err(|_| bad())
    };
    let (lo, hi) = (end(lo)?, end(hi)?);
    let width = hi - lo + 1;
    let wanted = i64::from(PARTIAL_RANGE_WIDTH);
    t.step(
        ids::RULING_FOUR_WIDE,
        format!("partial range {lo}-{hi}: {hi} - {lo} + 1 = {width} values"),
    );
    if width != wanted {
        return Err(RuleError::Invalid(format!(
            "the partial range {partial} holds {width} values; every range holds {wanted}"
        )));
    }
    Ok((lo, hi))
}

/// The armor's effectiveness against a penetration (the `EFFECTIVENESS` row for
/// where the penetration falls against the band), and the band's low end.
pub(crate) fn against(
    penetration: i64,
    partial: &str,
    t: &mut Trace,
) -> Result<(&'static str, i64), RuleError> {
    let (lo, hi) = band(partial, t)?;
    let place = if penetration < lo {
        "Below"
    } else if penetration <= hi {
        "Within"
    } else {
        "Above"
    };
    let row = EFFECTIVENESS
        .iter()
        .find(|r| r.penetration == place)
        .ok_or_else(|| RuleError::Invalid(format!("the effectiveness table has no {place} row")))?;
    t.step(
        ids::EFFECTIVENESS_TABLE,
        format!(
            "penetration {penetration} against {lo}-{hi}: {place}, effectiveness {}",
            row.effectiveness
        ),
    );
    Ok((row.effectiveness, lo))
}

pub fn partial_range(
    g: &partial_range::Given,
    t: &mut Trace,
) -> Result<partial_range::Outcome, RuleError> {
    let (from, to) = band(&g.partial, t)?;
    Ok(partial_range::Outcome {
        from,
        to,
        width: to - from + 1,
    })
}

pub fn effectiveness(
    g: &effectiveness::Given,
    t: &mut Trace,
) -> Result<effectiveness::Outcome, RuleError> {
    super::ratings(g.penetration, None)?;
    let (found, _) = against(g.penetration, &g.partial, t)?;
    Ok(effectiveness::Outcome {
        effectiveness: found.to_string(),
    })
}
