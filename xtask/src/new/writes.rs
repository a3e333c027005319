//! The files a `new` command writes, planned whole before any is written.
//! Each planned file is checked as it joins the plan (inside the workspace, not
//! there already when it is new), so a refused command has written nothing;
//! and a write that still fails midway (a full disk, a file made meanwhile)
//! undoes the ones before it, so no half tree is left either way.

use std::io::Write as _;
use std::path::{Component, Path, PathBuf};

use crate::workspace::write_atomically;

/// The planned files, in the order they were first planned.
pub struct Writes {
    root: PathBuf,
    /// `root` with its links resolved, which every written path must be under.
    real_root: PathBuf,
    files: Vec<Planned>,
}

struct Planned {
    path: PathBuf,
    text: String,
    /// The text the file had when planned; `None` for a file to create.
    old: Option<String>,
}

/// What [`Writes::apply`] did so far, to undo in reverse order.
enum Done {
    Folder(PathBuf),
    Created(PathBuf),
    Changed(PathBuf, String),
}

impl Writes {
    pub fn new(root: &Path) -> Result<Writes, String> {
        let real_root = root
            .canonicalize()
            .map_err(|e| format!("cannot read the workspace {}: {e}", root.display()))?;
        Ok(Writes {
            root: root.to_path_buf(),
            real_root,
            files: Vec::new(),
        })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The planned files, each once, in the order first planned.
    pub fn paths(&self) -> Vec<PathBuf> {
        self.files.iter().map(|f| f.path.clone()).collect()
    }

    /// `path` relative to the workspace root, as messages show it.
    pub fn shown(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// The text `path` will have: as planned, or as it is; `None` when it does
    /// not exist and none is planned.
    pub fn text(&self, path: &Path) -> Result<Option<String>, String> {
        if let Some(planned) = self.files.iter().find(|f| f.path == path) {
            return Ok(Some(planned.text.clone()));
        }
        match std::fs::read_to_string(path) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("cannot read {}: {e}", self.shown(path))),
        }
    }

    /// Plans a new file: refused when anything is at `path` already (a file, a
    /// folder, a link) or planned there.
    pub fn create(&mut self, path: &Path, text: String) -> Result<(), String> {
        self.check_inside(path)?;
        if self.files.iter().any(|f| f.path == path) || path.symlink_metadata().is_ok() {
            return Err(format!("{} exists already", self.shown(path)));
        }
        self.files.push(Planned {
            path: path.to_path_buf(),
            text,
            old: None,
        });
        Ok(())
    }

    /// Plans `path`'s new text: a change of a file that exists, or of one
    /// planned already.
    pub fn set(&mut self, path: &Path, text: String) -> Result<(), String> {
        if let Some(planned) = self.files.iter_mut().find(|f| f.path == path) {
            planned.text = text;
            return Ok(());
        }
        self.check_inside(path)?;
        let old = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", self.shown(path)))?;
        self.files.push(Planned {
            path: path.to_path_buf(),
            text,
            old: Some(old),
        });
        Ok(())
    }

    /// Refuses a path that leaves the workspace: by `..`, or through a link
    /// among its folders (or the file itself) that leads out of it. The names
    /// `new` builds paths from are ids already; this is the second line.
    fn check_inside(&self, path: &Path) -> Result<(), String> {
        let outside = || {
            format!(
                "{} is outside the workspace {}; `new` writes only inside it",
                path.display(),
                self.root.display()
            )
        };
        let rest = path.strip_prefix(&self.root).map_err(|_| outside())?;
        if !rest.components().all(|c| matches!(c, Component::Normal(_))) {
            return Err(outside());
        }
        // The longest part of the path that exists, with its links resolved.
        let mut existing = path;
        while existing.symlink_metadata().is_err() {
            existing = existing.parent().ok_or_else(outside)?;
        }
        match existing.canonicalize() {
            Ok(real) if real.starts_with(&self.real_root) => Ok(()),
            Ok(_) => Err(outside()),
            // A dangling link: where it leads is not known, so nothing is written through it.
            Err(e) => Err(format!("cannot follow {}: {e}", self.shown(existing))),
        }
    }

    /// Writes the planned files in order. When one fails, the ones written
    /// before it are undone (new files and folders removed, changed files
    /// given their old text back), and the error says what failed.
    pub fn apply(self) -> Result<Vec<PathBuf>, String> {
        let mut done = Vec::new();
        for file in &self.files {
            if let Err(e) = write(file, &mut done) {
                let mut message = format!("cannot write {}: {e}", self.shown(&file.path));
                let failed = undo(done);
                if failed.is_empty() {
                    message.push_str("; nothing was written");
                } else {
                    message.push_str("; and could not undo what was written before:");
                    for (path, e) in failed {
                        message.push_str(&format!("\n  {}: {e}", self.shown(&path)));
                    }
                }
                return Err(message);
            }
        }
        Ok(self.paths())
    }
}

/// Writes one planned file, noting in `done` each thing it made or changed.
fn write(file: &Planned, done: &mut Vec<Done>) -> std::io::Result<()> {
    let Some(old) = &file.old else {
        if let Some(parent) = file.path.parent() {
            make_folders(parent, done)?;
        }
        // `create_new`: never over a file made since the plan was checked.
        let mut out = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&file.path)?;
        done.push(Done::Created(file.path.clone()));
        return out.write_all(file.text.as_bytes());
    };
    if std::fs::read_to_string(&file.path)? != *old {
        return Err(std::io::Error::other("it changed while `new` ran"));
    }
    write_atomically(&file.path, &file.text)?;
    done.push(Done::Changed(file.path.clone(), old.clone()));
    Ok(())
}

