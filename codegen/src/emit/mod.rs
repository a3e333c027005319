//! What the compiler writes: Rust for `rules/build.rs`, case files and property
//! files for `cargo xtask regen`.

pub mod cases;
pub mod properties;
pub mod rust;

/// A file `regen` writes: its path under its folder (`conformance/cases/` or
/// `conformance/properties/`) and its whole text.
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratedFile {
    pub path: std::path::PathBuf,
    pub text: String,
}
