//! `spec/action/armor.md`: Armor Value, halving it, and armor's STR minimum.

use crate::bounds::{at_least, non_negative};
use crate::spec::action::armor::{
    ARMOR, ARMOR_SHORTFALL_PENALTY, AV_DIVISOR, Armor, absorb, armor_shortfall, ids, worn,
};
use crate::table::{Or, by_name};
use crate::trace::Trace;
use crate::value::RuleError;

fn armor(name: &str) -> Result<&'static Armor, RuleError> {
    by_name(ARMOR, |a| a.item, name, "armor", "the table")
}

/// AV after halving (once, however many reasons), and the damage that gets through.
fn through(damage: i64, av: i64, halve: bool, t: &mut Trace) -> (i64, i64) {
    let effective = if halve {
        av.div_euclid(AV_DIVISOR.into())
    } else {
        av
    };
    if halve {
        t.step(
            ids::RULING_HALF_AV,
            format!("AV {av} halved, rounded down: {effective}"),
        );
    }
    let left = (damage - effective).max(0);
    t.step(
        ids::ARMOR_VALUE,
        format!("{damage} - AV {effective} = {left}"),
    );
    (effective, left)
}

pub fn absorb(g: &absorb::Given, t: &mut Trace) -> Result<absorb::Outcome, RuleError> {
    non_negative([("damage", g.damage), ("AV", g.av)])?;
    let (effective_av, damage_through) = through(g.damage, g.av, g.half_av.unwrap_or(false), t);
    Ok(absorb::Outcome {
        effective_av,
        damage_through,
    })
}

/// Whether the armor's note halves its AV against this attack, from the row's own column.
fn halved_by_note(a: &Armor, g: &worn::Given) -> Result<bool, RuleError> {
    match a.halves_av_against {
        None => Ok(false),
        Some("blunt") => Ok(g.blunt),
        Some("pointed") => Ok(g.pointed),
        Some(other) => Err(RuleError::Invalid(format!(
            "{}: the table halves AV against `{other}`, which is neither blunt nor pointed",
            a.item
        ))),
    }
}

/// Whether a hit on `location` meets the armor; every hit does without hit locations.
fn covers(a: &Armor, location: Option<i64>, t: &mut Trace) -> Result<bool, RuleError> {
    let Some(loc) = location else {
        return Ok(true);
    };
    at_least(1, [("a hit location", loc)])?;
    let Or::Value(spans) = a.locations else {
        return Err(RuleError::Invalid(format!(
            "{}'s locations vary: the GM says what it covers, so give no location",
            a.item
        )));
    };
    let covered = spans
        .iter()
        .any(|&(lo, hi)| (i64::from(lo)..=i64::from(hi)).contains(&loc));
    t.step(
        ids::ARMOR_WORN,
        format!(
            "location {loc}: {} by {}",
            if covered { "covered" } else { "not covered" },
            a.item
        ),
    );
    Ok(covered)
}

pub fn worn(g: &worn::Given, t: &mut Trace) -> Result<worn::Outcome, RuleError> {
    non_negative([("damage", g.damage)])?;
    let a = armor(&g.armor)?;
    let by_note = halved_by_note(a, g)?;
    t.step(
        ids::ARMOR_LIST,
        format!(
            "{}: AV {}{}",
            a.item,
            a.av,
            a.halves_av_against
                .map_or(String::new(), |w| format!(", halved against {w}"))
        ),
    );
    let covered = covers(a, g.location, t)?;
    if g.armor_piercing {
        t.step(ids::ARMOR_VALUE, "armor piercing: AV halved");
    }
    let av = i64::from(a.av);
    let met = if covered { av } else { 0 };
    let (effective_av, damage_through) = through(g.damage, met, by_note || g.armor_piercing, t);
    Ok(worn::Outcome {
        av,
        covered,
        effective_av,
        damage_through,
    })
}

pub fn armor_shortfall(
    g: &armor_shortfall::Given,
    t: &mut Trace,
) -> Result<armor_shortfall::Outcome, RuleError> {
    non_negative([("STR", g.str)])?;
    let a = armor(&g.armor)?;
    let str_min = a
        .str_min
        .ok_or_else(|| RuleError::Invalid(format!("{} has no STR Min in the table", a.item)))?;
    let short = (i64::from(str_min) - g.str).max(0);
    let modifier = -short * i64::from(ARMOR_SHORTFALL_PENALTY);
    t.step(
        ids::ARMOR_STR_MINIMUM,
        format!(
            "{}: STR Min {str_min}, STR {}: {modifier:+} REF and MOV",
            a.item, g.str
        ),
    );
    Ok(armor_shortfall::Outcome {
        str_min: str_min.into(),
        ref_modifier: modifier,
        mov_modifier: modifier,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The note stays free text; the column beside it carries its effect. Every row
    /// whose note halves AV must say so in that column, and say it in a word the
    /// resolver knows.
    #[test]
    fn every_halving_note_is_in_the_halving_column() {
        for a in ARMOR {
            let noted = a.notes.is_some_and(|n| n.contains("½ AV"));
            assert_eq!(noted, a.halves_av_against.is_some(), "{}", a.item);
            assert!(
                matches!(a.halves_av_against, None | Some("blunt" | "pointed")),
                "{}",
                a.item
            );
        }
    }
}
