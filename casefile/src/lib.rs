//! The types of a case file and a property file as the judge reads them, and
//! of the reports it makes of them, with serde: `conformance` (the one crate
//! that links the resolver) sends them as JSON to `xtask`, which links no
//! resolver, so that a table edit rebuilds `rules` and the judge alone.
//!
//! [`file`](mod@file) holds the files themselves, as `regen` writes them and
//! the judge reads them. Values here are the resolver's values as data:
//! `conformance` converts them to and from `rules::value` when it runs a rule.

pub mod batch;
mod case;
pub mod file;
pub mod property;
mod trace;
mod value;
mod verdict;

pub use case::{Case, Erratum};
pub use trace::{Step, Trace};
pub use value::{Dice, Value, Values};
pub use verdict::{ClaimResult, RefusalResult, Report, Status, Verdict};
