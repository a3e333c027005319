//! One test per case file in `cases/`: runs the example through the resolver,
//! fails on the verdict `fails`, and snapshots the outcome and its trace.

use std::path::Path;

use conformance::{Case, Verdict, evaluate};

fn run_case(path: &Path, text: String) -> datatest_stable::Result<()> {
    let case = Case::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let report = evaluate(&case);
    let rendered = report.render();
    insta::with_settings!({ snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!(format!("{}__{}", case.system, case.id), rendered);
    });
    if report.verdict == Verdict::Fails {
        return Err(format!("{} fails:\n{rendered}", case.id).into());
    }
    Ok(())
}

datatest_stable::harness! {
    { test = run_case, root = "cases", pattern = r"\.toml$" },
}
