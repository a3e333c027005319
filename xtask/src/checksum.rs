//! The checksum of an item's source text: SHA-256, as 64 hex digits, so that
//! no edit can be made to keep a stamped checksum. It is taken over the text
//! as [`normalised`]: a checkout with CRLF line ends or an added blank line at
//! the end leaves it unchanged.

use sha2::{Digest, Sha256};

/// `text` without carriage returns and trailing whitespace: what a checksum
/// covers and what a stamp keeps.
pub fn normalised(text: &str) -> String {
    text.trim_end().replace('\r', "")
}

pub fn checksum(text: &str) -> String {
    Sha256::digest(normalised(text))
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::checksum;

    #[test]
    fn matches_the_published_sha_256_vectors() {
        assert_eq!(
            checksum(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            checksum("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn ignores_carriage_returns_and_trailing_whitespace() {
        assert_eq!(checksum("a\r\nb\r\n\r\n"), checksum("a\nb"));
        assert_ne!(checksum("a\nb"), checksum("a\n\nb"));
    }
}
