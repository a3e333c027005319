//! How a property came out, as a person reads it: the law, the domain, and
//! for a failure the shrunk counterexample with the resolver's trace at it.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::trace::Trace;
use crate::value::Values;

use super::case::PropertyCase;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PropertyReport {
    pub case: PropertyCase,
    /// Which inputs the law was judged at.
    pub tried: Tried,
    /// `None` when the law held at every draw.
    pub failure: Option<Failure>,
}

/// Which inputs a property was judged at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tried {
    /// Every input of the domain: this many judgements (pairs, for a monotone law).
    Every(usize),
    /// This many inputs drawn from a domain too large to try whole.
    Drawn(u32),
}

impl std::fmt::Display for Tried {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Tried::Every(n) => write!(f, "at every input of the domain: {n} judged"),
            Tried::Drawn(n) => write!(f, "at {n} inputs drawn from the domain"),
        }
    }
}

/// Why the law failed, and the points it failed at (shrunk).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Failure {
    pub message: String,
    /// The shrunk inputs, resolved again: one point, or two for a monotone law.
    pub points: Vec<Point>,
}

impl Failure {
    /// A failure before any input was judged (a law the file cannot state).
    pub fn setup(message: String) -> Failure {
        Failure {
            message,
            points: Vec::new(),
        }
    }
}

/// One resolution of the rule.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Point {
    pub given: Values,
    /// The outputs, or why there are none (a refusal, a panic).
    pub outcome: Result<Values, String>,
    pub trace: Trace,
}

impl Point {
    /// The inputs on one line: `distance = 12, armor = "Leather"`.
    pub fn inputs(&self) -> String {
        list(&self.given)
    }
}

fn list(values: &Values) -> String {
    let parts: Vec<String> = values.0.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    parts.join(", ")
}

impl PropertyReport {
    pub fn holds(&self) -> bool {
        self.failure.is_none()
    }

    /// The property, its law and domain, its verdict, and for a failure each
    /// point of the counterexample with its outputs and numbered trace.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let c = &self.case;
        let _ = writeln!(out, "property: {} ({})", c.id, c.source);
        let _ = writeln!(out, "rule: {}.{}", c.system, c.rule);
        let _ = writeln!(out, "law: {}", c.law);
        let _ = writeln!(out, "given:");
        for (name, domain) in &c.given {
            let _ = writeln!(out, "  {name} = {domain}");
        }
        let Some(f) = &self.failure else {
            let _ = writeln!(out, "verdict: holds {}", self.tried);
            return out;
        };
        let _ = writeln!(out, "verdict: FAILS: {}", f.message);
        if !f.points.is_empty() {
            let _ = writeln!(out, "counterexample (shrunk):");
        }
        for p in &f.points {
            let _ = writeln!(out, "  at {}:", p.inputs());
            match &p.outcome {
                Ok(values) => {
                    let _ = writeln!(out, "    outputs: {}", list(values));
                }
                Err(e) => {
                    let _ = writeln!(out, "    no outputs: {e}");
                }
            }
            if p.trace.steps.is_empty() {
                let _ = writeln!(out, "    trace: (no steps)");
                continue;
            }
            let _ = writeln!(out, "    trace:");
            crate::verdict::write_steps(&mut out, &p.trace, "      ");
        }
        out
    }
}
