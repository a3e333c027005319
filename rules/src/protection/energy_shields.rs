//! `spec/protection/energy-shields.md`: the field, switching on, kinds of shield, rear hits.

use crate::bounds::{non_negative, rolled};
use crate::protection::{armor, shielding, shields};
use crate::spec::protection::energy_shields::{
    FIELD_REACH_HEXES, FIELD_SUITS, REAR_HIT_CHECK, REFLECT_DIVISOR, SHIELD_KINDS, SWITCH_ON_BREAK,
    SWITCH_ON_CHECK, field, ids, rear_hit, shot, switch_on,
};
use crate::spec::protection::shielding::ids as shielding_ids;
use crate::spec::protection::shields::ids as shields_ids;
use crate::table::by_name;
use crate::trace::Trace;
use crate::value::RuleError;

/// The protection table's name for this chapter's kind of protection.
const ENERGY_SHIELD: &str = "Energy shield";

pub fn field(g: &field::Given, t: &mut Trace) -> Result<field::Outcome, RuleError> {
    non_negative([
        ("an R-factor", g.r_factor),
        ("turns", g.turns),
        ("hexes from the wearer", g.distance),
    ])?;
    let in_field = g.distance <= FIELD_REACH_HEXES.into();
    t.step(
        ids::FIELD_DAMAGE,
        format!(
            "{} hex(es) from the wearer, the field reaches {FIELD_REACH_HEXES}: {}",
            g.distance,
            if in_field { "inside" } else { "outside" }
        ),
    );
    if !in_field {
        return Ok(field::Outcome { in_field, hits: 0 });
    }
    let suited = match &g.suit {
        Some(name) => {
            let a = armor::item_as(name, "body")?;
            let ok = FIELD_SUITS.iter().any(|s| s.suit == a.item.name);
            t.step(
                ids::RULING_FIELD_WEARER,
                format!(
                    "{}: {}",
                    a.item.name,
                    if ok {
                        "a protective suit, the field does not hurt"
                    } else {
                        "not a protective suit"
                    }
                ),
            );
            ok
        }
        None => {
            t.step(ids::RULING_FIELD_WEARER, "no suit");
            false
        }
    };
    let hits = if suited { 0 } else { g.r_factor * g.turns };
    if !suited {
        let who = if g.distance == 0 {
            "the wearer"
        } else {
            "a neighbour"
        };
        t.step(
            ids::FIELD_DAMAGE,
            format!(
                "{who}: R{} hits a turn for {} turns: {hits} hits",
                g.r_factor, g.turns
            ),
        );
    }
    Ok(field::Outcome { in_field, hits })
}

pub fn switch_on(g: &switch_on::Given, t: &mut Trace) -> Result<switch_on::Outcome, RuleError> {
    rolled(SWITCH_ON_CHECK, [("a switch-on check", g.roll)])?;
    let roll = g.roll;
    let breaks = roll >= SWITCH_ON_BREAK.into();
    t.step(
        ids::SWITCH_ON,
        format!(
            "{SWITCH_ON_CHECK} roll {roll}, breaks on {SWITCH_ON_BREAK}: {}",
            if breaks { "broken" } else { "working" }
        ),
    );
    Ok(switch_on::Outcome { breaks })
}

pub fn shot(g: &shot::Given, t: &mut Trace) -> Result<shot::Outcome, RuleError> {
    non_negative([("damage", g.damage.unwrap_or_default())])?;
    let kind = by_name(
        SHIELD_KINDS,
        |k| k.kind,
        &g.kind,
        "kind",
        "the shield kind table",
    )?;
    let passes = |why: String, t: &mut Trace| {
        t.step(ids::RULING_REFLECTOR, why);
        Ok(shot::Outcome {
            effect: "passes".into(),
            firer_damage: 0,
        })
    };
    if !shielding::acts_on(ENERGY_SHIELD, &g.weapon)? {
        t.step(
            shielding_ids::PROTECTION_TABLE,
            format!("{ENERGY_SHIELD} against {}: 0 dice", g.weapon),
        );
        return passes(format!("{}: energy shields do not act on it", g.weapon), t);
    }
    if g.firer_inside == g.target_inside {
        return passes(
            format!(
                "firer and target both {} the field: the shot does not cross it",
                if g.firer_inside { "inside" } else { "outside" }
            ),
            t,
        );
    }
    let (side, effect) = if g.firer_inside {
        ("from inside", kind.from_inside)
    } else {
        ("from outside", kind.from_outside)
    };
    t.step(
        ids::SHIELD_KIND_TABLE,
        format!("{}, a shot {side}: {effect}", kind.kind),
    );
    let firer_damage = match effect {
        "sent back" => {
            let damage = g.damage.ok_or_else(|| {
                RuleError::Invalid("a reflected shot needs its damage roll".into())
            })?;
            let back = damage.div_euclid(REFLECT_DIVISOR.into());
            t.step(
                ids::RULING_REFLECTOR,
                format!(
                    "the target takes nothing; the firer takes {damage} / {REFLECT_DIVISOR}, rounded down: {back}"
                ),
            );
            back
        }
        "R-factor" | "passes" => 0,
        other => {
            return Err(RuleError::Invalid(format!(
                "shield kind table: `{other}` is not an effect the resolver knows"
            )));
        }
    };
    Ok(shot::Outcome {
        effect: effect.to_string(),
        firer_damage,
    })
}

pub fn rear_hit(g: &rear_hit::Given, t: &mut Trace) -> Result<rear_hit::Outcome, RuleError> {
    non_negative([("damage", g.damage)])?;
    if let Some(roll) = g.roll {
        rolled(REAR_HIT_CHECK, [("a rear-hit check", roll)])?;
    }
    let from = shields::hex(&g.from)?;
    let check = from.zone == "rear" && !g.aimed;
    t.step(
        ids::REAR_HIT,
        format!(
            "{} hex (zone {}), {}: {}",
            from.hex,
            from.zone,
            if g.aimed { "aimed" } else { "not aimed" },
            if check { "check" } else { "no check" }
        ),
    );
    if from.zone == "flank" {
        t.step(
            shields_ids::RULING_FLANK_HEXES,
            "a rear-side hex is not the rear hex",
        );
    }
    if !check {
        return Ok(rear_hit::Outcome {
            check,
            breaks: false,
        });
    }
    let roll = g
        .roll
        .ok_or_else(|| RuleError::Invalid(format!("a {REAR_HIT_CHECK} roll is needed")))?;
    let breaks = roll <= g.damage;
    t.step(
        ids::RULING_REAR_HIT_DAMAGE,
        format!(
            "{REAR_HIT_CHECK} roll {roll} against damage {} (or less breaks): {}",
            g.damage,
            if breaks { "broken" } else { "holds" }
        ),
    );
    Ok(rear_hit::Outcome { check, breaks })
}
