//! Input that used to crash the compiler (the chapters of it are UI tests): a
//! folder of `spec/` that cannot be a system is a diagnostic now, and never
//! reaches the emitter.

use super::*;

/// The fixture's front matter, with the system `system`.
fn front_of(system: &str) -> String {
    common::FRONT.replace("\"demo\"", &format!("\"{system}\""))
}

/// A folder of `spec/` that cannot be a system is reported as such, even when
/// empty (it used to reach the emitter and crash it).
#[test]
fn a_system_folder_rust_cannot_name_is_reported() {
    let text = front_of("Bad System") + "\n# Demo {#demo}\n";
    let files: &[(&str, &[u8])] = &[
        ("spec/Bad System/demo.md", text.as_bytes()),
        ("spec/super/.keep", b""),
    ];
    let result = common::in_folder("diagnostics", "bad_folders", files, |dir| {
        codegen::compile_dir(&dir.join("spec"), dir)
    });
    let diags = result.expect_err("the folders cannot be systems").0;
    let messages: Vec<String> = diags.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "spec/Bad System:1:1: error[E0004]: `Bad System` is not a valid system id: ids are kebab-case, a lowercase letter, then lowercase letters, digits and single dashes",
            "spec/super:1:1: error[E0004]: `super` is a Rust path keyword, which nothing can be named, not even as `r#super`",
        ]
    );
}
