//! The `toml` crate's parse, as a [`Table`]: the reference that the fast
//! [`super::reader`] must agree with, and the reader of every body it declines.

use toml::de::{DeInteger, DeTable, DeValue};

use super::{Spanned, Table, Value};

pub fn parse(body: &str) -> Result<Table<'_>, toml::de::Error> {
    DeTable::parse(body).map(|t| table(t.into_inner()))
}

fn table(t: DeTable<'_>) -> Table<'_> {
    t.into_iter()
        .map(|(k, v)| {
            let span = k.span();
            (Spanned::new(span, k.into_inner()), value(v))
        })
        .collect()
}

fn value(v: toml::Spanned<DeValue<'_>>) -> Spanned<Value<'_>> {
    let span = v.span();
    let value = match v.into_inner() {
        DeValue::String(s) => Value::String(s),
        DeValue::Integer(i) => Value::Integer(integer(&i)),
        DeValue::Float(f) => Value::Float(f.as_str().parse().ok()),
        DeValue::Boolean(b) => Value::Boolean(b),
        DeValue::Datetime(_) => Value::Datetime,
        DeValue::Array(items) => Value::Array(items.into_iter().map(value).collect()),
        DeValue::Table(t) => Value::Table(table(t)),
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
