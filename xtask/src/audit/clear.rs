//! What a check has verified needs no person: a change the tools can vouch
//! for is cleared, with the check that cleared it and the commit it ran at,
//! and leaves the queue. Nothing is stamped: `spec/reviewed.toml` keeps what
//! a person read, and the clearance is worked out again on every run from the
//! text stamped, the text now and the checks' results, so it cannot outlive
//! what it rests on.
//!
//! Three kinds of change are cleared:
//! - [`PROVENANCE`]: a table's or a `[book]` example's text differs from the
//!   text stamped only in its book locators (`lines = "…"`, the places of
//!   figures, `at = […]` of a table's rows and an example's `[at]`, which
//!   the check reads at exactly that line and column, and a table's
//!   `restates = "table"` or `"prose"`, which only says how the check reads
//!   the rows; never `"ours"` nor `ours = […]`, which take figures out of
//!   the check), the chapter
//!   names the same edition of its book (file and SHA-256) as when it was
//!   stamped, and `cargo xtask provenance` finds every row or figure of the
//!   item (and each of a table's errata) on the lines it now cites. The
//!   figures a person reviewed are unchanged, and the new pointer into the
//!   book is checked against the book itself. A chapter stamped before it
//!   named any edition counts as the same edition: the one it names now is
//!   the first pinned, and the check reads exactly that file.
//! - [`PROVENANCE`] too: a chapter's first section, which holds the front
//!   matter, that differs only in pinning its book (`file` and `sha256` in
//!   `[source]`, where none was pinned, or the same one) and in locators, when
//!   the check read that very file (its SHA-256 matched) for the chapter and
//!   found every located item of the chapter there: a wrong file would fail
//!   them. A section is not cleared this
//!   way: the check only confirms that its lines exist, not what they say.
//! - [`DOMAIN`]: a new example of ours that gives one input outside the
//!   domain its rule declares (every other input inside its own), and claims
//!   only that the rule refuses it with a reason naming that domain, while the
//!   conformance run agrees. Such an example restates the rule's declared
//!   domain, which a person reviews with the rule block, and the run shows
//!   the registry refuses it; there is nothing else in it to read.

use casefile::{Report, Verdict};
use codegen::Book;
use codegen::model::Value;
use codegen::model::{Chapter, Example, Rule};

use super::reviewed::{Change, Cleared, Kind, Review, ReviewRecord};
use crate::provenance::{ItemKind, Run};

/// The check of the books: `cargo xtask provenance`.
pub const PROVENANCE: &str = "provenance";
/// The registry's domain check, as the conformance run exercises it.
pub const DOMAIN: &str = "domain";

/// What the checks found, for clearing.
pub struct Checks<'a> {
    pub book: &'a Book,
    /// The provenance run, when the books were at hand; without it no locator is cleared.
    pub books: Option<&'a Run>,
    /// One report per example.
    pub reports: &'a [Report],
    /// The reviewed state, for the edition each chapter named when stamped.
    pub reviewed: &'a ReviewRecord,
    pub commit: &'a str,
}

