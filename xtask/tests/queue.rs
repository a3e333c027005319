//! The review queue on a scratch copy of the fixture book, through the real
//! binary: after a full stamp, an edited sentence, table cell, claim and
//! engine helper are exactly four entries, each with its diff, the helper's
//! with exactly the rules that call it; stamping one chapter clears exactly
//! that chapter's entries and records who stamped and when.

mod common;

use std::path::Path;

use common::{Scratch, edit, xtask};

/// The queue's entries as `cargo xtask review` prints them: each heading line
/// with the lines below it, up to the next heading.
fn queue(root: &Path) -> Vec<(String, Vec<String>)> {
    let run = xtask(root, &["review"]);
    assert!(run.ok(), "{run}");
    let mut entries: Vec<(String, Vec<String>)> = Vec::new();
    for line in run.stdout.lines() {
        let heading = line
            .split_once(". ")
            .filter(|(n, _)| n.parse::<usize>().is_ok());
        match (heading, entries.last_mut()) {
            (Some((_, h)), _) => entries.push((h.to_string(), Vec::new())),
            (None, Some((_, body))) if line.starts_with("   ") => {
                body.push(line.trim_end().to_string())
            }
            _ => {}
        }
    }
    let count = format!("{} entries in the review queue", entries.len());
    assert!(run.stdout.contains(&count), "{}", run.stdout);
    entries
}

fn stamp(root: &Path, args: &[&str]) {
    let run = xtask(root, &[&["audit", "--stamp"], args].concat());
    assert!(run.ok(), "{run}");
}

fn stamped(root: &Path) -> toml::Table {
    let text = std::fs::read_to_string(root.join("spec/reviewed.toml")).expect("the stamp");
    toml::from_str(&text).expect("TOML")
}

#[test]
fn four_edits_are_four_entries_and_a_chapter_stamp_clears_exactly_its_own() {
    let scratch = Scratch::fixture("queue");
    let root = &scratch.0;
    stamp(root, &["--reviewer", "A. Tester"]);
    assert!(queue(root).is_empty());

    let armor = root.join("spec/action/armor.md");
    edit(
        &armor,
        "nothing once it is through.",
        "nothing once it is through, however thin the armor.",
    );
    edit(&armor, "| AV_DIVISOR | 2 |", "| AV_DIVISOR | 3 |");
    // A claim and its input, so that the example still passes.
    edit(
        &armor,
        "damage = 16\nav = 10\n\n[book]\ndamage_through = 6",
        "damage = 17\nav = 10\n\n[book]\ndamage_through = 7",
    );
    edit(
        &root.join("rules/src/bounds.rs"),
        "    at_least(0, figures)\n",
        "    at_least(i64::from(0u8), figures)\n",
    );

    let entries = queue(root);
    let headings: Vec<&str> = entries.iter().map(|(h, _)| h.as_str()).collect();
    assert_eq!(
        headings,
        [
            "spec/action/armor.md:16: section `armor-value` changed since review",
            "spec/action/armor.md:21: table `armor-figures` changed since review",
            "spec/action/armor.md:47: example `fixture-absorb` changed since review",
            "rules/src/bounds.rs:10: function `bounds::non_negative` changed since review",
        ]
    );
    let body = |i: usize| entries[i].1.join("\n");
    for i in 0..4 {
        assert!(body(i).contains("reviewed by A. Tester on "), "{}", body(i));
    }
    assert!(body(0).contains("   - nothing once it is through.\n   + nothing once it is through, however thin the armor."), "{}", body(0));
    assert!(
        !body(0).contains("AV_DIVISOR"),
        "the section's entry holds no table: {}",
        body(0)
    );
    assert!(
        body(1).contains("row 1 «AV_DIVISOR», column «Value»: «2» → «3»"),
        "{}",
        body(1)
    );
    assert!(body(1).contains("   - | AV_DIVISOR | 2 |"), "{}", body(1));
    assert!(body(2).contains("[given] damage: 16 → 17"), "{}", body(2));
    assert!(
        body(2).contains("[book] damage_through: 6 → 7"),
        "{}",
        body(2)
    );
    let reaching: Vec<&str> = entries[3]
        .1
        .iter()
        .filter_map(|l| l.trim().strip_prefix("reached by rule "))
        .collect();
    assert_eq!(
        reaching,
        [
            "armor.absorb (action): action::armor::absorb → bounds::non_negative",
            "armor.worn (action): action::armor::worn → bounds::non_negative",
        ],
        "exactly the rules that call the helper"
    );
    assert!(
        body(3)
            .contains("   -     at_least(0, figures)\n   +     at_least(i64::from(0u8), figures)"),
        "{}",
        body(3)
    );

    stamp(root, &["action/armor", "--reviewer", "B. Auditor"]);
    let left: Vec<String> = queue(root).into_iter().map(|(h, _)| h).collect();
    assert_eq!(
        left,
        ["rules/src/bounds.rs:10: function `bounds::non_negative` changed since review"]
    );
    let after = stamped(root);
    let section = &after["book"]["action"]["armor-value"];
    assert_eq!(section["reviewer"].as_str(), Some("B. Auditor"));
    let date = section["date"].as_str().expect("a date");
    assert!(date.len() == 10 && date.starts_with("20"), "{date}");
    assert_eq!(
        after["book"]["outcome-armor"]["outcome"]["reviewer"].as_str(),
        Some("A. Tester"),
        "another chapter's stamp is untouched"
    );
    assert_eq!(
        after["code"]["bounds::non_negative"]["reviewer"].as_str(),
        Some("A. Tester")
    );

    let run = xtask(
        root,
        &[
            "audit",
            "--stamp",
            "action/armour",
            "--reviewer",
            "B. Auditor",
        ],
    );
    assert!(
        !run.ok() && run.stderr.contains("`action/armour` names no item"),
        "{run}"
    );
    stamp(root, &["bounds::non_negative", "--reviewer", "B. Auditor"]);
    assert!(queue(root).is_empty());
}

