//! The compiler's diagnostics and the resolver's lints as the editor shows
//! them: the CLI's code, message, label and notes, and each "did you mean" as
//! a quick fix that puts the suggested name in place of the wrong one.

use std::collections::HashMap;

use codegen::Diagnostic;
use lsp_types as lsp;
use serde_json::{Value, json};

use crate::pos;

/// `d` for the protocol: the message, then the label and each note on lines
/// of their own; the suggestions in `data` for [`quick_fixes`].
pub fn from_compiler(d: &Diagnostic) -> lsp::Diagnostic {
    let range = pos::range(&d.file.text, &d.span);
    shown(range, d.code.as_str(), &d.message, &d.label, &d.notes)
}

/// A lint as the judge (`conformance verdicts`) gives it (`--message-format=json`), placed in `text`.
pub fn from_json(lint: &Value, text: &str) -> Option<lsp::Diagnostic> {
    let at = |v: &Value| {
        let line = v["line"].as_u64()? as usize;
        let column = v["column"].as_u64()? as usize;
        Some(offset_of(text, line, column))
    };
    let (start, end) = (at(lint)?, at(&lint["end"])?);
    let notes: Vec<String> = serde_json::from_value(lint["notes"].clone()).unwrap_or_default();
    let field = |k: &str| lint[k].as_str().unwrap_or_default().to_string();
    let range = pos::range(text, &(start..end));
    Some(shown(
        range,
        &field("code"),
        &field("message"),
        &field("label"),
        &notes,
    ))
}

/// The byte offset of a 1-based line and a 1-based column counted in characters.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let rest = text[start.min(text.len())..]
        .split('\n')
        .next()
        .unwrap_or("");
    start
        + rest
            .char_indices()
            .nth(column - 1)
            .map_or(rest.len(), |(i, _)| i)
}

fn shown(
    range: lsp::Range,
    code: &str,
    message: &str,
    label: &str,
    notes: &[String],
) -> lsp::Diagnostic {
    let mut text = message.to_string();
    for line in std::iter::once(label).filter(|l| !l.is_empty()) {
        text.push_str(&format!("\n{line}"));
    }
    for note in notes {
        text.push_str(&format!("\nnote: {note}"));
    }
    let suggestions: Vec<String> = std::iter::once(label)
        .chain(notes.iter().map(String::as_str))
        .flat_map(suggested)
        .collect();
    lsp::Diagnostic {
        range,
        severity: Some(lsp::DiagnosticSeverity::ERROR),
        code: Some(lsp::NumberOrString::String(code.to_string())),
        source: Some("rulebook".into()),
        message: text,
        data: (!suggestions.is_empty()).then(|| json!({ "suggestions": suggestions })),
        ..lsp::Diagnostic::default()
    }
}

/// The names a "did you mean `a` or `b`?" offers.
fn suggested(text: &str) -> Vec<String> {
    let Some((_, after)) = text.split_once("did you mean ") else {
        return Vec::new();
    };
    let question = after.split('?').next().unwrap_or("");
    question
        .split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

/// A quick fix per suggestion of each of `diagnostics` (those the editor sends
/// back for the range it asks about): the suggested name in place of the
/// diagnostic's text, inside its quotes when it is quoted. A diagnostic
/// whose range ends before it starts gets none.
pub fn quick_fixes(
    uri: &lsp::Uri,
    text: &str,
    diagnostics: &[lsp::Diagnostic],
) -> Vec<lsp::CodeActionOrCommand> {
    let mut actions = Vec::new();
    for d in diagnostics {
        let names: Vec<String> = d
            .data
            .as_ref()
            .and_then(|v| serde_json::from_value(v["suggestions"].clone()).ok())
            .unwrap_or_default();
        let (start, end) = (
            pos::offset(text, d.range.start),
            pos::offset(text, d.range.end),
        );
        // A range that ends before it starts (no diagnostic of ours) names
        // no text to replace.
        if end < start {
            continue;
        }
        let quoted = text[start..end].len() >= 2
            && text[start..end].starts_with('"')
            && text[start..end].ends_with('"');
        for name in names {
            let new_text = if quoted {
                format!("\"{name}\"")
            } else {
                name.clone()
            };
            let edit = lsp::TextEdit::new(d.range, new_text);
            actions.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                title: format!("Replace with `{name}`"),
                kind: Some(lsp::CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![d.clone()]),
                edit: Some(lsp::WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
                    ..lsp::WorkspaceEdit::default()
                }),
                is_preferred: Some(true),
                ..lsp::CodeAction::default()
            }));
        }
    }
    actions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_read_from_did_you_mean() {
        assert_eq!(suggested("did you mean `armor.absorb`?"), ["armor.absorb"]);
        assert_eq!(suggested("did you mean `a` or `b`?"), ["a", "b"]);
        assert!(suggested("no hint here").is_empty());
    }

    #[test]
    fn a_json_place_counts_characters() {
        let text = "x\n–ab\n";
        assert_eq!(offset_of(text, 2, 2), "x\n–".len());
        assert_eq!(offset_of(text, 2, 99), "x\n–ab".len());
    }
}
