//! A case file, as `cargo xtask regen` writes it, read back with the values typed
//! by the rule's signature.

use std::collections::BTreeMap;

use casefile::file::CaseFile;
use casefile::{Case, Erratum, Value, Values};
use rules::value::Type;
use rules::value::signature::Param;

use crate::ParseFile;

impl ParseFile for Case {
    /// Parses a case file. Values are typed by the rule's signature when the
    /// registry knows the rule, else as TOML gives them (the verdict will say why).
    fn parse(text: &str) -> Result<Case, String> {
        let file: CaseFile = toml::from_str(text).map_err(|e| e.message().to_string())?;
        let info = rules::RULES
            .iter()
            .find(|r| r.system == file.system && r.id == file.rule);
        let mut given = Values::default();
        for (k, v) in file.given {
            let ty = info.and_then(|i| param(i.given, &k));
            given.0.insert(k.clone(), value(&k, v, ty)?);
        }
        let claims: Vec<(String, Value)> = claims_of(file.ours, file.book, file.expect)?
            .into_iter()
            .map(|(k, v)| {
                let ty = info.and_then(|i| param(i.outputs, &k));
                value(&k, v, ty).map(|v| (k, v))
            })
            .collect::<Result<_, _>>()?;
        let refused = match file.refused {
            Some(_) if !claims.is_empty() => return Err("a refused case claims nothing".into()),
            r => r.map(|r| r.reason),
        };
        let mut errata = BTreeMap::new();
        for (claim, e) in file.errata {
            let ty = info.and_then(|i| param(i.outputs, &claim));
            let rules = value(&claim, e.rules, ty)?;
            let (ruling, reason) = (e.ruling, e.reason);
            errata.insert(
                claim,
                Erratum {
                    rules,
                    ruling,
                    reason,
                },
            );
        }
        Ok(Case {
            id: file.id,
            system: file.system,
            rule: file.rule,
            source: file.source,
            section: file.section,
            ours: file.ours,
            given,
            claims,
            refused,
            errata,
        })
    }
}

/// The claims of a case: `[expect]` for an example of ours, `[book]` for the
/// book's, and never the other table, which no verdict would read.
fn claims_of(
    ours: bool,
    book: Option<toml::Table>,
    expect: Option<toml::Table>,
) -> Result<toml::Table, String> {
    match (ours, book, expect) {
        (true, Some(_), _) => Err("an example of ours claims in `[expect]`, not `[book]`".into()),
        (false, _, Some(_)) => {
            Err("an example of the book's claims in `[book]`, not `[expect]`".into())
        }
        (true, None, claims) | (false, claims, None) => Ok(claims.unwrap_or_default()),
    }
}

pub(crate) fn param(ps: &[Param], name: &str) -> Option<Type> {
    ps.iter().find(|p| p.name == name).map(|p| p.ty)
}

pub(crate) fn value(name: &str, v: toml::Value, ty: Option<Type>) -> Result<Value, String> {
    let bad = |v: &toml::Value| format!("`{name}` = {v} is not a value this suite reads");
    Ok(match (ty, v) {
        (Some(Type::Dice), toml::Value::String(s)) => {
            let d: rules::dice::Dice = s.parse()?;
            Value::Dice(crate::value::dice(d))
        }
        (Some(Type::Decimal), toml::Value::Integer(n)) => Value::Decimal(n as f64),
        (_, toml::Value::Float(x)) => Value::Decimal(x),
        (Some(Type::DecimalList), toml::Value::Array(items)) => Value::DecimalList(
            items
                .iter()
                .map(|i| match i {
                    toml::Value::Float(x) => Ok(*x),
                    toml::Value::Integer(n) => Ok(*n as f64),
                    other => Err(bad(other)),
                })
                .collect::<Result<_, _>>()?,
        ),
        (_, toml::Value::Integer(n)) => Value::Int(n),
        (_, toml::Value::Boolean(b)) => Value::Bool(b),
        (_, toml::Value::String(s)) => Value::Text(s),
        (Some(Type::TextList), toml::Value::Array(items)) if items.is_empty() => {
            Value::TextList(Vec::new())
        }
        (_, toml::Value::Array(items))
            if !items.is_empty() && items.iter().all(toml::Value::is_str) =>
        {
            Value::TextList(
                items
                    .into_iter()
                    .filter_map(|i| i.as_str().map(str::to_string))
                    .collect(),
            )
        }
        (_, toml::Value::Array(items)) => Value::IntList(
            items
                .iter()
                .map(|i| i.as_integer().ok_or_else(|| bad(i)))
                .collect::<Result<_, _>>()?,
        ),
        (_, other) => return Err(bad(&other)),
    })
}
