//! Each rule's declared domains as Rust: `Given::within_domain`, which the
//! registry calls on the inputs it reads, and `DOMAINS`, every bound by rule
//! and name, which the totality test checks each output against.

use super::ident;
use super::writer::{Str, Writer};
use crate::domain::Domain;
use crate::model::{Book, Param, ValueType};

/// `Given::within_domain`: the inputs, or a refusal of the first figure that
/// lies outside its input's domain.
pub fn within(w: &mut Writer, given: &[Param]) {
    w.open("impl Given {");
    w.doc(" The inputs, refused when a figure lies outside the domain its rule block declares.");
    w.open("pub fn within_domain(self) -> ::core::result::Result<Self, crate::value::RuleError> {");
    for p in given {
        let Some(d) = p.domain else { continue };
        let f = ident(&p.name);
        let figures = match (&p.ty, p.optional) {
            (ValueType::IntList | ValueType::DecimalList, false) => {
                format!("self.{f}.iter().copied()")
            }
            (ValueType::IntList | ValueType::DecimalList, true) => {
                format!("self.{f}.iter().flatten().copied()")
            }
            (_, false) => format!("::core::iter::once(self.{f})"),
            (_, true) => format!("self.{f}.into_iter()"),
        };
        let whole = matches!(p.ty, ValueType::Int | ValueType::IntList);
        let verb = match p.ty {
            ValueType::IntList | ValueType::DecimalList => "holds",
            _ => "is",
        };
        w.open(format_args!(
            "if let ::core::option::Option::Some(x) = {figures}.find(|x| !({}).contains(x)) {{",
            range(&d, whole)
        ));
        w.line(format_args!(
            "return ::core::result::Result::Err(crate::value::RuleError::Invalid(::std::format!({})));",
            Str(&format!("`{}` {verb} {{x}}, outside its domain {d}", p.name))
        ));
        w.close("}");
    }
    w.line("::core::result::Result::Ok(self)");
    w.close("}");
    w.close("}");
}

/// `d` as a Rust range of `i64`s (`whole`) or `f64`s.
fn range(d: &Domain, whole: bool) -> String {
    let figure = |x: f64| match whole {
        true => format!("{}", x as i64),
        false => format!("{x:?}"),
    };
    let lo = d.lo.map(figure).unwrap_or_default();
    match d.hi {
        Some(hi) => format!("{lo}..={}", figure(hi)),
        None => format!("{lo}.."),
    }
}

/// `DOMAINS`: `(system, rule, "given" or "outputs", name, lowest, highest)`
/// for every declared domain, an open end infinite.
pub fn table(w: &mut Writer, book: &Book) {
    w.doc(" Every domain a rule block declares: system, rule, `given` or `outputs`,");
    w.doc(" name, and the lowest and highest figure it holds (infinite where open).");
    w.open("pub const DOMAINS: &[(&str, &str, &str, &str, ::core::primitive::f64, ::core::primitive::f64)] = &[");
    let infinite = "::core::primitive::f64::INFINITY";
    for s in &book.systems {
        for r in s.chapters.iter().flat_map(|c| &c.rules) {
            let sides = [("given", &r.given), ("outputs", &r.outputs)];
            for (side, p) in sides
                .iter()
                .flat_map(|(side, ps)| ps.iter().map(move |p| (side, p)))
            {
                let Some(d) = p.domain else { continue };
                let lo = d.lo.map_or(format!("-{infinite}"), |x| format!("{x:?}"));
                let hi = d.hi.map_or(infinite.to_string(), |x| format!("{x:?}"));
                w.line(format_args!(
                    "({}, {}, {}, {}, {lo}, {hi}),",
                    Str(&s.id),
                    Str(&r.id),
                    Str(side),
                    Str(&p.name)
                ));
            }
        }
    }
    w.close("];");
}
