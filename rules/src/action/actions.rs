//! `spec/action/actions.md`: the available actions, their DEF and skill modifiers,
//! and the rules with figures of their own (dive, drag, block, reload, ...).

use std::cmp::Ordering;

use crate::bounds::{non_negative, rolled};
use crate::dice::Dice;
use crate::spec::action::actions::{
    ACTIONS, CONTEST_ROLL, CondensedAction, DIVE_BASE_TN, DIVE_TN_PER_METRE, DRAG_STR_BONUS,
    DROP_DAMAGE, HALF_DIVISOR, HALF_MEASURES, HELD, INI_EFFECTS, IniEffect, KICK_STR_BONUS,
    MELEE_ONLY_DEF, NO_REF, RELOAD, RESTRAIN_RESISTANCE_PENALTY, ROLEPLAY_BONUS_LEAST,
    ROLEPLAY_BONUS_MOST, block, break_bind, break_grab, break_restraint, disarm, dive, drag, held,
    ids, modifiers, r#move, ref_to_def, reload, restrain, roleplay, roll_with_the_blow, strike,
    takedown,
};
use crate::spec::action::combat_modifiers::{AIMING, DEF_MODIFIERS, ids as cm_ids};
use crate::spec::action::moving::{PACES, ids as moving_ids};
use crate::table::{Or, Rate, Term, by_name};
use crate::trace::Trace;
use crate::value::RuleError;

/// An action's row of the condensed actions table.
fn condensed(name: &str) -> Result<&'static CondensedAction, RuleError> {
    ACTIONS
        .iter()
        .find(|r| r.action.eq_ignore_ascii_case(name))
        .ok_or_else(|| RuleError::Invalid(format!("no action `{name}` in the actions table")))
}

fn ini_effect(name: &str) -> Option<&'static IniEffect> {
    INI_EFFECTS
        .iter()
        .find(|e| e.action.eq_ignore_ascii_case(name))
}

/// Half of `x`, rounded up (the ruling on halves).
fn half(x: i64, what: &str, t: &mut Trace) -> i64 {
    let d = i64::from(HALF_DIVISOR);
    let h = (x + d - 1).div_euclid(d);
    t.step(
        ids::RULING_HALVES,
        format!("half of {what} {x}, rounded up: {h}"),
    );
    h
}

/// The table's DEF, or none against a ranged attack for an action whose bonus counts
/// against melee only.
fn def_against(row: &CondensedAction, def: i32, against: Option<&str>, t: &mut Trace) -> i32 {
    let melee_only = MELEE_ONLY_DEF
        .iter()
        .any(|m| m.action.eq_ignore_ascii_case(row.action));
    if melee_only && against == Some("ranged") {
        t.step(
            ids::MELEE_ONLY_DEF_TABLE,
            format!(
                "{}'s DEF {def:+} counts against melee only: none against a ranged attack",
                row.action
            ),
        );
        return 0;
    }
    def
}

pub fn roleplay(g: &roleplay::Given, t: &mut Trace) -> Result<roleplay::Outcome, RuleError> {
    let span = i64::from(ROLEPLAY_BONUS_LEAST)..=i64::from(ROLEPLAY_BONUS_MOST);
    if !span.contains(&g.bonus) {
        return Err(RuleError::Invalid(format!(
            "a role-playing bonus is {ROLEPLAY_BONUS_LEAST:+} to {ROLEPLAY_BONUS_MOST:+}, not {:+}",
            g.bonus
        )));
    }
    let total = g.roll + g.bonus;
    t.step(
        ids::ROLEPLAY_BONUS,
        format!("roll {} + role-playing {:+} = {total}", g.roll, g.bonus),
    );
    Ok(roleplay::Outcome { total })
}

