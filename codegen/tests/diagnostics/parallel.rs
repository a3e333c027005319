//! `compile_sources` parses and checks a system per core at a time; what it
//! gives must not depend on how many threads there are or which finishes first.

use std::path::Path;

use super::common;

/// Five systems, each a chapter of the UI case whose errors come from both
/// the walk over its Markdown and its blocks, in the system it names.
fn broken_systems() -> Vec<(String, Vec<u8>)> {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui/block-errors-in-order/demo.md");
    let chapter = std::fs::read_to_string(ui).expect("read a UI case");
    ["alpha", "beta", "gamma", "delta", "epsilon"]
        .into_iter()
        .map(|system| {
            let text = chapter
                .replace("system = \"demo\"", &format!("system = \"{system}\""))
                .replace("\"demo.", &format!("\"{system}."));
            (format!("{system}/demo.md"), text.into_bytes())
        })
        .collect()
}

#[test]
fn the_diagnostics_are_the_same_on_one_thread_and_on_many() {
    let files = broken_systems();
    let files: Vec<(&str, &[u8])> = files.iter().map(|(p, t)| (&**p, &t[..])).collect();
    common::in_folder("parallel", "systems", &files, |dir| {
        let sources = codegen::load::read_spec(dir, dir).unwrap_or_else(|d| panic!("{d}"));
        let render = |threads| match codegen::compile_sources_on(&sources, threads) {
            Ok(_) => panic!("each system holds errors"),
            Err(d) => d.render(),
        };
        let one = render(1);
        for system in ["alpha", "epsilon"] {
            assert!(one.contains(&format!("{system}/demo.md")), "{one}");
        }
        for threads in [2, 3, 8] {
            for _ in 0..5 {
                assert_eq!(render(threads), one, "on {threads} threads");
            }
        }
    });
}
