//! The audit's facts, as `audit.json` and the report show them: plain data
//! that imports nothing from the modules that gather it ([`super::facts`]) or
//! render it (`audit::html`).

mod chapter;
mod function;
mod index;
mod mutation;
mod property;
mod queue;
mod refs;
mod report;

pub use chapter::{
    ChapterFacts, ClaimFacts, CodeFacts, CodeRef, ErratumFacts, ExampleFacts, FunctionReview,
    ItemFacts, OursFacts, ParamFacts, RuleFacts, SectionFacts, TableErratumFacts, TableFacts,
    TableRead,
};
pub use function::FunctionFacts;
pub use index::{ErratumEntry, FailingExample, RulingFacts};
pub use mutation::{ChapterMutation, Figures, MutationFacts, RuleMutation, Score, SurvivorFacts};
pub use property::{
    DomainFacts, FailureFacts, Holds, PointFacts, PropertyEntry, PropertyFacts, PropertyIndex,
};
pub use queue::{ByName, Entry, FunctionStamp, Queue, QueuePage};
pub use refs::{Cite, Step, StepFacts, code_anchor, json, listing, page, rule_anchor};
pub use report::{Audit, LintAllow, SCHEMA_FILE, SystemFacts, schema};
