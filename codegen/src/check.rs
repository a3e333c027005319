//! Checks across a whole book: ids are unique, examples name rules that exist and
//! give and claim what those rules take and produce, errata cite real rulings;
//! properties are checked in [`crate::property`].
//!
//! Each pass looks names up in maps built once per system ([`Known`]), so the
//! checks cost time linear in the book, however many mistakes it holds.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::cell::{parse_decimal, parse_dice};
use crate::code::Code;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::{Binding, Book, Chapter, Example, Param, Rule, System, Value, ValueType};
use crate::property;
use crate::source::{SourceFile, Span};
use crate::suggest::{Budget, closest};

pub fn check(book: &mut Book, diags: &mut Diagnostics) {
    for system in &mut book.systems {
        unique_ids(&system.chapters, diags);
        let budget = Budget::default();
        let known = Known::of(system, &budget);
        let examples = typed_examples(system, &known, diags);
        let properties = property::typed_properties(system, &known, diags);
        apply(system, examples);
        property::apply(system, properties);
    }
}

/// The names of one system that examples and properties refer to, each found
/// by a map lookup.
pub(crate) struct Known<'a> {
    system: &'a str,
    rules: HashMap<&'a str, Signature<'a>>,
    /// Rules whose block failed to compile: known, but with no signature.
    broken: HashSet<&'a str>,
    sections: HashSet<&'a str>,
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
    fn of(system: &'a System, budget: &'a Budget) -> Known<'a> {
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
                .flat_map(|c| c.sections.iter().map(|s| s.id.as_str()))
                .collect(),
        }
    }

    /// The rule `who` names at `span`; reported when no rule block declares
    /// it, and passed over in silence when its block failed to compile.
    pub(crate) fn rule(
        &self,
        file: &Arc<SourceFile>,
        span: &Span,
        (who, name): (String, &str),
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
                    Code::UnknownRule,
                    format!("{who} names unknown rule `{name}`"),
                )
                .label(label),
            );
        }
        found
    }
}

impl<'a> Signature<'a> {
    fn of(rule: &'a Rule, budget: &'a Budget) -> Signature<'a> {
        let by_name = |ps: &'a [Param]| ps.iter().map(|p| (p.name.as_str(), p)).collect();
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

/// A value of an example, typed by its rule's signature, to write back: which
/// list of the example it is in, at which index.
enum Fix {
    Given(usize, Value),
    Claim(usize, Value),
    Erratum(usize, Value),
}

/// The fixes of each example: (chapter index, example index, fixes).
type Typed = Vec<(usize, usize, Vec<Fix>)>;

/// Checks every example of `system` against its rule.
fn typed_examples(system: &System, known: &Known, diags: &mut Diagnostics) -> Typed {
    let mut typed = Vec::new();
    for (c, chapter) in system.chapters.iter().enumerate() {
        for (i, example) in chapter.examples.iter().enumerate() {
            let who = (format!("example `{}`", example.id), example.rule.as_str());
            let file = &chapter.file;
            if let Some(sig) = known.rule(file, &example.rule_span, who, diags) {
                let mut at = At { file, diags };
                let mut fixes = at.given(example, sig);
                fixes.extend(at.claims(example, sig));
                fixes.extend(at.errata(example, sig, known));
                typed.push((c, i, fixes));
            }
        }
    }
    typed
}

/// Where the diagnostics of one example go.
struct At<'a> {
    file: &'a Arc<SourceFile>,
    diags: &'a mut Diagnostics,
}

