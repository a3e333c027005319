//! `Html`: markup that is safe to put in a page, kept apart from text by its
//! type. There are three ways to make one: `html!`, whose template is a
//! literal and whose arguments are escaped unless they are `Html` already;
//! `Html::text`, which escapes; and `Html::markdown`, pulldown-cmark's
//! rendering of a chapter, whose raw HTML it shows as text and whose links
//! and images keep only the URLs a report needs ([`safe_url`]). So no text
//! reaches a page unescaped, no function pastes a `&str` into one, and no
//! link of a chapter runs script when a reader clicks it.

use std::fmt;
use std::ops::{Add, AddAssign};

use pulldown_cmark::{Event, Tag, TagEnd, html::push_html};

/// Markup safe to put in a page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Html(String);

/// `format!` for markup: the template must be a string literal (written here,
/// so trusted), and each argument, named (`id = x`) or not, goes in through
/// [`Render`]: text escaped, `Html` as it is, numbers as they print. A
/// template names no variable of its scope: `format_args!` does not capture
/// from a template that `concat!` expands, so none can slip past the escaping.
macro_rules! html {
    (@args $template:literal [$($done:tt)*]) => {
        $crate::audit::html::safe::Html::from_template(
            format_args!(concat!($template), $($done)*)
        )
    };
    (@args $template:literal [$($done:tt)*] $name:ident = $e:expr $(, $($rest:tt)*)?) => {
        $crate::audit::html::safe::html!(@args $template
            [$($done)* $name = $crate::audit::html::safe::Arg(&$e),] $($($rest)*)?)
    };
    (@args $template:literal [$($done:tt)*] $e:expr $(, $($rest:tt)*)?) => {
        $crate::audit::html::safe::html!(@args $template [$($done)* $crate::audit::html::safe::Arg(&$e),] $($($rest)*)?)
    };
    ($template:literal $(, $($rest:tt)*)?) => {
        $crate::audit::html::safe::html!(@args $template [] $($($rest)*)?)
    };
}
pub(crate) use html;

impl Html {
    /// Text, escaped.
    pub fn text(s: &str) -> Html {
        html!("{}", s)
    }

    /// What `html!` makes; nothing else calls it.
    #[doc(hidden)]
    pub fn from_template(args: fmt::Arguments) -> Html {
        Html(args.to_string())
    }

    /// A chapter rendered by pulldown-cmark: `Markdown` events as the parser
    /// gave them, except raw HTML, which is shown as text; `Markup` as it is.
    ///
    /// A link or image whose URL [`safe_url`] refuses loses its tag and keeps
    /// its text: the link's words, the image's alt text.
    pub fn markdown<'a>(pieces: impl Iterator<Item = Piece<'a>>) -> Html {
        // Whether each open link or image kept its tag, so its end does too.
        let mut kept: Vec<bool> = Vec::new();
        let events = pieces.filter_map(|piece| {
            let event = match piece {
                Piece::Markup(html) => return Some(Event::InlineHtml(html.0.into())),
                Piece::Markdown(Event::Html(raw) | Event::InlineHtml(raw)) => {
                    return Some(Event::Text(raw));
                }
                Piece::Markdown(event) => event,
            };
            match &event {
                Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                    let safe = safe_url(dest_url);
                    kept.push(safe);
                    safe.then_some(event)
                }
                Event::End(TagEnd::Link | TagEnd::Image) => {
                    kept.pop().unwrap_or(true).then_some(event)
                }
                _ => Some(event),
            }
        });
        let mut out = String::new();
        push_html(&mut out, events);
        Html(out)
    }

    /// The markup, to write to a file.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `items` with `sep` between them.
    pub fn join(items: impl IntoIterator<Item = Html>, sep: &Html) -> Html {
        let items: Vec<String> = items.into_iter().map(|h| h.0).collect();
        Html(items.join(&sep.0))
    }

    /// Each `from` replaced by `to`.
    pub fn replace(&self, from: &Html, to: &Html) -> Html {
        Html(self.0.replace(&from.0, &to.0))
    }

    /// Every `<h2>` and `<h3>` written without attributes given an id, so
    /// that a reader can link to any heading: its text in lowercase words
    /// joined by `-` (`[a-z0-9-]` only, so nothing needs escaping), with
    /// `-2`, `-3` … when that id is taken on the page.
    pub fn with_heading_ids(&self) -> Html {
        let mut out = String::with_capacity(self.0.len() + 256);
        let mut rest = self.0.as_str();
        let mut used: Vec<String> = Vec::new();
        loop {
            let next = ["<h2>", "<h3>"].iter().filter_map(|t| rest.find(t)).min();
            let Some(at) = next else { break };
            let level = &rest[at + 2..at + 3];
            let inner = &rest[at + 4..];
            let text = inner.find("</h").map_or("", |end| &inner[..end]);
            let base = slug(text);
            let mut id = if base.is_empty() {
                "section".to_string()
            } else {
                base
            };
            let taken = |id: &str, used: &[String]| {
                used.iter().any(|u| u == id) || self.0.contains(&format!("id=\"{id}\""))
            };
            let mut n = 1;
            let stem = id.clone();
            while taken(&id, &used) {
                n += 1;
                id = format!("{stem}-{n}");
            }
            out.push_str(&rest[..at]);
            out.push_str(&format!("<h{level} id=\"{id}\">"));
            used.push(id);
            rest = inner;
        }
        out.push_str(rest);
        Html(out)
    }
}

