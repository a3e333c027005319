//! The Action! System: one module per chapter of `spec/action/`.

pub mod autofire;
pub mod combat_modifiers;
pub mod damage;
pub mod explosions;
pub mod falling;
pub mod healing;
pub mod moving;
pub mod recording;
pub mod wounds;