impl Checks<'_> {
    /// Sets `cleared` on each change a check has verified whole.
    pub fn clear(&self, changes: &mut [Change]) {
        for change in changes.iter_mut() {
            change.cleared = self.cleared(change);
        }
    }

    fn cleared(&self, change: &Change) -> Option<Cleared> {
        let system = change.system.as_deref()?;
        let chapter = self
            .book
            .chapters()
            .find(|(s, c)| s.id == system && Some(c.id.as_str()) == change.chapter.as_deref())?;
        let chapter = chapter.1;
        let (check, why) = match (change.kind?, change.review) {
            (Kind::Table | Kind::Example, Review::Changed) => {
                (PROVENANCE, self.locator(system, chapter, change)?)
            }
            (Kind::Section, Review::Changed) => (PROVENANCE, self.pin(system, chapter, change)?),
            (Kind::Example, Review::New) => (DOMAIN, self.domain_refusal(system, chapter, change)?),
            _ => return None,
        };
        Some(Cleared {
            check,
            why,
            commit: self.commit.to_string(),
        })
    }

    /// Why a change of locators only is verified: the same edition, and
    /// every figure found on the lines now cited.
    fn locator(&self, system: &str, chapter: &Chapter, change: &Change) -> Option<String> {
        let run = self.books?;
        let before = change.stamped.as_ref()?.text.as_deref()?;
        let now = change.text.as_deref()?;
        if without_locators(before) != without_locators(now) {
            return None;
        }
        let edition = chapter.front.book_file.as_ref()?;
        if self
            .edition_stamped(system, chapter)?
            .is_some_and(|sha| sha != edition.sha256.as_str())
        {
            return None;
        }
        let kind = match change.kind? {
            Kind::Table => ItemKind::Table,
            _ => ItemKind::Example,
        };
        let ours = |i: &&crate::provenance::Item| i.system == system && i.chapter == chapter.id;
        let item = run
            .items
            .iter()
            .filter(ours)
            .find(|i| i.kind == kind && i.id == change.id)?;
        let errata_prefix = format!("{}:", change.id);
        let errata: Vec<_> = run
            .items
            .iter()
            .filter(ours)
            .filter(|i| i.kind == ItemKind::Erratum && i.id.starts_with(&errata_prefix))
            .collect();
        let table_errata = chapter
            .tables
            .iter()
            .find(|t| t.id == change.id)
            .map_or(0, |t| t.errata.len());
        let found = item.failures == 0
            && errata.len() == table_errata
            && errata.iter().all(|e| e.failures == 0);
        found.then(|| {
            format!(
                "only its book locator changed (now {} lines {}); the chapter names the same edition \
                 (sha256 {}…), and every figure is printed on the lines it cites",
                item.book,
                item.lines,
                &edition.sha256[..12.min(edition.sha256.len())]
            )
        })
    }

    /// Why a change of the front matter that only pins the book is verified.
    fn pin(&self, system: &str, chapter: &Chapter, change: &Change) -> Option<String> {
        let run = self.books?;
        if chapter.sections.first()?.id != change.id.as_str() {
            return None;
        }
        let before = change.stamped.as_ref()?.text.as_deref()?;
        let now = change.text.as_deref()?;
        if without_pin(before) != without_pin(now) {
            return None;
        }
        let edition = chapter.front.book_file.as_ref()?;
        if sha256_in(before).is_some_and(|sha| sha != edition.sha256.as_str()) {
            return None;
        }
        let items: Vec<_> = run
            .items
            .iter()
            .filter(|i| i.system == system && i.chapter == chapter.id)
            .collect();
        let read = !items.is_empty() && items.iter().all(|i| i.book == edition.name.as_str());
        (read && items.iter().all(|i| i.failures == 0)).then(|| {
            format!(
                "only pins the book ({}, sha256 {}…) and its locators; the check read that file and                  found all {} located items of the chapter in it",
                edition.name,
                &edition.sha256[..12.min(edition.sha256.len())],
                items.len()
            )
        })
    }

    /// Why a new refused example at a domain's edge is verified.
    fn domain_refusal(&self, system: &str, chapter: &Chapter, change: &Change) -> Option<String> {
        let example = chapter.examples.iter().find(|e| e.id == change.id)?;
        let refused = example.refused.as_ref()?;
        if !example.ours || !refused.reason.contains("outside its domain") {
            return None;
        }
        let rule = self.rule(system, &example.rule)?;
        let outside = outside_inputs(rule, example)?;
        let [(name, value)] = outside.as_slice() else {
            return None;
        };
        let report = self
            .reports
            .iter()
            .find(|r| r.case.system == system && r.case.id == example.id.as_str())?;
        (report.verdict == Verdict::Agrees).then(|| {
            format!(
                "gives `{name}` = {value}, outside the domain rule `{}` declares, and only claims \
                 the refusal; the conformance run agrees",
                rule.id
            )
        })
    }

    /// The edition (SHA-256) `chapter` named when stamped, from the stamped
    /// text of its first section, which holds the front matter: `Some(None)`
    /// when it named none yet (the edition it names now is then the first
    /// pinned, and the one the check reads); none when that text is unknown.
    fn edition_stamped(&self, system: &str, chapter: &Chapter) -> Option<Option<&str>> {
        let first = chapter.sections.first()?;
        let stamped = self.reviewed.book.get(system)?.get(first.id.as_str())?;
        Some(sha256_in(stamped.text.as_deref()?))
    }

    fn rule(&self, system: &str, id: &str) -> Option<&Rule> {
        self.book
            .chapters()
            .filter(|(s, _)| s.id == system)
            .flat_map(|(_, c)| &c.rules)
            .find(|r| r.id == id)
    }
}

/// The inputs an example gives outside its rule's declared domains, by name
/// with the value; none when some input is not a figure or its parameter is unknown.
fn outside_inputs(rule: &Rule, example: &Example) -> Option<Vec<(String, f64)>> {
    let mut outside = Vec::new();
    for b in example.given() {
        let param = rule.given.iter().find(|p| p.name == b.name)?;
        let Some(domain) = &param.domain else {
            continue;
        };
        let x = match &b.value {
            Value::Int(n) => *n as f64,
            Value::Decimal(d) => *d,
            _ => continue,
        };
        let below = domain.lo.is_some_and(|lo| x < lo);
        let above = domain.hi.is_some_and(|hi| x > hi);
        if below || above {
            outside.push((b.name.to_string(), x));
        }
    }
    Some(outside)
}

/// The value of the first `sha256 = "…"` in `text`.
fn sha256_in(text: &str) -> Option<&str> {
    text.lines()
        .filter_map(key_value)
        .find_map(|(k, v)| (k == "sha256").then_some(v))
}