/// A table's entry names the rules whose code reads it (through the helper
/// that names its constant) and the examples its change breaks, and gives the
/// exact command that stamps it; stamping with that command clears it.
#[test]
fn a_table_edit_names_its_reader_rules_and_the_examples_it_breaks() {
    let scratch = Scratch::fixture("queue-table");
    let root = &scratch.0;
    let armor = root.join("spec/action/armor.md");
    // An example that halves the armor, so that the divisor's figure matters.
    edit(
        &armor,
        "## Sums the book got wrong {#misprints}",
        "Ours: a piercing hit of 16 on armor of 10 halves it to 5, letting 11 through.\n\n\
         ```example fixture-half\nrule = \"armor.absorb\"\n\n[given]\ndamage = 16\nav = 10\n\
         half_av = true\n\n[expect]\ndamage_through = 11\n```\n\n\
         ## Sums the book got wrong {#misprints}",
    );
    stamp(root, &["--reviewer", "A. Tester"]);
    assert!(queue(root).is_empty());

    // The divisor goes from 2 to 5, and the example with it (16 - 10/5).
    // This test's binary was built from the bundled book, whose divisor is
    // 2: as a resolver rebuilt from a changed table fails the examples that
    // still claim the old figure, this one fails the example that claims the
    // new one. Either way the entry names the example its readers now fail.
    edit(&armor, "| AV_DIVISOR | 2 |", "| AV_DIVISOR | 5 |");
    edit(
        &armor,
        "[expect]\ndamage_through = 11",
        "[expect]\ndamage_through = 14",
    );
    let entries = queue(root);
    let (heading, body) = entries
        .iter()
        .find(|(h, _)| h.contains("table `armor-figures`"))
        .unwrap_or_else(|| panic!("no entry for the table: {entries:?}"));
    assert_eq!(
        heading,
        "spec/action/armor.md:21: table `armor-figures` changed since review"
    );
    let line = |prefix: &str| {
        body.iter()
            .find_map(|l| l.trim().strip_prefix(prefix))
            .unwrap_or_else(|| panic!("no `{prefix}` line: {body:?}"))
            .to_string()
    };
    assert_eq!(line("read by rules "), "armor.absorb, armor.worn");
    assert_eq!(line("breaks examples "), "fixture-half");
    assert_eq!(
        line("stamp: "),
        "cargo xtask audit --stamp action/armor/armor-figures"
    );

    let stamp_table = |root: &Path| {
        xtask(
            root,
            &[
                "audit",
                "--stamp",
                "action/armor/armor-figures",
                "--reviewer",
                "B. Auditor",
            ],
        )
    };
    // The stamp is refused while an example its change breaks fails (issue
    // 27), naming the example; nothing is stamped.
    let run = stamp_table(root);
    assert_eq!(run.code, Some(1), "{run}");
    assert!(
        run.stderr.contains("example `fixture-half` fails")
            && run.stderr.contains("review-failing"),
        "{run}"
    );
    assert!(
        queue(root).iter().any(|(h, _)| h.contains("armor-figures")),
        "a refused stamp stamped"
    );
    // Once the example agrees again, the entry's own command clears it.
    edit(
        &armor,
        "[expect]\ndamage_through = 14",
        "[expect]\ndamage_through = 11",
    );
    let run = stamp_table(root);
    assert!(run.stdout.contains("as reviewed by B. Auditor"), "{run}");
    let left: Vec<String> = queue(root).into_iter().map(|(h, _)| h).collect();
    assert!(
        left.iter().all(|h| !h.contains("armor-figures")),
        "the entry's own command clears it: {left:?}"
    );
}