pub fn modifiers(g: &modifiers::Given, t: &mut Trace) -> Result<modifiers::Outcome, RuleError> {
    let row = condensed(&g.action)?;
    let def = table_def(row)?;
    t.step(
        ids::CONDENSED_ACTIONS_TABLE,
        format!(
            "{}: {}: DEF {def:+}, Skill Mod {}",
            row.group.unwrap_or_default(),
            row.action,
            rate(&row.skill)
        ),
    );
    let skill = skill_mod(row, g.aim_turns, t)?;
    if row.action.eq_ignore_ascii_case("Restrain") {
        t.step(
            ids::RULING_RESTRAIN_MINUS_TWO,
            "the -2 falls on the one restrained; the restraining roll is at the table's Skill Mod",
        );
    }
    let ini = sure_ini(row.action, t);
    let def = def_against(row, def, g.against.as_deref(), t);
    Ok(modifiers::Outcome {
        def: def.into(),
        skill,
        ini: ini.into(),
    })
}

/// The row's DEF figure; a word there (the target's speed) belongs to another table.
fn table_def(row: &CondensedAction) -> Result<i32, RuleError> {
    match row.def {
        Or::Value(d) => Ok(d),
        Or::Word(w) => Err(RuleError::Invalid(format!(
            "{}'s DEF is `{w}`: it follows the character's speed (target moving, in combat modifiers)",
            row.action
        ))),
    }
}

/// The Skill Mod: the flat figure, or one that accrues over the turns of aim given.
fn skill_mod(
    row: &CondensedAction,
    aim_turns: Option<i64>,
    t: &mut Trace,
) -> Result<i64, RuleError> {
    match (row.skill.per, aim_turns) {
        (None, None) => Ok(row.skill.value.into()),
        (None, Some(_)) => Err(RuleError::Invalid(format!(
            "{}: a Skill Mod that does not accrue per turn takes no turns",
            row.action
        ))),
        (Some(per), None) => Err(RuleError::Invalid(format!(
            "{}: the Skill Mod accrues per {}; give aim_turns",
            row.action, per.unit
        ))),
        (Some(_), Some(turns)) => {
            non_negative([("turns of aim", turns)])?;
            let capped = aim_capped(row.skill, t)?;
            let skill = capped.for_amount(turns);
            t.step(
                ids::CONDENSED_ACTIONS_TABLE,
                format!(
                    "{turns} turns at {:+} each, capped: {skill:+}",
                    capped.value
                ),
            );
            Ok(skill)
        }
    }
}

/// The accruing Skill Mod with a cap: its own, or the aiming table's when the cell names none.
fn aim_capped(skill: Rate, t: &mut Trace) -> Result<Rate, RuleError> {
    if skill.max.is_some() {
        return Ok(skill);
    }
    let aiming = AIMING
        .iter()
        .find(|a| a.condition == "Aiming")
        .ok_or_else(|| RuleError::Invalid("the aiming table has no Aiming row".into()))?;
    t.step(
        ids::RULING_AIM_CAP,
        format!(
            "the cell names no cap: held to the aiming table's {}",
            aiming
                .modifier
                .max
                .map_or("none".into(), |m| format!("{m:+}"))
        ),
    );
    Ok(Rate {
        max: aiming.modifier.max,
        ..skill
    })
}

/// The action's INI effect when it is sure; a conditional one grants nothing here.
fn sure_ini(action: &str, t: &mut Trace) -> i32 {
    match ini_effect(action) {
        Some(e) if e.condition.is_none() => {
            t.step(
                ids::INI_EFFECTS_TABLE,
                format!("{}: {:+} INI", e.action, e.ini),
            );
            e.ini
        }
        Some(e) => {
            t.step(
                ids::INI_EFFECTS_TABLE,
                format!(
                    "{}: {:+} INI, {}: not a sure bonus",
                    e.action,
                    e.ini,
                    e.condition.unwrap_or_default()
                ),
            );
            0
        }
        None => 0,
    }
}

fn rate(r: &Rate) -> String {
    match r.per {
        Some(per) if per.count == 1 => format!("{:+}/{}", r.value, per.unit),
        Some(per) => format!("{:+} per {} {}", r.value, per.count, per.unit),
        None => format!("{:+}", r.value),
    }
}

