//! `cargo bench -p codegen --bench scaling`: the time to compile a chapter and
//! render what it reports grows linearly with its size, for every shape of
//! input: a valid book, many small tables, one bad example after another, a table erratum per row,
//! a line of bad cells, examples naming unknown rules among many, an example
//! misspelling every input of a large rule, and a property doing the same. Each shape is built at 1, 2, 5 and 10 MB; the time
//! per MB should stay flat down each column of the table printed.
//!
//! `total` is what a build pays: compiling, emitting the Rust of a chapter that
//! compiles, then the report (which shows the
//! first `codegen::diagnostic::SHOWN` diagnostics and counts the rest).
//! `render each` renders every diagnostic, to show the renderer linear too.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use codegen::{Book, Diagnostic};

const FRONT: &str = "+++\nsystem = \"demo\"\ntitle = \"Demo\"\nversion = \"1\"\n[source]\nbook = \"B\"\nsection = \"S\"\n+++\n\n# Demo {#demo}\n\n";

/// A rule that the examples of the shapes below name.
const RULE: &str = "```rule hit\n[given]\nroll = \"int\"\n[outputs]\ndamage = \"dice\"\n```\n\n";

/// A chapter of a shape, of about the given number of bytes.
type Shape = fn(usize) -> String;

/// A chapter of about `bytes` bytes: `head`, then `unit(i)` for i = 0, 1, … until
/// it is long enough, then `tail`.
fn grow(bytes: usize, head: &str, unit: impl Fn(usize) -> String, tail: &str) -> String {
    let mut text = format!("{FRONT}{head}");
    let mut i = 0;
    while text.len() + tail.len() < bytes {
        text.push_str(&unit(i));
        i += 1;
    }
    text + tail
}

/// Sections each with a banded table, a rule and an example of it: all valid.
fn valid_book(bytes: usize) -> String {
    grow(
        bytes,
        "",
        |i| {
            format!(
                "## Part {i} {{#part-{i}}}\n\n<!-- table t-{i}\nconst = \"T_{i}\"\nrow = \"T{i}\"\ncolumns = [\"band: range\", \"modifier: modifier\", \"damage: dice?\"]\n-->\n| Distance | Modifier | Damage |\n|---|---|---|\n| 1-2 | +1 | 1d6 |\n| 3-4 | -2 | \" |\n\n```rule r-{i}\n[given]\nroll = \"int\"\n[outputs]\ndamage = \"dice\"\n```\n\n```example e-{i}\nrule = \"demo.r-{i}\"\n[given]\nroll = 3\n[book]\ndamage = \"1d6\"\n```\n\n"
            )
        },
        "",
    )
}

/// Sections each with a small table and nothing else: many tables, each
/// titled by its section, for the Rust emitter.
fn many_tables(bytes: usize) -> String {
    grow(
        bytes,
        "",
        |i| {
            format!(
                "## Part {i} {{#part-{i}}}\n\n<!-- table t-{i}\nconst = \"T_{i}\"\nrow = \"T{i}\"\ncolumns = [\"k: text\", \"v: int\"]\n-->\n| K | V |\n|---|---|\n| a | 1 |\n| b | 2 |\n\n"
            )
        },
        "",
    )
}

/// One rule, then examples that each give it an input of the wrong type.
fn bad_examples(bytes: usize) -> String {
    grow(
        bytes,
        RULE,
        |i| {
            format!(
                "```example e-{i}\nrule = \"demo.hit\"\n[given]\nroll = \"three\"\n[book]\ndamage = \"1d6\"\n```\n\n"
            )
        },
        "",
    )
}

/// One table whose every row is read through a table erratum of its own.
fn errata_per_row(bytes: usize) -> String {
    // An erratum (in the schema) and its row take about 100 bytes together.
    let rows = bytes / 100;
    let errata: String = (0..rows)
        .map(|i| format!("  {{ row = \"r{i}\", column = \"v\", printed = \"x{i}\", reading = \"{i}\", reason = \"r\" }},\n"))
        .collect();
    let body: String = (0..rows).map(|i| format!("| r{i} | x{i} |\n")).collect();
    format!(
        "{FRONT}<!-- table t\nconst = \"T\"\nrow = \"Row\"\ncolumns = [\"k: text\", \"v: int\"]\nerrata = [\n{errata}]\n-->\n| K | V |\n|---|---|\n{body}"
    )
}

/// One table of many columns whose only row holds a bad cell in every column.
fn cell_errors_on_one_line(bytes: usize) -> String {
    // A column costs about 30 bytes: its schema entry, header and cells.
    let n = bytes / 30;
    let columns: Vec<String> = (0..n).map(|i| format!("\"c{i}: int\"")).collect();
    let header: String = (0..n).map(|i| format!("| C{i} ")).collect();
    format!(
        "{FRONT}<!-- table t\nconst = \"T\"\nrow = \"Row\"\ncolumns = [{}]\n-->\n{header}|\n{}|\n{}|\n",
        columns.join(", "),
        "|---".repeat(n),
        "| x ".repeat(n),
    )
}

