//! `spec/action/weapons.md`: weapon size, STR minimum, accuracy, melee damage.

use std::cmp::Ordering;

use crate::bounds::non_negative;
use crate::dice::Dice;
use crate::spec::action::autofire::METHODS;
use crate::spec::action::weapons::{
    BOWS, FLAT_POINTS_PER_DIE, LONGER_WEAPON_BONUS, MAX_DAMAGE_MULTIPLE, MELEE, MeleeWeapon,
    POUNDS_PER_KILOGRAM, RANGED, RangedWeapon, SIZES, STR_SHORTFALL_PENALTY, WEAPON_CODES,
    accuracy, fire_modes, flat_rate, ids, melee_damage, optimal_distance, range_offset,
    ranged_shot, ranged_str, rate_of_fire, str_shortfall, weight,
};
use crate::table::{Amount, Or, RateOfFire, by_name};
use crate::trace::Trace;
use crate::value::RuleError;

fn melee(name: &str) -> Result<&'static MeleeWeapon, RuleError> {
    by_name(MELEE, |w| w.weapon, name, "melee weapon", "the table")
}

fn optimal(w: &MeleeWeapon, t: &mut Trace) -> Result<i64, RuleError> {
    let size = SIZES.iter().find(|s| s.size == w.size).ok_or_else(|| {
        RuleError::Invalid(format!(
            "{} is size {}, which has no single optimal distance",
            w.weapon, w.size
        ))
    })?;
    t.step(
        ids::WEAPON_SIZE_TABLE,
        format!(
            "{}: size {}, best at {} m",
            w.weapon, w.size, size.optimal_distance
        ),
    );
    Ok(size.optimal_distance.into())
}

pub fn optimal_distance(
    g: &optimal_distance::Given,
    t: &mut Trace,
) -> Result<optimal_distance::Outcome, RuleError> {
    let mine = optimal(melee(&g.weapon)?, t)?;
    let theirs = optimal(melee(&g.opponent)?, t)?;
    let inside = g.shorter_struck == Some(true);
    // Who holds the bonus: the longer weapon, or the shorter once it has struck.
    let (ours, their) = match (mine.cmp(&theirs), inside) {
        (Ordering::Equal, _) => (false, false),
        (Ordering::Greater, false) | (Ordering::Less, true) => (true, false),
        _ => (false, true),
    };
    let bonus = |held: bool| {
        if held {
            i64::from(LONGER_WEAPON_BONUS)
        } else {
            0
        }
    };
    t.step(
        ids::WEAPON_SIZE,
        format!(
            "{mine} m against {theirs} m{}: {:+} INI and DEF to us, {:+} to the opponent",
            if inside {
                ", the shorter weapon has struck"
            } else {
                ""
            },
            bonus(ours),
            bonus(their)
        ),
    );
    Ok(optimal_distance::Outcome {
        optimal_distance: mine,
        opponent_optimal_distance: theirs,
        ini_bonus: bonus(ours),
        def_bonus: bonus(ours),
        opponent_ini_bonus: bonus(their),
        opponent_def_bonus: bonus(their),
    })
}

