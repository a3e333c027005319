//! A section's own text, for review: its prose, with each table, rule and
//! example written in it replaced by one line naming it. Those are items of
//! their own, so an edited cell or claim is one change (of the table or the
//! example), not also one of the section around it.

/// `text` (a section's) with each table (its schema comment and its lines),
/// rule block and example block as `⟨table id⟩`, `⟨rule name⟩`, `⟨example id⟩`.
pub fn prose(text: &str) -> String {
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if let Some(head) = trimmed.strip_prefix("<!-- table ") {
            out.push(format!("⟨table {}⟩", first_word(head)));
            let mut closed = head.contains("-->");
            while !closed && let Some(l) = lines.next() {
                closed = l.contains("-->");
            }
            while lines.next_if(|l| l.trim_start().starts_with('|')).is_some() {}
        } else if let Some(fence) = fence(trimmed) {
            let info = trimmed[fence.len()..].trim();
            let kind = first_word(info);
            let block = matches!(kind, "rule" | "example");
            if block {
                out.push(format!(
                    "⟨{kind} {}⟩",
                    first_word(info[kind.len()..].trim())
                ));
            } else {
                out.push(line.to_string());
            }
            for l in lines.by_ref() {
                let end = l.trim().starts_with(fence)
                    && l.trim()
                        .trim_start_matches(fence.as_bytes()[0] as char)
                        .is_empty();
                if !block {
                    out.push(l.to_string());
                }
                if end {
                    break;
                }
            }
        } else {
            out.push(line.to_string());
        }
    }
    out.join("\n")
}

fn first_word(s: &str) -> &str {
    s.split_whitespace().next().unwrap_or("")
}

/// The fence a line opens with: three or more backticks or tildes.
fn fence(line: &str) -> Option<&str> {
    let mark = line.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let len = line.len() - line.trim_start_matches(mark).len();
    (len >= 3).then(|| &line[..len])
}

#[cfg(test)]
mod tests {
    use super::prose;

    #[test]
    fn tables_rules_and_examples_become_one_line_each_and_other_fences_stay() {
        let text = "## Climb {#climb}\n\nProse.\n\n<!-- table grip\nkind = \"constants\"\n-->\n| A | B |\n|---|---|\n| x | 1 |\n\nMore prose.\n\n```rule climb\n[given]\nh = \"int\"\n```\n\n````example quarry\nrule = \"demo.climb\"\n````\n\n```text\nkept\n```";
        assert_eq!(
            prose(text),
            "## Climb {#climb}\n\nProse.\n\n⟨table grip⟩\n\nMore prose.\n\n⟨rule climb⟩\n\n⟨example quarry⟩\n\n```text\nkept\n```"
        );
    }
}