/// `text` without its book locators: each `lines = "…"` (a schema's, an
/// example's, a table erratum's), each heading's `lines=…`, the places of
/// figures (a schema's `at = […]`, an example's `[at]` section) and a schema's
/// `restates` when the check reads the book for it (`table`, `prose`), with
/// the lines that held nothing else.
pub fn without_locators(text: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut in_pins = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') || trimmed.starts_with("```") {
            in_pins = trimmed == "[at]";
            if in_pins {
                // The blank line that set the pins apart goes with them.
                while out.last().is_some_and(|l| l.trim().is_empty()) {
                    out.pop();
                }
            }
        }
        if in_pins || is_row_pins(line) {
            continue;
        }
        if key_value(line).is_some_and(|(k, v)| k == "restates" && matches!(v, "table" | "prose")) {
            continue;
        }
        let stripped = strip_locators(line);
        if stripped.len() != line.len() && stripped.trim_matches([' ', ',']).is_empty() {
            continue;
        }
        out.push(stripped);
    }
    out.join("\n")
}

/// A table's `at = ["line:col", …]`: where each row's key is printed.
fn is_row_pins(line: &str) -> bool {
    line.split_once('=')
        .is_some_and(|(k, v)| k.trim() == "at" && v.trim_start().starts_with('['))
}

/// [`without_locators`], and without the `file` and `sha256` that pin the book.
fn without_pin(text: &str) -> String {
    let unpinned: Vec<&str> = text
        .lines()
        .filter(|l| key_value(l).is_none_or(|(k, _)| k != "file" && k != "sha256"))
        .collect();
    without_locators(&unpinned.join("\n"))
}

/// A TOML line `key = "value"`, as its key and its string.
fn key_value(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once('=')?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((key.trim(), value))
}

/// One line without its locators.
fn strip_locators(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find("lines") {
        let before = &rest[..at];
        let word_start = before
            .chars()
            .last()
            .is_none_or(|c| !c.is_alphanumeric() && c != '_' && c != '-');
        let after = rest[at + "lines".len()..].trim_start();
        let value = after.strip_prefix('=').map(str::trim_start);
        let end = match value {
            Some(v) if word_start && v.starts_with('"') => {
                v[1..].find('"').map(|q| line_len(rest, v) + 1 + q + 1)
            }
            Some(v) if word_start => {
                let n = v
                    .find(|c: char| !(c.is_ascii_digit() || c == ',' || c == '-'))
                    .unwrap_or(v.len());
                (n > 0).then(|| line_len(rest, v) + n)
            }
            _ => None,
        };
        match end {
            Some(end) => {
                out.push_str(before.trim_end_matches([' ', ',']));
                rest = &rest[end..];
            }
            None => {
                out.push_str(&rest[..at + "lines".len()]);
                rest = &rest[at + "lines".len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Where `tail`, a suffix of `whole`, starts in it.
fn line_len(whole: &str, tail: &str) -> usize {
    whole.len() - tail.len()
}

#[cfg(test)]
mod tests {
    use super::without_locators;

    #[test]
    fn locators_of_every_kind_are_set_aside_and_nothing_else() {
        let before = "<!-- table falls\nlines = \"10-12\"\n-->\n## Fall {#fall lines=3-4,7}\n\
                      errata = [{ row = \"A\", lines = \"58\" }]\nheadlines = 2";
        let after = "<!-- table falls\n-->\n## Fall {#fall lines=5}\n\
                     errata = [{ row = \"A\", lines = \"60\" }]\nheadlines = 2";
        assert_eq!(without_locators(before), without_locators(after));
        assert_eq!(
            without_locators(after),
            "<!-- table falls\n-->\n## Fall {#fall}\nerrata = [{ row = \"A\" }]\nheadlines = 2"
        );
        assert_eq!(
            without_locators("restates = \"prose\"\nkind = 1"),
            "kind = 1"
        );
        assert_ne!(
            without_locators("restates = \"ours\""),
            without_locators(""),
            "figures of our own are not the book's to check"
        );
        assert_eq!(
            super::without_pin("[source]\nfile = \"b.txt\"\nsha256 = \"ab\"\n# T {#t lines=2}"),
            "[source]\n# T {#t}"
        );
        let pinned = "```example e\nlines = \"58\"\n\n[book]\nm = 1\n\n[at]\nm = \"58:158\"\n```";
        assert_eq!(
            without_locators(pinned),
            without_locators("```example e\n\n[book]\nm = 1\n```"),
            "an example's `[at]` only says where its figures are printed"
        );
        assert_ne!(
            without_locators("[at]\nm = \"1:2\"\n[book]\nm = 1"),
            without_locators("[at]\nm = \"1:2\"\n[book]\nm = 2"),
            "the section after `[at]` still counts"
        );
        assert_eq!(
            without_locators("<!-- table t\nat = [\"21:103\"]\nkind = \"rows\"\n-->"),
            without_locators("<!-- table t\nkind = \"rows\"\n-->"),
        );
        assert_ne!(
            without_locators("lines = \"3\"\ndamage = 4"),
            without_locators("lines = \"3\"\ndamage = 5"),
            "a figure beside a locator still counts"
        );
    }
}
