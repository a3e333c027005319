//! The value types of the cells of generated rows, one per column type of the
//! cell grammar, with what the resolver asks of them.

/// A band of a range column: `23-26`, `2049+` (open: `hi` is `None`), `1 meter`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub lo: i32,
    pub hi: Option<i32>,
    /// The words printed after the numbers (`meters`, `m/turn (walking)`).
    pub label: &'static str,
}

impl Range {
    pub fn contains(&self, x: i32) -> bool {
        x >= self.lo && self.hi.is_none_or(|hi| x <= hi)
    }
}

impl std::fmt::Display for Range {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.hi {
            Some(hi) if hi == self.lo => write!(f, "{}", self.lo),
            Some(hi) => write!(f, "{}-{hi}", self.lo),
            None => write!(f, "{}+", self.lo),
        }
    }
}

/// A modifier that accrues per some count of a unit and may be capped:
/// `-1 per 10 rds`, `+2 per turn (+6 max)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub value: i32,
    pub per: Option<Per>,
    pub max: Option<i32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Per {
    pub count: i32,
    pub unit: &'static str,
}

impl Rate {
    /// The modifier for `amount` of the unit: one step per `count` or fraction of it,
    /// held to the cap. Reckoned in `i64`, so any figure a rule takes fits.
    pub fn for_amount(&self, amount: i64) -> i64 {
        let steps = match self.per {
            Some(per) => {
                let count = i64::from(per.count);
                (amount + count - 1).div_euclid(count)
            }
            None => 1,
        };
        let total = i64::from(self.value) * steps;
        match self.max.map(i64::from) {
            Some(max) if max >= 0 => total.min(max),
            Some(max) => total.max(max),
            None => total,
        }
    }
}

/// A modifier that is a number or a named statistic (`+ REF`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    Flat(i32),
    Stat { sign: i32, name: &'static str },
}

/// A name with a gloss: `Long (attack lands beyond target)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label {
    pub name: &'static str,
    pub gloss: Option<&'static str>,
}

/// A count, or what to count: `4`, `RoF`, `RoF/Fire zone (m)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    Count(i32),
    Of(&'static str),
    Ratio(&'static str, &'static str),
}

/// A cell that holds a value or one of its column's words (`Crew`, `N/A`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Or<T> {
    Value(T),
    Word(&'static str),
}

/// A rate of fire: shots a turn, one shot every so many turns, or a choice of rates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RateOfFire {
    Shots(i32),
    EveryTurns(i32),
    Modes(&'static [i32]),
}

/// An amount with an optional unit (`22 km`), or a multiple of something (`STRx5`, `x5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amount {
    Of {
        value: i32,
        unit: Option<&'static str>,
    },
    Times {
        of: Option<&'static str>,
        factor: i32,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DamageKind {
    Blunt,
    Penetrating,
    Special,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DamageForm {
    Stunning,
    Lethal,
    Special,
}

/// Damage type and form, as the tables print them (`P/L`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DamageType {
    pub kind: DamageKind,
    pub form: DamageForm,
}

/// Dice over a span of time (`2d6 hours`: `per` false) or at a rate (`1d6 per day`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimedDice {
    pub dice: crate::dice::Dice,
    pub per: bool,
    pub unit: &'static str,
}

impl std::fmt::Display for DamageType {
    /// As the tables spell it out: `Blunt/Lethal`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}/{:?}", self.kind, self.form)
    }
}
