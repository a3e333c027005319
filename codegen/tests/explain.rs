//! Every code has an explanation (`cargo xtask explain CODE`), and its examples
//! are tested as rustc tests its error-code docs: the files under "## Wrong"
//! yield that code and no other, the files under "## Right" yield nothing.

#[allow(dead_code)] // Only `in_folder` serves here.
mod common;

use std::path::Path;

use codegen::{DiagCode, lints, resolvers};

/// The files of one example: `(path, contents)`, each from a `~~~~ <path>`
/// fence under `heading`. `\xFF` in a file stands for the byte 0xFF.
fn files(explanation: &str, heading: &str) -> Vec<(String, Vec<u8>)> {
    let section = explanation
        .split("\n## ")
        .find(|s| s.starts_with(heading))
        .unwrap_or_else(|| panic!("no `## {heading}` in:\n{explanation}"));
    let mut out = Vec::new();
    let mut lines = section.lines();
    while let Some(line) = lines.next() {
        let Some(path) = line.strip_prefix("~~~~ ") else {
            continue;
        };
        let body: String = lines
            .by_ref()
            .take_while(|l| *l != "~~~~")
            .map(|l| format!("{l}\n"))
            .collect();
        let bytes = body.replace("\\xFF", "\u{0}").into_bytes();
        let bytes = bytes.into_iter().map(|b| if b == 0 { 0xFF } else { b });
        out.push((path.to_string(), bytes.collect()));
    }
    assert!(
        !out.is_empty(),
        "`## {heading}` holds no `~~~~ <path>` file"
    );
    out
}

/// The codes a book of `files` yields: its compile errors, or else its lints
/// that are not allowed and its missing resolvers. A table counts as read when
/// the example gives no resolver source, or a source names its constant.
fn codes(code: DiagCode, files: &[(String, Vec<u8>)]) -> Vec<DiagCode> {
    let files: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(p, b)| (p.as_str(), b.as_slice()))
        .collect();
    let sources: Vec<String> = files
        .iter()
        .filter(|(p, _)| p.starts_with("rules/src/"))
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .collect();
    common::in_folder("explain", code.as_str(), &files, |dir: &Path| {
        let book = match codegen::compile_dir(&dir.join("spec"), dir) {
            Ok(book) => book,
            Err(d) => return d.0.iter().map(|d| d.code).collect(),
        };
        let reads =
            |_: &str, name: &str| sources.is_empty() || sources.iter().any(|s| s.contains(name));
        let mut found: Vec<DiagCode> = lints(&book, &reads, &|_, _, _, _| false)
            .iter()
            .filter(|l| !l.is_allowed())
            .map(|l| l.diagnostic.code)
            .collect();
        if !sources.is_empty() {
            let missing = resolvers::missing(&book, &dir.join("rules/src"), dir);
            found.extend(missing.0.iter().map(|d| d.code));
        }
        found
    })
}

#[test]
fn every_code_is_explained_by_a_wrong_and_a_right_example() {
    let mut wrongs = Vec::new();
    // The check against the books and the reading of the reviewed state find
    // the others: xtask's tests run theirs.
    for code in DiagCode::all().filter(|c| !c.needs_books() && !c.is_review()) {
        let text = code.explanation();
        if !text.starts_with(&format!("# {code}: ")) {
            wrongs.push(format!(
                "{code}: the explanation does not open with `# {code}: …`"
            ));
        }
        let wrong = codes(code, &files(text, "Wrong"));
        if wrong.is_empty() || wrong.iter().any(|c| *c != code) {
            wrongs.push(format!("{code}: the wrong example yields {wrong:?}"));
        }
        let right = codes(code, &files(text, "Right"));
        if !right.is_empty() {
            wrongs.push(format!("{code}: the right example yields {right:?}"));
        }
    }
    assert!(wrongs.is_empty(), "{}", wrongs.join("\n"));
}

/// spec/README.md lists every error code with its explanation's heading.
#[test]
fn the_spec_readme_lists_every_code_as_its_explanation_heads_it() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/README.md"))
            .expect("read spec/README.md");
    for code in DiagCode::all().filter(|c| !c.is_lint()) {
        let heading = code.explanation().lines().next().unwrap_or_default();
        let title = heading.split_once(": ").map_or("", |(_, t)| t);
        let row = format!("| `{code}` | {title} |");
        assert!(readme.contains(&row), "spec/README.md lacks `{row}`");
    }
}
