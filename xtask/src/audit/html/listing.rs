//! A resolver file's listing: its numbered lines, each an anchor (`#L12`), so
//! that a table's readers, a rule's callees and a surviving mutant can link to
//! the line where they are.

use std::fmt::Write as _;

use super::esc;

/// `root` leads from the listing's folder back to the site's.
pub fn body(file: &str, text: &str, root: &str) -> String {
    let mut out = format!(
        "<nav class=\"crumbs\"><a href=\"{root}index.html\">Audit</a> › code › {file}</nav>\n\
         <header class=\"chapter-head\">\n<h1><code>{file}</code></h1>\n\
         <p class=\"meta\">The resolver's source as the report read it.</p>\n</header>\n\
         <main>\n<pre class=\"listing\"><code>",
        file = esc(file)
    );
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let _ = writeln!(
            out,
            "<span class=\"line\" id=\"L{n}\"><a class=\"ln\" href=\"#L{n}\">{n:>4}</a> {}</span>",
            esc(line)
        );
    }
    out.push_str("</code></pre>\n</main>\n");
    out
}
