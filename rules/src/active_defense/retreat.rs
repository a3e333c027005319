//! `spec/active-defense/retreat.md`: how far a retreat goes, its bonus, and when it
//! cannot be taken.

use crate::active_defense::defense_rolls::{attack_row, open};
use crate::bounds::{named, non_negative};
use crate::spec::active_defense::retreat::{
    FOLLOW_UP, RETREAT_BONUSES, RETREAT_MIN_YARDS, RETREAT_MOVE_DIVISOR, RETREAT_STATES, follow,
    ids, retreat, retreat_distance,
};
use crate::table::by_name;
use crate::trace::Trace;
use crate::value::RuleError;

pub fn retreat_distance(
    g: &retreat_distance::Given,
    t: &mut Trace,
) -> Result<retreat_distance::Outcome, RuleError> {
    non_negative([("Move", g.r#move)])?;
    let least = i64::from(RETREAT_MIN_YARDS);
    let tenth = g.r#move.div_euclid(RETREAT_MOVE_DIVISOR.into());
    t.step(
        if g.r#move % i64::from(RETREAT_MOVE_DIVISOR) == 0 {
            ids::STEPPING_BACK
        } else {
            ids::RULING_RETREAT_STEP
        },
        format!(
            "Move {} / {RETREAT_MOVE_DIVISOR}, rounded down to whole yards: {tenth}; at least {least}",
            g.r#move
        ),
    );
    let most = tenth.max(least);
    if tenth < least {
        t.step(
            ids::RULING_RETREAT_STEP,
            format!("a step always covers {least} yard, so the most is {most}"),
        );
    }
    Ok(retreat_distance::Outcome {
        least_yards: least,
        most_yards: most,
    })
}

/// The retreat bonus for a defense, with the skill-specific row first.
pub fn bonus(defense: &str, skill: Option<&str>, t: &mut Trace) -> Result<i64, RuleError> {
    let rows = || {
        RETREAT_BONUSES
            .iter()
            .filter(|r| r.defense.eq_ignore_ascii_case(defense))
    };
    let by_skill = skill
        .and_then(|s| rows().find(|r| r.skill.is_some_and(|k| k.name.eq_ignore_ascii_case(s))));
    let row = match by_skill {
        Some(r) => r,
        None => rows().find(|r| r.skill.is_none()).ok_or_else(|| {
            RuleError::Invalid(format!("no retreat bonus for a `{defense}` defense"))
        })?,
    };
    t.step(
        ids::RETREAT_BONUSES,
        format!(
            "{}{}: {:+}",
            row.defense,
            match (row.skill, skill) {
                (Some(k), _) => format!(" with {} ({})", k.name, k.gloss.unwrap_or("")),
                (None, Some(s)) => format!(" with {s}, which has no row of its own"),
                (None, None) => String::new(),
            },
            row.bonus
        ),
    );
    Ok(row.bonus.into())
}

pub fn retreat(g: &retreat::Given, t: &mut Trace) -> Result<retreat::Outcome, RuleError> {
    let none = retreat::Outcome {
        allowed: false,
        bonus: 0,
    };
    if let Some(skill) = &g.skill {
        named([("a parrying skill", skill.as_str())])?;
    }
    let row = attack_row(&g.attack)?;
    let states = g.states.iter().flatten().map(|s| {
        by_name(
            RETREAT_STATES,
            |r| r.state,
            s,
            "state",
            "the retreat-states table",
        )
    });
    let states = states.collect::<Result<Vec<_>, _>>()?;
    if !open(row.retreat, false)? {
        t.step(
            ids::RETREAT,
            format!(
                "a retreat goes only with a defense against a melee attack, not {}",
                row.attack.name
            ),
        );
        return Ok(none);
    }
    let mut how = "a step back";
    for st in states {
        t.step(ids::RETREAT_STATES, format!("{}: {}", st.state, st.retreat));
        match st.retreat {
            "no" => return Ok(none),
            "yes" => {}
            "by rolling" => how = "rolling away",
            "bonus kept" => how = "no new step; the earlier retreat's bonus is kept",
            other => {
                return Err(RuleError::Invalid(format!(
                    "the retreat-states table holds `{other}`"
                )));
            }
        }
    }
    let bonus = bonus(&g.defense, g.skill.as_deref(), t)?;
    t.step(ids::RETREAT_LIMITS, format!("retreat, {how}: {bonus:+}"));
    Ok(retreat::Outcome {
        allowed: true,
        bonus,
    })
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

pub fn follow(g: &follow::Given, t: &mut Trace) -> Result<follow::Outcome, RuleError> {
    let (allows, taken) = (yes_no(g.maneuver_allows_a_step), yes_no(g.step_taken));
    let row = FOLLOW_UP
        .iter()
        .find(|r| r.maneuver_allows_a_step == allows && r.step_taken == taken)
        .ok_or_else(|| {
            RuleError::Invalid(format!(
                "a step taken ({taken}) under a maneuver that allows one ({allows}): \
                 no row of the follow-up table"
            ))
        })?;
    t.step(
        ids::FOLLOW_UP,
        format!(
            "maneuver allows a step: {allows}, step taken: {taken}; may follow: {}",
            row.may_follow
        ),
    );
    Ok(follow::Outcome {
        may_follow: row.may_follow == "yes",
    })
}
