//! One-off: records in each stamp what the item is and where (kind, chapter,
//! file), as stamps now do, so that a removed item can say it. For an item
//! in the book or the code now, that is where it is; for the one removed
//! item, the chapter file whose history last held its id (`git log -S`).
//! Nothing is reviewed anew: no checksum, text, reviewer or date changes.

use std::process::Command;

use xtask::audit::review::{Kind, tracked};
use xtask::audit::{Code, Stamp};

fn main() {
    let root = xtask::workspace_root();
    let mut stamp = Stamp::load(&root).expect("the stamp");
    let book = xtask::compile_book(&root).expect("the book");
    let code = Code::scan(&root).expect("the code");
    for (system, chapter) in book.chapters() {
        for t in tracked(&system.id, chapter, &code) {
            if let Some(s) = stamp
                .book
                .get_mut(&system.id)
                .and_then(|i| i.get_mut(&t.key()))
            {
                s.kind = Some(t.kind);
                s.chapter = Some(chapter.id.clone());
                s.file = Some(t.file.clone());
            }
        }
    }
    for (path, s) in &mut stamp.code {
        s.kind = Some(Kind::Function);
        s.file = code.item(path).map(|i| i.file.clone());
    }
    for (system, items) in &mut stamp.book {
        for (id, s) in items.iter_mut().filter(|(_, s)| s.file.is_none()) {
            let out = Command::new("git")
                .arg("-C")
                .arg(&root)
                .args([
                    "log",
                    "-1",
                    "--format=",
                    "--name-only",
                    "-S",
                    &format!("table {id}"),
                    "--",
                    &format!("spec/{system}"),
                ])
                .output()
                .expect("git");
            let file = String::from_utf8_lossy(&out.stdout)
                .lines()
                .find(|l| l.ends_with(".md"))
                .map(str::to_string);
            eprintln!("{system}/{id}: {file:?}");
            s.chapter = file
                .as_deref()
                .and_then(|f| f.rsplit('/').next())
                .map(|f| f.trim_end_matches(".md").to_string());
            s.file = file;
        }
    }
    stamp.save(&root).expect("save");
}
