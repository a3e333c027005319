//! The commands behind `cargo xtask`, a module each: [`regen`], [`check`],
//! [`eval`], [`explain`], [`audit`], [`review`], [`provenance`], [`mutants`],
//! [`bench_build`], [`new`], [`lsp`], [`verdicts`] and [`test`](mod@test), each with a
//! `command` that `main.rs` calls. [`cli`] is the command line, [`context`]
//! what every command runs with (the workspace, the output format).
//!
//! What several commands share is named for what it holds: `plan` (the
//! case and property files to write), `summary` (how the examples come
//! out), `lints`, [`examples`] (a failing example shown at its line),
//! `workspace` (paths and atomic writes), [`checksum`], and [`judge`]: this
//! crate links no resolver, the examples and properties run in the judge.

pub mod audit;
pub mod bench_build;
pub mod check;
pub mod checksum;
pub mod cli;
pub mod context;
pub mod eval;
pub mod examples;
pub mod explain;
pub mod judge;
mod lints;
pub mod lsp;
pub mod mutants;
pub mod new;
mod plan;
pub mod provenance;
pub mod regen;
pub mod review;
mod summary;
pub mod test;
pub mod verdicts;
mod workspace;

pub use lints::lint_book;
pub use plan::{Plan, apply, plan, plan_all, property_plan};
pub use summary::{Counts, counts, label_width, property_reports, reports, summary};
pub use workspace::{
    cargo_program, cases_dir, compile_book, properties_dir, workspace_root, write_atomically,
};
