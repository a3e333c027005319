//! Arbitrary bytes as what a client writes to the language server, through
//! its framing reader and its dispatcher, in memory. See
//! `server::fuzz::session`, which `server/tests/fuzz_regressions.rs`
//! also runs.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| server::fuzz::session(bytes));
