//! What the audit reports, gathered once from the compiled book, the
//! conformance reports, the resolver's sources, the stamp and the mutation
//! run. The HTML pages and `audit.json` are both written from these facts, so
//! they cannot disagree.

use std::collections::{BTreeMap, HashMap};

use codegen::Book;
use codegen::model::{Chapter, Param, System, TableKind};
use conformance::property::PropertyReport;
use conformance::{RefusalResult, Report, Status, Verdict};
use rules::value::Value;
use serde::Serialize;
use serde_json::Value as Json;

use super::calls::Via;
use super::code::{Code, Item, RULES_SRC, resolver_path};
use super::functions::{FunctionFacts, functions, holds};
use super::index::{self, ErratumEntry, FailingExample, RulingFacts};
use super::mutants::{ChapterMutation, MutationFacts, SurvivorFacts, scores};
use super::properties::{self, PropertyFacts, PropertyIndex};
use super::provenance::Provenance;
use super::review::{Change, Kind, REVIEWED_FILE, Review, Stamp, Tracked, tracked};
use super::tally::{RuleMutation, Tallies};
use crate::mutants::{RECORD_FILE, Record};
use crate::{Counts, counts};

#[derive(Debug, Serialize)]
pub struct Audit {
    /// The JSON Schema of this file, written beside it.
    #[serde(rename = "$schema")]
    pub schema: &'static str,
    /// The layout's version, the commit and the date the report was written.
    #[serde(flatten)]
    pub provenance: Provenance,
    pub generated_by: &'static str,
    /// The reviewed state that every item's `review` compares with.
    pub reviewed_file: &'static str,
    pub systems: Vec<SystemFacts>,
    /// Every item changed, new or removed since the stamp, in book order.
    pub changed_since_review: Vec<Change>,
    /// Lints allowed on a table or section, each with its reason.
    pub lint_allows: Vec<LintAllow>,
    /// Where the mutation run is recorded.
    pub mutation_file: &'static str,
    /// Each system's mutation figures, then the engine's.
    pub mutation: Vec<MutationFacts>,
    /// Every function of `rules/src` a rule reaches: its review, its rules, its survivors.
    pub functions: Vec<FunctionFacts>,
}

#[derive(Debug, Serialize)]
pub struct LintAllow {
    pub system: String,
    /// The table or section id the allow sits on.
    pub item: String,
    pub lint: String,
    pub reason: String,
}

#[derive(Debug, Serialize)]
pub struct SystemFacts {
    pub id: String,
    /// The figures `cargo xtask regen` prints for the system.
    pub counts: Counts,
    /// Rules that no example of the system names.
    pub unexercised_rules: Vec<Cite>,
    /// The examples whose verdict is `fails`, in book order.
    pub failing: Vec<FailingExample>,
    /// Every erratum on an example's claim, in book order.
    pub errata: Vec<ErratumEntry>,
    /// The ruling sections (ids starting `ruling-`) with the errata that cite them.
    pub rulings: Vec<RulingFacts>,
    /// The properties the book states, how many hold, and where each is.
    pub properties: PropertyIndex,
    pub chapters: Vec<ChapterFacts>,
}

/// A spec item one fact points at, with its title and its place in the report
/// (relative to the report's folder) when the system has it.
#[derive(Debug, Clone, Serialize)]
pub struct Cite {
    pub id: String,
    pub title: Option<String>,
    pub href: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct ChapterFacts {
    pub id: String,
    pub title: String,
    /// The Markdown file, relative to the workspace.
    pub path: String,
    /// Its page in the report, relative to the report's folder.
    pub page: String,
    pub source_book: String,
    pub source_section: String,
    pub version: String,
    pub sections: Vec<SectionFacts>,
    pub tables: Vec<TableFacts>,
    pub rules: Vec<RuleFacts>,
    pub examples: Vec<ExampleFacts>,
    pub properties: Vec<PropertyFacts>,
    /// Its resolver file's mutation figures; none when no run covered it.
    pub mutation: Option<ChapterMutation>,
}

impl ChapterFacts {
    /// How many of the chapter's examples came out `verdict`.
    pub fn with_verdict(&self, verdict: Verdict) -> usize {
        self.examples
            .iter()
            .filter(|e| e.verdict == verdict)
            .count()
    }

