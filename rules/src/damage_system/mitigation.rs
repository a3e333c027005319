//! `spec/damage-system/mitigation.md`: the MP pool, its refresh by armor tag,
//! mitigating hits, and sacrificing DR.

use super::damage_reduction::after_dr;
use super::points;
use crate::bounds::non_negative;
use crate::spec::damage_system::damage_reduction::MIN_DAMAGE;
use crate::spec::damage_system::mitigation::{
    ARMOR_TAGS, ArmorTag, DR_PER_SACRIFICE, MITIGATION_DIVISOR, MP_PER_HIT, ids, mitigate, refresh,
};
use crate::trace::Trace;
use crate::value::RuleError;

/// The tag's row; armor without a tag reads the `Untagged` row.
fn tag_row(tag: Option<&str>) -> Result<&'static ArmorTag, RuleError> {
    let name = tag.unwrap_or("Untagged");
    ARMOR_TAGS
        .iter()
        .find(|r| r.tag.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| RuleError::Invalid(format!("no armor tag `{name}` in the table")))
}

/// The pool a refresh sets: DR times the tag's multiplier.
fn refreshed(dr: i64, tag: &ArmorTag, t: &mut Trace) -> i64 {
    let mp = dr * i64::from(tag.mp_per_dr);
    t.step(
        ids::ARMOR_TAGS,
        format!("{}: MP = DR {dr} x {} = {mp}", tag.tag.name, tag.mp_per_dr),
    );
    mp
}

pub fn refresh(g: &refresh::Given, t: &mut Trace) -> Result<refresh::Outcome, RuleError> {
    non_negative([("DR", g.dr)])?;
    let tag = tag_row(g.tag.as_deref())?;
    t.step(ids::MP_REFRESH, "a new round: the pool is set afresh");
    Ok(refresh::Outcome {
        mp: refreshed(g.dr, tag, t),
    })
}

/// A mitigated hit: halved, rounded down, never below the minimum.
fn halved(damage: f64) -> f64 {
    (damage / f64::from(MITIGATION_DIVISOR))
        .floor()
        .max(MIN_DAMAGE)
}

/// An attack after DR and mitigation, and the armor after it.
pub(crate) struct Mitigated {
    pub after_dr: Vec<f64>,
    pub damage: Vec<f64>,
    pub mitigated: i64,
    pub mp_spent: i64,
    pub mp: i64,
    pub dr: i64,
    pub sacrificed: bool,
}

/// The armor facing an attack, and whether its wearer would sacrifice DR.
pub(crate) struct Armor<'a> {
    pub dr: i64,
    pub mp: i64,
    pub tag: Option<&'a str>,
    pub sacrifice: bool,
}

