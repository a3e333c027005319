//! What the audit asks git: who is stamping, and who wrote a ruling's lines.
//! Without git, or outside a checkout, each answer is none.

use std::path::Path;
use std::process::Command;

use schemars::JsonSchema;
use serde::Serialize;

/// The standard output of `git -C root args…`, when git ran and succeeded.
pub fn git(root: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Who wrote lines `from..=to` of `file` (relative to `root`) and when, from
/// `git blame`; no `to` means to the end of the file. None outside a
/// checkout or for lines not committed yet.
pub fn written(root: &Path, file: &str, (from, to): (usize, Option<usize>)) -> Option<Written> {
    let range = match to {
        None => format!("{from},"),
        Some(to) => format!("{from},{to}"),
    };
    let out = git(
        root,
        &["blame", "--line-porcelain", "-L", &range, "--", file],
    )?;
    let mut authors: Vec<(String, usize)> = Vec::new();
    let mut times = Vec::new();
    for line in out.lines() {
        if let Some(name) = line.strip_prefix("author ") {
            match authors.iter_mut().find(|(a, _)| a == name) {
                Some((_, n)) => *n += 1,
                None => authors.push((name.to_string(), 1)),
            }
        } else if let Some(t) = line.strip_prefix("author-time ") {
            times.extend(t.parse::<i64>().ok());
        }
    }
    authors.retain(|(a, _)| a != "Not Committed Yet");
    authors.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    let day = |secs: &i64| super::date::civil_date(secs.div_euclid(86_400));
    Some(Written {
        first: day(times.iter().min()?),
        last: day(times.iter().max()?),
        authors: authors.into_iter().map(|(a, _)| a).collect(),
    })
    .filter(|w| !w.authors.is_empty())
}

/// The authors of a ruling's lines, most lines first, and the days of the
/// first and last commit that wrote them.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Written {
    pub authors: Vec<String>,
    pub first: String,
    pub last: String,
}

/// The day (`YYYY-MM-DD`) of the commit that first wrote `text` into `file`:
/// for a checksum in the mutation record, when the run of that text was
/// recorded. None outside git, or when no commit wrote it.
pub fn first_written(root: &Path, file: &str, text: &str) -> Option<String> {
    let pickaxe = format!("-S{text}");
    let log = git(root, &["log", "--format=%cs", &pickaxe, "--", file])?;
    log.lines().last().map(str::to_string)
}
