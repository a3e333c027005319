//! The fast reader. It reads a subset of TOML into a [`Table`] with the spans
//! the `toml` crate gives, and returns `None` on anything else: a construct
//! outside the subset (quoted or dotted keys, multi-line strings, escapes other
//! than `\"`, `\\`, `\n` and `\t`, numbers other than plain decimals, dates,
//! a table defined in two places) or a mistake, both of which `toml` then reads.
//! Declining is always safe; reading something `toml` would read differently
//! is the one thing this module must never do (its tests compare the two).
//! Every table, array and list of keys it builds lives in the caller's arena.

use std::borrow::Cow;
use std::ops::Range;

use super::{ArenaVec, Bump, Entry, Spanned, Table, Value};

/// Entries a table may hold before the body is left to `toml`: a duplicate key
/// is found by scanning the table, so the scan stays short.
const MAX_ENTRIES: usize = 64;
/// Room a header's table and the root start with: most blocks' tables hold
/// fewer keys, so few of them move as they grow.
const TABLE_CAPACITY: usize = 8;
/// Arrays and inline tables nested deeper than this are left to `toml`.
const MAX_DEPTH: usize = 8;

/// `body` as a table in `arena`, if it lies within the subset and is well formed.
pub fn read<'a>(body: &'a str, arena: &'a Bump) -> Option<Table<'a>> {
    let mut r = Reader {
        text: body,
        at: 0,
        arena,
    };
    let mut doc = Document {
        root: Table::with_capacity_in(TABLE_CAPACITY, arena),
        header: None,
        implicit: ArenaVec::new_in(arena),
        arrays: ArenaVec::new_in(arena),
    };
    loop {
        r.blank_lines()?;
        match r.peek() {
            None => break,
            Some(b'[') => {
                doc.finish_header()?;
                doc.header = Some(r.header()?);
            }
            Some(_) => {
                let (key, value) = r.key_value(0)?;
                let table = match &mut doc.header {
                    Some(h) => &mut h.table,
                    None => &mut doc.root,
                };
                insert(table, key, value)?;
            }
        }
        r.line_end()?;
    }
    doc.finish_header()?;
    Some(doc.root)
}

/// Adds an entry, unless its key is taken or the table is long.
fn insert<'a>(
    table: &mut Table<'a>,
    key: Spanned<Cow<'a, str>>,
    value: Spanned<Value<'a>>,
) -> Option<()> {
    if table.len() >= MAX_ENTRIES || table.iter().any(|(k, _)| k.value == key.value) {
        return None;
    }
    table.push((key, value));
    Some(())
}

/// A `[key]`, `[parent.key]` or `[[key]]` header and the entries under it,
/// which join the root when the next header starts, as in `toml`.
struct Header<'a> {
    span: Range<usize>,
    parent: Option<Spanned<&'a str>>,
    key: Spanned<&'a str>,
    is_array: bool,
    table: Table<'a>,
}

struct Document<'a> {
    root: Table<'a>,
    header: Option<Header<'a>>,
    /// Root tables made by naming them as a parent (`errata` in `[errata.x]`).
    implicit: ArenaVec<'a, &'a str>,
    /// Root arrays made by `[[key]]`.
    arrays: ArenaVec<'a, &'a str>,
}

impl<'a> Document<'a> {
    fn finish_header(&mut self) -> Option<()> {
        let Some(h) = self.header.take() else {
            return Some(());
        };
        let key = Spanned::new(h.key.span(), Cow::Borrowed(h.key.value));
        let table = Spanned::new(h.span.clone(), Value::Table(h.table));
        if let Some(parent) = h.parent {
            return insert(self.parent(parent)?, key, table);
        }
        if !h.is_array {
            return insert(&mut self.root, key, table);
        }
        match self.position(h.key.value) {
            Some(i) if self.arrays.contains(&h.key.value) => match &mut self.root[i].1.value {
                Value::Array(items) => items.push(table),
                _ => return None,
            },
            Some(_) => return None,
            None => {
                self.arrays.push(h.key.value);
                let items = bumpalo::vec![in self.root.bump(); table];
                insert(
                    &mut self.root,
                    key,
                    Spanned::new(h.span, Value::Array(items)),
                )?;
            }
        }
        Some(())
    }

    /// The root table `parent` names, made (implicitly) on first mention.
    fn parent(&mut self, parent: Spanned<&'a str>) -> Option<&mut Table<'a>> {
        let i = match self.position(parent.value) {
            Some(i) if self.implicit.contains(&parent.value) => i,
            Some(_) => return None,
            None => {
                self.implicit.push(parent.value);
                let key = Spanned::new(parent.span(), Cow::Borrowed(parent.value));
                let table = Table::new_in(self.root.bump());
                let value = Spanned::new(parent.span(), Value::Table(table));
                insert(&mut self.root, key, value)?;
                self.root.len() - 1
            }
        };
        match &mut self.root[i].1.value {
            Value::Table(t) => Some(t),
            _ => None,
        }
    }

    fn position(&self, key: &str) -> Option<usize> {
        self.root.iter().position(|(k, _)| k.value == key)
    }
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
    arena: &'a Bump,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn byte_at(&self, at: usize) -> Option<u8> {
        self.text.as_bytes().get(at).copied()
    }

