//! Each example's verdict and each property's, as a code lens over its
//! block: what the resolver made of it, the book's value beside the
//! resolver's for a claim that fails, or why there is no verdict yet.

use codegen::model::Chapter;
use lsp_types as lsp;

use crate::pos;
use crate::verdict::{Claim, Grade, Judged, Outcome, PropertyOutcome, Verdicts};

/// Where the verdicts stand.
#[derive(Debug)]
pub enum Judging {
    /// A resolver with the book's tables is judging the latest text.
    Waiting,
    /// The tables changed: a resolver of the new ones is being built.
    Rebuilding,
    Ready(Verdicts),
    Unavailable(String),
}

/// The lenses of `chapter`, one per example and property.
pub fn lenses(chapter: &Chapter, judging: &Judging) -> Vec<lsp::CodeLens> {
    let text = &chapter.file.text;
    let examples = chapter.examples.iter().map(|e| (&e.id, &e.span, false));
    let properties = chapter.properties.iter().map(|p| (&p.id, &p.span, true));
    examples
        .map(|(id, span, p)| (id.as_str(), span, p))
        .chain(properties.map(|(id, span, p)| (id.as_str(), span, p)))
        .map(|(id, span, property)| {
            let found = |v: &Verdicts| {
                let list = if property { &v.properties } else { &v.examples };
                list.iter()
                    .find(|j| j.file == chapter.file.path && j.id == id)
                    .map(title)
            };
            let title = match judging {
                Judging::Waiting => "judging…".to_string(),
                Judging::Rebuilding => "rebuilding the resolver with the new tables…".to_string(),
                Judging::Unavailable(why) => {
                    format!("no verdict: {}", why.lines().next().unwrap_or(""))
                }
                Judging::Ready(v) => match found(v) {
                    Some(title) => format!("{title}{}", judged_with(v, &chapter.file.path, id)),
                    None => "judging…".to_string(),
                },
            };
            let start = pos::position(text, span.start);
            lsp::CodeLens {
                range: lsp::Range::new(start, start),
                command: Some(lsp::Command::new(title, String::new(), None)),
                data: None,
            }
        })
        .collect()
}

/// What the verdicts were judged with, when it is not what the resolver was
/// built with: the book's cells of the tables named, until a resolver built
/// with them judges (when the server may build one). No "rebuilding" here:
/// these verdicts are final where no build is allowed. Once one has, what
/// the book's cells gave block `id`, where that differed.
fn judged_with(v: &Verdicts, file: &std::path::Path, id: &str) -> String {
    let quick = v.with_cells.iter().find(|j| j.file == file && j.id == id);
    if let Some(quick) = quick {
        return format!(
            " (rebuilt; with the edited cells alone it was {})",
            quick.grade
        );
    }
    match v.cells.as_slice() {
        [] => String::new(),
        [one] => format!(" (judged with the edited cells of table `{one}`, not yet built in)"),
        many => format!(
            " (judged with the edited cells of tables `{}`, not yet built in)",
            many.join("`, `")
        ),
    }
}

/// `agrees`, `holds …`, or the verdict with the parts that make it: each
/// failing claim's `name: book 8d6 | rules 9d6 (why)`, each erratum's ruling.
fn title(j: &Judged) -> String {
    let parts = match &j.outcome {
        Outcome::Example {
            ours,
            claims,
            error,
        } => {
            let whose = if *ours { "ours" } else { "book" };
            let telling = claims
                .iter()
                .filter(|c| j.grade != Grade::Agrees && c.grade() == j.grade);
            let mut parts: Vec<String> = telling.map(|c| claim(whose, c)).collect();
            parts.extend(error.iter().map(|e| format!("error: {e}")));
            parts
        }
        Outcome::Property(PropertyOutcome::Holds { tried }) => vec![tried.clone()],
        Outcome::Property(PropertyOutcome::Fails { message, at }) => {
            let at = at.iter().map(|a| format!("at {a}"));
            std::iter::once(message.clone()).chain(at).collect()
        }
    };
    match parts.as_slice() {
        [] => j.grade.to_string(),
        _ => format!("{}: {}", j.grade, parts.join("; ")),
    }
}