pub fn ref_to_def(g: &ref_to_def::Given, t: &mut Trace) -> Result<ref_to_def::Outcome, RuleError> {
    condensed(&g.action)?;
    let keeps_ref = match NO_REF
        .iter()
        .find(|r| r.action.eq_ignore_ascii_case(&g.action))
    {
        Some(r) => {
            t.step(
                ids::NO_REF_TABLE,
                format!("{}: no REF in DEF, {}", r.action, r.lasts),
            );
            false
        }
        None => {
            t.step(
                ids::REF_TO_DEF,
                format!(
                    "{} is not among the actions that forgo REF: it stays",
                    g.action
                ),
            );
            true
        }
    };
    Ok(ref_to_def::Outcome { keeps_ref })
}

pub fn block(g: &block::Given, t: &mut Trace) -> Result<block::Outcome, RuleError> {
    if g.style.as_deref() == Some("Brawling") && g.edged == Some(true) {
        return Err(RuleError::Invalid(
            "Brawling cannot block an edged weapon".into(),
        ));
    }
    let blocked = g.block_en >= g.attack_en;
    let effect = ini_effect("Block")
        .ok_or_else(|| RuleError::Invalid("the INI effects table has no Block row".into()))?;
    t.step(
        ids::BLOCK,
        format!(
            "block EN {} against attack EN {}: {}",
            g.block_en,
            g.attack_en,
            if blocked {
                "at least as much, blocked"
            } else {
                "less, not blocked"
            }
        ),
    );
    let ini_bonus = if blocked { effect.ini } else { 0 };
    if blocked {
        t.step(
            ids::INI_EFFECTS_TABLE,
            format!(
                "{:+} INI, {}",
                effect.ini,
                effect.condition.unwrap_or("always")
            ),
        );
    }
    Ok(block::Outcome {
        blocked,
        ini_bonus: ini_bonus.into(),
    })
}

pub fn roll_with_the_blow(
    g: &roll_with_the_blow::Given,
    t: &mut Trace,
) -> Result<roll_with_the_blow::Outcome, RuleError> {
    non_negative([("damage", g.damage)])?;
    let rolled = g.damage;
    let halved = g.roll_en > g.attack_en;
    t.step(
        ids::RULING_ROLL_WITH_THE_BLOW,
        format!(
            "roll EN {} against attack EN {}: {}",
            g.roll_en,
            g.attack_en,
            if halved {
                "exceeds it, half damage"
            } else {
                "does not exceed it, full damage"
            }
        ),
    );
    let damage = if halved {
        half(rolled, "damage", t)
    } else {
        rolled
    };
    Ok(roll_with_the_blow::Outcome { halved, damage })
}

/// The most metres an action of the half-measure table covers, if `action` is one:
/// half of MOV rounded up (the ruling on halves), and half of STR, a dive's
/// reach, as it is, since the book states no rounding for it (line 41).
fn half_measure(
    action: &str,
    mov: i64,
    strength: Option<i64>,
    t: &mut Trace,
) -> Result<Option<f64>, RuleError> {
    let Some(row) = HALF_MEASURES
        .iter()
        .find(|r| r.action.eq_ignore_ascii_case(action))
    else {
        return Ok(None);
    };
    let score = match row.score {
        "MOV" => mov,
        "STR" => strength.ok_or_else(|| {
            RuleError::Invalid(format!(
                "{}: half of STR, and no strength given",
                row.action
            ))
        })?,
        other => {
            return Err(RuleError::Invalid(format!(
                "{}: the half-measure table names `{other}`, which this rule has no figure for",
                row.action
            )));
        }
    };
    t.step(
        ids::HALF_MEASURE_TABLE,
        format!("{}: half of {}", row.action, row.score),
    );
    non_negative([(row.score, score)])?;
    if row.score == "STR" {
        let metres = score as f64 / f64::from(HALF_DIVISOR);
        t.step(
            ids::RULING_HALVES,
            format!("half of STR {score}, not rounded: {metres} m"),
        );
        return Ok(Some(metres));
    }
    Ok(Some(half(score, row.score, t) as f64))
}

