//! `spec/action/explosions.md`: damage by distance, blast radius, scatter.

use crate::bounds::{at_least, non_negative};
use crate::dice::Dice;
use crate::spec::action::explosions::{
    AREA_TN, AVERAGE_RADIUS_EXTRA, EXPLOSIVE_TYPES, FALLOFF_PER_METRE, FULL_DAMAGE_RADIUS,
    HEAVY_MISS_MULTIPLIER, MISS_CAP_DIVISOR, RADIUS_DIVISOR, SCATTER, average_blast_reach,
    average_radius, blast, blast_type, ids, scatter, spot_attack,
};
use crate::table::band_of;
use crate::trace::Trace;
use crate::value::RuleError;

pub fn blast(g: &blast::Given, t: &mut Trace) -> Result<blast::Outcome, RuleError> {
    non_negative([("damage", g.damage)])?;
    non_negative(g.distances.iter().map(|&d| ("a distance", d)))?;
    let radius = g.damage.div_euclid(RADIUS_DIVISOR.into());
    t.step(
        ids::RULING_BLAST_EDGE,
        format!("blast radius {} / {RADIUS_DIVISOR} = {radius} m", g.damage),
    );
    let damages = g
        .distances
        .iter()
        .map(|&d| {
            let points = if d > radius {
                0
            } else {
                let beyond = (d - i64::from(FULL_DAMAGE_RADIUS)).max(0);
                (g.damage - beyond * i64::from(FALLOFF_PER_METRE)).max(0)
            };
            t.step(ids::BLAST_DAMAGE, format!("{d} m: {points} points"));
            points
        })
        .collect();
    Ok(blast::Outcome {
        blast_radius: radius,
        damages,
    })
}

/// The dice's count plus the extra metre; no dice (`0d6`) is no blast to measure.
fn average(damage: Dice, t: &mut Trace) -> Result<i64, RuleError> {
    at_least(1, [("an explosion's dice", damage.count.into())])?;
    let radius = i64::from(damage.count) + i64::from(AVERAGE_RADIUS_EXTRA);
    t.step(
        ids::AVERAGE_BLAST_RADIUS,
        format!(
            "{damage}: {} dice + {AVERAGE_RADIUS_EXTRA} = {radius} m",
            damage.count
        ),
    );
    Ok(radius)
}

pub fn average_radius(
    g: &average_radius::Given,
    t: &mut Trace,
) -> Result<average_radius::Outcome, RuleError> {
    Ok(average_radius::Outcome {
        radius: average(g.damage, t)?,
    })
}

pub fn average_blast_reach(
    g: &average_blast_reach::Given,
    t: &mut Trace,
) -> Result<average_blast_reach::Outcome, RuleError> {
    non_negative([("a distance", g.nearest)])?;
    let radius = average(g.damage, t)?;
    let roll_damage = g.nearest <= radius;
    t.step(
        ids::AVERAGE_BLAST_RADIUS,
        format!(
            "nearest character at {} m, radius {radius} m: {}",
            g.nearest,
            if roll_damage {
                "inside, roll damage"
            } else {
                "nobody inside, no roll"
            }
        ),
    );
    Ok(average_blast_reach::Outcome {
        radius,
        roll_damage,
    })
}

pub fn scatter(g: &scatter::Given, t: &mut Trace) -> Result<scatter::Outcome, RuleError> {
    non_negative([("a miss", g.missed_by), ("a distance", g.distance)])?;
    let roll = i32::try_from(g.direction_roll)
        .map_err(|_| RuleError::Invalid("no such die roll".into()))?;
    let row = band_of(SCATTER, |r| r.roll, roll)
        .ok_or_else(|| RuleError::Invalid(format!("{roll} is not a face of the direction die")))?;
    t.step(
        ids::SCATTER_TABLE,
        format!("direction die {roll}: {}", row.lands.name),
    );
    let factor = if g.heavy {
        i64::from(HEAVY_MISS_MULTIPLIER)
    } else {
        1
    };
    let miss = g.missed_by * factor;
    let cap = g.distance.div_euclid(MISS_CAP_DIVISOR.into());
    let miss_distance = miss.min(cap);
    t.step(
        ids::RULING_MISS_DISTANCE,
        format!(
            "missed by {} x {factor} = {miss} m, at most half of {} m = {cap}: {miss_distance} m",
            g.missed_by, g.distance
        ),
    );
    Ok(scatter::Outcome {
        direction: row.lands.name.to_string(),
        miss_distance,
    })
}

pub fn blast_type(g: &blast_type::Given, t: &mut Trace) -> Result<blast_type::Outcome, RuleError> {
    // Examples are listed with commas and "or"; one must name the explosive.
    let named = |examples: &str| {
        examples
            .split([','])
            .flat_map(|part| part.split(" or "))
            .any(|e| e.trim().eq_ignore_ascii_case(g.explosive.trim()))
    };
    let row = EXPLOSIVE_TYPES
        .iter()
        .find(|r| named(r.examples))
        .ok_or_else(|| {
            RuleError::Invalid(format!(
                "no explosive `{}` among the table's examples",
                g.explosive
            ))
        })?;
    let damage_type = row.type_form.to_string();
    t.step(
        ids::EXPLOSIVE_TYPE_TABLE,
        format!("{}: {damage_type} ({})", g.explosive, row.examples),
    );
    Ok(blast_type::Outcome { damage_type })
}

pub fn spot_attack(
    g: &spot_attack::Given,
    t: &mut Trace,
) -> Result<spot_attack::Outcome, RuleError> {
    let tn = i64::from(AREA_TN);
    let total = g.roll + g.modifiers.unwrap_or(0);
    let hit = total >= tn;
    let missed_by = if hit { 0 } else { tn - total };
    t.step(
        ids::SCATTER,
        format!(
            "{} {:+} = {total} against the area's TN {tn}: {}",
            g.roll,
            g.modifiers.unwrap_or(0),
            if hit {
                "on the spot".to_string()
            } else {
                format!("missed by {missed_by}")
            }
        ),
    );
    Ok(spot_attack::Outcome { tn, hit, missed_by })
}
