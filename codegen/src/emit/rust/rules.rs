//! Each rule as Rust: a module with `Given::from_values` and
//! `Outcome::into_values`, and the registry that runs a rule by its id.

use super::ident;
use super::writer::{Opt, Plain, Str, Writer};
use crate::model::{Book, Chapter, Param, Rule, ValueType};

pub fn rule(w: &mut Writer, c: &Chapter, r: &Rule) {
    w.doc(&format!(
        " Rule `{}` ({}): its inputs and outputs.",
        r.id,
        Plain(&c.file.location(r.span.start))
    ));
    w.open(format_args!("pub mod {} {{", ident(&r.name)));
    given(w, &r.given);
    super::domains::within(w, &r.given);
    outcome(w, &r.outputs);
    w.close("}");
}

/// `Given`, read from the values by name with each input's type checked. A
/// word input is a `String` that `Values::word` refuses outside its words.
fn given(w: &mut Writer, given: &[Param]) {
    w.doc(" What the rule takes.");
    fields(w, "Given", given);
    w.open("impl Given {");
    w.doc(" Reads the inputs by name, checking each one's type.");
    // A rule without inputs reads nothing: name the parameter so that it is not "unused".
    let v = if given.is_empty() { "_v" } else { "v" };
    w.open(format_args!(
        "pub fn from_values({v}: &crate::value::Values) -> ::core::result::Result<Self, crate::value::RuleError> {{"
    ));
    w.open("::core::result::Result::Ok(Self {");
    for p in given {
        let (f, key) = (ident(&p.name), Str(&p.name));
        let opt = if p.optional { "_opt" } else { "" };
        match &p.ty {
            ValueType::Word(words) => {
                let words: Vec<String> = words.iter().map(|w| Str(w).to_string()).collect();
                w.line(format_args!(
                    "{f}: v.word{opt}({key}, &[{}])?,",
                    words.join(", ")
                ));
            }
            _ => w.line(format_args!("{f}: v.get{opt}({key})?,")),
        }
    }
    w.close("})");
    w.close("}");
    w.close("}");
}

/// `Outcome`, turned into values by name.
fn outcome(w: &mut Writer, outputs: &[Param]) {
    w.doc(" What the rule gives.");
    fields(w, "Outcome", outputs);
    w.open("impl Outcome {");
    w.doc(" The outputs by name.");
    w.open("pub fn into_values(self) -> crate::value::Values {");
    w.line("let mut v = crate::value::Values::default();");
    for p in outputs {
        w.line(format_args!(
            "v.set({}, self.{});",
            Str(&p.name),
            ident(&p.name)
        ));
    }
    w.line("v");
    w.close("}");
    w.close("}");
}

/// A struct with a field for each parameter.
fn fields(w: &mut Writer, name: &str, params: &[Param]) {
    w.line("#[derive(Debug, Clone, PartialEq)]");
    if params.is_empty() {
        w.line(format_args!("pub struct {name} {{}}"));
        return;
    }
    w.open(format_args!("pub struct {name} {{"));
    for p in params {
        let ty = match p.ty {
            ValueType::Int => "::core::primitive::i64",
            ValueType::Bool => "::core::primitive::bool",
            ValueType::Text | ValueType::Word(_) => "::std::string::String",
            ValueType::Dice => "crate::dice::Dice",
            ValueType::Decimal => "::core::primitive::f64",
            ValueType::IntList => "::std::vec::Vec<::core::primitive::i64>",
            ValueType::TextList => "::std::vec::Vec<::std::string::String>",
            ValueType::DecimalList => "::std::vec::Vec<::core::primitive::f64>",
        };
        let f = ident(&p.name);
        match p.optional {
            true => w.line(format_args!("pub {f}: ::core::option::Option<{ty}>,")),
            false => w.line(format_args!("pub {f}: {ty},")),
        }
    }
    w.close("}");
}

/// The `registry` module: every rule's signature, and `resolve`, which runs a
/// rule by its id through its `Given`, its resolver function and its `Outcome`.
pub fn registry(w: &mut Writer, book: &Book) {
    w.doc(" Every rule the spec declares, and the way to run one by id.");
    w.open("pub mod registry {");
    w.doc(" Every rule the spec declares, in spec order.");
    w.open("pub const RULES: &[crate::value::RuleInfo] = &[");
    for (system, _, r) in rules(book) {
        w.open("crate::value::RuleInfo {");
        w.line(format_args!("system: {},", Str(system)));
        w.line(format_args!("id: {},", Str(&r.id)));
        w.line(format_args!(
            "section: {},",
            Opt(r.section.as_deref().map(Str))
        ));
        params(w, "given", &r.given);
        params(w, "outputs", &r.outputs);
        w.close("},");
    }
    w.close("];");
    super::tables::list(w, book);
    super::domains::table(w, book);
    resolve(w, book);
    w.close("}");
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
fn params(w: &mut Writer, key: &str, params: &[Param]) {
    if params.is_empty() {
        w.line(format_args!("{key}: &[],"));
        return;
    }
    w.open(format_args!("{key}: &["));
    for p in params {
        w.line(format_args!(
            "crate::value::Param {{ name: {}, ty: {}, optional: {} }},",
            Str(&p.name),
            value_type(&p.ty),
            p.optional
        ));
    }
    w.close("],");
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

fn resolve(w: &mut Writer, book: &Book) {
    w.doc(" Runs rule `rule` of `system` on `given`, recording its steps in `trace`.");
    w.open("pub fn resolve(");
    w.line("system: &str,");
    w.line("rule: &str,");
    w.line("given: &crate::value::Values,");
    w.line("trace: &mut crate::trace::Trace,");
    w.reopen(") -> ::core::result::Result<crate::value::Values, crate::value::RuleError> {");
    w.open("match (system, rule) {");
    for (system, c, r) in rules(book) {
        let path = format!("{}::{}::{}", ident(system), ident(&c.id), ident(&r.name));
        w.open(format_args!("({}, {}) => {{", Str(system), Str(&r.id)));
        w.line(format_args!(
            "let given = crate::spec::{path}::Given::from_values(given)?.within_domain()?;"
        ));
        w.line(format_args!(
            "crate::{path}(&given, trace).map(|o| o.into_values())"
        ));
        w.close("}");
    }
    w.line("_ => ::core::result::Result::Err(crate::value::RuleError::UnknownRule { system: system.to_string(), rule: rule.to_string() }),");
    w.close("}");
    w.close("}");
}
