//! The fenced blocks: ```` ```rule <name> ```` declares a rule's signature,
//! ```` ```example <id> ```` states a worked example. Both bodies are TOML.

use std::sync::Arc;

use toml::de::DeValue;

use crate::diagnostic::Diagnostic;
use crate::model::{Binding, Erratum, Example, Param, Rule, Value, ValueType};
use crate::source::{SourceFile, Span};
use crate::toml_spans::{Doc, integer};

pub fn parse_rule(
    file: &Arc<SourceFile>,
    chapter: &str,
    name: String,
    section: Option<String>,
    body: &str,
    base: usize,
    span: Span,
) -> Result<Rule, Diagnostic> {
    let mut doc = Doc::parse(file, body, base, "a rule")?;
    let given = params(&mut doc, "given")?;
    let outputs = params(&mut doc, "outputs")?;
    doc.finish()?;
    if outputs.is_empty() {
        return Err(
            Diagnostic::new(file, span, format!("rule `{name}` has no outputs"))
                .label("declare `[outputs]`"),
        );
    }
    Ok(Rule {
        id: format!("{chapter}.{name}"),
        name,
        chapter: chapter.to_string(),
        section,
        given,
        outputs,
        span,
    })
}

fn params(doc: &mut Doc, key: &'static str) -> Result<Vec<Param>, Diagnostic> {
    let Some(mut t) = doc.table(key, "a rule's parameters")? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for (name, span, v) in t.drain() {
        let vspan = t.at(&v.span());
        let ty_text = v.get_ref().as_str().unwrap_or("");
        let (ty_text, optional) = match ty_text.strip_suffix('?') {
            Some(t) => (t, true),
            None => (ty_text, false),
        };
        let ty = match ty_text.strip_prefix("word(").and_then(|w| w.strip_suffix(')')) {
            Some(list) => ValueType::Word(words(list).map_err(|why| {
                t.error(vspan.clone(), format!("`{name}` lists its words badly: {why}"))
                    .label("write the words between `|`, as in \"word(step|slip|none)\"")
            })?),
            None => ValueType::parse(ty_text).ok_or_else(|| {
                t.error(vspan.clone(), format!("`{name}` has an unknown type"))
                    .label("one of \"int\", \"bool\", \"text\", \"word(a|b)\", \"dice\", \"[int]\", \"[text]\", each optionally followed by `?`")
            })?,
        };
        if optional && key == "outputs" {
            return Err(t.error(vspan, "outputs cannot be optional"));
        }
        out.push(Param {
            name,
            ty,
            optional,
            span,
        });
    }
    Ok(out)
}

/// The words of a `word(a|b|c)` type: each one written, none twice.
fn words(list: &str) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for w in list.split('|').map(str::trim) {
        if w.is_empty() {
            return Err("an empty word".into());
        }
        if out.iter().any(|o| o == w) {
            return Err(format!("`{w}` is listed twice"));
        }
        out.push(w.to_string());
    }
    Ok(out)
}

pub fn parse_example(
    file: &Arc<SourceFile>,
    id: String,
    section: Option<String>,
    body: &str,
    base: usize,
    span: Span,
) -> Result<Example, Diagnostic> {
    let mut doc = Doc::parse(file, body, base, "an example")?;
    let (rule, rule_span) = doc.required_string("rule")?;
    let given = match doc.table("given", "an example's `given`")? {
        Some(mut t) => bindings(&mut t)?,
        None => Vec::new(),
    };
    let book = doc.table("book", "an example's `book`")?;
    let expect = doc.table("expect", "an example's `expect`")?;
    let (ours, mut claims_doc) = match (book, expect) {
        (Some(b), None) => (false, b),
        (None, Some(e)) => (true, e),
        (Some(_), Some(e)) => {
            return Err(Diagnostic::new(
                file,
                e.span,
                "an example has `book` (the book's) or `expect` (ours), not both",
            ));
        }
        (None, None) => {
            return Err(
                Diagnostic::new(file, span, format!("example `{id}` claims nothing")).label(
                    "give `[book]` with what the book prints, or `[expect]` for an example of ours",
                ),
            );
        }
    };
    let claims = bindings(&mut claims_doc)?;
    if claims.is_empty() {
        return Err(Diagnostic::new(
            file,
            claims_doc.span.clone(),
            format!("example `{id}` claims nothing"),
        )
        .label("list at least one output and its value"));
    }
    let mut errata = Vec::new();
    if let Some(mut e) = doc.table("errata", "an example's errata")? {
        if ours {
            return Err(e.error(
                e.span.clone(),
                "an example of ours has no errata: fix its `expect` instead",
            ));
        }
        for (claim, cspan, v) in e.drain() {
            let vspan = e.at(&v.span());
            let DeValue::Table(t) = v.into_inner() else {
                return Err(e.error(vspan, format!("`errata.{claim}` must be a table")));
            };
            let mut t = e.nested(t, vspan.clone(), "an erratum");
            let rules = match t.take("rules") {
                Some((v, _)) => value(&t, &v)?,
                None => {
                    return Err(t.error(
                        cspan,
                        format!("erratum `{claim}` does not say what the rules give (`rules`)"),
                    ));
                }
            };
            let ruling = t.required_string("ruling")?.0;
            let reason = t.required_string("reason")?.0;
            t.finish()?;
            errata.push(Erratum {
                claim,
                rules,
                ruling,
                reason,
                span: cspan,
            });
        }
    }
    doc.finish()?;
    Ok(Example {
        id,
        section,
        rule,
        rule_span,
        ours,
        given,
        claims,
        errata,
        span,
    })
}

fn bindings(doc: &mut Doc) -> Result<Vec<Binding>, Diagnostic> {
    let mut out = Vec::new();
    for (name, span, v) in doc.drain() {
        let value = value(doc, &v)?;
        out.push(Binding { name, value, span });
    }
    Ok(out)
}

/// A TOML value as an example value; dice stay text until the rule's signature types them.
fn value(doc: &Doc, v: &toml::Spanned<DeValue>) -> Result<Value, Diagnostic> {
    let span = doc.at(&v.span());
    let bad = || {
        doc.error(
            span.clone(),
            "values are integers, booleans, strings, or arrays of integers or of strings",
        )
    };
    Ok(match v.get_ref() {
        DeValue::Integer(_) => Value::Int(integer(v.get_ref()).ok_or_else(bad)?),
        DeValue::Boolean(b) => Value::Bool(*b),
        DeValue::String(s) => Value::Text(s.to_string()),
        DeValue::Array(items)
            if items.iter().all(|i| i.get_ref().is_str()) && !items.is_empty() =>
        {
            Value::TextList(
                items
                    .iter()
                    .filter_map(|i| i.get_ref().as_str())
                    .map(str::to_string)
                    .collect(),
            )
        }
        DeValue::Array(items) => Value::IntList(
            items
                .iter()
                .map(|i| integer(i.get_ref()).ok_or_else(bad))
                .collect::<Result<_, _>>()?,
        ),
        _ => return Err(bad()),
    })
}
