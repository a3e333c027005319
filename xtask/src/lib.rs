//! The commands behind `cargo xtask`: compile the book, bring the committed case
//! files up to date (or say which are stale), lint the book, evaluate examples
//! of any file ([`eval`]), name the failing ones ([`examples`]), write the audit
//! report ([`audit`]), keep the record of mutation testing ([`mutants`]),
//! run the whole test suite with what it needs ([`suite`]), and measure what a
//! large table costs the `rules` build ([`bench_build`]). It links no
//! resolver: the examples and properties run in the [`judge`].

pub mod audit;
pub mod bench_build;
pub mod checksum;
pub mod code;
pub mod eval;
pub mod examples;
pub mod judge;
mod lints;
pub mod mutants;
mod plan;
pub mod provenance;
pub mod scaffold;
pub mod suite;
mod summary;
mod workspace;

pub use lints::{lint_book, reads};
pub use plan::{Plan, apply, plan, plan_all, property_plan};
pub use summary::{Counts, counts, label_width, property_reports, reports, summary};
pub use workspace::{
    cargo_program, cases_dir, compile_book, properties_dir, workspace_root, write_atomically,
};
