//! `spec/action/autofire.md`: burst, stream and spray.

use crate::bounds::at_least;
use crate::spec::action::autofire::{METHODS, Method, burst, ids, spray, stream};
use crate::table::Quantity;
use crate::trace::Trace;
use crate::value::RuleError;

fn method(name: &str) -> Result<&'static Method, RuleError> {
    METHODS
        .iter()
        .find(|m| m.method == name)
        .ok_or_else(|| RuleError::Invalid(format!("the methods table has no {name} row")))
}

/// A method's most rounds per target; `names` gives the figures its table cell names.
fn limit(m: &Method, names: &[(&str, i64)]) -> Result<i64, RuleError> {
    let named = |n: &str| {
        names
            .iter()
            .find(|(k, _)| *k == n)
            .map(|(_, v)| *v)
            .ok_or_else(|| {
                RuleError::Invalid(format!(
                    "{}: the limit names `{n}`, which this rule has no figure for",
                    m.method
                ))
            })
    };
    Ok(match m.max_per_target {
        Quantity::Count(n) => n.into(),
        Quantity::Of(n) => named(n)?,
        Quantity::Ratio(a, b) => {
            let (a, b) = (named(a)?, named(b)?);
            if b <= 0 {
                return Err(RuleError::Invalid(format!("{}: dividing by {b}", m.method)));
            }
            a.div_euclid(b)
        }
    })
}

/// Rounds that strike on a roll: none on a miss, else one plus one per whole divisor of EN
/// (see the ruling `ruling-autofire-hits`).
fn strikes(m: &Method, roll: i64, tn: i64, t: &mut Trace) -> i64 {
    let en = roll - tn;
    if en < 0 {
        t.step(ids::AUTOFIRE, format!("{roll} against TN {tn}: a miss"));
        return 0;
    }
    let hits = 1 + en.div_euclid(m.divide_en_by.into());
    t.step(
        ids::RULING_AUTOFIRE_HITS,
        format!(
            "{roll} against TN {tn}: EN {en}, 1 + {en}/{} = {hits} rounds",
            m.divide_en_by
        ),
    );
    hits
}

fn capped(hits: i64, cap: i64, why: &str, t: &mut Trace) -> i64 {
    if hits > cap {
        t.step(ids::AUTOFIRE_METHODS, format!("held to {cap} by {why}"));
        cap
    } else {
        hits
    }
}

pub fn burst(g: &burst::Given, t: &mut Trace) -> Result<burst::Outcome, RuleError> {
    let m = method("Burst")?;
    let most = limit(m, &[])?;
    if g.rounds < 1 || g.rounds > most {
        return Err(RuleError::Invalid(format!(
            "a burst fires 1 to {most} rounds, not {}",
            g.rounds
        )));
    }
    let hits = strikes(m, g.roll, g.tn, t);
    let hits = capped(hits, g.rounds, "the rounds fired", t);
    Ok(burst::Outcome {
        effect_number: g.roll - g.tn,
        hits,
    })
}

pub fn stream(g: &stream::Given, t: &mut Trace) -> Result<stream::Outcome, RuleError> {
    at_least(1, [("rounds fired", g.rounds), ("RoF", g.rof)])?;
    let m = method("Stream")?;
    // The stream's limit is the weapon's RoF, the most rounds it fires in a
    // turn (line 428): a longer stream is refused, as a burst's fifth round
    // is, and the rounds fired then hold the hits to it.
    let most = limit(m, &[("RoF", g.rof)])?;
    if g.rounds > most {
        return Err(RuleError::Invalid(format!(
            "a stream fires at most the weapon's RoF of {most} rounds, not {}",
            g.rounds
        )));
    }
    let penalty = penalty(m, g.rounds, t)?;
    let total = g.roll + penalty;
    let hits = strikes(m, total, g.tn, t);
    let hits = capped(hits, g.rounds, "the rounds fired", t);
    Ok(stream::Outcome {
        penalty,
        total,
        effect_number: total - g.tn,
        hits,
    })
}

/// One target of a spray: its own roll (the ruling `ruling-autofire-rolls`), held to the zone's share.
pub fn spray(g: &spray::Given, t: &mut Trace) -> Result<spray::Outcome, RuleError> {
    at_least(
        1,
        [
            ("rounds fired", g.rounds),
            ("a fire zone's width", g.zone_width),
        ],
    )?;
    let m = method("Spray")?;
    let penalty = penalty(m, g.rounds, t)?;
    t.step(
        ids::RULING_AUTOFIRE_ROLLS,
        format!(
            "this target's own roll; its TN of {} already counts the {penalty:+}",
            g.tn
        ),
    );
    let max = limit(m, &[("RoF", g.rounds), ("Fire zone (m)", g.zone_width)])?;
    t.step(
        ids::RULING_SPRAY_CAP,
        format!(
            "{} rounds over {} m: at most {max} per target",
            g.rounds, g.zone_width
        ),
    );
    let uncapped_hits = strikes(m, g.roll, g.tn, t);
    let hits = capped(uncapped_hits, max, "the fire zone", t);
    Ok(spray::Outcome {
        penalty,
        max_per_target: max,
        uncapped_hits,
        hits,
    })
}

fn penalty(m: &Method, rounds: i64, t: &mut Trace) -> Result<i64, RuleError> {
    let p = m.modifier.for_amount(rounds);
    t.step(
        ids::AUTOFIRE_METHODS,
        format!("{}: {rounds} rounds, {p:+} on the roll", m.method),
    );
    Ok(p)
}