pub fn r#move(g: &r#move::Given, t: &mut Trace) -> Result<r#move::Outcome, RuleError> {
    non_negative([("MOV", g.mov), ("STR", g.strength.unwrap_or_default())])?;
    let mov = g.mov;
    if let Some(pace) = PACES
        .iter()
        .find(|p| p.pace.eq_ignore_ascii_case(&g.action))
    {
        let metres = mov * i64::from(pace.mov_multiple);
        t.step(
            moving_ids::PACE_TABLE,
            format!(
                "{}: {} x MOV {mov} = {metres} m",
                pace.pace, pace.mov_multiple
            ),
        );
        return Ok(r#move::Outcome {
            metres: metres as f64,
        });
    }
    let metres = half_measure(&g.action, mov, g.strength, t)?.ok_or_else(|| {
        RuleError::Invalid(format!(
            "`{}` is neither a pace nor an action of the half-measure table",
            g.action
        ))
    })?;
    Ok(r#move::Outcome { metres })
}

pub fn dive(g: &dive::Given, t: &mut Trace) -> Result<dive::Outcome, RuleError> {
    non_negative([("STR", g.strength), ("a leap", g.metres)])?;
    let metres = g.metres;
    let tn = i64::from(DIVE_BASE_TN) + i64::from(DIVE_TN_PER_METRE) * metres;
    t.step(
        ids::DIVE,
        format!("TN {DIVE_BASE_TN} + {DIVE_TN_PER_METRE} x {metres} m = {tn}"),
    );
    let reach = half_measure("Dive", 0, Some(g.strength), t)?
        .ok_or_else(|| RuleError::Invalid("the half-measure table has no Dive row".into()))?;
    let in_reach = metres as f64 <= reach;
    t.step(
        ids::DIVE,
        format!(
            "{metres} m {} the reach of {reach} m",
            if in_reach { "within" } else { "beyond" }
        ),
    );
    let (situation, def) = DEF_MODIFIERS
        .iter()
        .find_map(|r| match r.modifier {
            Some(Term::Flat(m)) if r.situation.contains("Diving") => Some((r.situation, m)),
            _ => None,
        })
        .ok_or_else(|| RuleError::Invalid("the DEF modifiers table has no Diving row".into()))?;
    t.step(
        cm_ids::DEF_MODIFIER_TABLE,
        format!("{situation}: DEF {def:+}"),
    );
    Ok(dive::Outcome {
        tn,
        reach,
        in_reach,
        def: def.into(),
    })
}

pub fn disarm(g: &disarm::Given, t: &mut Trace) -> Result<disarm::Outcome, RuleError> {
    let success = g.disarm_en > g.defender_en;
    t.step(
        ids::DISARM,
        format!(
            "EN {} against the defender's {}: {}",
            g.disarm_en,
            g.defender_en,
            if success {
                "exceeds it, the weapon goes"
            } else {
                "does not exceed it, no effect"
            }
        ),
    );
    Ok(disarm::Outcome { success })
}

pub fn held(g: &held::Given, t: &mut Trace) -> Result<held::Outcome, RuleError> {
    let row = by_name(HELD, |r| r.hold, &g.hold, "hold", "the held table")?;
    t.step(
        ids::HELD_TABLE,
        format!("{}: every action at {:+}", row.hold, row.penalty),
    );
    Ok(held::Outcome {
        penalty: row.penalty.into(),
    })
}

/// A held character's contest total with his hold's penalty from the held
/// table: breaking free is one of his own actions, which the hold penalises
/// (lines 63-66).
fn held_total(total: i64, hold: &str, t: &mut Trace) -> Result<i64, RuleError> {
    let row = by_name(HELD, |r| r.hold, hold, "hold", "the held table")?;
    let held = total + i64::from(row.penalty);
    t.step(
        ids::HELD_TABLE,
        format!("{}: {total} {:+} = {held}", row.hold, row.penalty),
    );
    Ok(held)
}

