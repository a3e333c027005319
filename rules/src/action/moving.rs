//! `spec/action/moving.md`: the one other action each pace leaves room for.

use crate::spec::action::moving::{PACES, ids, other_action};
use crate::trace::Trace;
use crate::value::RuleError;

pub fn other_action(
    g: &other_action::Given,
    t: &mut Trace,
) -> Result<other_action::Outcome, RuleError> {
    let pace = PACES
        .iter()
        .find(|p| p.pace.eq_ignore_ascii_case(&g.pace))
        .ok_or_else(|| RuleError::Invalid(format!("no pace `{}` in the paces table", g.pace)))?;
    t.step(
        ids::PACE_TABLE,
        format!(
            "{}: up to {} x MOV metres, other action at {:+}",
            pace.pace, pace.mov_multiple, pace.other_action
        ),
    );
    Ok(other_action::Outcome {
        mov_multiple: pace.mov_multiple.into(),
        penalty: pace.other_action.into(),
    })
}
