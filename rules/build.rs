//! Compiles `spec/` into `$OUT_DIR/spec.rs` (tables, rule signatures, registry),
//! which `src/lib.rs` includes as `crate::spec`, after checking that `src/`
//! has the resolver function of every rule (`codegen::resolvers`). Reruns only
//! when a spec file, a source file or this script changes (and, through the
//! build-dependency, when codegen does).
//!
//! `RULES_SPEC_DIR` names another spec folder: the language server builds the
//! resolver of the book in its editor's buffers that way, in a target folder
//! of its own. `RULES_SPEC_FINGERPRINT` and `RULES_SOURCES_FINGERPRINT` tell the built
//! crate which tables and which resolver code it holds, and `RULES_SPEC_SHAPE`
//! which books it can judge with their own rows tables' cells (`codegen::emit::rust::Shape`).

use std::path::Path;

fn main() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = manifest.parent().unwrap_or(manifest);
    println!("cargo::rerun-if-env-changed=RULES_SPEC_DIR");
    let spec =
        std::env::var_os("RULES_SPEC_DIR").map_or_else(|| workspace.join("spec"), Into::into);
    let shown_from = spec.parent().unwrap_or(workspace);
    println!("cargo::rerun-if-changed={}", spec.display());
    println!("cargo::rerun-if-changed=build.rs");
    let src = manifest.join("src");
    println!("cargo::rerun-if-changed={}", src.display());
    let codegen::emit::rust::Generated {
        code,
        fingerprint,
        shape,
    } = match codegen::rust_of_spec(&spec, &src, shown_from) {
        Ok(generated) => generated,
        Err(diags) => {
            eprintln!("{}", diags.render());
            std::process::exit(1);
        }
    };
    let out = Path::new(&std::env::var_os("OUT_DIR").unwrap_or_default()).join("spec.rs");
    println!("cargo::rustc-env=RULES_SPEC_FINGERPRINT={fingerprint}");
    println!("cargo::rustc-env=RULES_SPEC_SHAPE={shape}");
    let sources = codegen::sources_fingerprint(&src).unwrap_or_default();
    println!("cargo::rustc-env=RULES_SOURCES_FINGERPRINT={sources}");
    // Rewrite only on change, so an unchanged spec leaves `rules` fresh.
    if std::fs::read_to_string(&out).ok().as_deref() != Some(code.as_str())
        && let Err(e) = std::fs::write(&out, code)
    {
        eprintln!("cannot write {}: {e}", out.display());
        std::process::exit(1);
    }
}
