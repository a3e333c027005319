//! The conformance suite's logic: read a case file, run its rule through the
//! resolver, and judge every claim against the book (see DESIGN.md's verdicts);
//! check each property, a law of one rule, over its domain ([`property`]).

mod case;
pub mod property;
pub mod snapshot;
mod verdict;

pub use case::{Case, Erratum};
pub use verdict::{ClaimResult, RefusalResult, Report, Status, Verdict, evaluate};
