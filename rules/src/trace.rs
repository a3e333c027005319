//! The derivation trace: every step a resolution takes, citing the spec id
//! (section or table) it applies, so auditors can follow the arithmetic.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// A section or table id of the spec.
    pub cites: &'static str,
    pub text: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Trace {
    pub steps: Vec<Step>,
}

impl Trace {
    pub fn step(&mut self, cites: &'static str, text: impl Into<String>) {
        self.steps.push(Step {
            cites,
            text: text.into(),
        });
    }
}
