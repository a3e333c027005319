//! Checks across a whole book: ids are unique, examples name rules that exist and
//! give and claim what those rules take and produce, errata cite real rulings;
//! properties are checked in [`crate::sema::property`].
//!
//! Each pass looks names up in maps built once per system ([`Known`]), so the
//! checks cost time linear in the book, however many mistakes it holds.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::Arc;

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::{Diagnostic, Diagnostics};
use crate::diag::source::{SourceFile, Span};
use crate::diag::suggest::Budget;
use crate::model::{Binding, Book, Chapter, Example, System, Value, ValueType};
use crate::sema::property;
use crate::sema::signature::{Known, Misfit, Signature, retyped};

pub fn check(book: &mut Book, diags: &mut Diagnostics) {
    for system in &mut book.systems {
        check_system(system, diags);
    }
}

/// The checks of one system, which need nothing of the others.
pub fn check_system(system: &mut System, diags: &mut Diagnostics) {
    unique_ids(&system.chapters, diags);
    let budget = Budget::default();
    let known = Known::of(system, &budget);
    let examples = typed_examples(system, &known, diags);
    let properties = property::typed_properties(system, &known, diags);
    apply(system, examples);
    property::apply(system, properties);
}

/// A value of an example that typing by its rule's signature changed, to write
/// back: which list of the example it is in, at which index.
enum Fix {
    Given(usize, Value),
    Claim(usize, Value),
    Erratum(usize, Value),
}

/// The fixes of each example: (chapter index, example index, fixes).
type Typed = Vec<(usize, usize, Vec<Fix>)>;

/// Checks every example of `system` against its rule.
fn typed_examples(system: &System, known: &Known, diags: &mut Diagnostics) -> Typed {
    let mut typed = Vec::new();
    for (c, chapter) in system.chapters.iter().enumerate() {
        for (i, example) in chapter.examples.iter().enumerate() {
            let who = (("example", example.id.as_str()), &*example.rule);
            let file = &chapter.file;
            if let Some(sig) = known.rule(file, &example.rule_span, who, diags) {
                let mut at = At { file, diags };
                let mut fixes = at.given(example, sig);
                fixes.extend(at.claims(example, sig));
                fixes.extend(at.errata(example, sig, known));
                typed.push((c, i, fixes));
            }
        }
    }
    typed
}

/// Where the diagnostics of one example go.
struct At<'a> {
    file: &'a Arc<SourceFile>,
    diags: &'a mut Diagnostics,
}

impl At<'_> {
    fn error(&self, span: &Span, code: DiagCode, message: String) -> Diagnostic {
        Diagnostic::new(self.file, span.clone(), code, message)
    }

    fn push(&mut self, span: &Span, code: DiagCode, message: String) {
        self.diags.push(self.error(span, code, message));
    }

    /// The example's inputs, each one the rule takes and of its type, and
    /// every input the rule needs.
    fn given(&mut self, example: &Example, sig: &Signature) -> Vec<Fix> {
        let rule = &sig.rule.id;
        let mut fixes = Vec::new();
        let mut needed_given = 0;
        for (i, b) in example.given().iter().enumerate() {
            let Some(p) = sig.input(&b.name) else {
                let message = format!("rule `{rule}` takes no input `{}`", b.name);
                let d = self.error(&b.span, DiagCode::UnknownInput, message);
                self.diags.push(d.label(sig.no_input(&b.name)));
                continue;
            };
            needed_given += usize::from(!p.optional);
            if let Some(v) = self.typed(b, &p.ty, "input") {
                fixes.push(Fix::Given(i, v));
            }
        }
        // Keys are unique, so when as many needed inputs are given as the rule
        // needs, none is missing, and no set need be built to find which.
        if needed_given == sig.rule.given.iter().filter(|p| !p.optional).count() {
            return fixes;
        }
        let given: HashSet<&str> = example.given().iter().map(|b| &*b.name).collect();
        for p in sig.rule.given.iter().filter(|p| !p.optional) {
            if !given.contains(&*p.name) {
                let message = format!(
                    "example `{}` does not give `{}`, which rule `{rule}` needs",
                    example.id, p.name
                );
                self.push(&example.span, DiagCode::MissingInput, message);
            }
        }
        fixes
    }

    /// The example's claims, each an output of the rule and of its type.
    fn claims(&mut self, example: &Example, sig: &Signature) -> Vec<Fix> {
        let mut fixes = Vec::new();
        for (i, b) in example.claims().iter().enumerate() {
            let Some(p) = sig.output(&b.name) else {
                let message = format!(
                    "example `{}` claims `{}`, which rule `{}` does not produce",
                    example.id, b.name, sig.rule.id
                );
                let d = self.error(&b.span, DiagCode::UnknownOutput, message);
                self.diags.push(d.label(sig.no_output(&b.name)));
                continue;
            };
            if let Some(v) = self.typed(b, &p.ty, "claim") {
                fixes.push(Fix::Claim(i, v));
            }
        }
        fixes
    }

    /// `b`'s value typed as `ty` when typing changes it, or reported as the
    /// `what` (input or claim) that does not fit.
    fn typed(&mut self, b: &Binding, ty: &ValueType, what: &str) -> Option<Value> {
        retyped(&b.value, ty)
            .map_err(|m| self.misfit(&b.span, format!("{what} `{}` {}", b.name, m.why), &m))
            .ok()
            .flatten()
    }

    /// A value that does not fit its type, with the word it likely meant.
    fn misfit(&mut self, span: &Span, message: String, m: &Misfit) {
        let d = self.error(span, DiagCode::ValueMismatch, message);
        self.diags.push(m.on(d));
    }

    /// The example's errata: each on an output it claims, of the output's
    /// type, citing a section of the system as its ruling.
    fn errata(&mut self, example: &Example, sig: &Signature, known: &Known) -> Vec<Fix> {
        if example.errata.is_empty() {
            return Vec::new(); // most examples: no set of claims to build
        }
        let rule = &sig.rule.id;
        let claimed: HashSet<&str> = example.claims().iter().map(|b| &*b.name).collect();
        let mut fixes = Vec::new();
        for (i, e) in example.errata.iter().enumerate() {
            let Some(p) = sig.output(&e.claim) else {
                let message = format!(
                    "erratum on `{}`, which rule `{rule}` does not produce",
                    e.claim
                );
                let d = self.error(&e.span, DiagCode::UnknownOutput, message);
                self.diags.push(d.label(sig.no_output(&e.claim)));
                continue;
            };
            if !claimed.contains(e.claim.as_str()) {
                let message = format!("erratum on `{}`, which the example does not claim", e.claim);
                self.push(&e.span, DiagCode::Erratum, message);
            }
            match retyped(&e.rules, &p.ty) {
                Ok(v) => fixes.extend(v.map(|v| Fix::Erratum(i, v))),
                Err(m) => {
                    let message = format!("erratum `{}`: the rules' value {}", e.claim, m.why);
                    self.misfit(&e.span, message, &m);
                }
            }
            if !known.sections.contains(e.ruling.as_str()) {
                let message = format!(
                    "erratum `{}` cites ruling `{}`, which is no section of system `{}`",
                    e.claim, e.ruling, known.system
                );
                self.push(&e.span, DiagCode::Erratum, message);
            }
        }
        fixes
    }
}

