//! `spec/active-defense/dodge-and-drop.md`: the dodge and drop, its sacrificial form,
//! diving for cover, and flyers and swimmers.

use crate::active_defense::defense_rolls::{attack_row, judge, open};
use crate::bounds::rolled;
use crate::spec::active_defense::defense_rolls::DEFENSE_DICE;
use crate::spec::active_defense::dodge_and_drop::{
    DIVE_FOR_COVER_RESULTS, DROP_BONUS, SACRIFICIAL_DROP_RESULTS, after_the_drop, dive_for_cover,
    dodge_and_drop, ids, sacrificial_dodge_and_drop,
};
use crate::trace::Trace;
use crate::value::RuleError;

fn outcome_word(success: bool) -> &'static str {
    if success { "Success" } else { "Failure" }
}

fn dropped(dodge: i64, t: &mut Trace) -> i64 {
    let effective = dodge + i64::from(DROP_BONUS);
    t.step(
        ids::DODGE_AND_DROP_FIGURES,
        format!("Dodge {dodge} + {DROP_BONUS} for the drop = {effective}"),
    );
    effective
}

pub fn dodge_and_drop(
    g: &dodge_and_drop::Given,
    t: &mut Trace,
) -> Result<dodge_and_drop::Outcome, RuleError> {
    let refused = dodge_and_drop::Outcome {
        allowed: false,
        effective_dodge: g.dodge,
        prone: false,
    };
    let row = attack_row(&g.attack)?;
    let open = match row.dodge_and_drop {
        "yes" => true,
        "no" => false,
        other => {
            return Err(RuleError::Invalid(format!(
                "the defense-by-attack table holds `{other}` for a dodge and drop"
            )));
        }
    };
    t.step(
        ids::DODGE_AND_DROP,
        format!(
            "dodge and drop against {}: `{}`",
            row.attack.name, row.dodge_and_drop
        ),
    );
    if !open {
        return Ok(refused);
    }
    let flying = g.flying_or_swimming == Some(true);
    if flying {
        let below = g.concealing_terrain == Some(true);
        t.step(
            ids::FLYING_OR_SWIMMING,
            if below {
                "flying or swimming: a step takes them below concealing terrain; not prone"
            } else {
                "flying or swimming with no concealing terrain a step below: no drop"
            },
        );
        if !below {
            return Ok(refused);
        }
    }
    let effective_dodge = dropped(g.dodge, t);
    if !flying {
        t.step(ids::DODGE_AND_DROP, "the drop leaves the defender prone");
    }
    Ok(dodge_and_drop::Outcome {
        allowed: true,
        effective_dodge,
        prone: !flying,
    })
}

pub fn after_the_drop(
    g: &after_the_drop::Given,
    t: &mut Trace,
) -> Result<after_the_drop::Outcome, RuleError> {
    let dodged = g.defense.eq_ignore_ascii_case("Dodge");
    if g.first_attack && !(g.same_foe && g.before_next_turn && dodged) {
        return Err(RuleError::Invalid(
            "the attack that prompted the drop is met by the drop's own Dodge, \
             from the foe dropped against, this turn"
                .into(),
        ));
    }
    let row = attack_row(&g.attack)?;
    let ranged = open(row.dodge_and_drop, false)?;
    let bonus = if ranged && g.same_foe && g.before_next_turn {
        i64::from(DROP_BONUS)
    } else {
        0
    };
    t.step(
        ids::RULING_DROP_ALL_DEFENSES,
        format!(
            "{} against {} ({}), {}, {}: {bonus:+}",
            g.defense,
            row.attack.name,
            if ranged { "ranged" } else { "not ranged" },
            if g.same_foe {
                "the foe dropped against"
            } else {
                "another foe"
            },
            if g.before_next_turn {
                "before the next turn"
            } else {
                "the next turn has begun"
            },
        ),
    );
    let cover_counts = !g.first_attack;
    t.step(
        ids::AFTER_THE_DROP,
        if cover_counts {
            "a later attack: the cover dropped behind counts"
        } else {
            "the attack that prompted the drop: the cover does not count yet"
        },
    );
    Ok(after_the_drop::Outcome {
        bonus,
        cover_counts,
    })
}

