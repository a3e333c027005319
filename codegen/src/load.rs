//! Chapter files read into [`SourceFile`]s, with a diagnostic for a file that
//! cannot be read or is not UTF-8. Reading is apart from compiling so that the
//! compiler's own cost can be measured on sources already in memory.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::source::{BOM, SourceFile};

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
            Code::Unreadable,
            format!("cannot read {}: {e}", spec_root.display()),
        )
    })?;
    let systems = listed
        .into_iter()
        .map(|(id, paths)| SystemSources {
            folder: shown(&spec_root.join(&id), shown_from).to_path_buf(),
            id,
            files: paths.iter().map(|p| read_chapter(p, shown_from)).collect(),
        })
        .collect();
    Ok(Sources { systems })
}

/// The chapter at `path`; a file with another Markdown extension is refused,
/// so that it is reported rather than passed over.
fn read_chapter(path: &Path, shown_from: &Path) -> Result<Arc<SourceFile>, Diagnostic> {
    if path.extension().is_none_or(|x| x != "md") {
        let file = SourceFile::new(shown(path, shown_from), "");
        return Err(Diagnostic::new(
            &file,
            0..0,
            Code::Layout,
            "a Markdown file that is no chapter",
        )
        .label("chapters are `.md` files: rename it, or move it out of `spec/<system>/`"));
    }
    read(path, shown(path, shown_from))
}

/// `path` as shown in diagnostics: relative to `shown_from` when it is under it.
pub(crate) fn shown<'a>(path: &'a Path, shown_from: &Path) -> &'a Path {
    path.strip_prefix(shown_from).unwrap_or(path)
}

/// `(system, Markdown file paths)`, both sorted, for every folder of `spec_root`.
/// A chapter is a `.md` file; files with other Markdown extensions are listed
/// too, for the compiler to report rather than pass over.
pub fn spec_files(spec_root: &Path) -> std::io::Result<Vec<(String, Vec<PathBuf>)>> {
    let mut systems = Vec::new();
    for entry in std::fs::read_dir(spec_root)? {
        let entry = entry?;
        if !entry.file_type()?.is_dir() {
            continue;
        }
        let mut chapters: Vec<PathBuf> = std::fs::read_dir(entry.path())?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(is_markdown))
            .collect();
        chapters.sort();
        systems.push((entry.file_name().to_string_lossy().into_owned(), chapters));
    }
    systems.sort();
    Ok(systems)
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
    match std::fs::read(path) {
        Ok(bytes) => decode(shown_as, bytes),
        Err(e) => Err(Diagnostic::new(
            &SourceFile::new(shown_as, ""),
            0..0,
            Code::Unreadable,
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
                Code::Unreadable,
                format!("the file is not UTF-8: byte {byte:#04x} at offset {at} is no character"),
            )
            .label("save the file as UTF-8"))
        }
    }
}
