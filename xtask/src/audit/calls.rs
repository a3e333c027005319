//! What a rule's code is, for review: the function the registry calls and
//! every item of `rules/src` it reaches, transitively, with one checksum over
//! their source.
//!
//! Calls are resolved by name, without types, so the graph is an
//! approximation that errs towards including too much:
//! - a path (`f`, `armor::item_as`, `super::x::f`, `crate::table::band_of`,
//!   `Self::new`, `Dice::d6`) is resolved through the module's imports, its own
//!   items and its glob imports, as Rust does; `Type::f` (and `Self::f`)
//!   reaches `f` of every impl of a type so named, in any module;
//! - a method call `x.f(..)` reaches every method named `f` in `rules/src`,
//!   since the receiver's type is not known;
//! - calls that the code does not spell reach the methods they run: a format
//!   string's `{…}` and `to_string` reach every `fmt`, `parse` every
//!   `from_str`, `into` every `from`;
//! - a macro whose arguments are not expressions reaches every item named by
//!   any identifier in it;
//! - a function passed as a value (`.map(helper)`) counts as a call, and so
//!   does a constant or static the code names.
//!
//! What is missed: items a `macro_rules!` generates (syn sees no item),
//! re-exports followed through a glob import, and the generated `rules::spec`
//! (which review covers as the book's tables, not as code).

use std::collections::{BTreeSet, HashMap};

use super::code::{Code, Item, Ref, absolute};

/// For each item, by index, the items its body may reach.
pub(super) fn graph(code: &Code) -> Vec<BTreeSet<usize>> {
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, item) in code.items.iter().enumerate() {
        by_name.entry(item.name.as_str()).or_default().push(i);
    }
    code.items
        .iter()
        .map(|from| {
            from.refs
                .iter()
                .flat_map(|r| targets(code, from, r, &by_name))
                .collect()
        })
        .collect()
}

/// The items one name in `from`'s body may stand for.
fn targets(code: &Code, from: &Item, r: &Ref, by_name: &HashMap<&str, Vec<usize>>) -> Vec<usize> {
    let named = |name: &str| by_name.get(name).into_iter().flatten().copied();
    match r {
        Ref::Method(name) => named(name)
            .filter(|&i| code.items[i].owner.is_some())
            .collect(),
        Ref::Name(name) => named(name).collect(),
        Ref::Path(segments) => {
            let Some(last) = segments.last() else {
                return Vec::new();
            };
            let wanted = meanings(code, from, segments);
            named(last)
                .filter(|&i| wanted.iter().any(|w| is(&code.items[i], w)))
                .collect()
        }
    }
}

/// The paths from the crate's root that `segments`, written in `from`, may mean.
fn meanings(code: &Code, from: &Item, segments: &[String]) -> Vec<Vec<String>> {
    let module = absolute(&from.module, &["self".to_string()]);
    let scope = code.scopes.get(&from.module);
    let (first, rest) = match segments.split_first() {
        Some((first, rest)) => (first.as_str(), rest),
        None => return Vec::new(),
    };
    match first {
        "crate" | "self" | "super" => vec![absolute(&from.module, segments)],
        "Self" => {
            let owner = from.owner.clone().unwrap_or_default();
            vec![[module.as_slice(), &[owner], rest].concat()]
        }
        _ => match scope.and_then(|s| s.imports.get(first)) {
            Some(target) => vec![[target.as_slice(), rest].concat()],
            None => {
                let globs = scope.into_iter().flat_map(|s| &s.globs);
                std::iter::once(&module)
                    .chain(globs)
                    .map(|m| [m.as_slice(), segments].concat())
                    .collect()
            }
        },
    }
}

/// Whether `item` is what `path` names: its own path, or a member `Type::f`
/// of an impl of a type so named, wherever that impl is.
fn is(item: &Item, path: &[String]) -> bool {
    match (&item.owner, path) {
        (Some(owner), [.., ty, name]) if ty == owner && *name == item.name => true,
        _ => path.join("::") == item.path,
    }
}

impl Code {
    /// The item at `path` with every item it reaches, sorted by path (then
    /// text, for two trait impls of one name); none when no item has that path.
    pub fn covered(&self, path: &str) -> Option<Vec<&Item>> {
        let start = self.items.iter().position(|i| i.path == path)?;
        let mut seen = BTreeSet::from([start]);
        let mut todo = vec![start];
        while let Some(i) = todo.pop() {
            for &next in &self.calls[i] {
                if seen.insert(next) {
                    todo.push(next);
                }
            }
        }
        let mut items: Vec<&Item> = seen.into_iter().map(|i| &self.items[i]).collect();
        items.sort_by(|a, b| (&a.path, &a.text).cmp(&(&b.path, &b.text)));
        Some(items)
    }
}

