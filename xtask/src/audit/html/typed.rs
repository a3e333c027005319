//! Each table cell as the code sees it: the Rust value the generated constant
//! holds (`Range { lo: 23, hi: Some(26), label: "23-26" }`, `None` for a none
//! word, the value above for a ditto mark), and over each header the field
//! and its type. It is the cell's `title`, shown on hover, and a `code.rust`
//! beside the printed text that the table's toggle (a checkbox, no script)
//! shows. The values come from codegen's own emitter, so they cannot differ
//! from what the resolver reads.

use codegen::emit::rust::{cell_value, column_type};
use codegen::model::{Chapter, Row, Table};
use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use pulldown_cmark::{Alignment, Event, Tag, TagEnd};

use super::safe::Piece;
use super::{Html, html};

/// The id of the checkbox that shows a table's Rust values; no spec id holds a colon.
pub fn toggle_id(table: &str) -> String {
    format!("cells:{table}")
}

/// Follows the events of a chapter's tables and marks each cell of a typed
/// table with its Rust value.
pub struct TableCells<'a> {
    chapter: &'a Chapter,
    table: Option<&'a Table>,
    aligns: Vec<Alignment>,
    head: bool,
    row: Option<&'a Row>,
    cell: usize,
    /// The Rust value of the cell open now, shown before it closes.
    open: Option<String>,
}

impl<'a> TableCells<'a> {
    pub fn new(chapter: &'a Chapter) -> TableCells<'a> {
        TableCells {
            chapter,
            table: None,
            aligns: Vec::new(),
            head: false,
            row: None,
            cell: 0,
            open: None,
        }
    }

    /// A table's event (at byte `at` of the chapter) with the HTML that shows
    /// its cell's Rust value; any other event is handed back.
    pub fn around<'e>(&mut self, event: Event<'e>, at: usize) -> Result<Vec<Piece<'e>>, Event<'e>> {
        let mut out = Vec::new();
        match &event {
            Event::Start(Tag::Table(aligns)) => {
                self.table = self.chapter.tables.iter().find(|t| t.extent.contains(&at));
                self.aligns = aligns.clone();
                if let Some(t) = self.table {
                    out.push(Piece::Markup(html!(
                        "<input type=\"checkbox\" class=\"typed-toggle\" id=\"{}\">",
                        toggle_id(&t.id)
                    )));
                }
            }
            Event::Start(Tag::TableHead) => (self.head, self.cell) = (true, 0),
            Event::End(TagEnd::TableHead) => self.head = false,
            Event::Start(Tag::TableRow) => {
                self.row = self
                    .table
                    .and_then(|t| t.rows.iter().find(|r| r.span.contains(&at)));
                self.cell = 0;
            }
            Event::Start(Tag::TableCell) => return Ok(self.open_cell(event)),
            Event::End(TagEnd::TableCell) => {
                let shown = self.open.take();
                let code = shown.map(|r| html!("<code class=\"rust\">{}</code>", r));
                out.extend(code.map(Piece::Markup));
            }
            Event::End(TagEnd::Table) => self.table = None,
            _ => return Err(event),
        }
        out.push(Piece::Markdown(event));
        Ok(out)
    }

    /// A cell's opening tag, with its Rust value as its title when it has one.
    fn open_cell<'e>(&mut self, event: Event<'e>) -> Vec<Piece<'e>> {
        let rust = self.rust();
        let align = match self.aligns.get(self.cell) {
            Some(Alignment::Left) => html!(" style=\"text-align: left\""),
            Some(Alignment::Center) => html!(" style=\"text-align: center\""),
            Some(Alignment::Right) => html!(" style=\"text-align: right\""),
            _ => Html::default(),
        };
        self.cell += 1;
        let Some(rust) = rust else {
            return vec![Piece::Markdown(event)];
        };
        let tag = if self.head { "th" } else { "td" };
        let open = html!("<{} title=\"{}\"{}>", tag, rust, align);
        self.open = Some(rust);
        vec![Piece::Markup(open)]
    }

    /// The Rust value of the cell about to open, or its column's field and type
    /// in the header; none outside a typed table and for a group row's cells.
    fn rust(&self) -> Option<String> {
        let column = self.table?.columns.get(self.cell)?;
        if self.head {
            return Some(format!(
                "{}: {}",
                column.field,
                one_line(tokens(column_type(&column.ty)))
            ));
        }
        let cell = self.table?.cells_of(self.row?).get(self.cell)?;
        Some(one_line(tokens(cell_value(&column.ty, &cell.value))))
    }
}

