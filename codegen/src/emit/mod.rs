//! What the compiler writes: Rust for `rules/build.rs`, case files and property
//! files for `cargo xtask regen`.

pub mod cases;
pub mod properties;
pub mod rust;