/// A heading's text as an id: its words (tags dropped), lowercase ASCII
/// letters and digits, joined by `-`.
fn slug(markup: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in markup.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let words: Vec<String> = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty() && !w.starts_with("amp") && !w.starts_with("shy"))
        .map(str::to_ascii_lowercase)
        .take(8)
        .collect();
    words.join("-")
}

/// Whether a chapter's link or image may point at `url`: a link within the
/// report or the web (relative, `#fragment`, `//host`), `https:`, `http:` or
/// `mailto:`, as mdBook's and ammonia's allow-lists have it. Anything else
/// with a scheme (`javascript:`, `data:`, `vbscript:`, `file:`) is refused.
/// The URL is read as a browser reads it: pulldown-cmark has already decoded
/// its entities (`&#106;avascript:`), and a browser drops leading and
/// trailing spaces and controls and every tab and newline (`java\tscript:`).
/// A colon before the first `/`, `?` or `#` counts as a scheme even when the
/// browser would not take it for one (`java%09script:`): refusing such an odd
/// relative link costs nothing, guessing wrong would.
pub fn safe_url(url: &str) -> bool {
    let seen: String = url
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let head = seen.split(['/', '?', '#']).next().unwrap_or("");
    match head.split_once(':') {
        None => true,
        Some((scheme, _)) => ["https", "http", "mailto"]
            .iter()
            .any(|allowed| scheme.eq_ignore_ascii_case(allowed)),
    }
}

/// One piece of a chapter on its way to pulldown-cmark's renderer: an event
/// of the chapter's Markdown, or markup of ours that stands in for one.
pub enum Piece<'a> {
    Markdown(Event<'a>),
    Markup(Html),
}

impl AddAssign<Html> for Html {
    fn add_assign(&mut self, more: Html) {
        self.0.push_str(&more.0);
    }
}

impl AddAssign<&Html> for Html {
    fn add_assign(&mut self, more: &Html) {
        self.0.push_str(&more.0);
    }
}

impl Add<&Html> for Html {
    type Output = Html;
    fn add(mut self, more: &Html) -> Html {
        self += more;
        self
    }
}

impl FromIterator<Html> for Html {
    fn from_iter<I: IntoIterator<Item = Html>>(items: I) -> Html {
        let mut out = Html::default();
        for item in items {
            out += item;
        }
        out
    }
}

