//! Where each section, table and rule of one system sits in the report: what
//! the facts cite, gathered once per system.

use std::collections::HashMap;

use codegen::Book;
use codegen::model::System;

use casefile::{Step, Trace};

use crate::audit::model::{Cite, StepFacts, page, rule_anchor};

/// Where each section, table and rule of one system sits in the report.
pub struct Cites<'a> {
    system: &'a System,
    /// Section or table id -> (chapter id, title).
    anchors: HashMap<&'a str, (&'a str, &'a str)>,
    book: &'a Book,
}

impl<'a> Cites<'a> {
    pub fn of(book: &'a Book, system: &'a System) -> Cites<'a> {
        let mut anchors = HashMap::new();
        for c in &system.chapters {
            for s in &c.sections {
                anchors.insert(&*s.id, (c.id.as_str(), s.title.as_str()));
            }
            for t in &c.tables {
                let title = if t.title.is_empty() { &t.id } else { &t.title };
                anchors.insert(t.id.as_str(), (c.id.as_str(), title.as_str()));
            }
        }
        Cites {
            system,
            anchors,
            book,
        }
    }

    /// A section or table id.
    pub fn spec_id(&self, id: &str) -> Cite {
        let found = self.anchors.get(id);
        Cite {
            id: id.to_string(),
            title: found.map(|(_, title)| title.to_string()),
            href: found.map(|(chapter, _)| format!("{}#{id}", page(&self.system.id, chapter))),
        }
    }

    /// A trace's steps, each with what it cites.
    pub fn trace(&self, trace: &Trace) -> Vec<StepFacts> {
        let step = |s: &Step| StepFacts {
            cites: self.spec_id(&s.cites),
            text: s.text.clone(),
        };
        trace.steps.iter().map(step).collect()
    }

    pub fn rule(&self, id: &str) -> Cite {
        let rule = self.book.rule(&self.system.id, id);
        let section = rule.and_then(|r| r.section.as_deref());
        let chapter = rule.and_then(|r| self.system.chapters.iter().find(|c| c.id == r.chapter));
        Cite {
            id: id.to_string(),
            title: section
                .and_then(|s| self.anchors.get(s))
                .map(|(_, title)| title.to_string())
                .or_else(|| chapter.map(|c| c.front.title.to_string())),
            href: rule
                .map(|r| format!("{}#{}", page(&self.system.id, &r.chapter), rule_anchor(id))),
        }
    }
}
