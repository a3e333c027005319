//! `spec/outcome-armor/sealed-armor.md`: armor sealed below a penetration, and a
//! forcefield's default seal.

use super::protection::band;
use crate::spec::outcome_armor::sealed_armor::{ids, sealed};
use crate::trace::Trace;
use crate::value::RuleError;

/// The seal that applies: the written one, else a forcefield's default (the low
/// end of its partial range, `low_end`; `ruling-forcefield-seal`), else none.
fn seal(
    sealed_below: Option<i64>,
    forcefield: bool,
    low_end: Option<i64>,
    t: &mut Trace,
) -> Result<Option<i64>, RuleError> {
    if let Some(s) = sealed_below {
        t.step(ids::SEALED_ARMOR, format!("sealed below {s}, as written"));
        return Ok(Some(s));
    }
    if !forcefield {
        t.step(ids::SEALED_ARMOR, "no seal written: not sealed");
        return Ok(None);
    }
    let lo = low_end.ok_or_else(|| {
        RuleError::Invalid(
            "a forcefield with no seal written needs its partial range for the default seal".into(),
        )
    })?;
    t.step(
        ids::RULING_FORCEFIELD_SEAL,
        format!("forcefield with no seal written: sealed below its range's low end, {lo}"),
    );
    Ok(Some(lo))
}

/// Whether an attack of this penetration is sealed out: it cannot penetrate
/// (`ruling-sealed-ineffective`). `low_end` is the low end of the armor's
/// partial range, when known.
pub(crate) fn sealed_out(
    penetration: i64,
    sealed_below: Option<i64>,
    forcefield: bool,
    low_end: Option<i64>,
    t: &mut Trace,
) -> Result<bool, RuleError> {
    let Some(s) = seal(sealed_below, forcefield, low_end, t)? else {
        return Ok(false);
    };
    let out = penetration < s;
    t.step(
        if out {
            ids::RULING_SEALED_INEFFECTIVE
        } else {
            ids::SEALED_ARMOR
        },
        format!(
            "penetration {penetration} {} {s}: {}",
            if out { "<" } else { ">=" },
            if out {
                "sealed out: it cannot penetrate"
            } else {
                "not sealed out"
            }
        ),
    );
    Ok(out)
}

pub fn sealed(g: &sealed::Given, t: &mut Trace) -> Result<sealed::Outcome, RuleError> {
    super::ratings(g.penetration, g.sealed_below)?;
    let forcefield = g.forcefield.unwrap_or(false);
    // The range is read only when a forcefield's default seal needs it.
    let low_end = match g.partial.as_deref() {
        Some(p) if forcefield && g.sealed_below.is_none() => Some(band(p, t)?.0),
        _ => None,
    };
    let sealed = sealed_out(g.penetration, g.sealed_below, forcefield, low_end, t)?;
    Ok(sealed::Outcome { sealed })
}
