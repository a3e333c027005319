//! `spec/protection/shields.md`: zones around a hex, and which carried item covers which.

use crate::bounds::non_negative;
use crate::protection::armor;
use crate::spec::protection::armor::{Armor, CARRIED};
use crate::spec::protection::shields::{COVER, HEX_ZONES, HexZone, defense, ids};
use crate::table::by_name;
use crate::trace::Trace;
use crate::value::RuleError;

/// The row of the hex zone table for the attacker's hex.
pub fn hex(name: &str) -> Result<&'static HexZone, RuleError> {
    by_name(HEX_ZONES, |h| h.hex, name, "hex", "the hex zone table")
}

/// The zone an item covers, from how it is carried and its position.
fn covers(a: &Armor, position: Option<&str>) -> Result<&'static str, RuleError> {
    let kind = armor::carried_as(a);
    COVER
        .iter()
        .find(|c| c.carried_as == kind && c.position == position)
        .map(|c| c.zone)
        .ok_or_else(|| {
            RuleError::Invalid(format!(
                "{} carried as {kind}{}: the cover table has no such row",
                a.item.name,
                position.map_or(String::new(), |p| format!(", {p}"))
            ))
        })
}

fn carried(kind: &str) -> Result<&'static Armor, RuleError> {
    let c = CARRIED
        .iter()
        .find(|c| c.carried_as == kind)
        .ok_or_else(|| RuleError::Invalid(format!("no item carried as {kind}")))?;
    armor::item(c.item)
}

pub fn defense(g: &defense::Given, t: &mut Trace) -> Result<defense::Outcome, RuleError> {
    non_negative([("damage", g.damage)])?;
    let from = attacked_from(&g.from, t)?;
    let mut defense = body_armor(g.armor.as_deref(), t)?;
    for (a, position) in carried_items(g, t)? {
        defense += cover_from(a, position, from.zone, t)?;
    }
    let taken = (g.damage - defense).max(0);
    t.step(
        ids::SHIELDS,
        format!("{} - DV {defense} = {taken}, never below 0", g.damage),
    );
    Ok(defense::Outcome {
        zone: from.zone.to_string(),
        defense,
        damage_taken: taken,
    })
}

/// The zone of the attacker's hex; a flank hex is one no carried item covers.
fn attacked_from(name: &str, t: &mut Trace) -> Result<&'static HexZone, RuleError> {
    let from = hex(name)?;
    t.step(
        ids::HEX_ZONE_TABLE,
        format!("attack from the {} hex: zone {}", from.hex, from.zone),
    );
    if from.zone == "flank" {
        t.step(
            ids::RULING_FLANK_HEXES,
            "a rear-side hex: no carried item covers it",
        );
    }
    Ok(from)
}

/// The body armor's DV, which counts from every side.
fn body_armor(name: Option<&str>, t: &mut Trace) -> Result<i64, RuleError> {
    let Some(name) = name else {
        return Ok(0);
    };
    let a = armor::item_as(name, "body")?;
    let dv = armor::defense(a, t);
    t.step(
        ids::SHIELDS,
        format!("{}: DV {dv} from every side", a.item.name),
    );
    Ok(i64::from(dv))
}

/// The shield with its position: both given, or neither.
fn shield(g: &defense::Given) -> Result<Option<(&'static Armor, Option<&str>)>, RuleError> {
    match (&g.shield, &g.shield_position) {
        (Some(name), Some(position)) => Ok(Some((
            armor::item_as(name, "shield")?,
            Some(position.as_str()),
        ))),
        (Some(name), None) => Err(RuleError::Invalid(format!(
            "{name}: say whether it is held ready or slung"
        ))),
        (None, Some(p)) => Err(RuleError::Invalid(format!(
            "a shield position `{p}` but no shield"
        ))),
        (None, None) => Ok(None),
    }
}

/// The items carried that may cover a zone, refusing two that want the same place.
fn carried_items<'g>(
    g: &'g defense::Given,
    t: &mut Trace,
) -> Result<Vec<(&'static Armor, Option<&'g str>)>, RuleError> {
    let mut items: Vec<_> = shield(g)?.into_iter().collect();
    let backpack = g.backpack.unwrap_or(false);
    let dagger = g.dagger.unwrap_or(false);
    let slung = g.shield_position.as_deref() == Some("slung");
    let ready = g.shield_position.as_deref() == Some("ready");
    if backpack && slung {
        return Err(RuleError::Invalid(
            "a full backpack leaves no room to sling a shield".into(),
        ));
    }
    if dagger && ready {
        return Err(RuleError::Invalid(
            "the dagger and a ready shield both want the left hand".into(),
        ));
    }
    if backpack {
        items.push((carried("back")?, None));
    }
    if dagger {
        items.push((carried("left hand")?, None));
        t.step(
            ids::RULING_DAGGER_PARRY,
            "the dagger parries like a ready shield: front zone",
        );
    }
    Ok(items)
}

/// The DV an item adds: all of it if it covers the attacked zone, none otherwise.
fn cover_from(
    a: &Armor,
    position: Option<&str>,
    zone_attacked: &str,
    t: &mut Trace,
) -> Result<i64, RuleError> {
    let zone = covers(a, position)?;
    let dv = armor::defense(a, t);
    if zone != zone_attacked {
        t.step(
            ids::COVER_TABLE,
            format!("{}: covers {zone}, not {zone_attacked}", a.item.name),
        );
        return Ok(0);
    }
    t.step(
        ids::RULING_SHIELD_ADDS,
        format!(
            "{}: covers {zone}, DV {dv} added to the armor's",
            a.item.name
        ),
    );
    if armor::carried_as(a) == "back" {
        t.step(
            ids::RULING_BACKPACK_HIT,
            format!("the pack's 1 hit from behind is its DV {dv}, on every attack"),
        );
    }
    Ok(i64::from(dv))
}
