//! Each rule as Rust: a module with `Given::from_values` and
//! `Outcome::into_values`, and the registry that runs a rule by its id.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use super::doc::{Plain, doc};
use super::tokens::Tokens;
use super::values::opt;
use crate::model::{Book, Chapter, Param, Rule, ValueType};
use crate::sema::names::checked_ident as ident;

pub fn rule<'a>(c: &'a Chapter, r: &'a Rule) -> impl ToTokens + 'a {
    Tokens(move |out: &mut TokenStream| {
        let doc = doc(&format!(
            " Rule `{}` ({}): its inputs and outputs.",
            r.id,
            Plain(&c.file.location(r.span.start))
        ));
        let parts = Tokens(|out: &mut TokenStream| {
            out.extend(given(&r.given));
            out.extend(super::domains::within(&r.given));
            out.extend(outcome(&r.outputs));
        });
        let name = ident(&r.name);
        out.extend(quote! {
            #doc
            pub mod #name {
                #parts
            }
        });
    })
}

/// `Given`, read from the values by name with each input's type checked. A
/// word input is a `String` that `Values::word` refuses outside its words.
fn given(given: &[Param]) -> TokenStream {
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
        quote!(#field: #read?)
    });
    quote! {
        /// What the rule takes.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Given { #fields }
        impl Given {
            /// Reads the inputs by name, checking each one's type.
            pub fn from_values(
                #v: &crate::value::Values,
            ) -> ::core::result::Result<Self, crate::value::RuleError> {
                ::core::result::Result::Ok(Self { #(#reads,)* })
            }
        }
    }
}

/// `Outcome`, turned into values by name.
fn outcome(outputs: &[Param]) -> TokenStream {
    let fields = fields(outputs);
    let sets = outputs.iter().map(|p| {
        let (key, field) = (p.name.as_str(), ident(&p.name));
        quote!(v.set(#key, self.#field);)
    });
    quote! {
        /// What the rule gives.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Outcome { #fields }
        impl Outcome {
            /// The outputs by name.
            pub fn into_values(self) -> crate::value::Values {
                let mut v = crate::value::Values::default();
                #(#sets)*
                v
            }
        }
    }
}

/// A struct's fields, one for each parameter.
fn fields(params: &[Param]) -> TokenStream {
    let fields = params.iter().map(|p| {
        let (field, ty) = (ident(&p.name), field_type(&p.ty));
        match p.optional {
            true => quote!(pub #field: ::core::option::Option<#ty>),
            false => quote!(pub #field: #ty),
        }
    });
    quote!(#(#fields,)*)
}

fn field_type(ty: &ValueType) -> TokenStream {
    match ty {
        ValueType::Int => quote!(::core::primitive::i64),
        ValueType::Bool => quote!(::core::primitive::bool),
        ValueType::Text | ValueType::Word(_) => quote!(::std::string::String),
        ValueType::Dice => quote!(crate::dice::Dice),
        ValueType::Decimal => quote!(::core::primitive::f64),
        ValueType::IntList => quote!(::std::vec::Vec<::core::primitive::i64>),
        ValueType::TextList => quote!(::std::vec::Vec<::std::string::String>),
        ValueType::DecimalList => quote!(::std::vec::Vec<::core::primitive::f64>),
    }
}

/// The `registry` module: every rule's signature, and `resolve`, which runs a
/// rule by its id through its `Given`, its resolver function and its `Outcome`.
pub fn registry(book: &Book) -> impl ToTokens + '_ {
    Tokens(move |out: &mut TokenStream| registry_into(out, book))
}

fn registry_into(out: &mut TokenStream, book: &Book) {
    let infos = rules(book).map(|(system, _, r)| {
        let (id, section) = (r.id.as_str(), opt(r.section.as_deref()));
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
    });
    let (tables, domains) = (super::tables::list(book), super::domains::table(book));
    let resolve = resolve(book);
    out.extend(quote! {
        /// Every rule the spec declares, and the way to run one by id.
        pub mod registry {
            // The registry holds no name of the spec, so none can shadow these.
            use crate::value::{Param, RuleInfo, Type};
            /// Every rule the spec declares, in spec order.
            pub const RULES: &[RuleInfo] = &[#(#infos),*];
            #tables
            #domains
            #resolve
        }
    });
}

/// Every rule of the book with its system and chapter, in book order.
fn rules(book: &Book) -> impl Iterator<Item = (&str, &Chapter, &Rule)> {
    book.systems.iter().flat_map(|s| {
        s.chapters
            .iter()
            .flat_map(move |c| c.rules.iter().map(move |r| (s.id.as_str(), c, r)))
    })
}

/// A rule's parameters as `crate::value::Param`s, in the registry that imports it.
fn params(params: &[Param]) -> TokenStream {
    let params = params.iter().map(|p| {
        let (name, ty, optional) = (p.name.as_str(), value_type(&p.ty), p.optional);
        quote!(Param { name: #name, ty: #ty, optional: #optional })
    });
    quote!(#(#params),*)
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

/// `resolve`: a match arm for each rule, which reads its `Given`, calls its
/// resolver function (`rules::<system>::<chapter>::<rule>`) and gives back its `Outcome`.
fn resolve(book: &Book) -> TokenStream {
    let arms = rules(book).map(|(system, c, r)| {
        let [s, ch, name] = [system, &c.id, &r.name].map(ident);
        let id = r.id.as_str();
        quote! {
            (#system, #id) => {
                let given = crate::spec::#s::#ch::#name::Given::from_values(given)?.within_domain()?;
                crate::#s::#ch::#name(&given, trace).map(|o| o.into_values())
            }
        }
    });
    quote! {
        /// Runs rule `rule` of `system` on `given`, recording its steps in `trace`.
        pub fn resolve(
            system: &str,
            rule: &str,
            given: &crate::value::Values,
            trace: &mut crate::trace::Trace,
        ) -> ::core::result::Result<crate::value::Values, crate::value::RuleError> {
            match (system, rule) {
                #(#arms)*
                _ => ::core::result::Result::Err(crate::value::RuleError::UnknownRule {
                    system: system.to_string(),
                    rule: rule.to_string(),
                }),
            }
        }
    }
}