    fn eat(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// Moves past the bytes that `keep` holds for.
    fn skip_while(&mut self, keep: impl Fn(u8) -> bool) {
        let rest = &self.text.as_bytes()[self.at..];
        self.at += rest.iter().position(|&b| !keep(b)).unwrap_or(rest.len());
    }

    fn spaces(&mut self) {
        self.skip_while(|b| b == b' ' || b == b'\t');
    }

    /// A line break (`\n` or `\r\n`), if one is next.
    fn line_break(&mut self) -> bool {
        let len = match (self.peek(), self.byte_at(self.at + 1)) {
            (Some(b'\n'), _) => 1,
            (Some(b'\r'), Some(b'\n')) => 2,
            _ => return false,
        };
        self.at += len;
        true
    }

    /// A `#` comment up to the line break, if one is next.
    fn comment(&mut self) -> Option<()> {
        if self.peek() != Some(b'#') {
            return Some(());
        }
        self.skip_while(|b| is(b, COMMENT)); // a line break is a control character
        match (self.peek(), self.byte_at(self.at + 1)) {
            (None | Some(b'\n'), _) | (Some(b'\r'), Some(b'\n')) => Some(()),
            _ => None,
        }
    }

    /// Spaces, comments and line breaks.
    fn blank_lines(&mut self) -> Option<()> {
        loop {
            self.spaces();
            self.comment()?;
            if !self.line_break() {
                return Some(());
            }
        }
    }

    /// The end of a line that held a key or a header: spaces, a comment, then
    /// a line break or the end of the body.
    fn line_end(&mut self) -> Option<()> {
        self.spaces();
        self.comment()?;
        (self.peek().is_none() || self.line_break()).then_some(())
    }

    fn bare_key(&mut self) -> Option<Spanned<&'a str>> {
        let start = self.at;
        self.skip_while(|b| is(b, KEY));
        (self.at > start).then(|| Spanned::new(start..self.at, &self.text[start..self.at]))
    }

    fn header(&mut self) -> Option<Header<'a>> {
        let start = self.at;
        let is_array = self.text[self.at..].starts_with("[[");
        self.at += if is_array { 2 } else { 1 };
        let mut key = self.bare_key()?;
        let mut parent = None;
        if !is_array && self.peek() == Some(b'.') {
            self.at += 1;
            parent = Some(std::mem::replace(&mut key, self.bare_key()?));
        }
        self.eat(b']')?;
        if is_array {
            self.eat(b']')?;
        }
        Some(Header {
            span: start..self.at,
            parent,
            key,
            is_array,
            table: Table::with_capacity_in(TABLE_CAPACITY, self.arena),
        })
    }

    fn key_value(&mut self, depth: usize) -> Option<Entry<'a>> {
        let key = self.bare_key()?;
        self.spaces();
        self.eat(b'=')?;
        self.spaces();
        let value = self.value(depth)?;
        Some((Spanned::new(key.span(), Cow::Borrowed(key.value)), value))
    }

    fn value(&mut self, depth: usize) -> Option<Spanned<Value<'a>>> {
        match self.peek()? {
            b'"' => self.basic_string(),
            b'\'' => self.literal_string(),
            b'[' if depth < MAX_DEPTH => self.array(depth + 1),
            b'{' if depth < MAX_DEPTH => self.inline_table(depth + 1),
            b'[' | b'{' => None,
            _ => self.scalar(),
        }
    }
}

