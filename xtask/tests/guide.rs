//! The README and the guide (`guide/`) against the tool: the README stays
//! short and shows what the tutorial's chapter becomes, the tutorial's files
//! make the case it shows, `cargo xtask --help` in the guide is what the tool
//! prints, the README and `--help` name the same installs, and no link of the
//! guide leads nowhere.

mod common;
mod tutorial;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::{Scratch, copy_dir, xtask};
use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use server::world::{self, Overlays};
use tutorial::Step;

fn workspace_file(path: &str) -> String {
    std::fs::read_to_string(xtask::workspace_root().join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The bodies of the fenced code blocks of `text` whose info string is `info`.
fn blocks(text: &str, info: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut open = None;
    for event in Parser::new(text) {
        match event {
            Event::Start(Tag::CodeBlock(pulldown_cmark::CodeBlockKind::Fenced(i))) => {
                open = (&*i == info).then(String::new);
            }
            Event::Text(t) => {
                if let Some(body) = &mut open {
                    body.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => out.extend(open.take()),
            _ => {}
        }
    }
    out
}

/// Issue 31.1: a README read in two minutes, whose chapter is the tutorial's
/// (so a test compiles it) and whose case is the one the tutorial's regen writes.
#[test]
fn the_readme_is_short_and_shows_the_tutorials_chapter_and_case() {
    let readme = workspace_file("README.md");
    assert!(
        readme.len() <= 8 * 1024,
        "README.md is {} bytes; keep it at most 8 kB and move the rest to the guide",
        readme.len()
    );
    let steps = tutorial::steps();
    let file =
        |want: fn(&Step) -> Option<&str>| -> Vec<&str> { steps.iter().filter_map(want).collect() };
    let chapters = file(|s| match s {
        Step::Write { path, text } if path.starts_with("spec/") => Some(text),
        _ => None,
    });
    let cases = file(|s| match s {
        Step::Expect { path, text } if path.starts_with("conformance/cases/") => Some(text),
        _ => None,
    });
    let [chapter] = chapters[..] else {
        panic!("the tutorial writes one chapter: {chapters:?}")
    };
    let [case] = cases[..] else {
        panic!("the tutorial shows one case file: {cases:?}")
    };
    let shown = blocks(&readme, "markdown");
    let [part] = &shown[..] else {
        panic!("README.md shows one chapter in a `markdown` block")
    };
    assert!(
        part.lines().count() >= 15 && chapter.contains(part.as_str()),
        "README.md's chapter is not part of the tutorial's spec/coin-duel/duel.md"
    );
    assert_eq!(
        blocks(&readme, "toml"),
        [case],
        "README.md's case is not the tutorial's"
    );
}

/// The tutorial's `new` prints what the page shows, its files compile (each
/// rule with its resolver function), and the chapter becomes the case the
/// page shows. Its regen, eval and test, which need the resolver built with
/// the new rule, run in `xtask/tests/scaffold.rs` on a copy of the workspace.
#[test]
fn the_tutorials_new_and_files_compile_to_the_case_it_shows() {
    let scratch = Scratch::workspace_copy("tutorial");
    let root = &scratch.0;
    let source = xtask::workspace_root();
    copy_dir(&source.join("docs/books"), &root.join("docs/books"));
    std::fs::copy(
        source.join("conformance/mutants.toml"),
        root.join("conformance/mutants.toml"),
    )
    .unwrap();
    tutorial::before_tutorial(root);
    let mut expected = Vec::new();
    let mut ran_new = false;
    for step in tutorial::steps() {
        match &step {
            Step::Run { command, shown } if command.starts_with("cargo xtask new ") => {
                let args: Vec<&str> = command.split_whitespace().skip(2).collect();
                let run = xtask(root, &args);
                assert_eq!(run.code, Some(0), "{run}");
                tutorial::check_shown(command, shown, &run.stdout, &run.stderr);
                ran_new = true;
            }
            Step::Run { .. } => {}
            Step::Expect { path, text } => expected.push((path.clone(), text.clone())),
            _ => tutorial::apply(root, &step),
        }
    }
    assert!(ran_new, "the tutorial runs no `cargo xtask new`");
    let book = world::compile(root, &Overlays::new()).unwrap_or_else(|d| panic!("{}", d.render()));
    let [cases, _] = xtask::plan_all(&book, root).unwrap();
    let written: BTreeMap<PathBuf, &String> =
        cases.writes.iter().map(|(p, t)| (p.clone(), t)).collect();
    assert!(!expected.is_empty(), "the tutorial shows no file");
    for (path, text) in expected {
        assert_eq!(
            written.get(&root.join(&path)).copied(),
            Some(&text),
            "regen would not write {path} as the tutorial shows it"
        );
    }
}

/// An author who followed the tutorial in the workspace holds its system, and
/// the tests that walk the tutorial make it again on their copy: they start
/// from the copy taken back to before the tutorial, so the suite stays green
/// for that author (found on a fresh clone: `cargo xtask test` failed here
/// with "spec/coin-duel exists already").
#[test]
fn a_copy_of_a_workspace_that_followed_the_tutorial_is_taken_back_before_it() {
    let scratch = Scratch::workspace_copy("tutorial-followed");
    let root = &scratch.0;
    let source = xtask::workspace_root();
    copy_dir(&source.join("docs/books"), &root.join("docs/books"));
    let record = root.join("conformance/mutants.toml");
    std::fs::copy(source.join("conformance/mutants.toml"), &record).unwrap();
    tutorial::before_tutorial(root);
    let lib = root.join("rules/src/lib.rs");
    let before = [&lib, &record].map(|f| std::fs::read_to_string(f).unwrap());
    let new = |root: &Path| {
        let steps = tutorial::steps();
        let command = steps.iter().find_map(|step| match step {
            Step::Run { command, .. } if command.starts_with("cargo xtask new ") => Some(command),
            _ => None,
        });
        let args: Vec<&str> = command
            .expect("a `new`")
            .split_whitespace()
            .skip(2)
            .collect();
        xtask(root, &args)
    };
    let made = new(root);
    assert_eq!(made.code, Some(0), "{made}");
    for step in tutorial::steps() {
        if matches!(step, Step::Write { .. } | Step::Append { .. }) {
            tutorial::apply(root, &step);
        }
    }
    let system = tutorial::system();
    assert!(root.join("spec").join(&system).is_dir());
    assert_ne!(std::fs::read_to_string(&lib).unwrap(), before[0]);

    tutorial::before_tutorial(root);
    assert!(!root.join("spec").join(&system).exists());
    let after = [&lib, &record].map(|f| std::fs::read_to_string(f).unwrap());
    assert_eq!(after, before, "lib.rs and the mutation record as they were");
    let again = new(root);
    assert_eq!(again.code, Some(0), "{again}");
}

/// Issue 31.8: the launcher prints `cargo xtask --help` from the guide's copy
/// without building the tool; the copy must be what the tool prints.
#[test]
fn the_guides_help_is_what_xtask_prints() {
    let copy = workspace_file("guide/src/commands/xtask-help.txt");
    for flag in ["--help", "-h", "help"] {
        let run = xtask(&xtask::workspace_root(), &[flag]);
        assert_eq!(run.code, Some(0), "{run}");
        assert_eq!(
            run.stdout, copy,
            "guide/src/commands/xtask-help.txt is stale; rewrite it with \
             `cargo run -q -p xtask -- --help > guide/src/commands/xtask-help.txt`"
        );
    }
}

/// Issue 31.5: the launcher answers `cargo xtask lsp --help` from the guide's
/// copy, since it starts the server itself; the copy must be what the tool prints.
#[test]
fn the_guides_lsp_help_is_what_xtask_prints() {
    let copy = workspace_file("guide/src/commands/lsp-help.txt");
    let run = xtask(&xtask::workspace_root(), &["lsp", "--help"]);
    assert_eq!(run.code, Some(0), "{run}");
    assert_eq!(
        run.stdout, copy,
        "guide/src/commands/lsp-help.txt is stale; rewrite it with \
         `cargo run -q -p xtask -- lsp --help > guide/src/commands/lsp-help.txt`"
    );
}

/// Issue 31.8: `test --help` and the README name every package the test
/// command installs.
#[test]
fn the_readme_and_test_help_name_what_the_test_command_installs() {
    let readme = workspace_file("README.md");
    let help = xtask(&xtask::workspace_root(), &["test", "--help"]);
    assert_eq!(help.code, Some(0), "{help}");
    for needed in [xtask::test::CHROMIUM, xtask::test::NEOVIM] {
        let package = format!("`{}`", needed.package);
        assert!(readme.contains(&package), "README.md names no {package}");
        assert!(
            help.stdout.contains(needed.package),
            "`cargo xtask test --help` names no {package}:\n{help}"
        );
    }
}

/// A page of the guide as mdBook renders it: its text with each
/// `{{#include PATH[:ANCHOR]}}` replaced by what it includes.
fn expanded(page: &Path) -> String {
    let text = std::fs::read_to_string(page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let Some(directive) = line
            .trim()
            .strip_prefix("{{#include ")
            .and_then(|l| l.strip_suffix("}}"))
        else {
            out.push_str(line);
            continue;
        };
        let (file, anchor) = match directive.rsplit_once(':') {
            Some((file, anchor)) => (file, Some(anchor)),
            None => (directive, None),
        };
        let included = page.parent().unwrap().join(file);
        let whole = std::fs::read_to_string(&included)
            .unwrap_or_else(|e| panic!("{}: include {file}: {e}", page.display()));
        let Some(anchor) = anchor else {
            out.push_str(&whole);
            continue;
        };
        let start = format!("ANCHOR: {anchor} ");
        let end = format!("ANCHOR_END: {anchor} ");
        let body: Vec<&str> = whole
            .lines()
            .skip_while(|l| !l.contains(&start))
            .skip(1)
            .take_while(|l| !l.contains(&end))
            .filter(|l| !l.contains("ANCHOR"))
            .collect();
        assert!(
            !body.is_empty(),
            "{}: no anchor `{anchor}` in {file}",
            page.display()
        );
        out.push_str(&(body.join("\n") + "\n"));
    }
    out
}

/// The ids mdBook gives the headings of `text`, and the links it holds.
fn headings_and_links(text: &str) -> (BTreeSet<String>, Vec<String>) {
    let mut ids = BTreeSet::new();
    let mut links = Vec::new();
    let mut heading: Option<String> = None;
    for event in Parser::new(text) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = &mut heading {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let words = heading.take().unwrap_or_default();
                let id: String = words
                    .chars()
                    .filter_map(|c| match c {
                        c if c.is_alphanumeric() || c == '_' || c == '-' => {
                            Some(c.to_ascii_lowercase())
                        }
                        c if c.is_whitespace() => Some('-'),
                        _ => None,
                    })
                    .collect();
                let mut unique = id.clone();
                let mut n = 0;
                while !ids.insert(unique.clone()) {
                    n += 1;
                    unique = format!("{id}-{n}");
                }
            }
            Event::Start(Tag::Link { dest_url, .. })
            | Event::Start(Tag::Image { dest_url, .. }) => links.push(dest_url.to_string()),
            _ => {}
        }
    }
    (ids, links)
}

/// The guide's pages, as SUMMARY.md lists them, from `guide/src`.
fn pages(src: &Path) -> Vec<PathBuf> {
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).expect("guide/src/SUMMARY.md");
    let (_, links) = headings_and_links(&summary);
    assert!(!links.is_empty(), "SUMMARY.md lists no page");
    links.iter().map(|l| src.join(l)).collect()
}

/// Every link of the guide leads somewhere: a page of the guide (and a heading
/// of it, for a `#fragment`) or a file under `guide/src`, which mdBook copies
/// beside the pages. A link out of `guide/src` would lead nowhere once built.
#[test]
fn every_link_of_the_guide_leads_to_a_page_heading_or_file_of_it() {
    let src = xtask::workspace_root().join("guide/src");
    let pages = pages(&src);
    let mut ids = BTreeMap::new();
    let mut links = Vec::new();
    for page in &pages {
        assert!(
            page.is_file(),
            "SUMMARY.md lists {}, which is missing",
            page.display()
        );
        let (heads, found) = headings_and_links(&expanded(page));
        ids.insert(page.clone(), heads);
        links.extend(found.into_iter().map(|l| (page.clone(), l)));
    }
    let mut broken = Vec::new();
    for (page, link) in &links {
        if link.contains("://") || link.starts_with("mailto:") {
            continue;
        }
        let (file, fragment) = link.split_once('#').unwrap_or((link, ""));
        let target = if file.is_empty() {
            page.clone()
        } else {
            normalize(&page.parent().unwrap().join(file))
        };
        let ok = if !target.starts_with(&src) {
            false
        } else if let Some(heads) = ids.get(&target) {
            fragment.is_empty() || heads.contains(fragment)
        } else {
            // A file mdBook copies: anything but a page it would not render.
            fragment.is_empty() && target.is_file() && target.extension().is_none_or(|e| e != "md")
        };
        if !ok {
            broken.push(format!(
                "{}: {link}",
                page.strip_prefix(&src).unwrap().display()
            ));
        }
    }
    assert!(links.len() > 20, "too few links found: {links:?}");
    assert!(
        broken.is_empty(),
        "links of the guide that lead nowhere:\n{}",
        broken.join("\n")
    );
}

/// `path` with its `.` and `..` parts resolved, without touching the disk.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}
