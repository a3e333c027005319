fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap();
    let spec = root.join("spec");
    for _ in 0..300 {
        std::hint::black_box(codegen::compile_dir(&spec, root).unwrap());
    }
}
