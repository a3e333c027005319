//! A rule block's domain (`"int 3..=18"`) read from its text into a
//! [`Domain`], which the model holds: reading is the syntax pass's, beside the
//! rule block it is read from ([`crate::syntax::blocks`]).

use crate::model::domain::Domain;

impl Domain {
    /// Reads `text` (`3..=18`, `0..`, `..=0`) as a domain of whole numbers
    /// (`whole`) or of decimals. `..` declares a figure the book bounds on
    /// neither side (a modifier that goes either way), so that every figure of
    /// a rule says what it holds.
    pub fn parse(text: &str, whole: bool) -> Result<Domain, String> {
        let Some((lo, hi)) = text.split_once("..") else {
            return Err(format!(
                "`{text}` is no domain: write `lo..=hi`, `lo..` or `..=hi`"
            ));
        };
        let bound = |b: &str| -> Result<Option<f64>, String> {
            let figure = |x: &f64| x.is_finite() && b.bytes().all(|c| b"-.0123456789".contains(&c));
            match b.trim() {
                "" => Ok(None),
                b if whole => b
                    .parse::<i32>()
                    .map(|n| Some(f64::from(n)))
                    .map_err(|_| format!("bound `{b}` is not a whole number of a figure's size")),
                b => match b.parse::<f64>() {
                    Ok(x) if figure(&x) => Ok(Some(x)),
                    _ => Err(format!("bound `{b}` is not a number")),
                },
            }
        };
        let hi = match hi.strip_prefix('=') {
            Some("") => return Err(format!("`{text}` has `..=` with no upper bound")),
            Some(hi) => bound(hi)?,
            None if hi.is_empty() => None,
            None => {
                return Err(format!(
                    "`{text}` leaves out its upper bound: write `..={hi}`"
                ));
            }
        };
        let domain = Domain { lo: bound(lo)?, hi };
        match (domain.lo, domain.hi) {
            (Some(lo), Some(hi)) if lo > hi => {
                Err(format!("the domain runs backwards ({lo} to {hi})"))
            }
            _ => Ok(domain),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Domain;

    #[test]
    fn domains_read_as_written() {
        for (text, ty, lo, hi) in [
            ("3..=18", true, Some(3.0), Some(18.0)),
            ("0..", true, Some(0.0), None),
            ("..=-1", true, None, Some(-1.0)),
            ("0.5..=2", false, Some(0.5), Some(2.0)),
            ("..", true, None, None),
        ] {
            let d = Domain::parse(text, ty).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!((d.lo, d.hi), (lo, hi), "{text}");
        }
    }

    #[test]
    fn malformed_domains_say_why() {
        for (text, ty, why) in [
            (
                "3-18",
                true,
                "`3-18` is no domain: write `lo..=hi`, `lo..` or `..=hi`",
            ),
            (
                "3..18",
                true,
                "`3..18` leaves out its upper bound: write `..=18`",
            ),
            ("3..=", true, "`3..=` has `..=` with no upper bound"),
            ("18..=3", true, "the domain runs backwards (18 to 3)"),
            (
                "0.5..",
                true,
                "bound `0.5` is not a whole number of a figure's size",
            ),
            ("x..", false, "bound `x` is not a number"),
            ("inf..", false, "bound `inf` is not a number"),
        ] {
            assert_eq!(Domain::parse(text, ty).unwrap_err(), why, "{text}");
        }
    }
}
