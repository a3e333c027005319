//! Each rule as Rust: a module with its `Given` and `Outcome` and their
//! conversions from and to values, and the registry that runs a rule by its id.

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use super::doc::{Plain, doc};
use super::tokens::{Tokens, comma_separated, each};
use crate::model::{Book, Chapter, Param, Rule, ValueType};
use crate::sema::names::checked_ident as ident;

pub fn rule<'a>(c: &'a Chapter, r: &'a Rule) -> impl ToTokens + 'a {
    Tokens(move |out: &mut TokenStream| {
        let doc = doc(format!(
            " Rule `{}` ({}): its inputs and outputs.",
            r.id,
            Plain(&c.file.location(r.span.start))
        ));
        let (name, given, outcome) = (ident(&r.name), given(&r.given), outcome(&r.outputs));
        // A rule's module holds no name of the spec: std's names mean std's here.
        out.extend(quote! {
            #doc
            pub mod #name {
                use crate::value::signature::{FromValues, IntoValues};
                use crate::value::{RuleError, Values};
                #given
                #outcome
            }
        });
    })
}

/// `Given`, read from the values by name with each input's type checked. A
/// word input is a `String` that `Values::word` refuses outside its words.
fn given(given: &[Param]) -> impl ToTokens + '_ {
    Tokens(move |out: &mut TokenStream| given_into(out, given))
}