pub fn str_shortfall(
    g: &str_shortfall::Given,
    t: &mut Trace,
) -> Result<str_shortfall::Outcome, RuleError> {
    non_negative([
        ("REF", g.r#ref),
        ("a skill", g.skill),
        ("STR", g.str),
        ("a STR minimum", g.str_min),
    ])?;
    let short = (g.str_min - g.str).max(0);
    let str_penalty = -short * i64::from(STR_SHORTFALL_PENALTY);
    t.step(
        ids::STR_MINIMUM,
        format!(
            "STR {} against a minimum of {}: {str_penalty:+} to INI and skill",
            g.str, g.str_min
        ),
    );
    let skill_modifier = g.acc + str_penalty;
    let ini_modifier = g.init + str_penalty;
    let roll_bonus = g.r#ref + g.skill + skill_modifier;
    t.step(
        ids::STR_MINIMUM,
        format!(
            "roll 3d6 + REF {} + skill {} + Acc {} + STR {str_penalty} = 3d6 + {roll_bonus}",
            g.r#ref, g.skill, g.acc
        ),
    );
    Ok(str_shortfall::Outcome {
        str_penalty,
        skill_modifier,
        ini_modifier,
        roll_bonus,
    })
}

pub fn accuracy(g: &accuracy::Given, t: &mut Trace) -> Result<accuracy::Outcome, RuleError> {
    non_negative([("a skill", g.skill)])?;
    let effective_skill = g.skill + g.acc;
    t.step(
        ids::ACCURACY,
        format!("skill {} + Acc {} = {effective_skill}", g.skill, g.acc),
    );
    Ok(accuracy::Outcome { effective_skill })
}

pub fn melee_damage(
    g: &melee_damage::Given,
    t: &mut Trace,
) -> Result<melee_damage::Outcome, RuleError> {
    non_negative([("STR", g.str)])?;
    let w = melee(&g.weapon)?;
    let Or::Value(listed) = w.damage else {
        return Err(RuleError::Invalid(format!(
            "{}'s damage depends on the STR table",
            w.weapon
        )));
    };
    let listed_count = i64::from(listed.count);
    let str_bonus_dice = g.str - i64::from(w.str_min);
    let uncapped = (listed_count + str_bonus_dice).max(0);
    let cap = listed_count * i64::from(MAX_DAMAGE_MULTIPLE);
    let count = uncapped.min(cap);
    t.step(
        if str_bonus_dice < 0 { ids::RULING_STR_BELOW_MINIMUM } else { ids::STR_BONUS },
        format!(
            "{} {listed} at STR minimum {}; STR {}: {str_bonus_dice:+} dice, {uncapped} before the cap of {cap}: {count} dice",
            w.weapon, w.str_min, g.str
        ),
    );
    let dice = |n: i64| {
        i32::try_from(n)
            .map(|n| Dice::new(n, listed.sides, listed.bonus))
            .map_err(|_| RuleError::Invalid("too many dice".into()))
    };
    let damage = dice(count)?;
    let flat = flat_points(damage, t)?;
    Ok(melee_damage::Outcome {
        str_bonus_dice,
        uncapped_damage: dice(uncapped)?,
        damage,
        flat,
    })
}

/// Damage at the flat rate: a fixed figure for each of the book's six-sided dice, then the bonus.
fn flat_points(d: Dice, t: &mut Trace) -> Result<i64, RuleError> {
    if d.sides != Dice::d6(1).sides {
        return Err(RuleError::Invalid(format!(
            "the flat rate counts {FLAT_POINTS_PER_DIE} points for a six-sided die, not for {d}"
        )));
    }
    let flat = i64::from(d.count) * i64::from(FLAT_POINTS_PER_DIE) + i64::from(d.bonus);
    t.step(
        ids::WEAPON_FLAT_RATE,
        format!(
            "{d}: {} x {FLAT_POINTS_PER_DIE} {:+} = {flat} points at the flat rate",
            d.count, d.bonus
        ),
    );
    Ok(flat)
}

pub fn flat_rate(g: &flat_rate::Given, t: &mut Trace) -> Result<flat_rate::Outcome, RuleError> {
    Ok(flat_rate::Outcome {
        flat: flat_points(g.damage, t)?,
    })
}

/// A ranged weapon by name; a child row also answers to its parent's name before its own.
/// A name the table prints in two categories (`9mm short`) is told apart by its
/// category written first, `Rifles: 9mm short`, as `ruling-9mm-short` says; the
/// category is matched by its start, since the book prints `Rifles(by caliber)`.
fn ranged(name: &str, t: &mut Trace) -> Result<&'static RangedWeapon, RuleError> {
    let (category, weapon) = match name.split_once(':') {
        Some((c, w)) => (Some(c.trim().to_lowercase()), w.trim()),
        None => (None, name),
    };
    let named: Vec<&RangedWeapon> = RANGED
        .iter()
        .filter(|w| {
            w.weapon.eq_ignore_ascii_case(weapon)
                || w.model
                    .is_some_and(|m| format!("{m} {}", w.weapon).eq_ignore_ascii_case(weapon))
        })
        .collect();
    let in_category = |w: &&RangedWeapon| {
        category
            .as_deref()
            .is_none_or(|c| w.category.unwrap_or_default().to_lowercase().starts_with(c))
    };
    let matches: Vec<&RangedWeapon> = named.iter().copied().filter(in_category).collect();
    if let [_, _, ..] = named[..] {
        let groups: Vec<&str> = named
            .iter()
            .map(|w| w.category.unwrap_or("no category"))
            .collect();
        let told = match (&category, &matches[..]) {
            (Some(c), [w]) => format!(
                "`{c}` picks the row under {}",
                w.category.unwrap_or_default()
            ),
            _ => "name its category first to pick one".to_string(),
        };
        t.step(
            ids::RULING_9MM_SHORT,
            format!(
                "`{weapon}` is printed under {}: {told}",
                groups.join(" and ")
            ),
        );
    }
    match matches[..] {
        [w] => Ok(w),
        [] => Err(RuleError::Invalid(format!(
            "no ranged weapon `{name}` in the table"
        ))),
        _ => Err(RuleError::Invalid(format!(
            "`{name}` names several ranged weapons: write its category first, as in `Rifles: {weapon}`"
        ))),
    }
}

