//! The author's loop in the editor, measured on the bundled book with the
//! server as `cargo bench` builds it (release), in two cases:
//!
//! - `loop`: how long from an edit of `spec/action/falling.md` to its
//!   diagnostics, to the verdicts of a prose or example edit, to those of an
//!   edit of a rows table's cell, which the running judge takes at once, and
//!   to those of a change of shape (a constants table's figure), which needs
//!   the resolver rebuilt (`target/lsp`; the first run builds it whole
//!   first). Then, for comparison, how long that rebuild takes alone.
//! - `burst`: 200 edits sent within a second, as fast typing sends them,
//!   and how long after the last its diagnostics come, beside how long one
//!   edit alone takes. The server compiles the edits queued behind one
//!   once, so the last is answered within about one compile, not after 200.
//!   No resolver is asked here: verdicts are judged on another thread.
//!
//! `cargo bench -p server --bench loop [-- CASE]` runs every case, or those
//! whose name contains CASE. Nothing is written to `spec/`: the edits live
//! in the buffer.

use std::time::{Duration, Instant};

use server::Config;
use server::client::{Buffer, Client};
use server::resolver::Resolver;

const RUNS: usize = 10;
/// Each change of shape costs a build: fewer runs.
const TABLE_RUNS: usize = 4;
/// The edits of a burst, and the time they are spread over.
const BURST: usize = 200;
const BURST_SPAN: Duration = Duration::from_secs(1);

fn main() -> Result<(), String> {
    // cargo passes `--bench`; any other argument picks cases by name.
    let picked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let run = |case: &str| picked.is_empty() || picked.iter().any(|p| case.contains(p.as_str()));
    if run("burst") {
        burst()?;
    }
    if run("loop") {
        edit_loop()?;
    }
    Ok(())
}

/// The `burst` case.
fn burst() -> Result<(), String> {
    let config = Config {
        root: server::workspace_root(),
        resolver: Resolver {
            binaries: Vec::new(),
            build: None,
        },
    };
    let mut client = Client::start(config)?;
    let mut falling = client.open_file("spec/action/falling.md")?;
    let uri = falling.uri.clone();
    client.diagnostics(&uri, true, |d| d.as_array().is_some_and(Vec::is_empty))?;
    let original = falling.text.clone();
    // Each edit names a rule of its own, so that its diagnostics tell it apart.
    let typo =
        |name: &str| original.replacen("rule = \"falling.fall\"", &format!("rule = \"{name}\""), 1);
    let names = |d: &serde_json::Value, name: &str| d.to_string().contains(&format!("`{name}`"));
    let one = measure(RUNS, |run| {
        let name = format!("falling.one{run}");
        client.change(&mut falling, typo(&name));
        client.diagnostics(&uri, true, |d| names(d, &name))?;
        Ok(())
    })?;
    let gap = BURST_SPAN / BURST as u32;
    let mut after_last = Vec::new();
    let mut spans = Vec::new();
    for run in 0..RUNS {
        let first = Instant::now();
        let mut name = String::new();
        for edit in 0..BURST {
            // Paced by the clock, not by sleeps that add up.
            let due = first + gap * edit as u32;
            std::thread::sleep(due.saturating_duration_since(Instant::now()));
            name = format!("falling.burst{run}x{edit}");
            client.change(&mut falling, typo(&name));
        }
        let last = Instant::now();
        spans.push(last - first);
        client.diagnostics(&uri, true, |d| names(d, &name))?;
        after_last.push(last.elapsed());
    }
    println!("one edit alone, to its diagnostics: {}", stats(&one));
    println!("{BURST} edits sent over:            {}", stats(&spans));
    println!(
        "the last of them to its diagnostics: {}",
        stats(&after_last)
    );
    Ok(())
}

