//! The Damage System (version 3): one module per chapter of `spec/damage-system/`.
//!
//! Damage is the one figure that can be a fraction (the 0.5 minimum), so its
//! rules type it `decimal`, an `f64`: every value it takes is a multiple of one
//! half, which `f64` holds exactly, so sums of it are exact and a claim of
//! `2.5` compares equal to the resolver's `2.5`.

pub mod conditions;
pub mod damage_reduction;
pub mod damage_resolution;
pub mod death_test;
pub mod mitigation;
pub mod non_lethal;
pub mod recovery;
pub mod soak_test;
pub mod wounds;

/// The damage of an attack's hits added up; no hits do 0 (an empty `Sum` of
/// `f64` is -0).
pub(crate) fn total(damage: &[f64]) -> f64 {
    damage.iter().fold(0.0, |sum, d| sum + d)
}

/// A damage figure as a trace writes it: `3`, `0.5`, `2.5`.
pub(crate) fn points(x: f64) -> String {
    format!("{x}")
}
