//! Checks across a whole book: ids are unique, examples name rules that exist and
//! give and claim what those rules take and produce, errata cite real rulings;
//! properties are checked in [`crate::property`].

use std::collections::HashMap;

use crate::cell::{parse_decimal, parse_dice};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::{Book, Chapter, Rule, Value, ValueType};
use crate::source::Span;

pub fn check(book: &mut Book, diags: &mut Diagnostics) {
    for system in &mut book.systems {
        unique_ids(&system.chapters, diags);
        let rules: HashMap<String, (&Rule, &Chapter)> = system
            .chapters
            .iter()
            .flat_map(|c| c.rules.iter().map(move |r| (r.id.clone(), (r, c))))
            .collect();
        let sections: Vec<&str> = system
            .chapters
            .iter()
            .flat_map(|c| c.sections.iter().map(|s| s.id.as_str()))
            .collect();
        let mut typed = Vec::new();
        for chapter in &system.chapters {
            for (i, example) in chapter.examples.iter().enumerate() {
                let file = &chapter.file;
                let Some((rule, _)) = rules.get(&example.rule) else {
                    let mut d = Diagnostic::new(
                        file,
                        example.rule_span.clone(),
                        format!(
                            "example `{}` names unknown rule `{}`",
                            example.id, example.rule
                        ),
                    )
                    .label("no `rule` block declares this");
                    if !rules.is_empty() {
                        let mut known: Vec<_> = rules.keys().map(String::as_str).collect();
                        known.sort();
                        d = d.note(format!(
                            "rules of system `{}`: {}",
                            system.id,
                            known.join(", ")
                        ));
                    }
                    diags.push(d);
                    continue;
                };
                let mut fix = Vec::new();
                for b in &example.given {
                    match rule.given.iter().find(|p| p.name == b.name) {
                        None => diags.push(
                            Diagnostic::new(
                                file,
                                b.span.clone(),
                                format!("rule `{}` takes no input `{}`", rule.id, b.name),
                            )
                            .label("not an input of the rule")
                            .note(format!("its inputs: {}", names(&rule.given))),
                        ),
                        Some(p) => match typed_value(&b.value, &p.ty) {
                            Ok(v) => fix.push((Slot::Given, b.name.clone(), v)),
                            Err(m) => diags.push(m.on(Diagnostic::new(
                                file,
                                b.span.clone(),
                                format!("input `{}` {}", b.name, m.why),
                            ))),
                        },
                    }
                }
                for p in rule.given.iter().filter(|p| !p.optional) {
                    if !example.given.iter().any(|b| b.name == p.name) {
                        diags.push(Diagnostic::new(
                            file,
                            example.span.clone(),
                            format!(
                                "example `{}` does not give `{}`, which rule `{}` needs",
                                example.id, p.name, rule.id
                            ),
                        ));
                    }
                }
                for b in &example.claims {
                    match rule.outputs.iter().find(|p| p.name == b.name) {
                        None => diags.push(
                            Diagnostic::new(
                                file,
                                b.span.clone(),
                                format!(
                                    "example `{}` claims `{}`, which rule `{}` does not produce",
                                    example.id, b.name, rule.id
                                ),
                            )
                            .label("not an output of the rule")
                            .note(format!("its outputs: {}", names(&rule.outputs))),
                        ),
                        Some(p) => match typed_value(&b.value, &p.ty) {
                            Ok(v) => fix.push((Slot::Claim, b.name.clone(), v)),
                            Err(m) => diags.push(m.on(Diagnostic::new(
                                file,
                                b.span.clone(),
                                format!("claim `{}` {}", b.name, m.why),
                            ))),
                        },
                    }
                }
                for e in &example.errata {
                    let Some(p) = rule.outputs.iter().find(|p| p.name == e.claim) else {
                        diags.push(Diagnostic::new(
                            file,
                            e.span.clone(),
                            format!(
                                "erratum on `{}`, which rule `{}` does not produce",
                                e.claim, rule.id
                            ),
                        ));
                        continue;
                    };
                    if !example.claims.iter().any(|c| c.name == e.claim) {
                        diags.push(Diagnostic::new(
                            file,
                            e.span.clone(),
                            format!("erratum on `{}`, which the example does not claim", e.claim),
                        ));
                    }
                    match typed_value(&e.rules, &p.ty) {
                        Ok(v) => fix.push((Slot::Erratum, e.claim.clone(), v)),
                        Err(m) => diags.push(m.on(Diagnostic::new(
                            file,
                            e.span.clone(),
                            format!("erratum `{}`: the rules' value {}", e.claim, m.why),
                        ))),
                    }
                    if !sections.contains(&e.ruling.as_str()) {
                        diags.push(Diagnostic::new(file, e.span.clone(), format!("erratum `{}` cites ruling `{}`, which is no section of system `{}`", e.claim, e.ruling, system.id)));
                    }
                }
                typed.push((chapter.id.clone(), i, fix));
            }
        }
        // Dice given as text become dice now that the rule's types are known.
        for (chapter, i, fix) in typed {
            let chapter = system
                .chapters
                .iter_mut()
                .find(|c| c.id == chapter)
                .expect("chapter seen above");
            let example = &mut chapter.examples[i];
            for (slot, name, v) in fix {
                match slot {
                    Slot::Given => example
                        .given
                        .iter_mut()
                        .filter(|b| b.name == name)
                        .for_each(|b| b.value = v.clone()),
                    Slot::Claim => example
                        .claims
                        .iter_mut()
                        .filter(|b| b.name == name)
                        .for_each(|b| b.value = v.clone()),
                    Slot::Erratum => example
                        .errata
                        .iter_mut()
                        .filter(|e| e.claim == name)
                        .for_each(|e| e.rules = v.clone()),
                }
            }
        }
        crate::property::check_properties(system, diags);
    }
}

