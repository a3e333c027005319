//! The book's properties as the audit reports them: each law with its domain
//! and how its check came out (for a failure, the counterexample with the
//! resolver's trace at each point), and per system how many hold.

use std::collections::BTreeMap;

use codegen::model::{Chapter, Property};
use conformance::property::{Point, PropertyReport};
use rules::value::Values;
use serde::Serialize;
use serde_json::Value as Json;

use super::facts::{ChapterFacts, Cite, Cites, StepFacts, json, page};

#[derive(Debug, Serialize)]
pub struct PropertyFacts {
    pub id: String,
    pub line: usize,
    pub section: Option<String>,
    pub rule: Cite,
    /// The law in words, names in backticks.
    pub law: String,
    /// Each input's domain, in the block's order.
    pub given: Vec<DomainFacts>,
    pub verdict: Holds,
    /// Which inputs the law was judged at.
    pub tried: String,
    pub failure: Option<FailureFacts>,
}

#[derive(Debug, Serialize)]
pub struct DomainFacts {
    pub name: String,
    /// `1 to 500`, `one of "Brick", "Dry rock"`, or the one value.
    pub domain: String,
}

#[derive(Debug, Serialize)]
pub struct FailureFacts {
    pub message: String,
    /// The counterexample, shrunk: one point, or two for a monotone law.
    pub points: Vec<PointFacts>,
}

/// One resolution of the rule at the counterexample.
#[derive(Debug, Serialize)]
pub struct PointFacts {
    pub given: BTreeMap<String, Json>,
    /// The outputs; none when the rule gave none.
    pub outputs: Option<BTreeMap<String, Json>>,
    /// Why there are no outputs (a refusal, a panic).
    pub refused: Option<String>,
    pub trace: Vec<StepFacts>,
}

/// A system's properties: how many hold, and a link to each.
#[derive(Debug, Serialize)]
pub struct PropertyIndex {
    pub count: usize,
    pub hold: usize,
    pub fail: usize,
    pub properties: Vec<PropertyEntry>,
}

#[derive(Debug, Serialize)]
pub struct PropertyEntry {
    pub property: Cite,
    pub rule: Cite,
    pub law: String,
    pub verdict: Holds,
}

/// Whether a property's law held over its domain: `holds` or `fails` in
/// `audit.json` and the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Holds {
    Holds,
    Fails,
}

impl Holds {
    pub fn as_str(self) -> &'static str {
        match self {
            Holds::Holds => "holds",
            Holds::Fails => "fails",
        }
    }
}

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
        trace: p
            .trace
            .steps
            .iter()
            .map(|s| StepFacts {
                cites: cites.spec_id(s.cites),
                text: s.text.clone(),
            })
            .collect(),
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
