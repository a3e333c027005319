//! Chapter files read into [`SourceFile`]s, with a diagnostic for a file that
//! cannot be read or is not UTF-8. Reading is apart from compiling so that the
//! compiler's own cost can be measured on sources already in memory.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::Diagnostic;
use crate::diag::source::{BOM, SourceFile};

/// The file at the top of `spec/` that holds the reviewed state (`cargo xtask
/// audit --stamp` writes it; the compiler reads it not). A folder of that
/// name is a damaged stamp, not a system.
pub const REVIEWED: &str = "reviewed.toml";

/// A spec folder read into memory: its system folders, sorted.
#[derive(Debug)]
pub struct Sources {
    pub systems: Vec<SystemSources>,
}

/// One folder of `spec/`, read.
#[derive(Debug)]
pub struct SystemSources {
    /// The folder's name, which should be a system id.
    pub id: String,
    /// The folder as shown in diagnostics.
    pub folder: PathBuf,
    /// Each Markdown file of the folder, sorted: its text, or the diagnostic
    /// that stands in its place (unreadable, not UTF-8, not a `.md` chapter).
    pub files: Vec<Result<Arc<SourceFile>, Diagnostic>>,
}

/// Reads every `<system>/<chapter>.md` under `spec_root`. Paths in diagnostics
/// are shown relative to `shown_from` (usually the workspace root).
pub fn read_spec(spec_root: &Path, shown_from: &Path) -> Result<Sources, Diagnostic> {
    let listed = spec_files(spec_root).map_err(|e| {
        Diagnostic::new(
            &SourceFile::new(spec_root, ""),
            0..0,
            DiagCode::Unreadable,
            format!("cannot read {}: {e}", spec_root.display()),
        )
    })?;
    let systems = listed
        .into_iter()
        .map(|(id, paths)| {
            let path = spec_root.join(&id);
            let folder = shown(&path, shown_from).to_path_buf();
            let files = match is_link(&path) {
                true => vec![Err(link(&folder))],
                false => paths.iter().map(|p| read_chapter(p, shown_from)).collect(),
            };
            SystemSources { id, folder, files }
        })
        .collect();
    Ok(Sources { systems })
}

/// The chapter at `path`. Whatever else sits in a system folder is refused,
/// so that it is reported rather than passed over: a link, a folder, a
/// file with another Markdown extension.
fn read_chapter(path: &Path, shown_from: &Path) -> Result<Arc<SourceFile>, Diagnostic> {
    let file = SourceFile::new(shown(path, shown_from), "");
    let refused = |message: String, label| {
        Err(Diagnostic::new(&file, 0..0, DiagCode::Layout, message).label(label))
    };
    match std::fs::symlink_metadata(path).map(|m| m.file_type()) {
        Ok(kind) if kind.is_symlink() => Err(link(&file.path)),
        Ok(kind) if kind.is_dir() => refused(
            format!(
                "folder `{}/` inside a system folder, whose chapters are not read",
                name(path)
            ),
            "a chapter sits right in `spec/<system>/`: move its chapters up",
        ),
        Ok(kind) if kind.is_file() && path.extension().is_none_or(|x| x != "md") => refused(
            "a Markdown file that is no chapter".to_string(),
            "chapters are `.md` files: rename it, or move it out of `spec/<system>/`",
        ),
        _ => read(path, file.path.clone()),
    }
}

/// Whether `path` is a symbolic link, which the compiler does not follow: a
/// linked system would compile twice, and a link may loop.
fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// The diagnostic for a link at `shown` in `spec/`.
fn link(shown: &Path) -> Diagnostic {
    let message = format!(
        "`{}` is a symbolic link, which the compiler does not follow",
        name(shown)
    );
    Diagnostic::new(&SourceFile::new(shown, ""), 0..0, DiagCode::Layout, message)
        .label("put the folder or file itself in `spec/`")
}

/// The last part of `path`, as shown in a message.
fn name(path: &Path) -> std::borrow::Cow<'_, str> {
    path.file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy()
}

/// `path` as shown in diagnostics: relative to `shown_from` when it is under it.
pub(crate) fn shown<'a>(path: &'a Path, shown_from: &Path) -> &'a Path {
    path.strip_prefix(shown_from).unwrap_or(path)
}

/// `(system, paths)`, both sorted, for every folder of `spec_root`. The paths
/// are the folder's Markdown files and whatever in it is not a file (a
/// folder, a link, a FIFO), all for the compiler to read or report; a link
/// among the folders is listed with no paths, and not followed.
pub fn spec_files(spec_root: &Path) -> std::io::Result<Vec<(String, Vec<PathBuf>)>> {
    let mut systems = Vec::new();
    for entry in std::fs::read_dir(spec_root)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if kind.is_dir() {
            systems.push((name, chapter_paths(&entry.path())?));
        } else if kind.is_symlink() && !std::fs::metadata(entry.path()).is_ok_and(|m| m.is_file()) {
            systems.push((name, Vec::new()));
        }
    }
    systems.sort();
    Ok(systems)
}

/// The entries of a system folder that [`spec_files`] lists, sorted.
fn chapter_paths(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut chapters = Vec::new();
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?;
        let path = entry.path();
        if !entry.file_type()?.is_file() || path.extension().is_some_and(is_markdown) {
            chapters.push(path);
        }
    }
    chapters.sort();
    Ok(chapters)
}