/// One claim as the lens shows it, the book's value (or ours) beside the
/// resolver's.
fn claim(whose: &str, claim: &Claim) -> String {
    match claim {
        Claim::Agrees { name, value } => format!("{name}: {value}"),
        Claim::Erratum {
            name,
            book,
            rules,
            ruling,
        } => format!("{name}: {whose} {book} | rules {rules} (ruling {ruling})"),
        Claim::Fails {
            name,
            book,
            rules,
            why,
        } => {
            let rules = rules.as_deref().unwrap_or("(none)");
            format!("{name}: {whose} {book} | rules {rules} ({why})")
        }
        Claim::Refused {
            reason,
            rules,
            fails,
        } => {
            let why = fails
                .as_ref()
                .map(|f| format!(" ({f})"))
                .unwrap_or_default();
            format!("refused: {reason:?} | rules {rules}{why}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(grade: Grade, claims: Vec<Claim>, error: Option<&str>) -> Judged {
        Judged {
            file: "spec/a/b.md".into(),
            id: "e".into(),
            grade,
            outcome: Outcome::Example {
                ours: false,
                claims,
                error: error.map(String::from),
            },
        }
    }

    fn fails(name: &str, book: &str, rules: Option<&str>) -> Claim {
        Claim::Fails {
            name: name.into(),
            book: book.into(),
            rules: rules.map(String::from),
            why: "undocumented disagreement".into(),
        }
    }

    #[test]
    fn a_failing_example_shows_its_failing_claims_and_no_other() {
        let agrees = Claim::Agrees {
            // A claim whose name or value reads like a verdict is still one that agrees.
            name: "fails".into(),
            value: "error: refused".into(),
        };
        let erratum = Claim::Erratum {
            name: "speed".into(),
            book: "12".into(),
            rules: "10".into(),
            ruling: "ruling-speed".into(),
        };
        let claims = vec![
            agrees,
            fails("damage", "8d6", Some("9d6")),
            erratum,
            fails("band", "23-26", None),
        ];
        assert_eq!(
            title(&example(Grade::Fails, claims, None)),
            "fails: damage: book 8d6 | rules 9d6 (undocumented disagreement); \
             band: book 23-26 | rules (none) (undocumented disagreement)"
        );
    }

    #[test]
    fn an_erratum_shows_its_ruling_and_an_agreement_shows_nothing_more() {
        let erratum = Claim::Erratum {
            name: "speed".into(),
            book: "12".into(),
            rules: "10".into(),
            ruling: "ruling-speed".into(),
        };
        let agrees = Claim::Agrees {
            name: "damage".into(),
            value: "9d6".into(),
        };
        assert_eq!(
            title(&example(
                Grade::Erratum,
                vec![agrees.clone(), erratum],
                None
            )),
            "erratum: speed: book 12 | rules 10 (ruling ruling-speed)"
        );
        assert_eq!(title(&example(Grade::Agrees, vec![agrees], None)), "agrees");
    }

    #[test]
    fn a_refusal_and_an_error_say_what_the_rule_did() {
        let refused = Claim::Refused {
            reason: "too far".into(),
            rules: "resolved damage = 9d6".into(),
            fails: Some("the rule resolves instead".into()),
        };
        assert_eq!(
            title(&example(Grade::Fails, vec![refused], None)),
            "fails: refused: \"too far\" | rules resolved damage = 9d6 (the rule resolves instead)"
        );
        assert_eq!(
            title(&example(Grade::Fails, Vec::new(), Some("no rule x.y"))),
            "fails: error: no rule x.y"
        );
    }

    #[test]
    fn a_property_shows_where_it_was_tried_or_its_counterexample() {
        let property = |grade, law| Judged {
            file: "spec/a/b.md".into(),
            id: "p".into(),
            grade,
            outcome: Outcome::Property(law),
        };
        let holds = PropertyOutcome::Holds {
            tried: "at 64 inputs drawn from the domain".into(),
        };
        assert_eq!(
            title(&property(Grade::Holds, holds)),
            "holds: at 64 inputs drawn from the domain"
        );
        let fails = PropertyOutcome::Fails {
            message: "damage fell as distance grew".into(),
            at: vec!["distance = 3".into(), "distance = 4".into()],
        };
        assert_eq!(
            title(&property(Grade::Fails, fails)),
            "fails: damage fell as distance grew; at distance = 3; at distance = 4"
        );
    }

    #[test]
    fn verdicts_judged_with_edited_cells_say_so_until_a_rebuild_and_then_what_differed() {
        let file = std::path::Path::new("spec/a/b.md");
        let quick = Verdicts {
            examples: vec![example(Grade::Fails, Vec::new(), Some("no rule x.y"))],
            cells: vec!["falling-table".into()],
            ..Verdicts::default()
        };
        assert_eq!(
            judged_with(&quick, file, "e"),
            " (judged with the edited cells of table `falling-table`, not yet built in)"
        );
        let two = Verdicts {
            cells: vec!["a".into(), "b".into()],
            ..Verdicts::default()
        };
        assert_eq!(
            judged_with(&two, file, "e"),
            " (judged with the edited cells of tables `a`, `b`, not yet built in)"
        );
        let mut rebuilt = Verdicts {
            examples: vec![example(Grade::Agrees, Vec::new(), None)],
            ..Verdicts::default()
        };
        rebuilt.differing_from(&quick);
        assert_eq!(
            judged_with(&rebuilt, file, "e"),
            " (rebuilt; with the edited cells alone it was fails)"
        );
        assert_eq!(judged_with(&rebuilt, file, "other"), "", "another block");
        let mut alike = Verdicts {
            examples: vec![example(Grade::Fails, Vec::new(), None)],
            ..Verdicts::default()
        };
        alike.differing_from(&quick);
        assert_eq!(
            judged_with(&alike, file, "e"),
            "",
            "the same grade: nothing to say"
        );
    }
}