pub fn sacrificial_dodge_and_drop(
    g: &sacrificial_dodge_and_drop::Given,
    t: &mut Trace,
) -> Result<sacrificial_dodge_and_drop::Outcome, RuleError> {
    rolled(DEFENSE_DICE, [("a Dodge roll", g.roll)])?;
    let against = if g.explosive == Some(true) {
        "An explosive"
    } else {
        "An attack on a friend"
    };
    let find = |success: bool, margin: Option<i64>| {
        SACRIFICIAL_DROP_RESULTS
            .iter()
            .find(|r| {
                r.against == against
                    && r.dodge == outcome_word(success)
                    && match (r.margin, margin) {
                        (Some(band), Some(m)) => i32::try_from(m).is_ok_and(|m| band.contains(m)),
                        (None, None) => true,
                        _ => false,
                    }
            })
            .ok_or_else(|| {
                RuleError::Invalid(format!(
                    "no sacrificial-drop-results row for {against}, {}",
                    outcome_word(success)
                ))
            })
    };
    if !g.within_a_step {
        let failure = find(false, None)?;
        t.step(
            ids::SACRIFICIAL_DODGE_AND_DROP,
            "more than a step away: no sacrificial dodge and drop is made",
        );
        return Ok(sacrificial_dodge_and_drop::Outcome {
            allowed: false,
            effective_dodge: g.dodge,
            success: false,
            struck: failure.struck.to_string(),
            prone: "nobody".into(),
        });
    }
    let effective_dodge = dropped(g.dodge, t);
    let j = judge(effective_dodge, g.roll, t)?;
    let row = find(j.success, j.success.then_some(j.margin))?;
    t.step(
        ids::SACRIFICIAL_DROP_RESULTS,
        format!(
            "{against}, {}{}: strikes {}; prone: {}",
            row.dodge,
            row.margin
                .map_or(String::new(), |m| format!(" by {} (band {m})", j.margin)),
            row.struck,
            row.prone
        ),
    );
    if g.explosive == Some(true) && j.success {
        t.step(
            ids::RULING_SMOTHERED_BLAST,
            "whatever the margin, covering an explosive means taking its blast",
        );
    }
    if !j.success {
        t.step(
            ids::RULING_DROP_LEAVES_PRONE,
            "the dodger dropped all the same and ends prone",
        );
    }
    Ok(sacrificial_dodge_and_drop::Outcome {
        allowed: true,
        effective_dodge,
        success: j.success,
        struck: row.struck.to_string(),
        prone: row.prone.to_string(),
    })
}

pub fn dive_for_cover(
    g: &dive_for_cover::Given,
    t: &mut Trace,
) -> Result<dive_for_cover::Outcome, RuleError> {
    let effective_dodge = dropped(g.dodge, t);
    let j = judge(effective_dodge, g.roll, t)?;
    let cover = if g.cover_a_step_away { "yes" } else { "no" };
    let row = DIVE_FOR_COVER_RESULTS
        .iter()
        .find(|r| r.cover_a_step_away == cover && r.dodge == outcome_word(j.success))
        .ok_or_else(|| RuleError::Invalid("no dive-for-cover-results row".into()))?;
    t.step(
        ids::DIVE_FOR_COVER_RESULTS,
        format!("cover a step away: {cover}; {}: {}", row.dodge, row.result),
    );
    let flying = g.flying_or_swimming == Some(true);
    if flying {
        t.step(ids::FLYING_OR_SWIMMING, "flying or swimming: not prone");
    } else if j.success {
        t.step(ids::DODGE_AND_DROP, "the drop leaves the diver prone");
    } else {
        t.step(
            ids::RULING_DROP_LEAVES_PRONE,
            "the diver dropped all the same and ends prone",
        );
    }
    Ok(dive_for_cover::Outcome {
        effective_dodge,
        success: j.success,
        result: row.result.to_string(),
        prone: !flying,
    })
}
