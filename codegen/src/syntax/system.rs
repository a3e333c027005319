//! A folder of `spec/` parsed as one system: its chapters, each of which must
//! say in its front matter the system its folder names.

use crate::diag::code::DiagCode;
use crate::diag::diagnostic::{Diagnostic, Diagnostics};
use crate::diag::source::SourceFile;
use crate::model::{Chapter, System};
use crate::syntax::ids::system_problem;
use crate::syntax::load::{REVIEWED, SystemSources};
use crate::syntax::parse;

/// The chapters of one folder of `spec/`, as a system. The folder's name must be
/// a system id, its Markdown files must be `.md` chapters, and they must hold
/// something to compile (a table, rule or example): a folder of prose alone is
/// more likely a mistake than a system.
pub(crate) fn parse_system(
    read: &SystemSources,
    scratch: &mut parse::Scratch,
    diags: &mut Diagnostics,
) -> Option<System> {
    let id = &read.id;
    let folder = || SourceFile::new(&read.folder, "");
    if id == REVIEWED {
        let message = format!(
            "`{REVIEWED}` is a folder: spec/{REVIEWED} is the file of the reviewed state, which `cargo xtask audit --stamp` writes"
        );
        diags.push(
            Diagnostic::new(&folder(), 0..0, DiagCode::Layout, message)
                .label("remove the folder, and restore the file from version control"),
        );
        return None;
    }
    if let Some(why) = system_problem(id) {
        diags.push(
            Diagnostic::new(&folder(), 0..0, DiagCode::RustName, why).label("rename the folder"),
        );
        return None;
    }
    let before = diags.0.len();
    let mut chapters = Vec::with_capacity(read.files.len());
    for file in &read.files {
        let file = match file {
            Ok(file) => file,
            Err(refused) => {
                diags.push(refused.clone());
                continue;
            }
        };
        if let Some(chapter) = parse::parse_chapter(file, scratch, diags) {
            if chapter.front.system != *id {
                diags.push(
                    Diagnostic::new(
                        file,
                        0..3,
                        DiagCode::Layout,
                        format!(
                            "front matter says system `{}` but the chapter sits in `{id}/`",
                            chapter.front.system
                        ),
                    )
                    .label("system and folder must agree"),
                );
            }
            chapters.push(chapter);
        }
    }
    let parts = |c: &Chapter| c.tables.len() + c.rules.len() + c.examples.len();
    if diags.0.len() == before && chapters.iter().map(parts).sum::<usize>() == 0 {
        diags.push(match chapters.first() {
            Some(c) => Diagnostic::new(
                &c.file,
                0..3,
                DiagCode::Layout,
                format!("system `{id}` has nothing to compile: no table, rule or example"),
            )
            .label("its chapters hold prose only"),
            None => Diagnostic::new(
                &folder(),
                0..0,
                DiagCode::Layout,
                format!("system folder `{id}/` holds no chapter"),
            )
            .label("a chapter is a `.md` file in the folder"),
        });
    }
    Some(System {
        id: id.clone(),
        chapters,
    })
}
