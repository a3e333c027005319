//! The language server, and what it needs while the spec may not compile, so
//! it links no resolver: the book as the editor's buffers hold it ([`world`]),
//! a session on `lsp-server`'s messages and `lsp-types` over our own framing
//! ([`session`], [`transport`]), and the protocol by which the judge (crate
//! `conformance`, built from those buffers' tables) answers for the verdicts
//! ([`verdict`], run by [`resolver`]). The launcher behind `cargo xtask`
//! (crate `launcher`) starts it for `cargo xtask lsp`.

pub mod client;
mod complete;
mod diagnostics;
pub mod fuzz;
mod lens;
pub mod nav;
pub mod pos;
pub mod resolver;
pub mod session;
mod sources;
pub mod transport;
pub mod verdict;
pub mod workspace;
pub mod world;

pub use session::{Config, Ended, serve, serve_stdio};
pub use workspace::{RULES_SRC, workspace_root};
