//! The inventories under `docs/books/`, one per system, list each mechanic of a
//! book with the rules, examples and rulings that cover it, and each pair of
//! places where the book states a figure twice. This test keeps them honest:
//! every id they name exists in that system's spec, an example sits on a rule
//! of its own row, every rule of the system covers a listed mechanic, a status
//! agrees with what the row names, and each count
//! line matches its table, so that an inventory cannot go stale silently.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use codegen::model::System;

const MECHANICS_HEADER: [&str; 5] = ["Mechanic", "Rules", "Examples", "Rulings", "Status"];
const PAIRS_HEADER: [&str; 5] = ["Place A", "Place B", "Compared", "Verdict", "Ruling"];
const STATUSES: [&str; 5] = [
    "covered",
    "ruled",
    "pending (action)",
    "pending (books)",
    "not covered",
];

/// How a disagreement with no ruling id may be settled: by a helper's pending
/// work, or by a table erratum that reads a broken cell.
const SETTLED_ELSEWHERE: [&str; 2] = ["pending", "table erratum"];

/// What a system's spec defines that an inventory may name.
struct Ids {
    rules: BTreeSet<String>,
    /// Example id to the id of its rule.
    examples: BTreeMap<String, String>,
    rulings: BTreeSet<String>,
}

impl Ids {
    fn of(system: &System) -> Ids {
        let chapters = || system.chapters.iter();
        Ids {
            rules: chapters()
                .flat_map(|c| &c.rules)
                .map(|r| r.id.to_string())
                .collect(),
            examples: chapters()
                .flat_map(|c| &c.examples)
                .map(|e| (e.id.to_string(), e.rule.to_string()))
                .collect(),
            rulings: chapters()
                .flat_map(|c| &c.sections)
                .map(|s| s.id.to_string())
                .filter(|id| id.starts_with("ruling-"))
                .collect(),
        }
    }
}

/// The rows of the table under the `## <heading>` of `doc`, header first, each
/// row as its trimmed cells.
fn table(doc: &str, heading: &str) -> Vec<Vec<String>> {
    let title = format!("## {heading}");
    doc.lines()
        .skip_while(|l| l.trim() != title)
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| l.starts_with('|') && !l.starts_with("|---"))
        .map(|l| {
            let inner = l.trim().trim_start_matches('|').trim_end_matches('|');
            inner.split('|').map(|c| c.trim().to_string()).collect()
        })
        .collect()
}

