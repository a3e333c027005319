//! A rule's signature as the registry holds it (its inputs and outputs, each
//! with its type and the domain its rule block declares), and `run`, which
//! the registry calls for every rule: one refusal of a figure outside its
//! domain, read from the signature, in place of a check generated per rule.

use std::fmt;

use super::{RuleError, Type, Value, Values};
use crate::trace::Trace;

/// One input or output of a rule, as the spec declares it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Param {
    pub name: &'static str,
    pub ty: Type,
    pub optional: bool,
    /// The figures it may hold, where its rule block declares them.
    pub domain: Option<Domain>,
}

impl Param {
    pub const fn new(name: &'static str, ty: Type) -> Param {
        Param {
            name,
            ty,
            optional: false,
            domain: None,
        }
    }

    pub const fn optional(self) -> Param {
        Param {
            optional: true,
            ..self
        }
    }

    /// Declares the domain from `lo` to `hi`, both included.
    pub const fn within(self, lo: f64, hi: f64) -> Param {
        self.domain(Some(lo), Some(hi))
    }

    pub const fn at_least(self, lo: f64) -> Param {
        self.domain(Some(lo), None)
    }

    pub const fn at_most(self, hi: f64) -> Param {
        self.domain(None, Some(hi))
    }

    /// Declares a figure the book bounds on neither side (`..`).
    pub const fn unbounded(self) -> Param {
        self.domain(None, None)
    }

    const fn domain(self, lo: Option<f64>, hi: Option<f64>) -> Param {
        Param {
            domain: Some(Domain { lo, hi }),
            ..self
        }
    }
}

/// The bounds of a domain, both included; `None` where it is open.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Domain {
    pub lo: Option<f64>,
    pub hi: Option<f64>,
}

impl Domain {
    pub fn holds(&self, x: f64) -> bool {
        self.lo.is_none_or(|lo| x >= lo) && self.hi.is_none_or(|hi| x <= hi)
    }
}

/// As the rule block writes it: `3..=18`, `0..`, `..=0`.
impl fmt::Display for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(lo) = self.lo {
            write!(f, "{lo}")?;
        }
        f.write_str("..")?;
        match self.hi {
            Some(hi) => write!(f, "={hi}"),
            None => Ok(()),
        }
    }
}

/// A rule the spec declares: its id, where it is stated, its signature.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RuleInfo {
    pub system: &'static str,
    pub id: &'static str,
    pub section: Option<&'static str>,
    pub given: &'static [Param],
    pub outputs: &'static [Param],
}

impl RuleInfo {
    /// The inputs, refused at the first figure (in the order the rule block
    /// lists them) that lies outside its declared domain.
    pub fn within_domains(&self, given: &Values) -> Result<(), RuleError> {
        for p in self.given {
            let (Some(d), Some(v)) = (p.domain, given.0.get(p.name)) else {
                continue;
            };
            if let Some((verb, x)) = first_outside(&d, v) {
                let name = p.name;
                return Err(RuleError::Invalid(format!(
                    "`{name}` {verb} {x}, outside its domain {d}"
                )));
            }
        }
        Ok(())
    }
}

/// The first figure of `v` that `d` does not hold, as text, with the verb
/// that says whether `v` is it or holds it.
fn first_outside(d: &Domain, v: &Value) -> Option<(&'static str, String)> {
    let x = figures(v).find(|x| !d.holds(*x))?;
    let verb = match v {
        Value::IntList(_) | Value::DecimalList(_) => "holds",
        _ => "is",
    };
    // A whole figure reads as one: `{x}` of 19.0 is `19`.
    Some((verb, x.to_string()))
}

/// The figures of a value that has them: a number, or each of a list's.
pub fn figures(v: &Value) -> Box<dyn Iterator<Item = f64> + '_> {
    match v {
        Value::Int(n) => Box::new(std::iter::once(*n as f64)),
        Value::Decimal(x) => Box::new(std::iter::once(*x)),
        Value::IntList(ns) => Box::new(ns.iter().map(|&n| n as f64)),
        Value::DecimalList(xs) => Box::new(xs.iter().copied()),
        _ => Box::new(std::iter::empty()),
    }
}

/// A rule's typed inputs, read from named values with each one's type checked.
pub trait FromValues: Sized {
    fn from_values(v: &Values) -> Result<Self, RuleError>;
}

/// A rule's typed outputs, given back as named values.
pub trait IntoValues {
    fn into_values(self) -> Values;
}