/// A changed table that only one rule reads is read in that rule's entry,
/// with its cells and its reader; a table two rules read keeps its own.
#[test]
fn a_table_only_one_changed_rule_reads_is_read_in_that_rules_entry() {
    let scratch = Scratch::fixture("queue-one-reader");
    let root = &scratch.0;
    stamp(root, &["--reviewer", "A. Tester"]);
    let outcome = root.join("spec/outcome-armor/outcome.md");
    edit(
        &outcome,
        "| SUCCESS_FROM | 0 | The lowest Outcome that succeeds. |",
        "| SUCCESS_FROM | 0 | The least Outcome that succeeds. |",
    );
    edit(
        &outcome,
        "roll = \"int\"\n",
        "roll = \"int\"  # as rolled\n",
    );
    let armor = root.join("spec/action/armor.md");
    edit(
        &armor,
        "| AV_DIVISOR | 2 | Halved armor is divided by this, rounded down. |",
        "| AV_DIVISOR | 2 | Halved armor is divided by this, rounded towards zero. |",
    );
    edit(
        &armor,
        "armor = \"text\"\n",
        "armor = \"text\"  # as listed\n",
    );

    let entries = queue(root);
    let headings: Vec<&str> = entries.iter().map(|(h, _)| h.as_str()).collect();
    assert_eq!(
        headings,
        [
            "spec/action/armor.md:21: table `armor-figures` changed since review",
            "spec/action/armor.md:124: rule `armor.worn` changed since review",
            "spec/outcome-armor/outcome.md:35: rule `outcome.outcome` changed since review \
             (with the table only it reads)",
        ],
        "armor-figures has two readers and stays apart"
    );
    let body = entries[2].1.join("\n");
    assert!(
        body.contains("«The lowest Outcome that succeeds.» → «The least Outcome that succeeds.»"),
        "{body}"
    );
    assert!(body.contains("read by rules outcome.outcome"), "{body}");
    assert!(
        body.contains("cargo xtask audit --stamp outcome-armor/outcome/outcome.outcome outcome-armor/outcome/outcome-figures"),
        "{body}"
    );
}
