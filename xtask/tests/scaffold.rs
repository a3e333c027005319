//! `cargo xtask new`: a new system on a copy of the workspace has every file
//! the checks look for, the mutation record stays fresh, and once a rule (with
//! its resolver function) and an example are written the spec compiles.

mod common;
mod tutorial;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{Run, Scratch, copy_dir, xtask};
use server::world::{self, Overlays};
use xtask::mutants::{Record, Split};

/// A workspace copy with the inventories and the mutation record as well,
/// as it was before the tutorial if the author followed it.
fn workspace() -> Scratch {
    let scratch = Scratch::workspace_copy("new-system");
    let root = xtask::workspace_root();
    copy_dir(&root.join("docs/books"), &scratch.0.join("docs/books"));
    std::fs::copy(
        root.join("conformance/mutants.toml"),
        scratch.0.join("conformance/mutants.toml"),
    )
    .unwrap();
    tutorial::before_tutorial(&scratch.0);
    scratch
}

/// A rule and its example, as an author appends them to the new chapter.
pub const RULE: &str = "
```rule double
[given]
n = \"int 0..\"
[outputs]
twice = \"int 0..\"
```

```example double-two
rule = \"srd5.double\"

[given]
n = 2

[expect]
twice = 4
```
";

/// The rule's resolver function, appended to the chapter's resolver module.
pub const RESOLVER: &str = "
use crate::spec::srd5::srd5::double;
use crate::trace::Trace;
use crate::value::RuleError;

