//! `spec/protection/armor.md`: the armor table, defense value, and the DEX and
//! movement penalties of what a figure has on.

use crate::bounds::non_negative;
use crate::spec::protection::armor::{
    ARMOR, Armor, CARRIED, FIRE_DEFENSE_DIVISOR, HARMS, MOVEMENT_PER_DEX_POINT, PACK_DEX_HEAVIER,
    PACK_DEX_LIGHTER, hit, ids, outfit,
};
use crate::table::{Or, by_name};
use crate::trace::Trace;
use crate::value::RuleError;

/// How an item is carried: `body` unless the kinds table lists it.
pub fn carried_as(a: &Armor) -> &'static str {
    CARRIED
        .iter()
        .find(|c| c.item == a.item.name)
        .map_or("body", |c| c.carried_as)
}

/// The row of the armor table named `name` (its name, or its name with the gloss).
pub fn item(name: &str) -> Result<&'static Armor, RuleError> {
    ARMOR
        .iter()
        .find(|a| {
            a.item.name.eq_ignore_ascii_case(name)
                || a.item
                    .gloss
                    .is_some_and(|g| format!("{} ({g})", a.item.name).eq_ignore_ascii_case(name))
        })
        .ok_or_else(|| RuleError::Invalid(format!("no item `{name}` in the armor table")))
}

/// The row named `name`, which must be carried as `kind` (`body`, `shield`, ...).
pub fn item_as(name: &str, kind: &str) -> Result<&'static Armor, RuleError> {
    let a = item(name)?;
    let is = carried_as(a);
    if is == kind {
        Ok(a)
    } else {
        Err(RuleError::Invalid(format!(
            "{} is carried as {is}, not as {kind}",
            a.item.name
        )))
    }
}

/// A printed mark for nothing (`nil`, `-`, blank) is 0: see `ruling-nil-and-dash`.
fn zero_if_word(cell: Option<Or<i32>>, what: &str, a: &Armor, t: &mut Trace) -> i32 {
    match cell {
        Some(Or::Value(v)) => v,
        Some(Or::Word(w)) => {
            t.step(
                ids::RULING_NIL_AND_DASH,
                format!("{}: {what} printed `{w}`, read as 0", a.item.name),
            );
            0
        }
        None => {
            t.step(
                ids::RULING_NIL_AND_DASH,
                format!("{}: {what} left blank, read as 0", a.item.name),
            );
            0
        }
    }
}

/// The item's printed defense value.
pub fn defense(a: &Armor, t: &mut Trace) -> i32 {
    zero_if_word(Some(a.defense), "defense", a, t)
}

/// The item's movement penalty (0 for `nil`, `-` or blank).
pub fn movement(a: &Armor, t: &mut Trace) -> i32 {
    zero_if_word(a.movement, "movement penalty", a, t)
}

/// The item's DEX penalty; for the backpack's printed choice, the referee's pick.
pub fn dex(a: &Armor, heavier: bool, t: &mut Trace) -> Result<i32, RuleError> {
    match a.dex {
        Or::Value(v) => Ok(v),
        Or::Word(w) => {
            let printed = format!("{PACK_DEX_LIGHTER} or {PACK_DEX_HEAVIER}");
            if w != printed {
                return Err(RuleError::Invalid(format!(
                    "{}: the DEX cell reads `{w}`, not the choice `{printed}` of the backpack figures",
                    a.item.name
                )));
            }
            let v = if heavier {
                PACK_DEX_HEAVIER
            } else {
                PACK_DEX_LIGHTER
            };
            t.step(
                ids::RULING_BACKPACK_DEX,
                format!(
                    "{}: DEX `{w}`, the referee's pick {}: {v:+}",
                    a.item.name,
                    if heavier {
                        "heavier"
                    } else {
                        "not made, lighter"
                    }
                ),
            );
            Ok(v)
        }
    }
}

/// The item's printed weight in kg, when it prints a number.
pub fn weight(a: &Armor) -> Option<i32> {
    match a.weight {
        Some(Or::Value(w)) => Some(w),
        _ => None,
    }
}

