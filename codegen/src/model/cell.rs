//! The column types a table schema may name, and the typed values of cells:
//! what the cell grammar ([`crate::syntax::cell`]) produces, and where a
//! column type is read from its text too.

use smol_str::SmolStr;
use std::fmt;

/// What a column holds, as written in a schema: `int`, `int(m/s)`, `dice?`, ...
#[derive(Debug, Clone, PartialEq)]
pub struct ColumnType {
    pub base: BaseType,
    /// `?`: the cell may be blank or a none word (`--`, `N/A`, `No modifier`).
    pub optional: bool,
    /// `int | Crew | N/A`: words the cell may hold instead of a value.
    pub words: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum BaseType {
    /// A whole number, thousands separators allowed; with a unit, the cell must carry it.
    Int { unit: Option<String> },
    /// A signed number: `+3`, `-0`, `0`.
    Modifier,
    /// A modifier that accrues and may be capped: `-1 per 10 rds`, `+2 per turn (+6 max)`, `+2/turn`.
    Rate,
    /// A modifier that is a number or a named statistic: `+3`, `+ REF`.
    Term,
    /// A band: `23-26`, `801-1,000 meters`, `2049+ /turn`, `1 meter`; trailing words are its label.
    Range,
    /// Dice: `9d6`, `5d6+2`.
    Dice,
    /// A name with an optional gloss in parentheses: `Long (attack lands beyond target)`.
    Label,
    /// Free text.
    Text,
    /// A count or what to count: `4`, `RoF`, `RoF/Fire zone (m)`.
    Quantity,
    /// A Rust constant name, for constants tables: `BASE_DEF`.
    Ident,
    /// A number with a fraction: `.5`, `1.5`, `7154`, `½`.
    Decimal,
    /// A rate of fire: `4` shots a turn, `1/3` (one shot every 3 turns), `4:20` (either rate).
    RateOfFire,
    /// An amount with an optional unit (`1000`, `22 km`) or a multiple (`x5`, `STRx5`).
    Amount,
    /// Damage type and form: `P/L`, `B/S`, `Sp/Sp`.
    DamageType,
    /// Hit locations: `13`, `3, 5-15`, `7-8, 10-11, 13-15`.
    Locations,
    /// Dice over a span of time (`2d6 hours`) or at a rate (`1d6 per day`).
    TimedDice,
}

/// Every column type's name as a schema writes it (an editor completes these).
pub const KNOWN: &[&str] = &[
    "int",
    "modifier",
    "rate",
    "term",
    "range",
    "dice",
    "label",
    "text",
    "quantity",
    "ident",
    "decimal",
    "rof",
    "amount",
    "damage_type",
    "locations",
    "timed_dice",
];

impl fmt::Display for ColumnType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.base {
            BaseType::Int { unit: Some(u) } => write!(f, "int({u})")?,
            other => f.write_str(base_name(other))?,
        }
        for w in &self.words {
            write!(f, " | {w}")?;
        }
        f.write_str(if self.optional { "?" } else { "" })
    }
}

fn base_name(base: &BaseType) -> &'static str {
    match base {
        BaseType::Int { .. } => "int",
        BaseType::Modifier => "modifier",
        BaseType::Rate => "rate",
        BaseType::Term => "term",
        BaseType::Range => "range",
        BaseType::Dice => "dice",
        BaseType::Label => "label",
        BaseType::Text => "text",
        BaseType::Quantity => "quantity",
        BaseType::Ident => "ident",
        BaseType::Decimal => "decimal",
        BaseType::RateOfFire => "rof",
        BaseType::Amount => "amount",
        BaseType::DamageType => "damage_type",
        BaseType::Locations => "locations",
        BaseType::TimedDice => "timed_dice",
    }
}

/// Dice as printed: `count`d`sides`, plus `bonus`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiceSpec {
    pub count: i64,
    pub sides: i64,
    pub bonus: i64,
}

impl fmt::Display for DiceSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        match self.bonus {
            0 => Ok(()),
            b if b > 0 => write!(f, "+{b}"),
            b => write!(f, "{b}"),
        }
    }
}

/// A typed cell.
#[derive(Debug, Clone, PartialEq)]
pub enum CellValue {
    /// A blank or none word in an optional column.
    None,
    Int(i64),
    Modifier(i64),
    Rate {
        value: i64,
        per: Option<(i64, SmolStr)>,
        max: Option<i64>,
    },
    Flat(i64),
    Stat {
        sign: i64,
        name: SmolStr,
    },
    Range {
        lo: i64,
        hi: Option<i64>,
        label: SmolStr,
    },
    Dice(DiceSpec),
    Label {
        name: SmolStr,
        gloss: Option<SmolStr>,
    },
    Text(SmolStr),
    Count(i64),
    Of(SmolStr),
    Ratio(SmolStr, SmolStr),
    Ident(SmolStr),
    /// One of the column's alternative words (`Crew`).
    Word(SmolStr),
    Decimal(f64),
    /// Shots per turn.
    Shots(i64),
    /// One shot every so many turns (`1/3`).
    EveryTurns(i64),
    /// A choice of rates (`4:20`).
    Modes(Vec<i64>),
    Amount {
        value: i64,
        unit: Option<SmolStr>,
    },
    /// A multiple of something (`x5`, `STRx5`).
    Times {
        of: Option<SmolStr>,
        factor: i64,
    },
    DamageType {
        kind: SmolStr,
        form: SmolStr,
    },
    /// Inclusive (low, high) spans.
    Locations(Vec<(i64, i64)>),
    TimedDice {
        dice: DiceSpec,
        per: bool,
        unit: SmolStr,
    },
}
