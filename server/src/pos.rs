//! Places as the protocol names them: `file://` URIs, and positions of
//! 0-based lines with columns in UTF-16 code units (LSP's default), to and
//! from the byte offsets of codegen's spans.

use std::path::{Path, PathBuf};

use codegen::SourceFile;
use codegen::source::Span;
use lsp_types::{Location, Position, Range, Uri};

/// The position of byte `offset` of `text`.
pub fn position(text: &str, offset: usize) -> Position {
    let offset = text.floor_char_boundary(offset.min(text.len()));
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Position {
        line: before.matches('\n').count() as u32,
        character: before[line_start..].encode_utf16().count() as u32,
    }
}

/// The byte offset of `pos` in `text`, clamped to its line and the text.
pub fn offset(text: &str, pos: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..pos.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line = text[line_start..].split('\n').next().unwrap_or("");
    let mut units = 0;
    for (i, c) in line.char_indices() {
        if units >= pos.character as usize {
            return line_start + i;
        }
        units += c.len_utf16();
    }
    line_start + line.len()
}

/// Puts `new` in place of `range` of `text` (an incremental change), its
/// positions clamped as [`offset`] clamps them; a range that ends before it
/// starts names no text, and is refused.
pub fn replace(text: &mut String, range: Range, new: &str) -> Result<(), String> {
    let (start, end) = (offset(text, range.start), offset(text, range.end));
    if end < start {
        return Err(format!(
            "its range ends ({}:{}) before it starts ({}:{})",
            range.end.line, range.end.character, range.start.line, range.start.character
        ));
    }
    text.replace_range(start..end, new);
    Ok(())
}

pub fn range(text: &str, span: &Span) -> Range {
    Range::new(
        position(text, span.start),
        position(text, span.end.max(span.start)),
    )
}

/// How a buffer's latest text differs from an older one the server still
/// answers from (a chapter's last state that compiled): the two agree up to
/// `start`, and from `old_end` of the old (`new_end` of the new) to the end.
pub struct Drift<'a> {
    pub old: &'a str,
    pub new: &'a str,
    start: usize,
    old_end: usize,
    new_end: usize,
}

impl<'a> Drift<'a> {
    pub fn new(old: &'a str, new: &'a str) -> Drift<'a> {
        let same = |a: u8, b: u8| a == b;
        let start = old
            .bytes()
            .zip(new.bytes())
            .take_while(|&(a, b)| same(a, b));
        // Where both agree byte for byte, a character boundary of one is one of the other.
        let start = old.floor_char_boundary(start.count());
        let room = old.len().min(new.len()) - start;
        let tail = old.bytes().rev().zip(new.bytes().rev()).take(room);
        let old_end =
            old.ceil_char_boundary(old.len() - tail.take_while(|&(a, b)| same(a, b)).count());
        let new_end = new.len() - (old.len() - old_end);
        Drift {
            old,
            new,
            start,
            old_end,
            new_end,
        }
    }

    /// The old text's offset of the new text's `at`; none inside the change.
    pub fn to_old(&self, at: usize) -> Option<usize> {
        if at < self.start {
            Some(at)
        } else {
            (at >= self.new_end).then(|| at - self.new_end + self.old_end)
        }
    }

    /// `range` of the old text as the new text has it; none when an end of
    /// it is inside the change.
    pub fn to_new(&self, range: Range) -> Option<Range> {
        let moved = |p: Position| {
            let at = offset(self.old, p);
            let at = if at < self.start {
                at
            } else if at >= self.old_end {
                at - self.old_end + self.new_end
            } else {
                return None;
            };
            Some(position(self.new, at))
        };
        Some(Range::new(moved(range.start)?, moved(range.end)?))
    }
}

/// The location of `span` in `file`, whose path is relative to `root`.
pub fn location(root: &Path, file: &SourceFile, span: &Span) -> Location {
    Location::new(uri(&root.join(&file.path)), range(&file.text, span))
}

/// The `file://` URI of an absolute path, with every byte outside the
/// unreserved set and `/` percent-encoded.
pub fn uri(path: &Path) -> Uri {
    let mut out = String::from("file://");
    for b in path.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out.parse().expect("an encoded path is a URI")
}

/// The path of a `file://` URI, percent-decoded; none for another scheme.
pub fn path(uri: &Uri) -> Option<PathBuf> {
    let encoded = uri.as_str().strip_prefix("file://")?;
    let bytes = encoded.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drift_maps_what_is_outside_the_change_and_nothing_inside() {
        let old = "ab\ncd\nef\n";
        let new = "ab\nc+d\nef\n";
        let drift = Drift::new(old, new);
        assert_eq!(drift.to_old(1), Some(1), "before the change");
        assert_eq!(drift.to_old(4), None, "the inserted `+`");
        assert_eq!(drift.to_old(8), Some(7), "the `f` after it");
        let line = |l, a, b| Range::new(Position::new(l, a), Position::new(l, b));
        assert_eq!(drift.to_new(line(2, 0, 2)), Some(line(2, 0, 2)));
        assert_eq!(drift.to_new(line(0, 0, 2)), Some(line(0, 0, 2)));
        assert_eq!(
            drift.to_new(line(1, 0, 2)),
            Some(line(1, 0, 3)),
            "a range around the change grows with it"
        );
        let replaced = Drift::new("abXcd", "abYYcd");
        assert_eq!(replaced.to_new(line(0, 2, 3)), None, "the replaced `X`");
        assert_eq!(replaced.to_new(line(0, 3, 5)), Some(line(0, 4, 6)));
        let same = Drift::new(old, old);
        assert_eq!(same.to_old(5), Some(5));
        let short = Drift::new("aé", "a");
        assert_eq!(short.to_old(1), Some(3), "the end, after where `é` was");
    }

    #[test]
    fn positions_count_utf16_units_and_round_trip() {
        let text = "a–b\n½x\nlast";
        let at = text.find('x').unwrap();
        let p = position(text, at);
        assert_eq!((p.line, p.character), (1, 1));
        assert_eq!(offset(text, p), at);
        assert_eq!(offset(text, Position::new(0, 99)), text.find('\n').unwrap());
        assert_eq!(offset(text, Position::new(9, 0)), text.len());
    }

    #[test]
    fn a_change_replaces_its_range_counted_in_utf16_units() {
        let mut text = String::from("a😀b\nc–d\n");
        // `b` is at unit 3 of line 0: the emoji takes two.
        replace(
            &mut text,
            Range::new(Position::new(0, 3), Position::new(1, 1)),
            "X",
        )
        .unwrap();
        assert_eq!(text, "a😀X–d\n");
        replace(
            &mut text,
            Range::new(Position::new(0, 9), Position::new(5, 0)),
            "!",
        )
        .unwrap();
        assert_eq!(
            text, "a😀X–d!",
            "past the end of a line or the text: clamped"
        );
        let reversed = Range::new(Position::new(0, 2), Position::new(0, 1));
        assert!(replace(&mut text, reversed, "?").is_err());
        assert_eq!(text, "a😀X–d!", "a refused change changes nothing");
    }

    #[test]
    fn a_path_with_spaces_round_trips_through_its_uri() {
        let p = Path::new("/tmp/a b/ch–1.md");
        let u = uri(p);
        assert_eq!(u.as_str(), "file:///tmp/a%20b/ch%E2%80%931.md");
        assert_eq!(path(&u).as_deref(), Some(p));
    }
}