    /// How many of its sections, tables, rules, examples and rules' code are
    /// not as reviewed.
    pub fn unreviewed(&self) -> usize {
        let code = self.rules.iter().filter_map(|r| r.code.as_ref());
        self.sections
            .iter()
            .map(|s| s.item.review)
            .chain(self.tables.iter().map(|t| t.item.review))
            .chain(self.rules.iter().map(|r| r.item.review))
            .chain(self.examples.iter().map(|e| e.item.review))
            .chain(code.map(|c| c.review))
            .filter(|r| *r != Review::Reviewed)
            .count()
    }
}

/// What every tracked item has: its id, where it starts, and its review.
#[derive(Debug, Serialize)]
pub struct ItemFacts {
    pub id: String,
    /// `<system>/<id>`: ids repeat across systems.
    pub key: String,
    pub line: usize,
    pub checksum: String,
    pub review: Review,
    /// Who stamped it last, and on which day; none if never stamped.
    pub reviewer: Option<String>,
    pub reviewed_on: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct SectionFacts {
    #[serde(flatten)]
    pub item: ItemFacts,
    pub title: String,
    pub level: u8,
}

#[derive(Debug, Serialize)]
pub struct TableFacts {
    #[serde(flatten)]
    pub item: ItemFacts,
    pub title: Option<String>,
    pub section: Option<String>,
    /// The generated constants: one for a rows table, one per row for a constants table.
    pub constants: Vec<String>,
    /// The row struct of a rows table.
    pub row_type: Option<String>,
    pub rows: usize,
    /// The resolver items that read the constants.
    pub readers: Vec<CodeRef>,
    pub errata: Vec<TableErratumFacts>,
}

#[derive(Debug, Serialize)]
pub struct TableErratumFacts {
    pub row: String,
    pub column: String,
    pub printed: String,
    pub reading: String,
    pub reason: String,
}

#[derive(Debug, Serialize)]
pub struct RuleFacts {
    #[serde(flatten)]
    pub item: ItemFacts,
    pub section: Option<String>,
    /// The hand-written function the registry calls, under `rules::`.
    pub resolver: String,
    /// Its code; none when `rules/src` has no such function.
    pub code: Option<CodeFacts>,
    pub given: Vec<ParamFacts>,
    pub outputs: Vec<ParamFacts>,
    /// The examples that exercise it, from any chapter of the system.
    pub examples: Vec<Cite>,
    /// The surviving mutants in the functions its code reaches.
    pub survivors: Vec<SurvivorFacts>,
    /// The mutation figures of the functions its code reaches.
    pub mutation: RuleMutation,
}

/// A rule's code as review covers it: the resolver function's source, with
/// every item it reaches in `rules/src` (see `audit::calls`).
#[derive(Debug, Serialize)]
pub struct CodeFacts {
    pub file: String,
    pub line: usize,
    /// The anchor of its panel in the rule's box.
    pub anchor: String,
    pub source: String,
    /// What else the checksum covers, sorted by path.
    pub calls: Vec<CodeRef>,
    pub checksum: String,
    pub review: Review,
}

/// An item of the resolver and where the report shows its source: a rule's
/// code panel for a resolver function, else its line in the file's listing.
#[derive(Debug, Clone, Serialize)]
pub struct CodeRef {
    pub path: String,
    pub file: String,
    pub line: usize,
    pub href: String,
    /// In a rule's code, why it is there: a shortest call path from the
    /// resolver function, each step with how it is reached.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub way: Vec<Step>,
}

/// One call on a path: the item called and how ([`Via`]).
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    pub path: String,
    pub via: Via,
}

#[derive(Debug, Serialize)]
pub struct ParamFacts {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub optional: bool,
}

#[derive(Debug, Serialize)]
pub struct ExampleFacts {
    #[serde(flatten)]
    pub item: ItemFacts,
    pub section: Option<String>,
    pub rule: Cite,
    /// An example of ours (`[expect]`) rather than the book's (`[book]`).
    pub ours: bool,
    pub verdict: Verdict,
    pub given: BTreeMap<String, Json>,
    pub claims: Vec<ClaimFacts>,
    pub trace: Vec<StepFacts>,
    /// Why the case failed as a whole, if it did.
    pub error: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct ClaimFacts {
    pub name: String,
    /// What the book prints (or, for an example of ours, what we worked out).
    pub book: Json,
    /// What the resolver gave; none when it gave nothing for this claim.
    pub rules: Option<Json>,
    /// `agrees`, `erratum` or `fails`.
    pub status: Verdict,
    /// Why the claim fails, if it does.
    pub why: Option<String>,
    pub erratum: Option<ErratumFacts>,
}

#[derive(Debug, Serialize)]
pub struct ErratumFacts {
    /// What the erratum says the rules give.
    pub rules: Json,
    pub ruling: Cite,
    pub reason: String,
}

#[derive(Debug, Serialize)]
pub struct StepFacts {
    pub cites: Cite,
    pub text: String,
}

/// A chapter's page, relative to the report's folder.
pub fn page(system: &str, chapter: &str) -> String {
    format!("{system}/{chapter}.html")
}

/// The anchor of a rule's signature on its chapter's page. Rule ids hold a dot,
/// which no section, table or example id does, so the anchors cannot clash.
pub fn rule_anchor(rule: &str) -> String {
    format!("rule-{rule}")
}

/// The anchor of a resolver function's panel: `code-action::falling::fall`
/// (no id holds a colon).
pub fn code_anchor(path: &str) -> String {
    format!("code-{path}")
}

/// The report's listing of a resolver file: `rules/src/table.rs` -> `code/table.rs.html`.
pub fn listing(file: &str) -> String {
    let under = file.strip_prefix(RULES_SRC).unwrap_or(file);
    format!("code/{}.html", under.trim_start_matches('/'))
}

/// What the facts are gathered from, besides the book.
pub struct Sources<'a> {
    /// One report per example (see `crate::reports`).
    pub reports: &'a [Report],
    pub code: &'a Code,
    pub stamp: &'a Stamp,
    /// The mutation runs (empty when none is recorded).
    pub mutants: &'a Record,
    /// One report per property (see `crate::property_reports`).
    pub properties: &'a [PropertyReport],
}

/// Gathers the facts.
pub fn collect(book: &Book, sources: &Sources, provenance: Provenance) -> Result<Audit, String> {
    let ctx = Context::new(book, sources);
    let systems = book
        .systems
        .iter()
        .map(|system| {
            let cites = Cites::of(book, system);
            let chapters: Vec<ChapterFacts> = system
                .chapters
                .iter()
                .map(|c| chapter(system, c, &cites, &ctx))
                .collect::<Result<_, String>>()?;
            let unexercised_rules = chapters
                .iter()
                .flat_map(|c: &ChapterFacts| &c.rules)
                .filter(|r| r.examples.is_empty())
                .map(|r| cites.rule(&r.item.id))
                .collect();
            let errata = index::errata(&chapters);
            Ok(SystemFacts {
                id: system.id.clone(),
                counts: counts(system, sources.reports),
                unexercised_rules,
                failing: index::failing(&chapters),
                rulings: index::rulings(&chapters, &errata),
                errata,
                properties: properties::index(&system.id, &chapters),
                chapters,
            })
        })
        .collect::<Result<_, String>>()?;
    let ids: Vec<&str> = book.systems.iter().map(|s| s.id.as_str()).collect();
    let mutation = scores(sources.mutants, &ids, sources.code);
    let survivors: Vec<&SurvivorFacts> = mutation
        .iter()
        .flat_map(|m| m.run.iter().flat_map(|r| &r.survivors))
        .collect();
    let mut systems: Vec<SystemFacts> = systems;
    let tallies = Tallies::new(sources.mutants, sources.code);
    for rule in systems
        .iter_mut()
        .flat_map(|s| &mut s.chapters)
        .flat_map(|c| &mut c.rules)
    {
        let reach = sources.code.reach(&rule.resolver).unwrap_or_default();
        rule.survivors = survivors
            .iter()
            .filter(|s| reach.iter().any(|(i, _)| holds(&sources.code.items[*i], s)))
            .map(|s| (*s).clone())
            .collect();
        rule.mutation = tallies.rule(&reach);
    }
    Ok(Audit {
        schema: super::SCHEMA_FILE,
        provenance,
        generated_by: "cargo xtask audit",
        reviewed_file: REVIEWED_FILE,
        systems,
        changed_since_review: sources.stamp.changes(book, sources.code),
        lint_allows: lint_allows(book),
        mutation_file: RECORD_FILE,
        functions: functions(book, sources.code, sources.stamp, &survivors),
        mutation,
    })
}

/// The sources, indexed for gathering.
struct Context<'a> {
    sources: &'a Sources<'a>,
    reports: HashMap<(&'a str, &'a str), &'a Report>,
    properties: HashMap<(&'a str, &'a str), &'a PropertyReport>,
    /// Each rule's resolver function (by path) -> its code panel in the report.
    panels: HashMap<String, String>,
}

