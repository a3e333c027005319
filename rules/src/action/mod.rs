//! The Action! System: one module per chapter of `spec/action/`.

pub mod armor;
pub mod autofire;
pub mod combat_modifiers;
pub mod explosions;
pub mod falling;
pub mod moving;
pub mod objects;
pub mod weapons;
