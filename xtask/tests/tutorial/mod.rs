//! The guide's tutorial (`guide/src/getting-started.md`) as steps a test can
//! take: its `console` blocks are commands with the output the page shows,
//! and its code blocks marked `file=PATH`, `append=PATH` or `expect=PATH`
//! write a file, add to one, or say what a file then holds. The tests that
//! walk a new author's path take these steps, so the page cannot drift from
//! the tool.

use std::path::{Path, PathBuf};

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

/// One step of the tutorial, in the page's order.
#[derive(Debug)]
pub enum Step {
    /// A command as typed (`cargo xtask …`), and the lines of output the page
    /// shows for it: each must be a line of what it prints, where `...`
    /// stands for lines left out.
    Run { command: String, shown: Vec<String> },
    /// Make the file read `text`.
    Write { path: String, text: String },
    /// Add `text` at the end of the file.
    Append { path: String, text: String },
    /// The file holds `text` exactly.
    Expect { path: String, text: String },
}

/// The tutorial's page.
pub fn page() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../guide/src/getting-started.md")
}

/// Every step of the tutorial, in order.
pub fn steps() -> Vec<Step> {
    let text = std::fs::read_to_string(page()).expect("read the tutorial");
    let mut steps = Vec::new();
    let mut block: Option<(String, String)> = None;
    for event in Parser::new(&text) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                block = Some((info.to_string(), String::new()));
            }
            Event::Text(t) => {
                if let Some((_, body)) = &mut block {
                    body.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                let (info, body) = block.take().expect("a code block ends after it starts");
                steps.extend(step_of(&info, body));
            }
            _ => {}
        }
    }
    steps
}

/// The steps of one code block: none for a block that is only shown.
fn step_of(info: &str, body: String) -> Vec<Step> {
    if info == "console" {
        return commands(&body);
    }
    let Some((_, marker)) = info.split_once(',') else {
        return Vec::new();
    };
    let (kind, path) = marker
        .split_once('=')
        .unwrap_or_else(|| panic!("`{info}`: a marker is file=, append= or expect=PATH"));
    let path = path.to_string();
    vec![match kind {
        "file" => Step::Write { path, text: body },
        "append" => Step::Append { path, text: body },
        "expect" => Step::Expect { path, text: body },
        _ => panic!("`{info}`: no marker `{kind}`"),
    }]
}

/// The commands of a `console` block (`$ ` lines) and the output under each.
fn commands(body: &str) -> Vec<Step> {
    let mut out = Vec::new();
    for line in body.lines() {
        match (line.strip_prefix("$ "), out.last_mut()) {
            (Some(command), _) => out.push(Step::Run {
                command: command.to_string(),
                shown: Vec::new(),
            }),
            (None, Some(Step::Run { shown, .. })) => shown.push(line.to_string()),
            (None, _) => panic!("console output `{line}` before any command"),
        }
    }
    out
}

/// Fails unless every line `shown` (but `...`) is a line of `stdout` or
/// `stderr`, white space aside.
pub fn check_shown(command: &str, shown: &[String], stdout: &str, stderr: &str) {
    let squeeze = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    let printed: Vec<String> = stdout.lines().chain(stderr.lines()).map(squeeze).collect();
    for line in shown.iter().filter(|l| l.as_str() != "...") {
        assert!(
            printed.contains(&squeeze(line)),
            "the tutorial shows `{line}` for `{command}`, which printed:\n{stdout}\n{stderr}"
        );
    }
}

/// Takes a file step in the workspace at `root`; a command is the caller's.
pub fn apply(root: &Path, step: &Step) {
    match step {
        Step::Write { path, text } => {
            std::fs::write(root.join(path), text).unwrap_or_else(|e| panic!("{path}: {e}"))
        }
        Step::Append { path, text } => {
            let old =
                std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
            std::fs::write(root.join(path), old + text).unwrap();
        }
        Step::Expect { path, text } => {
            let found =
                std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(&found, text, "{path} is not what the tutorial shows");
        }
        Step::Run { command, .. } => panic!("`{command}` is a command, not a file step"),
    }
}

/// The system the tutorial makes: `NAME` of its `cargo xtask new system NAME`.
pub fn system() -> String {
    steps()
        .iter()
        .find_map(|step| match step {
            Step::Run { command, .. } => command
                .strip_prefix("cargo xtask new system ")
                .and_then(|rest| rest.split_whitespace().next())
                .map(str::to_string),
            _ => None,
        })
        .expect("the tutorial makes a system")
}

/// Takes out of a copy of the workspace at `root` what the tutorial leaves:
/// an author who followed it holds its system, which the tests that walk the
/// tutorial make again on their copy (`new` would refuse: it exists already).
/// Its folders, its inventory, its `pub mod` line and its mutation record
/// entries go; the record keeps `rules/src/lib.rs` fresh.
pub fn before_tutorial(root: &Path) {
    let system = system();
    if !root.join("spec").join(&system).exists() {
        return;
    }
    let module = codegen::rust_name::rust_name(&system);
    let lib = root.join("rules/src/lib.rs");
    let text = std::fs::read_to_string(&lib).expect("rules/src/lib.rs");
    for dir in [
        format!("spec/{system}"),
        format!("rules/src/{module}"),
        format!("conformance/cases/{system}"),
        format!("conformance/properties/{system}"),
    ] {
        let _ = std::fs::remove_dir_all(root.join(dir));
    }
    let _ = std::fs::remove_file(root.join(format!("docs/books/{system}.md")));
    let declared = format!("pub mod {module};");
    let kept: String = text
        .lines()
        .filter(|line| line.trim() != declared)
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(&lib, &kept).expect("write rules/src/lib.rs");
    let Ok(mut record) = xtask::mutants::Record::load(root) else {
        return;
    };
    record.forget_missing(root);
    if let Some(entry) = record.files.get_mut("rules/src/lib.rs") {
        entry.checksum = xtask::checksum::checksum(&kept);
    }
    record.save(root).expect("save the mutation record");
}