impl At<'_> {
    fn error(&self, span: &Span, code: Code, message: String) -> Diagnostic {
        Diagnostic::new(self.file, span.clone(), code, message)
    }

    fn push(&mut self, span: &Span, code: Code, message: String) {
        self.diags.push(self.error(span, code, message));
    }

    /// The example's inputs, each one the rule takes and of its type, and
    /// every input the rule needs.
    fn given(&mut self, example: &Example, sig: &Signature) -> Vec<Fix> {
        let rule = &sig.rule.id;
        let mut fixes = Vec::new();
        for (i, b) in example.given.iter().enumerate() {
            let Some(p) = sig.input(&b.name) else {
                let message = format!("rule `{rule}` takes no input `{}`", b.name);
                let d = self.error(&b.span, Code::UnknownInput, message);
                self.diags.push(d.label(sig.no_input(&b.name)));
                continue;
            };
            if let Some(v) = self.typed(b, &p.ty, format!("input `{}`", b.name)) {
                fixes.push(Fix::Given(i, v));
            }
        }
        let given: HashSet<&str> = example.given.iter().map(|b| b.name.as_str()).collect();
        for p in sig.rule.given.iter().filter(|p| !p.optional) {
            if !given.contains(p.name.as_str()) {
                let message = format!(
                    "example `{}` does not give `{}`, which rule `{rule}` needs",
                    example.id, p.name
                );
                self.push(&example.span, Code::MissingInput, message);
            }
        }
        fixes
    }

    /// The example's claims, each an output of the rule and of its type.
    fn claims(&mut self, example: &Example, sig: &Signature) -> Vec<Fix> {
        let mut fixes = Vec::new();
        for (i, b) in example.claims.iter().enumerate() {
            let Some(p) = sig.output(&b.name) else {
                let message = format!(
                    "example `{}` claims `{}`, which rule `{}` does not produce",
                    example.id, b.name, sig.rule.id
                );
                let d = self.error(&b.span, Code::UnknownOutput, message);
                self.diags.push(d.label(sig.no_output(&b.name)));
                continue;
            };
            if let Some(v) = self.typed(b, &p.ty, format!("claim `{}`", b.name)) {
                fixes.push(Fix::Claim(i, v));
            }
        }
        fixes
    }

    /// `b`'s value typed as `ty`, or reported as `what` that does not fit.
    fn typed(&mut self, b: &Binding, ty: &ValueType, what: String) -> Option<Value> {
        typed_value(&b.value, ty)
            .map_err(|m| self.misfit(&b.span, format!("{what} {}", m.why), &m))
            .ok()
    }

    /// A value that does not fit its type, with the word it likely meant.
    fn misfit(&mut self, span: &Span, message: String, m: &Misfit) {
        let d = self.error(span, Code::ValueMismatch, message);
        self.diags.push(m.on(d));
    }

    /// The example's errata: each on an output it claims, of the output's
    /// type, citing a section of the system as its ruling.
    fn errata(&mut self, example: &Example, sig: &Signature, known: &Known) -> Vec<Fix> {
        let rule = &sig.rule.id;
        let claimed: HashSet<&str> = example.claims.iter().map(|b| b.name.as_str()).collect();
        let mut fixes = Vec::new();
        for (i, e) in example.errata.iter().enumerate() {
            let Some(p) = sig.output(&e.claim) else {
                let message = format!(
                    "erratum on `{}`, which rule `{rule}` does not produce",
                    e.claim
                );
                let d = self.error(&e.span, Code::UnknownOutput, message);
                self.diags.push(d.label(sig.no_output(&e.claim)));
                continue;
            };
            if !claimed.contains(e.claim.as_str()) {
                let message = format!("erratum on `{}`, which the example does not claim", e.claim);
                self.push(&e.span, Code::Erratum, message);
            }
            match typed_value(&e.rules, &p.ty) {
                Ok(v) => fixes.push(Fix::Erratum(i, v)),
                Err(m) => {
                    let message = format!("erratum `{}`: the rules' value {}", e.claim, m.why);
                    self.misfit(&e.span, message, &m);
                }
            }
            if !known.sections.contains(e.ruling.as_str()) {
                let message = format!(
                    "erratum `{}` cites ruling `{}`, which is no section of system `{}`",
                    e.claim, e.ruling, known.system
                );
                self.push(&e.span, Code::Erratum, message);
            }
        }
        fixes
    }
}

/// Writes the typed values back: dice given as text become dice now that the
/// rule's types are known.
fn apply(system: &mut System, typed: Typed) {
    for (c, i, fixes) in typed {
        let example = &mut system.chapters[c].examples[i];
        for fix in fixes {
            match fix {
                Fix::Given(j, v) => example.given[j].value = v,
                Fix::Claim(j, v) => example.claims[j].value = v,
                Fix::Erratum(j, v) => example.errata[j].rules = v,
            }
        }
    }
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
            meant: closest(t, words.iter().map(String::as_str))
                .first()
                .map(|w| w.to_string()),
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

/// Sections, tables, examples and properties share one namespace per system;
/// rules another; table constants and row types a third, per chapter.
fn unique_ids(chapters: &[Chapter], diags: &mut Diagnostics) {
    let mut seen = Seen::new();
    let mut rules = Seen::new();
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
        let mut consts = Seen::new();
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

/// Each id seen: where it was first defined, and as what.
type Seen = HashMap<String, (String, &'static str)>;

/// Records `id` of the kind `what`, or reports it as defined before, naming
/// both kinds when they differ (a section and an example, say).
fn first_or_report(
    seen: &mut Seen,
    id: &str,
    c: &Chapter,
    span: &Span,
    what: &'static str,
    diags: &mut Diagnostics,
) {
    let Some((first, kind)) = seen.get(id) else {
        seen.insert(id.to_string(), (c.file.location(span.start), what));
        return;
    };
    let (message, note) = if *kind == what {
        (
            format!("duplicate {what} id `{id}`"),
            format!("first defined at {first}"),
        )
    } else {
        (
            format!("{what} id `{id}` is already the id of a {kind}"),
            format!("the {kind} `{id}` is defined at {first}"),
        )
    };
    diags.push(
        Diagnostic::new(&c.file, span.clone(), Code::DuplicateId, message)
            .label("defined again here")
            .note(note),
    );
}
