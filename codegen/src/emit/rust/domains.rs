//! Each rule's declared domains as Rust: `Given::within_domain`, which the
//! registry calls on the inputs it reads, and `DOMAINS`, every bound by rule
//! and name, which the totality test checks each output against.

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};

use crate::domain::Domain;
use crate::model::{Book, Param, ValueType};
use crate::sema::names::checked_ident as ident;

/// `Given::within_domain`: the inputs, or a refusal of the first figure that
/// lies outside its input's domain.
pub fn within(given: &[Param]) -> TokenStream {
    let checks = given.iter().filter_map(|p| {
        let d = p.domain.filter(|d| d.bounded())?;
        let f = ident(&p.name);
        let figures = match (&p.ty, p.optional) {
            (ValueType::IntList | ValueType::DecimalList, false) => quote!(self.#f.iter().copied()),
            (ValueType::IntList | ValueType::DecimalList, true) => {
                quote!(self.#f.iter().flatten().copied())
            }
            (_, false) => quote!(::core::iter::once(self.#f)),
            (_, true) => quote!(self.#f.into_iter()),
        };
        let range = range(&d, matches!(p.ty, ValueType::Int | ValueType::IntList));
        let verb = match p.ty {
            ValueType::IntList | ValueType::DecimalList => "holds",
            _ => "is",
        };
        let refusal = format!("`{}` {verb} {{x}}, outside its domain {d}", p.name);
        Some(quote! {
            if let ::core::option::Option::Some(x) = #figures.find(|x| !(#range).contains(x)) {
                return ::core::result::Result::Err(crate::value::RuleError::Invalid(
                    ::std::format!(#refusal),
                ));
            }
        })
    });
    quote! {
        impl Given {
            /// The inputs, refused when a figure lies outside the domain its rule block declares.
            pub fn within_domain(self) -> ::core::result::Result<Self, crate::value::RuleError> {
                #(#checks)*
                ::core::result::Result::Ok(self)
            }
        }
    }
}

/// `d` as a Rust range of `i64`s (`whole`) or `f64`s.
fn range(d: &Domain, whole: bool) -> TokenStream {
    let figure = |x: f64| match whole {
        true => Literal::i64_unsuffixed(x as i64),
        false => Literal::f64_unsuffixed(x),
    };
    let lo = d.lo.map(figure);
    match d.hi.map(figure) {
        Some(hi) => quote!(#lo..=#hi),
        None => quote!(#lo..),
    }
}

/// `DOMAINS`: `(system, rule, "given" or "outputs", name, lowest, highest)`
/// for every declared domain, an open end infinite.
pub fn table(book: &Book) -> TokenStream {
    let bound = |x: Option<f64>, open: TokenStream| match x {
        Some(x) => Literal::f64_unsuffixed(x).into_token_stream(),
        None => open,
    };
    let domains = book.systems.iter().flat_map(|s| {
        s.chapters.iter().flat_map(|c| &c.rules).flat_map(move |r| {
            let sides = [("given", &r.given), ("outputs", &r.outputs)];
            sides.into_iter().flat_map(move |(side, ps)| {
                ps.iter().filter_map(move |p| {
                    let d = p.domain?;
                    let (system, rule, name) = (s.id.as_str(), r.id.as_str(), p.name.as_str());
                    let lo = bound(d.lo, quote!(-::core::primitive::f64::INFINITY));
                    let hi = bound(d.hi, quote!(::core::primitive::f64::INFINITY));
                    Some(quote!((#system, #rule, #side, #name, #lo, #hi)))
                })
            })
        })
    });
    quote! {
        /// Every domain a rule block declares: system, rule, `given` or `outputs`,
        /// name, and the lowest and highest figure it holds (infinite where open).
        pub const DOMAINS: &[(&str, &str, &str, &str, ::core::primitive::f64, ::core::primitive::f64)] =
            &[#(#domains),*];
    }
}
