//! Column types and cell values as Rust: what the generated row structs
//! declare and the constants hold, and what the audit shows over each header
//! and cell, so that auditors read what the code reads.
//!
//! They stand in a chapter's module, beside the row types the spec names, so
//! every std item is named by its full path: a row type called `Option` shadows
//! the prelude's, and a rule called `i32` the primitive type.

use proc_macro2::{Group, Literal, TokenStream, TokenTree};
use quote::{ToTokens, quote};

use crate::cell::{BaseType, CellValue, ColumnType, DiceSpec};

/// A column's Rust type as the generated row struct declares it, for the audit
/// to show: with the std paths [`shown`] short.
pub fn column_type(ty: &ColumnType) -> String {
    shown(&type_of(ty).to_string())
}

/// A cell's Rust value as the generated constant holds it, for the audit to
/// show: with the std paths [`shown`] short.
pub fn cell_value(ty: &ColumnType, v: &CellValue) -> String {
    shown(&value_of(ty, v).to_string())
}

/// Rust code as tokens, each path that starts at the root
/// (`::core::option::Option`) cut to its last part (`Option`). Read back from
/// its text, the code's tokens are those rustc reads (a negative figure is a
/// `-` and a literal), shown as the audit has always shown them.
fn shown(rust: &str) -> String {
    match rust.parse() {
        Ok(tokens) => short_paths(tokens).to_string(),
        // Tokens written out always lex again.
        Err(_) => rust.to_string(),
    }
}

fn short_paths(tokens: TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let colons = |i: usize| {
        let colon =
            |t: Option<&TokenTree>| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == ':');
        colon(trees.get(i)) && colon(trees.get(i + 1))
    };
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        // After a name, `::` goes on a path; after `'static`, it starts one.
        let on_a_path = match out.as_slice() {
            [.., TokenTree::Punct(p), TokenTree::Ident(_)] if p.as_char() == '\'' => false,
            [.., TokenTree::Ident(_)] => true,
            _ => false,
        };
        let rooted = colons(i) && !on_a_path;
        if rooted {
            // `:: a :: b :: last`: on to `last`.
            i += 2;
            while colons(i + 1) {
                i += 3;
            }
            continue;
        }
        out.push(match &trees[i] {
            TokenTree::Group(g) => Group::new(g.delimiter(), short_paths(g.stream())).into(),
            tree => tree.clone(),
        });
        i += 1;
    }
    out.into_iter().collect()
}

