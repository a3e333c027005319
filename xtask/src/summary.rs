//! How the book's examples and properties come out, and regen's one-screen
//! summary of them per system.

use schemars::JsonSchema;
use std::fmt::Write as _;

use casefile::batch::Asked;
use casefile::property::PropertyReport;
use casefile::{Report, Verdict};
use codegen::Book;
use codegen::emit::cases::case_files;
use codegen::emit::properties::property_files;
use codegen::model::System;

/// Runs every example of the book as its case file would, in book order, in
/// the judge; a resolver that panics fails its example.
pub fn reports(book: &Book) -> Result<Vec<Report>, String> {
    let asked = Asked {
        cases: case_files(book).into_iter().map(|f| f.text).collect(),
        properties: Vec::new(),
    };
    crate::judge::judge(&asked)?.cases.into_iter().collect()
}

/// Checks every property of `book` as its property file would be checked.
pub fn property_reports(book: &Book) -> Result<Vec<PropertyReport>, String> {
    let files = property_files(book);
    let asked = Asked {
        cases: Vec::new(),
        properties: files.iter().map(|f| f.text.clone()).collect(),
    };
    let judged = crate::judge::judge(&asked)?.properties;
    files
        .iter()
        .zip(judged)
        .map(|(f, r)| r.map_err(|e| format!("{}: {e}", f.path.display())))
        .collect()
}

/// What one system holds and how its examples came out: the figures of regen's
/// summary, which the audit's front page and JSON repeat.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, JsonSchema)]
pub struct Counts {
    pub chapters: usize,
    pub tables: usize,
    pub rows: usize,
    pub rules: usize,
    pub examples: usize,
    /// Examples that copy the book (`[book]`).
    pub book: usize,
    /// Examples of ours (`[expect]`).
    pub ours: usize,
    pub agrees: usize,
    pub erratum: usize,
    pub fails: usize,
    /// Errata entries on the examples' claims.
    pub errata: usize,
    /// Errata entries on table cells.
    pub table_errata: usize,
}

/// Counts what `system` holds, and its examples among `reports` by verdict.
pub fn counts(system: &System, reports: &[Report]) -> Counts {
    let chapters = &system.chapters;
    let tables = || chapters.iter().flat_map(|c| &c.tables);
    let mut counts = Counts {
        chapters: chapters.len(),
        tables: tables().count(),
        rows: tables().map(|t| t.rows.len()).sum(),
        rules: chapters.iter().map(|c| c.rules.len()).sum(),
        errata: chapters
            .iter()
            .flat_map(|c| &c.examples)
            .map(|e| e.errata.len())
            .sum(),
        table_errata: tables().map(|t| t.errata.len()).sum(),
        ..Counts::default()
    };
    for r in reports.iter().filter(|r| r.case.system == system.id) {
        counts.examples += 1;
        if r.case.ours {
            counts.ours += 1;
        } else {
            counts.book += 1;
        }
        *match r.verdict {
            Verdict::Agrees => &mut counts.agrees,
            Verdict::Erratum => &mut counts.erratum,
            Verdict::Fails => &mut counts.fails,
        } += 1;
    }
    counts
}

/// The one-screen summary regen prints: per system, what the book holds, and the
/// examples by verdict.
pub fn summary(book: &Book, reports: &[Report]) -> String {
    let mut out = String::new();
    let w = label_width(book);
    for system in &book.systems {
        let Counts {
            chapters,
            tables,
            rows,
            rules,
            examples,
            book,
            ours,
            agrees,
            erratum,
            fails,
            ..
        } = counts(system, reports);
        let _ = writeln!(
            out,
            "{:<w$} {chapters} chapters, {tables} tables ({rows} rows), {rules} rules, {examples} examples ({book} book, {ours} ours)",
            system.id,
        );
        let _ = writeln!(
            out,
            "{:<w$} verdicts: {agrees} agrees, {erratum} erratum, {fails} fails",
            ""
        );
    }
    out
}

/// The width of the summary's first column: the longest system id, or
/// `properties` (the longest of the labels regen adds).
pub fn label_width(book: &Book) -> usize {
    let least = "properties".len();
    book.systems
        .iter()
        .map(|s| s.id.len())
        .chain([least])
        .max()
        .unwrap_or(least)
}
