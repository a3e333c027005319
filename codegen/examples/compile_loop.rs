//! `cargo run --release -p codegen --example compile_loop -- <spec dir> <times>`:
//! reads a book once, then compiles it over and over and nothing else, so that
//! a profiler (`perf record --call-graph dwarf`) sees the front end alone, as
//! the bench's compile line times it.

fn main() {
    let mut args = std::env::args().skip(1);
    let spec = std::path::PathBuf::from(args.next().unwrap_or_else(|| "spec".into()));
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let sources = codegen::load::read_spec(&spec, &spec).unwrap_or_else(|d| panic!("{d}"));
    for _ in 0..times {
        let book = codegen::compile_sources(&sources).unwrap_or_else(|d| panic!("{d}"));
        std::hint::black_box(book);
    }
}
