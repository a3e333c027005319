//! The book's properties as the audit reports them: each law with its domain
//! and how its check came out (for a failure, the counterexample with the
//! resolver's trace at each point), and per system how many hold.

use casefile::Values;
use casefile::property::{Point, PropertyReport};
use codegen::model::{Chapter, Property};

use super::cites::Cites;

use crate::audit::model::{
    ChapterFacts, Cite, DomainFacts, FailureFacts, Holds, PointFacts, PropertyEntry, PropertyFacts,
    PropertyIndex, json, page,
};

/// How the check of `p`, a property of `chapter`, came out.
pub fn facts(
    chapter: &Chapter,
    p: &Property,
    report: &PropertyReport,
    cites: &Cites,
) -> PropertyFacts {
    let case = &report.case;
    PropertyFacts {
        id: p.id.clone(),
        line: chapter.file.line_col(p.span.start).0,
        section: p.section.as_deref().map(str::to_string),
        rule: cites.rule(&case.rule),
        law: case.law.to_string(),
        given: case
            .given
            .iter()
            .map(|(name, domain)| DomainFacts {
                name: name.clone(),
                domain: domain.to_string(),
            })
            .collect(),
        verdict: if report.holds() {
            Holds::Holds
        } else {
            Holds::Fails
        },
        tried: report.tried.to_string(),
        failure: report.failure.as_ref().map(|f| FailureFacts {
            message: f.message.clone(),
            points: f.points.iter().map(|pt| point(pt, cites)).collect(),
        }),
    }
}

fn point(p: &Point, cites: &Cites) -> PointFacts {
    let values = |v: &Values| v.0.iter().map(|(k, v)| (k.clone(), json(v))).collect();
    PointFacts {
        given: values(&p.given),
        outputs: p.outcome.as_ref().ok().map(values),
        refused: p.outcome.as_ref().err().cloned(),
        trace: cites.trace(&p.trace),
    }
}

/// The properties of a system's chapters, in book order.
pub fn index(system: &str, chapters: &[ChapterFacts]) -> PropertyIndex {
    let properties: Vec<PropertyEntry> = chapters
        .iter()
        .flat_map(|c| c.properties.iter().map(move |p| (c, p)))
        .map(|(c, p)| PropertyEntry {
            property: Cite {
                id: p.id.clone(),
                title: None,
                href: Some(format!("{}#{}", page(system, &c.id), p.id)),
            },
            rule: p.rule.clone(),
            law: p.law.clone(),
            verdict: p.verdict,
        })
        .collect();
    let hold = properties
        .iter()
        .filter(|p| p.verdict == Holds::Holds)
        .count();
    PropertyIndex {
        count: properties.len(),
        hold,
        fail: properties.len() - hold,
        properties,
    }
}
