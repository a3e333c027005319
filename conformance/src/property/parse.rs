//! A property file read back, its values typed by the rule's signature.

use casefile::property::{Bound, Direction, Domain, Law, PropertyCase, Relation};
use rules::value::Type;
use rules::value::signature::Param;

use crate::ParseFile;
use crate::case::{param, value};

impl ParseFile for PropertyCase {
    /// Parses a property file. Values are typed by the rule's signature when
    /// the registry knows the rule (dice text becomes dice).
    fn parse(text: &str) -> Result<PropertyCase, String> {
        let mut t: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| e.message().to_string())?;
        let id = string(&mut t, "id")?;
        let system = string(&mut t, "system")?;
        let rule = string(&mut t, "rule")?;
        let source = string(&mut t, "source")?;
        let inputs = rules::RULES
            .iter()
            .find(|r| r.system == system && r.id == rule)
            .map(|r| r.given);
        let given = match t.remove("given") {
            Some(toml::Value::Table(g)) => g
                .into_iter()
                .map(|(k, v)| domain(&k, v, inputs).map(|d| (k, d)))
                .collect::<Result<_, _>>()?,
            None => Vec::new(),
            Some(_) => return Err("`given` must be a table".into()),
        };
        let law = match t.remove("law") {
            Some(toml::Value::Table(l)) => law(l)?,
            _ => return Err("a property file has no `[law]` table".into()),
        };
        Ok(PropertyCase {
            id,
            system,
            rule,
            source,
            given,
            law,
        })
    }
}

fn string(t: &mut toml::Table, k: &str) -> Result<String, String> {
    match t.remove(k) {
        Some(toml::Value::String(s)) => Ok(s),
        _ => Err(format!("property file has no string `{k}`")),
    }
}

fn domain(name: &str, v: toml::Value, inputs: Option<&[Param]>) -> Result<Domain, String> {
    let ty: Option<Type> = inputs.and_then(|ps| param(ps, name));
    let toml::Value::Table(mut t) = v else {
        return value(name, v, ty).map(Domain::Fixed);
    };
    if let Some(items) = t.remove("one-of") {
        let toml::Value::Array(items) = items else {
            return Err(format!("`{name}.one-of` must be a list"));
        };
        return items
            .into_iter()
            .map(|i| value(name, i, ty))
            .collect::<Result<_, _>>()
            .map(Domain::OneOf);
    }
    let mut end = |k: &str| match t.remove(k) {
        Some(toml::Value::Integer(n)) => Ok(n),
        _ => Err(format!("`{name}` has no whole number `{k}`")),
    };
    Ok(Domain::Range {
        from: end("from")?,
        to: end("to")?,
    })
}

fn law(mut t: toml::Table) -> Result<Law, String> {
    let kind = string(&mut t, "kind")?;
    let mut name = |k: &str| string(&mut t, k);
    let direction = match kind.as_str() {
        "resolves" => return Ok(Law::Resolves),
        "non-decreasing" => Some(Direction::NonDecreasing),
        "non-increasing" => Some(Direction::NonIncreasing),
        _ => None,
    };
    let output = name("output")?;
    if let Some(direction) = direction {
        return Ok(Law::Monotone {
            output,
            input: name("in")?,
            direction,
        });
    }
    let relation = match kind.as_str() {
        "at-most" => Relation::AtMost,
        "at-least" => Relation::AtLeast,
        "equals" => Relation::Equals,
        other => return Err(format!("unknown law `{other}`")),
    };
    let bound = match t.remove("bound") {
        Some(toml::Value::Integer(n)) => Bound::Constant(n),
        Some(toml::Value::String(s)) => match s.split_once('.') {
            Some(("given", n)) => Bound::Input(n.to_string()),
            Some(("outputs", n)) => Bound::Output(n.to_string()),
            _ => return Err(format!("bound `{s}` is neither `given.x` nor `outputs.x`")),
        },
        _ => return Err("the law has no `bound`".into()),
    };
    Ok(Law::Bounded {
        output,
        relation,
        bound,
    })
}
