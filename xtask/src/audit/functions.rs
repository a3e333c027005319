//! The functions of `rules/src` that rules reach, as review and mutation
//! testing see them: each one's review (who stamped it and when), the rules
//! that reach it, and the mutants that survived in it. The listings show
//! them at the function; a rule's box shows the survivors in its reach.

use codegen::Book;

use super::reviewed::{Review, ReviewRecord};
use crate::audit::model::{Cite, FunctionFacts, Queue, SurvivorFacts, page, rule_anchor};
use crate::checksum::checksum;
use resolver_source::calls::Way;
use resolver_source::{Item, ResolverSource, resolver_path};

/// Whether `survivor` sits in `item`'s lines.
pub fn holds(item: &Item, survivor: &SurvivorFacts) -> bool {
    survivor.file == item.file && (item.first_line..=item.last_line).contains(&survivor.line)
}

/// Every function some rule reaches, in path order, with `survivors` (all
/// of the run's) and its entry in `queue`.
pub fn functions(
    book: &Book,
    code: &ResolverSource,
    reviewed: &ReviewRecord,
    survivors: &[&SurvivorFacts],
    queue: &Queue,
) -> Vec<FunctionFacts> {
    let mut reached: Vec<(usize, Vec<Cite>)> = Vec::new();
    for (system, chapter) in book.chapters() {
        for r in &chapter.rules {
            let path = resolver_path(&system.id, &r.chapter, &r.name);
            let cite = Cite {
                id: r.id.to_string(),
                title: Some(format!("{} ({})", r.id, system.id)),
                href: Some(format!(
                    "{}#{}",
                    page(&system.id, &chapter.id),
                    rule_anchor(&r.id)
                )),
            };
            let reach: Vec<(usize, Way)> = code.reach(&path).unwrap_or_default();
            for (i, _) in reach {
                match reached.iter_mut().find(|(j, _)| *j == i) {
                    Some((_, rules)) => rules.push(cite.clone()),
                    None => reached.push((i, vec![cite.clone()])),
                }
            }
        }
    }
    reached.sort_by(|a, b| code.items[a.0].path.cmp(&code.items[b.0].path));
    reached
        .into_iter()
        .map(|(i, rules)| {
            let item = &code.items[i];
            let stamped = reviewed.code.get(&item.path);
            let now = checksum(&item.text);
            FunctionFacts {
                path: item.path.clone(),
                file: item.file.clone(),
                line: item.line,
                first_line: item.first_line,
                review: match stamped {
                    Some(s) if s.sha256.as_deref() == Some(now.as_str()) => Review::Reviewed,
                    Some(_) => Review::Changed,
                    None => Review::New,
                },
                reviewer: stamped.map(|s| s.reviewer.clone()),
                reviewed_on: stamped.map(|s| s.date.clone()),
                rules,
                survivors: survivors
                    .iter()
                    .filter(|s| holds(item, s))
                    .map(|s| (*s).clone())
                    .collect(),
                queue: queue.href(None, &item.path),
            }
        })
        .collect()
}
