//! The `toml` crate's parse, as a [`Table`]: the reference that the fast
//! [`super::reader`] must agree with, and the reader of every body it declines.

use toml::de::{DeInteger, DeTable, DeValue};

use super::{ArenaVec, Bump, Spanned, Table, Value};

pub fn parse<'a>(body: &'a str, arena: &'a Bump) -> Result<Table<'a>, toml::de::Error> {
    DeTable::parse(body).map(|t| table(t.into_inner(), arena))
}

fn table<'a>(t: DeTable<'a>, arena: &'a Bump) -> Table<'a> {
    let entries = t.into_iter().map(|(k, v)| {
        let span = k.span();
        (Spanned::new(span, k.into_inner()), value(v, arena))
    });
    ArenaVec::from_iter_in(entries, arena)
}

fn value<'a>(v: toml::Spanned<DeValue<'a>>, arena: &'a Bump) -> Spanned<Value<'a>> {
    let span = v.span();
    let value = match v.into_inner() {
        DeValue::String(s) => Value::String(s),
        DeValue::Integer(i) => Value::Integer(integer(&i)),
        DeValue::Float(f) => Value::Float(f.as_str().parse().ok()),
        DeValue::Boolean(b) => Value::Boolean(b),
        DeValue::Datetime(_) => Value::Datetime,
        DeValue::Array(items) => {
            let items = items.into_iter().map(|v| value(v, arena));
            Value::Array(ArenaVec::from_iter_in(items, arena))
        }
        DeValue::Table(t) => Value::Table(table(t, arena)),
    };
    Spanned::new(span, value)
}

/// An integer literal's value, in any radix, if it fits an `i64`.
fn integer(i: &DeInteger) -> Option<i64> {
    if i.radix() == 10 && !i.as_str().contains('_') {
        return i.as_str().parse().ok(); // the common case, read without copying
    }
    let text: String = i.as_str().chars().filter(|&c| c != '_').collect();
    let (sign, digits) = match text.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", text.trim_start_matches('+')),
    };
    let digits = digits
        .trim_start_matches("0x")
        .trim_start_matches("0o")
        .trim_start_matches("0b");
    // The sign is parsed with the digits: `-9223372036854775808` has no positive twin.
    i64::from_str_radix(&format!("{sign}{digits}"), i.radix()).ok()
}
