//! What the compiler writes: Rust for `rules/build.rs`, case files and property
//! files for `cargo xtask regen`.

pub mod cases;
pub mod properties;
pub mod rust;

/// A short name for the generated Rust module `code` (FNV-1a, 64 bits, in hex):
/// `rules` is built with the fingerprint of its tables, so a tool that runs
/// the resolver can tell whether the book it holds is the one compiled in.
pub fn fingerprint(code: &str) -> String {
    let hash = code.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{hash:016x}")
}
