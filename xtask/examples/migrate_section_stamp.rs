//! One-off: a section's stamped text becomes its prose (tables, rules and
//! examples as a line each, xtask::audit::prose), as the section's text now
//! is. The stamped text is transformed, not re-read from the book: a section
//! changed since review stays changed, one unchanged stays reviewed.

use xtask::audit::review::{Kind, tracked};
use xtask::audit::{Code, Stamp, checksum, normalised, prose::prose};

fn main() {
    let root = xtask::workspace_root();
    let mut stamp = Stamp::load(&root).expect("the stamp");
    let book = xtask::compile_book(&root).expect("the book");
    let code = Code::scan(&root).expect("the code");
    let mut n = 0;
    for (system, chapter) in book.chapters() {
        for t in tracked(&system.id, chapter, &code) {
            if t.kind != Kind::Section {
                continue;
            }
            let Some(s) = stamp.book.get_mut(&system.id).and_then(|i| i.get_mut(t.id)) else {
                continue;
            };
            if let Some(text) = &s.text {
                let own = normalised(&prose(text));
                s.sha256 = Some(checksum(&own));
                s.text = Some(own);
                n += 1;
            }
        }
    }
    stamp.save(&root).expect("save");
    eprintln!("{n} section stamps now cover their prose");
}
