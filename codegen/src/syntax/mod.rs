//! The first pass: chapter files read ([`load`]) and parsed into the typed
//! [`crate::model`]: Markdown walked by pulldown-cmark ([`parse`]), the
//! fenced blocks and schema comments recognised, their TOML bodies read with
//! spans, and the rows under each schema split into typed cells.

pub(crate) mod blocks;
pub mod cell;
pub(crate) mod domain;
pub(crate) mod ids;
pub mod load;
pub mod locator;
pub(crate) mod parse;
pub(crate) mod property;
pub(crate) mod recognize;
pub(crate) mod rows;
pub(crate) mod system;
pub(crate) mod table;
pub(crate) mod toml_spans;
