//! Column types and cell values as Rust source, each on one line: what the
//! generated row structs declare and the table constants hold, and what the
//! audit shows over each header and cell, so that auditors read what the code reads.
//!
//! They stand in a chapter's module, beside the row types, constants and rule
//! modules the spec names, so every std item is named by its full path: a row
//! type called `Option` shadows the prelude's.

use std::fmt::{self, Display, Formatter};

use proc_macro2::{Group, TokenStream, TokenTree};

use super::writer::{List, Opt, Str};
use crate::cell::{BaseType, CellValue, ColumnType, DiceSpec};

/// A column's Rust type as the generated row struct declares it, for the audit
/// to show: with the std paths [`shown`] short.
pub fn column_type(ty: &ColumnType) -> String {
    shown(&TypeOf(ty).to_string())
}

/// A cell's Rust value as the generated constant holds it, for the audit to
/// show: with the std paths [`shown`] short.
pub fn cell_value(ty: &ColumnType, v: &CellValue) -> String {
    shown(&ValueOf(ty, v).to_string())
}

/// Rust code as tokens, each path that starts at the root
/// (`::core::option::Option`) cut to its last part (`Option`).
fn shown(rust: &str) -> String {
    match rust.parse() {
        Ok(tokens) => short_paths(tokens).to_string(),
        // The emitter writes only what lexes.
        Err(_) => rust.to_string(),
    }
}

fn short_paths(tokens: TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let colon =
        |t: Option<&TokenTree>| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == ':');
    let colons = |i: usize| colon(trees.get(i)) && colon(trees.get(i + 1));
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        // After a name, `::` goes on with a path; after `'static`, it starts one.
        let on_a_path = match out.as_slice() {
            [.., TokenTree::Punct(p), TokenTree::Ident(_)] if p.as_char() == '\'' => false,
            [.., TokenTree::Ident(_)] => true,
            _ => false,
        };
        if colons(i) && !on_a_path {
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

/// [`column_type`], written where it is displayed.
pub struct TypeOf<'a>(pub &'a ColumnType);

impl Display for TypeOf<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let ty = self.0;
        let base = base_type(&ty.base);
        match (ty.optional, ty.words.is_empty()) {
            (false, true) => f.write_str(base),
            (true, true) => write!(f, "::core::option::Option<{base}>"),
            (false, false) => write!(f, "crate::table::Or<{base}>"),
            (true, false) => write!(f, "::core::option::Option<crate::table::Or<{base}>>"),
        }
    }
}

fn base_type(base: &BaseType) -> &'static str {
    match base {
        BaseType::Int { .. } | BaseType::Modifier => "::core::primitive::i32",
        BaseType::Rate => "crate::table::Rate",
        BaseType::Term => "crate::table::Term",
        BaseType::Range => "crate::table::Range",
        BaseType::Dice => "crate::dice::Dice",
        BaseType::Label => "crate::table::Label",
        BaseType::Text | BaseType::Ident => "&'static ::core::primitive::str",
        BaseType::Quantity => "crate::table::Quantity",
        BaseType::Decimal => "::core::primitive::f64",
        BaseType::RateOfFire => "crate::table::RateOfFire",
        BaseType::Amount => "crate::table::Amount",
        BaseType::DamageType => "crate::table::DamageType",
        BaseType::Locations => "&'static [(::core::primitive::i32, ::core::primitive::i32)]",
        BaseType::TimedDice => "crate::table::TimedDice",
    }
}

/// [`cell_value`], written where it is displayed: the value, wrapped in
/// `Or::Value` for a column with words and in `Some` for an optional one.
pub struct ValueOf<'a>(pub &'a ColumnType, pub &'a CellValue);

impl Display for ValueOf<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let ValueOf(ty, v) = *self;
        if matches!(v, CellValue::None) {
            return f.write_str("::core::option::Option::None");
        }
        let or = !ty.words.is_empty() && !matches!(v, CellValue::Word(_));
        let opening = match (ty.optional, or) {
            (false, false) => "",
            (true, false) => "::core::option::Option::Some(",
            (false, true) => "crate::table::Or::Value(",
            (true, true) => "::core::option::Option::Some(crate::table::Or::Value(",
        };
        f.write_str(opening)?;
        value(f, v)?;
        f.write_str(&")".repeat(usize::from(ty.optional) + usize::from(or)))
    }
}

