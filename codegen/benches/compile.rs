//! `cargo bench -p codegen`: how long compiling the bundled book takes, per
//! phase, so that the edit-regen loop authors live in stays measured.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

fn time(name: &str, runs: u32, mut f: impl FnMut()) {
    f(); // warm the file cache
    let start = Instant::now();
    for _ in 0..runs {
        f();
    }
    let each: Duration = start.elapsed() / runs;
    println!("{name:<28} {each:>12.2?} per run ({runs} runs)");
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root");
    let spec = root.join("spec");
    let compile = || {
        codegen::compile_dir(&spec, root)
            .unwrap_or_else(|d| panic!("the bundled book must compile:\n{d}"))
    };
    time("compile spec/", 50, || {
        black_box(compile());
    });
    let book = compile();
    time("emit Rust (quote+prettyplease)", 50, || {
        black_box(codegen::emit::rust::rust_module(&book));
    });
    time("emit case files", 50, || {
        black_box(codegen::emit::cases::case_files(&book));
    });
}
