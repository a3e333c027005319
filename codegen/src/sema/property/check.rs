//! Checks a property against its rule's signature, as examples are checked: the
//! rule exists, each domain fits its input's type, the law names outputs and
//! inputs that exist and can be compared. Typed domains replace the parsed ones.
//! Names are looked up in maps built once (the rule's [`Signature`], the
//! property's inputs by name), so checking costs time linear in the book.

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use super::{Bound, Domain, Input, Law, Name, Property, Written};
use crate::diag::code::DiagCode;
use crate::diag::diagnostic::{Diagnostic, Diagnostics};
use crate::diag::source::{SourceFile, Span};
use crate::model::{System, Value, ValueType};
use crate::sema::signature::{Known, Signature, typed_value};

/// The typed inputs and law of each property: (chapter index, property index, …).
pub(crate) type Typed = Vec<(usize, usize, (Vec<Input>, Law))>;

pub(crate) fn typed_properties(system: &System, known: &Known, diags: &mut Diagnostics) -> Typed {
    let mut typed = Vec::new();
    for (c, chapter) in system.chapters.iter().enumerate() {
        for (i, p) in chapter.properties.iter().enumerate() {
            let who = (("property", p.id.as_str()), p.rule.as_str());
            let file = &chapter.file;
            if let Some(sig) = known.rule(file, &p.rule_span, who, diags) {
                let mut at = At { file, diags };
                typed.push((c, i, at.property(p, sig)));
            }
        }
    }
    typed
}

/// Writes the typed inputs and laws back.
pub(crate) fn apply(system: &mut System, typed: Typed) {
    for (c, i, (given, law)) in typed {
        let p = &mut system.chapters[c].properties[i];
        p.given = given;
        p.law = law;
    }
}

/// Where diagnostics go while one property is checked.
struct At<'a> {
    file: &'a Arc<SourceFile>,
    diags: &'a mut Diagnostics,
}

/// A property's inputs by name.
type Given<'a> = HashMap<&'a str, &'a Input>;

