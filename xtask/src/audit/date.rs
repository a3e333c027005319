//! Calendar dates without a date crate: a stamp's day, a commit's day.

/// The date `days` after 1970-01-01 (before it, when negative), as
/// `YYYY-MM-DD` (Howard Hinnant's days-to-civil algorithm, in the proleptic
/// Gregorian calendar).
pub fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Whether `text` is a day of the calendar written `YYYY-MM-DD`: a month of
/// the year, a day of the month (the 29th of February in leap years only).
pub fn is_civil_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    let number = |from: usize, to: usize| {
        let digits = &bytes[from..to];
        digits
            .iter()
            .all(u8::is_ascii_digit)
            .then(|| digits.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
    };
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return false;
    }
    let (Some(year), Some(month), Some(day)) = (number(0, 4), number(5, 7), number(8, 10)) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    };
    (1..=days).contains(&day)
}

#[cfg(test)]
mod tests {
    use super::{civil_date, is_civil_date};

    #[test]
    fn a_date_is_a_day_of_the_calendar() {
        for day in ["2026-11-21", "2024-02-29", "2000-02-29", "1999-12-31"] {
            assert!(is_civil_date(day), "{day}");
        }
        for not in [
            "2026-02-29",
            "1900-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "2026-01-00",
            "2026-1-01",
            "<script>x</script>",
            "2026-01-01T00:00",
            "２026-01-01",
            "",
        ] {
            assert!(!is_civil_date(not), "{not}");
        }
    }

    #[test]
    fn days_since_the_epoch_become_calendar_dates() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(11_016), "2000-02-29");
        assert_eq!(civil_date(20_418), "2025-11-26");
    }
}
