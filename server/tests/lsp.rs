//! The language server on a scratch copy of the workspace, driven in-process
//! by the scripted client: what it answers on a chapter that does not
//! compile, and where it finds a rule named like a Rust keyword. (Run on
//! stdio as the launcher runs it for an editor: `launcher/tests/lsp.rs`.)

mod common;

use std::path::{Path, PathBuf};

use common::Scratch;
use serde_json::{Value, json};
use server::client::{Buffer, Client};
use server::resolver::Resolver;
use server::{Config, pos};

const FALLING: &str = "spec/action/falling.md";

/// A server on `root` that judges nothing: these tests ask what the chapter
/// says, not what the resolver makes of it.
fn start(root: &Path) -> Client {
    let config = Config {
        root: root.to_path_buf(),
        resolver: Resolver {
            binaries: Vec::new(),
            build: None,
        },
    };
    Client::start(config).unwrap()
}

/// The place just after the first `before` that is followed by `what`.
fn after(buffer: &Buffer, before: &str) -> Value {
    let at = buffer.text.find(before).expect(before) + before.len();
    buffer.at_offset(at)
}

/// The 0-based line of the first `what` in `text`.
fn line_of(text: &str, what: &str) -> u32 {
    pos::position(text, text.find(what).expect(what)).line
}

/// The falling chapter broken in a way of each class of the compiler's UI
/// tests (`codegen/tests/ui`), away from the places the tests ask about,
/// with the diagnostic code each gives (none for a failing example, which
/// compiles and is judged).
fn broken(falling: &str) -> Vec<(&'static str, String, Option<&'static str>)> {
    let end = "\n```example stray\nrule = \"falling.fall\n```\n";
    let unknown = "\n```example stray\nrule = \"falling.fal\"\n\n[given]\ndistance = 3\n\n[book]\nflat = 3\n```\n";
    let schema = falling.replacen("\"value: int\"", "\"value: integer\"", 1);
    let failing = falling.replacen("damage = \"9d6\"", "damage = \"8d6\"", 1);
    // A chapter whose front matter cannot be read is answered from its last
    // state that compiled: the line this adds moves everything below it.
    let front = falling.replacen("version = \"1\"\n", "version = \"1\nmore = 2\n", 1);
    vec![
        ("front matter", front, Some("E0010")),
        ("syntax", format!("{falling}{end}"), Some("E0010")),
        ("schema", schema, Some("E0015")),
        ("unknown name", format!("{falling}{unknown}"), Some("E0023")),
        ("failing example", failing, None),
    ]
}

#[test]
fn a_broken_chapter_still_has_its_outline_hovers_definitions_references_and_completions() {
    let scratch = Scratch::workspace_copy("lsp-broken");
    let falling = std::fs::read_to_string(scratch.0.join(FALLING)).unwrap();
    let mut client = start(&scratch.0);
    let mut buffer = client.open(Path::new(FALLING), falling.clone());
    for (class, text, code) in broken(&falling) {
        assert_ne!(text, falling, "{class}: the edit took");
        let rule_line = line_of(&text, "```rule fall");
        let mary_line = line_of(&text, "rule = \"falling.fall\"");
        client.change(&mut buffer, text);
        let shows = |d: &Value| match code {
            Some(code) => d.to_string().contains(&format!("\"code\":\"{code}\"")),
            None => d.as_array().is_some_and(Vec::is_empty),
        };
        let diagnostics = client.diagnostics(&buffer.uri, true, shows);
        assert!(diagnostics.is_ok(), "{class}: {diagnostics:?}");

        let symbols = client
            .request("textDocument/documentSymbol", buffer.id())
            .unwrap();
        let names: Vec<&str> = symbols
            .as_array()
            .unwrap_or_else(|| panic!("{class}: no outline: {symbols}"))
            .iter()
            .filter_map(|s| s["name"].as_str())
            .collect();
        for name in [
            "falling-table",
            "falling.fall",
            "mary-falls",
            "quick-estimate-2s",
        ] {
            assert!(names.contains(&name), "{class}: no {name} in {names:?}");
        }

        let hover = client
            .request("textDocument/hover", buffer.at_text("9d6 |").unwrap())
            .unwrap();
        assert!(
            hover.to_string().contains("Dice::new(9, 6, 0)"),
            "{class}: {hover}"
        );

        let at_mary = after(&buffer, "rule = \"falling.");
        let definition = client
            .request("textDocument/definition", at_mary.clone())
            .unwrap();
        assert_eq!(definition[0]["uri"], buffer.uri, "{class}: {definition}");
        assert_eq!(
            definition[0]["range"]["start"]["line"], rule_line,
            "{class}: {definition}"
        );

        let mut refs = after(&buffer, "```rule f");
        refs["context"] = json!({ "includeDeclaration": false });
        let references = client.request("textDocument/references", refs).unwrap();
        let lines: Vec<&Value> = references
            .as_array()
            .unwrap_or_else(|| panic!("{class}: {references}"))
            .iter()
            .map(|l| &l["range"]["start"]["line"])
            .collect();
        assert!(lines.contains(&&json!(mary_line)), "{class}: {references}");

        let completions = client
            .request("textDocument/completion", after(&buffer, "rule = \""))
            .unwrap();
        let labels = completions.to_string();
        assert!(
            labels.contains("\"label\":\"falling.fall\""),
            "{class}: {completions}"
        );
    }
}

#[test]
fn a_rule_named_like_a_keyword_is_found_as_its_raw_function() {
    let scratch = Scratch::workspace_copy("lsp-keyword");
    let edit = |path: &str, from: &str, to: &str| {
        let path: PathBuf = scratch.0.join(path);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{} has no {from}", path.display());
        std::fs::write(&path, text.replace(from, to)).unwrap();
    };
    edit(
        "spec/action/moving.md",
        "```rule other-action",
        "```rule move",
    );
    edit(
        "spec/action/moving.md",
        "\"moving.other-action\"",
        "\"moving.move\"",
    );
    edit(
        "rules/src/action/moving.rs",
        "pub fn other_action(",
        "pub fn r#move(",
    );
    let mut client = start(&scratch.0);
    let moving = client.open_file("spec/action/moving.md").unwrap();
    let diagnostics = client.diagnostics(&moving.uri, false, |_| true).unwrap();
    assert_eq!(diagnostics, json!([]), "the renamed chapter compiles");
    let found = client
        .request("textDocument/definition", after(&moving, "```rule m"))
        .unwrap();
    let source = scratch.0.join("rules/src/action/moving.rs");
    let code = std::fs::read_to_string(&source).unwrap();
    let line = line_of(&code, "pub fn r#move(");
    assert_eq!(
        found[0]["uri"],
        pos::uri(&client.root.join("rules/src/action/moving.rs")).as_str(),
        "{found}"
    );
    assert_eq!(
        found[0]["range"]["start"],
        json!({ "line": line, "character": 7 }),
        "{found}"
    );
    assert_eq!(
        found[0]["range"]["end"]["character"], 13,
        "`r#move`: {found}"
    );
}
