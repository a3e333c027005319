//! `spec/action/recording.md`: marking stunning and lethal damage, lethal over
//! stunning at 0 LIF, and the unconscious, dying and dead states.

use super::damage::damage_form as form;
use crate::bounds::{at_least, non_negative};
use crate::spec::action::damage::DamageForm;
use crate::spec::action::recording::{CONSCIOUS_LIF, DEAD_LIF, DYING_LOSS_PER_TURN, ids, record};
use crate::trace::Trace;
use crate::value::RuleError;

fn marked_form(name: &str) -> Result<(&'static DamageForm, &'static str), RuleError> {
    let f = form(name)?;
    let mark = f.mark.ok_or_else(|| {
        RuleError::Invalid(format!(
            "{} damage is not marked on LIF, so it is not recorded here",
            f.form
        ))
    })?;
    Ok((f, mark))
}

pub fn record(g: &record::Given, t: &mut Trace) -> Result<record::Outcome, RuleError> {
    let (stunning, lethal) = (g.stunning.unwrap_or(0), g.lethal.unwrap_or(0));
    at_least(1, [("a LIF score", g.lif)])?;
    non_negative([("slashes", stunning), ("Xs", lethal), ("points", g.points)])?;
    if stunning > 0 && stunning + lethal > g.lif {
        return Err(RuleError::Invalid(format!(
            "{stunning} slashes and {lethal} Xs overflow {} boxes while slashes remain",
            g.lif
        )));
    }
    let (hit, mark) = marked_form(&g.form)?;
    let (lethal_form, lethal_mark) = marked_form("Lethal")?;
    let (_, stunning_mark) = marked_form("Stunning")?;
    let hit_is_lethal = hit.form == lethal_form.form;
    t.step(
        ids::RECORDING,
        format!("{} points of {}, marked `{mark}`", g.points, hit.form),
    );

    // Point by point (ruling-past-zero): first the empty boxes, in the hit's own form;
    // then, at LIF 0, lethal over slashes while any are left; then below 0.
    let in_boxes = g.points.min((g.lif - stunning - lethal).max(0));
    let (mut slashes, mut crosses) = if hit_is_lethal {
        (stunning, lethal + in_boxes)
    } else {
        (stunning + in_boxes, lethal)
    };
    let rest = g.points - in_boxes;
    let overwritten = rest.min(slashes);
    let below_zero = rest - overwritten;
    slashes -= overwritten;
    crosses += overwritten + below_zero;
    if in_boxes > 0 {
        t.step(
            ids::RECORDING,
            format!("{in_boxes} into empty boxes as `{mark}`"),
        );
    }
    if overwritten > 0 {
        let how = if hit_is_lethal {
            "lethal"
        } else {
            "stunning counted as lethal"
        };
        t.step(
            ids::RULING_PAST_ZERO,
            format!("{overwritten} at LIF 0 ({how}): slashes rewritten as `{lethal_mark}`"),
        );
    }
    if below_zero > 0 {
        t.step(
            ids::OVERWRITING,
            format!("{below_zero} with no slash left to rewrite: below 0 as `{lethal_mark}`"),
        );
    }
    let current_lif = g.lif - slashes - crosses;
    let unconscious = current_lif < i64::from(CONSCIOUS_LIF);
    let dead = current_lif <= i64::from(DEAD_LIF);
    // Dying: more lethal damage than the LIF score (a LIF below 0; see ruling-past-zero).
    let dying = crosses > g.lif && !dead;
    let state = if dead {
        format!("at or below {DEAD_LIF}: dead")
    } else if dying {
        format!(
            "{crosses} lethal against a score of {}: dying, {DYING_LOSS_PER_TURN} LIF a turn",
            g.lif
        )
    } else if unconscious {
        format!("below {CONSCIOUS_LIF}: unconscious")
    } else {
        "conscious".to_string()
    };
    t.step(
        ids::LIF_STATES,
        format!(
            "{slashes} `{stunning_mark}` + {crosses} `{lethal_mark}` of {} boxes: LIF {current_lif}, {state}",
            g.lif
        ),
    );
    Ok(record::Outcome {
        slashes,
        crosses,
        total: slashes + crosses,
        overwritten,
        current_lif,
        unconscious,
        dying,
        dead,
    })
}