impl<'a> Context<'a> {
    fn new(book: &Book, sources: &'a Sources<'a>) -> Context<'a> {
        let reports = sources
            .reports
            .iter()
            .map(|r| ((r.case.system.as_str(), r.case.id.as_str()), r))
            .collect();
        let properties = sources
            .properties
            .iter()
            .map(|r| ((r.case.system.as_str(), r.case.id.as_str()), r))
            .collect();
        let panels = book
            .chapters()
            .flat_map(|(s, c)| c.rules.iter().map(move |r| (s, c, r)))
            .map(|(s, c, r)| {
                let path = resolver_path(&s.id, &r.chapter, &r.name);
                let href = format!("{}#{}", page(&s.id, &c.id), code_anchor(&path));
                (path, href)
            })
            .collect();
        Context {
            sources,
            reports,
            properties,
            panels,
        }
    }

    /// Where the report shows `item`'s source.
    fn code_ref(&self, item: &Item) -> CodeRef {
        let href = self.panels.get(&item.path).cloned();
        CodeRef {
            path: item.path.clone(),
            file: item.file.clone(),
            line: item.line,
            href: href.unwrap_or_else(|| format!("{}#L{}", listing(&item.file), item.line)),
            way: Vec::new(),
        }
    }

    /// The code of the rule whose resolver function is `path`, as `tracked` holds it.
    fn code(&self, system: &str, path: &str, tracked: &Tracked) -> Option<CodeFacts> {
        let code = self.sources.code;
        let function = code.item(path)?;
        let mut calls: Vec<CodeRef> = code
            .reach(path)?
            .into_iter()
            .skip(1)
            .map(|(i, way)| CodeRef {
                way: way
                    .into_iter()
                    .map(|(j, via)| Step {
                        path: code.items[j].path.clone(),
                        via,
                    })
                    .collect(),
                ..self.code_ref(&code.items[i])
            })
            .collect();
        calls.sort_by(|a, b| a.path.cmp(&b.path));
        Some(CodeFacts {
            file: function.file.clone(),
            line: function.line,
            anchor: code_anchor(path),
            source: function.text.clone(),
            calls,
            checksum: tracked.checksum.clone(),
            review: self.sources.stamp.review(system, tracked),
        })
    }
}