pub fn double(g: &double::Given, _t: &mut Trace) -> Result<double::Outcome, RuleError> {
    let twice = g.n.checked_mul(2).ok_or_else(|| RuleError::Invalid(format!(\"{} is too large to double\", g.n)))?;
    Ok(double::Outcome { twice })
}
";

#[test]
fn a_new_system_has_every_file_and_compiles_once_it_holds_a_rule() {
    let scratch = workspace();
    let root = &scratch.0;
    let run = xtask(root, &["new", "system", "srd5"]);
    assert_eq!(run.code, Some(0), "{run}");
    let read =
        |p: &str| std::fs::read_to_string(root.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    assert!(read("spec/srd5/srd5.md").starts_with("+++\nsystem = \"srd5\"\n"));
    assert!(read("rules/src/srd5/mod.rs").contains("\npub mod srd5;\n"));
    assert!(
        read("rules/src/lib.rs").contains("pub mod protection;\npub mod srd5;\npub mod table;\n")
    );
    assert!(read("docs/books/srd5.md").contains("Pairs: 0 compared, 0 disagree."));
    // Each Rust file made or changed is recorded at its text, with no mutants;
    // the chapter's resolver module, made for functions, waits for its run.
    let record = Record::load(root).unwrap();
    assert!(
        record
            .pending
            .contains(&"rules/src/srd5/srd5.rs".to_string())
    );
    assert!(!record.files.contains_key("rules/src/srd5/srd5.rs"));
    for file in ["rules/src/lib.rs", "rules/src/srd5/mod.rs"] {
        let entry = &record.files[file];
        assert_eq!(
            entry.checksum,
            xtask::audit::checksum(&read(file)),
            "{file}"
        );
        assert_eq!(entry.counts.mutants, 0, "{file}");
        let split = (entry.functions_from, entry.functions.is_empty());
        assert_eq!(split, (Split::Run, true), "none, known: {file}");
    }
    // A system of prose alone does not compile, and the error says why.
    let empty = world::compile(root, &Overlays::new())
        .map(|_| ())
        .unwrap_err()
        .render();
    assert!(
        empty.contains("system `srd5` has nothing to compile"),
        "{empty}"
    );
    // A rule, its resolver function and an example: the spec compiles.
    let chapter = root.join("spec/srd5/srd5.md");
    std::fs::write(&chapter, read("spec/srd5/srd5.md") + RULE).unwrap();
    let source = root.join("rules/src/srd5/srd5.rs");
    std::fs::write(&source, read("rules/src/srd5/srd5.rs") + RESOLVER).unwrap();
    if let Err(d) = world::compile(root, &Overlays::new()) {
        panic!("{}", d.render());
    }
    let run = xtask(root, &["new", "chapter", "srd5", "grappling"]);
    assert_eq!(run.code, Some(0), "{run}");
    assert!(read("rules/src/srd5/mod.rs").contains("pub mod grappling;\npub mod srd5;\n"));
    assert!(read("spec/srd5/grappling.md").contains("book = \"the source book\""));
    if let Err(d) = world::compile(root, &Overlays::new()) {
        panic!("{}", d.render());
    }
}

/// Every file, folder and link under `dir`, by its path from `dir`: a file
/// with its bytes, a link with where it leads.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut found = BTreeMap::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let kind = path.symlink_metadata().unwrap().file_type();
            let what = if kind.is_symlink() {
                let to = std::fs::read_link(&path).unwrap();
                format!("link to {}", to.display()).into_bytes()
            } else if kind.is_dir() {
                folders.push(path.clone());
                b"folder".to_vec()
            } else {
                std::fs::read(&path).unwrap()
            };
            found.insert(path.strip_prefix(dir).unwrap().to_path_buf(), what);
        }
    }
    found
}

/// The paths made, changed or removed between two [`tree`]s.
fn changed(before: &BTreeMap<PathBuf, Vec<u8>>, after: &BTreeMap<PathBuf, Vec<u8>>) -> Vec<String> {
    let mut paths: Vec<&PathBuf> = before.keys().chain(after.keys()).collect();
    paths.sort();
    paths.dedup();
    paths
        .into_iter()
        .filter(|p| before.get(*p) != after.get(*p))
        .map(|p| p.display().to_string())
        .collect()
}

/// Runs `args` on `root`, and asserts it is refused (exit status 1) with a
/// message holding `expected`, leaving every file under each of `dirs` as it
/// was, byte for byte.
fn refused(root: &Path, dirs: &[&Path], args: &[&str], expected: &str) {
    let before: Vec<_> = dirs.iter().map(|d| tree(d)).collect();
    let run = xtask(root, args);
    assert_eq!(run.code, Some(1), "{args:?}: {run}");
    assert!(run.stderr.contains(expected), "{args:?}: {run}");
    for (dir, before) in dirs.iter().zip(&before) {
        let changed = changed(before, &tree(dir));
        assert!(
            changed.is_empty(),
            "{args:?} changed {changed:?} in {}",
            dir.display()
        );
    }
}

/// Issue 30.1: SYSTEM of `new chapter` went into the paths unchecked, so
/// `../` wrote anywhere, `../src/action` outside `spec/`, and a module's name
/// (`active_defense`) made a folder beside the system's.
#[test]
fn a_chapters_system_must_be_an_existing_system_and_nothing_is_written_elsewhere() {
    let scratch = workspace();
    let root = &scratch.0;
    // A folder outside the workspace where a system's files would land: its
    // path has no dash, so the old code found its `mod.rs` there and wrote on.
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let outside =
        Scratch(std::env::temp_dir().join(format!("xtaskescape{}x{nanos}", std::process::id())));
    let sub = outside.0.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(sub.join("mod.rs"), "//! not the workspace's\n").unwrap();
    let escape = "../".repeat(40) + sub.to_str().unwrap().trim_start_matches('/');
    let dirs = [root.as_path(), &outside.0];
    for (system, expected) in [
        (escape.as_str(), "is no system id"),
        ("../src/action", "`../src/action` is no system id"),
        (
            "active_defense",
            "`active_defense` is no system id (did you mean `active-defense`?): ids are kebab-case",
        ),
        (
            "actoin",
            "no system `actoin`: spec/actoin/ holds no chapter (did you mean `action`?); `cargo xtask new system actoin` makes a system",
        ),
    ] {
        refused(root, &dirs, &["new", "chapter", system, "zz-c"], expected);
    }
    // A folder of spec/ that is a link, even to a system of this workspace, is none.
    std::os::unix::fs::symlink("action", root.join("spec/linked")).unwrap();
    std::os::unix::fs::symlink("action", root.join("rules/src/linked")).unwrap();
    refused(
        root,
        &dirs,
        &["new", "chapter", "linked", "zz-c"],
        "no system `linked`",
    );
}

/// Issue 30.4: every write is planned and checked first, so a name refused by
/// any file leaves nothing of the others behind.
#[test]
fn a_refused_new_writes_nothing_even_when_only_its_last_file_is_taken() {
    let scratch = workspace();
    let root = &scratch.0;
    let dirs = [root.as_path()];
    std::fs::write(root.join("docs/books/zz.md"), "someone's\n").unwrap();
    refused(
        root,
        &dirs,
        &["new", "system", "zz"],
        "docs/books/zz.md exists already",
    );
    std::fs::write(root.join("rules/src/action/zz_c.rs"), "someone's\n").unwrap();
    refused(
        root,
        &dirs,
        &["new", "chapter", "action", "zz-c"],
        "rules/src/action/zz_c.rs exists already",
    );
    std::fs::create_dir(root.join("rules/src/yy")).unwrap();
    refused(
        root,
        &dirs,
        &["new", "system", "yy"],
        "rules/src/yy exists already",
    );
    // The two of the issue: each wrote part of its tree, then failed.
    refused(
        root,
        &dirs,
        &["new", "system", "mod"],
        "`mod` is a Rust keyword",
    );
    refused(
        root,
        &dirs,
        &["new", "chapter", "action", "mod"],
        "`mod` is a Rust keyword",
    );
}

/// Issue 30.4: names that `new` took and the build then rejected are refused
/// up front, each with its reason, as a system, as a chapter and as the first
/// chapter of a system.
#[test]
fn keywords_and_the_rules_crates_own_modules_name_nothing() {
    let scratch = workspace();
    let root = &scratch.0;
    let dirs = [root.as_path()];
    // A module of the crate's own that only the file names (and only with a `_`).
    common::edit(
        &root.join("rules/src/lib.rs"),
        "pub mod bounds;\n",
        "pub mod bounds;\npub(crate) mod my_helper;\n",
    );
    let keyword = |k: &str| format!("`{k}` is a Rust keyword, so `pub mod {k};` does not parse");
    let path_keyword = |k: &str| format!("`{k}` is a Rust path keyword");
    let file = |k: &str| format!("`{k}.rs` is the name of a crate's own file");
    let own = |k: &str| format!("collide with the rules crate's module `{k}`");
    let generated = |k: &str| format!("the generated code already has a module `{k}`");
    let chapter_own =
        |k: &str| format!("share its name with the rules crate's own module `crate::{k}`");
    for (name, as_system, as_chapter) in [
        ("fn", keyword("fn"), keyword("fn")),
        ("type", keyword("type"), keyword("type")),
        ("mod", keyword("mod"), keyword("mod")),
        // Reserved, and new in the 2024 edition.
        ("gen", keyword("gen"), keyword("gen")),
        ("abstract", keyword("abstract"), keyword("abstract")),
        ("self", path_keyword("self"), path_keyword("self")),
        ("crate", path_keyword("crate"), path_keyword("crate")),
        ("super", path_keyword("super"), path_keyword("super")),
        ("lib", file("lib"), file("lib")),
        ("main", file("main"), file("main")),
        ("table", generated("table"), chapter_own("table")),
        ("value", generated("value"), chapter_own("value")),
        ("dice", generated("dice"), chapter_own("dice")),
        ("spec", generated("spec"), chapter_own("spec")),
        ("bounds", own("bounds"), chapter_own("bounds")),
        ("my-helper", own("my_helper"), chapter_own("my_helper")),
    ] {
        refused(root, &dirs, &["new", "system", name], &as_system);
        refused(
            root,
            &dirs,
            &["new", "chapter", "action", name],
            &as_chapter,
        );
        let args = ["new", "system", "zz", "--chapter", name];
        refused(root, &dirs, &args, &as_chapter);
    }
    // Ids name files, which the file system keeps short.
    let long = "a".repeat(codegen::MAX_ID_LEN + 1);
    refused(
        root,
        &dirs,
        &["new", "system", &long],
        "at most 100 of them",
    );
    refused(
        root,
        &dirs,
        &["new", "chapter", "action", &long],
        "at most 100 of them",
    );
    // A system's module is not the crate's own: a chapter may share its name.
    let run = xtask(root, &["new", "chapter", "action", "protection-x"]);
    assert_eq!(run.code, Some(0), "{run}");
    let run = xtask(root, &["new", "chapter", "active-defense", "protection"]);
    assert_eq!(run.code, Some(0), "{run}");
}

/// Issue 31.10: `--chapter` names the first chapter; each file written is
/// listed once, and exactly those; the next steps come numbered, in order.
#[test]
fn a_new_system_names_its_first_chapter_lists_each_file_once_and_the_steps_in_order() {
    let scratch = workspace();
    let root = &scratch.0;
    let before = tree(root);
    let run = xtask(
        root,
        &["new", "system", "srd6", "--chapter", "combat-basics"],
    );
    assert_eq!(run.code, Some(0), "{run}");
    let read =
        |p: &str| std::fs::read_to_string(root.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    assert!(read("spec/srd6/combat-basics.md").contains("# Combat basics {#combat-basics}"));
    assert!(read("rules/src/srd6/mod.rs").ends_with("\npub mod combat_basics;\n"));
    assert!(!root.join("spec/srd6/srd6.md").exists());
    let record = Record::load(root).unwrap();
    assert!(
        record
            .pending
            .contains(&"rules/src/srd6/combat_basics.rs".to_string())
    );
    let mut listed: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("wrote "))
        .collect();
    let count = listed.len();
    listed.sort();
    listed.dedup();
    assert_eq!(listed.len(), count, "a file listed twice: {run}");
    let mut made = changed(&before, &tree(root));
    // The folders made, which hold the files listed.
    made.retain(|p| !["spec/srd6", "rules/src/srd6"].contains(&p.as_str()));
    assert_eq!(listed, made, "{run}");
    let steps: Vec<&str> = run
        .stdout
        .lines()
        .skip_while(|l| *l != "next:")
        .skip(1)
        .collect();
    let expected = [
        "  1. write a rule and an example in spec/srd6/combat-basics.md",
        "  2. write the rule's resolver function in rules/src/srd6/combat_basics.rs",
        "  3. add the mechanic the rule covers to the table of docs/books/srd6.md",
        "  4. run `cargo xtask regen`",
        "  5. run `cargo xtask mutants --file rules/src/srd6/combat_basics.rs`",
        "  6. run `cargo xtask test`",
    ];
    assert_eq!(steps.len(), expected.len(), "{run}");
    for (step, start) in steps.iter().zip(expected) {
        assert!(step.starts_with(start), "{step:?} is not {start:?}: {run}");
    }
    // A chapter of it: its files, once each, and the same steps for it.
    let before = tree(root);
    let run = xtask(root, &["new", "chapter", "srd6", "grappling"]);
    assert_eq!(run.code, Some(0), "{run}");
    let listed: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("wrote "))
        .collect();
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(sorted, changed(&before, &tree(root)), "{run}");
    assert!(
        run.stdout
            .contains("  2. write the rule's resolver function in rules/src/srd6/grappling.rs"),
        "{run}"
    );
}

