//! `spec/action/armor.md`: Armor Value, halving it, and armor's STR minimum.

use crate::bounds::non_negative;
use crate::spec::action::armor::{
    ARMOR, ARMOR_NOTES, ARMOR_SHORTFALL_PENALTY, AV_DIVISOR, Armor, absorb, armor_shortfall, ids,
    worn,
};
use crate::table::by_name;
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

pub fn worn(g: &worn::Given, t: &mut Trace) -> Result<worn::Outcome, RuleError> {
    non_negative([("damage", g.damage)])?;
    let a = armor(&g.armor)?;
    let note = a
        .notes
        .and_then(|n| ARMOR_NOTES.iter().find(|x| x.note == n));
    let by_note = note.is_some_and(|n| match n.halves_av_against {
        "blunt" => g.blunt,
        "pointed" => g.pointed,
        _ => false,
    });
    t.step(
        ids::ARMOR_LIST,
        format!(
            "{}: AV {}{}",
            a.item,
            a.av,
            note.map_or(String::new(), |n| format!(
                ", halved against {}",
                n.halves_av_against
            ))
        ),
    );
    if g.armor_piercing {
        t.step(ids::ARMOR_VALUE, "armor piercing: AV halved");
    }
    let av = i64::from(a.av);
    let (effective_av, damage_through) = through(g.damage, av, by_note || g.armor_piercing, t);
    Ok(worn::Outcome {
        av,
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