pub fn hit(g: &hit::Given, t: &mut Trace) -> Result<hit::Outcome, RuleError> {
    non_negative([("damage", g.damage)])?;
    let printed = match &g.armor {
        Some(name) => {
            let a = item_as(name, "body")?;
            let dv = defense(a, t);
            t.step(ids::ARMOR_LIST, format!("{}: DV {dv}", a.item.name));
            dv
        }
        None => {
            t.step(ids::DEFENSE_VALUE, "no armor: DV 0");
            0
        }
    };
    let harm_name = g.harm.as_deref().unwrap_or("Weapon");
    let harm = by_name(HARMS, |h| h.harm, harm_name, "harm", "the harm table")?;
    let dv = match harm.defense_counts {
        "in full" => printed,
        "in part" => {
            let half = printed.div_euclid(FIRE_DEFENSE_DIVISOR);
            t.step(
                ids::RULING_FIRE_PARTIAL,
                format!(
                    "{}: DV {printed} / {FIRE_DEFENSE_DIVISOR}, rounded down: {half}",
                    harm.harm
                ),
            );
            half
        }
        "not at all" => {
            t.step(
                ids::HARM_TABLE,
                format!("{}: the DV does not count", harm.harm),
            );
            0
        }
        other => {
            return Err(RuleError::Invalid(format!(
                "harm table: `{other}` is not a reading the resolver knows"
            )));
        }
    };
    let dv = i64::from(dv);
    let taken = (g.damage - dv).max(0);
    t.step(
        ids::DEFENSE_VALUE,
        format!("{} - DV {dv} = {taken}, never below 0", g.damage),
    );
    Ok(hit::Outcome {
        defense: dv,
        damage_taken: taken,
    })
}

/// The penalties and weight of an outfit, shared with the encumbrance chapter.
pub struct Outfit {
    pub dex: i32,
    pub movement: i32,
    pub weight: i32,
}

pub fn outfit_of(
    armor: Option<&str>,
    shield: Option<&str>,
    backpack: bool,
    pack_heavier: bool,
    dagger: bool,
    t: &mut Trace,
) -> Result<Outfit, RuleError> {
    if pack_heavier && !backpack {
        return Err(RuleError::Invalid(
            "a pick for the backpack's penalty, but no backpack".into(),
        ));
    }
    let mut items = Vec::new();
    if let Some(name) = armor {
        items.push(item_as(name, "body")?);
    }
    if let Some(name) = shield {
        items.push(item_as(name, "shield")?);
    }
    for (on, kind) in [(backpack, "back"), (dagger, "left hand")] {
        if on {
            let a = CARRIED
                .iter()
                .find(|c| c.carried_as == kind)
                .ok_or_else(|| RuleError::Invalid(format!("no item carried as {kind}")))?;
            items.push(item(a.item)?);
        }
    }
    let mut o = Outfit {
        dex: 0,
        movement: 0,
        weight: 0,
    };
    for a in items {
        let d = dex(a, pack_heavier, t)?;
        let m = movement(a, t);
        let w = weight(a);
        t.step(
            ids::ARMOR_LIST,
            format!(
                "{}: DEX {d:+}, movement {m:+}, weight {}",
                a.item.name,
                w.map_or("counted with the load".to_string(), |w| format!("{w} kg"))
            ),
        );
        o.dex += d;
        o.movement = o.movement.min(m);
        o.weight += w.unwrap_or(0);
    }
    t.step(
        ids::ARMOR_PENALTIES,
        format!(
            "DEX penalties add: {:+}; movement, the worst one: {:+}; {} kg",
            o.dex, o.movement, o.weight
        ),
    );
    Ok(o)
}

/// The items' movement penalty: as printed, or, under the optional movement
/// rules, set by their DEX penalty (`ruling-optional-movement`).
pub fn items_movement(o: &Outfit, dex_based: bool, t: &mut Trace) -> i32 {
    if !dex_based {
        return o.movement;
    }
    let m = o.dex * MOVEMENT_PER_DEX_POINT;
    t.step(
        ids::RULING_OPTIONAL_MOVEMENT,
        format!(
            "optional movement: DEX {:+} x {MOVEMENT_PER_DEX_POINT} = movement {m:+}, not the printed {:+}",
            o.dex, o.movement
        ),
    );
    m
}

pub fn outfit(g: &outfit::Given, t: &mut Trace) -> Result<outfit::Outcome, RuleError> {
    let o = outfit_of(
        g.armor.as_deref(),
        g.shield.as_deref(),
        g.backpack.unwrap_or(false),
        g.pack_heavier.unwrap_or(false),
        g.dagger.unwrap_or(false),
        t,
    )?;
    let movement = items_movement(&o, g.optional_movement == Some(true), t);
    Ok(outfit::Outcome {
        dex_penalty: o.dex.into(),
        movement_penalty: movement.into(),
        weight: o.weight.into(),
    })
}
