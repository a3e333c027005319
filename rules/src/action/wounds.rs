//! `spec/action/wounds.md`: a wound's grade by multiples of HLT, and its effects.

use crate::bounds::at_least;
use crate::spec::action::wounds::{SEVERITY, WOUND_EFFECTS, WoundEffect, ids, wound};
use crate::trace::Trace;
use crate::value::RuleError;

fn effects(name: &str) -> Result<&'static WoundEffect, RuleError> {
    WOUND_EFFECTS
        .iter()
        .find(|e| e.wound == name)
        .ok_or_else(|| RuleError::Invalid(format!("no wound `{name}` in the effects table")))
}

pub fn wound(g: &wound::Given, t: &mut Trace) -> Result<wound::Outcome, RuleError> {
    at_least(1, [("a wound's points past armor and TGH", g.points)])?;
    let mut below = None;
    let mut graded = None;
    for s in SEVERITY {
        match s.most_hlt {
            Some(m) if g.points > i64::from(m) * g.hlt => below = Some(m),
            _ => {
                graded = Some(s);
                break;
            }
        }
    }
    let row = graded
        .ok_or_else(|| RuleError::Invalid("the severity table has no open-ended grade".into()))?;
    let mut bound = Vec::new();
    if let Some(m) = below {
        bound.push(format!(
            "more than {m} x HLT {} = {}",
            g.hlt,
            i64::from(m) * g.hlt
        ));
    }
    if let Some(m) = row.most_hlt {
        bound.push(format!(
            "at most {m} x HLT {} = {}",
            g.hlt,
            i64::from(m) * g.hlt
        ));
    }
    let bound = bound.join(", ");
    t.step(
        ids::WOUND_SEVERITY_TABLE,
        format!("{} points, {bound}: {}", g.points, row.wound),
    );
    let wil_roll = row
        .wil_roll
        .map_or("none".to_string(), |wil| match wil.gloss {
            Some(gloss) => format!("{} ({gloss})", wil.name),
            None => wil.name.to_string(),
        });
    t.step(
        ids::WOUND_SEVERITY_TABLE,
        format!("WIL roll to set the penalties aside for a turn: {wil_roll}"),
    );
    let e = effects(row.wound)?;
    t.step(
        ids::WOUND_EFFECTS_TABLE,
        format!("{}: {}", e.wound, e.effects),
    );
    Ok(wound::Outcome {
        wound: row.wound.to_string(),
        effects: e.effects.to_string(),
        wil_roll,
    })
}
