//! Refusing the inputs the book cannot mean, once, near the top of a rule.
//! Every whole number a rule takes is already a figure of the book's size
//! ([`crate::value::FIGURES`]); these checks hold each figure to what it counts:
//! no negative distance, AV or STR, no 3d6 roll of 19.

use crate::dice::Dice;
use crate::value::RuleError;

/// Counts, distances, scores, damage: none of them is below zero.
pub fn non_negative<'a>(
    figures: impl IntoIterator<Item = (&'a str, i64)>,
) -> Result<(), RuleError> {
    at_least(0, figures)
}

/// Figures that are `lo` or more, such as a score that starts at 1.
pub fn at_least<'a>(
    lo: i64,
    figures: impl IntoIterator<Item = (&'a str, i64)>,
) -> Result<(), RuleError> {
    not_below(lo, figures)
}

/// Amounts that can be a fraction (damage of 0.5): none is below zero. Every
/// decimal a rule takes is already a finite figure ([`crate::value`]).
pub fn no_negative_amount<'a>(
    amounts: impl IntoIterator<Item = (&'a str, f64)>,
) -> Result<(), RuleError> {
    not_below(0.0, amounts)
}

/// The first figure below `lo`, refused by name: whole numbers and fractions alike.
fn not_below<'a, T: PartialOrd + std::fmt::Display>(
    lo: T,
    figures: impl IntoIterator<Item = (&'a str, T)>,
) -> Result<(), RuleError> {
    match figures.into_iter().find(|(_, n)| *n < lo) {
        Some((what, n)) => Err(RuleError::Invalid(format!(
            "{what} cannot be {n}: it is never below {lo}"
        ))),
        None => Ok(()),
    }
}

/// Totals rolled on `dice`: from the least the dice roll to the most.
pub fn rolled<'a>(
    dice: Dice,
    figures: impl IntoIterator<Item = (&'a str, i64)>,
) -> Result<(), RuleError> {
    let (lo, hi) = (i64::from(dice.min()), i64::from(dice.max()));
    match figures.into_iter().find(|(_, n)| !(lo..=hi).contains(n)) {
        Some((what, n)) => Err(RuleError::Invalid(format!(
            "{what} cannot be {n}: {dice} rolls {lo} to {hi}"
        ))),
        None => Ok(()),
    }
}

/// Names the book leaves open (any weapon skill, any unarmed skill): still a name,
/// not blank text.
pub fn named<'a>(names: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<(), RuleError> {
    match names.into_iter().find(|(_, n)| n.trim().is_empty()) {
        Some((what, _)) => Err(RuleError::Invalid(format!("{what} needs a name"))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_the_first_figure_out_of_bounds_by_name() {
        assert_eq!(non_negative([("AV", 0), ("damage", 16)]), Ok(()));
        let e = non_negative([("AV", 3), ("damage", -1)]).unwrap_err();
        assert_eq!(e.to_string(), "damage cannot be -1: it is never below 0");
        assert!(at_least(1, [("STR", 0)]).is_err());
        assert_eq!(
            no_negative_amount([("damage", 0.0), ("damage", 0.5)]),
            Ok(())
        );
        let e = no_negative_amount([("damage", 2.5), ("damage", -0.5)]).unwrap_err();
        assert_eq!(e.to_string(), "damage cannot be -0.5: it is never below 0");
        let three = Dice::d6(3);
        assert_eq!(rolled(three, [("roll", 3), ("roll", 18)]), Ok(()));
        let e = rolled(three, [("roll", 19)]).unwrap_err();
        assert_eq!(e.to_string(), "roll cannot be 19: 3d6 rolls 3 to 18");
        assert!(rolled(three, [("roll", 2)]).is_err());
        assert_eq!(named([("a skill", "Rapier")]), Ok(()));
        let e = named([("a skill", "Rapier"), ("the attacker's skill", " ")]).unwrap_err();
        assert_eq!(e.to_string(), "the attacker's skill needs a name");
    }
}
