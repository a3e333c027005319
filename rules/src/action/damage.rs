//! `spec/action/damage.md`: what armor and TGH take off each type of damage.

use crate::bounds::non_negative;
use crate::spec::action::damage::{
    DAMAGE_FORMS, DAMAGE_TYPES, DamageForm, DamageType, ids, lif_lost,
};
use crate::table::Term;
use crate::trace::Trace;
use crate::value::RuleError;

/// The damage type row named by its name or its code (`Blunt` or `B`).
pub fn damage_type(name: &str) -> Result<&'static DamageType, RuleError> {
    DAMAGE_TYPES
        .iter()
        .find(|d| d.damage_type.eq_ignore_ascii_case(name) || d.code.eq_ignore_ascii_case(name))
        .ok_or_else(|| RuleError::Invalid(format!("no damage type `{name}` in the table")))
}

/// The form row named by its name or its code (`Lethal` or `L`).
pub fn damage_form(name: &str) -> Result<&'static DamageForm, RuleError> {
    DAMAGE_FORMS
        .iter()
        .find(|f| f.form.eq_ignore_ascii_case(name) || f.code.eq_ignore_ascii_case(name))
        .ok_or_else(|| RuleError::Invalid(format!("no damage form `{name}` in the forms table")))
}

/// What one subtraction cell takes off: `- Armor` with armor 3 is -3; a blank cell is 0.
fn subtraction(
    cell: Option<Term>,
    stats: &[(&str, i64)],
    what: &str,
    row: &DamageType,
) -> Result<i64, RuleError> {
    match cell {
        None => Ok(0),
        Some(Term::Flat(n)) => Ok(n.into()),
        Some(Term::Stat { sign, name }) => stats
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| i64::from(sign) * v)
            .ok_or_else(|| {
                RuleError::Invalid(format!(
                    "{}: the {what} column names `{name}`, which this rule has no figure for",
                    row.damage_type
                ))
            }),
    }
}

pub fn lif_lost(g: &lif_lost::Given, t: &mut Trace) -> Result<lif_lost::Outcome, RuleError> {
    non_negative([
        ("points", g.points),
        ("TGH", g.tgh),
        ("armor", g.armor.unwrap_or_default()),
    ])?;
    let row = damage_type(&g.damage_type)?;
    let armor = g.armor.unwrap_or(0);
    let stats = [("Armor", armor), ("TGH", g.tgh)];
    let by_armor = subtraction(row.armor, &stats, "armor", row)?;
    let by_tgh = subtraction(row.tgh, &stats, "TGH", row)?;
    let after_armor = (g.points + by_armor).max(0);
    t.step(
        ids::DAMAGE_TYPE_TABLE,
        format!(
            "{} ({}): armor {by_armor:+}, TGH {by_tgh:+}",
            row.damage_type, row.code
        ),
    );
    if row.armor.is_none() && row.tgh.is_none() {
        t.step(
            ids::RULING_SPECIAL_DAMAGE,
            "special type: neither armor nor TGH is taken off",
        );
    }
    let lif_lost = (after_armor + by_tgh).max(0);
    t.step(
        ids::DAMAGE_TYPES,
        format!(
            "{} points, {after_armor} past the armor, {lif_lost} off LIF",
            g.points
        ),
    );
    Ok(lif_lost::Outcome {
        after_armor,
        lif_lost,
    })
}
