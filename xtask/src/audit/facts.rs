//! What the audit reports, gathered once from the compiled book, the
//! conformance reports, the resolver's sources, the stamp and the mutation
//! run. The HTML pages and `audit.json` are both written from these facts, so
//! they cannot disagree.

use std::collections::{BTreeMap, HashMap};

use casefile::property::PropertyReport;
use casefile::{RefusalResult, Report, Status, Verdict};
use codegen::Book;
use codegen::model::{Chapter, Param, Rule, System, Table, TableKind};

use super::cites::Cites;
use super::clear::Checks;
use super::functions::{functions, holds};
use super::index;
use super::model::Queue;
use super::origin::Origin;
use super::properties;
use super::queue;
use super::reviewed::{Kind, REVIEWED_FILE, ReviewRecord, Tracked, review_of, tracked};
use super::scores::scores;
use super::tally::Tallies;
use crate::audit::model::{
    Audit, ChapterFacts, Cite, ClaimFacts, CodeFacts, CodeRef, ErratumFacts, ExampleFacts,
    FunctionReview, ItemFacts, LintAllow, OursFacts, ParamFacts, PropertyFacts, RuleFacts,
    RuleMutation, SCHEMA_FILE, SectionFacts, Step, SurvivorFacts, SystemFacts, TableErratumFacts,
    TableFacts, TableRead, code_anchor, json, listing, page,
};
use crate::checksum::checksum;
use crate::counts;
use crate::mutants::{RECORD_FILE, Record};
use crate::provenance::Run;
use resolver_source::{Item, ResolverSource, resolver_path};

/// What the facts are gathered from, besides the book.
pub struct Sources<'a> {
    /// One report per example (see `crate::reports`).
    pub reports: &'a [Report],
    pub code: &'a ResolverSource,
    pub reviewed: &'a ReviewRecord,
    /// The mutation runs (empty when none is recorded).
    pub mutants: &'a Record,
    /// One report per property (see `crate::property_reports`).
    pub properties: &'a [PropertyReport],
    /// The provenance check against the books, when they were given.
    pub books: Option<&'a Run>,
    /// When each file's mutation run was recorded (`YYYY-MM-DD`), by file.
    pub runs: BTreeMap<String, String>,
}

/// Gathers the facts.
pub fn collect(book: &Book, sources: &Sources, provenance: Origin) -> Result<Audit, String> {
    let mut changes = sources.reviewed.changes(book, sources.code);
    let checks = Checks {
        book,
        books: sources.books,
        reports: sources.reports,
        reviewed: sources.reviewed,
        commit: &provenance.commit,
    };
    checks.clear(&mut changes);
    let queue = Queue::build(
        &changes,
        &queue::Sources {
            book,
            code: sources.code,
            reviewed: sources.reviewed,
            reports: sources.reports,
        },
    );
    let ctx = Context::new(book, sources, &queue);
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
                rulings: index::rulings(system, &chapters, &errata),
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
    let tallies = Tallies::new(sources.mutants, sources.code).with_runs(sources.runs.clone());
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
        schema: SCHEMA_FILE,
        provenance,
        generated_by: "cargo xtask audit",
        reviewed_file: REVIEWED_FILE,
        systems,
        changed_since_review: changes,
        functions: functions(book, sources.code, sources.reviewed, &survivors, &queue),
        review_queue: queue,
        lint_allows: lint_allows(book),
        mutation_file: RECORD_FILE,
        book_findings: 0,
        mutation,
        // Filled in by the caller, which holds the books when it has them.
        figure_mutants: None,
    })
}

/// The sources, indexed for gathering.
struct Context<'a> {
    sources: &'a Sources<'a>,
    /// Where each item changed since review is read in the queue.
    queue: &'a Queue,
    reports: HashMap<(&'a str, &'a str), &'a Report>,
    properties: HashMap<(&'a str, &'a str), &'a PropertyReport>,
    /// Each rule's resolver function (by path) -> its code panel in the report.
    panels: HashMap<String, String>,
    /// Each item of `rules/src`, by index, -> the tables it names a constant
    /// of: their box in the report and their id.
    readers: HashMap<usize, Vec<(String, String)>>,
}

