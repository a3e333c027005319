//! `spec/damage-system/death-test.md`: critical wounds, when a death test is
//! due, its difficulty, and Instant Death.

use super::conditions::row;
use crate::bounds::non_negative;
use crate::spec::damage_system::conditions::ids as condition_ids;
use crate::spec::damage_system::death_test::{death_test, ids};
use crate::trace::Trace;
use crate::value::RuleError;

/// What the death test rule decides.
pub(crate) struct Death {
    pub critical_wounds: i64,
    pub test: bool,
    pub difficulty: i64,
    pub dies: bool,
}

pub(crate) fn judge(
    wounds_before: i64,
    wounds: i64,
    successes: Option<i64>,
    t: &mut Trace,
) -> Result<Death, RuleError> {
    non_negative([
        ("wounds", wounds_before),
        ("successes", successes.unwrap_or_default()),
    ])?;
    if wounds < wounds_before {
        return Err(RuleError::Invalid(format!(
            "from {wounds_before} to {wounds} wounds: an attack cannot take wounds away"
        )));
    }
    let last_ordinary = row("Wounded")?
        .wounds
        .and_then(|b| b.hi)
        .map(i64::from)
        .ok_or_else(|| RuleError::Invalid("the Wounded row has no top wound".into()))?;
    let critical = |w: i64| (w - last_ordinary).max(0);
    let critical_wounds = critical(wounds);
    t.step(
        ids::DEATH_TEST,
        format!(
            "{wounds} wounds, critical past the Wounded band's top of {last_ordinary}: {critical_wounds}"
        ),
    );
    let instant = row("Instant Death")?
        .wounds
        .is_some_and(|b| i32::try_from(wounds).is_ok_and(|w| b.contains(w)));
    if instant {
        t.step(
            condition_ids::CONDITIONS_TABLE,
            format!("{wounds} wounds: Instant Death, no test"),
        );
        return Ok(Death {
            critical_wounds,
            test: false,
            difficulty: 0,
            dies: true,
        });
    }
    let new = critical_wounds - critical(wounds_before);
    if new == 0 {
        t.step(
            ids::RULING_DEATH_TEST,
            format!("no new critical wound (from {wounds_before} wounds): no test"),
        );
        return Ok(Death {
            critical_wounds,
            test: false,
            difficulty: 0,
            dies: false,
        });
    }
    let difficulty = critical_wounds;
    let successes = successes.ok_or_else(|| {
        RuleError::Invalid(format!(
            "{new} new critical wound(s): a death test at difficulty {difficulty} needs its successes"
        ))
    })?;
    let dies = successes < difficulty;
    t.step(
        ids::RULING_DEATH_TEST,
        format!(
            "{new} new critical wound(s): test at difficulty {difficulty} (all critical wounds), \
             {successes} successes: {}",
            if dies { "failed, dies" } else { "passed" }
        ),
    );
    Ok(Death {
        critical_wounds,
        test: true,
        difficulty,
        dies,
    })
}

pub fn death_test(g: &death_test::Given, t: &mut Trace) -> Result<death_test::Outcome, RuleError> {
    let d = judge(g.wounds_before, g.wounds, g.successes, t)?;
    Ok(death_test::Outcome {
        critical_wounds: d.critical_wounds,
        test: d.test,
        difficulty: d.difficulty,
        dies: d.dies,
    })
}
