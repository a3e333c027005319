//! The whole front end over arbitrary bytes, for the fuzz target in `fuzz/` and
//! for `codegen/tests/fuzz_regressions.rs`, which replays every input the fuzzer
//! ever crashed on: the bytes are read as a chapter and compiled; then the book
//! is linted and emitted as Rust and case files, or the diagnostics are
//! rendered, plain, styled and as JSON. Whatever the bytes, nothing here may
//! panic, and the Rust emitted must parse.

use std::hint::black_box;
use std::path::Path;

use crate::{Book, Diagnostic, Diagnostics, emit, lint};

/// One pass of the front end over `bytes`, as the chapter `spec/fuzz/fuzz.md`.
pub fn chapter(bytes: &[u8]) {
    let (files, diags) =
        match crate::syntax::load::decode(Path::new("spec/fuzz/fuzz.md"), bytes.to_vec()) {
            Ok(file) => (vec![file], Diagnostics::default()),
            Err(d) => (Vec::new(), Diagnostics(vec![d])),
        };
    match crate::compile::join_files(Book::default(), files, diags) {
        Ok(book) => {
            // No resolver reads anything here: every table is unread.
            let lints = lint::lints(&book, &|_, _| false, &|_, _, _, _| false);
            black_box(lint::render(&lints, true));
            every(lints.iter().map(|l| &l.diagnostic));
            // The emitter writes Rust as text: what the build writes must parse,
            // and so be laid out for a person without a panic.
            let rust = emit::rust::generate(&book).code;
            if let Err(e) = syn::parse_file(&rust) {
                panic!("the emitted Rust does not parse: {e}\n{rust}");
            }
            black_box(emit::rust::readable_module(&book));
            black_box(emit::cases::case_files(&book));
        }
        Err(diags) => {
            black_box(diags.render_styled());
            every(diags.0.iter());
        }
    }
}

/// Renders each diagnostic, past the thousand a report shows, says where it
/// is, and gives it as JSON (`--message-format=json`).
fn every<'a>(diagnostics: impl Iterator<Item = &'a Diagnostic>) {
    for d in diagnostics {
        black_box((d.render(), d.to_string(), d.json()));
    }
}
