//! Names of the spec that shadow what the generated code names (issue 18.2): a
//! row type called `String`, `Result` or `Option` passed the spec
//! compiler, then failed in rustc (E0107, or a `?` that converted to the
//! chapter's own `String`). The generated code now names every std item by its
//! full path, so each is compiled here for real, with rustc, against the
//! `rules` crate's own `table`, `dice`, `value` and `trace` modules.

use std::path::Path;
use std::process::Command;

use super::rustc::built;
use super::*;

/// The modules of `rules` that the generated code names, as paths under `rules/src`.
const RULES_MODULES: &[&str] = &[
    "table.rs",
    "table/cells.rs",
    "table/decode.rs",
    "table/rows.rs",
    "dice.rs",
    "value.rs",
    "value/signature.rs",
    "trace.rs",
];

/// Type-checks `spec`, the generated code of a chapter of system `demo`, as
/// `crate::spec` of a crate holding `rules`' modules and `resolvers` (the
/// functions the registry calls); rustc's errors if it fails.
fn rustc_check(test: &str, spec: &str, resolvers: &str) -> Result<(), String> {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules/src");
    let mut files: Vec<(String, Vec<u8>)> = RULES_MODULES
        .iter()
        .map(|m| {
            let text = std::fs::read(rules.join(m)).expect("read a module of rules");
            (format!("src/{m}"), text)
        })
        .collect();
    let lib = format!(
        "pub mod dice;\npub mod table;\npub mod trace;\npub mod value;\npub mod spec {{\n{spec}\n}}\n{resolvers}"
    );
    files.push(("src/lib.rs".into(), lib.into_bytes()));
    let files: Vec<(&str, &[u8])> = files.iter().map(|(p, t)| (&**p, &t[..])).collect();
    common::in_folder("shadowing", test, &files, |dir| {
        let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
        let out = Command::new(rustc)
            .args(["--edition", "2024", "--crate-type", "lib", "--crate-name"])
            .args(["probe", "--emit=metadata", "-o"])
            .arg(dir.join("probe.rmeta"))
            .arg(dir.join("src/lib.rs"))
            .output()
            .expect("run rustc");
        match out.status.success() {
            true => Ok(()),
            false => Err(String::from_utf8_lossy(&out.stderr).into_owned()),
        }
    })
}

/// Row types named as the prelude's types (and a rule as a primitive type),
/// beside every kind of field and value that names one: the generated code
/// compiles, each name still meaning std's.
#[test]
fn names_of_the_prelude_shadow_nothing_the_generated_code_names() {
    let text = chapter(
        r#"
# Demo {#demo}

<!-- table strings
const = "STRINGS"
row = "String"
columns = ["name: text", "bonus: modifier?", "damage: dice", "kind: int|Var."]
-->
| Name | Bonus | Damage | Kind |
|---|---|---|---|
| Knife | +1 | 1d6 | 2 |
| Rope | | 1d3 | Var. |

<!-- table results
const = "RESULTS"
row = "Result"
group = "group"
columns = ["band: range", "ok: int?"]
-->
| Band | Ok |
|---|---|
| 1-2 | 1 |

<!-- table options
const = "OPTIONS"
row = "Option"
columns = ["n: int"]
-->
| N |
|---|
| 1 |

<!-- table figures
kind = "constants"
columns = ["name: ident", "value: range", "about: text"]
-->
| Name | Value | About |
|---|---|---|
| SOME_BAND | 3-4 | a band |
| OPEN_BAND | 5+ | an open band |

```rule hit
[given]
roll = "int"
aim = "int?"
name = "text"
kind = "word(step|slip)?"
[outputs]
damage = "dice"
rolls = "[int]"
```

```rule i32
[given]
roll = "int"
[outputs]
damage = "int"
```
"#,
    );
    let spec = built("prelude_names", &text);
    let resolvers = "pub mod demo { pub mod demo {
        use crate::spec::demo::demo::{hit, i32};
        use crate::trace::Trace;
        use crate::value::RuleError;
        pub fn hit(_: &hit::Given, _: &mut Trace) -> Result<hit::Outcome, RuleError> {
            unimplemented!()
        }
        pub fn i32(_: &i32::Given, _: &mut Trace) -> Result<i32::Outcome, RuleError> {
            unimplemented!()
        }
    } }";
    if let Err(e) = rustc_check("prelude_names", &spec, resolvers) {
        panic!("rustc rejects the generated code:\n{e}\n{spec}");
    }
}
