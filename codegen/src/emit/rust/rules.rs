//! Each rule as Rust: a module with `Given::from_values` and
//! `Outcome::into_values`, and the registry that runs a rule by its id.

use super::code::{Code, Opt, Plain, Str};
use super::ident;
use crate::model::{Book, Chapter, Param, Rule, ValueType};

pub fn rule(code: &mut Code, c: &Chapter, r: &Rule) {
    code.doc(&format!(
        " Rule `{}` ({}): its inputs and outputs.",
        r.id,
        Plain(&c.file.location(r.span.start))
    ));
    code.open(format_args!("pub mod {} {{", ident(&r.name)));
    given(code, &r.given);
    super::domains::within(code, &r.given);
    outcome(code, &r.outputs);
    code.close("}");
}

/// `Given`, read from the values by name with each input's type checked. A
/// word input is a `String` that `Values::word` refuses outside its words.
fn given(code: &mut Code, given: &[Param]) {
    code.doc(" What the rule takes.");
    fields(code, "Given", given);
    code.open("impl Given {");
    code.doc(" Reads the inputs by name, checking each one's type.");
    // A rule without inputs reads nothing: name the parameter so that it is not "unused".
    let v = if given.is_empty() { "_v" } else { "v" };
    code.open(format_args!(
        "pub fn from_values({v}: &crate::value::Values) -> Result<Given, crate::value::RuleError> {{"
    ));
    code.open("Ok(Given {");
    for p in given {
        let (f, key) = (ident(&p.name), Str(&p.name));
        let opt = if p.optional { "_opt" } else { "" };
        match &p.ty {
            ValueType::Word(words) => {
                let words: Vec<String> = words.iter().map(|w| Str(w).to_string()).collect();
                code.line(format_args!(
                    "{f}: v.word{opt}({key}, &[{}])?,",
                    words.join(", ")
                ));
            }
            _ => code.line(format_args!("{f}: v.get{opt}({key})?,")),
        }
    }
    code.close("})");
    code.close("}");
    code.close("}");
}

/// `Outcome`, turned into values by name.
fn outcome(code: &mut Code, outputs: &[Param]) {
    code.doc(" What the rule gives.");
    fields(code, "Outcome", outputs);
    code.open("impl Outcome {");
    code.doc(" The outputs by name.");
    code.open("pub fn into_values(self) -> crate::value::Values {");
    code.line("let mut v = crate::value::Values::default();");
    for p in outputs {
        code.line(format_args!(
            "v.set({}, self.{});",
            Str(&p.name),
            ident(&p.name)
        ));
    }
    code.line("v");
    code.close("}");
    code.close("}");
}

/// A struct with a field for each parameter.
fn fields(code: &mut Code, name: &str, params: &[Param]) {
    code.line("#[derive(Debug, Clone, PartialEq)]");
    if params.is_empty() {
        code.line(format_args!("pub struct {name} {{}}"));
        return;
    }
    code.open(format_args!("pub struct {name} {{"));
    for p in params {
        let ty = match p.ty {
            ValueType::Int => "i64",
            ValueType::Bool => "bool",
            ValueType::Text | ValueType::Word(_) => "String",
            ValueType::Dice => "crate::dice::Dice",
            ValueType::Decimal => "f64",
            ValueType::IntList => "Vec<i64>",
            ValueType::TextList => "Vec<String>",
            ValueType::DecimalList => "Vec<f64>",
        };
        let f = ident(&p.name);
        match p.optional {
            true => code.line(format_args!("pub {f}: Option<{ty}>,")),
            false => code.line(format_args!("pub {f}: {ty},")),
        }
    }
    code.close("}");
}

/// The `registry` module: every rule's signature, and `resolve`, which runs a
/// rule by its id through its `Given`, its resolver function and its `Outcome`.
pub fn registry(code: &mut Code, book: &Book) {
    code.doc(" Every rule the spec declares, and the way to run one by id.");
    code.open("pub mod registry {");
    code.doc(" Every rule the spec declares, in spec order.");
    code.open("pub const RULES: &[crate::value::RuleInfo] = &[");
    for (system, _, r) in rules(book) {
        code.open("crate::value::RuleInfo {");
        code.line(format_args!("system: {},", Str(system)));
        code.line(format_args!("id: {},", Str(&r.id)));
        code.line(format_args!(
            "section: {},",
            Opt(r.section.as_deref().map(Str))
        ));
        params(code, "given", &r.given);
        params(code, "outputs", &r.outputs);
        code.close("},");
    }
    code.close("];");
    super::tables::list(code, book);
    super::domains::table(code, book);
    resolve(code, book);
    code.close("}");
}

/// Every rule of the book with its system and chapter, in book order.
fn rules(book: &Book) -> impl Iterator<Item = (&str, &Chapter, &Rule)> {
    book.systems.iter().flat_map(|s| {
        s.chapters
            .iter()
            .flat_map(move |c| c.rules.iter().map(move |r| (s.id.as_str(), c, r)))
    })
}

/// A rule's parameters as `crate::value::Param`s, one a line.
fn params(code: &mut Code, key: &str, params: &[Param]) {
    if params.is_empty() {
        code.line(format_args!("{key}: &[],"));
        return;
    }
    code.open(format_args!("{key}: &["));
    for p in params {
        code.line(format_args!(
            "crate::value::Param {{ name: {}, ty: {}, optional: {} }},",
            Str(&p.name),
            value_type(&p.ty),
            p.optional
        ));
    }
    code.close("],");
}

fn value_type(ty: &ValueType) -> String {
    let name = match ty {
        ValueType::Int => "Int",
        ValueType::Bool => "Bool",
        ValueType::Text => "Text",
        ValueType::Word(words) => {
            let words: Vec<String> = words.iter().map(|w| Str(w).to_string()).collect();
            return format!("crate::value::Type::Word(&[{}])", words.join(", "));
        }
        ValueType::Dice => "Dice",
        ValueType::Decimal => "Decimal",
        ValueType::IntList => "IntList",
        ValueType::TextList => "TextList",
        ValueType::DecimalList => "DecimalList",
    };
    format!("crate::value::Type::{name}")
}

fn resolve(code: &mut Code, book: &Book) {
    code.doc(" Runs rule `rule` of `system` on `given`, recording its steps in `trace`.");
    code.open("pub fn resolve(");
    code.line("system: &str,");
    code.line("rule: &str,");
    code.line("given: &crate::value::Values,");
    code.line("trace: &mut crate::trace::Trace,");
    code.reopen(") -> Result<crate::value::Values, crate::value::RuleError> {");
    code.open("match (system, rule) {");
    for (system, c, r) in rules(book) {
        let path = format!("{}::{}::{}", ident(system), ident(&c.id), ident(&r.name));
        code.open(format_args!("({}, {}) => {{", Str(system), Str(&r.id)));
        code.line(format_args!(
            "let given = crate::spec::{path}::Given::from_values(given)?.within_domain()?;"
        ));
        code.line(format_args!(
            "crate::{path}(&given, trace).map(|o| o.into_values())"
        ));
        code.close("}");
    }
    code.line("_ => Err(crate::value::RuleError::UnknownRule { system: system.to_string(), rule: rule.to_string() }),");
    code.close("}");
    code.close("}");
}
