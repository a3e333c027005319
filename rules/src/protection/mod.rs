//! The "Protection from Damage" system: one module per chapter of `spec/protection/`.

pub mod armor;
pub mod encumbrance;
pub mod energy_shields;
pub mod nonlethal;
pub mod shielding;
pub mod shields;