/// Where a value checked against a rule's signature goes back to.
enum Slot {
    Given,
    Claim,
    Erratum,
}

pub(crate) fn names(ps: &[crate::model::Param]) -> String {
    ps.iter()
        .map(|p| format!("{}: {}{}", p.name, p.ty, if p.optional { "?" } else { "" }))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a value does not fit its type, and the word it was likely meant to be.
pub(crate) struct Misfit {
    pub(crate) why: String,
    meant: Option<String>,
}

impl Misfit {
    fn new(why: String) -> Misfit {
        Misfit { why, meant: None }
    }

    /// The report, with the likely word under the caret.
    fn on(&self, d: Diagnostic) -> Diagnostic {
        match &self.meant {
            Some(w) => d.label(format!("did you mean `{w}`?")),
            None => d,
        }
    }
}

pub(crate) fn typed_value(v: &Value, ty: &ValueType) -> Result<Value, Misfit> {
    match (ty, v) {
        (ValueType::Int, Value::Int(_))
        | (ValueType::Bool, Value::Bool(_))
        | (ValueType::Text, Value::Text(_))
        | (ValueType::IntList, Value::IntList(_))
        | (ValueType::TextList, Value::TextList(_))
        | (ValueType::Dice, Value::Dice(_)) => Ok(v.clone()),
        (ValueType::Word(words), Value::Text(t)) if words.contains(t) => Ok(v.clone()),
        (ValueType::Word(words), Value::Text(t)) => Err(Misfit {
            why: format!(
                "is `{t}`, which is not one of its words: {}",
                words.join(", ")
            ),
            meant: nearest(t, words).map(str::to_string),
        }),
        // `[]` has no element to tell its type by: the signature does.
        (ValueType::TextList, Value::IntList(v)) if v.is_empty() => Ok(Value::TextList(Vec::new())),
        (ValueType::Dice, Value::Text(t)) => parse_dice(t)
            .map(Value::Dice)
            .map_err(|e| Misfit::new(format!("is not dice: {}", e.message))),
        (ValueType::Decimal, v) => decimal(v).map(Value::Decimal),
        (ValueType::DecimalList, Value::DecimalList(xs)) => {
            decimals(xs.iter().map(|&x| Value::Decimal(x)))
        }
        (ValueType::DecimalList, Value::IntList(ns)) => decimals(ns.iter().map(|&n| Value::Int(n))),
        (ValueType::DecimalList, Value::TextList(ts)) => {
            decimals(ts.iter().map(|t| Value::Text(t.clone())))
        }
        _ => Err(Misfit::new(format!("must be of type `{ty}`"))),
    }
}

/// A decimal as an example writes it: a TOML number, or text that the
/// `decimal` cell grammar reads (`"½"`), so one grammar reads decimals everywhere.
fn decimal(v: &Value) -> Result<f64, Misfit> {
    match v {
        Value::Int(n) => Ok(*n as f64),
        Value::Decimal(x) if x.is_finite() => Ok(*x),
        Value::Decimal(x) => Err(Misfit::new(format!(
            "is {x}, which is no number: a decimal is finite"
        ))),
        Value::Text(t) => {
            parse_decimal(t).map_err(|e| Misfit::new(format!("is not a decimal: {}", e.message)))
        }
        _ => Err(Misfit::new("must be of type `decimal`".to_string())),
    }
}

fn decimals(vs: impl Iterator<Item = Value>) -> Result<Value, Misfit> {
    vs.map(|v| decimal(&v))
        .collect::<Result<_, _>>()
        .map(Value::DecimalList)
}

/// The word `found` most likely meant, when one is close enough to suggest.
fn nearest<'a>(found: &str, words: &'a [String]) -> Option<&'a str> {
    let found = found.to_lowercase();
    words
        .iter()
        .map(|w| (strsim::jaro_winkler(&found, &w.to_lowercase()), w.as_str()))
        .filter(|(score, _)| *score > 0.7)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, w)| w)
}

