//! How one fact points at another: a cite of a spec item, a derivation's
//! step, and the pages and anchors of the report; values as JSON.

use casefile::Value;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value as Json;

use resolver_source::RULES_SRC;
use resolver_source::Via;

/// A spec item one fact points at, with its title and its place in the report
/// (relative to the report's folder) when the system has it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Cite {
    pub id: String,
    pub title: Option<String>,
    pub href: Option<String>,
}

/// One call on a path: the item called and how ([`Via`]).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Step {
    pub path: String,
    pub via: Via,
}

#[derive(Debug, Serialize, JsonSchema)]
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