impl<'a> Context<'a> {
    fn new(book: &Book, sources: &'a Sources<'a>, queue: &'a Queue) -> Context<'a> {
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
        let mut readers: HashMap<usize, Vec<(String, String)>> = HashMap::new();
        for (s, c) in book.chapters() {
            for t in &c.tables {
                let href = format!("{}#{}", page(&s.id, &c.id), t.id);
                for name in t.constant_names() {
                    for item in sources.code.readers(&s.id, &c.id, name) {
                        let Some(i) = sources.code.items.iter().position(|x| x.path == item.path)
                        else {
                            continue;
                        };
                        let list = readers.entry(i).or_default();
                        if !list.iter().any(|(h, _)| *h == href) {
                            list.push((href.clone(), t.id.to_string()));
                        }
                    }
                }
            }
        }
        Context {
            sources,
            queue,
            reports,
            properties,
            panels,
            readers,
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
            review: self.sources.reviewed.review(system, tracked),
            function: {
                let stamped = self.sources.reviewed.code.get(path);
                FunctionReview {
                    review: review_of(stamped, &checksum(&function.text)),
                    reviewer: stamped.map(|s| s.reviewer.clone()),
                    reviewed_on: stamped.map(|s| s.date.clone()),
                }
            },
        })
    }

    /// The tables the code of the rule whose resolver function is `path`
    /// reads: each with the calls to the item that names its constant.
    fn tables_read(&self, path: &str) -> Vec<TableRead> {
        let code = self.sources.code;
        let mut out: Vec<TableRead> = Vec::new();
        for (i, way) in code.reach(path).unwrap_or_default() {
            for (href, id) in self.readers.get(&i).into_iter().flatten() {
                if out.iter().any(|t| &t.href == href) {
                    continue;
                }
                let steps = std::iter::once(path.to_string())
                    .chain(way.iter().map(|(j, _)| code.items[*j].path.clone()));
                out.push(TableRead {
                    id: id.clone(),
                    href: href.clone(),
                    way: steps.collect(),
                });
            }
        }
        out.sort_by(|a, b| a.id.cmp(&b.id));
        out
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

/// The items of one chapter as the review tracks them: what the facts of
/// each section, table, rule and example start from.
struct Items<'c> {
    system: &'c System,
    tracked: Vec<Tracked<'c>>,
    ctx: &'c Context<'c>,
}

impl<'c> Items<'c> {
    fn of(system: &'c System, chapter: &'c Chapter, ctx: &'c Context<'c>) -> Items<'c> {
        let tracked = tracked(&system.id, chapter, ctx.sources.code);
        Items {
            system,
            tracked,
            ctx,
        }
    }

    fn find(&self, kind: Kind, id: &str) -> Option<&Tracked<'c>> {
        self.tracked.iter().find(|t| t.kind == kind && t.id == id)
    }

    /// An item's review: where it is, its stamp, and its place in the queue.
    fn item(&self, kind: Kind, id: &str) -> ItemFacts {
        let (system, ctx) = (&self.system.id, self.ctx);
        let t = self
            .find(kind, id)
            .unwrap_or_else(|| unreachable!("every item of a chapter is tracked"));
        let stamped = ctx
            .sources
            .reviewed
            .book
            .get(system)
            .and_then(|i| i.get(&t.key()));
        ItemFacts {
            id: id.to_string(),
            key: format!("{system}/{id}"),
            line: t.line,
            checksum: t.checksum.clone(),
            review: ctx.sources.reviewed.review(system, t),
            reviewer: stamped.map(|s| s.reviewer.clone()),
            reviewed_on: stamped.map(|s| s.date.clone()),
            queue: ctx.queue.href(Some(system), id),
            cleared_by: ctx
                .queue
                .cleared
                .iter()
                .find(|c| c.system.as_deref() == Some(system) && c.id == id)
                .and_then(|c| c.cleared.as_ref())
                .map(|c| c.check.to_string()),
        }
    }
}

