//! `spec/active-defense/defense-rolls.md`: which defense an attack allows, the 3d6
//! roll-under defense roll with its automatic bands, and All-Out Defense's second try.

use crate::bounds::rolled;
use crate::spec::active_defense::defense_rolls::{
    AUTOMATIC_RESULTS, DEFENSE_BY_ATTACK, DEFENSE_DICE, DEFENSE_NEEDS, DEFENSES_PER_ATTACK,
    DOUBLE_DEFENSE_ROLLS, DefenseByAttack, UNABLE_TO_DEFEND, defense_allowed, defense_roll,
    double_defense, ids,
};
use crate::table::by_name;
use crate::trace::Trace;
use crate::value::RuleError;

/// The row of the defense-by-attack table for an attack, by its name.
pub fn attack_row(attack: &str) -> Result<&'static DefenseByAttack, RuleError> {
    DEFENSE_BY_ATTACK
        .iter()
        .find(|r| r.attack.name.eq_ignore_ascii_case(attack))
        .ok_or_else(|| {
            RuleError::Invalid(format!(
                "no attack `{attack}` in the defense-by-attack table"
            ))
        })
}

/// Reads a cell of the defense-by-attack table: `yes`, `no` or `in reach`.
pub fn open(cell: &str, in_reach: bool) -> Result<bool, RuleError> {
    match cell {
        "yes" => Ok(true),
        "no" => Ok(false),
        "in reach" => Ok(in_reach),
        other => Err(RuleError::Invalid(format!(
            "the defense-by-attack table holds `{other}`, which is not yes, no or in reach"
        ))),
    }
}

pub fn defense_allowed(
    g: &defense_allowed::Given,
    t: &mut Trace,
) -> Result<defense_allowed::Outcome, RuleError> {
    let row = attack_row(&g.attack)?;
    let cell = match g.defense.to_ascii_lowercase().as_str() {
        "dodge" => row.dodge,
        "parry" => row.parry,
        "block" => row.block,
        _ => {
            return Err(RuleError::Invalid(format!(
                "`{}` is not an active defense (Dodge, Parry or Block)",
                g.defense
            )));
        }
    };
    if unable(g.states.iter().flatten(), t)? || !ready(&g.defense, g.ready, t)? {
        return Ok(defense_allowed::Outcome { allowed: false });
    }
    let in_reach = g.in_reach.unwrap_or(false);
    let allowed = open(cell, in_reach)?;
    t.step(
        ids::DEFENSE_BY_ATTACK,
        format!(
            "{} against {}: `{cell}`{}",
            g.defense,
            row.attack.name,
            if cell == "in reach" {
                if in_reach {
                    ", and the attacker is within reach"
                } else {
                    ", and the attacker is out of reach"
                }
            } else {
                ""
            }
        ),
    );
    if cell == "in reach" {
        t.step(
            ids::RULING_PARRY_IN_REACH,
            "what is parried is the weapon that shoots, so only within reach",
        );
    }
    Ok(defense_allowed::Outcome { allowed })
}

/// Whether any of the defender's states rules out every defense.
fn unable<'a>(
    mut states: impl Iterator<Item = &'a String>,
    t: &mut Trace,
) -> Result<bool, RuleError> {
    let Some(s) = states.next() else {
        return Ok(false);
    };
    let row = by_name(
        UNABLE_TO_DEFEND,
        |r| r.state,
        s,
        "state",
        "the unable-to-defend table",
    )?;
    t.step(
        ids::UNABLE_TO_DEFEND,
        format!("{}: {}, so no active defense", row.state, row.why),
    );
    Ok(true)
}

/// Whether what `defense` needs in hand is ready; left out, it is taken as ready.
fn ready(defense: &str, ready: Option<bool>, t: &mut Trace) -> Result<bool, RuleError> {
    let row = by_name(
        DEFENSE_NEEDS,
        |r| r.defense,
        defense,
        "defense",
        "the defense-needs table",
    )?;
    let Some(needs) = row.needs else {
        return Ok(true);
    };
    let state = match ready {
        Some(true) => "ready",
        Some(false) => "not ready",
        None => "taken as ready",
    };
    t.step(
        ids::DEFENSE_NEEDS,
        format!("{} needs ready {needs}: {state}", row.defense),
    );
    Ok(ready.unwrap_or(true))
}

/// What a defense roll comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judged {
    pub success: bool,
    pub automatic: bool,
    pub critical: bool,
    /// Effective defense less roll, held as `ruling-automatic-margin` says.
    pub margin: i64,
}

