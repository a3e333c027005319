//! The book as the editor sees it: the chapters on disk, with the text of each
//! open buffer in place of its file. Both the language server and the
//! resolver it runs (`conformance verdicts`) compile the book this way, so they
//! agree on every span.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use codegen::{Book, Diagnostics, SourceFile, Sources};

/// The open buffers: each chapter's text by its path relative to the root.
pub type Overlays = BTreeMap<PathBuf, String>;

/// The spec under `root` as read from disk, each overlaid chapter's text
/// replaced by its buffer's; a buffer of a chapter not yet on disk joins its
/// system's folder.
pub fn sources(root: &Path, overlays: &Overlays) -> Result<Sources, Diagnostics> {
    let mut sources =
        codegen::load::read_spec(&root.join("spec"), root).map_err(|d| Diagnostics(vec![d]))?;
    for (path, text) in overlays {
        let Some(system) = sources
            .systems
            .iter_mut()
            .find(|s| path.parent() == Some(s.folder.as_path()))
        else {
            continue;
        };
        let file = SourceFile::new(path.clone(), text.clone());
        let slot = system
            .files
            .iter_mut()
            .find(|f| f.as_ref().is_ok_and(|f| f.path == *path));
        match slot {
            Some(slot) => *slot = Ok(file),
            None => system.files.push(Ok(file)),
        }
    }
    Ok(sources)
}

/// The book of `root` with `overlays`, compiled.
pub fn book(root: &Path, overlays: &Overlays) -> Result<Book, Diagnostics> {
    codegen::compile_sources(&sources(root, overlays)?)
}

/// The book of `root` with `overlays`, checked as `rules/build.rs` checks it
/// (the launcher's gate): compiled, and every rule with its resolver function.
pub fn compile(root: &Path, overlays: &Overlays) -> Result<Book, Diagnostics> {
    Resolvers::default().compile(root, overlays)
}

/// [`codegen::resolvers::missing`], remembered while nothing is missing and
/// neither the book's rules nor the resolver's sources change: parsing the
/// sources with syn costs a language server more than compiling the book.
#[derive(Debug, Default)]
pub struct Resolvers {
    /// What the last check that found nothing missing checked.
    clean: Option<String>,
}

impl Resolvers {
    /// [`compile`], with the resolver functions checked only when needed.
    pub fn compile(&mut self, root: &Path, overlays: &Overlays) -> Result<Book, Diagnostics> {
        let book = book(root, overlays)?;
        let src = root.join(crate::workspace::RULES_SRC);
        let rules: String = book
            .chapters()
            .flat_map(|(s, c)| {
                c.rules
                    .iter()
                    .map(move |r| format!("{}/{}/{};", s.id, c.id, r.name))
            })
            .collect();
        let key = codegen::sources_fingerprint(&src).map(|code| rules + &code);
        if key.is_some() && key == self.clean {
            return Ok(book);
        }
        let missing = codegen::resolvers::missing(&book, &src, root);
        self.clean = key.filter(|_| missing.is_empty());
        if missing.is_empty() {
            Ok(book)
        } else {
            Err(missing)
        }
    }
}