/// The fingerprint of the resolver's sources under `src` (every `.rs` file,
/// by its path from `src` and its text), so that a binary built from other
/// code than the workspace now holds can tell; `None` when one cannot be read.
pub fn sources_fingerprint(src: &std::path::Path) -> Option<String> {
    let files = rust_files(src).ok()?;
    let mut all = String::new();
    for file in files {
        let text = std::fs::read_to_string(&file).ok()?;
        let rel = file.strip_prefix(src).unwrap_or(&file);
        all.push_str(&format!("{}\0{text}\0", rel.display()));
    }
    Some(crate::fingerprint::fingerprint(&all))
}

/// Every `.rs` file under `dir`, at any depth, sorted: the one walk of a
/// source tree that the tools share (the resolver's fingerprint, the scans of
/// `rules/src`, the language server), so that they agree on what the code is.
/// A missing `dir` holds none: a workspace may have no resolver yet. Links
/// are not followed and a link is not listed, even to a `.rs` file, so that a
/// loop of links cannot hang the walk nor a link bring in code from elsewhere.
/// Any other failure to read a folder is the error.
pub fn rust_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    match walk_rust_files(dir, &mut files) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !dir.exists() => {}
        done => done?,
    }
    files.sort();
    Ok(files)
}

fn walk_rust_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let path = entry.path();
        if kind.is_dir() {
            walk_rust_files(&path, out)?;
        } else if kind.is_file() && path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
    Ok(())
}

/// Extensions Markdown files go by.
fn is_markdown(extension: &std::ffi::OsStr) -> bool {
    let x = extension.to_string_lossy().to_lowercase();
    [
        "md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "mdtxt", "mdtext",
    ]
    .contains(&x.as_str())
}

/// Reads the file at `path`. Text that is not UTF-8 is an error at the
/// first bad byte, within the file as far as it could be read.
pub fn read(path: &Path, shown_as: impl Into<PathBuf>) -> Result<Arc<SourceFile>, Diagnostic> {
    let shown_as = shown_as.into();
    // A FIFO or a device would block the read, or never end it.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        let message = format!("`{}` is not a regular file, so no chapter", name(path));
        return Err(Diagnostic::new(
            &SourceFile::new(shown_as, ""),
            0..0,
            DiagCode::Unreadable,
            message,
        )
        .label("a chapter is a file of text"));
    }
    match std::fs::read(path) {
        Ok(bytes) => decode(shown_as, bytes),
        Err(e) => Err(Diagnostic::new(
            &SourceFile::new(shown_as, ""),
            0..0,
            DiagCode::Unreadable,
            format!("cannot read {}: {e}", path.display()),
        )),
    }
}

/// The file holding `bytes`, which must be UTF-8.
pub fn decode(shown_as: impl Into<PathBuf>, bytes: Vec<u8>) -> Result<Arc<SourceFile>, Diagnostic> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(SourceFile::new(shown_as, text)),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let byte = e.as_bytes()[at];
            let bom = if e.as_bytes().starts_with(BOM.as_bytes()) {
                BOM.len()
            } else {
                0
            };
            // The text before the bad byte is intact; the byte shows as U+FFFD.
            let file = SourceFile::new(shown_as, String::from_utf8_lossy(e.as_bytes()));
            let shown = at - bom;
            Err(Diagnostic::new(
                &file,
                shown..shown + char::REPLACEMENT_CHARACTER.len_utf8(),
                DiagCode::Unreadable,
                format!("the file is not UTF-8: byte {byte:#04x} at offset {at} is no character"),
            )
            .label("save the file as UTF-8"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{rust_files, sources_fingerprint};

    #[test]
    fn rust_files_lists_every_rs_file_below_a_folder_and_follows_no_link() {
        let dir = std::env::temp_dir().join(format!("codegen-rust-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src/sys")).unwrap();
        std::fs::create_dir_all(dir.join("elsewhere")).unwrap();
        for file in [
            "src/lib.rs",
            "src/sys/mod.rs",
            "src/notes.txt",
            "elsewhere/far.rs",
        ] {
            std::fs::write(dir.join(file), "").unwrap();
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::symlink;
            symlink(dir.join("elsewhere"), dir.join("src/linked")).unwrap();
            symlink(dir.join("elsewhere/far.rs"), dir.join("src/far.rs")).unwrap();
            // A loop: a folder's link to the folder that holds it.
            symlink(dir.join("src"), dir.join("src/sys/up")).unwrap();
        }
        let found = rust_files(&dir.join("src")).unwrap();
        let src = dir.join("src");
        assert_eq!(found, [src.join("lib.rs"), src.join("sys/mod.rs")]);
        let missing = rust_files(&dir.join("no-such-folder")).unwrap();
        assert!(missing.is_empty(), "a missing folder holds no file");
        std::fs::write(dir.join("a-file"), "").unwrap();
        assert!(
            rust_files(&dir.join("a-file")).is_err(),
            "a file where a folder should be is an error"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_sources_fingerprint_follows_every_rust_file_and_only_those() {
        let dir = std::env::temp_dir().join(format!("codegen-sources-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sys")).unwrap();
        std::fs::write(dir.join("lib.rs"), "pub mod sys;\n").unwrap();
        std::fs::write(dir.join("sys/mod.rs"), "pub fn f() {}\n").unwrap();
        let before = sources_fingerprint(&dir);
        std::fs::write(dir.join("notes.txt"), "not code").unwrap();
        let with_notes = sources_fingerprint(&dir);
        std::fs::write(dir.join("sys/mod.rs"), "pub fn f() { g() }\n").unwrap();
        let edited = sources_fingerprint(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(before.is_some());
        assert_eq!(before, with_notes);
        assert_ne!(before, edited);
    }
}
