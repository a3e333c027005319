//! `cargo xtask provenance` on the fixture book and the book texts written
//! for it (`fixtures/books/`): it passes as committed, and each class of
//! failure is caught at the spec's (or the book's) file:line:col, with its code.

mod common;

use std::path::Path;

use codegen::DiagCode;
use common::{Run, Scratch, copy_dir, edit, fixture_book, xtask};

/// A workspace holding only the fixture book, and a copy of its books.
fn scratch(name: &str) -> Scratch {
    let s = Scratch::new(name);
    copy_dir(&fixture_book(), &s.0.join("spec"));
    copy_dir(&books(), &s.0.join("books"));
    s
}

fn books() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/books")
}

fn check(root: &Path, format: &[&str]) -> Run {
    let books = root.join("books");
    let mut args = vec![
        "provenance",
        "--books",
        books.to_str().expect("a UTF-8 path"),
    ];
    args.extend(format);
    xtask(root, &args)
}

/// The failing run's one finding: its code and where it is, `path:line:col`.
fn one_finding(run: &Run) -> (String, String) {
    assert_eq!(run.code, Some(1), "the check must fail:\n{}", run.stderr);
    let lines: Vec<serde_json::Value> = run
        .stderr
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .filter(|v: &serde_json::Value| v["code"].is_string())
        .collect();
    assert_eq!(lines.len(), 1, "one finding expected:\n{}", run.stderr);
    let d = &lines[0];
    let at = format!(
        "{}:{}:{}",
        d["file"].as_str().unwrap_or(""),
        d["line"],
        d["column"]
    );
    (d["code"].as_str().unwrap_or("").to_string(), at)
}

fn json(root: &Path) -> Run {
    check(root, &["--message-format=json"])
}

