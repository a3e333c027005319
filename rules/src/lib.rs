//! The resolver: hand-written rules, one module per spec chapter
//! (`spec/action/autofire.md` <-> `src/action/autofire.rs`), reading every figure
//! from the tables that `build.rs` generates from the spec.
//!
//! A resolution returns its outcome and a [`trace::Trace`] whose steps cite the
//! spec ids they apply. [`spec::registry::resolve`] runs a rule by its id.

pub mod action;
pub mod active_defense;
pub mod bounds;
pub mod damage_system;
pub mod dice;
pub mod outcome_armor;
pub mod protection;
pub mod table;
pub mod trace;
pub mod value;

/// Generated from `spec/` by `build.rs`: tables, ids, rule signatures, registry.
#[allow(clippy::all)]
pub mod spec {
    include!(concat!(env!("OUT_DIR"), "/spec.rs"));
}

pub use spec::registry::{RULES, resolve};

/// The fingerprint of the generated tables this crate was built with
/// (`codegen::emit::rust::fingerprint`: `spec.rs` less its doc comments): a tool compares it with the
/// book it holds before trusting the resolver's verdicts on that book.
pub const SPEC_FINGERPRINT: &str = env!("RULES_SPEC_FINGERPRINT");

/// The fingerprint of the shape of those tables (`codegen::emit::rust::shape`:
/// `spec.rs` less its doc comments and its rows tables' data): a running judge
/// judges a book of this shape with the book's own cells ([`table::edit`]).
pub const SPEC_SHAPE: &str = env!("RULES_SPEC_SHAPE");

/// The fingerprint of this crate's sources when it was built
/// (`codegen::sources_fingerprint` of `src/`): the same check for the code.
pub const SOURCES_FINGERPRINT: &str = env!("RULES_SOURCES_FINGERPRINT");
