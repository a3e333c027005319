//! One test per case file in `cases/`, named `<system>/<chapter>/<example id>`,
//! so that a filter runs one case (`-- --exact action/falling/mary-falls`), a
//! chapter's (`-- action/falling/`) or a system's (`-- action/`). Each runs the
//! example through the resolver, snapshots the outcome and its trace (a new
//! example's first snapshot is written here, see `conformance::snapshot`), and
//! fails on the verdict `fails`, printing the report as it reads.

use std::panic::{catch_unwind, resume_unwind};
use std::path::{Path, PathBuf};

use conformance::{Case, ParseFile, Verdict, evaluate};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases");
    let mut files = Vec::new();
    toml_files(&root, &mut files);
    files.sort();
    let trials = files.into_iter().map(|path| trial(&root, path)).collect();
    libtest_mimic::run(&args, trials).exit();
}

fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("conformance/cases is readable") {
        let path = entry.expect("a readable folder entry").path();
        if path.is_dir() {
            toml_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "toml") {
            out.push(path);
        }
    }
}

/// The test of one case file. A file that does not read or parse keeps its
/// path as its name, and fails saying why.
fn trial(root: &Path, path: PathBuf) -> Trial {
    let shown = path
        .strip_prefix(root)
        .unwrap_or(&path)
        .display()
        .to_string();
    let case = std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|text| Case::parse(&text))
        .map_err(|e| format!("{shown}: {e}"));
    let name = match &case {
        Ok(case) => format!("{}/{}/{}", case.system, chapter(case), case.id),
        Err(_) => shown,
    };
    Trial::test(name, move || run_case(case?))
}

/// The chapter the case comes from: the file stem of its `source`
/// (`spec/action/falling.md#mary-falls`).
fn chapter(case: &Case) -> String {
    let file = case.source.split('#').next().unwrap_or_default();
    Path::new(file)
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

fn run_case(case: Case) -> Result<(), Failed> {
    let report = evaluate(&case);
    let rendered = report.render();
    let name = format!("{}__{}", case.system, case.id);
    if report.verdict != Verdict::Fails {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots");
        conformance::snapshot::write_first(&dir, &name, &rendered)
            .map_err(|e| format!("cannot write the first snapshot of {}: {e}", case.id))?;
    }
    // A failing verdict is said first, as the report reads; insta prints any
    // change of the snapshot above it.
    let snapshot = catch_unwind(|| {
        insta::with_settings!({ snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true }, {
            insta::assert_snapshot!(name.as_str(), &rendered);
        });
    });
    if report.verdict == Verdict::Fails {
        return Err(format!("{} fails:\n{rendered}", case.id).into());
    }
    snapshot.unwrap_or_else(|panic| resume_unwind(panic));
    Ok(())
}
