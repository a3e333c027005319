//! What `xtask` asks the judge to run (`conformance judge`, one JSON object on
//! stdin) and what it answers (one on stdout): case and property files by
//! their text, and their reports in the same order.

use serde::{Deserialize, Serialize};

use crate::Report;
use crate::property::PropertyReport;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Asked {
    /// The texts of case files, as `regen` writes them.
    pub cases: Vec<String>,
    /// The texts of property files.
    pub properties: Vec<String>,
}

/// One answer for each text asked, in order: its report, or why the file
/// cannot be read.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Judged {
    pub cases: Vec<Result<Report, String>>,
    pub properties: Vec<Result<PropertyReport, String>>,
}
