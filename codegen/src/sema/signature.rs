//! What the rules of a system take and give, looked up by name: the maps that
//! the checks of examples ([`crate::sema::check`]) and of properties
//! ([`crate::sema::property`]) share, and how a value is typed against a parameter.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::Arc;

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::{Diagnostic, Diagnostics};
use crate::diag::source::{SourceFile, Span};
use crate::diag::suggest::{Budget, closest};
use crate::model::{Param, Rule, System, Value, ValueType};
use crate::syntax::cell::{parse_decimal, parse_dice};

/// The names of one system that examples and properties refer to, each found
/// by a map lookup.
pub(crate) struct Known<'a> {
    pub(crate) system: &'a str,
    rules: HashMap<&'a str, Signature<'a>>,
    /// Rules whose block failed to compile: known, but with no signature.
    broken: HashSet<&'a str>,
    pub(crate) sections: HashSet<&'a str>,
    budget: &'a Budget,
}

/// One rule with its inputs and outputs by name.
pub(crate) struct Signature<'a> {
    pub(crate) rule: &'a Rule,
    given: HashMap<&'a str, &'a Param>,
    outputs: HashMap<&'a str, &'a Param>,
    budget: &'a Budget,
}

impl<'a> Known<'a> {
    pub(crate) fn of(system: &'a System, budget: &'a Budget) -> Known<'a> {
        let rules = system.chapters.iter().flat_map(|c| &c.rules);
        Known {
            system: &system.id,
            rules: rules
                .map(|r| (r.id.as_str(), Signature::of(r, budget)))
                .collect(),
            budget,
            broken: system
                .chapters
                .iter()
                .flat_map(|c| c.broken_rules.iter().map(String::as_str))
                .collect(),
            sections: system
                .chapters
                .iter()
                .flat_map(|c| c.sections.iter().map(|s| &*s.id))
                .collect(),
        }
    }

    /// The rule `who` names at `span`; reported when no rule block declares
    /// it, and passed over in silence when its block failed to compile.
    pub(crate) fn rule(
        &self,
        file: &Arc<SourceFile>,
        span: &Span,
        ((kind, id), name): ((&str, &str), &str),
        diags: &mut Diagnostics,
    ) -> Option<&Signature<'a>> {
        let found = self.rules.get(name);
        if found.is_none() && !self.broken.contains(name) {
            let known = self.rules.keys().chain(&self.broken).copied();
            let count = self.rules.len() + self.broken.len();
            let label = self
                .budget
                .did_you_mean(name, known, count)
                .unwrap_or_else(|| {
                    format!("no `rule` block of system `{}` declares this", self.system)
                });
            diags.push(
                Diagnostic::new(
                    file,
                    span.clone(),
                    DiagCode::UnknownRule,
                    format!("{kind} `{id}` names unknown rule `{name}`"),
                )
                .label(label),
            );
        }
        found
    }
}

impl<'a> Signature<'a> {
    fn of(rule: &'a Rule, budget: &'a Budget) -> Signature<'a> {
        let by_name = |ps: &'a [Param]| ps.iter().map(|p| (&*p.name, p)).collect();
        Signature {
            rule,
            budget,
            given: by_name(&rule.given),
            outputs: by_name(&rule.outputs),
        }
    }

    pub(crate) fn input(&self, name: &str) -> Option<&'a Param> {
        self.given.get(name).copied()
    }

    pub(crate) fn output(&self, name: &str) -> Option<&'a Param> {
        self.outputs.get(name).copied()
    }

    /// The label for `name`, which is no input: the closest inputs, if any.
    pub(crate) fn no_input(&self, name: &str) -> String {
        self.budget
            .did_you_mean(name, self.given.keys().copied(), self.given.len())
            .unwrap_or_else(|| "not an input of the rule".into())
    }

    /// The label for `name`, which is neither an input nor an output: the
    /// closest of either, if any.
    pub(crate) fn no_param(&self, name: &str) -> String {
        let all = self.given.keys().chain(self.outputs.keys()).copied();
        self.budget
            .did_you_mean(name, all, self.given.len() + self.outputs.len())
            .unwrap_or_else(|| "neither an input nor an output of the rule".into())
    }

    /// The label for `name`, which is no output: the closest outputs, if any.
    pub(crate) fn no_output(&self, name: &str) -> String {
        self.budget
            .did_you_mean(name, self.outputs.keys().copied(), self.outputs.len())
            .unwrap_or_else(|| "not an output of the rule".into())
    }
}

/// Why a value does not fit its type, and the word it was likely meant to be.
pub(crate) struct Misfit {
    pub(crate) why: String,
    meant: Option<String>,
}

impl Misfit {
    pub(crate) fn new(why: String) -> Misfit {
        Misfit { why, meant: None }
    }

    /// The report, with the likely word under the caret.
    pub(crate) fn on(&self, d: Diagnostic) -> Diagnostic {
        match &self.meant {
            Some(w) => d.label(format!("did you mean `{w}`?")),
            None => d,
        }
    }
}

/// `v` typed as `ty`: `None` when it already is a value of the type as it
/// stands (most are), so that the check copies only what typing changes.
pub(crate) fn retyped(v: &Value, ty: &ValueType) -> Result<Option<Value>, Misfit> {
    match (ty, v) {
        (ValueType::Int, Value::Int(_))
        | (ValueType::Bool, Value::Bool(_))
        | (ValueType::Text, Value::Text(_))
        | (ValueType::IntList, Value::IntList(_))
        | (ValueType::TextList, Value::TextList(_))
        | (ValueType::Dice, Value::Dice(_)) => Ok(None),
        (ValueType::Word(words), Value::Text(t)) if words.iter().any(|w| w == t) => Ok(None),
        (ValueType::Word(words), Value::Text(t)) => Err(Misfit {
            why: format!(
                "is `{t}`, which is not one of its words: {}",
                words.join(", ")
            ),
            meant: closest(t, words.iter().map(String::as_str))
                .first()
                .map(|w| w.to_string()),
        }),
        // `[]` has no element to tell its type by: the signature does.
        (ValueType::TextList, Value::IntList(v)) if v.is_empty() => {
            Ok(Some(Value::TextList(Vec::new())))
        }
        (ValueType::Dice, Value::Text(t)) => parse_dice(t)
            .map(|d| Some(Value::Dice(d)))
            .map_err(|e| Misfit::new(format!("is not dice: {}", e.message))),
        (ValueType::Decimal, v) => decimal(v).map(|x| Some(Value::Decimal(x))),
        (ValueType::DecimalList, Value::DecimalList(xs)) => {
            decimals(xs.iter().map(|&x| Value::Decimal(x))).map(Some)
        }
        (ValueType::DecimalList, Value::IntList(ns)) => {
            decimals(ns.iter().map(|&n| Value::Int(n))).map(Some)
        }
        (ValueType::DecimalList, Value::TextList(ts)) => {
            decimals(ts.iter().map(|t| Value::Text(t.into()))).map(Some)
        }
        _ => Err(Misfit::new(format!("must be of type `{ty}`"))),
    }
}

/// `v` typed as `ty`, as a value of its own.
pub(crate) fn typed_value(v: &Value, ty: &ValueType) -> Result<Value, Misfit> {
    retyped(v, ty).map(|typed| typed.unwrap_or_else(|| v.clone()))
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
