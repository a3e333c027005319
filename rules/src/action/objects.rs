//! `spec/action/objects.md`: Hits, destroyed and demolished, materials, cinematic AV/Hits.

use crate::bounds::non_negative;
use crate::spec::action::objects::{
    DEMOLISHED_MULTIPLE, MATERIALS, Material, OBJECTS, SPLIT_PARTS, THICKNESSES, cinematic,
    condition, ids, plate,
};
use crate::table::by_name;
use crate::trace::Trace;
use crate::value::RuleError;

pub fn condition(g: &condition::Given, t: &mut Trace) -> Result<condition::Outcome, RuleError> {
    non_negative([("Hits", g.hits), ("damage", g.damage)])?;
    let hits_left = (g.hits - g.damage).max(0);
    let state = if g.damage >= g.hits * i64::from(DEMOLISHED_MULTIPLE) {
        "demolished"
    } else if hits_left == 0 {
        "destroyed"
    } else if g.damage > 0 {
        "damaged"
    } else {
        "intact"
    };
    t.step(
        ids::OBJECTS,
        format!(
            "{} Hits, {} damage: {hits_left} left, {state}",
            g.hits, g.damage
        ),
    );
    Ok(condition::Outcome {
        hits_left,
        state: state.to_string(),
    })
}

/// The material's Hits in the column of the given thickness.
fn hits_at(m: &Material, millimetres: i64, t: &mut Trace) -> Result<i64, RuleError> {
    let column = THICKNESSES
        .iter()
        .find(|c| i64::from(c.millimetres) == millimetres)
        .ok_or_else(|| {
            RuleError::Invalid(format!("the material table has no {millimetres} mm column"))
        })?;
    let hits = match column.column {
        "mm10" => m.mm10,
        "mm20" => m.mm20,
        "mm50" => m.mm50,
        "mm150" => m.mm150,
        "m1" => m.m1,
        other => {
            return Err(RuleError::Invalid(format!(
                "the thickness table names a column `{other}` the material table lacks"
            )));
        }
    };
    t.step(
        ids::MATERIAL_TABLE,
        format!("{}, {millimetres} mm: {hits} Hits", m.material),
    );
    Ok(hits.into())
}

pub fn plate(g: &plate::Given, t: &mut Trace) -> Result<plate::Outcome, RuleError> {
    let m = by_name(
        MATERIALS,
        |m| m.material,
        &g.material,
        "material",
        "the table",
    )?;
    let hits = hits_at(m, g.millimetres, t)?;
    let split_av = hits.div_euclid(SPLIT_PARTS.into());
    let split_hits = hits - split_av;
    t.step(
        ids::RULING_ALUMINIUM_PLATE,
        format!("{hits} split: AV {split_av}, {split_hits} Hits"),
    );
    Ok(plate::Outcome {
        hits,
        split_av,
        split_hits,
    })
}

pub fn cinematic(g: &cinematic::Given, t: &mut Trace) -> Result<cinematic::Outcome, RuleError> {
    let o = by_name(
        OBJECTS,
        |o| o.object,
        &g.object,
        "object",
        "the AV/Hits table",
    )?;
    let hits = o
        .hits
        .ok_or_else(|| RuleError::Invalid(format!("the table gives {} no Hits", o.object)))?;
    t.step(
        ids::AV_HITS_TABLE,
        format!("{}: AV {}, Hits {hits}", o.object, o.av),
    );
    Ok(cinematic::Outcome {
        av: o.av.into(),
        least_hits: hits.lo.into(),
        most_hits: hits.hi.unwrap_or(0).into(),
    })
}
