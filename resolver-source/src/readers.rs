//! Which parts of the resolver read each table constant. A constant reaches
//! the resolver through an import, `use crate::spec::<system>::<chapter>::{NAME,
//! ...}` (or `::*`); an item of that module (a function, a method, a const or a
//! static, but no test code: see the [crate]'s doc) reads it when its tokens name
//! it.

use crate::{Item, ResolverSource};
use codegen::lint::rust_name;

impl ResolverSource {
    /// Whether an item reads the constant `name` of the generated chapter
    /// module `module` (`action::falling`), as codegen's lints ask it.
    pub fn reads(&self, module: &str, name: &str) -> bool {
        let (system, chapter) = module.split_once("::").unwrap_or((module, ""));
        !self.readers(system, chapter, name).is_empty()
    }

    /// The items that read constant `name` of chapter `chapter` of `system`
    /// (spec ids), sorted by path.
    pub fn readers(&self, system: &str, chapter: &str, name: &str) -> Vec<&Item> {
        let constant = [
            "spec".to_string(),
            rust_name(system),
            rust_name(chapter),
            name.to_string(),
        ];
        let mut out: Vec<&Item> = self
            .items
            .iter()
            .filter(|item| {
                let Some(scope) = self.scopes.get(&item.module) else {
                    return false;
                };
                let glob = scope.globs.iter().any(|g| g[..] == constant[..3]);
                let mut locals = scope
                    .imports
                    .iter()
                    .filter(|(_, path)| path[..] == constant[..])
                    .map(|(local, _)| local.as_str())
                    .chain(glob.then_some(name));
                locals.any(|local| item.idents.contains(local))
            })
            .collect();
        out.sort_by(|a, b| a.path.cmp(&b.path));
        out.dedup_by(|a, b| a.path == b.path);
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::{ResolverSource, scan_fixture};

    const WOUNDS: &str = r#"
use crate::spec::action::wounds::{SEVERITY, ids};
use crate::spec::action::healing::{RATES as HEAL_RATES};

/// Reads SEVERITY only in this comment.
pub fn commented() {}

pub fn wound() -> usize { SEVERITY.len() + HEAL_RATES.len() }

fn helper() -> String { format!("{}", SEVERITY[0]) }

pub struct Chart;
impl Chart {
    pub fn rows(&self) -> usize { SEVERITY.len() }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn reads() { assert!(SEVERITY.len() > 0); }
}
"#;

    const ELEMENTS: &str = r#"
use crate::spec::action::elements::*;

pub fn exposure() -> usize { SEVERITY.len() }
"#;

    /// The paths of the items that read `name` of `chapter`.
    fn readers(code: &ResolverSource, chapter: &str, name: &str) -> Vec<String> {
        let items = code.readers("action", chapter, name);
        items.into_iter().map(|i| i.path.clone()).collect()
    }

    #[test]
    fn finds_the_items_that_name_an_imported_constant() {
        let r = scan_fixture(&[
            ("action/wounds.rs", WOUNDS),
            ("action/elements.rs", ELEMENTS),
        ]);
        assert_eq!(
            readers(&r, "wounds", "SEVERITY"),
            [
                "action::wounds::Chart::rows",
                "action::wounds::helper",
                "action::wounds::wound"
            ]
        );
        assert_eq!(
            readers(&r, "elements", "SEVERITY"),
            ["action::elements::exposure"],
            "a glob import counts, and the same name of another chapter does not"
        );
        assert_eq!(readers(&r, "healing", "RATES"), ["action::wounds::wound"]);
        assert!(readers(&r, "healing", "HEAL_RATES").is_empty());
    }
}
