//! The files `cargo xtask regen` writes, `conformance/cases/<system>/<id>.toml`
//! and `conformance/properties/<system>/<id>.toml`, as serde types: codegen
//! writes these and the judge reads these, so a key is named in one place.
//! Values stay TOML values: only the judge, which knows each rule's signature,
//! types them (dice text becomes dice, a whole number a decimal where the rule
//! takes one).

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::property::{Domain, Law};

/// A case file: these keys and no others, so that a key misspelt or left over
/// from an older writer is an error, not a claim skipped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseFile {
    pub id: String,
    pub system: String,
    pub rule: String,
    /// `spec/<system>/<chapter>.md#<example id>`.
    pub source: String,
    /// The anchor of the section the example sits under, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    #[serde(default)]
    pub ours: bool,
    #[serde(default)]
    pub given: toml::Table,
    /// What the book prints (an example of the book's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub book: Option<toml::Table>,
    /// What we worked out (an example of ours).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expect: Option<toml::Table>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<Refused>,
    /// By claim, in the spec's order.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub errata: IndexMap<String, ErratumFile>,
}

/// `[refused]`: words the rule's refusal must contain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refused {
    pub reason: String,
}

/// `[errata.<claim>]`: what the rules give where the book prints otherwise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErratumFile {
    pub rules: toml::Value,
    pub ruling: String,
    pub reason: String,
}

/// A property file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PropertyFile {
    pub id: String,
    pub system: String,
    pub rule: String,
    /// `spec/<system>/<chapter>.md#<property id>`.
    pub source: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// Each input's domain, in the spec's order.
    #[serde(default)]
    pub given: IndexMap<String, Domain<toml::Value>>,
    pub law: Law,
}

/// A file's text: `header` (the generated-file notice), then the TOML.
pub fn to_text<T: Serialize>(header: &str, file: &T) -> String {
    let body = toml::to_string(file)
        .unwrap_or_else(|e| unreachable!("a file of tables and values always serializes: {e}"));
    format!("{header}{body}")
}
