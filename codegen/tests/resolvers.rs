//! `codegen::resolvers::missing`, the check `rules/build.rs` runs before rustc
//! sees the registry: a small book of two rules (`roll`, `match`) against
//! resolver sources written to a scratch `src/` folder, one test per way a
//! resolver function can be missing.

mod common;

use std::path::PathBuf;

use codegen::{Book, Diagnostic};

/// Two rules of chapter `demo` of system `demo`; `roll`'s block opens on line 12.
fn book() -> Book {
    common::compile("resolvers", "book", &chapter()).unwrap_or_else(|d| panic!("{d}"))
}

/// The chapter of [`book`].
fn chapter() -> String {
    let body = r#"
# Demo {#demo}

```rule roll
[given]
x = "int"
[outputs]
y = "int"
```

```rule match
[given]
x = "int"
[outputs]
y = "int"
```
"#;
    format!("{}{body}", common::FRONT)
}

/// A scratch folder holding `src/` with `files` (path, text), removed when dropped.
struct Src(PathBuf);

impl Src {
    fn new(test: &str, files: &[(&str, &str)]) -> Src {
        let dir =
            std::env::temp_dir().join(format!("codegen-resolvers-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join("src").join(path);
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("create a folder");
            std::fs::write(path, text).expect("write a source file");
        }
        Src(dir)
    }

    fn missing(&self) -> Vec<Diagnostic> {
        codegen::resolvers::missing(&book(), &self.0.join("src"), &self.0).0
    }
}

impl Drop for Src {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const LIB: (&str, &str) = ("lib.rs", "pub mod demo;\n");
const SYSTEM: (&str, &str) = ("demo/mod.rs", "pub mod demo;\n");
const BOTH: &str = "use crate::spec::demo::demo::{r#match, roll};\n\
    pub fn roll(g: &roll::Given, t: &mut Trace) -> Result<roll::Outcome, RuleError> { todo!() }\n\
    pub fn r#match(g: &r#match::Given, t: &mut Trace) -> Result<r#match::Outcome, RuleError> { todo!() }\n";

/// The one diagnostic, for rule `roll`, at its block; its rendering.
fn only_roll(diags: &[Diagnostic]) -> String {
    assert_eq!(diags.len(), 1, "{diags:?}");
    let d = &diags[0];
    assert_eq!(d.location(), "demo.md:12:1");
    let rendered = d.render();
    assert!(
        rendered.contains(
            "pub fn roll(g: &roll::Given, t: &mut Trace) -> Result<roll::Outcome, RuleError>"
        ) && rendered.contains("`use crate::spec::demo::demo::roll;`"),
        "{rendered}"
    );
    rendered
}

#[test]
fn every_function_there_is_no_error() {
    let src = Src::new("all", &[LIB, SYSTEM, ("demo/demo.rs", BOTH)]);
    assert!(src.missing().is_empty(), "{:?}", src.missing());
}

#[test]
fn a_missing_function_is_named_with_its_signature_and_file() {
    let without_roll = BOTH.replace("pub fn roll", "pub fn rolled");
    let src = Src::new("fn", &[LIB, SYSTEM, ("demo/demo.rs", &without_roll)]);
    let diags = src.missing();
    let rendered = only_roll(&diags);
    assert_eq!(
        diags[0].message,
        "rule `demo.roll` has no resolver function"
    );
    for needle in [
        "the registry calls `rules::demo::demo::roll`, which src/demo/demo.rs does not define",
        "add to src/demo/demo.rs:",
    ] {
        assert!(rendered.contains(needle), "no `{needle}` in:\n{rendered}");
    }
}

#[test]
fn a_private_function_is_named_as_private() {
    let private = BOTH.replace("pub fn roll", "fn roll");
    let src = Src::new("private", &[LIB, SYSTEM, ("demo/demo.rs", &private)]);
    let diags = src.missing();
    let rendered = only_roll(&diags);
    assert_eq!(
        diags[0].message,
        "the resolver function of rule `demo.roll` is private"
    );
    assert!(
        rendered.contains("make it `pub` in src/demo/demo.rs"),
        "{rendered}"
    );
}

#[test]
fn a_missing_chapter_module_says_which_file_to_create_and_where_to_declare_it() {
    let src = Src::new("chapter", &[LIB, ("demo/mod.rs", "")]);
    let diags = src.missing();
    assert_eq!(diags.len(), 2, "one for each rule: {diags:?}");
    assert_eq!(
        diags[0].message,
        "rule `demo.roll` of system `demo` has no resolver function: there is no module `rules::demo::demo`"
    );
    let rendered = diags[0].render();
    assert!(
        rendered.contains("create src/demo/demo.rs and declare `pub mod demo;` in src/demo/mod.rs"),
        "{rendered}"
    );
    // A keyword rule name is a raw identifier, as the registry writes it.
    assert!(
        diags[1]
            .render()
            .contains("pub fn r#match(g: &r#match::Given"),
        "{}",
        diags[1].render()
    );
}

#[test]
fn a_missing_system_module_says_which_file_to_create_and_where_to_declare_it() {
    let src = Src::new("system", &[("lib.rs", "pub mod other;\n")]);
    let diags = src.missing();
    assert_eq!(diags.len(), 2, "{diags:?}");
    let rendered = diags[0].render();
    assert!(
        rendered.contains(
            "create src/demo/mod.rs and declare `pub mod demo;` in src/lib.rs; \
             then create src/demo/demo.rs and declare `pub mod demo;` in src/demo/mod.rs"
        ),
        "{rendered}"
    );
}

#[test]
fn a_re_export_counts_and_what_a_macro_may_declare_is_left_to_rustc() {
    let reexport = "pub use super::other::{r#match, roll as roll};\n";
    let src = Src::new("reexport", &[LIB, SYSTEM, ("demo/demo.rs", reexport)]);
    assert!(src.missing().is_empty(), "{:?}", src.missing());
    let generated = "make_rules!(roll, r#match);\n";
    let src = Src::new("macro", &[LIB, SYSTEM, ("demo/demo.rs", generated)]);
    assert!(src.missing().is_empty(), "{:?}", src.missing());
    // A file that does not parse is rustc's to report.
    let src = Src::new("broken", &[LIB, SYSTEM, ("demo/demo.rs", "pub fn roll(")]);
    assert!(src.missing().is_empty(), "{:?}", src.missing());
}

/// The pipeline `rules/build.rs` runs stops at a missing resolver, and emits
/// the Rust once every rule has one.
#[test]
fn the_pipeline_emits_only_when_every_rule_has_its_resolver() {
    let run = |test: &str, module: &str| {
        let src = Src::new(test, &[LIB, SYSTEM, ("demo/demo.rs", module)]);
        let spec = src.0.join("spec");
        std::fs::create_dir_all(spec.join("demo")).expect("create the system folder");
        std::fs::write(spec.join("demo/demo.md"), chapter()).expect("write the chapter");
        codegen::rust_of_spec(&spec, &src.0.join("src"), &src.0).map(|g| g.code)
    };
    let without_roll = BOTH.replace("pub fn roll", "fn roll");
    let missing = run("pipeline_missing", &without_roll).expect_err("`roll` is hidden");
    assert_eq!(missing.0.len(), 1, "{missing}");
    assert_eq!(missing.0[0].location(), "spec/demo/demo.md:12:1");
    let rust = run("pipeline_whole", BOTH).unwrap_or_else(|d| panic!("{d}"));
    assert!(rust.contains("pub mod registry"), "{rust}");
}
