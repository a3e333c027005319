//! Completion, read from the buffer's text up to the cursor (which need not
//! compile while the author types): rule ids after `rule = "`, the rule's
//! inputs and outputs as keys of an example's tables, the words of a
//! `word(...)` input as its value, and column types in a table's schema.

use codegen::Book;
use codegen::model::{Rule, ValueType};
use lsp_types as lsp;

/// The completions at byte `at` of `text`, a chapter of system `system`.
pub fn complete(book: &Book, system: &str, text: &str, at: usize) -> Vec<lsp::CompletionItem> {
    let at = text.floor_char_boundary(at.min(text.len()));
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..at];
    let rules = || {
        book.systems
            .iter()
            .filter(|s| s.id == system)
            .flat_map(|s| &s.chapters)
            .flat_map(|c| &c.rules)
    };
    if line.trim_start().starts_with("rule") && line.contains('"') {
        return rules()
            .map(|r| {
                item(
                    &r.id,
                    lsp::CompletionItemKind::FUNCTION,
                    &crate::nav::signature(r),
                )
            })
            .collect();
    }
    if line.trim_start().starts_with("columns") && line.trim_end().ends_with(':') {
        return codegen::cell::KNOWN
            .iter()
            .map(|t| item(t, lsp::CompletionItemKind::TYPE_PARAMETER, "column type"))
            .collect();
    }
    let Some(block) = open_block(&text[..at]) else {
        return Vec::new();
    };
    let rule = block.lines().find_map(|l| {
        l.trim()
            .strip_prefix("rule")?
            .trim()
            .strip_prefix('=')?
            .trim()
            .strip_prefix('"')?
            .strip_suffix('"')
            .map(String::from)
    });
    let Some(rule) = rule.and_then(|id| rules().find(|r| r.id == id)) else {
        return Vec::new();
    };
    let table = block
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with('['))
        .map(str::trim);
    match line.split_once('=') {
        Some((key, _)) if table == Some("[given]") => words(rule, key.trim()),
        Some(_) => Vec::new(),
        None => keys(rule, table),
    }
}

/// The text of the `example` or `property` fence open at the end of `before`.
fn open_block(before: &str) -> Option<&str> {
    let fence = before.rfind("```")?;
    let opening = &before[fence..];
    let head = opening.lines().next().unwrap_or("");
    (head.starts_with("```example") || head.starts_with("```property")).then_some(opening)
}

/// The keys the example's current table takes: the rule's inputs under
/// `[given]`, its outputs under `[book]` and `[expect]`.
fn keys(rule: &Rule, table: Option<&str>) -> Vec<lsp::CompletionItem> {
    let params = match table {
        Some("[given]") => &rule.given,
        Some("[book]" | "[expect]") => &rule.outputs,
        _ => return Vec::new(),
    };
    params
        .iter()
        .map(|p| item(&p.name, lsp::CompletionItemKind::FIELD, &p.ty.to_string()))
        .collect()
}

/// The words input `key` of `rule` may hold, quoted.
fn words(rule: &Rule, key: &str) -> Vec<lsp::CompletionItem> {
    let Some(ValueType::Word(words)) = rule.given.iter().find(|p| p.name == key).map(|p| &p.ty)
    else {
        return Vec::new();
    };
    words
        .iter()
        .map(|w| {
            item(
                &format!("\"{w}\""),
                lsp::CompletionItemKind::ENUM_MEMBER,
                key,
            )
        })
        .collect()
}

fn item(label: &str, kind: lsp::CompletionItemKind, detail: &str) -> lsp::CompletionItem {
    lsp::CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: Some(detail.to_string()),
        ..lsp::CompletionItem::default()
    }
}