/// The emitter's Rust text as tokens; text that does not lex (which the
/// emitter never writes) is shown as it is, as one string literal.
fn tokens(rust: String) -> TokenStream {
    rust.parse().unwrap_or_else(|_| {
        TokenStream::from(TokenTree::Literal(proc_macro2::Literal::string(&rust)))
    })
}

/// Rust tokens on one line, spaced as rustfmt spaces them, with the
/// generated code's `crate::table::` and `crate::dice::` left out.
pub fn one_line(tokens: TokenStream) -> String {
    let mut out = String::new();
    write_tokens(tokens, &mut out);
    out
}

fn write_tokens(tokens: TokenStream, out: &mut String) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut word = false;
    let mut i = 0;
    while i < trees.len() {
        if is_crate_module(&trees[i..]) {
            i += 6;
            continue;
        }
        match &trees[i] {
            TokenTree::Ident(_) | TokenTree::Literal(_) => {
                if word {
                    out.push(' ');
                }
                out.push_str(&trees[i].to_string());
            }
            TokenTree::Punct(p) => match p.as_char() {
                ',' => out.push_str(", "),
                ':' if p.spacing() == Spacing::Joint => {
                    out.push_str("::");
                    i += 1;
                }
                ':' => out.push_str(": "),
                c => out.push(c),
            },
            TokenTree::Group(g) => write_group(g.delimiter(), g.stream(), out),
        }
        word = matches!(trees[i], TokenTree::Ident(_) | TokenTree::Literal(_));
        i += 1;
    }
}

fn write_group(delimiter: Delimiter, inner: TokenStream, out: &mut String) {
    let (open, close) = match delimiter {
        Delimiter::Parenthesis => ("(", ")"),
        Delimiter::Bracket => ("[", "]"),
        Delimiter::Brace => (" { ", " }"),
        Delimiter::None => ("", ""),
    };
    out.push_str(open);
    write_tokens(inner, out);
    if out.ends_with(", ") {
        out.truncate(out.len() - 2);
    }
    out.push_str(close);
}

/// Whether the tokens begin `crate :: <module> ::`.
fn is_crate_module(trees: &[TokenTree]) -> bool {
    let colon = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ':');
    match trees {
        [TokenTree::Ident(c), a, b, TokenTree::Ident(_), d, e, ..] => {
            *c == "crate" && [a, b, d, e].into_iter().all(colon)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use quote::quote;

    use super::one_line;

    #[test]
    fn rust_values_read_as_rustfmt_writes_them() {
        let range = quote!(crate::table::Range {
            lo: 23,
            hi: Some(26),
            label: "23-26"
        });
        assert_eq!(
            one_line(range),
            "Range { lo: 23, hi: Some(26), label: \"23-26\" }"
        );
        let ty = quote!(Option<crate::table::Or<&'static str>>);
        assert_eq!(one_line(ty), "Option<Or<&'static str>>");
        let spans = quote!(&[(1, 2), (-3, 4)]);
        assert_eq!(one_line(spans), "&[(1, 2), (-3, 4)]");
        let trailing = quote!(crate::table::DamageType {
            kind: crate::table::DamageKind::Blunt,
            form: crate::table::DamageForm::Lethal,
        });
        assert_eq!(
            one_line(trailing),
            "DamageType { kind: DamageKind::Blunt, form: DamageForm::Lethal }"
        );
        assert_eq!(
            one_line(quote!(Some(crate::dice::Dice::new(9, 6, 0)))),
            "Some(Dice::new(9, 6, 0))"
        );
        assert_eq!(one_line(quote!("a , b :: c")), "\"a , b :: c\"");
    }
}