#[test]
fn a_system_or_chapter_that_exists_or_a_bad_id_is_refused() {
    let scratch = workspace();
    for (args, expected) in [
        (
            &["new", "system", "action"][..],
            "spec/action exists already",
        ),
        (&["new", "system", "Srd5"], "`Srd5` is no system id"),
        (&["new", "chapter", "nope", "x"], "no system `nope`"),
    ] {
        let run = xtask(&scratch.0, args);
        assert_eq!(run.code, Some(1), "{run}");
        assert!(run.stderr.contains(expected), "{args:?}: {run}");
    }
}

/// The whole path of a new author on a copy of the workspace, as the guide's
/// tutorial (`guide/src/getting-started.md`) walks it: `new`, the chapter with
/// its rule and example, the resolver function, the inventory's row, `regen`,
/// `eval`, then every test of the workspace, each command through cargo as the
/// author types it and printing what the page shows.
#[test]
fn a_new_system_with_a_rule_and_an_example_passes_regen_and_the_whole_suite() {
    let root = xtask::workspace_root();
    let copy = &fresh_copy(&root);
    let cargo = |args: &[&str]| {
        let mut command = Command::new(xtask::cargo_program());
        command.args(args).current_dir(copy);
        // What cargo set for this test, which would point the copy's runs at this workspace.
        for (key, _) in std::env::vars_os() {
            let key = key.to_string_lossy();
            if key == "XTASK_ROOT" || (key.starts_with("CARGO_") && key != "CARGO_HOME") {
                command.env_remove(&*key);
            }
        }
        // Smaller and quicker to build; what the tests check is the same.
        command
            .env("CARGO_INCREMENTAL", "0")
            .env("CARGO_PROFILE_DEV_DEBUG", "0");
        let run = Run::of(&mut command);
        assert!(run.ok(), "`cargo {}` failed:\n{run}", args.join(" "));
        run
    };
    // The copy's, taken back to before the tutorial, not the author's, which
    // holds the tutorial's module pending if the author followed it.
    let pending_before = Record::load(copy).unwrap().pending;
    let mut tested = false;
    for step in tutorial::steps() {
        let tutorial::Step::Run { command, shown } = &step else {
            tutorial::apply(copy, &step);
            continue;
        };
        let mut args: Vec<&str> = command
            .strip_prefix("cargo ")
            .unwrap_or_else(|| panic!("`{command}` is not a cargo command"))
            .split_whitespace()
            .collect();
        if args == ["xtask", "test"] {
            // The new module waits for its first mutation run, beside any
            // module of the workspace itself that waits too (issue 31.6: an
            // author's own pending module once failed this very test).
            let mut expected = pending_before.clone();
            expected.push("rules/src/coin_duel/duel.rs".into());
            expected.sort();
            assert_eq!(Record::load(copy).unwrap().pending, expected);
            // This test, which would run itself again, and the tutorial's
            // cheap half, whose system the copy holds already.
            args.extend([
                "--",
                "--skip",
                "a_new_system_with_a_rule_and_an_example_passes_regen_and_the_whole_suite",
                "--skip",
                "the_tutorials_new_and_files_compile_to_the_case_it_shows",
            ]);
            tested = true;
        }
        let run = cargo(&args);
        tutorial::check_shown(command, shown, &run.stdout, &run.stderr);
    }
    // The whole suite passed while the module waits, and said what to run.
    assert!(tested, "the tutorial never runs `cargo xtask test`");
}

