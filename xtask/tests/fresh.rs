//! The freshness check: the committed case and property files are exactly what
//! the bundled book produces (what `cargo xtask check` enforces); and, on the
//! fixture book, `plan`/`apply` notice and repair a stale, a missing, a
//! no-longer-generated and an edited file.

mod common;

use std::path::Path;

use common::Scratch;

#[test]
fn case_files_are_up_to_date() {
    let root = xtask::workspace_root();
    let book = xtask::compile_book(&root)
        .unwrap_or_else(|d| panic!("the book does not compile:\n{}", d.render()));
    let plan = xtask::plan(&book, &xtask::cases_dir(&root)).expect("read the case files");
    assert!(
        plan.is_empty(),
        "the case files under conformance/cases are stale; run `cargo xtask regen`:\n  {}",
        plan.describe(&root).join("\n  ")
    );
    assert!(plan.unchanged > 0, "the book produced no case files at all");
}

#[test]
fn property_files_are_up_to_date() {
    let root = xtask::workspace_root();
    let book = xtask::compile_book(&root)
        .unwrap_or_else(|d| panic!("the book does not compile:\n{}", d.render()));
    let plan = xtask::property_plan(&book, &xtask::properties_dir(&root)).expect("read the files");
    assert!(
        plan.is_empty(),
        "the property files under conformance/properties are stale; run `cargo xtask regen`:\n  {}",
        plan.describe(&root).join("\n  ")
    );
    assert!(
        plan.unchanged > 0,
        "the book produced no property files at all"
    );
}

/// The fixture book (`common::Scratch::fixture`) and its workspace, whose case
/// and property files regen has just written.
fn fixture(name: &str) -> (Scratch, codegen::Book) {
    let scratch = Scratch::fixture(name);
    let book = xtask::compile_book(&scratch.0).expect("the fixture book compiles");
    (scratch, book)
}

#[test]
fn plan_reports_an_edited_a_deleted_and_a_stray_property_file_and_apply_repairs_them() {
    let (scratch, book) = fixture("properties");
    let dir = xtask::properties_dir(&scratch.0);
    let total = xtask::property_plan(&book, &dir).expect("plan").unchanged;

    let edited = dir
        .join("action")
        .join("fixture-more-armor-lets-less-through.toml");
    let original = std::fs::read_to_string(&edited).expect("a property file");
    let changed = original.replace("to = 30", "to = 20");
    assert_ne!(changed, original, "the edit did not change the file");
    std::fs::write(&edited, &changed).expect("edit the property file");
    let deleted = dir
        .join("outcome-armor")
        .join("fixture-higher-roll-never-fails-more.toml");
    std::fs::remove_file(&deleted).expect("delete a property file");
    let stray = dir.join("outcome-armor").join("no-such-property.toml");
    std::fs::write(&stray, "id = \"no-such-property\"\n").expect("write a stray file");

    let plan = xtask::property_plan(&book, &dir).expect("plan on the edited copy");
    assert_eq!(
        plan.describe(&dir),
        vec![
            "stale: action/fixture-more-armor-lets-less-through.toml".to_string(),
            "missing: outcome-armor/fixture-higher-roll-never-fails-more.toml".to_string(),
            "no longer generated: outcome-armor/no-such-property.toml".to_string(),
        ]
    );
    assert_eq!(plan.unchanged, total - 2);
    xtask::apply(&plan).expect("apply the plan");
    assert_eq!(
        std::fs::read_to_string(&edited).expect("rewritten"),
        original
    );
    assert!(deleted.exists() && !stray.exists());
    let after = xtask::property_plan(&book, &dir).expect("plan after apply");
    assert!(after.is_empty() && after.unchanged == total);
}

