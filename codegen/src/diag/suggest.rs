//! "Did you mean": the known names closest to one that is not known. Every
//! suggestion of the compiler and of `cargo xtask` goes through here, so they
//! agree on what counts as close.

use std::cell::Cell;

/// The one or two names of `known` closest to `found` by edit distance (case
/// ignored), best first: at most a third of the shorter one's length away (and
/// at least one edit allowed) or one the start of the other, and a second only
/// when it is as close as the first. Costs time linear in the number of known names.
pub fn closest<'a>(found: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let found = found.to_lowercase();
    let length = found.chars().count();
    let mut best: Vec<(usize, &str)> = Vec::with_capacity(3);
    for name in known {
        let (name_lower, name_length) = (name.to_lowercase(), name.chars().count());
        let (shorter, most) = close_enough(length, name_length);
        // A word and its abbreviation (`integer`, `int`) are close however long
        // the rest; a longer name of several words (`example-output`) is not.
        let prefix = shorter >= 3
            && [&found, &name_lower]
                .iter()
                .all(|w| w.chars().all(char::is_alphanumeric))
            && (found.starts_with(&name_lower) || name_lower.starts_with(&found));
        // Lengths further apart than `most` are further apart than that.
        let distance = match length.abs_diff(name_length) <= most {
            true => strsim::osa_distance(&found, &name_lower),
            false => usize::MAX,
        };
        if (distance > most && !prefix) || best.iter().any(|(_, b)| *b == name) {
            continue;
        }
        best.push((distance, name));
        best.sort();
        best.truncate(2);
    }
    let top = best.first().map_or(0, |b| b.0);
    best.into_iter()
        .filter(|(distance, _)| *distance == top)
        .map(|(_, name)| name)
        .collect()
}

/// How many more names one check may compare in looking for suggestions.
/// Each suggestion compares the name with every known one; a book of many
/// mistakes among many names would pay that for each mistake, so once about
/// 130,000 comparisons are spent (a few tenths of a second at most), later
/// diagnostics go without a suggestion.
pub struct Budget(Cell<usize>);

/// The comparisons a [`Budget`] starts with.
const COMPARISONS: usize = 1 << 17;

impl Default for Budget {
    fn default() -> Budget {
        Budget(Cell::new(COMPARISONS))
    }
}

impl Budget {
    /// [`did_you_mean`] among the `count` names of `known`, if the budget
    /// still holds `count` comparisons.
    pub fn did_you_mean<'a>(
        &self,
        found: &str,
        known: impl IntoIterator<Item = &'a str>,
        count: usize,
    ) -> Option<String> {
        let left = self.0.get().checked_sub(count)?;
        self.0.set(left);
        did_you_mean(found, known)
    }
}

/// The shorter of two lengths, and the most edits apart two names of those
/// lengths may be and still be close: a third of the shorter, at least one.
fn close_enough(a: usize, b: usize) -> (usize, usize) {
    let shorter = a.min(b);
    (shorter, (shorter / 3).max(1))
}

/// `did you mean `a`?` or `did you mean `a` or `b`?`, when anything is close.
pub fn did_you_mean<'a>(found: &str, known: impl IntoIterator<Item = &'a str>) -> Option<String> {
    match closest(found, known).as_slice() {
        [] => None,
        [one] => Some(format!("did you mean `{one}`?")),
        [one, two, ..] => Some(format!("did you mean `{one}` or `{two}`?")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_one_or_two_are_suggested() {
        let known = ["demo.hit", "demo.miss", "demo.hits", "demo.hip", "other"];
        assert_eq!(closest("demo.hti", known), ["demo.hit"]);
        assert_eq!(closest("demo.hi", known), ["demo.hip", "demo.hit"]);
        assert_eq!(closest("DEMO.MISS", known), ["demo.miss"]);
        assert_eq!(closest("othr", known), ["other"]);
        assert_eq!(closest("integer", ["int", "dice"]), ["int"]);
        assert!(closest("example-output", ["example"]).is_empty());
        assert!(closest("zzz", known).is_empty());
        assert_eq!(
            did_you_mean("demo.mis", known).as_deref(),
            Some("did you mean `demo.miss`?")
        );
        assert_eq!(
            did_you_mean("demo.hi", known).as_deref(),
            Some("did you mean `demo.hip` or `demo.hit`?")
        );
        assert_eq!(did_you_mean("zzz", known), None);
    }

    #[test]
    fn a_budget_stops_looking_once_spent() {
        assert_eq!(Budget::default().0.get(), COMPARISONS);
        let budget = Budget(Cell::new(5));
        let known = ["demo.hit", "demo.miss"];
        for _ in 0..2 {
            assert!(budget.did_you_mean("demo.hti", known, 2).is_some());
        }
        assert_eq!(budget.did_you_mean("demo.hti", known, 2), None, "1 left");
        assert!(budget.did_you_mean("demo.hti", ["demo.hit"], 1).is_some());
        assert_eq!(
            budget.did_you_mean("demo.hti", [], 0),
            None,
            "nothing to suggest"
        );
    }
}
