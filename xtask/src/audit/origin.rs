//! What a report was written from and when, so that an auditor holding
//! `audit.json` (or a printed page) can say which state of the book it judges.

use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use schemars::JsonSchema;
use serde::Serialize;

/// The version of `audit.json`'s layout. It grows when a field changes
/// meaning or goes away, so that tools reading the file can refuse one they
/// do not know.
pub const SCHEMA_VERSION: u32 = 2;

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Origin {
    #[schemars(extend("const" = SCHEMA_VERSION))]
    pub schema_version: u32,
    /// `git rev-parse HEAD` of the workspace, or `unknown` outside a checkout.
    pub commit: String,
    /// When the report was written: RFC 3339 in UTC, from `SOURCE_DATE_EPOCH`
    /// when it is set (for reproducible reports), else from the clock.
    pub date: String,
}

impl Origin {
    pub fn of(root: &Path) -> Origin {
        let epoch = std::env::var("SOURCE_DATE_EPOCH")
            .ok()
            .and_then(|s| s.trim().parse().ok());
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        Origin {
            schema_version: SCHEMA_VERSION,
            commit: commit(root).unwrap_or_else(|| "unknown".to_string()),
            date: rfc3339(epoch.unwrap_or(now)),
        }
    }
}

/// HEAD's commit when `root` is the top of a git checkout (not merely inside
/// another one); `None` without git or outside a checkout.
fn commit(root: &Path) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["rev-parse", "--show-toplevel", "HEAD"])
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let mut lines = text.lines();
    let top = Path::new(lines.next()?).canonicalize().ok()?;
    let head = lines.next()?;
    let ours = top == root.canonicalize().ok()?;
    (out.status.success() && ours && head.len() == 40).then(|| head.to_string())
}

/// Seconds since 1970 as `YYYY-MM-DDThh:mm:ssZ`.
fn rfc3339(secs: i64) -> String {
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    format!(
        "{}T{:02}:{:02}:{:02}Z",
        super::date::civil_date(days),
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::rfc3339;

    #[test]
    fn dates_are_rfc_3339_in_utc() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_700_000_000), "2023-11-14T22:13:20Z");
        assert_eq!(rfc3339(4_107_542_399), "2100-02-28T23:59:59Z");
        assert_eq!(rfc3339(-1), "1969-12-31T23:59:59Z");
    }
}