/// Runs `resolver`, the rule `rule` declares, on `given`: its typed inputs,
/// each figure within its domain, and its outputs by name.
pub fn run<G: FromValues, O: IntoValues>(
    rule: &RuleInfo,
    given: &Values,
    trace: &mut Trace,
    resolver: impl FnOnce(&G, &mut Trace) -> Result<O, RuleError>,
) -> Result<Values, RuleError> {
    let typed = G::from_values(given)?;
    rule.within_domains(given)?;
    resolver(&typed, trace).map(O::into_values)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROLL: Param = Param::new("roll", Type::Int).within(3.0, 18.0);
    const HITS: Param = Param::new("hits", Type::DecimalList)
        .optional()
        .at_most(1.0);
    const RULE: RuleInfo = RuleInfo {
        system: "demo",
        id: "demo.hit",
        section: None,
        given: &[ROLL, HITS],
        outputs: &[],
    };

    fn given(roll: i64, hits: Option<Vec<f64>>) -> Values {
        let mut v = Values::default();
        v.set("roll", roll);
        if let Some(hits) = hits {
            v.set("hits", hits);
        }
        v
    }

    #[test]
    fn a_figure_outside_its_domain_is_refused_with_the_domain() {
        assert_eq!(RULE.within_domains(&given(3, None)), Ok(()));
        assert_eq!(
            RULE.within_domains(&given(18, Some(vec![0.5, 1.0]))),
            Ok(())
        );
        let refusal = |v| RULE.within_domains(&v).unwrap_err().to_string();
        assert_eq!(
            refusal(given(19, None)),
            "`roll` is 19, outside its domain 3..=18"
        );
        assert_eq!(
            refusal(given(2, None)),
            "`roll` is 2, outside its domain 3..=18"
        );
        assert_eq!(
            refusal(given(3, Some(vec![0.5, 1.5, 2.5]))),
            "`hits` holds 1.5, outside its domain ..=1"
        );
    }

    /// The registry's `RULES` is written with these builders, and the audit, the
    /// language server and the totality test read what they declare.
    #[test]
    fn the_builders_declare_what_they_name() {
        assert_eq!((HITS.optional, ROLL.optional), (true, false));
        let bounds = |p: Param| p.domain.map(|d| (d.lo, d.hi));
        let count = Param::new("count", Type::Int);
        assert_eq!(bounds(count), None);
        assert_eq!(bounds(count.at_least(0.0)), Some((Some(0.0), None)));
        assert_eq!(bounds(count.at_most(9.0)), Some((None, Some(9.0))));
        assert_eq!(bounds(count.within(1.0, 6.0)), Some((Some(1.0), Some(6.0))));
        assert_eq!(bounds(count.unbounded()), Some((None, None)));
        assert_eq!((count.name, count.ty), ("count", Type::Int));
    }

    #[test]
    fn an_unbounded_domain_holds_every_figure() {
        let open = Param::new("modifier", Type::Int).unbounded().domain;
        let open = open.expect("`..` is a domain");
        assert!(open.holds(f64::MIN) && open.holds(f64::MAX));
        assert_eq!(open.to_string(), "..");
        let count = Param::new("count", Type::Int).at_least(0.0).domain;
        assert_eq!(count.map(|d| d.to_string()).as_deref(), Some("0.."));
        assert!(!count.is_some_and(|d| d.holds(-1.0)));
    }

    struct Roll(i64);

    impl FromValues for Roll {
        fn from_values(v: &Values) -> Result<Self, RuleError> {
            v.get("roll").map(Roll)
        }
    }

    impl IntoValues for Roll {
        fn into_values(self) -> Values {
            let mut v = Values::default();
            v.set("total", self.0 + 1);
            v
        }
    }

    #[test]
    fn run_reads_checks_resolves_and_gives_back() {
        let plus_one = |g: &Roll, t: &mut Trace| {
            t.step("demo", "adds one");
            Ok(Roll(g.0))
        };
        let mut trace = Trace::default();
        let out = run(&RULE, &given(4, None), &mut trace, plus_one).unwrap();
        assert_eq!(out.0.get("total"), Some(&Value::Int(5)));
        assert_eq!(trace.steps.len(), 1);
        // Refused before the resolver runs: its trace stays empty.
        let mut trace = Trace::default();
        let refused = run(&RULE, &given(19, None), &mut trace, plus_one);
        assert!(matches!(refused, Err(RuleError::Invalid(_))));
        assert!(trace.steps.is_empty());
        let wrong = Values::default();
        assert_eq!(
            run(&RULE, &wrong, &mut Trace::default(), plus_one),
            Err(RuleError::Missing("roll".into()))
        );
    }
}
