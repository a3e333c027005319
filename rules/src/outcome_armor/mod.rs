//! The outcome-based armor system (`spec/outcome-armor/`): one module per chapter.

pub mod attack;
pub mod coverage;
pub mod damage;
pub mod outcome;
pub mod protection;
pub mod sealed_armor;