/// One side's total in a contest of holds: a score (STR, or REF to restrain), a skill and 3d6.
fn contestant(
    who: &str,
    (score, n): (&str, i64),
    skill: i64,
    roll: i64,
    section: &'static str,
    t: &mut Trace,
) -> Result<i64, RuleError> {
    non_negative([(score, n), ("a skill", skill)])?;
    rolled(CONTEST_ROLL, [("a roll", roll)])?;
    let total = n + skill + roll;
    t.step(
        section,
        format!("{who}: {score} {n} + skill {skill} + {CONTEST_ROLL} {roll} = {total}"),
    );
    Ok(total)
}

/// Whether the side trying for a change gets it: the higher total, and on a tie
/// what the book's wording gives it (the ruling `ruling-contest-ties`).
fn prevails(total: i64, other: i64, on_a_tie: bool, t: &mut Trace) -> bool {
    let prevails = match total.cmp(&other) {
        Ordering::Greater => true,
        Ordering::Less => false,
        Ordering::Equal => on_a_tie,
    };
    t.step(
        ids::RULING_CONTEST_TIES,
        format!(
            "{total} against {other}: {}",
            if prevails { "succeeds" } else { "fails" }
        ),
    );
    prevails
}

pub fn break_bind(g: &break_bind::Given, t: &mut Trace) -> Result<break_bind::Outcome, RuleError> {
    let total = contestant(
        "breaking out",
        ("STR", g.str),
        g.skill,
        g.roll,
        ids::BIND,
        t,
    )?;
    let opponent_total = contestant(
        "the opponent",
        ("STR", g.opponent_str),
        g.opponent_skill,
        g.opponent_roll,
        ids::BIND,
        t,
    )?;
    Ok(break_bind::Outcome {
        total,
        opponent_total,
        wins: prevails(total, opponent_total, false, t),
    })
}

pub fn break_grab(g: &break_grab::Given, t: &mut Trace) -> Result<break_grab::Outcome, RuleError> {
    let rolled = contestant("the grabbed", ("STR", g.str), g.skill, g.roll, ids::GRAB, t)?;
    let total = held_total(rolled, "Grabbed", t)?;
    let grabber_total = contestant(
        "the grabber",
        ("STR", g.grabber_str),
        g.grabber_skill,
        g.grabber_roll,
        ids::GRAB,
        t,
    )?;
    Ok(break_grab::Outcome {
        total,
        grabber_total,
        free: prevails(total, grabber_total, true, t),
    })
}

