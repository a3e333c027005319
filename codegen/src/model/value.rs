//! The values examples give and claim, as the spec writes them: a leaf of the
//! model, which properties share with examples.

use smol_str::SmolStr;

use super::cell::DiceSpec;

/// A value given to or claimed of a rule.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Text(SmolStr),
    Dice(DiceSpec),
    /// A TOML number with a fraction until `check` types it; then any decimal.
    Decimal(f64),
    IntList(Vec<i64>),
    TextList(Vec<String>),
    DecimalList(Vec<f64>),
}
