//! `spec/damage-system/damage-resolution.md`: the six steps of an attack, end
//! to end, each done by its own chapter's resolver.

use super::conditions::{Track, conditions_of, record_totals};
use super::death_test::judge;
use super::mitigation::{Armor, mitigate_hits};
use super::non_lethal::converted;
use super::soak_test::spend;
use super::wounds::wounds_of;
use crate::spec::damage_system::damage_resolution::{ids, resolve_attack};
use crate::trace::Trace;
use crate::value::RuleError;

pub fn resolve_attack(
    g: &resolve_attack::Given,
    t: &mut Trace,
) -> Result<resolve_attack::Outcome, RuleError> {
    t.step(
        ids::SIX_STEPS,
        "steps 1 and 2: damage reduction and mitigation",
    );
    let armor = Armor::of(g.dr, g.mp, &g.tag, g.sacrifice);
    let m = mitigate_hits(&g.dc, &armor, t)?;

    t.step(ids::SIX_STEPS, "step 3: wounds");
    let (_, rounded) = wounds_of(&m.damage, t);
    let (attack_wounds, attack_shock) = if g.non_lethal == Some(true) {
        let c = converted(rounded, t);
        (rounded - c, c)
    } else {
        (rounded, 0)
    };

    t.step(ids::SIX_STEPS, "step 4: the soak test");
    let soaked = spend(attack_wounds, attack_shock, g.soak_successes, t)?;

    t.step(ids::SIX_STEPS, "step 5: conditions");
    let before = Track {
        wounds: g.wounds.unwrap_or(0),
        shock: g.shock.unwrap_or(0),
    };
    let recorded = record_totals(
        before,
        Track {
            wounds: soaked.wounds,
            shock: soaked.shock,
        },
        t,
    )?;
    let totals = recorded.totals;
    let conditions = conditions_of(totals.wounds, totals.shock, t)?;

    t.step(ids::SIX_STEPS, "step 6: the death test");
    let death = judge(before.wounds, totals.wounds, g.death_successes, t)?;

    Ok(resolve_attack::Outcome {
        damage: m.damage,
        attack_wounds,
        attack_shock,
        wounds: totals.wounds,
        shock: totals.shock,
        conditions: conditions.iter().map(|c| c.condition.to_string()).collect(),
        death_test: death.test,
        dies: death.dies,
        dr: m.dr,
        mp: m.mp,
    })
}