/// Issue 31.6: a module waiting for its first mutation run fails no check,
/// unless `check --no-pending` is asked (as CI does), which names the command.
#[test]
fn a_pending_module_fails_only_check_no_pending_which_names_the_command() {
    let scratch = workspace();
    let root = &scratch.0;
    let waiting = "rules/src/trace.rs";
    let mut record = Record::load(root).unwrap();
    record.files.remove(waiting);
    record.pending = vec![waiting.into()];
    record.save(root).unwrap();
    let run = xtask(root, &["check"]);
    assert_eq!(run.code, Some(0), "{run}");
    let run = xtask(root, &["check", "--no-pending"]);
    assert_eq!(run.code, Some(1), "{run}");
    assert!(
        run.stderr
            .contains("resolver modules wait for their first mutation run"),
        "{run}"
    );
    assert!(
        run.stderr
            .contains("\n  cargo xtask mutants --file rules/src/trace.rs"),
        "{run}"
    );
}

/// A copy of the files git tracks in `root` (and the new ones it does not
/// ignore), committed, at `target/new-system/workspace`, made afresh but always there,
/// with its `target` folder kept beside it: each run builds again only the
/// copy's own crates, and the language server's resolver in `target/lsp`.
fn fresh_copy(root: &Path) -> PathBuf {
    let base = root.join("target/new-system");
    let copy = base.join("workspace");
    let _ = std::fs::remove_dir_all(&copy);
    std::fs::create_dir_all(base.join("target")).unwrap();
    std::fs::create_dir_all(&copy).unwrap();
    std::os::unix::fs::symlink("../target", copy.join("target")).unwrap();
    // The books CI keeps beside the workspace (`../shared/books`), beside the
    // copy too: the copy's provenance tests read them from there.
    let shared = base.join("shared");
    let _ = std::fs::remove_file(&shared);
    let books = root.join("../shared");
    if books.is_dir() {
        std::os::unix::fs::symlink(std::fs::canonicalize(&books).unwrap(), &shared).unwrap();
    }
    let listed = Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(root)
        .output()
        .expect("run git ls-files");
    assert!(listed.status.success(), "git ls-files failed");
    for file in listed.stdout.split(|b| *b == 0).filter(|f| !f.is_empty()) {
        let file = Path::new(std::str::from_utf8(file).expect("a UTF-8 path"));
        let from = root.join(file);
        // Deleted in the work tree but not yet in the index.
        if !from.is_file() {
            continue;
        }
        let dest = copy.join(file);
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::copy(&from, &dest).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    }
    tutorial::before_tutorial(&copy);
    // A checkout of its own, as the author's is: the audit says who wrote a ruling.
    let git = |args: &[&str]| {
        let status = Command::new("git")
            .args([
                "-c",
                "user.name=New System",
                "-c",
                "user.email=new@system.test",
            ])
            .args(["-c", "commit.gpgsign=false"])
            .args(args)
            .current_dir(&copy)
            .stdout(std::process::Stdio::null())
            .status()
            .expect("run git");
        assert!(status.success(), "git {args:?} failed in the copy");
    };
    git(&["init", "--quiet"]);
    git(&["add", "--all"]);
    git(&["commit", "--quiet", "--message", "the workspace"]);
    copy
}
