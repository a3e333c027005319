//! Whether the resolver's code reads a table's constant, as the lints ask it
//! of every table. The answers depend on the sources of `rules/src` and of the
//! scanner, not on the tables, so they are kept in a file beside the binary
//! under a fingerprint of both: the build a table edit makes answers from
//! there rather than scan `rules/src` again (most of its first answer).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use resolver_source::ResolverSource;
use server::{RULES_SRC, workspace_root};

/// The answers known for one state of the sources, as the file holds them.
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
struct Known {
    key: String,
    /// By generated module, then constant.
    reads: BTreeMap<String, BTreeMap<String, bool>>,
}

/// The answers for the sources as they are now, from memory, from the file
/// or from a scan.
pub struct Reads {
    /// The file, beside the binary; none when there is no binary's path.
    file: Option<PathBuf>,
    known: Known,
    /// The code, once an answer was not known, with the root it was read under.
    code: Option<(PathBuf, ResolverSource)>,
    /// Answers found by a scan since the file was written.
    unsaved: bool,
}

impl Default for Reads {
    fn default() -> Reads {
        let exe = std::env::current_exe().ok();
        Reads::kept_in(exe.map(|e| e.with_file_name("verdicts-reads.json")))
    }
}

impl Reads {
    fn kept_in(file: Option<PathBuf>) -> Reads {
        Reads {
            file,
            known: Known::default(),
            code: None,
            unsaved: false,
        }
    }

    /// Makes ready to answer for the code under `root`: what is known stays
    /// known while the sources stay the same, else the file's answers are
    /// loaded when they are of these sources. False when the sources cannot be read.
    pub fn ready(&mut self, root: &Path) -> bool {
        let Some(key) = key(root) else {
            return false;
        };
        if self.known.key != key {
            self.code = None;
            self.unsaved = false;
            self.known = self.load().filter(|k| k.key == key).unwrap_or(Known {
                key,
                reads: BTreeMap::new(),
            });
        }
        true
    }

    /// Whether the code under `root` reads constant `name` of generated
    /// module `module`; none when the code cannot be scanned.
    pub fn reads(&mut self, root: &Path, module: &str, name: &str) -> Option<bool> {
        if let Some(&read) = self.known.reads.get(module).and_then(|m| m.get(name)) {
            return Some(read);
        }
        if self.code.as_ref().is_none_or(|(r, _)| r != root) {
            self.code = Some((root.to_path_buf(), ResolverSource::scan(root).ok()?));
        }
        let (_, code) = self.code.as_ref()?;
        let read = code.reads(module, name);
        let by_module = self.known.reads.entry(module.to_string()).or_default();
        by_module.insert(name.to_string(), read);
        self.unsaved = true;
        Some(read)
    }

    /// Writes the answers a scan found to the file, whole, for the next
    /// build's process (a failure to write costs it the scan, no more).
    pub fn save(&mut self) {
        let (Some(file), true) = (&self.file, self.unsaved) else {
            return;
        };
        let Ok(json) = serde_json::to_string(&self.known) else {
            return;
        };
        // Written aside and renamed, so that a process reading it meanwhile
        // reads the old answers or the new, whole.
        let aside = file.with_extension(format!("{}.tmp", std::process::id()));
        if std::fs::write(&aside, json).is_ok() && std::fs::rename(&aside, file).is_ok() {
            self.unsaved = false;
        }
        let _ = std::fs::remove_file(&aside);
    }

    fn load(&self) -> Option<Known> {
        let text = std::fs::read_to_string(self.file.as_ref()?).ok()?;
        serde_json::from_str(&text).ok()
    }
}

/// The fingerprint the answers depend on: of `rules/src` under `root`, and
/// of the scanner's own sources in the workspace this binary was built from
/// (when they are still there to read).
fn key(root: &Path) -> Option<String> {
    let code = codegen::sources_fingerprint(&root.join(RULES_SRC))?;
    let scanner = codegen::sources_fingerprint(&workspace_root().join("resolver-source/src"));
    Some(format!("{code}+{}", scanner.unwrap_or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODULE: &str = "action::falling";
    const TABLE: &str = "FALLING";

    #[test]
    fn a_new_process_answers_from_the_file_of_the_same_sources_only() {
        let dir = std::env::temp_dir().join(format!("verdicts-reads-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("verdicts-reads.json");
        let root = workspace_root();
        let mut scanned = Reads::kept_in(Some(file.clone()));
        assert!(scanned.ready(&root));
        assert_eq!(scanned.reads(&root, MODULE, TABLE), Some(true));
        assert!(scanned.code.is_some(), "the first answer is a scan's");
        scanned.save();

        let mut next = Reads::kept_in(Some(file.clone()));
        assert!(next.ready(&root));
        assert_eq!(next.reads(&root, MODULE, TABLE), Some(true));
        assert!(next.code.is_none(), "answered from the file, with no scan");

        // The file is trusted for its own sources only: an answer under
        // another key is not taken, one under this key is.
        let mut known = scanned.known;
        known
            .reads
            .get_mut(MODULE)
            .unwrap()
            .insert(TABLE.into(), false);
        let key = std::mem::replace(&mut known.key, "other sources".into());
        std::fs::write(&file, serde_json::to_string(&known).unwrap()).unwrap();
        let mut other = Reads::kept_in(Some(file.clone()));
        assert!(other.ready(&root));
        assert_eq!(other.reads(&root, MODULE, TABLE), Some(true));
        known.key = key;
        std::fs::write(&file, serde_json::to_string(&known).unwrap()).unwrap();
        let mut same = Reads::kept_in(Some(file));
        assert!(same.ready(&root));
        assert_eq!(same.reads(&root, MODULE, TABLE), Some(false));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
