//! The fenced blocks: ```` ```rule <name> ```` declares a rule's signature,
//! ```` ```example <id> ```` states a worked example. Both bodies are TOML.

use std::sync::Arc;

use smol_str::{SmolStr, format_smolstr};

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::Diagnostic;
use crate::diag::source::{SourceFile, Span};
use crate::model::domain::Domain;
use crate::model::{Binding, Erratum, Example, Param, Refusal, Rule, Value, ValueType};
use crate::syntax::toml_spans::{Body, Doc, Item, Value as Toml};

/// The id of rule `name` of chapter `chapter`: `chapter.name`.
pub fn rule_id(chapter: &str, name: &str) -> SmolStr {
    format_smolstr!("{chapter}.{name}")
}

/// Reads rule `name`'s block, which chapter `chapter` (its id) states.
pub fn parse_rule(
    file: &Arc<SourceFile>,
    chapter: &SmolStr,
    name: SmolStr,
    section: Option<SmolStr>,
    body: Body,
    span: Span,
) -> Result<Rule, Diagnostic> {
    let mut doc = Doc::parse(file, body, "a rule")?;
    let given = params(&mut doc, "given")?;
    let outputs = params(&mut doc, "outputs")?;
    doc.finish()?;
    if outputs.is_empty() {
        return Err(Diagnostic::new(
            file,
            span,
            DiagCode::Signature,
            format!("rule `{name}` has no outputs"),
        )
        .label("declare `[outputs]`"));
    }
    Ok(Rule {
        id: rule_id(chapter, &name),
        name,
        chapter: chapter.clone(),
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
    let entries = t.drain();
    let mut out = Vec::with_capacity(entries.len());
    for (name, span, v) in entries {
        let vspan = t.span_of(&v);
        let written = v.as_str().unwrap_or("");
        // A domain follows the type after a space; a word type's words may hold spaces.
        let (ty_text, domain_text) = match written.split_once(' ') {
            Some((ty, domain)) if !written.starts_with("word(") => (ty, Some(domain)),
            _ => (written, None),
        };
        let (ty_text, optional) = match ty_text.strip_suffix('?') {
            Some(t) => (t, true),
            None => (ty_text, false),
        };
        let ty = match ty_text
            .strip_prefix("word(")
            .and_then(|w| w.strip_suffix(')'))
        {
            Some(list) => ValueType::Word(words(list).map_err(|why| {
                t.error(
                    vspan.clone(),
                    DiagCode::Signature,
                    format!("`{name}` lists its words badly: {why}"),
                )
                .label("write the words between `|`, as in \"word(step|slip|none)\"")
            })?),
            None => ValueType::parse(ty_text)
                .ok_or_else(|| unknown_type(&t, vspan.clone(), &name, ty_text))?,
        };
        if optional && key == "outputs" {
            return Err(t.error(vspan, DiagCode::Signature, "outputs cannot be optional"));
        }
        let domain = domain_text
            .map(|d| domain_of(d.trim(), &ty))
            .transpose()
            .map_err(|why| {
                t.error(
                    vspan.clone(),
                    DiagCode::Signature,
                    format!("`{name}`'s domain: {why}"),
                )
                .label("a domain follows the type: \"int 3..=18\", \"int 0..\", \"decimal ..=1\"")
            })?;
        out.push(Param {
            name: SmolStr::new(&name),
            ty,
            optional,
            domain,
            span,
        });
    }
    Ok(out)
}

/// The domain `text` of a parameter of type `ty`: only figures have one.
fn domain_of(text: &str, ty: &ValueType) -> Result<Domain, String> {
    match ty {
        ValueType::Int | ValueType::IntList => Domain::parse(text, true),
        ValueType::Decimal | ValueType::DecimalList => Domain::parse(text, false),
        _ => Err(format!(
            "a `{ty}` has no domain: only int and decimal values (and lists of them) take one"
        )),
    }
}

/// `name`'s type `ty` is none of the value types: the closest is suggested,
/// and every one listed.
fn unknown_type(doc: &Doc, span: Span, name: &str, ty: &str) -> Diagnostic {
    let all = ValueType::all_written();
    let listed: Vec<String> = all.iter().map(|t| format!("`{t}`")).collect();
    let d = doc.error(
        span,
        DiagCode::UnknownType,
        format!("`{name}` has an unknown type `{ty}`"),
    );
    let d = match crate::diag::suggest::did_you_mean(ty, all.iter().map(String::as_str)) {
        Some(hint) => d.label(hint),
        None => d.label("not a value type"),
    };
    d.note(format!(
        "the types are {}, each optionally followed by `?`",
        listed.join(", ")
    ))
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
    id: SmolStr,
    section: Option<SmolStr>,
    body: Body,
    span: Span,
) -> Result<Example, Diagnostic> {
    let mut doc = Doc::parse(file, body, "an example")?;
    let (rule, rule_span) = doc.required_text("rule")?;
    let lines = crate::syntax::locator::from_doc(&mut doc)?;
    let mut bound = Vec::with_capacity(entries_under(&doc, &["given", "book", "expect"]));
    if let Some(mut t) = doc.table("given", "an example's `given`")? {
        bindings(&mut t, &mut bound)?;
    }
    let claims_at = bound.len();
    let (which, refused) = match said(&mut doc, &id, &span, &mut bound)? {
        Said::Claims(which) => (which, None),
        Said::Refused(r) => ("refused", Some(r)),
    };
    let errata = match doc.table("errata", "an example's errata")? {
        Some(e) if which != "book" => {
            return Err(e.error(
                e.span.clone(),
                DiagCode::Erratum,
                format!("an example of ours has no errata: fix its `{which}` instead"),
            ));
        }
        Some(mut e) => errata(&mut e)?,
        None => Vec::new(),
    };
    let pins = match doc.table("at", "an example's `at`")? {
        Some(a) if which != "book" => {
            return Err(a
                .error(
                    a.span.clone(),
                    DiagCode::Claims,
                    format!("an example of ours pins nothing: `[at]` places `[book]` figures, and `{which}` is ours"),
                )
                .label("remove `[at]`"));
        }
        Some(mut a) => {
            let names = bound[claims_at..].iter().map(|b| b.name.as_str());
            let pins = crate::syntax::locator::pins(&mut a, names)?;
            a.finish()?;
            pins
        }
        None => Vec::new(),
    };
    doc.finish()?;
    Ok(Example {
        id,
        section,
        rule: SmolStr::new(rule),
        rule_span,
        ours: which != "book",
        bindings: bound,
        claims_at,
        refused,
        errata,
        lines,
        pins,
        span,
    })
}

/// How many entries the tables `keys` of `doc` hold: room enough for an
/// example's bindings, made before any is read.
fn entries_under(doc: &Doc, keys: &[&str]) -> usize {
    let tables = doc.table.iter().filter(|(k, _)| keys.contains(&k.name));
    tables
        .map(|(_, v)| v.as_table().map_or(0, |t| t.len()))
        .sum()
}

/// What an example says of its rule: claims, in `[book]` or `[expect]` (named
/// by the table's key), or the refusal of `[refused]`.
enum Said {
    Claims(&'static str),
    Refused(Refusal),
}

/// Reads the one of `[book]`, `[expect]` and `[refused]` that an example
/// gives; its claims join `bindings`.
fn said(doc: &mut Doc, id: &str, span: &Span, out: &mut Vec<Binding>) -> Result<Said, Diagnostic> {
    let mut given: [Option<(&str, Doc)>; 3] = [None, None, None];
    let kinds = [
        ("book", "an example's `book`"),
        ("expect", "an example's `expect`"),
        ("refused", "an example's `refused`"),
    ];
    for (slot, (key, what)) in given.iter_mut().zip(kinds) {
        *slot = doc.table(key, what)?.map(|t| (key, t));
    }
    given.sort_by_key(|g| g.as_ref().map_or(usize::MAX, |(_, t)| t.span.start));
    let mut given = given.into_iter().flatten();
    let Some((key, mut t)) = given.next() else {
        return Err(Diagnostic::new(
            doc.file,
            span.clone(),
            DiagCode::Claims,
            format!("example `{id}` claims nothing"),
        )
        .label(
            "give `[book]` with what the book prints, `[expect]` for an example of ours, \
                 or `[refused]` for inputs the rule refuses",
        ));
    };
    if let Some((second, t2)) = given.next() {
        return Err(t2
            .error(
                t2.span.clone(),
                DiagCode::Claims,
                format!("example `{id}` gives both `[{key}]` and `[{second}]`"),
            )
            .label("give one of `[book]` (the book's), `[expect]` (ours) and `[refused]` (ours)"));
    }
    if key == "refused" {
        return refusal(t).map(Said::Refused);
    }
    let before = out.len();
    bindings(&mut t, out)?;
    if out.len() == before {
        return Err(t
            .error(
                t.span.clone(),
                DiagCode::Claims,
                format!("example `{id}` claims nothing"),
            )
            .label("list at least one output and its value"));
    }
    Ok(Said::Claims(key))
}

/// `[refused]`: one non-empty `reason`, which the resolver's refusal must contain.
fn refusal(mut t: Doc) -> Result<Refusal, Diagnostic> {
    let (reason, span) = t.required_string("reason")?;
    if reason.trim().is_empty() {
        return Err(t
            .error(span, DiagCode::Claims, "a refusal's `reason` is empty")
            .label("give words that the resolver's refusal message contains"));
    }
    t.finish()?;
    Ok(Refusal { reason, span })
}

/// `[errata.<claim>]` entries, each with what the rules give, a ruling and a reason.
fn errata(e: &mut Doc) -> Result<Vec<Erratum>, Diagnostic> {
    let mut out = Vec::new();
    for (claim, cspan, v) in e.drain() {
        let vspan = e.span_of(&v);
        let Some(t) = v.into_table() else {
            return Err(e.error(
                vspan,
                DiagCode::WrongKind,
                format!("`errata.{claim}` must be a table"),
            ));
        };
        let mut t = e.nested(t, vspan.clone(), "an erratum");
        let (rules, rules_span) = match t.take("rules") {
            Some((v, _)) => {
                let at = t.span_of(&v);
                (value(&t, &v)?, at)
            }
            None => {
                return Err(t.error(
                    cspan,
                    DiagCode::MissingKey,
                    format!("erratum `{claim}` does not say what the rules give (`rules`)"),
                ));
            }
        };
        let ruling = t.required_string("ruling")?.0;
        let reason = t.required_string("reason")?.0;
        t.finish()?;
        out.push(Erratum {
            claim: claim.into_owned(),
            rules,
            rules_span,
            ruling,
            reason,
            span: cspan,
        });
    }
    Ok(out)
}

/// The entries of `doc`, each a binding, added to `out`.
fn bindings(doc: &mut Doc, out: &mut Vec<Binding>) -> Result<(), Diagnostic> {
    let entries = doc.drain();
    out.reserve(entries.len());
    for (name, span, v) in entries {
        let value = value(doc, &v)?;
        let name = SmolStr::new(&name);
        out.push(Binding { name, value, span });
    }
    Ok(())
}

/// A TOML value as an example value; dice stay text, and whole numbers stay
/// integers, until the rule's signature types them.
pub(crate) fn value(doc: &Doc, v: &Item) -> Result<Value, Diagnostic> {
    let span = doc.span_of(v);
    let bad = || {
        doc.error(
            span.clone(),
            DiagCode::WrongKind,
            "values are numbers, booleans, strings, or arrays of numbers or of strings",
        )
    };
    let is_float = |i: &Item| matches!(i.value(), Toml::Float(_));
    Ok(match v.value() {
        Toml::Integer(i) => Value::Int(i.as_i64().ok_or_else(bad)?),
        Toml::Float(f) => Value::Decimal(*f),
        Toml::Boolean(b) => Value::Bool(*b),
        Toml::String(s) => Value::Text(SmolStr::new(s)),
        Toml::Array(items) if items.iter().all(|i| i.as_str().is_some()) && !items.is_empty() => {
            Value::TextList(
                items
                    .iter()
                    .filter_map(Item::as_str)
                    .map(str::to_string)
                    .collect(),
            )
        }
        Toml::Array(items) if items.iter().any(is_float) => Value::DecimalList(
            items
                .iter()
                .map(|i| match i.value() {
                    Toml::Float(f) => Some(*f),
                    _ => i.as_i64().map(|n| n as f64),
                })
                .collect::<Option<_>>()
                .ok_or_else(bad)?,
        ),
        Toml::Array(items) => Value::IntList(
            items
                .iter()
                .map(|i| i.as_i64().ok_or_else(bad))
                .collect::<Result<_, _>>()?,
        ),
        _ => return Err(bad()),
    })
}
