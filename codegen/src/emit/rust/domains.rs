//! A declared domain as Rust: the builder call of its parameter in the
//! registry's `RULES` (`.within(3.0, 18.0)`, `.at_least(0.0)`), from which
//! `rules::value::signature::run` refuses an input outside it and the totality test
//! checks each output against it.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::domain::Domain;

/// The call that declares `d` on a `Param`.
pub fn builder(d: Domain) -> TokenStream {
    match (
        d.lo.map(Literal::f64_unsuffixed),
        d.hi.map(Literal::f64_unsuffixed),
    ) {
        (Some(lo), Some(hi)) => quote!(.within(#lo, #hi)),
        (Some(lo), None) => quote!(.at_least(#lo)),
        (None, Some(hi)) => quote!(.at_most(#hi)),
        (None, None) => quote!(.unbounded()),
    }
}