/// The `loop` case.
fn edit_loop() -> Result<(), String> {
    let root = server::workspace_root();
    let mut client = Client::start(Config::for_root(&root))?;
    let mut falling = client.open_file("spec/action/falling.md")?;
    let original = falling.text.clone();
    eprintln!("waiting for the first verdicts (a first build of target/lsp takes minutes)…");
    verdict(&mut client, &falling, "agrees", Duration::from_secs(3600))?;

    let typo = original.replacen("rule = \"falling.fall\"", "rule = \"falling.fal\"", 1);
    let diagnostics = measure(RUNS, |i| {
        let (text, broken) = if i % 2 == 0 {
            (&typo, true)
        } else {
            (&original, false)
        };
        client.change(&mut falling, text.clone());
        let uri = falling.uri.clone();
        client.diagnostics(&uri, true, |d| {
            d.as_array().is_some_and(|d| d.is_empty() != broken)
        })?;
        Ok(())
    })?;
    client.change(&mut falling, original.clone());
    verdict(&mut client, &falling, "agrees", Duration::from_secs(60))?;

    let claim = "[book]\nband = \"23-26\"\ndamage = \"9d6\"";
    let wrong_claim = original.replacen(claim, &claim.replace("9d6", "8d6"), 1);
    let example = measure(RUNS, |i| {
        let (text, wanted) = if i % 2 == 0 {
            (&wrong_claim, "fails: damage: book 8d6 | rules 9d6")
        } else {
            (&original, "\"agrees\"")
        };
        client.change(&mut falling, text.clone());
        verdict(&mut client, &falling, wanted, Duration::from_secs(60))
    })?;

    // A cell: judged at once with the buffer's cells by the running judge,
    // while the rebuild runs behind. Back to the book's cells, the verdict is
    // "agrees" whether the judge holds them built in or takes them as edited.
    let row = "| 23-26 | 18m/s | 9d6 |";
    let wrong_row = original.replacen(row, &row.replace("9d6", "8d6"), 1);
    let cell = measure(RUNS, |i| {
        let (text, wanted) = if i % 2 == 0 {
            (&wrong_row, "fails: damage: book 9d6 | rules 8d6")
        } else {
            (&original, "\"agrees")
        };
        client.change(&mut falling, text.clone());
        verdict(&mut client, &falling, wanted, Duration::from_secs(1800))
    })?;

    // A change of shape (a constants table's figure, compiled in): only a
    // rebuild judges it. Each run's figure and claim are new, so each costs
    // a build and its verdict is told from every earlier one.
    let constant = "| METRES_PER_EXTRA_SECOND | 60 |";
    let shape = measure(TABLE_RUNS, |i| {
        let dice = format!("{}d6", 8 - i % 2);
        let figure = constant.replace("60", &(61 + i).to_string());
        let text = original.replacen(constant, &figure, 1).replacen(
            claim,
            &claim.replace("9d6", &dice),
            1,
        );
        client.change(&mut falling, text);
        let wanted = format!("fails: damage: book {dice} | rules 9d6 (");
        verdict(&mut client, &falling, &wanted, Duration::from_secs(1800))
    })?;

    let rebuild = rebuild_alone(&root, TABLE_RUNS)?;
    println!("diagnostics after an edit:        {}", stats(&diagnostics));
    println!("verdicts after an example edit:   {}", stats(&example));
    println!("verdicts after a table-cell edit: {}", stats(&cell));
    println!("verdicts after a shape change:    {}", stats(&shape));
    println!("the rebuild alone (cargo build):  {}", stats(&rebuild));
    Ok(())
}

/// Waits for the lens over `mary-falls` to contain `wanted`.
fn verdict(
    client: &mut Client,
    buffer: &Buffer,
    wanted: &str,
    wait: Duration,
) -> Result<(), String> {
    let mary = buffer
        .text
        .find("```example mary-falls")
        .ok_or("no mary-falls")?;
    let line = server::pos::position(&buffer.text, mary).line;
    let lens_of_mary = |lenses: &str| {
        let lenses: serde_json::Value = serde_json::from_str(lenses).unwrap_or_default();
        let found = lenses
            .as_array()
            .into_iter()
            .flatten()
            .find(|l| l["range"]["start"]["line"] == line);
        found.is_some_and(|l| l["command"]["title"].to_string().contains(wanted))
    };
    client
        .lenses(buffer, wait, Duration::from_millis(2), lens_of_mary)
        .map(|_| ())
}

/// Times `runs` runs of `step` (given its index).
fn measure(
    runs: usize,
    mut step: impl FnMut(usize) -> Result<(), String>,
) -> Result<Vec<Duration>, String> {
    (0..runs)
        .map(|i| {
            let start = Instant::now();
            step(i).map(|()| start.elapsed())
        })
        .collect()
}

/// The median and the slowest of `times`.
fn stats(times: &[Duration]) -> String {
    let mut sorted = times.to_vec();
    sorted.sort();
    let median = sorted[sorted.len() / 2];
    let max = sorted[sorted.len() - 1];
    format!(
        "median {median:.1?}, slowest {max:.1?} ({} runs)",
        times.len()
    )
}

/// How long the server's build of the resolver takes after one cell of its
/// spec copy changes, run by hand `runs` times (the cell differing each
/// time): the rebuild a table edit costs.
fn rebuild_alone(root: &std::path::Path, runs: usize) -> Result<Vec<Duration>, String> {
    let build = server::resolver::Build::for_workspace(root);
    let falling = build.spec().join("action/falling.md");
    let text = std::fs::read_to_string(&falling).map_err(|e| e.to_string())?;
    let times = measure(runs, |i| {
        let cell = ["| 23-26 | 18m/s | 7d6 |", "| 23-26 | 18m/s | 6d6 |"][i % 2];
        let edited = text.replacen("| 23-26 | 18m/s | 9d6 |", cell, 1);
        std::fs::write(&falling, edited).map_err(|e| e.to_string())?;
        let status = build.command().status().map_err(|e| e.to_string())?;
        status
            .success()
            .then_some(())
            .ok_or_else(|| "the rebuild failed".into())
    });
    std::fs::write(&falling, text).map_err(|e| e.to_string())?;
    times
}
