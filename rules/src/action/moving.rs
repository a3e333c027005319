//! `spec/action/moving.md`: the one other action each pace leaves room for.

use crate::spec::action::moving::{PACES, ids, other_action};
use crate::table::by_name;
use crate::trace::Trace;
use crate::value::RuleError;

pub fn other_action(
    g: &other_action::Given,
    t: &mut Trace,
) -> Result<other_action::Outcome, RuleError> {
    let pace = by_name(PACES, |p| p.pace, &g.pace, "pace", "the paces table")?;
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