/// Sections each with a rule and an example naming a rule no block declares:
/// many rules to suggest from, and many names to suggest for.
fn unknown_rules(bytes: usize) -> String {
    grow(
        bytes,
        "",
        |i| {
            format!(
                "```rule r-{i}\n[given]\nroll = \"int\"\n[outputs]\ndamage = \"int\"\n```\n\n```example e-{i}\nrule = \"demo.q-{i}\"\n[given]\nroll = 3\n[book]\ndamage = 3\n```\n\n"
            )
        },
        "",
    )
}

/// One rule of many (optional) inputs, then `block` (its id line aside),
/// which names the rule and gives a misspelling of each input.
fn large_rule_misspelt(bytes: usize, block: &str, end: &str) -> String {
    // An input costs about 20 bytes in the rule and 15 in the block.
    let n = bytes / 35;
    let inputs: String = (0..n).map(|i| format!("in-{i} = \"int?\"\n")).collect();
    let given: String = (0..n).map(|i| format!("ni-{i} = 1\n")).collect();
    format!(
        "{FRONT}```rule hit\n[given]\n{inputs}[outputs]\ndamage = \"int\"\n```\n\n```{block}\nrule = \"demo.hit\"\n[given]\n{given}{end}```\n"
    )
}

/// An example that misspells every input of a large rule.
fn misspelt_inputs(bytes: usize) -> String {
    large_rule_misspelt(bytes, "example e", "[book]\ndamage = 3\n")
}

/// A property that misspells every input of a large rule.
fn property_bad_bindings(bytes: usize) -> String {
    large_rule_misspelt(bytes, "property p", "[law]\nresolves = true\n")
}

/// What one run measured.
#[derive(Clone, Copy)]
struct Run {
    /// Compiling the chapter (and linting it, when it compiles).
    compile: Duration,
    /// Emitting the Rust, when it compiles.
    emit: Duration,
    /// Rendering the report: the first diagnostics (or lints) and the count.
    report: Duration,
    /// Rendering every diagnostic (or lint), one after another.
    every: Duration,
    reported: usize,
}

/// Compiles `text` as `dir/demo.md`, emits its Rust if it compiles, then renders
/// what it reports (its diagnostics, or for a book that compiles, its lints).
fn compile_and_render(dir: &Path, text: &str) -> Run {
    let path = dir.join("demo.md");
    std::fs::write(&path, text).expect("write the chapter");
    let start = Instant::now();
    let compiled = codegen::compile_files(Book::default(), &[path], dir).map(|book| {
        (
            codegen::lints(&book, &|_, _| true, &|_, _, _, _| true),
            book,
        )
    });
    let compile = start.elapsed();
    let start = Instant::now();
    if let Ok(book) = &compiled {
        black_box(codegen::emit::rust::generate(&book.1));
    }
    let emit = start.elapsed();
    let start = Instant::now();
    let diagnostics: Vec<&Diagnostic> = match &compiled {
        Ok((lints, _)) => {
            black_box(codegen::lint::render(lints, false));
            lints.iter().map(|l| &l.diagnostic).collect()
        }
        Err(diags) => {
            black_box(diags.render());
            diags.0.iter().collect()
        }
    };
    let report = start.elapsed();
    let start = Instant::now();
    for d in &diagnostics {
        black_box(d.render());
    }
    Run {
        compile,
        emit,
        report,
        every: start.elapsed(),
        reported: diagnostics.len(),
    }
}

fn main() {
    let dir = std::env::temp_dir().join(format!("codegen-scaling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create a scratch folder");
    let shapes: [(&str, Shape); 8] = [
        ("valid book", valid_book),
        ("many tables", many_tables),
        ("bad examples", bad_examples),
        ("table errata per row", errata_per_row),
        ("cell errors on one line", cell_errors_on_one_line),
        ("unknown rules", unknown_rules),
        ("misspelt inputs", misspelt_inputs),
        ("property bad bindings", property_bad_bindings),
    ];
    println!(
        "{:<24} {:>5} {:>9} {:>10} {:>10} {:>10} {:>10} {:>10} | {:>11} {:>10}",
        "shape",
        "MB",
        "reported",
        "compile",
        "emit",
        "report",
        "total",
        "per MB",
        "render each",
        "per MB"
    );
    // `cargo bench --bench scaling -- <word>` runs only the shapes whose name holds it.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    for (name, shape) in shapes {
        if !only.is_empty() && !only.iter().any(|w| name.contains(w.as_str())) {
            continue;
        }
        for mb in [1, 2, 5, 10] {
            let text = shape(mb << 20);
            // The best of three runs: the least disturbed by the rest of the machine.
            let run = (0..3)
                .map(|_| compile_and_render(&dir, &text))
                .min_by_key(|r| r.compile + r.emit + r.report)
                .expect("three runs");
            let size = text.len() as f64 / f64::from(1 << 20);
            let total = run.compile + run.emit + run.report;
            println!(
                "{name:<24} {size:>5.1} {:>9} {:>10.3?} {:>10.3?} {:>10.3?} {total:>10.3?} {:>10.3?} | {:>11.3?} {:>10.3?}",
                run.reported,
                run.compile,
                run.emit,
                run.report,
                total.div_f64(size),
                run.every,
                run.every.div_f64(size),
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