#[test]
fn plan_reports_an_edited_and_a_stray_case_file_and_apply_repairs_them() {
    let (scratch, book) = fixture("plan");
    let cases = xtask::cases_dir(&scratch.0);
    let clean = xtask::plan(&book, &cases).expect("plan on the fixture");
    assert!(
        clean.is_empty(),
        "regen left the fixture's case files stale"
    );
    let total = clean.unchanged;

    let edited = cases.join("action").join("fixture-absorb.toml");
    let original = std::fs::read_to_string(&edited).expect("fixture-absorb.toml is a case");
    let changed = original.replace("damage_through = 6", "damage_through = 5");
    assert_ne!(changed, original, "the edit did not change the case file");
    std::fs::write(&edited, &changed).expect("edit the case file");
    let stray = cases.join("action").join("no-such-example.toml");
    std::fs::write(&stray, "id = \"no-such-example\"\n").expect("write a stray case file");
    // Files that are not .toml are not case files and are left alone.
    let notes = cases.join("action").join("README.txt");
    std::fs::write(&notes, "not a case file\n").expect("write a non-case file");

    let plan = xtask::plan(&book, &cases).expect("plan on the edited copy");
    let writes: Vec<&Path> = plan.writes.iter().map(|(p, _)| p.as_path()).collect();
    assert_eq!(
        writes,
        vec![edited.as_path()],
        "exactly the edited file is stale"
    );
    assert_eq!(
        plan.writes[0].1, original,
        "the rewrite restores the generated text"
    );
    assert_eq!(
        plan.removes,
        vec![stray.clone()],
        "exactly the stray file is removed"
    );
    assert_eq!(plan.unchanged, total - 1);
    assert_eq!(
        plan.describe(&cases),
        vec![
            "stale: action/fixture-absorb.toml".to_string(),
            "no longer generated: action/no-such-example.toml".to_string(),
        ]
    );

    xtask::apply(&plan).expect("apply the plan");
    assert_eq!(
        std::fs::read_to_string(&edited).expect("the edited file is still there"),
        original
    );
    assert!(!stray.exists(), "apply left the stray case file");
    assert!(notes.exists(), "apply removed a file that is no case file");
    assert!(
        !edited.with_extension("toml.tmp").exists(),
        "apply left its temporary file"
    );
    let after = xtask::plan(&book, &cases).expect("plan after apply");
    assert!(
        after.is_empty(),
        "the plan is not empty after apply:\n  {}",
        after.describe(&cases).join("\n  ")
    );
    assert_eq!(after.unchanged, total);
}

#[test]
fn plan_reports_a_deleted_case_file_as_missing() {
    let (scratch, book) = fixture("missing");
    let cases = xtask::cases_dir(&scratch.0);
    let gone = cases.join("outcome-armor").join("fixture-outcome.toml");
    std::fs::remove_file(&gone).expect("delete a case file");
    let plan = xtask::plan(&book, &cases).expect("plan on the copy");
    assert_eq!(
        plan.describe(&cases),
        vec!["missing: outcome-armor/fixture-outcome.toml".to_string()]
    );
    assert!(plan.removes.is_empty());

    xtask::apply(&plan).expect("apply the plan");
    assert!(
        gone.exists(),
        "apply did not recreate the missing case file"
    );
    assert!(
        xtask::plan(&book, &cases)
            .expect("plan after apply")
            .is_empty()
    );
}

/// A regen killed between writing a `.toml.tmp` and renaming it leaves the
/// temporary file behind: the next plan reports it, and applying it removes it.
#[test]
fn plan_removes_the_temporary_file_of_a_killed_regen() {
    let (scratch, book) = fixture("leftover");
    let cases = xtask::cases_dir(&scratch.0);

    let leftover = cases.join("action").join("fixture-absorb.toml.tmp");
    std::fs::write(&leftover, "id = \"fixture-ab").expect("write half a case file");
    let plan = xtask::plan(&book, &cases).expect("plan on the copy");
    assert_eq!(
        plan.describe(&cases),
        vec!["left by an interrupted regen: action/fixture-absorb.toml.tmp".to_string()]
    );
    assert!(plan.writes.is_empty());

    xtask::apply(&plan).expect("apply the plan");
    assert!(!leftover.exists(), "apply left the temporary file");
    assert!(
        xtask::plan(&book, &cases)
            .expect("plan after apply")
            .is_empty()
    );
}