/// The value itself, unwrapped.
fn value(f: &mut Formatter<'_>, v: &CellValue) -> fmt::Result {
    match v {
        CellValue::None => f.write_str("::core::option::Option::None"),
        CellValue::Int(n) | CellValue::Modifier(n) => write!(f, "{n}"),
        CellValue::Rate { value, per, max } => {
            let per = per.as_ref().map(|(count, unit)| {
                format!(
                    "crate::table::Per {{ count: {count}, unit: {} }}",
                    Str(unit)
                )
            });
            write!(
                f,
                "crate::table::Rate {{ value: {value}, per: {}, max: {} }}",
                Opt(per),
                Opt(*max)
            )
        }
        CellValue::Flat(n) => write!(f, "crate::table::Term::Flat({n})"),
        CellValue::Stat { sign, name } => write!(
            f,
            "crate::table::Term::Stat {{ sign: {sign}, name: {} }}",
            Str(name)
        ),
        CellValue::Range { lo, hi, label } => write!(
            f,
            "crate::table::Range {{ lo: {lo}, hi: {}, label: {} }}",
            Opt(*hi),
            Str(label)
        ),
        CellValue::Dice(d) => dice(f, d),
        CellValue::Label { name, gloss } => write!(
            f,
            "crate::table::Label {{ name: {}, gloss: {} }}",
            Str(name),
            Opt(gloss.as_deref().map(Str))
        ),
        CellValue::Text(s) | CellValue::Ident(s) => write!(f, "{}", Str(s)),
        CellValue::Word(w) => write!(f, "crate::table::Or::Word({})", Str(w)),
        CellValue::Decimal(x) => write!(f, "{x:?}"),
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
        | CellValue::Locations(_) => compound(f, v),
    }
}

/// The values of the weapon and quantity columns (the rest are [`value`]'s).
fn compound(f: &mut Formatter<'_>, v: &CellValue) -> fmt::Result {
    match v {
        CellValue::Count(n) => write!(f, "crate::table::Quantity::Count({n})"),
        CellValue::Of(s) => write!(f, "crate::table::Quantity::Of({})", Str(s)),
        CellValue::Ratio(a, b) => {
            write!(f, "crate::table::Quantity::Ratio({}, {})", Str(a), Str(b))
        }
        CellValue::Shots(n) => write!(f, "crate::table::RateOfFire::Shots({n})"),
        CellValue::EveryTurns(n) => write!(f, "crate::table::RateOfFire::EveryTurns({n})"),
        CellValue::Modes(ns) => write!(f, "crate::table::RateOfFire::Modes(&[{}])", List(ns)),
        CellValue::Amount { value, unit } => write!(
            f,
            "crate::table::Amount::Of {{ value: {value}, unit: {} }}",
            Opt(unit.as_deref().map(Str))
        ),
        CellValue::Times { of, factor } => write!(
            f,
            "crate::table::Amount::Times {{ of: {}, factor: {factor} }}",
            Opt(of.as_deref().map(Str))
        ),
        CellValue::DamageType { kind, form } => damage_type(f, kind, form),
        CellValue::TimedDice { dice: d, per, unit } => {
            f.write_str("crate::table::TimedDice { dice: ")?;
            dice(f, d)?;
            write!(f, ", per: {per}, unit: {} }}", Str(unit))
        }
        CellValue::Locations(spans) => {
            let spans = spans.iter().map(|(lo, hi)| format!("({lo}, {hi})"));
            write!(f, "&[{}]", List(spans))
        }
        other => value(f, other),
    }
}

fn dice(f: &mut Formatter<'_>, d: &DiceSpec) -> fmt::Result {
    write!(
        f,
        "crate::dice::Dice::new({}, {}, {})",
        d.count, d.sides, d.bonus
    )
}

/// The cell grammar keeps the book's one-letter codes (`B`, `P`, `S`, `L`).
fn damage_type(f: &mut Formatter<'_>, kind: &str, form: &str) -> fmt::Result {
    let kind = match kind {
        "B" => "Blunt",
        "P" => "Penetrating",
        _ => "Special",
    };
    let form = match form {
        "S" => "Stunning",
        "L" => "Lethal",
        _ => "Special",
    };
    write!(
        f,
        "crate::table::DamageType {{ kind: crate::table::DamageKind::{kind}, form: crate::table::DamageForm::{form} }}"
    )
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
            TypeOf(&ty).to_string(),
            "::core::option::Option<&'static ::core::primitive::str>"
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