/// [`column_type`] as tokens.
pub fn type_of(ty: &ColumnType) -> TokenStream {
    let base = base_type(&ty.base);
    let base = match ty.words.is_empty() {
        true => base,
        false => quote!(crate::table::Or<#base>),
    };
    match ty.optional {
        true => quote!(::core::option::Option<#base>),
        false => base,
    }
}

fn base_type(base: &BaseType) -> TokenStream {
    match base {
        BaseType::Int { .. } | BaseType::Modifier => quote!(::core::primitive::i32),
        BaseType::Rate => quote!(crate::table::Rate),
        BaseType::Term => quote!(crate::table::Term),
        BaseType::Range => quote!(crate::table::Range),
        BaseType::Dice => quote!(crate::dice::Dice),
        BaseType::Label => quote!(crate::table::Label),
        BaseType::Text | BaseType::Ident => quote!(&'static ::core::primitive::str),
        BaseType::Quantity => quote!(crate::table::Quantity),
        BaseType::Decimal => quote!(::core::primitive::f64),
        BaseType::RateOfFire => quote!(crate::table::RateOfFire),
        BaseType::Amount => quote!(crate::table::Amount),
        BaseType::DamageType => quote!(crate::table::DamageType),
        BaseType::Locations => {
            quote!(&'static [(::core::primitive::i32, ::core::primitive::i32)])
        }
        BaseType::TimedDice => quote!(crate::table::TimedDice),
    }
}

/// [`cell_value`] as tokens: the value, wrapped in `Or::Value` for a column
/// with words and in `Some` for an optional one.
pub fn value_of(ty: &ColumnType, v: &CellValue) -> TokenStream {
    if matches!(v, CellValue::None) {
        return quote!(::core::option::Option::None);
    }
    let mut value = value(v);
    if !ty.words.is_empty() && !matches!(v, CellValue::Word(_)) {
        value = quote!(crate::table::Or::Value(#value));
    }
    match ty.optional {
        true => quote!(::core::option::Option::Some(#value)),
        false => value,
    }
}

/// A figure, as a literal without a suffix: the field's type is the column's.
fn int(n: i64) -> Literal {
    Literal::i64_unsuffixed(n)
}

/// `Some(x)` or `None`.
pub fn opt<T: ToTokens>(x: Option<T>) -> TokenStream {
    match x {
        Some(x) => quote!(::core::option::Option::Some(#x)),
        None => quote!(::core::option::Option::None),
    }
}

/// The value itself, unwrapped.
fn value(v: &CellValue) -> TokenStream {
    match v {
        CellValue::None => quote!(::core::option::Option::None),
        CellValue::Int(n) | CellValue::Modifier(n) => int(*n).into_token_stream(),
        CellValue::Rate { value, per, max } => {
            let per = opt(per.as_ref().map(|(count, unit)| {
                let (count, unit) = (int(*count), unit.as_str());
                quote!(crate::table::Per { count: #count, unit: #unit })
            }));
            let (value, max) = (int(*value), opt(max.map(int)));
            quote!(crate::table::Rate { value: #value, per: #per, max: #max })
        }
        CellValue::Flat(n) => {
            let n = int(*n);
            quote!(crate::table::Term::Flat(#n))
        }
        CellValue::Stat { sign, name } => {
            let (sign, name) = (int(*sign), name.as_str());
            quote!(crate::table::Term::Stat { sign: #sign, name: #name })
        }
        CellValue::Range { lo, hi, label } => {
            let (lo, hi, label) = (int(*lo), opt(hi.map(int)), label.as_str());
            quote!(crate::table::Range { lo: #lo, hi: #hi, label: #label })
        }
        CellValue::Dice(d) => dice(d),
        CellValue::Label { name, gloss } => {
            let (name, gloss) = (name.as_str(), opt(gloss.as_deref()));
            quote!(crate::table::Label { name: #name, gloss: #gloss })
        }
        CellValue::Text(s) | CellValue::Ident(s) => s.as_str().into_token_stream(),
        CellValue::Word(w) => {
            let w = w.as_str();
            quote!(crate::table::Or::Word(#w))
        }
        CellValue::Decimal(x) => Literal::f64_unsuffixed(*x).into_token_stream(),
        CellValue::Count(_)
        | CellValue::Of(_)
        | CellValue::Ratio(..)
        | CellValue::Shots(_)
        | CellValue::EveryTurns(_)
        | CellValue::Modes(_)
        | CellValue::Amount { .. }
        | CellValue::Times { .. }
        | CellValue::DamageType { .. }
        | CellValue::TimedDice { .. }
        | CellValue::Locations(_) => compound(v),
    }
}

/// The values of the weapon and quantity columns (the rest are [`value`]'s).
fn compound(v: &CellValue) -> TokenStream {
    match v {
        CellValue::Count(n) => {
            let n = int(*n);
            quote!(crate::table::Quantity::Count(#n))
        }
        CellValue::Of(s) => {
            let s = s.as_str();
            quote!(crate::table::Quantity::Of(#s))
        }
        CellValue::Ratio(a, b) => {
            let (a, b) = (a.as_str(), b.as_str());
            quote!(crate::table::Quantity::Ratio(#a, #b))
        }
        CellValue::Shots(n) => {
            let n = int(*n);
            quote!(crate::table::RateOfFire::Shots(#n))
        }
        CellValue::EveryTurns(n) => {
            let n = int(*n);
            quote!(crate::table::RateOfFire::EveryTurns(#n))
        }
        CellValue::Modes(ns) => {
            let ns = ns.iter().map(|n| int(*n));
            quote!(crate::table::RateOfFire::Modes(&[#(#ns),*]))
        }
        CellValue::Amount { value, unit } => {
            let (value, unit) = (int(*value), opt(unit.as_deref()));
            quote!(crate::table::Amount::Of { value: #value, unit: #unit })
        }
        CellValue::Times { of, factor } => {
            let (of, factor) = (opt(of.as_deref()), int(*factor));
            quote!(crate::table::Amount::Times { of: #of, factor: #factor })
        }
        CellValue::DamageType { kind, form } => damage_type(kind, form),
        CellValue::TimedDice { dice: d, per, unit } => {
            let (d, unit) = (dice(d), unit.as_str());
            quote!(crate::table::TimedDice { dice: #d, per: #per, unit: #unit })
        }
        CellValue::Locations(spans) => {
            let spans = spans.iter().map(|(lo, hi)| {
                let (lo, hi) = (int(*lo), int(*hi));
                quote!((#lo, #hi))
            });
            quote!(&[#(#spans),*])
        }
        other => value(other),
    }
}

fn dice(d: &DiceSpec) -> TokenStream {
    let (count, sides, bonus) = (int(d.count), int(d.sides), int(d.bonus));
    quote!(crate::dice::Dice::new(#count, #sides, #bonus))
}

/// The cell grammar keeps the book's one-letter codes (`B`, `P`, `S`, `L`).
fn damage_type(kind: &str, form: &str) -> TokenStream {
    let kind = match kind {
        "B" => quote!(Blunt),
        "P" => quote!(Penetrating),
        _ => quote!(Special),
    };
    let form = match form {
        "S" => quote!(Stunning),
        "L" => quote!(Lethal),
        _ => quote!(Special),
    };
    quote! {
        crate::table::DamageType {
            kind: crate::table::DamageKind::#kind,
            form: crate::table::DamageForm::#form,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::parse_cell;

    /// What the audit shows, with the spaces `TokenStream`'s text puts between tokens taken out.
    fn squeezed(text: String) -> String {
        text.replace(' ', "")
    }

    /// The code names std's items by full path; the audit shows their last part.
    #[test]
    fn the_audit_shows_std_paths_short() {
        let ty = ColumnType::parse("text?").expect("a column type");
        assert_eq!(
            squeezed(type_of(&ty).to_string()),
            "::core::option::Option<&'static::core::primitive::str>"
        );
        assert_eq!(squeezed(column_type(&ty)), "Option<&'staticstr>");
        let ty = ColumnType::parse("range?").expect("a column type");
        let cell = parse_cell(&ty, "3+").expect("a range");
        assert_eq!(
            squeezed(cell_value(&ty, &cell)),
            "Some(crate::table::Range{lo:3,hi:None,label:\"\"})"
        );
    }
}