pub fn restrain(g: &restrain::Given, t: &mut Trace) -> Result<restrain::Outcome, RuleError> {
    let total = contestant(
        "the grabber",
        ("REF", g.r#ref),
        g.skill,
        g.roll,
        ids::GRAB,
        t,
    )?;
    let resisting = contestant(
        "the grabbed",
        ("REF", g.opponent_ref),
        g.opponent_skill,
        g.opponent_roll,
        ids::GRAB,
        t,
    )?;
    let opponent_total = resisting - i64::from(RESTRAIN_RESISTANCE_PENALTY);
    t.step(
        ids::RULING_RESTRAIN_MINUS_TWO,
        format!("the grabbed resists at -{RESTRAIN_RESISTANCE_PENALTY}: {opponent_total}"),
    );
    Ok(restrain::Outcome {
        total,
        opponent_total,
        restrained: prevails(total, opponent_total, false, t),
    })
}

pub fn break_restraint(
    g: &break_restraint::Given,
    t: &mut Trace,
) -> Result<break_restraint::Outcome, RuleError> {
    let rolled = contestant(
        "the restrained",
        ("STR", g.str),
        g.skill,
        g.roll,
        ids::GRAB,
        t,
    )?;
    let total = held_total(rolled, "Restrained", t)?;
    let restrainer_total = contestant(
        "the restrainer",
        ("STR", g.restrainer_str),
        g.restrainer_skill,
        g.restrainer_roll,
        ids::GRAB,
        t,
    )?;
    Ok(break_restraint::Outcome {
        total,
        restrainer_total,
        free: prevails(total, restrainer_total, true, t),
    })
}

pub fn drag(g: &drag::Given, t: &mut Trace) -> Result<drag::Outcome, RuleError> {
    non_negative([
        ("STR", g.strength),
        ("the STR against", g.against),
        ("MOV", g.mov.unwrap_or_default()),
    ])?;
    let raw = g.strength + i64::from(DRAG_STR_BONUS) - g.against;
    let uncapped = raw.max(0);
    t.step(
        ids::RULING_DRAG_ARITHMETIC,
        format!(
            "STR {} + {DRAG_STR_BONUS} - {} = {raw}: {uncapped} m",
            g.strength, g.against
        ),
    );
    let metres = capped_by_mov(uncapped, g.mov, t);
    let lightest = g.strength + i64::from(DRAG_STR_BONUS);
    t.step(
        ids::RULING_FARTHEST_DRAG,
        format!(
            "farthest, with a load that takes no STR: STR {} + {DRAG_STR_BONUS} = {lightest} m",
            g.strength
        ),
    );
    let farthest = capped_by_mov(lightest, g.mov, t);
    Ok(drag::Outcome { metres, farthest })
}

/// A drag's metres, held to the dragger's MOV when it is known.
fn capped_by_mov(metres: i64, mov: Option<i64>, t: &mut Trace) -> i64 {
    match mov {
        Some(mov) => {
            let m = metres.min(mov);
            t.step(ids::DRAG, format!("at most MOV {mov}: {m} m"));
            m
        }
        None => metres,
    }
}

pub fn takedown(g: &takedown::Given, t: &mut Trace) -> Result<takedown::Outcome, RuleError> {
    let damage = if g.action.eq_ignore_ascii_case("Drop") {
        t.step(
            ids::ACTIONS_DICE,
            format!("a drop: each of the two takes {DROP_DAMAGE}"),
        );
        DROP_DAMAGE
    } else if g.action.eq_ignore_ascii_case("Throw") {
        let strength = g
            .strength
            .and_then(|s| i32::try_from(s).ok())
            .filter(|&s| s >= 0)
            .ok_or_else(|| {
                RuleError::Invalid("a throw needs the thrower's STR, 0 or more".into())
            })?;
        let damage = Dice::d6(strength);
        t.step(
            ids::DROP_AND_THROW,
            format!("a throw: a die per point of STR {strength}, {damage}"),
        );
        damage
    } else {
        return Err(RuleError::Invalid(format!(
            "`{}` is not a takedown (Drop or Throw)",
            g.action
        )));
    };
    Ok(takedown::Outcome { damage })
}

pub fn strike(g: &strike::Given, t: &mut Trace) -> Result<strike::Outcome, RuleError> {
    non_negative([("STR", g.strength)])?;
    let damage_str = if g.kick == Some(true) {
        let s = g.strength + i64::from(KICK_STR_BONUS);
        t.step(
            ids::STRIKES,
            format!("a kick: STR {} + {KICK_STR_BONUS} = {s}", g.strength),
        );
        s
    } else {
        t.step(ids::STRIKES, format!("STR {}", g.strength));
        g.strength
    };
    Ok(strike::Outcome { damage_str })
}

pub fn reload(g: &reload::Given, t: &mut Trace) -> Result<reload::Outcome, RuleError> {
    let row = by_name(
        RELOAD,
        |r| r.weapon,
        &g.weapon,
        "weapon",
        "the reload table",
    )?;
    let turns = match (row.turns.per, g.loads) {
        (Some(per), None) => {
            return Err(RuleError::Invalid(format!(
                "{}: turns accrue per {}; give loads",
                row.weapon, per.unit
            )));
        }
        (Some(per), Some(n)) => {
            non_negative([("loads", n)])?;
            let turns = row.turns.for_amount(n);
            t.step(
                ids::RELOAD_TABLE,
                format!(
                    "{}: {} turn per {}, {n} of them: {turns} turns",
                    row.weapon, row.turns.value, per.unit
                ),
            );
            turns
        }
        (None, _) => {
            t.step(
                ids::RELOAD_TABLE,
                format!("{}: {} turns", row.weapon, row.turns.value),
            );
            row.turns.value.into()
        }
    };
    Ok(reload::Outcome { turns })
}
