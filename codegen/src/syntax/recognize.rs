//! What the Markdown walker takes for one of the book's parts (a `rule` or
//! `example` fence, a schema or allow comment), and the near misses of them
//! that would otherwise drop a part without a word: a misspelt kind, a fence
//! indented into a code block, a schema comment glued to its id, a fence or
//! comment that never closes.

use std::sync::Arc;

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::Diagnostic;
use crate::diag::source::{SourceFile, Span};

/// The kinds of fenced block the book is made of.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FenceKind {
    Rule,
    Example,
    Property,
}

impl FenceKind {
    const ALL: [FenceKind; 3] = [FenceKind::Rule, FenceKind::Example, FenceKind::Property];

    pub fn name(self) -> &'static str {
        match self {
            FenceKind::Rule => "rule",
            FenceKind::Example => "example",
            FenceKind::Property => "property",
        }
    }
}

/// The kind a fence's info string names exactly, if any.
pub fn fence_kind(info: &str) -> Option<FenceKind> {
    let word = info.split_whitespace().next()?;
    FenceKind::ALL.into_iter().find(|k| k.name() == word)
}

/// A fence whose kind is a near miss of a block kind (`exmaple`, `Rule`,
/// `examples`): one edit away from `rule`, two from `example` or `property`,
/// or a change of case.
pub fn misspelt_fence(file: &Arc<SourceFile>, info: &str, span: Span) -> Option<Diagnostic> {
    let word = info.split_whitespace().next()?;
    let names = FenceKind::ALL.map(FenceKind::name);
    if names.contains(&word) {
        return None;
    }
    let near = *crate::diag::suggest::closest(word, names).first()?;
    let kind = FenceKind::ALL.into_iter().find(|k| k.name() == near)?;
    Some(
        Diagnostic::new(
            file,
            first_line(file, span),
            DiagCode::UnrecognisedBlock,
            format!(
                "unknown block kind `{word}`: did you mean `{}`?",
                kind.name()
            ),
        )
        .label("a block is `rule <name>`, `example <id>` or `property <id>`; any other fence is plain code"),
    )
}

/// An indented code block (four spaces or a tab) that holds what reads as a
/// book block's fence: Markdown takes it for plain code, so the block is lost.
pub fn indented_fence(file: &Arc<SourceFile>, span: Span) -> Option<Diagnostic> {
    let line = &file.text[first_line(file, span.clone())];
    let info = line
        .trim_start()
        .strip_prefix("```")
        .or_else(|| line.trim_start().strip_prefix("~~~"))?;
    let info = info.trim_start_matches(['`', '~']);
    let kind = fence_kind(info)
        .map(FenceKind::name)
        .or_else(|| misspelt_fence(file, info, span.clone()).map(|_| "book"))?;
    let start = file.text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    Some(
        Diagnostic::new(
            file,
            start..span.start + line.len(),
            DiagCode::UnrecognisedBlock,
            format!("this `{kind}` block is indented, so Markdown reads it as plain code"),
        )
        .label("start the fence at the start of its line"),
    )
}

/// `line` without the block quote markers and indentation in front of it.
fn unquoted(line: &str) -> &str {
    line.trim_start_matches(|c: char| c == '>' || c.is_whitespace())
}

/// Whether a fenced block ends in a closing fence: a line of at least as many of
/// the opening fence's characters (and nothing else), after the opening line.
/// Block quote markers in front of either are passed over.
pub fn fence_closed(block: &str) -> bool {
    let block = block.trim_end_matches(['\n', '\r']);
    // The first and the last line, found from either end: a block can be long.
    let (Some(first_end), Some(last_start)) = (block.find('\n'), block.rfind('\n')) else {
        return false; // one line: the opening fence alone
    };
    let opening = unquoted(block[..first_end].trim_end_matches('\r'));
    // A fence is made of backticks or tildes: ASCII, so counted byte by byte.
    let Some(&mark) = opening.as_bytes().first() else {
        return false;
    };
    let width = opening.bytes().take_while(|&b| b == mark).count();
    let last = unquoted(&block[last_start + 1..]).trim_end();
    last.len() >= width && last.bytes().all(|b| b == mark)
}

/// The first word of an HTML comment, after `<!--`.
fn comment_word(html: &str) -> Option<&str> {
    let rest = html.trim_start().strip_prefix("<!--")?.trim_start();
    Some(
        &rest[..rest
            .find(|c: char| c.is_whitespace() || c == ':')
            .unwrap_or(rest.len())],
    )
}

/// `<!-- table <id>`: a table's schema.
pub fn is_schema_comment(html: &str) -> bool {
    comment_word(html) == Some("table")
}

/// `<!-- allow …`: a comment that allows a lint for the section above it.
pub fn is_allow_comment(html: &str) -> bool {
    comment_word(html) == Some("allow")
}

/// A comment of several lines that opens like a schema with no space after
/// `table` (`<!-- tablescratch-table`): read as a plain comment, it would leave
/// the table below without its schema, or drop it unseen.
pub fn glued_schema(file: &Arc<SourceFile>, html: &str, start: usize) -> Option<Diagnostic> {
    let word = comment_word(html)?;
    let id = word.strip_prefix("table").filter(|id| !id.is_empty())?;
    html.trim_end().contains('\n').then(|| {
        Diagnostic::new(
            file,
            first_line(file, start..start + html.len()),
            DiagCode::UnrecognisedBlock,
            format!("`<!-- {word}` is no schema comment"),
        )
        .label(format!(
            "a schema opens `<!-- table {id}`, with a space after `table`"
        ))
    })
}

/// A comment runs to the first `-->`. One that is not closed swallows the text
/// below it, up to the end of the next comment: it is reported where it opens.
pub fn unclosed_comment(file: &Arc<SourceFile>, html: &str, start: usize) -> Option<Diagnostic> {
    let open = html.find("<!--")? + "<!--".len();
    let next = open + html[open..].find("<!--")?;
    let first_line = html.find('\n').unwrap_or(html.len());
    Some(
        Diagnostic::new(
            file,
            start..start + first_line,
            DiagCode::Unclosed,
            format!(
                "this comment is not closed before the next one opens, at {}",
                file.location(start + next)
            ),
        )
        .label("end it with `-->`"),
    )
}

/// The first line of `span`, without its line break.
fn first_line(file: &SourceFile, span: Span) -> Span {
    let text = &file.text[span.clone()];
    span.start..span.start + text.find(['\n', '\r']).unwrap_or(text.len())
}