/// Creates `folder` and its missing parents, noting each one made.
fn make_folders(folder: &Path, done: &mut Vec<Done>) -> std::io::Result<()> {
    if folder.is_dir() {
        return Ok(());
    }
    if let Some(parent) = folder.parent() {
        make_folders(parent, done)?;
    }
    std::fs::create_dir(folder)?;
    done.push(Done::Folder(folder.to_path_buf()));
    Ok(())
}

/// Undoes `done`, last first; returns what could not be undone.
fn undo(done: Vec<Done>) -> Vec<(PathBuf, std::io::Error)> {
    let mut failed = Vec::new();
    for step in done.into_iter().rev() {
        let (path, result) = match step {
            Done::Folder(path) => {
                let result = std::fs::remove_dir(&path);
                (path, result)
            }
            Done::Created(path) => {
                let result = std::fs::remove_file(&path);
                (path, result)
            }
            Done::Changed(path, old) => {
                let result = write_atomically(&path, &old);
                (path, result)
            }
        };
        if let Err(e) = result {
            failed.push((path, e));
        }
    }
    failed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of the system's temp dir, removed when dropped.
    struct Temp(PathBuf);

    impl Temp {
        fn new(name: &str) -> Temp {
            let dir =
                std::env::temp_dir().join(format!("xtask-writes-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Temp(dir.canonicalize().unwrap())
        }
    }

    impl Drop for Temp {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// Every file under `dir` with its text, and every folder.
    fn tree(dir: &Path) -> Vec<(PathBuf, Option<String>)> {
        let mut found = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                found.push((path.clone(), None));
                found.extend(tree(&path));
            } else {
                found.push((path.clone(), Some(std::fs::read_to_string(&path).unwrap())));
            }
        }
        found.sort();
        found
    }

    #[test]
    fn a_write_that_fails_midway_undoes_the_ones_before_it() {
        let temp = Temp::new("midway");
        let root = &temp.0;
        std::fs::write(root.join("lib.rs"), "old\n").unwrap();
        let mut writes = Writes::new(root).unwrap();
        writes
            .create(&root.join("a/b/new.rs"), "new\n".into())
            .unwrap();
        writes
            .set(&root.join("lib.rs"), "changed\n".into())
            .unwrap();
        writes
            .create(&root.join("a/late.rs"), "mine\n".into())
            .unwrap();
        // Made after the plan was checked, as by another program meanwhile.
        std::fs::create_dir(root.join("a")).unwrap();
        std::fs::write(root.join("a/late.rs"), "theirs\n").unwrap();
        let before = tree(root);
        let error = writes.apply().unwrap_err();
        assert!(error.starts_with("cannot write a/late.rs: "), "{error}");
        assert!(error.ends_with("; nothing was written"), "{error}");
        assert_eq!(tree(root), before, "all undone, theirs kept");
    }

    #[test]
    fn a_file_changed_since_the_plan_is_not_overwritten() {
        let temp = Temp::new("changed");
        let root = &temp.0;
        std::fs::write(root.join("lib.rs"), "old\n").unwrap();
        let mut writes = Writes::new(root).unwrap();
        writes.create(&root.join("new.rs"), "new\n".into()).unwrap();
        writes.set(&root.join("lib.rs"), "mine\n".into()).unwrap();
        std::fs::write(root.join("lib.rs"), "theirs\n").unwrap();
        let before = tree(root);
        let error = writes.apply().unwrap_err();
        assert!(
            error.contains("lib.rs: it changed while `new` ran"),
            "{error}"
        );
        assert_eq!(tree(root), before);
    }

    #[test]
    fn a_path_out_of_the_workspace_is_refused_before_anything_is_written() {
        let temp = Temp::new("outside");
        let root = temp.0.join("root");
        std::fs::create_dir_all(root.join("spec")).unwrap();
        std::os::unix::fs::symlink(&temp.0, root.join("spec/out")).unwrap();
        let mut writes = Writes::new(&root).unwrap();
        for path in [
            root.join("spec/../../x.md"),
            temp.0.join("x.md"),
            root.join("spec/out/x.md"),
        ] {
            let error = writes.create(&path, String::new()).unwrap_err();
            assert!(error.contains("is outside the workspace"), "{error}");
        }
        std::fs::write(temp.0.join("target.rs"), "").unwrap();
        std::os::unix::fs::symlink(temp.0.join("target.rs"), root.join("spec/lib.rs")).unwrap();
        let error = writes
            .set(&root.join("spec/lib.rs"), String::new())
            .unwrap_err();
        assert!(error.contains("is outside the workspace"), "{error}");
        assert!(writes.paths().is_empty());
    }

    #[test]
    fn a_file_planned_twice_is_written_once_with_its_last_text() {
        let temp = Temp::new("twice");
        let root = &temp.0;
        let mut writes = Writes::new(root).unwrap();
        let path = root.join("s/mod.rs");
        writes.create(&path, "first\n".into()).unwrap();
        assert_eq!(writes.text(&path).unwrap().as_deref(), Some("first\n"));
        writes.set(&path, "second\n".into()).unwrap();
        assert!(
            writes.create(&path, String::new()).is_err(),
            "planned already"
        );
        assert_eq!(writes.apply().unwrap(), std::slice::from_ref(&path));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second\n");
    }
}