/// How a value goes into markup: text escaped, markup as it is.
pub trait Render {
    fn render(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

impl Render for Html {
    fn render(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Render for str {
    fn render(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        pulldown_cmark_escape::escape_html(pulldown_cmark_escape::FmtWriter(f), self)
    }
}

impl Render for String {
    fn render(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_str().render(f)
    }
}

impl<T: Render + ?Sized> Render for &T {
    fn render(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).render(f)
    }
}

/// Numbers print as they are, with the template's width and alignment.
macro_rules! render_as_number {
    ($($t:ty),*) => {$(
        impl Render for $t {
            fn render(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, f)
            }
        }
    )*};
}
render_as_number!(u8, usize, u32, u64);

/// Values that print as text are escaped as text.
macro_rules! render_as_text {
    ($($t:ty),*) => {$(
        impl Render for $t {
            fn render(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.to_string().render(f)
            }
        }
    )*};
}
render_as_text!(
    casefile::Verdict,
    crate::audit::reviewed::Review,
    crate::audit::reviewed::Kind,
    serde_json::Value,
    codegen::locator::Locator
);

/// An argument of `html!`, shown through [`Render`].
#[doc(hidden)]
pub struct Arg<'a, T: ?Sized>(pub &'a T);

impl<T: Render + ?Sized> fmt::Display for Arg<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.render(f)
    }
}

#[cfg(test)]
mod tests {
    use super::{Html, Piece};
    use pulldown_cmark::{Event, Parser};

    /// The way around the escaping is `html!`'s alone.
    #[test]
    fn only_html_fills_a_template() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/audit/html");
        for entry in std::fs::read_dir(&dir).expect("read html/") {
            let path = entry.expect("an entry").path();
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let named = text.contains("from_template");
            assert!(!named || path.ends_with("safe.rs"), "{path:?}");
        }
    }

    #[test]
    fn text_is_escaped_and_markup_kept() {
        let title = "<script>alert(\"x\")</script> & co";
        let link = html!(
            "<a title=\"{}\">{}</a>",
            title,
            html!("<b>{t}</b>", t = title)
        );
        assert_eq!(
            link.as_str(),
            "<a title=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co\">\
             <b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</b></a>"
        );
        assert_eq!(
            html!("{:>4}|{}", 12usize, Html::text("<")).as_str(),
            "  12|&lt;"
        );
    }

    /// Each way of writing a script link that a hostile campaign tried
    /// (issue 30): none keeps its tag, each keeps its words.
    #[test]
    fn script_links_lose_their_tag() {
        let chapter = "[a](javascript:alert(1)) <javascript:alert(2)> [b](JaVaScRiPt:alert(3)) \
            [c](&#106;avascript:alert(4)) [d](java%09script:alert(5)) [e][r] \
            [f](data:text/html,<b>x</b>) ![g](javascript:alert(6)) [h]( \tjavascript:x) \
            [i](vbscript:x) [j](file:///etc/passwd)\n\n[r]: javascript:alert(7)\n";
        let out = Html::markdown(Parser::new(chapter).map(Piece::Markdown));
        let out = out.as_str().to_ascii_lowercase();
        for tag in ["<a", "<img", "href", "src="] {
            assert!(!out.contains(tag), "{tag} in {out}");
        }
        // An autolink's words are its URL: shown as text, never as a link.
        assert!(out.contains("<p>a javascript:alert(2) b "), "{out}");
        for words in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"] {
            assert!(
                out.contains(&format!("{words} ")) || out.contains(&format!("{words}<")),
                "{words}: {out}"
            );
        }
    }

    #[test]
    fn links_a_report_needs_are_kept() {
        let chapter = "[a](falling.html#mary) [b](#x) [c](https://example.org/a:b) \
            [d](HTTP://example.org) [e](mailto:x@example.org) [f](../action/x.html?q=a:b) \
            ![g](img/fig.png) [h](//example.org)\n";
        let out = Html::markdown(Parser::new(chapter).map(Piece::Markdown));
        assert_eq!(
            out.as_str().matches("<a href=").count(),
            7,
            "{}",
            out.as_str()
        );
        assert_eq!(
            out.as_str().matches("<img src=").count(),
            1,
            "{}",
            out.as_str()
        );
    }

    #[test]
    fn a_chapter_s_raw_html_is_shown_as_text() {
        let events = Parser::new("a <i>b</i>\n\n<div>c</div>\n").map(Piece::Markdown);
        let ours = Piece::Markup(html!("<hr>"));
        let html = Html::markdown(events.chain([ours, Piece::Markdown(Event::Rule)]));
        assert_eq!(
            html.as_str(),
            "<p>a &lt;i&gt;b&lt;/i&gt;</p>\n&lt;div&gt;c&lt;/div&gt;\n<hr>\n<hr />\n"
        );
    }
}