/// Judges one 3d6 defense roll against an effective defense.
pub fn judge(defense: i64, roll: i64, t: &mut Trace) -> Result<Judged, RuleError> {
    rolled(DEFENSE_DICE, [("a defense roll", roll)])?;
    let raw = defense - roll;
    let band = i32::try_from(roll)
        .ok()
        .and_then(|r| AUTOMATIC_RESULTS.iter().find(|b| b.roll.contains(r)));
    let judged = match band {
        Some(b) => {
            let success = match b.result {
                "success" => true,
                "failure" => false,
                other => {
                    return Err(RuleError::Invalid(format!(
                        "the automatic-results table holds `{other}`"
                    )));
                }
            };
            t.step(
                ids::AUTOMATIC_RESULTS,
                format!(
                    "{roll} is in the {} band: an automatic {}, whatever the defense of {defense}",
                    b.roll, b.result
                ),
            );
            if defense < 1 && success {
                t.step(
                    ids::RULING_SCORE_BELOW_ONE,
                    format!("a defense of {defense} still succeeds on {roll}"),
                );
            }
            let margin = if success { raw.max(0) } else { raw.min(-1) };
            if margin != raw {
                t.step(
                    ids::RULING_AUTOMATIC_MARGIN,
                    format!("{defense} - {roll} = {raw}, held to a margin of {margin}"),
                );
            }
            if success {
                t.step(
                    ids::RULING_CRITICAL_SUCCESS,
                    format!("{roll} is an automatic success, so a critical success"),
                );
            }
            Judged {
                success,
                automatic: true,
                critical: success,
                margin,
            }
        }
        None => {
            let success = roll <= defense;
            t.step(
                ids::THE_DEFENSE_ROLL,
                format!(
                    "{roll} against {defense}: {} by {}",
                    if success { "success" } else { "failure" },
                    raw.abs()
                ),
            );
            Judged {
                success,
                automatic: false,
                critical: false,
                margin: raw,
            }
        }
    };
    Ok(judged)
}

pub fn defense_roll(
    g: &defense_roll::Given,
    t: &mut Trace,
) -> Result<defense_roll::Outcome, RuleError> {
    let j = judge(g.defense, g.roll, t)?;
    Ok(defense_roll::Outcome {
        success: j.success,
        automatic: j.automatic,
        critical: j.critical,
        margin: j.margin,
    })
}

pub fn double_defense(
    g: &double_defense::Given,
    t: &mut Trace,
) -> Result<double_defense::Outcome, RuleError> {
    let most = usize::try_from(DOUBLE_DEFENSE_ROLLS).unwrap_or(0);
    let least = usize::try_from(DEFENSES_PER_ATTACK).unwrap_or(0);
    if g.defenses.len() != g.rolls.len() || g.defenses.len() < least || g.defenses.len() > most {
        return Err(RuleError::Invalid(format!(
            "{} defenses and {} rolls: give {least} to {most} of each, paired",
            g.defenses.len(),
            g.rolls.len()
        )));
    }
    one_dodge(g.kinds.as_deref(), g.defenses.len(), t)?;
    let mut rolls_made = 0;
    let mut defended = false;
    for (i, (&d, &r)) in g.defenses.iter().zip(&g.rolls).enumerate() {
        rolls_made += 1;
        t.step(
            ids::DOUBLE_DEFENSE,
            format!(
                "defense {} of at most {most}: {d} against a roll of {r}",
                i + 1
            ),
        );
        if judge(d, r, t)?.success {
            defended = true;
            break;
        }
    }
    Ok(double_defense::Outcome {
        defended,
        rolls_made,
    })
}

/// Checks the named defenses of one attack: one per roll, each an active
/// defense, and never two Dodges (the book's one Dodge roll per attack).
fn one_dodge(kinds: Option<&[String]>, defenses: usize, t: &mut Trace) -> Result<(), RuleError> {
    let Some(kinds) = kinds else {
        return Ok(());
    };
    if kinds.len() != defenses {
        return Err(RuleError::Invalid(format!(
            "{} defenses named for {defenses} defenses",
            kinds.len()
        )));
    }
    for k in kinds {
        by_name(
            DEFENSE_NEEDS,
            |r| r.defense,
            k,
            "defense",
            "the defense-needs table",
        )?;
    }
    let dodges = kinds
        .iter()
        .filter(|k| k.eq_ignore_ascii_case("Dodge"))
        .count();
    if dodges > 1 {
        return Err(RuleError::Invalid(format!(
            "{dodges} Dodges: only one Dodge roll against a given attack"
        )));
    }
    t.step(
        ids::DOUBLE_DEFENSE,
        format!("defenses {}: at most one Dodge", kinds.join(", ")),
    );
    Ok(())
}
