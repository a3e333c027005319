//! A case file, as `cargo xtask regen` writes it, read back with the values typed
//! by the rule's signature.

use std::collections::BTreeMap;

use rules::value::{Param, RuleInfo, Type, Value, Values};

#[derive(Debug, Clone)]
pub struct Case {
    pub id: String,
    pub system: String,
    pub rule: String,
    /// `spec/<system>/<chapter>.md#<example id>`.
    pub source: String,
    pub ours: bool,
    pub given: Values,
    /// What the book prints, or, for an example of ours, what we worked out.
    pub claims: Vec<(String, Value)>,
    /// For a refused example (`[refused]`): words the rule's refusal must contain.
    pub refused: Option<String>,
    pub errata: BTreeMap<String, Erratum>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Erratum {
    pub rules: Value,
    pub ruling: String,
    pub reason: String,
}

impl Case {
    /// Parses a case file. Values are typed by the rule's signature when the
    /// registry knows the rule, else as TOML gives them (the verdict will say why).
    pub fn parse(text: &str) -> Result<Case, String> {
        let mut t: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| e.message().to_string())?;
        let string = |t: &mut toml::Table, k: &str| match t.remove(k) {
            Some(toml::Value::String(s)) => Ok(s),
            _ => Err(format!("case has no string `{k}`")),
        };
        let id = string(&mut t, "id")?;
        let system = string(&mut t, "system")?;
        let rule = string(&mut t, "rule")?;
        let source = string(&mut t, "source")?;
        let ours = matches!(t.remove("ours"), Some(toml::Value::Boolean(true)));
        let info = rules::RULES
            .iter()
            .find(|r| r.system == system && r.id == rule);
        let table = |t: &mut toml::Table, k: &str| match t.remove(k) {
            Some(toml::Value::Table(x)) => Ok(x),
            None => Ok(toml::Table::new()),
            Some(_) => Err(format!("`{k}` must be a table")),
        };
        let given_t = table(&mut t, "given")?;
        let mut given = Values::default();
        for (k, v) in given_t {
            let ty = info.and_then(|i| param(i.given, &k));
            given.0.insert(k.clone(), value(&k, v, ty)?);
        }
        let claims_t = table(&mut t, if ours { "expect" } else { "book" })?;
        let claims: Vec<(String, Value)> = claims_t
            .into_iter()
            .map(|(k, v)| {
                let ty = info.and_then(|i| param(i.outputs, &k));
                value(&k, v, ty).map(|v| (k, v))
            })
            .collect::<Result<_, _>>()?;
        let refused = match table(&mut t, "refused")?.remove("reason") {
            None => None,
            Some(toml::Value::String(s)) if claims.is_empty() => Some(s),
            Some(toml::Value::String(_)) => return Err("a refused case claims nothing".into()),
            Some(_) => return Err("`refused.reason` must be a string".into()),
        };
        let mut errata = BTreeMap::new();
        for (claim, e) in table(&mut t, "errata")? {
            let toml::Value::Table(mut e) = e else {
                return Err(format!("erratum `{claim}` must be a table"));
            };
            let ty = info.and_then(|i| param(i.outputs, &claim));
            let rules = value(
                &claim,
                e.remove("rules")
                    .ok_or(format!("erratum `{claim}` has no `rules`"))?,
                ty,
            )?;
            let ruling = string(&mut e, "ruling")?;
            let reason = string(&mut e, "reason")?;
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
            id,
            system,
            rule,
            source,
            ours,
            given,
            claims,
            refused,
            errata,
        })
    }

    pub fn rule_info(&self) -> Option<&'static RuleInfo> {
        rules::RULES
            .iter()
            .find(|r| r.system == self.system && r.id == self.rule)
    }
}

pub(crate) fn param(ps: &[Param], name: &str) -> Option<Type> {
    ps.iter().find(|p| p.name == name).map(|p| p.ty)
}

pub(crate) fn value(name: &str, v: toml::Value, ty: Option<Type>) -> Result<Value, String> {
    let bad = |v: &toml::Value| format!("`{name}` = {v} is not a value this suite reads");
    Ok(match (ty, v) {
        (Some(Type::Dice), toml::Value::String(s)) => Value::Dice(s.parse()?),
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
