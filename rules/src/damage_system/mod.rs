//! The Damage System (version 3): one module per chapter of `spec/damage-system/`.
//!
//! Damage is the one figure that can be a fraction (the 0.5 minimum), so it is
//! an `f64` here: every value it takes is a multiple of one half, which `f64`
//! holds exactly. Rules report it as text, written by [`points`].

pub mod conditions;
pub mod damage_reduction;
pub mod damage_resolution;
pub mod death_test;
pub mod mitigation;
pub mod non_lethal;
pub mod recovery;
pub mod soak_test;
pub mod wounds;

/// A damage figure as the rules report it: `3`, `0.5`, `2.5`.
pub(crate) fn points(x: f64) -> String {
    format!("{x}")
}

/// A list of damage figures, as [`points`] writes each.
pub(crate) fn all_points(xs: &[f64]) -> Vec<String> {
    xs.iter().copied().map(points).collect()
}