impl At<'_> {
    fn error(&self, span: &Span, code: DiagCode, message: String) -> Diagnostic {
        Diagnostic::new(self.file, span.clone(), code, message)
    }

    fn push(&mut self, span: &Span, code: DiagCode, message: String) {
        self.diags.push(self.error(span, code, message));
    }

    /// The property's typed inputs and its law with every bound qualified.
    fn property(&mut self, p: &Property, sig: &Signature) -> (Vec<Input>, Law) {
        let given: Given = p.given.iter().map(|i| (i.name.as_str(), i)).collect();
        let typed = p.given.iter().map(|input| self.input(input, sig)).collect();
        for param in sig.rule.given.iter().filter(|q| !q.optional) {
            if !given.contains_key(&*param.name) {
                self.push(
                    &p.span,
                    DiagCode::MissingInput,
                    format!(
                        "property `{}` does not give `{}`, which rule `{}` needs",
                        p.id, param.name, sig.rule.id
                    ),
                );
            }
        }
        (typed, self.law(p, &given, sig))
    }

    /// `rule `r` takes no input `x``, with the closest inputs under the caret.
    fn no_input(&mut self, n: &Name, sig: &Signature) {
        let message = format!("rule `{}` takes no input `{}`", sig.rule.id, n.name);
        let d = self.error(&n.span, DiagCode::UnknownInput, message);
        self.diags.push(d.label(sig.no_input(&n.name)));
    }

    fn input(&mut self, input: &Input, sig: &Signature) -> Input {
        let Some(param) = sig.input(&input.name) else {
            let name = Name {
                name: input.name.clone(),
                span: input.span.clone(),
            };
            self.no_input(&name, sig);
            return input.clone();
        };
        match typed_domain(&input.domain, &param.ty) {
            Ok(domain) => Input {
                domain,
                ..input.clone()
            },
            Err(m) => {
                let message = format!("input `{}` {m}", input.name);
                self.push(&input.span, DiagCode::ValueMismatch, message);
                input.clone()
            }
        }
    }

    fn law(&mut self, p: &Property, given: &Given, sig: &Signature) -> Law {
        let key = p.law.key();
        match &p.law {
            Law::Resolves => Law::Resolves,
            Law::Monotone { output, input, .. } => {
                self.ordered_output(key, output, sig);
                self.grown_input(key, input, given, sig);
                p.law.clone()
            }
            Law::Bounded {
                output,
                relation,
                bound,
            } => {
                let out = self.ordered_output(key, output, sig);
                let bound = self.bound(key, bound, p, given, sig);
                if let (Some(out), Some((ty, name))) = (out, bound_type(&bound, sig))
                    && !comparable(&out, &ty)
                {
                    let message = format!(
                        "law `{key}` compares `{}` ({}) with {name} ({})",
                        output.name, out, ty
                    );
                    self.push(&output.span, DiagCode::Law, message);
                }
                Law::Bounded {
                    output: output.clone(),
                    relation: *relation,
                    bound,
                }
            }
        }
    }

    /// The output's type, when it is an output of the rule that has an order.
    fn ordered_output(&mut self, key: &str, output: &Name, sig: &Signature) -> Option<ValueType> {
        let Some(param) = sig.output(&output.name) else {
            let message = format!(
                "law `{key}` names `{}`, which rule `{}` does not produce",
                output.name, sig.rule.id
            );
            let d = self.error(&output.span, DiagCode::UnknownOutput, message);
            self.diags.push(d.label(sig.no_output(&output.name)));
            return None;
        };
        if !ordered(&param.ty) {
            let message = format!(
                "law `{key}` compares `{}`, which is {}: only int, decimal, dice and bool values have an order",
                output.name, param.ty
            );
            let d = self.error(&output.span, DiagCode::Law, message);
            self.diags.push(d.label("a value of no order"));
            return None;
        }
        Some(param.ty.clone())
    }

    /// The input a monotone law grows: an int or bool input whose domain varies.
    fn grown_input(&mut self, key: &str, input: &Name, given: &Given, sig: &Signature) {
        let Some(param) = sig.input(&input.name) else {
            self.no_input(input, sig);
            return;
        };
        if !matches!(
            param.ty,
            ValueType::Int | ValueType::Bool | ValueType::Decimal
        ) {
            let message = format!(
                "law `{key}` grows `{}`, which is {}: only an int, decimal or bool input grows",
                input.name, param.ty
            );
            self.push(&input.span, DiagCode::Law, message);
            return;
        }
        let varies = given
            .get(input.name.as_str())
            .is_some_and(|i| i.domain.varies());
        if !varies {
            let message = format!(
                "law `{key}` grows `{}`, which the property holds fixed",
                input.name
            );
            let d = self.error(&input.span, DiagCode::Law, message);
            self.diags
                .push(d.label("give it a range or a list of values in `[given]`"));
        }
    }

    /// The bound with a bare name qualified as the input or the output it names.
    fn bound(
        &mut self,
        key: &str,
        bound: &Written,
        p: &Property,
        given: &Given,
        sig: &Signature,
    ) -> Written {
        let qualified = match bound {
            Written::Bare(n) => match self.qualify(key, n, sig) {
                Some(q) => q,
                None => return bound.clone(),
            },
            Written::Qualified(q) => q.clone(),
        };
        match &qualified {
            Bound::Input(n) if sig.input(&n.name).is_none() => self.no_input(n, sig),
            Bound::Input(n) if !given.contains_key(n.name.as_str()) => {
                let message = format!(
                    "law `{key}` compares with `{}`, which property `{}` does not give",
                    n.name, p.id
                );
                self.push(&n.span, DiagCode::Law, message);
            }
            Bound::Output(n) if sig.output(&n.name).is_none() => {
                let message = format!("rule `{}` does not produce `{}`", sig.rule.id, n.name);
                let d = self.error(&n.span, DiagCode::UnknownOutput, message);
                self.diags.push(d.label(sig.no_output(&n.name)));
            }
            _ => {}
        }
        Written::Qualified(qualified)
    }

    /// A bare name as the input or the output of the rule it names; `None`,
    /// reported, when it names both or neither.
    fn qualify(&mut self, key: &str, n: &Name, sig: &Signature) -> Option<Bound> {
        let input = sig.input(&n.name).is_some();
        let output = sig.output(&n.name).is_some();
        let (message, label) = match (input, output) {
            (true, false) => return Some(Bound::Input(n.clone())),
            (false, true) => return Some(Bound::Output(n.clone())),
            (true, true) => (
                format!(
                    "`{}` is both an input and an output of rule `{}`",
                    n.name, sig.rule.id
                ),
                format!("write `given.{0}` or `outputs.{0}` to say which", n.name),
            ),
            (false, false) => (
                format!(
                    "law `{key}` compares with `{}`, which is neither an input nor an output of rule `{}`",
                    n.name, sig.rule.id
                ),
                sig.no_param(&n.name),
            ),
        };
        let d = self.error(&n.span, DiagCode::Law, message);
        self.diags.push(d.label(label));
        None
    }
}