fn given_into(out: &mut TokenStream, given: &[Param]) {
    let fields = fields(given);
    // A rule without inputs reads nothing: name the parameter so that it is not "unused".
    let v = if given.is_empty() {
        quote!(_v)
    } else {
        quote!(v)
    };
    let reads = given.iter().map(|p| {
        let (field, key) = (ident(&p.name), p.name.as_str());
        let read = match (&p.ty, p.optional) {
            (ValueType::Word(words), false) => quote!(v.word(#key, &[#(#words),*])),
            (ValueType::Word(words), true) => quote!(v.word_opt(#key, &[#(#words),*])),
            (_, false) => quote!(v.get(#key)),
            (_, true) => quote!(v.get_opt(#key)),
        };
        quote!(#field: #read?,)
    });
    let reads = each(reads);
    out.extend(quote! {
        /// What the rule takes.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Given { #fields }
        impl FromValues for Given {
            fn from_values(#v: &Values) -> Result<Self, RuleError> {
                Ok(Self { #reads })
            }
        }
    });
}

/// `Outcome`, turned into values by name.
fn outcome(outputs: &[Param]) -> impl ToTokens + '_ {
    Tokens(move |out: &mut TokenStream| outcome_into(out, outputs))
}

fn outcome_into(out: &mut TokenStream, outputs: &[Param]) {
    let fields = fields(outputs);
    let sets = each(outputs.iter().map(|p| {
        let (key, field) = (p.name.as_str(), ident(&p.name));
        quote!(v.set(#key, self.#field);)
    }));
    out.extend(quote! {
        /// What the rule gives.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Outcome { #fields }
        impl IntoValues for Outcome {
            fn into_values(self) -> Values {
                let mut v = Values::default();
                #sets
                v
            }
        }
    });
}

/// A struct's fields, one for each parameter.
fn fields(params: &[Param]) -> impl ToTokens + '_ {
    each(params.iter().map(|p| {
        let (field, ty) = (ident(&p.name), field_type(&p.ty));
        match p.optional {
            true => quote!(pub #field: Option<#ty>,),
            false => quote!(pub #field: #ty,),
        }
    }))
}

fn field_type(ty: &ValueType) -> TokenStream {
    match ty {
        ValueType::Int => quote!(i64),
        ValueType::Bool => quote!(bool),
        ValueType::Text | ValueType::Word(_) => quote!(String),
        ValueType::Dice => quote!(crate::dice::Dice),
        ValueType::Decimal => quote!(f64),
        ValueType::IntList => quote!(Vec<i64>),
        ValueType::TextList => quote!(Vec<String>),
        ValueType::DecimalList => quote!(Vec<f64>),
    }
}

/// The `registry` module: every rule's signature, and `resolve`, which runs a
/// rule by its id through its `Given`, its resolver function and its `Outcome`.
pub fn registry(book: &Book) -> impl ToTokens + '_ {
    Tokens(move |out: &mut TokenStream| registry_into(out, book))
}

fn registry_into(out: &mut TokenStream, book: &Book) {
    let infos = comma_separated(rules(book).map(|(system, _, r)| {
        let id = r.id.as_str();
        let section = match r.section.as_deref() {
            Some(s) => quote!(Some(#s)),
            None => quote!(None),
        };
        let (given, outputs) = (params(&r.given), params(&r.outputs));
        quote! {
            RuleInfo {
                system: #system,
                id: #id,
                section: #section,
                given: &[#given],
                outputs: &[#outputs],
            }
        }
    }));
    let (tables, resolve) = (super::tables::list(book), resolve(book));
    out.extend(quote! {
        /// Every rule the spec declares, and the way to run one by id.
        pub mod registry {
            // The registry holds no name of the spec, so none can shadow these or std's.
            use crate::trace::Trace;
            use crate::value::signature::{Param, RuleInfo, run};
            use crate::value::{RuleError, Type, Values};
            /// Every rule the spec declares, in spec order, with its signature
            /// and the domain of each figure its rule block bounds.
            pub const RULES: &[RuleInfo] = &[#infos];
            #tables
            #resolve
        }
    });
}

/// Every rule of the book with its system and chapter, in book order.
fn rules(book: &Book) -> impl Iterator<Item = (&str, &Chapter, &Rule)> + Clone {
    book.systems.iter().flat_map(|s| {
        s.chapters
            .iter()
            .flat_map(move |c| c.rules.iter().map(move |r| (s.id.as_str(), c, r)))
    })
}

/// A rule's parameters as `crate::value::signature::Param`s, in the registry that imports it.
fn params(params: &[Param]) -> impl ToTokens + '_ {
    comma_separated(params.iter().map(|p| {
        let (name, ty) = (p.name.as_str(), value_type(&p.ty));
        let optional = p.optional.then(|| quote!(.optional()));
        let domain = p.domain.map(super::domains::builder);
        quote!(Param::new(#name, #ty) #optional #domain)
    }))
}

fn value_type(ty: &ValueType) -> TokenStream {
    match ty {
        ValueType::Int => quote!(Type::Int),
        ValueType::Bool => quote!(Type::Bool),
        ValueType::Text => quote!(Type::Text),
        ValueType::Word(words) => quote!(Type::Word(&[#(#words),*])),
        ValueType::Dice => quote!(Type::Dice),
        ValueType::Decimal => quote!(Type::Decimal),
        ValueType::IntList => quote!(Type::IntList),
        ValueType::TextList => quote!(Type::TextList),
        ValueType::DecimalList => quote!(Type::DecimalList),
    }
}

/// `resolve`: a match arm for each rule, which runs its resolver function
/// (`rules::<system>::<chapter>::<rule>`) through `run`, with its signature.
fn resolve(book: &Book) -> impl ToTokens + '_ {
    Tokens(move |out: &mut TokenStream| resolve_into(out, book))
}

fn resolve_into(out: &mut TokenStream, book: &Book) {
    let arms = each(rules(book).enumerate().map(|(i, (system, c, r))| {
        let [s, ch, name] = [system, &c.id, &r.name].map(ident);
        let (id, i) = (r.id.as_str(), Literal::usize_unsuffixed(i));
        quote! {
            (#system, #id) => run(&RULES[#i], given, trace, crate::#s::#ch::#name),
        }
    }));
    out.extend(quote! {
        /// Runs rule `rule` of `system` on `given`, recording its steps in `trace`.
        pub fn resolve(
            system: &str,
            rule: &str,
            given: &Values,
            trace: &mut Trace,
        ) -> Result<Values, RuleError> {
            match (system, rule) {
                #arms
                _ => Err(RuleError::UnknownRule {
                    system: system.to_string(),
                    rule: rule.to_string(),
                }),
            }
        }
    });
}
