//! The outcome-based armor system (`spec/outcome-armor/`): one module per chapter.

pub mod attack;
pub mod coverage;
pub mod damage;
pub mod outcome;
pub mod protection;
pub mod sealed_armor;

use crate::bounds::non_negative;
use crate::value::RuleError;

/// A weapon's ratings and an armor's seal are never below zero.
fn ratings(penetration: i64, sealed_below: Option<i64>) -> Result<(), RuleError> {
    non_negative([
        ("a penetration rating", penetration),
        ("a seal", sealed_below.unwrap_or_default()),
    ])
}

/// The refusals the spec states, which examples (claims on outputs) cannot show.
#[cfg(test)]
mod refusals {
    use super::{damage, protection};
    use crate::spec::outcome_armor::attack::attack::Given;
    use crate::trace::Trace;
    use crate::value::RuleError;

    fn invalid<T>(r: Result<T, RuleError>) -> bool {
        matches!(r, Err(RuleError::Invalid(_)))
    }

    #[test]
    fn a_range_of_another_width_or_form_is_refused() {
        let t = &mut Trace::default();
        assert!(protection::band("5-8", t).is_ok());
        for bad in ["5-9", "5-7", "8-5", "5", "5–8", "a-b", ""] {
            assert!(invalid(protection::band(bad, t)), "{bad}");
        }
    }

    #[test]
    fn damage_needs_an_outcome_that_gets_through() {
        let t = &mut Trace::default();
        assert!(invalid(damage::deal(-1, 5, 5, 5, None, t)));
        assert!(invalid(damage::deal(0, -1, 5, 5, None, t)));
        assert!(invalid(damage::deal(0, 5, 5, 5, Some("Full"), t)));
    }

    #[test]
    fn armor_needs_both_coverage_and_range() {
        let g = Given {
            roll: 5,
            skill: 5,
            attack_modifier: None,
            dodge: 5,
            dodge_modifier: None,
            penetration: 5,
            weapon_damage: 5,
            size: 5,
            coverage: Some("Partial".into()),
            partial: None,
            sealed_below: None,
            forcefield: None,
        };
        let t = &mut Trace::default();
        assert!(invalid(super::attack::attack(&g, t)));
        let unarmored_seal = Given {
            coverage: None,
            sealed_below: Some(4),
            ..g.clone()
        };
        assert!(invalid(super::attack::attack(&unarmored_seal, t)));
        let armored = Given {
            partial: Some("5-8".into()),
            ..g
        };
        assert!(super::attack::attack(&armored, t).is_ok());
    }
}
