//! `cargo xtask new`: a new system on a copy of the workspace has every file
//! the checks look for, the mutation record stays fresh, and once a rule (with
//! its resolver function) and an example are written the spec compiles.

mod common;

use common::{Scratch, copy_dir, xtask};
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

const RULE: &str = "
```rule double
[given]
n = \"int\"
[outputs]
twice = \"int\"
```

```example double-two
rule = \"srd5.double\"

[given]
n = 2

[expect]
twice = 4
```
";

const RESOLVER: &str = "
use crate::spec::srd5::srd5::double;
use crate::trace::Trace;
use crate::value::RuleError;

pub fn double(g: &double::Given, _t: &mut Trace) -> Result<double::Outcome, RuleError> {
    Ok(double::Outcome { twice: g.n * 2 })
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
    // Each Rust file made or changed is recorded at its text, with no mutants.
    let record = Record::load(root).unwrap();
    for file in [
        "rules/src/lib.rs",
        "rules/src/srd5/mod.rs",
        "rules/src/srd5/srd5.rs",
    ] {
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
