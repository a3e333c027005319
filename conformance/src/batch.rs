//! `conformance judge`: the case and property files `xtask` sends, run
//! against the linked resolver, each case under [`run_case`] so that a panic
//! fails that case alone.

use casefile::batch::{Asked, Judged};
use casefile::property::PropertyCase;
use casefile::{Case, Report};

use crate::property::{self, PropertyReport};
use crate::{ParseFile, evaluate, run_case};

/// Judges what was asked, in order.
pub fn judge(asked: &Asked) -> Judged {
    judge_with(asked, evaluate)
}

/// Judges what was asked, running each case with `evaluate` ([`evaluate`], or
/// a stand-in in tests).
pub fn judge_with(asked: &Asked, evaluate: fn(&Case) -> Report) -> Judged {
    Judged {
        cases: asked
            .cases
            .iter()
            .map(|text| Case::parse(text).map(|case| run_case(&case, evaluate)))
            .collect(),
        properties: asked.properties.iter().map(|t| check_property(t)).collect(),
    }
}

/// Reads a property file and checks its law as the conformance suite does.
pub fn check_property(text: &str) -> Result<PropertyReport, String> {
    PropertyCase::parse(text).map(|case| property::check(&case, property::CASES))
}

#[cfg(test)]
mod tests {
    use casefile::Verdict;

    use super::*;

    fn case(id: &str) -> String {
        format!(
            "id = \"{id}\"\nsystem = \"action\"\nrule = \"armor.absorb\"\nsource = \"x\"\nours = true\n\
             [given]\ndamage = 10\nav = 4\n[expect]\ndamage_through = 6\n"
        )
    }

    /// The real resolver has no rule that panics (the totality test sees to
    /// it), so a stand-in for [`evaluate`] panics on one case.
    fn panics_on_first(case: &Case) -> Report {
        if case.id == "first" {
            panic!("not yet written");
        }
        evaluate(case)
    }

    #[test]
    fn a_resolver_that_panics_fails_its_case_and_the_rest_still_run() {
        let asked = Asked {
            cases: vec![case("first"), case("second"), "id = 3".into()],
            properties: Vec::new(),
        };
        let judged = judge_with(&asked, panics_on_first);
        let [first, second, unreadable] = &judged.cases[..] else {
            panic!("not one answer per case: {judged:?}");
        };
        let first = first.as_ref().expect("the first case reads");
        assert_eq!(first.verdict, Verdict::Fails);
        assert_eq!(
            first.error.as_deref(),
            Some("the resolver panicked: not yet written")
        );
        let second = second.as_ref().expect("the second case reads");
        assert_eq!(second.verdict, Verdict::Agrees, "{}", second.render());
        assert!(unreadable.is_err(), "{unreadable:?}");
    }
}