/// The items' paths and source, in the order given: what one checksum covers.
pub fn text_of(items: &[&Item]) -> String {
    items
        .iter()
        .map(|i| format!("// {}\n{}\n", i.path, i.text))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::text_of;
    use crate::audit::checksum;
    use crate::audit::code::{Code, scan_fixture};

    const TABLE: &str = "
pub struct Range { pub lo: i32 }
impl Range {
    pub fn contains(&self, x: i32) -> bool { x >= self.lo }
}
impl std::fmt::Display for Range {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, \"{}\", self.lo) }
}
pub fn band_of(x: i32) -> i32 { step(x) }
fn step(x: i32) -> i32 { x }
pub fn unused() {}
";

    const FALLING: &str = "
use crate::table::{band_of, Range};
use crate::spec::action::falling::FALLING;
use super::armor;

const LIMIT: i32 = 3;

pub fn fall(x: i32) -> i32 {
    let r = Range { lo: LIMIT };
    let _ = r.contains(x);
    band_of(armor::guard(x))
}

pub fn quick() -> String { format!(\"{}\", Helper::make()) }

pub fn passes() -> Vec<i32> { vec![1].into_iter().map(helper).collect() }

fn helper(x: i32) -> i32 { x }

struct Helper;
impl Helper {
    fn make() -> i32 { Self::inner() }
    fn inner() -> i32 { 1 }
}

#[cfg(test)]
mod tests {
    #[test]
    fn t() { super::super::armor::guard(1); }
}
";

    const ARMOR: &str = "
pub fn guard(x: i32) -> i32 { super::falling::helper(x) }
pub fn alone() -> i32 { 0 }
";

    fn code() -> Code {
        scan_fixture(&[
            ("table.rs", TABLE),
            ("action/falling.rs", FALLING),
            ("action/armor.rs", ARMOR),
        ])
    }

    fn covered(code: &Code, path: &str) -> Vec<String> {
        let items = code.covered(path).expect("the item exists");
        items.iter().map(|i| i.path.clone()).collect()
    }

    #[test]
    fn follows_imports_module_paths_methods_and_constants_transitively() {
        assert_eq!(
            covered(&code(), "action::falling::fall"),
            [
                "action::armor::guard",
                "action::falling::LIMIT",
                "action::falling::fall",
                "action::falling::helper",
                "table::Range::contains",
                "table::band_of",
                "table::step",
            ]
        );
    }

    #[test]
    fn follows_self_paths_format_strings_and_functions_passed_as_values() {
        let code = code();
        assert_eq!(
            covered(&code, "action::falling::quick"),
            [
                "action::falling::Helper::inner",
                "action::falling::Helper::make",
                "action::falling::quick",
                "table::Range::fmt",
            ]
        );
        assert_eq!(
            covered(&code, "action::falling::passes"),
            ["action::falling::helper", "action::falling::passes"]
        );
        assert_eq!(
            covered(&code, "action::armor::alone"),
            ["action::armor::alone"]
        );
        assert!(code.covered("action::falling::missing").is_none());
    }

    #[test]
    fn the_checksum_changes_with_any_covered_body_and_only_then() {
        let before = code();
        let sum = |code: &Code| {
            checksum(&text_of(
                &code.covered("action::falling::fall").expect("fall"),
            ))
        };
        let edited = scan_fixture(&[
            (
                "table.rs",
                &TABLE.replace(
                    "fn step(x: i32) -> i32 { x }",
                    "fn step(x: i32) -> i32 { x + 1 }",
                ),
            ),
            ("action/falling.rs", FALLING),
            ("action/armor.rs", ARMOR),
        ]);
        assert_ne!(
            sum(&before),
            sum(&edited),
            "a helper two calls away changed"
        );
        let elsewhere = scan_fixture(&[
            (
                "table.rs",
                &TABLE.replace("pub fn unused() {}", "pub fn unused() { band_of(1); }"),
            ),
            ("action/falling.rs", FALLING),
            ("action/armor.rs", &format!("\n\n{ARMOR}")),
        ]);
        assert_eq!(
            sum(&before),
            sum(&elsewhere),
            "an uncalled function changed and a called one moved down"
        );
    }
}