impl<'a> Armor<'a> {
    /// The armor as the rules that face an attack all take it.
    pub fn of(dr: i64, mp: i64, tag: &'a Option<String>, sacrifice: Option<bool>) -> Armor<'a> {
        Armor {
            dr,
            mp,
            tag: tag.as_deref(),
            sacrifice: sacrifice == Some(true),
        }
    }
}

pub fn mitigate(g: &mitigate::Given, t: &mut Trace) -> Result<mitigate::Outcome, RuleError> {
    let armor = Armor::of(g.dr, g.mp, &g.tag, g.sacrifice);
    let m = mitigate_hits(&g.dc, &armor, t)?;
    Ok(mitigate::Outcome {
        after_dr: m.after_dr,
        damage: m.damage,
        mitigated: m.mitigated,
        mp_spent: m.mp_spent,
        mp: m.mp,
        dr: m.dr,
        sacrificed: m.sacrificed,
    })
}

/// DR, then MP on the heaviest hits, then a sacrifice if chosen and needed.
pub(crate) fn mitigate_hits(
    dc: &[i64],
    g: &Armor<'_>,
    t: &mut Trace,
) -> Result<Mitigated, RuleError> {
    non_negative([("MP", g.mp)])?;
    let tag = tag_row(g.tag)?;
    let after = dc
        .iter()
        .map(|&dc| after_dr(dc, g.dr, t))
        .collect::<Result<Vec<_>, _>>()?;
    let order = mitigable(&after, g.mp, t);
    let mut m = Mitigated {
        damage: after.clone(),
        after_dr: after,
        mitigated: 0,
        mp_spent: 0,
        mp: g.mp,
        dr: g.dr,
        sacrificed: false,
    };
    let waiting = spend_mp(&mut m, order, t);
    if !waiting.is_empty() {
        sacrifice(&mut m, &waiting, g.sacrifice, tag, t);
    }
    Ok(m)
}

/// The hits MP can still mitigate, the heaviest first (a stable sort keeps
/// equal hits in the order given); a hit at the minimum is passed over.
fn mitigable(after: &[f64], mp: i64, t: &mut Trace) -> Vec<usize> {
    let mut order: Vec<usize> = (0..after.len())
        .filter(|&i| after[i] > MIN_DAMAGE)
        .collect();
    order.sort_by(|&a, &b| after[b].total_cmp(&after[a]));
    let floored = after.len() - order.len();
    if floored > 0 {
        t.step(
            ids::MITIGATING_A_HIT,
            format!(
                "{floored} hit(s) at the {} minimum: no mitigation, no MP",
                points(MIN_DAMAGE)
            ),
        );
    }
    let can_pay = usize::try_from(mp / i64::from(MP_PER_HIT)).unwrap_or(usize::MAX);
    if can_pay > 0 && can_pay < order.len() {
        t.step(
            ids::RULING_MP_ORDER,
            format!(
                "MP for {can_pay} of {} hits: the most damage after DR first",
                order.len()
            ),
        );
    }
    order
}

/// Pays MP for each hit in `order` while the pool lasts, halving it; returns
/// the hits left waiting.
fn spend_mp(m: &mut Mitigated, order: Vec<usize>, t: &mut Trace) -> Vec<usize> {
    let mp_per_hit = i64::from(MP_PER_HIT);
    let mut waiting = Vec::new();
    for i in order {
        if m.mp >= mp_per_hit {
            m.mp -= mp_per_hit;
            m.mp_spent += mp_per_hit;
            m.mitigated += 1;
            m.damage[i] = halved(m.after_dr[i]);
            t.step(
                ids::RULING_MITIGATION_ROUNDING,
                format!(
                    "hit {}: {} MP, {} / {MITIGATION_DIVISOR} rounded down = {} ({} MP left)",
                    i + 1,
                    MP_PER_HIT,
                    points(m.after_dr[i]),
                    points(m.damage[i]),
                    m.mp
                ),
            );
        } else {
            waiting.push(i);
        }
    }
    waiting
}

/// With the pool spent and hits `waiting`, a wearer who chose to gives up DR
/// for good to mitigate them all, and the pool refreshes from the lower DR.
fn sacrifice(m: &mut Mitigated, waiting: &[usize], wants: bool, tag: &ArmorTag, t: &mut Trace) {
    let give = i64::from(DR_PER_SACRIFICE);
    if !(wants && m.dr >= give) {
        let why = if wants {
            format!("DR {} leaves nothing to sacrifice", m.dr)
        } else {
            "no sacrifice".to_string()
        };
        t.step(
            ids::SACRIFICING_DR,
            format!(
                "MP exhausted, {why}: {} hit(s) taken unmitigated",
                waiting.len()
            ),
        );
        return;
    }
    let before = m.dr;
    m.dr -= give;
    m.sacrificed = true;
    t.step(
        ids::SACRIFICING_DR,
        format!(
            "MP exhausted with {} hit(s) waiting: DR {before} - {give} = {}, for good",
            waiting.len(),
            m.dr
        ),
    );
    for &i in waiting {
        m.damage[i] = halved(m.after_dr[i]);
        m.mitigated += 1;
        t.step(
            ids::RULING_SACRIFICE,
            format!(
                "hit {}: mitigated by the sacrifice, {} -> {}",
                i + 1,
                points(m.after_dr[i]),
                points(m.damage[i])
            ),
        );
    }
    t.step(ids::SACRIFICING_DR, "the pool refreshes at once");
    m.mp = refreshed(m.dr, tag, t);
}