/// Points of STR under a ranged weapon's minimum; `Crew` and `N/A` set none to fall short of.
fn ranged_shortfall(w: &RangedWeapon, str: Option<i64>, t: &mut Trace) -> Result<i64, RuleError> {
    let Or::Value(min) = w.str_min else {
        t.step(
            ids::RANGED_STR,
            format!("{}: STR Min {:?}: no bonus or penalty", w.weapon, w.str_min),
        );
        return Ok(0);
    };
    let str = str
        .ok_or_else(|| RuleError::Invalid(format!("{} has STR Min {min}: give `str`", w.weapon)))?;
    let short = (i64::from(min) - str).max(0);
    t.step(
        ids::RANGED_STR,
        format!(
            "{}: STR {str} against STR Min {min}: {short} short",
            w.weapon
        ),
    );
    Ok(short)
}

pub fn ranged_str(g: &ranged_str::Given, t: &mut Trace) -> Result<ranged_str::Outcome, RuleError> {
    non_negative([("STR", g.str.unwrap_or_default())])?;
    let w = ranged(&g.weapon, t)?;
    let short = ranged_shortfall(w, g.str, t)?;
    let str_penalty = -short * i64::from(STR_SHORTFALL_PENALTY);
    let bow = BOWS.iter().any(|b| b.weapon == w.weapon);
    let damage = if bow {
        let short = i32::try_from(short).unwrap_or(i32::MAX);
        let left = w.damage.count.saturating_sub(short).max(0);
        let d = Dice::new(left, w.damage.sides, w.damage.bonus);
        t.step(
            ids::BOW_TABLE,
            format!("a bow: {} less {short} dice: {d}", w.damage),
        );
        d
    } else {
        w.damage
    };
    Ok(ranged_str::Outcome {
        str_penalty,
        damage,
    })
}

pub fn range_offset(
    g: &range_offset::Given,
    t: &mut Trace,
) -> Result<range_offset::Outcome, RuleError> {
    let penalty = (g.range_penalty + g.rmod).min(0);
    t.step(
        ids::RANGE_MODIFIER,
        format!(
            "{:+} offset by RMod {:+}, no further than 0: {penalty:+}",
            g.range_penalty, g.rmod
        ),
    );
    Ok(range_offset::Outcome { penalty })
}

/// The weapon's Max in metres; a multiple of STR needs the user's STR.
fn max_range(w: &RangedWeapon, str: Option<i64>, t: &mut Trace) -> Result<i64, RuleError> {
    match w.max {
        Amount::Of { value, unit: None } => Ok(i64::from(value)),
        Amount::Of {
            value,
            unit: Some("km"),
        } => Ok(i64::from(value) * 1000),
        Amount::Of {
            unit: Some(unit), ..
        } => Err(RuleError::Invalid(format!(
            "{}: Max in `{unit}`, which the resolver cannot convert to metres",
            w.weapon
        ))),
        Amount::Times { factor, .. } => {
            let str = str.ok_or_else(|| {
                RuleError::Invalid(format!(
                    "{}'s Max is a multiple of STR: give `str`",
                    w.weapon
                ))
            })?;
            t.step(
                ids::RULING_THROWN_MAX,
                format!("Max x{factor} of STR {str}"),
            );
            Ok(str * i64::from(factor))
        }
    }
}

pub fn ranged_shot(
    g: &ranged_shot::Given,
    t: &mut Trace,
) -> Result<ranged_shot::Outcome, RuleError> {
    non_negative([
        ("a distance", g.distance),
        ("STR", g.str.unwrap_or_default()),
    ])?;
    let w = ranged(&g.weapon, t)?;
    let max_range = max_range(w, g.str, t)?;
    let shot = if g.distance <= max_range {
        "can be made"
    } else {
        "cannot be made"
    };
    t.step(
        ids::RANGED_WEAPONS,
        format!(
            "{}: Max {max_range} m, a shot at {} m {shot}",
            w.weapon, g.distance
        ),
    );
    let penalty = super::combat_modifiers::distance_modifier(g.distance, t)?;
    let range_modifier = (penalty + i64::from(w.rmod)).min(0);
    t.step(
        ids::RANGE_MODIFIER,
        format!("RMod {:+}: {range_modifier:+}", w.rmod),
    );
    Ok(ranged_shot::Outcome {
        max_range,
        shot: shot.into(),
        range_modifier,
    })
}