/// Values: strings, numbers and booleans, arrays and inline tables.
impl<'a> Reader<'a> {
    /// `"…"`; the text is borrowed unless an escape makes it differ.
    fn basic_string(&mut self) -> Option<Spanned<Value<'a>>> {
        let start = self.at;
        self.at += 1;
        if self.text[self.at..].starts_with("\"\"") {
            return None; // a multi-line string
        }
        let mut owned: Option<String> = None;
        let mut run = self.at;
        loop {
            self.skip_while(|b| is(b, BASIC));
            match self.peek()? {
                b'"' => break,
                b'\\' => {
                    let c = match self.byte_at(self.at + 1)? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'n' => '\n',
                        b't' => '\t',
                        _ => return None,
                    };
                    let s = owned.get_or_insert_with(String::new);
                    s.push_str(&self.text[run..self.at]);
                    s.push(c);
                    self.at += 2;
                    run = self.at;
                }
                _ => return None, // a control character
            }
        }
        let rest = &self.text[run..self.at];
        self.at += 1;
        let text = match owned {
            Some(s) => Cow::Owned(s + rest),
            None => Cow::Borrowed(rest),
        };
        Some(Spanned::new(start..self.at, Value::String(text)))
    }

    /// `'…'`, which has no escapes.
    fn literal_string(&mut self) -> Option<Spanned<Value<'a>>> {
        let start = self.at;
        self.at += 1;
        if self.text[self.at..].starts_with("''") {
            return None; // a multi-line string
        }
        self.skip_while(|b| is(b, LITERAL));
        if self.peek()? != b'\'' {
            return None; // a control character
        }
        let text = &self.text[start + 1..self.at];
        self.at += 1;
        Some(Spanned::new(
            start..self.at,
            Value::String(Cow::Borrowed(text)),
        ))
    }

    /// `true`, `false`, a whole number or a decimal fraction, written plainly.
    fn scalar(&mut self) -> Option<Spanned<Value<'a>>> {
        let start = self.at;
        self.skip_while(|b| is(b, WORD));
        let word = &self.text[start..self.at];
        let value = match word {
            "true" => Value::Boolean(true),
            "false" => Value::Boolean(false),
            _ => number(word)?,
        };
        Some(Spanned::new(start..self.at, value))
    }

    /// `[a, b, …]`, over lines and with comments, a trailing comma allowed.
    fn array(&mut self, depth: usize) -> Option<Spanned<Value<'a>>> {
        let start = self.at;
        self.at += 1;
        let mut items = ArenaVec::new_in(self.arena);
        loop {
            self.blank_lines()?;
            if self.eat(b']').is_some() {
                break;
            }
            items.push(self.value(depth)?);
            self.blank_lines()?;
            if self.eat(b',').is_none() {
                self.eat(b']')?;
                break;
            }
        }
        Some(Spanned::new(start..self.at, Value::Array(items)))
    }

    /// `{ k = v, … }` on one line, with no trailing comma.
    fn inline_table(&mut self, depth: usize) -> Option<Spanned<Value<'a>>> {
        let start = self.at;
        self.at += 1;
        self.spaces();
        let mut table = Table::new_in(self.arena);
        if self.eat(b'}').is_none() {
            loop {
                let (key, value) = self.key_value(depth)?;
                insert(&mut table, key, value)?;
                self.spaces();
                if self.eat(b',').is_none() {
                    self.eat(b'}')?;
                    break;
                }
                self.spaces();
            }
        }
        Some(Spanned::new(start..self.at, Value::Table(table)))
    }
}

/// Byte classes, one bit each in [`CLASSES`]: the bytes of a bare key, of a
/// basic string's text between escapes, of a literal string, of a comment,
/// and of a word (a number or boolean) up to what ends it.
const KEY: u8 = 1;
const BASIC: u8 = 2;
const LITERAL: u8 = 4;
const COMMENT: u8 = 8;
const WORD: u8 = 16;

/// Each byte's classes, looked up in one step: testing them range by range,
/// byte after byte of the keys and strings, cost a fifth of the reader's
/// instructions.
static CLASSES: [u8; 256] = {
    let mut classes = [0; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let text = !control(b);
        let key = b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
        let word = !matches!(b, b' ' | b'\t' | b',' | b']' | b'}' | b'\r' | b'\n' | b'#');
        classes[i] = (key as u8 * KEY)
            | ((text && b != b'"' && b != b'\\') as u8 * BASIC)
            | ((text && b != b'\'') as u8 * LITERAL)
            | (text as u8 * COMMENT)
            | (word as u8 * WORD);
        i += 1;
    }
    classes
};

/// Whether `byte` is of `class`.
fn is(byte: u8, class: u8) -> bool {
    CLASSES[usize::from(byte)] & class != 0
}

/// A control character, which TOML refuses in strings and comments (a tab aside).
const fn control(byte: u8) -> bool {
    byte != b'\t' && (byte < 0x20 || byte == 0x7f)
}

/// `-?(0|[1-9][0-9]*)`, optionally followed by `.` and digits: a number as
/// the book writes one. Other spellings (`+1`, `1_000`, `0x1f`, `1e3`) are left
/// to `toml`, as is a whole number too large for an `i64`.
fn number(word: &str) -> Option<Value<'static>> {
    let digits = word.strip_prefix('-').unwrap_or(word);
    // Words are short: a plain scan finds the point sooner than a searcher.
    let (whole, fraction) = match digits.bytes().position(|b| b == b'.') {
        Some(i) => (&digits[..i], Some(&digits[i + 1..])),
        None => (digits, None),
    };
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(whole) || (whole.len() > 1 && whole.starts_with('0')) {
        return None;
    }
    match fraction {
        None => Some(Value::Integer(Some(word.parse().ok()?))),
        Some(f) if all_digits(f) => Some(Value::Float(word.parse().ok())),
        Some(_) => None,
    }
}