/// The type of a qualified bound and how a message names it.
fn bound_type(bound: &Written, sig: &Signature) -> Option<(ValueType, String)> {
    let named = |n: &Name, ty: &ValueType| (ty.clone(), format!("`{}`", n.name));
    match bound {
        Written::Qualified(Bound::Constant(n)) => Some((ValueType::Int, format!("{n}"))),
        Written::Qualified(Bound::Input(n)) => sig.input(&n.name).map(|q| named(n, &q.ty)),
        Written::Qualified(Bound::Output(n)) => sig.output(&n.name).map(|q| named(n, &q.ty)),
        Written::Bare(_) => None,
    }
}

/// Int, decimal and dice (by their mean) are numbers; bool is false before true.
fn ordered(ty: &ValueType) -> bool {
    matches!(
        ty,
        ValueType::Int | ValueType::Decimal | ValueType::Dice | ValueType::Bool
    )
}

fn comparable(a: &ValueType, b: &ValueType) -> bool {
    let number = |t: &ValueType| matches!(t, ValueType::Int | ValueType::Decimal | ValueType::Dice);
    ordered(a) && ordered(b) && (number(a) == number(b))
}

/// The domain with its values typed by the input's type (dice text becomes dice).
/// A list given to a list-typed input is that input's one fixed value.
fn typed_domain(domain: &Domain, ty: &ValueType) -> Result<Domain, String> {
    match domain {
        Domain::Fixed(v) => typed_value(v, ty).map(Domain::Fixed).map_err(|m| m.why),
        Domain::Range { .. } if *ty == ValueType::Int => Ok(domain.clone()),
        Domain::Range { .. } => Err(format!("is {}: only an int input takes a range", ty)),
        Domain::OneOf(vs)
            if matches!(
                ty,
                ValueType::IntList | ValueType::TextList | ValueType::DecimalList
            ) =>
        {
            typed_value(&as_list(vs)?, ty)
                .map(Domain::Fixed)
                .map_err(|m| m.why)
        }
        Domain::OneOf(vs) if vs.is_empty() => Err("offers no value: list at least one".to_string()),
        Domain::OneOf(vs) => vs
            .iter()
            .map(|v| typed_value(v, ty).map_err(|m| m.why))
            .collect::<Result<_, _>>()
            .map(Domain::OneOf),
    }
}

/// Scalars listed for a list-typed input, as that list.
fn as_list(vs: &[Value]) -> Result<Value, String> {
    let ints: Option<Vec<i64>> = vs
        .iter()
        .map(|v| match v {
            Value::Int(n) => Some(*n),
            _ => None,
        })
        .collect();
    let texts: Option<Vec<String>> = vs
        .iter()
        .map(|v| match v {
            Value::Text(t) => Some(t.to_string()),
            _ => None,
        })
        .collect();
    let decimals: Option<Vec<f64>> = vs
        .iter()
        .map(|v| match v {
            Value::Int(n) => Some(*n as f64),
            Value::Decimal(x) => Some(*x),
            _ => None,
        })
        .collect();
    match (ints, texts, decimals) {
        (Some(ns), _, _) => Ok(Value::IntList(ns)),
        (None, Some(ts), _) => Ok(Value::TextList(ts)),
        (None, None, Some(xs)) => Ok(Value::DecimalList(xs)),
        (None, None, None) => Err("mixes kinds of values in one list".to_string()),
    }
}
