//! The judge, and the one crate that links the resolver: read a case file,
//! run its rule through the resolver, and judge every claim against the book
//! (see DESIGN.md's verdicts); check each property, a law of one rule, over its
//! domain ([`property`]). Its binary (`conformance`) runs them for `xtask`
//! ([`batch`]) and for the language server ([`verdicts`]), so that a table
//! edit rebuilds `rules` and this crate alone. The types it judges with are
//! `casefile`'s, which link no resolver.

pub mod batch;
mod case;
pub mod property;
pub mod snapshot;
mod value;
mod verdict;
pub mod verdicts;

pub use casefile::{
    Case, ClaimResult, Dice, Erratum, RefusalResult, Report, Status, Step, Trace, Value, Values,
    Verdict,
};
pub use value::{from_rules, rules_values, to_rules};
pub use verdict::{evaluate, run_case};

/// A file `cargo xtask regen` writes, read back with its values typed by the
/// signature of its rule in the linked resolver.
pub trait ParseFile: Sized {
    fn parse(text: &str) -> Result<Self, String>;
}