/// Every allow the book writes, on tables and sections, with its reason.
fn lint_allows(book: &Book) -> Vec<LintAllow> {
    book.chapters()
        .flat_map(|(system, chapter)| {
            let tables = chapter.tables.iter().flat_map(|t| &t.allows);
            let sections = chapter.sections.iter().flat_map(|s| &s.allows);
            tables.chain(sections).map(move |a| LintAllow {
                system: system.id.clone(),
                item: a.item.clone(),
                lint: a.lint.name().to_string(),
                reason: a.reason.clone(),
            })
        })
        .collect()
}

/// Where each section, table and rule of one system sits in the report.
pub struct Cites<'a> {
    system: &'a System,
    /// Section or table id -> (chapter id, title).
    anchors: HashMap<&'a str, (&'a str, &'a str)>,
    book: &'a Book,
}

impl<'a> Cites<'a> {
    fn of(book: &'a Book, system: &'a System) -> Cites<'a> {
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

fn chapter(
    system: &System,
    chapter: &Chapter,
    cites: &Cites,
    ctx: &Context,
) -> Result<ChapterFacts, String> {
    let tracked = tracked(&system.id, chapter, ctx.sources.code);
    let find = |kind: Kind, id: &str| tracked.iter().find(|t| t.kind == kind && t.id == id);
    let item = |kind: Kind, id: &str| {
        let t =
            find(kind, id).unwrap_or_else(|| unreachable!("every item of a chapter is tracked"));
        let stamped = ctx
            .sources
            .stamp
            .book
            .get(&system.id)
            .and_then(|i| i.get(&t.key()));
        ItemFacts {
            id: id.to_string(),
            key: format!("{}/{id}", system.id),
            line: t.line,
            checksum: t.checksum.clone(),
            review: ctx.sources.stamp.review(&system.id, t),
            reviewer: stamped.map(|s| s.reviewer.clone()),
            reviewed_on: stamped.map(|s| s.date.clone()),
        }
    };
    let sections = chapter
        .sections
        .iter()
        .map(|s| SectionFacts {
            item: item(Kind::Section, &s.id),
            title: s.title.to_string(),
            level: s.level,
        })
        .collect();
    let tables = chapter
        .tables
        .iter()
        .map(|t| {
            let constants = t.constant_names();
            let mut readers: Vec<&Item> = constants
                .iter()
                .flat_map(|name| ctx.sources.code.readers(&system.id, &chapter.id, name))
                .collect();
            readers.sort_by(|a, b| a.path.cmp(&b.path));
            readers.dedup_by(|a, b| a.path == b.path);
            TableFacts {
                item: item(Kind::Table, &t.id),
                title: (!t.title.is_empty()).then(|| t.title.to_string()),
                section: t.section.as_deref().map(str::to_string),
                constants: constants.into_iter().map(str::to_string).collect(),
                row_type: match &t.kind {
                    TableKind::Rows { row_type, .. } => Some(row_type.to_string()),
                    TableKind::Constants => None,
                },
                rows: t.rows.len(),
                readers: readers.into_iter().map(|i| ctx.code_ref(i)).collect(),
                errata: t
                    .errata
                    .iter()
                    .map(|e| TableErratumFacts {
                        row: e.row.clone(),
                        column: e.column.clone(),
                        printed: e.printed.clone(),
                        reading: e.reading.clone(),
                        reason: e.reason.clone(),
                    })
                    .collect(),
            }
        })
        .collect();
    let rules = chapter
        .rules
        .iter()
        .map(|r| {
            let resolver = resolver_path(&system.id, &r.chapter, &r.name);
            let code = find(Kind::Code, &r.id).and_then(|t| ctx.code(&system.id, &resolver, t));
            RuleFacts {
                item: item(Kind::Rule, &r.id),
                section: r.section.as_deref().map(str::to_string),
                resolver,
                code,
                given: params(&r.given),
                outputs: params(&r.outputs),
                examples: system
                    .chapters
                    .iter()
                    .flat_map(|c| c.examples.iter().map(move |e| (c, e)))
                    .filter(|(_, e)| *e.rule == *r.id)
                    .map(|(c, e)| Cite {
                        id: e.id.to_string(),
                        title: e.section.as_deref().and_then(|s| {
                            c.sections
                                .iter()
                                .find(|x| *x.id == *s)
                                .map(|x| x.title.to_string())
                        }),
                        href: Some(format!("{}#{}", page(&system.id, &c.id), e.id)),
                    })
                    .collect(),
                survivors: Vec::new(),
                mutation: RuleMutation::default(),
            }
        })
        .collect();
    let examples = chapter
        .examples
        .iter()
        .map(|e| {
            let report = ctx
                .reports
                .get(&(system.id.as_str(), e.id.as_str()))
                .ok_or_else(|| format!("example `{}` has no conformance report", e.id))?;
            Ok(example(
                item(Kind::Example, &e.id),
                e.section.as_deref().map(str::to_string),
                report,
                cites,
            ))
        })
        .collect::<Result<_, String>>()?;
    Ok(ChapterFacts {
        id: chapter.id.clone(),
        title: chapter.front.title.to_string(),
        path: chapter.file.path.display().to_string(),
        page: page(&system.id, &chapter.id),
        source_book: chapter.front.source_book.to_string(),
        source_section: chapter.front.source_section.to_string(),
        version: chapter.front.version.to_string(),
        sections,
        tables,
        rules,
        examples,
        properties: chapter_properties(system, chapter, cites, ctx)?,
        mutation: super::mutants::chapter(
            ctx.sources.mutants,
            ctx.sources.code,
            &system.id,
            &chapter.id,
        ),
    })
}

/// How each property of `chapter` came out.
fn chapter_properties(
    system: &System,
    chapter: &Chapter,
    cites: &Cites,
    ctx: &Context,
) -> Result<Vec<PropertyFacts>, String> {
    chapter
        .properties
        .iter()
        .map(|p| {
            let report = ctx
                .properties
                .get(&(system.id.as_str(), p.id.as_str()))
                .ok_or_else(|| format!("property `{}` has no report", p.id))?;
            Ok(properties::facts(chapter, p, report, cites))
        })
        .collect()
}

fn params(ps: &[Param]) -> Vec<ParamFacts> {
    ps.iter()
        .map(|p| ParamFacts {
            name: p.name.to_string(),
            ty: p.ty.to_string(),
            optional: p.optional,
        })
        .collect()
}

fn example(
    item: ItemFacts,
    section: Option<String>,
    report: &Report,
    cites: &Cites,
) -> ExampleFacts {
    let case = &report.case;
    let claims = report
        .claims
        .iter()
        .map(|c| {
            let (status, why) = status_of(&c.status);
            ClaimFacts {
                name: c.name.clone(),
                book: json(&c.book),
                rules: c.rules.as_ref().map(json),
                status,
                why,
                erratum: case.errata.get(&c.name).map(|e| ErratumFacts {
                    rules: json(&e.rules),
                    ruling: cites.spec_id(&e.ruling),
                    reason: e.reason.clone(),
                }),
            }
        })
        .chain(report.refusal.as_ref().map(refusal))
        .collect();
    ExampleFacts {
        item,
        section,
        rule: cites.rule(&case.rule),
        ours: case.ours,
        verdict: report.verdict,
        given: case
            .given
            .0
            .iter()
            .map(|(k, v)| (k.clone(), json(v)))
            .collect(),
        claims,
        trace: report
            .trace
            .steps
            .iter()
            .map(|s| StepFacts {
                cites: cites.spec_id(s.cites),
                text: s.text.clone(),
            })
            .collect(),
        error: report.error.clone(),
    }
}

/// A refused example's one claim: the reason it gives against what the rule did.
fn refusal(r: &RefusalResult) -> ClaimFacts {
    let (status, why) = status_of(&r.status);
    ClaimFacts {
        name: "refused".into(),
        book: r.reason.clone().into(),
        rules: Some(r.rules_shown().into()),
        status,
        why,
        erratum: None,
    }
}

fn status_of(s: &Status) -> (Verdict, Option<String>) {
    match s {
        Status::Agrees => (Verdict::Agrees, None),
        Status::Erratum { .. } => (Verdict::Erratum, None),
        Status::Fails(why) => (Verdict::Fails, Some(why.clone())),
    }
}

/// A value as JSON: numbers, booleans and strings as such, dice in dice notation.
pub fn json(v: &Value) -> Json {
    match v {
        Value::Int(n) => (*n).into(),
        Value::Bool(b) => (*b).into(),
        Value::Text(s) => s.clone().into(),
        Value::Dice(d) => d.to_string().into(),
        Value::Decimal(x) => (*x).into(),
        Value::IntList(ns) => ns.clone().into(),
        Value::TextList(ts) => ts.clone().into(),
        Value::DecimalList(xs) => xs.clone().into(),
    }
}
