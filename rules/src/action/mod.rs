//! The Action! System: one module per chapter of `spec/action/`.

pub mod actions;
pub mod armor;
pub mod asphyxiation;
pub mod autofire;
pub mod combat_modifiers;
pub mod damage;
pub mod elements;
pub mod explosions;
pub mod falling;
pub mod healing;
pub mod initiative;
pub mod moving;
pub mod objects;
pub mod recording;
pub mod weapons;
pub mod wounds;
