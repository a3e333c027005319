//! A `property` block's TOML: `rule`, the `[given]` domain of each input, and a
//! `[law]` with exactly one law.

use std::sync::Arc;

use smol_str::SmolStr;

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::Diagnostic;
use crate::diag::source::{SourceFile, Span};
use crate::model::property::{
    Bound, Direction, Domain, Input, Law, Name, Property, Relation, Written, law_keys,
};
use crate::syntax::blocks::value;
use crate::syntax::toml_spans::{Body, Doc, Item, Table, ValueMut};

pub(crate) fn parse_property(
    file: &Arc<SourceFile>,
    id: String,
    section: Option<SmolStr>,
    body: Body,
    span: Span,
) -> Result<Property, Diagnostic> {
    let mut doc = Doc::parse(file, body, "a property")?;
    let (rule, rule_span) = doc.required_string("rule")?;
    let given = match doc.table("given", "a property's `given`")? {
        Some(mut t) => inputs(&mut t)?,
        None => Vec::new(),
    };
    let no_law = || {
        Diagnostic::new(
            file,
            span.clone(),
            DiagCode::Law,
            format!("property `{id}` states no law"),
        )
        .label(format!(
            "add `[law]` with one of: {}",
            law_keys().join(", ")
        ))
    };
    let mut laws = doc.table("law", "a property's `law`")?.ok_or_else(no_law)?;
    let mut entries = laws.drain();
    let (key, law_span, v) = entries.next().ok_or_else(no_law)?;
    if let Some((_, second, _)) = entries.next() {
        return Err(laws
            .error(
                second,
                DiagCode::Law,
                format!("property `{id}` states more than one law"),
            )
            .label("one law per property: state this one in a property of its own"));
    }
    let law = law(&laws, &key, law_span.clone(), v)?;
    doc.finish()?;
    Ok(Property {
        id,
        section,
        rule,
        rule_span,
        given,
        law,
        law_span,
        span,
    })
}

/// `[given]`: a plain value is held fixed, `{ from, to }` is a range of whole
/// numbers, and a list offers its values (for a list-typed input the check
/// takes it as that input's one fixed value).
fn inputs(doc: &mut Doc) -> Result<Vec<Input>, Diagnostic> {
    let mut out = Vec::new();
    for (name, span, mut v) in doc.drain() {
        let vspan = doc.span_of(&v);
        let domain = match v.value_mut() {
            ValueMut::Table(t) => range(doc, &name, std::mem::take(t), vspan)?,
            ValueMut::Array(items) => Domain::OneOf(
                items
                    .iter()
                    .map(|i| value(doc, i))
                    .collect::<Result<_, _>>()?,
            ),
            _ => Domain::Fixed(value(doc, &v)?),
        };
        out.push(Input {
            name: name.into_owned(),
            domain,
            span,
        });
    }
    Ok(out)
}

/// `{ from = a, to = b }`: every whole number from `a` to `b`.
fn range<'a>(doc: &Doc<'a>, name: &str, t: Table<'a>, span: Span) -> Result<Domain, Diagnostic> {
    let mut range = doc.nested(t, span.clone(), "a range");
    let from = bound_of(&mut range, "from")?;
    let to = bound_of(&mut range, "to")?;
    range.finish()?;
    if from > to {
        return Err(doc
            .error(
                span,
                DiagCode::Law,
                format!("the range of `{name}` runs backwards ({from} to {to})"),
            )
            .label("`from` must be at most `to`"));
    }
    Ok(Domain::Range { from, to })
}

/// `from` or `to` of a range: a whole number.
fn bound_of(range: &mut Doc, key: &str) -> Result<i64, Diagnostic> {
    let Some((v, _)) = range.take(key) else {
        return Err(range
            .error(
                range.span.clone(),
                DiagCode::MissingKey,
                format!("a range has no `{key}`"),
            )
            .label("write a range as `{ from = 1, to = 100 }`"));
    };
    v.as_i64().ok_or_else(|| {
        range.error(
            range.span_of(&v),
            DiagCode::WrongKind,
            format!("`{key}` must be a whole number"),
        )
    })
}

fn law(doc: &Doc, key: &str, span: Span, v: Item) -> Result<Law, Diagnostic> {
    let vspan = doc.span_of(&v);
    if key == "resolves" {
        return match v.as_bool() {
            Some(true) => Ok(Law::Resolves),
            _ => Err(doc.error(vspan, DiagCode::WrongKind, "`resolves` takes `true`")),
        };
    }
    let direction = Direction::ALL.into_iter().find(|d| d.key() == key);
    let relation = Relation::ALL.into_iter().find(|r| r.key() == key);
    if direction.is_none() && relation.is_none() {
        return Err(doc
            .error(span, DiagCode::Law, format!("unknown law `{key}`"))
            .label(format!("one of: {}", law_keys().join(", "))));
    }
    let Some(t) = v.into_table() else {
        return Err(doc.error(
            vspan,
            DiagCode::WrongKind,
            format!("law `{key}` must be a table"),
        ));
    };
    let mut t = doc.nested(t, vspan, "a law");
    let output = name(t.required_string("output")?);
    let law = match (direction, relation) {
        (Some(direction), _) => Law::Monotone {
            output,
            input: name(t.required_string("in")?),
            direction,
        },
        (None, Some(relation)) => Law::Bounded {
            output,
            relation,
            bound: bound(&mut t)?,
        },
        (None, None) => unreachable!("an unknown law returned above"),
    };
    t.finish()?;
    Ok(law)
}

fn name((name, span): (String, Span)) -> Name {
    Name { name, span }
}

/// `bound`: a whole number, or a name (`given.x` or `outputs.x` to say which).
fn bound(t: &mut Doc) -> Result<Written, Diagnostic> {
    let Some((v, _)) = t.take("bound") else {
        return Err(t
            .error(t.span.clone(), DiagCode::MissingKey, "a law has no `bound`")
            .label("compare with a number, an input or an output: `bound = \"damage\"`"));
    };
    let span = t.span_of(&v);
    if let Some(n) = v.as_i64() {
        return Ok(Written::Qualified(Bound::Constant(n)));
    }
    let Some(text) = v.as_str() else {
        return Err(t.error(
            span,
            DiagCode::WrongKind,
            "`bound` must be a whole number or a name",
        ));
    };
    let named = |n: &str| Name {
        name: n.to_string(),
        span: span.clone(),
    };
    Ok(if let Some(n) = text.strip_prefix("given.") {
        Written::Qualified(Bound::Input(named(n)))
    } else if let Some(n) = text.strip_prefix("outputs.") {
        Written::Qualified(Bound::Output(named(n)))
    } else {
        Written::Bare(named(text))
    })
}
