//! Active defenses (book 003): one module per chapter of `spec/active-defense/`.

pub mod block;
pub mod defense_rolls;
pub mod dodge;
pub mod dodge_and_drop;
pub mod parry;
pub mod retreat;
pub mod special_dodges;
pub mod unarmed_parry;
