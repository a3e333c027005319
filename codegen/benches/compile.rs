//! `cargo bench -p codegen --bench compile`: each phase of the front end as a
//! ratio to pulldown-cmark parsing the same bytes with the project's options,
//! on the bundled book and on synthetic books 10 and 100 times its size (the
//! bundled systems copied under new system names). Compiling (parse and check)
//! should stay within 3× of the bare parse and emitting Rust within 10×, at
//! every size.
//!
//! Reading the files is timed apart from compiling them, each as a ratio, so
//! that the compile line compares like with like: texts already in memory.
//! Compiling runs a system per core at a time, as `rules/build.rs` does; it
//! is shown on one thread too. Emitting Rust is what `rules/build.rs` runs
//! (`emit::rust::generate`: the tokens built with quote, written as text, and
//! their fingerprint), shown whole and then its first part, building the
//! tokens. The readable copy (syn parsing the tokens and prettyplease laying
//! them out), which the build does not make, is shown apart.
//!
//! Under `cargo test --benches` (no `--bench` flag) each phase runs once on the
//! bundled book, as a smoke test, and nothing is timed.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use codegen::Book;

/// The least time `f` took over enough runs to fill about a second (at least
/// three, at most fifty): the run least disturbed by the rest of the machine.
fn best(mut f: impl FnMut()) -> Duration {
    f(); // warm the file cache and the allocator
    let mut best = Duration::MAX;
    let start = Instant::now();
    let mut runs = 0;
    while runs < 3 || (runs < 50 && start.elapsed() < Duration::from_secs(1)) {
        let run = Instant::now();
        f();
        best = best.min(run.elapsed());
        runs += 1;
    }
    best
}

/// The bundled book copied `times` times into `dir`, each copy's systems under
/// new names (`action` -> `action-x3`), so that every copy compiles beside the others.
fn synthetic_book(spec: &Path, dir: &Path, times: usize) -> PathBuf {
    let root = dir.join(format!("x{times}"));
    let systems = codegen::spec_files(spec).expect("list spec/");
    for copy in 0..times {
        for (system, chapters) in &systems {
            let name = format!("{system}-x{copy}");
            let folder = root.join(&name);
            std::fs::create_dir_all(&folder).expect("create a system folder");
            for path in chapters {
                let text = std::fs::read_to_string(path).expect("read a chapter");
                let text = text.replacen(
                    &format!("system = \"{system}\""),
                    &format!("system = \"{name}\""),
                    1,
                );
                let file = path.file_name().expect("a chapter file");
                std::fs::write(folder.join(file), text).expect("write a chapter");
            }
        }
    }
    root
}

/// The text of every chapter under `spec`.
fn chapters(spec: &Path) -> Vec<String> {
    let systems = codegen::spec_files(spec).expect("list the book");
    systems
        .iter()
        .flat_map(|(_, paths)| paths)
        .map(|p| std::fs::read_to_string(p).expect("read a chapter"))
        .collect()
}

/// pulldown-cmark alone over every chapter, with the options the compiler uses.
fn bare_parse(texts: &[String]) {
    for text in texts {
        let parser = pulldown_cmark::Parser::new_ext(text, codegen::markdown_options());
        for event in parser.into_offset_iter() {
            black_box(event);
        }
    }
}

fn read(spec: &Path) -> codegen::Sources {
    codegen::load::read_spec(spec, spec).unwrap_or_else(|d| panic!("read the book: {d}"))
}

fn compile(sources: &codegen::Sources) -> Book {
    codegen::compile_sources(sources).unwrap_or_else(|d| panic!("the book must compile:\n{d}"))
}

/// Times each phase on the book under `spec` and prints it beside the bare parse.
/// Compiling is timed on sources already in memory, as the bare parse is, and
/// with no other compiled book alive; dropping the book it builds is timed.
fn measure(label: &str, spec: &Path) {
    let texts = chapters(spec);
    let bytes: usize = texts.iter().map(String::len).sum();
    let parse = best(|| bare_parse(&texts));
    let reading = best(|| drop(black_box(read(spec))));
    let sources = read(spec);
    let compiling = best(|| drop(black_box(compile(&sources))));
    let book = compile(&sources);
    let phases = [
        ("read files", reading),
        ("compile (parse+check)", compiling),
        (
            "  on one thread",
            best(|| drop(black_box(codegen::compile_sources_on(&sources, 1)))),
        ),
        (
            "emit Rust (build)",
            best(|| drop(black_box(codegen::emit::rust::generate(&book)))),
        ),
        (
            "  its tokens (quote)",
            best(|| drop(black_box(codegen::emit::rust::rust_tokens(&book)))),
        ),
        (
            "readable Rust (not built)",
            best(|| drop(black_box(codegen::emit::rust::readable_module(&book)))),
        ),
        (
            "emit case files",
            best(|| drop(black_box(codegen::emit::cases::case_files(&book)))),
        ),
    ];
    let mb = bytes as f64 / f64::from(1 << 20);
    println!("{label} ({mb:.1} MB, {} chapters)", texts.len());
    println!("  {:<26} {:>10.2?}   1.0×", "pulldown-cmark parse", parse);
    for (name, time) in phases {
        let ratio = time.as_secs_f64() / parse.as_secs_f64();
        println!("  {name:<26} {time:>10.2?} {ratio:>6.1}×");
    }
}

/// One run of every phase, untimed: what `cargo test --benches` checks.
fn smoke(spec: &Path) {
    bare_parse(&chapters(spec));
    let book = compile(&read(spec));
    assert!(
        codegen::emit::rust::generate(&book)
            .code
            .contains("pub mod registry")
    );
    assert!(codegen::emit::rust::readable_module(&book).contains("pub mod registry"));
    assert!(!codegen::emit::cases::case_files(&book).is_empty());
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root");
    let spec = root.join("spec");
    if !std::env::args().any(|a| a == "--bench") {
        smoke(&spec);
        return;
    }
    // `cargo bench --bench compile -- 10×` measures only the books whose label holds `10×`.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wanted = |label: &str| only.is_empty() || only.iter().any(|w| label.contains(w.as_str()));
    if wanted("bundled book") {
        measure("bundled book", &spec);
    }
    let dir = std::env::temp_dir().join(format!("codegen-compile-{}", std::process::id()));
    for times in [10, 100]
        .into_iter()
        .filter(|t| wanted(&format!("{t}× book")))
    {
        let book = synthetic_book(&spec, &dir, times);
        measure(&format!("{times}× book"), &book);
        std::fs::remove_dir_all(&book).expect("remove a synthetic book");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
