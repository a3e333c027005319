//! The checksum of an item's source text: FNV-1a over 64 bits, as 16 hex digits.
//! It is stable across platforms and releases (no std hasher), and it ignores
//! carriage returns and trailing whitespace, so a checkout with CRLF line ends or
//! an added blank line leaves it unchanged.

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

pub fn checksum(text: &str) -> String {
    let hash = text
        .trim_end()
        .bytes()
        .filter(|&b| b != b'\r')
        .fold(OFFSET_BASIS, |h, b| (h ^ u64::from(b)).wrapping_mul(PRIME));
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::checksum;

    #[test]
    fn matches_the_published_fnv_1a_64_vectors() {
        assert_eq!(checksum(""), "cbf29ce484222325");
        assert_eq!(checksum("a"), "af63dc4c8601ec8c");
        assert_eq!(checksum("foobar"), "85944171f73967e8");
    }

    #[test]
    fn ignores_carriage_returns_and_trailing_whitespace() {
        assert_eq!(checksum("a\r\nb\r\n\r\n"), checksum("a\nb"));
        assert_ne!(checksum("a\nb"), checksum("a\n\nb"));
    }
}
