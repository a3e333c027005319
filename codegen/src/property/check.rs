//! Checks a property against its rule's signature, as examples are checked: the
//! rule exists, each domain fits its input's type, the law names outputs and
//! inputs that exist and can be compared. Typed domains replace the parsed ones.

use std::sync::Arc;

use super::{Bound, Domain, Input, Law, Name, Property};
use crate::check::{names, typed_value};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::{Param, Rule, System, Value, ValueType};
use crate::source::{SourceFile, Span};

pub(crate) fn check_properties(system: &mut System, diags: &mut Diagnostics) {
    let mut typed = Vec::new();
    for (c, chapter) in system.chapters.iter().enumerate() {
        for (i, p) in chapter.properties.iter().enumerate() {
            let rule = system
                .chapters
                .iter()
                .flat_map(|c| &c.rules)
                .find(|r| r.id == p.rule);
            let mut at = At {
                file: &chapter.file,
                diags: &mut *diags,
            };
            match rule {
                Some(rule) => typed.push((c, i, at.property(p, rule))),
                None => at.unknown_rule(p, system),
            }
        }
    }
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

impl At<'_> {
    fn error(&self, span: &Span, message: String) -> Diagnostic {
        Diagnostic::new(self.file, span.clone(), message)
    }

    fn push(&mut self, span: &Span, message: String) {
        self.diags.push(self.error(span, message));
    }

    fn unknown_rule(&mut self, p: &Property, system: &System) {
        let mut known: Vec<&str> = system
            .chapters
            .iter()
            .flat_map(|c| &c.rules)
            .map(|r| r.id.as_str())
            .collect();
        known.sort();
        let mut d = self
            .error(
                &p.rule_span,
                format!("property `{}` names unknown rule `{}`", p.id, p.rule),
            )
            .label("no `rule` block declares this");
        if !known.is_empty() {
            d = d.note(format!(
                "rules of system `{}`: {}",
                system.id,
                known.join(", ")
            ));
        }
        self.diags.push(d);
    }

    /// The property's typed inputs and its law with every bound qualified.
    fn property(&mut self, p: &Property, rule: &Rule) -> (Vec<Input>, Law) {
        let given = p
            .given
            .iter()
            .map(|input| self.input(input, rule))
            .collect();
        for param in rule.given.iter().filter(|q| !q.optional) {
            if !p.given.iter().any(|i| i.name == param.name) {
                self.push(
                    &p.span,
                    format!(
                        "property `{}` does not give `{}`, which rule `{}` needs",
                        p.id, param.name, rule.id
                    ),
                );
            }
        }
        (given, self.law(p, rule))
    }

    fn input(&mut self, input: &Input, rule: &Rule) -> Input {
        let Some(param) = rule.given.iter().find(|q| q.name == input.name) else {
            let d = self
                .error(
                    &input.span,
                    format!("rule `{}` takes no input `{}`", rule.id, input.name),
                )
                .label("not an input of the rule")
                .note(format!("its inputs: {}", names(&rule.given)));
            self.diags.push(d);
            return input.clone();
        };
        match typed_domain(&input.domain, &param.ty) {
            Ok(domain) => Input {
                domain,
                ..input.clone()
            },
            Err(m) => {
                self.push(&input.span, format!("input `{}` {m}", input.name));
                input.clone()
            }
        }
    }

    fn law(&mut self, p: &Property, rule: &Rule) -> Law {
        let key = p.law.key();
        match &p.law {
            Law::Resolves => Law::Resolves,
            Law::Monotone { output, input, .. } => {
                self.ordered_output(key, output, rule);
                self.grown_input(key, input, p, rule);
                p.law.clone()
            }
            Law::Bounded {
                output,
                relation,
                bound,
            } => {
                let out = self.ordered_output(key, output, rule);
                let bound = self.bound(key, bound, p, rule);
                if let (Some(out), Some((ty, name))) = (out, self.bound_type(&bound, rule))
                    && !comparable(&out, &ty)
                {
                    self.push(
                        &output.span,
                        format!(
                            "law `{key}` compares `{}` ({}) with {name} ({})",
                            output.name, out, ty
                        ),
                    );
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
    fn ordered_output(&mut self, key: &str, output: &Name, rule: &Rule) -> Option<ValueType> {
        let Some(param) = param(&rule.outputs, &output.name) else {
            let d = self
                .error(
                    &output.span,
                    format!(
                        "law `{key}` names `{}`, which rule `{}` does not produce",
                        output.name, rule.id
                    ),
                )
                .label("not an output of the rule")
                .note(format!("its outputs: {}", names(&rule.outputs)));
            self.diags.push(d);
            return None;
        };
        if !ordered(&param.ty) {
            let d = self.error(
                &output.span,
                format!(
                    "law `{key}` compares `{}`, which is {}: only int, decimal, dice and bool values have an order",
                    output.name,
                    param.ty
                ),
            ).label("a value of no order");
            self.diags.push(d);
            return None;
        }
        Some(param.ty.clone())
    }

    /// The input a monotone law grows: an int or bool input whose domain varies.
    fn grown_input(&mut self, key: &str, input: &Name, p: &Property, rule: &Rule) {
        let Some(param) = param(&rule.given, &input.name) else {
            let d = self
                .error(
                    &input.span,
                    format!("rule `{}` takes no input `{}`", rule.id, input.name),
                )
                .note(format!("its inputs: {}", names(&rule.given)));
            self.diags.push(d);
            return;
        };
        if !matches!(
            param.ty,
            ValueType::Int | ValueType::Bool | ValueType::Decimal
        ) {
            self.push(
                &input.span,
                format!(
                    "law `{key}` grows `{}`, which is {}: only an int, decimal or bool input grows",
                    input.name, param.ty
                ),
            );
            return;
        }
        let varies = p
            .given
            .iter()
            .find(|i| i.name == input.name)
            .is_some_and(|i| i.domain.varies());
        if !varies {
            let d = self
                .error(
                    &input.span,
                    format!(
                        "law `{key}` grows `{}`, which the property holds fixed",
                        input.name
                    ),
                )
                .label("give it a range or a list of values in `[given]`");
            self.diags.push(d);
        }
    }

    /// The bound with a bare name qualified as the input or the output it names.
    fn bound(&mut self, key: &str, bound: &Bound, p: &Property, rule: &Rule) -> Bound {
        let qualified = match bound {
            Bound::Unqualified(n) => {
                let input = param(&rule.given, &n.name).is_some();
                let output = param(&rule.outputs, &n.name).is_some();
                match (input, output) {
                    (true, false) => Bound::Input(n.clone()),
                    (false, true) => Bound::Output(n.clone()),
                    (true, true) => {
                        let d = self
                            .error(
                                &n.span,
                                format!(
                                    "`{}` is both an input and an output of rule `{}`",
                                    n.name, rule.id
                                ),
                            )
                            .label(format!(
                                "write `given.{0}` or `outputs.{0}` to say which",
                                n.name
                            ));
                        self.diags.push(d);
                        return bound.clone();
                    }
                    (false, false) => {
                        let d = self.error(
                            &n.span,
                            format!(
                                "law `{key}` compares with `{}`, which is neither an input nor an output of rule `{}`",
                                n.name, rule.id
                            ),
                        ).note(format!(
                            "its inputs: {}; its outputs: {}",
                            names(&rule.given),
                            names(&rule.outputs)
                        ));
                        self.diags.push(d);
                        return bound.clone();
                    }
                }
            }
            other => other.clone(),
        };
        match &qualified {
            Bound::Input(n) if param(&rule.given, &n.name).is_none() => {
                self.push(
                    &n.span,
                    format!("rule `{}` takes no input `{}`", rule.id, n.name),
                );
            }
            Bound::Input(n) if !p.given.iter().any(|i| i.name == n.name) => {
                self.push(
                    &n.span,
                    format!(
                        "law `{key}` compares with `{}`, which property `{}` does not give",
                        n.name, p.id
                    ),
                );
            }
            Bound::Output(n) if param(&rule.outputs, &n.name).is_none() => {
                self.push(
                    &n.span,
                    format!("rule `{}` does not produce `{}`", rule.id, n.name),
                );
            }
            _ => {}
        }
        qualified
    }

    /// The type of a qualified bound and how a message names it.
    fn bound_type(&self, bound: &Bound, rule: &Rule) -> Option<(ValueType, String)> {
        match bound {
            Bound::Constant(n) => Some((ValueType::Int, format!("{n}"))),
            Bound::Input(n) => {
                param(&rule.given, &n.name).map(|q| (q.ty.clone(), format!("`{}`", n.name)))
            }
            Bound::Output(n) => {
                param(&rule.outputs, &n.name).map(|q| (q.ty.clone(), format!("`{}`", n.name)))
            }
            Bound::Unqualified(_) => None,
        }
    }
}

fn param<'a>(ps: &'a [Param], name: &str) -> Option<&'a Param> {
    ps.iter().find(|q| q.name == name)
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
            Value::Text(t) => Some(t.clone()),
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
