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
    check_boxes(g, stunning, lethal)?;
    let marks = marks(g, t)?;
    let filled = fill(g, stunning, lethal, marks.hit_is_lethal);
    filled.trace(&marks, t);
    let Filled {
        slashes,
        crosses,
        overwritten,
        ..
    } = filled;
    let current_lif = g.lif - slashes - crosses;
    let state = State::of(g.lif, crosses, current_lif);
    t.step(
        ids::LIF_STATES,
        format!(
            "{slashes} `{}` + {crosses} `{}` of {} boxes: LIF {current_lif}, {}",
            marks.stunning,
            marks.lethal,
            g.lif,
            state.describe(g.lif, crosses)
        ),
    );
    Ok(record::Outcome {
        slashes,
        crosses,
        total: slashes + crosses,
        overwritten,
        current_lif,
        unconscious: state.unconscious,
        dying: state.dying,
        dead: state.dead,
    })
}

/// Refuses a record the boxes cannot hold: slashes remain only while the boxes last.
fn check_boxes(g: &record::Given, stunning: i64, lethal: i64) -> Result<(), RuleError> {
    at_least(1, [("a LIF score", g.lif)])?;
    non_negative([("slashes", stunning), ("Xs", lethal), ("points", g.points)])?;
    if stunning > 0 && stunning + lethal > g.lif {
        return Err(RuleError::Invalid(format!(
            "{stunning} slashes and {lethal} Xs overflow {} boxes while slashes remain",
            g.lif
        )));
    }
    Ok(())
}

/// The marks a record uses: the hit's own, the lethal one and the stunning one.
struct Marks {
    hit: &'static str,
    lethal: &'static str,
    stunning: &'static str,
    hit_is_lethal: bool,
}

/// The three marks, from the damage forms table.
fn marks(g: &record::Given, t: &mut Trace) -> Result<Marks, RuleError> {
    let (hit, mark) = marked_form(&g.form)?;
    let (lethal_form, lethal_mark) = marked_form("Lethal")?;
    let (_, stunning_mark) = marked_form("Stunning")?;
    t.step(
        ids::RECORDING,
        format!("{} points of {}, marked `{mark}`", g.points, hit.form),
    );
    Ok(Marks {
        hit: mark,
        lethal: lethal_mark,
        stunning: stunning_mark,
        hit_is_lethal: hit.form == lethal_form.form,
    })
}

/// Where the points of a hit went, and the boxes after it.
struct Filled {
    in_boxes: i64,
    overwritten: i64,
    below_zero: i64,
    slashes: i64,
    crosses: i64,
}

/// Point by point (ruling-past-zero): first the empty boxes, in the hit's own form;
/// then, at LIF 0, lethal over slashes while any are left; then below 0.
fn fill(g: &record::Given, stunning: i64, lethal: i64, hit_is_lethal: bool) -> Filled {
    let in_boxes = g.points.min((g.lif - stunning - lethal).max(0));
    let (slashes, crosses) = if hit_is_lethal {
        (stunning, lethal + in_boxes)
    } else {
        (stunning + in_boxes, lethal)
    };
    let rest = g.points - in_boxes;
    let overwritten = rest.min(slashes);
    let below_zero = rest - overwritten;
    Filled {
        in_boxes,
        overwritten,
        below_zero,
        slashes: slashes - overwritten,
        crosses: crosses + overwritten + below_zero,
    }
}

impl Filled {
    /// Names each way the points went, skipping any that took none.
    fn trace(&self, m: &Marks, t: &mut Trace) {
        let Filled {
            in_boxes,
            overwritten,
            below_zero,
            ..
        } = *self;
        if in_boxes > 0 {
            t.step(
                ids::RECORDING,
                format!("{in_boxes} into empty boxes as `{}`", m.hit),
            );
        }
        if overwritten > 0 {
            let how = if m.hit_is_lethal {
                "lethal"
            } else {
                "stunning counted as lethal"
            };
            t.step(
                ids::RULING_PAST_ZERO,
                format!(
                    "{overwritten} at LIF 0 ({how}): slashes rewritten as `{}`",
                    m.lethal
                ),
            );
        }
        if below_zero > 0 {
            t.step(
                ids::OVERWRITING,
                format!(
                    "{below_zero} with no slash left to rewrite: below 0 as `{}`",
                    m.lethal
                ),
            );
        }
    }
}

/// The LIF states the record leaves the character in.
struct State {
    unconscious: bool,
    dying: bool,
    dead: bool,
}

impl State {
    fn of(lif: i64, crosses: i64, current_lif: i64) -> State {
        let dead = current_lif <= i64::from(DEAD_LIF);
        State {
            unconscious: current_lif < i64::from(CONSCIOUS_LIF),
            // Dying: more lethal damage than the LIF score (a LIF below 0; see ruling-past-zero).
            dying: crosses > lif && !dead,
            dead,
        }
    }

    fn describe(&self, lif: i64, crosses: i64) -> String {
        if self.dead {
            format!("at or below {DEAD_LIF}: dead")
        } else if self.dying {
            format!(
                "{crosses} lethal against a score of {lif}: dying, {DYING_LOSS_PER_TURN} LIF a turn"
            )
        } else if self.unconscious {
            format!("below {CONSCIOUS_LIF}: unconscious")
        } else {
            "conscious".to_string()
        }
    }
}