/// The words between backticks in a cell.
fn ticked(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// The whole numbers of the line of `doc` that starts with `prefix`, or the
/// problem: the line should read `wanted` (the counts of its table).
fn count_problem(doc: &str, prefix: &str, counts: [usize; 2], wanted: String) -> Option<String> {
    let Some(line) = doc.lines().find(|l| l.starts_with(prefix)) else {
        return Some(format!(
            "no line starting `{}`; add `{wanted}`",
            prefix.trim_end()
        ));
    };
    let found: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .filter_map(|w| w.parse().ok())
        .collect();
    (found != counts).then(|| format!("the count line should read `{wanted}`"))
}

/// Every problem with one row of the mechanics table.
fn mechanic_problems(row: &[String], ids: &Ids) -> Vec<String> {
    let [mechanic, rules, examples, rulings, status] = row else {
        return vec![format!("a mechanics row has {} cells, not 5", row.len())];
    };
    let mut problems = Vec::new();
    let named_rules = ticked(rules);
    for rule in &named_rules {
        if !ids.rules.contains(*rule) {
            problems.push(format!("{mechanic}: no rule `{rule}`"));
        }
    }
    for example in ticked(examples) {
        match ids.examples.get(example) {
            None => problems.push(format!("{mechanic}: no example `{example}`")),
            Some(rule) if !named_rules.contains(&rule.as_str()) => problems.push(format!(
                "{mechanic}: example `{example}` is of rule `{rule}`, which the row does not name"
            )),
            Some(_) => {}
        }
    }
    problems.extend(unknown_rulings(mechanic, rulings, ids));
    let status_problem = match status.as_str() {
        "covered" if named_rules.is_empty() || ticked(examples).is_empty() => {
            Some("covered, but names no rule or no example")
        }
        "ruled" if ticked(rulings).is_empty() => Some("ruled, but names no ruling"),
        s if !STATUSES.contains(&s) => Some("has an unknown status"),
        _ => None,
    };
    problems.extend(status_problem.map(|p| format!("{mechanic}: {p} (`{status}`)")));
    problems
}

/// The ruling ids of `cell` that are no ruling section of the system.
fn unknown_rulings(place: &str, cell: &str, ids: &Ids) -> Vec<String> {
    ticked(cell)
        .into_iter()
        .filter(|r| !ids.rulings.contains(*r))
        .map(|r| format!("{place}: no ruling `{r}`"))
        .collect()
}

/// Every problem with one row of the pairs table.
fn pair_problems(row: &[String], ids: &Ids) -> Vec<String> {
    let [a, b, _, verdict, ruling] = row else {
        return vec![format!("a pairs row has {} cells, not 5", row.len())];
    };
    let place = format!("{a} / {b}");
    let mut problems = unknown_rulings(&place, ruling, ids);
    match verdict.as_str() {
        "agree" => {}
        "disagree"
            if !ticked(ruling).is_empty()
                || SETTLED_ELSEWHERE.iter().any(|w| ruling.starts_with(w)) => {}
        "disagree" => problems.push(format!("{place}: a disagreement with no ruling")),
        other => problems.push(format!("{place}: unknown verdict `{other}`")),
    }
    problems
}

/// Every problem with one system's inventory.
fn inventory_problems(doc: &str, ids: &Ids) -> Vec<String> {
    let mut problems = Vec::new();
    let mechanics = table(doc, "Mechanics");
    let pairs = table(doc, "Pairs compared");
    for (rows, header) in [(&mechanics, MECHANICS_HEADER), (&pairs, PAIRS_HEADER)] {
        if rows.first().map(|h| h.as_slice()) != Some(&header.map(String::from)[..]) {
            problems.push(format!("a table's header is not {header:?}"));
        }
    }
    let (mechanics, pairs) = (
        &mechanics[1.min(mechanics.len())..],
        &pairs[1.min(pairs.len())..],
    );
    problems.extend(mechanics.iter().flat_map(|r| mechanic_problems(r, ids)));
    let listed: BTreeSet<&str> = mechanics
        .iter()
        .filter_map(|r| r.get(1))
        .flat_map(|cell| ticked(cell))
        .collect();
    problems.extend(
        ids.rules
            .iter()
            .filter(|rule| !listed.contains(rule.as_str()))
            .map(|rule| format!("rule `{rule}` covers no mechanic the inventory lists")),
    );
    problems.extend(pairs.iter().flat_map(|r| pair_problems(r, ids)));
    let done = mechanics
        .iter()
        .filter(|r| matches!(r.get(4).map(String::as_str), Some("covered" | "ruled")))
        .count();
    let covered = format!("Covered: {done} of {} mechanics", mechanics.len());
    problems.extend(count_problem(
        doc,
        "Covered: ",
        [done, mechanics.len()],
        covered,
    ));
    let disagree = pairs
        .iter()
        .filter(|r| r.get(3).is_some_and(|v| v == "disagree"))
        .count();
    let compared = format!("Pairs: {} compared, {disagree} disagree", pairs.len());
    problems.extend(count_problem(
        doc,
        "Pairs: ",
        [pairs.len(), disagree],
        compared,
    ));
    problems
}

/// Every problem with the inventory of `system` in `dir`, each naming the file.
fn system_problems(dir: &Path, system: &System) -> Vec<String> {
    let path = dir.join(format!("{}.md", system.id));
    let found = match std::fs::read_to_string(&path) {
        Ok(doc) => inventory_problems(&doc, &Ids::of(system)),
        Err(e) => vec![format!(
            "cannot read system `{}`'s inventory ({e}); every system needs one, in the form \
             of docs/books/action.md (`cargo xtask new system` writes it)",
            system.id
        )],
    };
    found
        .into_iter()
        .map(|p| format!("{}: {p}", path.display()))
        .collect()
}

#[test]
fn each_system_has_an_inventory_that_names_only_what_its_spec_defines() {
    let root = xtask::workspace_root();
    let book = xtask::compile_book(&root)
        .unwrap_or_else(|d| panic!("the book does not compile:\n{}", d.render()));
    let dir = root.join("docs/books");
    let mut problems = Vec::new();
    for system in &book.systems {
        problems.extend(system_problems(&dir, system));
    }
    let systems: BTreeSet<_> = book
        .systems
        .iter()
        .map(|s| format!("{}.md", s.id))
        .collect();
    for entry in std::fs::read_dir(&dir).expect("docs/books") {
        let name = entry
            .expect("an entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        if !systems.contains(&name) {
            problems.push(format!("docs/books/{name} is the inventory of no system"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A small system's ids, for the checks below.
fn fixture_ids() -> Ids {
    Ids {
        rules: ["climbing.climb".to_string()].into(),
        examples: [("quarry".to_string(), "climbing.climb".to_string())].into(),
        rulings: ["ruling-part-stretch".to_string()].into(),
    }
}

const GOOD: &str = "\
## Mechanics

| Mechanic | Rules | Examples | Rulings | Status |
|---|---|---|---|---|
| Checks per height | `climbing.climb` | `quarry` | `ruling-part-stretch` | covered |
| Rope knots | | | | pending (books) |

Covered: 1 of 2 mechanics.

## Pairs compared

| Place A | Place B | Compared | Verdict | Ruling |
|---|---|---|---|---|
| Prose | Quarry example | checks for 12 m | disagree | `ruling-part-stretch` |
| Grip table | Prose | wet rock's -1 | agree | |

Pairs: 2 compared, 1 disagree.
";

#[test]
fn a_true_inventory_passes() {
    assert_eq!(
        inventory_problems(GOOD, &fixture_ids()),
        Vec::<String>::new()
    );
}

#[test]
fn an_unknown_id_a_stray_example_and_a_wrong_count_are_each_reported() {
    let ids = fixture_ids();
    let cases = [
        (
            "`climbing.climb`",
            "`climbing.climbs`",
            "no rule `climbing.climbs`",
        ),
        ("`quarry`", "`cliff`", "no example `cliff`"),
        (
            "| `ruling-part-stretch` | covered",
            "| `ruling-nope` | covered",
            "no ruling `ruling-nope`",
        ),
        (
            "| pending (books) |",
            "| covered |",
            "covered, but names no rule",
        ),
        (
            "| pending (books) |",
            "| ruled |",
            "ruled, but names no ruling",
        ),
        ("| pending (books) |", "| done |", "unknown status"),
        (
            "Covered: 1 of 2",
            "Covered: 2 of 2",
            "`Covered: 1 of 2 mechanics`",
        ),
        (
            "Pairs: 2 compared, 1",
            "Pairs: 2 compared, 0",
            "`Pairs: 2 compared, 1 disagree`",
        ),
        (
            "| disagree | `ruling-part-stretch` |",
            "| disagree | |",
            "a disagreement with no ruling",
        ),
        ("| agree |", "| agrees |", "unknown verdict `agrees`"),
        ("| Rulings |", "| Ruling |", "a table's header"),
    ];
    for (from, to, expected) in cases {
        let doc = GOOD.replacen(from, to, 1);
        assert_ne!(doc, GOOD, "`{from}` is not in the fixture");
        let problems = inventory_problems(&doc, &ids);
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{from} -> {to}: expected a problem containing {expected:?}, got {problems:?}"
        );
    }
}

#[test]
fn an_example_of_a_rule_its_row_does_not_name_is_reported() {
    let mut ids = fixture_ids();
    ids.rules.insert("climbing.rope".to_string());
    let doc = GOOD.replacen(
        "`climbing.climb` | `quarry`",
        "`climbing.rope` | `quarry`",
        1,
    );
    let problems = inventory_problems(&doc, &ids);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("which the row does not name")),
        "{problems:?}"
    );
}

#[test]
fn a_rule_no_mechanic_names_is_reported() {
    let mut ids = fixture_ids();
    ids.rules.insert("climbing.rappel".to_string());
    assert_eq!(
        inventory_problems(GOOD, &ids),
        ["rule `climbing.rappel` covers no mechanic the inventory lists"]
    );
}

#[test]
fn a_missing_inventory_or_count_line_is_a_problem_naming_its_file() {
    let dir = std::env::temp_dir().join(format!("xtask-inventory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let system = System {
        id: "srd5".into(),
        chapters: Vec::new(),
    };
    let missing = system_problems(&dir, &system);
    assert_eq!(missing.len(), 1, "{missing:?}");
    assert!(
        missing[0].starts_with(&format!("{}: cannot read", dir.join("srd5.md").display())),
        "{missing:?}"
    );
    let no_pairs = GOOD.replacen("Pairs: 2 compared, 1 disagree.", "", 1);
    std::fs::write(dir.join("srd5.md"), &no_pairs).unwrap();
    let found = system_problems(&dir, &system);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        found.iter().any(
            |p| p.starts_with(&dir.join("srd5.md").display().to_string())
                && p.contains("no line starting `Pairs:`; add `Pairs: 2 compared, 1 disagree`")
        ),
        "{found:?}"
    );
}
