//! cargo-mutants' `outcomes.json`, read down to what the record keeps: each
//! mutant's file, line, name, function and outcome, and how long it took.

use serde::Deserialize;

/// How one mutant came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A test failed: the examples pin what the mutant changed.
    Caught,
    /// Every test passed: a survivor.
    Missed,
    /// The mutant does not build.
    Unviable,
    /// The tests ran past cargo-mutants' time limit.
    Timeout,
    /// It builds, and no test ran: a `cargo mutants --check` run.
    Built,
}

/// One mutant of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Mutant {
    /// The file's path from the workspace root, with `/`.
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// cargo-mutants' name for it, without `file:line:col: `.
    pub name: String,
    pub outcome: Outcome,
    /// The function it sits in, as cargo-mutants names it.
    pub function: Function,
    /// The time its build and tests took.
    pub seconds: f64,
}

/// The function a mutant sits in: cargo-mutants' name for it (`fall`,
/// `Dice::d6`, `<impl fmt::Display for Dice>::fmt`) and its first line, doc
/// comments included. A mutant outside any function has no name and its own line.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Function {
    pub line: usize,
    pub name: String,
}

#[derive(Deserialize)]
struct Outcomes {
    outcomes: Vec<Scenario>,
}

#[derive(Deserialize)]
struct Scenario {
    scenario: Kind,
    summary: String,
    #[serde(default)]
    phase_results: Vec<Phase>,
}

#[derive(Deserialize)]
enum Kind {
    Baseline,
    Mutant(MutantJson),
}

#[derive(Deserialize)]
struct MutantJson {
    name: String,
    file: String,
    span: Span,
    #[serde(default)]
    function: Option<FunctionJson>,
}

#[derive(Deserialize)]
struct FunctionJson {
    function_name: String,
    span: Span,
}

#[derive(Deserialize)]
struct Span {
    start: Position,
}

#[derive(Deserialize)]
struct Position {
    line: usize,
    column: usize,
}

#[derive(Deserialize)]
struct Phase {
    duration: f64,
}

/// The mutants of an `outcomes.json`, in its order; the baseline is left out.
pub fn read_outcomes(json: &str) -> Result<Vec<Mutant>, String> {
    let outcomes: Outcomes = serde_json::from_str(json)
        .map_err(|e| format!("outcomes.json is not as cargo-mutants writes it: {e}"))?;
    outcomes
        .outcomes
        .into_iter()
        .filter_map(|s| match s.scenario {
            Kind::Baseline => None,
            Kind::Mutant(m) => Some((m, s.summary, s.phase_results)),
        })
        .map(|(m, summary, phases)| {
            let outcome = match summary.as_str() {
                "CaughtMutant" => Outcome::Caught,
                "MissedMutant" => Outcome::Missed,
                "Unviable" => Outcome::Unviable,
                "Timeout" => Outcome::Timeout,
                "Success" => Outcome::Built,
                other => return Err(format!("mutant `{}` has outcome `{other}`", m.name)),
            };
            let function = match m.function {
                Some(f) => Function {
                    line: f.span.start.line,
                    name: f.function_name,
                },
                None => Function {
                    line: m.span.start.line,
                    name: String::new(),
                },
            };
            Ok(Mutant {
                name: bare_name(&m.name, &m.file).to_string(),
                function,
                file: m.file.replace('\\', "/"),
                line: m.span.start.line,
                column: m.span.start.column,
                outcome,
                seconds: phases.iter().map(|p| p.duration).sum(),
            })
        })
        .collect()
}

/// A mutant's name without the `file:line:col: ` that cargo-mutants puts first.
fn bare_name<'a>(name: &'a str, file: &str) -> &'a str {
    let Some(rest) = name.strip_prefix(file) else {
        return name;
    };
    rest.trim_start_matches(|c: char| c == ':' || c.is_ascii_digit())
        .trim_start()
}
