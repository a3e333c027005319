//! Dice expressions as values: `NdS+K`, with min, max, mean and the exact
//! distribution. The conformance path never rolls; rolls are inputs.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dice {
    pub count: i32,
    pub sides: i32,
    pub bonus: i32,
}

impl Dice {
    pub const fn new(count: i32, sides: i32, bonus: i32) -> Dice {
        Dice {
            count,
            sides,
            bonus,
        }
    }

    /// `count` six-sided dice: the book's damage dice.
    pub const fn d6(count: i32) -> Dice {
        Dice::new(count, 6, 0)
    }

    /// Whether every total the dice roll fits in an `i32`, so `min` and `max` are exact.
    pub fn totals_fit(&self) -> bool {
        let max = self.count.checked_mul(self.sides);
        max.and_then(|m| m.checked_add(self.bonus)).is_some()
            && self.count.checked_add(self.bonus).is_some()
    }

    /// `n` rolls of the dice added up (3 of `1d6+1` is `3d6+3`), while the totals fit.
    pub fn times(&self, n: i32) -> Option<Dice> {
        let count = self.count.checked_mul(n)?;
        let d = Dice::new(count, self.sides, self.bonus.checked_mul(n)?);
        d.totals_fit().then_some(d)
    }

    pub fn min(&self) -> i32 {
        self.count + self.bonus
    }

    pub fn max(&self) -> i32 {
        self.count * self.sides + self.bonus
    }

    /// The mean, exactly: count * (sides + 1) / 2 + bonus.
    pub fn mean(&self) -> f64 {
        f64::from(self.count) * f64::from(self.sides + 1) / 2.0 + f64::from(self.bonus)
    }

    /// `(total, ways)` for every total from min to max; the ways add up to sides^count.
    pub fn distribution(&self) -> Vec<(i32, u128)> {
        let mut ways: Vec<u128> = vec![1];
        for _ in 0..self.count {
            let mut next = vec![0u128; ways.len() + self.sides as usize - 1];
            for (i, w) in ways.iter().enumerate() {
                for face in 0..self.sides as usize {
                    next[i + face] += w;
                }
            }
            ways = next;
        }
        ways.into_iter()
            .enumerate()
            .map(|(i, w)| (self.min() + i as i32, w))
            .collect()
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        if self.bonus != 0 {
            write!(f, "{:+}", self.bonus)?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Dice {
    type Err = String;

    /// Parses `NdS`, `NdS+K` or `NdS-K`.
    fn from_str(s: &str) -> Result<Dice, String> {
        let bad = || format!("`{s}` is not dice (like 6d6 or 5d6+2)");
        let (count, rest) = s.trim().split_once('d').ok_or_else(bad)?;
        let (sides, bonus) = match rest.find(['+', '-']) {
            Some(i) => (&rest[..i], rest[i..].trim_start_matches('+')),
            None => (rest, "0"),
        };
        let n = |t: &str| t.parse::<i32>().map_err(|_| bad());
        let d = Dice::new(n(count)?, n(sides)?, n(bonus)?);
        if d.count < 0 || d.sides < 1 {
            Err(bad())
        } else {
            Ok(d)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_statistics() {
        let d: Dice = "9d6".parse().unwrap();
        assert_eq!((d.min(), d.max(), d.mean()), (9, 54, 31.5));
        let d: Dice = "5d6+2".parse().unwrap();
        assert_eq!((d.min(), d.max(), d.mean()), (7, 32, 19.5));
        assert_eq!(d.to_string(), "5d6+2");
        assert!("6x6".parse::<Dice>().is_err());
        assert!("-1d6".parse::<Dice>().is_err());
        let none: Dice = "0d6".parse().unwrap();
        assert_eq!((none.min(), none.max(), none.mean()), (0, 0, 0.0));
        assert_eq!(none.distribution(), vec![(0, 1)]);
    }

    #[test]
    fn dice_print_as_they_parse() {
        for text in ["2d6-1", "5d6+2", "9d6", "1d1"] {
            let d: Dice = text.parse().unwrap();
            assert_eq!(d.to_string(), text);
        }
        assert_eq!(Dice::new(2, 6, -1).bonus, -1);
        assert!("1d0".parse::<Dice>().is_err());
    }

    #[test]
    fn times_adds_rolls_up_while_the_totals_fit() {
        assert_eq!(Dice::new(1, 6, 1).times(3), Some(Dice::new(3, 6, 3)));
        assert!(Dice::new(i32::MAX, 1, 0).totals_fit());
        assert!(!Dice::new(i32::MAX, 2, 0).totals_fit());
        assert!(!Dice::new(i32::MAX, 1, 1).totals_fit());
        assert_eq!(Dice::d6(2).times(i32::MAX), None);
    }

    #[test]
    fn distribution_is_exact() {
        let dist = Dice::d6(2).distribution();
        assert_eq!(dist.first(), Some(&(2, 1)));
        assert_eq!(dist.iter().find(|(t, _)| *t == 7), Some(&(7, 6)));
        assert_eq!(dist.iter().map(|(_, w)| w).sum::<u128>(), 36);
        let three = Dice::d6(3).distribution();
        let mean: f64 = three
            .iter()
            .map(|&(t, w)| f64::from(t) * w as f64)
            .sum::<f64>()
            / 216.0;
        assert_eq!(mean, Dice::d6(3).mean());
    }
}