#[test]
fn the_fixture_book_is_located_and_covered() {
    let s = scratch("prov-clean");
    let run = check(&s.0, &[]);
    assert!(run.ok(), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains(
            "action         table rows 3/3 located (0 ours), [book] claims 2/2, table errata 0/0 confirmed"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(
            "fixture-armor.txt: 15 lines, 10 cited, 2 not rules, 3 blank, 0 cited by nothing"
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn a_changed_cell_is_caught_at_the_cell() {
    let s = scratch("prov-cell");
    edit(
        &s.0.join("spec/action/armor.md"),
        "| 3-4 | 2d6 |",
        "| 3-4 | 3d6 |",
    );
    let run = json(&s.0);
    assert_eq!(
        one_finding(&run),
        ("book-cell".into(), "spec/action/armor.md:155:9".into())
    );
    assert!(run.stderr.contains("cell `3d6` of table `hit-kinds` is not printed in fixture-armor.txt:13-15 where its row is (the row's cells before it are, from line 15)"), "{}", run.stderr);
}

#[test]
fn an_unprinted_book_figure_is_caught_at_the_claim() {
    let s = scratch("prov-figure");
    edit(
        &s.0.join("spec/action/armor.md"),
        "[book]\ndamage_through = 6",
        "[book]\ndamage_through = 7",
    );
    let run = json(&s.0);
    assert_eq!(
        one_finding(&run),
        ("book-figure".into(), "spec/action/armor.md:56:1".into())
    );
    assert!(
        run.stderr.contains(
            "claims `7`, where 6:41 prints `6` as `[book]` for `damage_through` (fixture-armor.txt:6)"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn a_figure_printed_elsewhere_on_its_lines_is_caught_at_its_place() {
    let s = scratch("prov-place");
    // 16 is printed on line 6 too, but not where the claim is pinned.
    edit(
        &s.0.join("spec/action/armor.md"),
        "[book]\ndamage_through = 6",
        "[book]\ndamage_through = 16",
    );
    let run = json(&s.0);
    assert_eq!(
        one_finding(&run),
        ("book-figure".into(), "spec/action/armor.md:56:1".into())
    );
}

#[test]
fn an_unpinned_claim_is_unlocated_at_the_claim() {
    let s = scratch("prov-unpinned");
    edit(
        &s.0.join("spec/action/armor.md"),
        "\n[at]\ndamage_through = \"6:41\"\n",
        "\n",
    );
    let run = json(&s.0);
    assert_eq!(
        one_finding(&run),
        ("book-unlocated".into(), "spec/action/armor.md:56:1".into())
    );
    let books = s.0.join("books");
    let books = books.to_str().expect("a UTF-8 path");
    let run = xtask(
        &s.0,
        &["provenance", "--books", books, "--propose", "--write"],
    );
    assert!(
        run.stdout
            .contains("example fixture-absorb [at]: lines 6 (1 claim(s) pinned)"),
        "{}",
        run.stdout
    );
    let armor = std::fs::read_to_string(s.0.join("spec/action/armor.md")).expect("the chapter");
    assert!(
        armor.contains("[at]\ndamage_through = \"6:41\"\n```"),
        "{armor}"
    );
    assert!(check(&s.0, &[]).ok(), "the written pin passes");
}

#[test]
fn a_ruling_that_sets_aside_what_the_book_does_not_print_is_caught() {
    let s = scratch("prov-aside");
    edit(
        &s.0.join("spec/action/armor.md"),
        "{#ruling-misprinted-sum aside=7:8}",
        "{#ruling-misprinted-sum aside=7:9}",
    );
    let run = json(&s.0);
    assert_eq!(
        one_finding(&run),
        ("book-aside".into(), "spec/action/armor.md:86:60".into())
    );
    assert!(
        run.stderr
            .contains("ruling `ruling-misprinted-sum` sets aside `9`, which fixture-armor.txt:7 does not print"),
        "{}",
        run.stderr
    );
}

#[test]
fn every_figure_mutant_of_the_fixture_book_is_caught() {
    let s = scratch("prov-mutate-fixture");
    let book = xtask::compile_book(&s.0).expect("the fixture compiles");
    let run = xtask::provenance::mutate::mutate(&book, &s.0.join("books"), &[]);
    assert!(run.ok(), "{}", run.summary());
    let action = &run.tallies["action"];
    assert!(action.total > 20, "{}", run.summary());
    assert_eq!(action.caught, action.total, "{}", run.summary());
    // A stale record is a failure: it excuses a figure the check catches.
    let stale = xtask::provenance::mutate::Explained {
        item: "armor#fixture-absorb".into(),
        what: "damage_through".into(),
        from: "6".into(),
        to: "16".into(),
        reason: "none".into(),
    };
    let run = xtask::provenance::mutate::mutate(&book, &s.0.join("books"), &[stale]);
    assert_eq!(run.stale.len(), 1, "{}", run.summary());
}

#[test]
fn another_edition_is_caught_at_the_front_matter() {
    let s = scratch("prov-edition");
    let book = s.0.join("books/fixture-armor.txt");
    let text = std::fs::read_to_string(&book).expect("read the book");
    std::fs::write(&book, text.replace("stops one point", "stops a point"))
        .expect("write the book");
    let run = json(&s.0);
    assert_eq!(
        one_finding(&run),
        ("book-edition".into(), "spec/action/armor.md:5:1".into())
    );
}

#[test]
fn an_uncited_paragraph_is_caught_at_the_book_line() {
    let s = scratch("prov-uncited");
    edit(
        &s.0.join("spec/action/armor.md"),
        "{#worn-armor lines=9-10}",
        "{#worn-armor}",
    );
    let run = json(&s.0);
    let (code, at) = one_finding(&run);
    assert_eq!(code, "book-coverage");
    assert!(at.ends_with("books/fixture-armor.txt:9:1"), "{at}");
    assert!(
        run.stderr
            .contains("lines 9-10 of fixture-armor.txt: no item of the spec cites them"),
        "{}",
        run.stderr
    );
}

#[test]
fn findings_render_with_their_code_and_place() {
    let s = scratch("prov-human");
    edit(
        &s.0.join("spec/action/armor.md"),
        "| 3-4 | 2d6 |",
        "| 3-4 | 3d6 |",
    );
    let run = check(&s.0, &[]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.contains("error[book-cell]: cell `3d6`"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("--> spec/action/armor.md:155:9"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("1 provenance finding(s)"),
        "{}",
        run.stderr
    );
}

/// The files of one example of an explanation: `(path, contents)` under `heading`.
fn explained(text: &str, heading: &str) -> Vec<(String, String)> {
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with(heading))
        .expect("the heading");
    let mut out = Vec::new();
    let mut lines = section.lines();
    while let Some(line) = lines.next() {
        if let Some(path) = line.strip_prefix("~~~~ ") {
            let body: String = lines
                .by_ref()
                .take_while(|l| *l != "~~~~")
                .map(|l| format!("{l}\n"))
                .collect();
            out.push((path.to_string(), body));
        }
    }
    out
}

/// The codes the check finds in one example's files.
fn codes_of(code: DiagCode, files: &[(String, String)]) -> Vec<DiagCode> {
    let s = Scratch::new(&format!("prov-explain-{code}"));
    for (path, body) in files {
        let path = s.0.join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("make the folder");
        std::fs::write(path, body).expect("write the file");
    }
    let book = match xtask::compile_book(&s.0) {
        Ok(book) => book,
        Err(d) => return d.0.iter().map(|d| d.code).collect(),
    };
    let run = xtask::provenance::check(&book, &s.0.join("spec"), &s.0.join("books"));
    run.findings.iter().map(|d| d.code).collect()
}

#[test]
fn every_provenance_code_is_explained_by_a_wrong_and_a_right_example() {
    let mut wrongs = Vec::new();
    for code in DiagCode::all().filter(|c| matches!(c, DiagCode::Book(_))) {
        let text = code.explanation();
        assert!(text.starts_with(&format!("# {code}: ")), "{code}");
        let wrong = codes_of(code, &explained(text, "Wrong"));
        if wrong.is_empty() || wrong.iter().any(|c| *c != code) {
            wrongs.push(format!("{code}: the wrong example yields {wrong:?}"));
        }
        let right = codes_of(code, &explained(text, "Right"));
        if !right.is_empty() {
            wrongs.push(format!("{code}: the right example yields {right:?}"));
        }
    }
    assert!(wrongs.is_empty(), "{}", wrongs.join("\n"));
}

#[test]
fn without_the_books_the_report_shows_the_locators_alone() {
    let s = Scratch::fixture("prov-audit-locators");
    let book = xtask::compile_book(&s.0).expect("the fixture compiles");
    xtask::audit::run(&s.0, &book, None).expect("the audit runs");
    let dir = s.0.join(xtask::audit::REPORT_DIR);
    let page = std::fs::read_to_string(dir.join("action/armor.html")).expect("the chapter's page");
    assert!(
        page.contains("<p class=\"book-locator\" data-item=\"hit-kinds\">Book: <code>fixture-armor.txt</code> lines <code>13-15</code>"),
        "{page}"
    );
    assert!(!page.contains("book-panel"), "no book text without --books");
    assert!(
        page.contains("book lines 4-5"),
        "a section's locator by its heading"
    );
    assert!(
        !dir.join("books").exists(),
        "no coverage pages without the books"
    );
}

#[test]
fn propose_finds_an_unlocated_table_and_example_and_writes_them() {
    let s = scratch("prov-propose");
    let armor = s.0.join("spec/action/armor.md");
    edit(
        &armor,
        "<!-- table hit-kinds\nlines = \"13-15\"\n",
        "<!-- table hit-kinds\n",
    );
    edit(
        &armor,
        "rule = \"armor.absorb\"\nlines = \"6\"\n",
        "rule = \"armor.absorb\"\n",
    );
    let unlocated = json(&s.0);
    assert_eq!(unlocated.code, Some(1));
    assert_eq!(
        unlocated
            .stderr
            .matches("\"code\":\"book-unlocated\"")
            .count(),
        2,
        "{}",
        unlocated.stderr
    );
    let books = s.0.join("books");
    let books = books.to_str().expect("a UTF-8 path");
    let run = xtask(&s.0, &["provenance", "--books", books, "--propose"]);
    assert!(run.ok(), "{}", run.stderr);
    assert!(
        run.stdout
            .contains("table hit-kinds: lines 13-15 (2/2 rows)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("example fixture-absorb: lines 6 (1/1 figures)"),
        "{}",
        run.stdout
    );
    let run = xtask(
        &s.0,
        &["provenance", "--books", books, "--propose", "--write"],
    );
    assert!(run.stdout.contains("wrote 2 locators"), "{}", run.stdout);
    let run = check(&s.0, &[]);
    assert!(run.ok(), "the written locators pass: {}", run.stderr);
}

/// The books the bundled spec restates, where CI keeps them beside the
/// workspace (`../shared/books`).
fn shared_books() -> std::path::PathBuf {
    let dir = xtask::workspace_root().join("../shared/books");
    assert!(
        dir.is_dir(),
        "the bundled book's provenance tests read the books at {}",
        dir.display()
    );
    dir
}

/// The provenance findings of the bundled spec with `from` replaced by `to`
/// in the chapter at `path`: (code, `path:line:col`, message) each.
fn bundled_findings(name: &str, path: &str, from: &str, to: &str) -> Vec<(String, String, String)> {
    let s = Scratch::new(name);
    copy_dir(&xtask::workspace_root().join("spec"), &s.0.join("spec"));
    edit(&s.0.join(path), from, to);
    let mut book = xtask::compile_book(&s.0).expect("the edited spec compiles");
    // Only the edited chapter's system, as `--system` checks it: a workspace
    // may hold a system of its own with no book in the shared folder (the
    // new-system test's copy does).
    let system = path.split('/').nth(1).expect("spec/<system>/<chapter>.md");
    book.systems.retain(|s| s.id == system);
    let run = xtask::provenance::check(&book, &s.0.join("spec"), &shared_books());
    run.findings
        .iter()
        .map(|d| (d.code.to_string(), d.location(), d.message.clone()))
        .collect()
}

/// `path:line:1`, the line of the spec file `path` where `text` starts (the
/// bundled spec moves as chapters grow; the claim is where it is).
fn line_of(path: &str, text: &str) -> String {
    let spec =
        std::fs::read_to_string(xtask::workspace_root().join(path)).expect("read the chapter");
    let at = spec
        .find(text)
        .unwrap_or_else(|| panic!("{path} has no `{text}`"));
    format!("{path}:{}:1", spec[..at].lines().count() + 1)
}

#[test]
fn craft_burst_hits_changed_to_a_figure_printed_beside_it_fails_at_the_claim() {
    // Line 200 prints 6 too (Craft's REF, and the effect number).
    let found = bundled_findings(
        "prov-craft-burst",
        "spec/action/autofire.md",
        "effect_number = 6\nhits = 3\n",
        "effect_number = 6\nhits = 6\n",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].0.as_str(), found[0].1.as_str()),
        (
            "book-figure",
            line_of("spec/action/autofire.md", "hits = 3\n").as_str()
        )
    );
    assert!(
        found[0].2.contains("claims `6`, where 200:375 prints `3`"),
        "{found:?}"
    );
}

#[test]
fn grenade_average_radius_changed_to_8_fails_at_the_claim() {
    let found = bundled_findings(
        "prov-grenade-radius",
        "spec/action/explosions.md",
        "radius = 7\n\n[at]\nradius = \"233:174\"",
        "radius = 8\n\n[at]\nradius = \"233:174\"",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].0.as_str(), found[0].1.as_str()),
        (
            "book-figure",
            line_of(
                "spec/action/explosions.md",
                "radius = 7\n\n[at]\nradius = \"233:174\""
            )
            .as_str()
        )
    );
}

#[test]
fn an_errata_book_value_changed_to_the_ruled_one_fails_at_the_claim() {
    // The erratum rules 70; the book prints 210. Copying the ruled value
    // over the printed one would make the erratum vanish unseen by `eval`.
    let found = bundled_findings(
        "prov-erratum-book-side",
        "spec/action/objects.md",
        "hits = 210\n",
        "hits = 70\n",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].0.as_str(), found[0].1.as_str()),
        ("book-figure", "spec/action/objects.md:235:1")
    );
    assert!(
        found[0]
            .2
            .contains("claims `70`, where 603:348 prints `210`"),
        "{found:?}"
    );
}

#[test]
fn the_bundled_book_has_no_unexplained_figure_mutant() {
    let root = xtask::workspace_root();
    let book = xtask::compile_book(&root).expect("the spec compiles");
    let record = xtask::provenance::mutate::read_record(&root).expect("the record reads");
    let run = xtask::provenance::mutate::mutate(&book, &shared_books(), &record);
    assert!(run.ok(), "{}", run.summary());
    assert_eq!(run.tallies.len(), 5, "{}", run.summary());
    for (system, t) in &run.tallies {
        assert!(t.total > 0, "{system}: no figure mutated");
        assert_eq!(
            t.caught + t.explained,
            t.total,
            "{system}: {}",
            run.summary()
        );
    }
}

#[test]
fn the_rulings_that_set_printed_text_aside_say_so_and_name_it() {
    use codegen::model::locator::Declares;
    let book = xtask::compile_book(&xtask::workspace_root()).expect("the spec compiles");
    let sections: Vec<_> = book
        .chapters()
        .flat_map(|(_, c)| &c.sections)
        .filter(|s| s.id.starts_with("ruling-"))
        .collect();
    for id in [
        "ruling-spray-cap",
        "ruling-autofire-rolls",
        "ruling-fall-velocity",
        "ruling-storeys",
        "ruling-quick-estimate",
    ] {
        let s = sections.iter().find(|s| s.id == id).expect("the ruling");
        assert!(
            matches!(&s.declares, Some(Declares::Aside(a)) if !a.is_empty()),
            "{id} sets printed text aside: {:?}",
            s.declares
        );
    }
    let undeclared: Vec<&str> = sections
        .iter()
        .filter(|s| s.declares.is_none())
        .map(|s| s.id.as_str())
        .collect();
    assert!(undeclared.is_empty(), "undeclared: {undeclared:?}");
}
