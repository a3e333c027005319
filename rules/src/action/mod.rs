//! The Action! System: one module per chapter of `spec/action/`.

pub mod actions;
pub mod asphyxiation;
pub mod autofire;
pub mod combat_modifiers;
pub mod elements;
pub mod explosions;
pub mod falling;
pub mod initiative;
pub mod moving;
