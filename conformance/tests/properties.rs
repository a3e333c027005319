//! One test per property file in `properties/`: checks the law over its domain
//! (whole, or at inputs drawn with a fixed seed) and fails with the shrunk
//! counterexample and the resolver's trace at it.

use std::fmt;
use std::path::Path;

use conformance::ParseFile;
use conformance::property::{CASES, PropertyCase, check};

fn run_property(path: &Path, text: String) -> datatest_stable::Result<()> {
    let case = PropertyCase::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let report = check(&case, CASES);
    if !report.holds() {
        return Err(Box::new(Fails(report.render())));
    }
    Ok(())
}

/// A failing property's report. The harness prints an error with `{:?}`, which
/// for a string would escape every line break; this prints the lines as they are.
struct Fails(String);

impl fmt::Debug for Fails {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for Fails {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Fails {}

datatest_stable::harness! {
    { test = run_property, root = "properties", pattern = r"\.toml$" },
}
