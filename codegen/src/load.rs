//! Chapter files read into [`SourceFile`]s, with a diagnostic for a file that
//! cannot be read or is not UTF-8.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::source::{BOM, SourceFile};

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
