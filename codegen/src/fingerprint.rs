//! The short names the tools give a text so that they can tell two apart:
//! `rules` is built with the fingerprint of its tables and of its sources,
//! and a tool that runs the resolver compares them with the book it holds.
//! Below emit and syntax, which both take fingerprints.

/// A short name for `code` (FNV-1a, 64 bits, in hex): `rules` is built with
/// the fingerprint of its tables ([`crate::emit::rust::fingerprint`]) and of its sources,
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