/// Writes the typed values back: dice given as text become dice now that the
/// rule's types are known.
fn apply(system: &mut System, typed: Typed) {
    for (c, i, fixes) in typed {
        let example = &mut system.chapters[c].examples[i];
        for fix in fixes {
            match fix {
                Fix::Given(j, v) => example.bindings[j].value = v,
                Fix::Claim(j, v) => example.bindings[example.claims_at + j].value = v,
                Fix::Erratum(j, v) => example.errata[j].rules = v,
            }
        }
    }
}

/// Sections, tables, examples and properties share one namespace per system;
/// rules another; table constants and row types a third, per chapter.
fn unique_ids(chapters: &[Chapter], diags: &mut Diagnostics) {
    // Room for every id at once: the map does not grow while the book is walked.
    let ids =
        |c: &Chapter| c.sections.len() + c.tables.len() + c.examples.len() + c.properties.len();
    let mut seen = Seen::with_capacity_and_hasher(chapters.iter().map(ids).sum(), <_>::default());
    let mut rules = Seen::default();
    for c in chapters {
        let items = c
            .sections
            .iter()
            .map(|s| (&*s.id, &s.span, "section"))
            .chain(c.tables.iter().map(|t| (t.id.as_str(), &t.span, "table")))
            .chain(
                c.examples
                    .iter()
                    .map(|e| (e.id.as_str(), &e.span, "example")),
            )
            .chain(
                c.properties
                    .iter()
                    .map(|p| (p.id.as_str(), &p.span, "property")),
            );
        for (id, span, what) in items {
            first_or_report(&mut seen, id, c, span, what, diags);
        }
        for r in &c.rules {
            first_or_report(&mut rules, &r.id, c, &r.span, "rule", diags);
        }
        let mut consts = Seen::default();
        for t in &c.tables {
            if let crate::model::TableKind::Rows {
                const_name,
                row_type,
            } = &t.kind
            {
                first_or_report(&mut consts, const_name, c, &t.span, "table constant", diags);
                first_or_report(&mut consts, row_type, c, &t.span, "row type", diags);
            }
        }
    }
}

/// Each id seen: the file and offset where it was first defined, and as what.
/// The location is formatted only when a duplicate is reported: most ids are not.
type Seen<'a> = HashMap<&'a str, (&'a SourceFile, usize, &'static str)>;

/// Records `id` of the kind `what`, or reports it as defined before, naming
/// both kinds when they differ (a section and an example, say).
fn first_or_report<'a>(
    seen: &mut Seen<'a>,
    id: &'a str,
    c: &'a Chapter,
    span: &Span,
    what: &'static str,
    diags: &mut Diagnostics,
) {
    let Some(&(file, offset, kind)) = seen.get(id) else {
        seen.insert(id, (&c.file, span.start, what));
        return;
    };
    let first = file.location(offset);
    let (message, note) = if kind == what {
        (
            format!("duplicate {what} id `{id}`"),
            format!("first defined at {first}"),
        )
    } else {
        (
            format!("{what} id `{id}` is already the id of a {kind}"),
            format!("the {kind} `{id}` is defined at {first}"),
        )
    };
    diags.push(
        Diagnostic::new(&c.file, span.clone(), DiagCode::DuplicateId, message)
            .label("defined again here")
            .note(note),
    );
}
