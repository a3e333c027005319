//! Spec text never runs as code (issue 18.1). rustdoc reads the generated doc
//! comments as Markdown and runs their code blocks as doctests of `rules`, so
//! a chapter that smuggles a fence, an indented block or HTML into any text
//! that reaches a doc comment must come out as plain words.

use std::path::Path;
use std::process::Command;

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use super::rustc::rust;

/// Code that leaves a file named `tag` in `dir` if it ever runs.
fn payload(dir: &Path, tag: &str) -> String {
    format!(
        "std::fs::write({:?}, \"ran\").unwrap();",
        dir.join(tag).display().to_string()
    )
}

/// A chapter with a doctest hidden in each place whose text reaches a doc
/// comment: front matter title, heading, table title, column header,
/// constant's text, and each field of a table erratum. Each hiding place is
/// tagged with a word of its own, so the test can see every one arrive.
fn hostile(dir: &Path) -> String {
    let fence = |tag: &str| format!("{tag}\n```\n{}\n```\n", payload(dir, tag));
    let indented = |tag: &str| format!("{tag}\n\n    {}\n", payload(dir, tag));
    // In Markdown a line break comes from an entity; in TOML from an escape.
    let entity = |s: String| s.replace('\n', "&#10;");
    let toml = |s: String| format!("{s:?}");
    let html = "<script>alert(1)</script><img src=x onerror=alert(2)>";
    let attribute = "```rust,should_panic\n#![doc = include_str!(\"/etc/passwd\")]\n```";
    format!(
        r#"+++
system = "demo"
title = {front}
version = "1"
[source]
book = "Some book"
section = "Some section"
+++

# Demo {heading} {{#demo}}

<!-- table grip
const = "GRIP"
row = "Grip"
title = {title}
errata = [
  {{ row = "Mud", column = "modifier", printed = "-1 {printed}", reading = "-1", reason = {reason} }},
]
columns = ["surface: label", "modifier: modifier"]
-->
| Surface {header} | Mod |
|---|---|
| Ice | -2 |
| Mud | -1 {printed} |

<!-- table figures
kind = "constants"
columns = ["name: ident", "value: int", "meaning: text"]
-->
| Name | Value | Meaning |
|---|---|---|
| STEP | 5 | {constant} |
"#,
        front = toml(fence("zqfront")),
        heading = entity(fence("zqheading")),
        title = toml(format!("{}{html}", indented("zqtitle"))),
        printed = "zqprinted",
        reason = toml(format!("{}{attribute}", fence("zqreason"))),
        header = entity(indented("zqheader")),
        constant = entity(format!("{}{html}", fence("zqconstant"))),
    )
}

const TAGS: [&str; 7] = [
    "zqfront",
    "zqheading",
    "zqtitle",
    "zqprinted",
    "zqreason",
    "zqheader",
    "zqconstant",
];

/// The text of each item's doc, in emission order: consecutive `#[doc]`
/// attributes (which is what `///` lines are) joined by line feeds, as rustdoc
/// joins them. Reading tokens, not lines, finds `#[doc = "…"]` as well.
fn docs(tokens: TokenStream, out: &mut Vec<String>) {
    let mut current: Option<String> = None;
    let mut tokens = tokens.into_iter().peekable();
    while let Some(tree) = tokens.next() {
        match tree {
            TokenTree::Punct(p) if p.as_char() == '#' => {
                let Some(TokenTree::Group(g)) = tokens.next() else {
                    continue;
                };
                if let Some(text) = doc_text(g.stream()) {
                    let doc = current.get_or_insert_with(String::new);
                    if !doc.is_empty() {
                        doc.push('\n');
                    }
                    doc.push_str(&text);
                }
            }
            TokenTree::Group(g) => {
                out.extend(current.take());
                if g.delimiter() != Delimiter::None || !g.stream().is_empty() {
                    docs(g.stream(), out);
                }
            }
            _ => out.extend(current.take()),
        }
    }
    out.extend(current);
}

/// The string of `doc = "…"`, if the attribute is one.
fn doc_text(attr: TokenStream) -> Option<String> {
    let tokens: Vec<TokenTree> = attr.into_iter().collect();
    match tokens.as_slice() {
        [
            TokenTree::Ident(name),
            TokenTree::Punct(eq),
            TokenTree::Literal(lit),
        ] if name == "doc" && eq.as_char() == '=' => Some(
            syn::parse_str::<syn::LitStr>(&lit.to_string())
                .ok()?
                .value(),
        ),
        _ => None,
    }
}

/// What rustdoc would see of a doc other than a paragraph of text (with the
/// emitter's own code spans): a code block, HTML, a link, a heading, a list…
fn structure(doc: &str) -> Vec<String> {
    Parser::new_ext(doc, Options::all())
        .filter(|e| {
            !matches!(
                e,
                Event::Start(Tag::Paragraph)
                    | Event::End(TagEnd::Paragraph)
                    | Event::Text(_)
                    | Event::Code(_)
                    | Event::SoftBreak
            )
        })
        .map(|e| format!("{e:?}"))
        .collect()
}

#[test]
fn spec_text_in_doc_comments_is_never_markdown_structure() {
    let dir = std::env::temp_dir().join(format!("codegen-runs-as-code-{}", std::process::id()));
    let code = rust("runs_as_code", &hostile(&dir));
    let tokens: TokenStream = code.parse().expect("the emitted Rust lexes");
    let mut all = Vec::new();
    docs(tokens, &mut all);
    for tag in TAGS {
        assert!(
            all.iter().any(|d| d.contains(tag)),
            "`{tag}` never reached a doc comment, so the test shows nothing:\n{code}"
        );
        assert_eq!(
            code.matches(tag).count(),
            all.iter().map(|d| d.matches(tag).count()).sum::<usize>(),
            "`{tag}` reached the generated Rust outside a doc comment:\n{code}"
        );
    }
    for doc in &all {
        let found = structure(doc);
        assert!(found.is_empty(), "doc {doc:?} reads as {found:?}");
    }
}

/// The reproducer itself: every doc the emitter wrote, on items of a crate of
/// its own, run through `rustdoc --test`. Before the fix it compiled and ran
/// each hidden payload, which left its file behind.
#[test]
fn rustdoc_finds_no_doctest_in_the_generated_docs() {
    let dir = std::env::temp_dir().join(format!("codegen-rustdoc-probe-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the probe folder");
    let code = rust("rustdoc_probe", &hostile(&dir));
    let mut all = Vec::new();
    docs(code.parse().expect("the emitted Rust lexes"), &mut all);
    let probe: String = all
        .iter()
        .enumerate()
        .map(|(i, doc)| format!("#[doc = {doc:?}]\npub struct Item{i};\n"))
        .collect();
    std::fs::write(dir.join("lib.rs"), probe).expect("write the probe crate");
    let rustdoc = std::env::var("RUSTDOC").unwrap_or_else(|_| "rustdoc".into());
    let out = Command::new(rustdoc)
        .args([
            "--test",
            "--edition",
            "2024",
            "--crate-name",
            "probe",
            "lib.rs",
        ])
        .current_dir(&dir)
        .output()
        .expect("run rustdoc");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let ran: Vec<&str> = TAGS
        .iter()
        .copied()
        .filter(|t| dir.join(t).exists())
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        ran.is_empty(),
        "spec text ran as a doctest: {ran:?}\n{stdout}"
    );
    assert!(
        out.status.success() && stdout.contains("running 0 tests"),
        "rustdoc found doctests in the generated docs:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