/// Sections, tables and examples share one namespace per system; rules another.
fn unique_ids(chapters: &[Chapter], diags: &mut Diagnostics) {
    let mut seen: HashMap<String, String> = HashMap::new();
    let mut rules: HashMap<String, String> = HashMap::new();
    for c in chapters {
        let items = c
            .sections
            .iter()
            .map(|s| (&s.id, &s.span, "section"))
            .chain(c.tables.iter().map(|t| (&t.id, &t.span, "table")))
            .chain(c.examples.iter().map(|e| (&e.id, &e.span, "example")))
            .chain(c.properties.iter().map(|p| (&p.id, &p.span, "property")));
        for (id, span, what) in items {
            first_or_report(&mut seen, id, c, span, what, diags);
        }
        for r in &c.rules {
            first_or_report(&mut rules, &r.id, c, &r.span, "rule", diags);
        }
        let mut consts: HashMap<String, String> = HashMap::new();
        for t in &c.tables {
            if let crate::model::TableKind::Rows {
                const_name,
                row_type,
            } = &t.kind
            {
                first_or_report(&mut consts, const_name, c, &t.span, "table constant", diags);
                first_or_report(&mut consts, row_type, c, &t.span, "row type", diags);
            }
        }
    }
}

fn first_or_report(
    seen: &mut HashMap<String, String>,
    id: &str,
    c: &Chapter,
    span: &Span,
    what: &str,
    diags: &mut Diagnostics,
) {
    let here = c.file.location(span.start);
    match seen.get(id) {
        Some(first) => diags.push(
            Diagnostic::new(&c.file, span.clone(), format!("duplicate {what} id `{id}`"))
                .label("defined again here")
                .note(format!("first defined at {first}")),
        ),
        None => {
            seen.insert(id.to_string(), here);
        }
    }
}
