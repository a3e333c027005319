//! Compiles `spec/` into `$OUT_DIR/spec.rs` (tables, rule signatures, registry),
//! which `src/lib.rs` includes as `crate::spec`. Reruns only when a spec file or
//! this script changes (and, through the build-dependency, when codegen does).

use std::path::Path;

fn main() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = manifest.parent().unwrap_or(manifest);
    let spec = workspace.join("spec");
    println!("cargo::rerun-if-changed={}", spec.display());
    println!("cargo::rerun-if-changed=build.rs");
    let book = match codegen::compile_dir(&spec, workspace) {
        Ok(book) => book,
        Err(diags) => {
            eprintln!("{}", diags.render());
            std::process::exit(1);
        }
    };
    let out = Path::new(&std::env::var_os("OUT_DIR").unwrap_or_default()).join("spec.rs");
    let code = codegen::emit::rust::rust_module(&book);
    // Rewrite only on change, so an unchanged spec leaves `rules` fresh.
    if std::fs::read_to_string(&out).ok().as_deref() != Some(code.as_str())
        && let Err(e) = std::fs::write(&out, code)
    {
        eprintln!("cannot write {}: {e}", out.display());
        std::process::exit(1);
    }
}