pub fn rate_of_fire(
    g: &rate_of_fire::Given,
    t: &mut Trace,
) -> Result<rate_of_fire::Outcome, RuleError> {
    let w = ranged(&g.weapon, t)?;
    let rof = w.rof.ok_or_else(|| {
        RuleError::Invalid(format!("{} has no rate of fire: it is thrown", w.weapon))
    })?;
    let (rounds, turns) = match rof {
        RateOfFire::Shots(n) => (n, 1),
        RateOfFire::EveryTurns(n) => (1, n),
        RateOfFire::Modes(rates) => {
            let pick = g.rate.ok_or_else(|| {
                RuleError::Invalid(format!("{} offers rates {rates:?}: give `rate`", w.weapon))
            })?;
            let pick = rates
                .iter()
                .copied()
                .find(|&r| i64::from(r) == pick)
                .ok_or_else(|| {
                    RuleError::Invalid(format!("{} offers rates {rates:?}, not {pick}", w.weapon))
                })?;
            (pick, 1)
        }
    };
    let magazine = w.amm.unwrap_or(0);
    t.step(ids::RATE_OF_FIRE, format!("{}: RoF {rof:?}: {rounds} rounds a turn, a shot every {turns} turns, {magazine} rounds held", w.weapon));
    Ok(rate_of_fire::Outcome {
        rounds_per_turn: rounds.into(),
        turns_per_shot: turns.into(),
        magazine: magazine.into(),
    })
}

/// A weapon's weight in kilograms, from the melee table or else the ranged one.
fn kilograms(name: &str, t: &mut Trace) -> Result<(&'static str, f64), RuleError> {
    if let Ok(w) = melee(name) {
        return Ok((w.weapon, w.weight));
    }
    let w = ranged(name, t)?;
    let kg = w
        .weight
        .ok_or_else(|| RuleError::Invalid(format!("{} has no weight in the table", w.weapon)))?;
    Ok((w.weapon, kg))
}

pub fn weight(g: &weight::Given, t: &mut Trace) -> Result<weight::Outcome, RuleError> {
    let (name, kg) = kilograms(&g.weapon, t)?;
    let pounds = kg * f64::from(POUNDS_PER_KILOGRAM);
    t.step(
        ids::WEAPON_WEIGHT,
        format!("{name}: {kg} kg x {POUNDS_PER_KILOGRAM} = {pounds} lb"),
    );
    Ok(weight::Outcome {
        kilograms: kg,
        pounds,
    })
}

pub fn fire_modes(g: &fire_modes::Given, t: &mut Trace) -> Result<fire_modes::Outcome, RuleError> {
    let w = ranged(&g.weapon, t)?;
    let codes: Vec<String> = w
        .notes
        .unwrap_or_default()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| WEAPON_CODES.iter().any(|c| c.code == *word))
        .map(str::to_string)
        .collect();
    let has = |code: &str| codes.iter().any(|c| c == code);
    t.step(
        ids::WEAPON_CODE_TABLE,
        format!(
            "{}: note {:?}, codes {codes:?}",
            w.weapon,
            w.notes.unwrap_or_default()
        ),
    );
    let autofire_methods: Vec<String> = METHODS
        .iter()
        .filter(|m| has("AF") || (has("AB") && m.method == "Burst"))
        .map(|m| m.method.to_string())
        .collect();
    if has("AF") && has("AB") {
        t.step(
            ids::RULING_AF_AND_AB,
            "AF and AB are modes to choose from: every autofire method",
        );
    }
    Ok(fire_modes::Outcome {
        explosive: has("EX"),
        armor_piercing: has("AP"),
        codes,
        autofire_methods,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bow table names rows of the ranged table; a misspelt one would leave
    /// that bow's damage untouched by low STR.
    #[test]
    fn every_bow_is_a_ranged_weapon() {
        for b in BOWS {
            assert!(RANGED.iter().any(|w| w.weapon == b.weapon), "{}", b.weapon);
        }
    }
}
