//! "Did you mean": the known names closest to one that is not known. Every
//! suggestion of the compiler and of `cargo xtask` goes through here, so they
//! agree on what counts as close.

/// The one or two names of `known` closest to `found` by edit distance (case
/// ignored), best first: at most a third of the shorter one's length away (and
/// at least one edit allowed) or one the start of the other, and a second only
/// when it is as close as the first. Costs time linear in the number of known names.
pub fn closest<'a>(found: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let found = found.to_lowercase();
    let length = found.chars().count();
    let mut best: Vec<(usize, &str)> = Vec::with_capacity(3);
    for name in known {
        let (name_lower, shorter) = (name.to_lowercase(), length.min(name.chars().count()));
        let distance = strsim::osa_distance(&found, &name_lower);
        // An abbreviation (`int` for `integer`) is close however long the rest.
        let prefix =
            shorter >= 3 && (found.starts_with(&name_lower) || name_lower.starts_with(&found));
        if (distance > (shorter / 3).max(1) && !prefix) || best.iter().any(|(_, b)| *b == name) {
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
}