fn chapter(
    system: &System,
    chapter: &Chapter,
    cites: &Cites,
    ctx: &Context,
) -> Result<ChapterFacts, String> {
    let items = Items::of(system, chapter, ctx);
    let sections = chapter
        .sections
        .iter()
        .map(|s| SectionFacts {
            item: items.item(Kind::Section, &s.id),
            title: s.title.to_string(),
            level: s.level,
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
                items.item(Kind::Example, &e.id),
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
        tables: chapter
            .tables
            .iter()
            .map(|t| table(&items, chapter, t))
            .collect(),
        rules: chapter.rules.iter().map(|r| rule(&items, r)).collect(),
        examples,
        properties: chapter_properties(system, chapter, cites, ctx)?,
        mutation: super::scores::chapter(
            ctx.sources.mutants,
            ctx.sources.code,
            &system.id,
            &chapter.id,
        ),
    })
}

/// A table: its schema, what reads it, its errata and the names that are ours.
fn table(items: &Items, chapter: &Chapter, t: &Table) -> TableFacts {
    let (system, ctx) = (&items.system.id, items.ctx);
    let constants = t.constant_names();
    let mut readers: Vec<&Item> = constants
        .iter()
        .flat_map(|name| ctx.sources.code.readers(system, &chapter.id, name))
        .collect();
    readers.sort_by(|a, b| a.path.cmp(&b.path));
    readers.dedup_by(|a, b| a.path == b.path);
    let series = codegen::anomaly::series(t);
    TableFacts {
        plots: (0..series.len())
            .map(|k| crate::audit::html::plot::file(system, &t.id, k))
            .collect(),
        series,
        item: items.item(Kind::Table, &t.id),
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
        ours: ours(t),
    }
}

/// The table's names that are ours rather than the book's, grouped by reason.
fn ours(t: &Table) -> Vec<OursFacts> {
    let mut out: Vec<OursFacts> = Vec::new();
    for o in &t.source.ours {
        match out.iter_mut().find(|f| f.reason == o.reason.as_str()) {
            Some(f) => f.names.push(o.name.to_string()),
            None => out.push(OursFacts {
                names: vec![o.name.to_string()],
                reason: o.reason.to_string(),
            }),
        }
    }
    out
}

/// A rule: its signature, its resolver function's code and reach, the tables
/// it reads and the examples of it, in any chapter of the system.
fn rule(items: &Items, r: &Rule) -> RuleFacts {
    let (system, ctx) = (items.system, items.ctx);
    let resolver = resolver_path(&system.id, &r.chapter, &r.name);
    let code = items
        .find(Kind::Code, &r.id)
        .and_then(|t| ctx.code(&system.id, &resolver, t));
    let tables = ctx.tables_read(&resolver);
    let examples = system
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
        .collect();
    RuleFacts {
        item: items.item(Kind::Rule, &r.id),
        section: r.section.as_deref().map(str::to_string),
        resolver,
        code,
        given: params(&r.given),
        outputs: params(&r.outputs),
        examples,
        survivors: Vec::new(),
        mutation: RuleMutation::default(),
        tables,
    }
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
            domain: p.domain.map(|d| domain(d.lo, d.hi)),
        })
        .collect()
}

/// A declared domain as the rule block writes it: `3..=18`, `0..`, `..=0`, `..`.
fn domain(lo: Option<f64>, hi: Option<f64>) -> String {
    let figure = |x: f64| match x.fract() == 0.0 && x.abs() < 1e15 {
        true => format!("{}", x as i64),
        false => x.to_string(),
    };
    let lo = lo.map(figure).unwrap_or_default();
    match hi {
        Some(hi) => format!("{lo}..={}", figure(hi)),
        None => format!("{lo}.."),
    }
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
        trace: cites.trace(&report.trace),
        error: report.error.clone(),
    }
}

/// A refused example's one claim: the reason it gives against what the rule did.
fn refusal(r: &RefusalResult) -> ClaimFacts {
    let (status, why) = status_of(&r.status);
    ClaimFacts {
        name: "refused".into(),
        book: r.reason.clone().into(),
        rules: Some(r.rules.clone().into()),
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
