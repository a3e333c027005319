//! A property file read back, its values typed by the rule's signature.

use casefile::file::PropertyFile;
use casefile::property::{Domain, PropertyCase};
use rules::value::Type;

use crate::ParseFile;
use crate::case::{param, value};

impl ParseFile for PropertyCase {
    /// Parses a property file. Values are typed by the rule's signature when
    /// the registry knows the rule (dice text becomes dice).
    fn parse(text: &str) -> Result<PropertyCase, String> {
        let file: PropertyFile = toml::from_str(text).map_err(|e| e.message().to_string())?;
        let inputs = rules::RULES
            .iter()
            .find(|r| r.system == file.system && r.id == file.rule)
            .map(|r| r.given);
        let given = file
            .given
            .into_iter()
            .map(|(name, domain)| {
                let ty: Option<Type> = inputs.and_then(|ps| param(ps, &name));
                let typed: Domain = domain.try_map(|v| value(&name, v, ty))?;
                Ok((name, typed))
            })
            .collect::<Result<_, String>>()?;
        Ok(PropertyCase {
            id: file.id,
            system: file.system,
            rule: file.rule,
            source: file.source,
            given,
            law: file.law,
        })
    }
}
