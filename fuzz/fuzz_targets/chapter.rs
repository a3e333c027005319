//! Arbitrary bytes as a chapter, through the whole front end: parse, check,
//! lint, emit Rust and case files, render the diagnostics. See
//! `codegen::fuzz::chapter`, which `codegen/tests/fuzz_regressions.rs` also runs.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| codegen::fuzz::chapter(bytes));
