//! `cargo xtask new`: a new system on a copy of the workspace has every file
//! the checks look for, the mutation record stays fresh, and once a rule (with
//! its resolver function) and an example are written the spec compiles.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{Run, Scratch, copy_dir, xtask};
use xtask::mutants::{Record, Split};

/// A workspace copy with the inventories and the mutation record as well.
fn workspace() -> Scratch {
    let scratch = Scratch::workspace_copy("new-system");
    let root = xtask::workspace_root();
    copy_dir(&root.join("docs/books"), &scratch.0.join("docs/books"));
    std::fs::copy(
        root.join("conformance/mutants.toml"),
        scratch.0.join("conformance/mutants.toml"),
    )
    .unwrap();
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

/// The inventory's row for the rule, with its count line.
const MECHANIC: &str = "|---|---|---|---|---|
| Doubling a number | `srd5.double` | `double-two` | | covered |

Covered: 1 of 1";

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
        assert_eq!(entry.mutants, 0, "{file}");
        let split = (entry.functions_from, entry.functions.is_empty());
        assert_eq!(split, (Split::Run, true), "none, known: {file}");
    }
    // A system of prose alone does not compile, and the error says why.
    let empty = author::gate::check(root).map(|_| ()).unwrap_err().render();
    assert!(
        empty.contains("system `srd5` has nothing to compile"),
        "{empty}"
    );
    // A rule, its resolver function and an example: the spec compiles.
    let chapter = root.join("spec/srd5/srd5.md");
    std::fs::write(&chapter, read("spec/srd5/srd5.md") + RULE).unwrap();
    let source = root.join("rules/src/srd5/srd5.rs");
    std::fs::write(&source, read("rules/src/srd5/srd5.rs") + RESOLVER).unwrap();
    if let Err(d) = author::gate::check(root) {
        panic!("{}", d.render());
    }
    let run = xtask(root, &["new", "chapter", "srd5", "grappling"]);
    assert_eq!(run.code, Some(0), "{run}");
    assert!(read("rules/src/srd5/mod.rs").contains("pub mod grappling;\npub mod srd5;\n"));
    assert!(read("spec/srd5/grappling.md").contains("book = \"the source book\""));
    if let Err(d) = author::gate::check(root) {
        panic!("{}", d.render());
    }
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

/// The whole path of a new author on a copy of the workspace: `new`, a rule,
/// its resolver function, an example and the inventory's row for it, `regen`,
/// then every test of the workspace, each through cargo as the author types it.
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
    // Not `srd5`, which the copy's own run of the test above makes, and after
    // `table` in `rules/src/lib.rs`, where that test looks for `srd5`.
    cargo(&["xtask", "new", "system", "wuxia"]);
    let wuxia = |text: &str| text.replace("srd5", "wuxia");
    let append = |file: &str, text: &str| {
        let path = copy.join(file);
        let old = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        std::fs::write(&path, old + text).unwrap();
    };
    append("spec/wuxia/wuxia.md", &wuxia(RULE));
    append("rules/src/wuxia/wuxia.rs", &wuxia(RESOLVER));
    // The inventory lists the mechanic the rule covers, as for every rule.
    let inventory = copy.join("docs/books/wuxia.md");
    common::edit(
        &inventory,
        "|---|---|---|---|---|\n\nCovered: 0 of 0",
        &wuxia(MECHANIC),
    );
    let regen = cargo(&["xtask", "regen"]);
    assert!(regen.stdout.contains("wuxia"), "{regen}");
    // The new resolver module waits for its first mutation run, which the
    // report shows; nothing in the suite asks for it.
    let record = Record::load(copy).unwrap();
    assert_eq!(record.pending, ["rules/src/wuxia/wuxia.rs"]);
    cargo(&[
        "test",
        "--workspace",
        "--",
        // This test, which would run itself again.
        "--skip",
        "a_new_system_with_a_rule_and_an_example_passes_regen_and_the_whole_suite",
    ]);
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
