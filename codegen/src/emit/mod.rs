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

/// A short name for `code` (FNV-1a, 64 bits, in hex): `rules` is built with
/// the fingerprint of its tables ([`rust::fingerprint`]) and of its sources,
/// so a tool that runs the resolver can tell whether the book it holds is
/// the one compiled in.
pub fn fingerprint(code: &str) -> String {
    let mut hash = Fingerprint::default();
    hash.feed(code);
    hash.hex()
}

/// [`fingerprint`] fed a piece at a time, as a `fmt::Write`: the generated
/// module's fingerprint is written into it token by token, with no text built.
pub(crate) struct Fingerprint(u64);

impl Default for Fingerprint {
    fn default() -> Self {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }
}

impl Fingerprint {
    pub(crate) fn feed(&mut self, text: &str) {
        self.0 = text.bytes().fold(self.0, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    }

    pub(crate) fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

impl std::fmt::Write for Fingerprint {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        self.feed(text);
        Ok(())
    }
}

/// The fingerprint of the resolver's sources under `src` (every `.rs` file,
/// by its path from `src` and its text), so that a binary built from other
/// code than the workspace now holds can tell; `None` when one cannot be read.
pub fn sources_fingerprint(src: &std::path::Path) -> Option<String> {
    let files = crate::rust_files(src).ok()?;
    let mut all = String::new();
    for file in files {
        let text = std::fs::read_to_string(&file).ok()?;
        let rel = file.strip_prefix(src).unwrap_or(&file);
        all.push_str(&format!("{}\0{text}\0", rel.display()));
    }
    Some(fingerprint(&all))
}

#[cfg(test)]
mod tests {
    use super::sources_fingerprint;

    #[test]
    fn the_sources_fingerprint_follows_every_rust_file_and_only_those() {
        let dir = std::env::temp_dir().join(format!("codegen-sources-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sys")).unwrap();
        std::fs::write(dir.join("lib.rs"), "pub mod sys;\n").unwrap();
        std::fs::write(dir.join("sys/mod.rs"), "pub fn f() {}\n").unwrap();
        let before = sources_fingerprint(&dir);
        std::fs::write(dir.join("notes.txt"), "not code").unwrap();
        let with_notes = sources_fingerprint(&dir);
        std::fs::write(dir.join("sys/mod.rs"), "pub fn f() { g() }\n").unwrap();
        let edited = sources_fingerprint(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(before.is_some());
        assert_eq!(before, with_notes);
        assert_ne!(before, edited);
    }
}
