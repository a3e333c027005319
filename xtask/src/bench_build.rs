//! `cargo xtask bench-build`: what a large table costs the `rules` build, on
//! a copy of the workspace under `target/bench-build/` (its own target folder,
//! so the user's builds are left alone). A benchmark, not a test: it prints
//! figures for a person to read, and fails only when a build fails.
//!
//! It adds a system `bench-table` whose one chapter holds one table and
//! rebuilds `rules` (dev profile, as `cargo build` and `cargo test` build it):
//! - with a table of 1 row and of 10,000 rows, three times each, alternating;
//!   the added time is the difference of the best runs;
//! - with a table of about 10 MB, once, under `/usr/bin/time`, for the peak
//!   memory of the largest process of the build (`rustc` or the build script).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::context::Context;

/// The workspace's parts that the `rules` build reads (every member, for cargo).
const COPIED: [&str; 11] = [
    "Cargo.toml",
    "Cargo.lock",
    "casefile",
    "codegen",
    "rules",
    "conformance",
    "xtask",
    "server",
    "launcher",
    "resolver-source",
    "spec",
];

/// `cargo xtask bench-build`: [`run`], and its report printed.
pub fn command(cx: &Context) -> Result<(), String> {
    run(&cx.root).map(|report| print!("{report}"))
}

/// Runs the benchmark on a copy of the workspace at `root`; returns the report.
pub fn run(root: &Path) -> Result<String, String> {
    let bench = root.join("target").join("bench-build");
    let ws = bench.join("ws");
    copy_workspace(root, &ws).map_err(|e| format!("cannot copy the workspace: {e}"))?;
    let target = bench.join("target");
    let build = |rows: usize, run: usize| -> Result<Duration, String> {
        eprintln!("bench-build: rules with a {rows}-row table (run {run})");
        write_table(&ws, rows, run)?;
        let start = Instant::now();
        cargo_build(&ws, &target, None)?;
        Ok(start.elapsed())
    };
    eprintln!("bench-build: a first build of the copy (its dependencies too, the first time)");
    build(1, 0)?;
    let (mut small, mut large) = (Duration::MAX, Duration::MAX);
    for run in 1..=3 {
        small = small.min(build(1, run)?);
        large = large.min(build(10_000, run)?);
    }
    let mut out = String::new();
    let added = large.saturating_sub(small);
    let _ = writeln!(
        out,
        "rules build, 1-row table:      {small:>8.2?} (best of 3)\n\
         rules build, 10,000-row table: {large:>8.2?} (best of 3)\n\
         added by 10,000 rows:          {added:>8.2?}"
    );
    let rows = 10 * (1 << 20) / ROW_BYTES;
    let bytes = write_table(&ws, rows, 0)?;
    let peak = bench.join("peak.txt");
    eprintln!("bench-build: rules with a 10 MB table ({rows} rows), for its peak memory");
    let start = Instant::now();
    cargo_build(&ws, &target, Some(&peak))?;
    let took = start.elapsed();
    let peak = std::fs::read_to_string(&peak).map_err(|e| format!("no peak memory: {e}"))?;
    let _ = writeln!(
        out,
        "10 MB table ({rows} rows, {:.1} MB of Markdown): built in {took:.2?}, peak memory {}",
        bytes as f64 / f64::from(1 << 20),
        peak.trim()
    );
    Ok(out)
}

/// Copies what the build reads to `to`, replacing an earlier copy (but not its target).
fn copy_workspace(root: &Path, to: &Path) -> std::io::Result<()> {
    for part in COPIED {
        let dest = to.join(part);
        if dest.is_dir() {
            std::fs::remove_dir_all(&dest)?;
        }
        copy(&root.join(part), &dest)?;
    }
    Ok(())
}

fn copy(from: &Path, to: &Path) -> std::io::Result<()> {
    if from.is_file() {
        std::fs::create_dir_all(to.parent().unwrap_or(to))?;
        return std::fs::copy(from, to).map(drop);
    }
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let path = entry?.path();
        if path.file_name().is_some_and(|n| n == "target") {
            continue;
        }
        copy(&path, &to.join(path.file_name().unwrap_or_default()))?;
    }
    Ok(())
}

/// About how many bytes a row of the table takes.
const ROW_BYTES: usize = 50;

/// Writes the `bench-table` chapter with a table of `rows` rows; `run` goes
/// into its first row, so that each run changes the table and `rules` rebuilds.
/// Returns the chapter's size in bytes.
fn write_table(ws: &Path, rows: usize, run: usize) -> Result<usize, String> {
    let mut text = String::from(
        "+++\nsystem = \"bench-table\"\ntitle = \"Bench\"\nversion = \"1\"\n\
         [source]\nbook = \"none\"\nsection = \"none\"\n+++\n\n\
         # A large table {#large}\n\n<!-- table large-table\nconst = \"LARGE\"\nrow = \"Large\"\n\
         columns = [\"band: range\", \"modifier: modifier\", \"damage: dice?\", \"note: text\"]\n-->\n\
         | Band | Modifier | Damage | Note |\n|---|---|---|---|\n",
    );
    for i in 0..rows {
        let (lo, modifier, dice) = (2 * i + 1, i % 7, 1 + i % 5);
        let _ = writeln!(
            text,
            "| {lo}-{} | +{modifier} | {dice}d6 | row {i} of run {run} |",
            lo + 1
        );
    }
    let dir = ws.join("spec").join("bench-table");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("large.md"), &text).map_err(|e| e.to_string())?;
    Ok(text.len())
}

/// `cargo build -p rules` in `ws`, under `/usr/bin/time` when `peak` names the
/// file for it to write the peak memory (in kB) to.
fn cargo_build(ws: &Path, target: &Path, peak: Option<&PathBuf>) -> Result<(), String> {
    let cargo = crate::cargo_program();
    let mut cmd = match peak {
        Some(file) => {
            let mut c = Command::new("/usr/bin/time");
            c.args(["-f", "%M kB", "-o"]).arg(file).arg(&cargo);
            c
        }
        None => Command::new(&cargo),
    };
    cmd.args(["build", "--quiet", "--locked", "-p", "rules"])
        .current_dir(ws)
        .env("CARGO_TARGET_DIR", target);
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run cargo (or /usr/bin/time, for the peak memory): {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("the rules build failed in {}", ws.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::COPIED;

    /// A member left out of the copy fails cargo in the copy: the launcher's
    /// and server's crate was, when it joined the workspace.
    #[test]
    fn the_copy_holds_every_workspace_member() {
        let manifest = std::fs::read_to_string(crate::workspace_root().join("Cargo.toml"))
            .expect("read the workspace manifest");
        let manifest: toml::Table = manifest.parse().expect("the manifest is TOML");
        let members = manifest["workspace"]["members"]
            .as_array()
            .expect("the workspace lists its members");
        for member in members {
            let member = member.as_str().expect("a member is a path");
            assert!(
                COPIED.contains(&member),
                "bench-build's copy lacks `{member}`"
            );
        }
    }
}
