//! The types generated table rows are made of: one per column type of the cell
//! grammar (see spec/README.md). Integers are `i32`, text is `&'static str`.
//! A rows table is a [`Rows`], decoded from its data on first use.

mod cells;
mod decode;
mod rows;

pub use cells::{
    Amount, DamageForm, DamageKind, DamageType, Label, Or, Per, Quantity, Range, Rate, RateOfFire,
    Term, TimedDice,
};
pub use decode::Decode;
pub use rows::{Cells, Rows, RowsTable, edit};

/// The row of `rows` whose `key` is `name` (ignoring case); the error reads
/// "no `what` `name` in `table`".
pub fn by_name<'a, R>(
    rows: &'a [R],
    key: impl Fn(&R) -> &str,
    name: &str,
    what: &str,
    table: &str,
) -> Result<&'a R, crate::value::RuleError> {
    rows.iter()
        .find(|r| key(r).eq_ignore_ascii_case(name))
        .ok_or_else(|| crate::value::RuleError::Invalid(format!("no {what} `{name}` in {table}")))
}

/// The one row of `rows` whose `key` starts with `prefix` (ignoring case); `what`
/// names the table in the error when none or several do.
pub fn by_prefix<'a, R>(
    rows: &'a [R],
    key: impl Fn(&R) -> &str,
    prefix: &str,
    what: &str,
) -> Result<&'a R, crate::value::RuleError> {
    let prefix = prefix.to_lowercase();
    let found: Vec<&R> = rows
        .iter()
        .filter(|r| key(r).to_lowercase().starts_with(&prefix))
        .collect();
    match found[..] {
        [row] => Ok(row),
        _ => Err(crate::value::RuleError::Invalid(format!(
            "`{prefix}` names {} rows of {what}, not one",
            found.len()
        ))),
    }
}

/// The row of `rows` whose band (picked by `band`) holds `x`.
pub fn band_of<R>(rows: &[R], band: impl Fn(&R) -> Range, x: i32) -> Option<&R> {
    rows.iter().find(|r| band(r).contains(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_count_fractions_and_respect_caps() {
        let stream = Rate {
            value: -1,
            per: Some(Per {
                count: 10,
                unit: "rds",
            }),
            max: None,
        };
        assert_eq!(stream.for_amount(10), -1);
        assert_eq!(stream.for_amount(11), -2);
        let aim = Rate {
            value: 2,
            per: Some(Per {
                count: 1,
                unit: "turn",
            }),
            max: Some(6),
        };
        assert_eq!(aim.for_amount(2), 4);
        assert_eq!(aim.for_amount(5), 6);
        // A penalty's cap is a floor: -1 per 10 rounds, -3 at worst.
        let held = Rate {
            max: Some(-3),
            ..stream
        };
        assert_eq!(held.for_amount(100), -3);
        assert_eq!(held.for_amount(20), -2);
    }

    #[test]
    fn open_ranges_have_no_top() {
        let r = Range {
            lo: 2049,
            hi: None,
            label: "",
        };
        assert!(r.contains(1_000_000) && !r.contains(2048));
        assert_eq!(r.to_string(), "2049+");
    }
}
