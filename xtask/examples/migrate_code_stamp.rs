//! One-off: moves spec/reviewed.toml's code stamps from one per rule
//! (`<rule>:code`, the text of every function its by-name reach covered) to
//! one per function, without reviewing anything anew. A rule's stamped text is
//! split back into its functions (`// path` headers). A function is reviewed
//! in its current text when some rule's stamp holds that exact text (someone
//! reviewed it so); otherwise its stamp is the latest text any rule's stamp
//! holds (so it reads as changed, with a diff); a function no stamp held has
//! none (new). The old reach was a superset of the exact one, so every
//! function a rule reaches now was in some rule's stamp if that rule was.

use std::collections::BTreeMap;

use xtask::audit::review::Stamped;
use xtask::audit::{Code, Stamp, checksum};

fn split(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        let path = line.strip_prefix("// ").filter(|p| {
            p.contains("::")
                && p.chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == ':')
        });
        match (path, out.last_mut()) {
            (Some(p), _) => out.push((p.to_string(), String::new())),
            (None, Some((_, body))) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    out.into_iter()
        .map(|(p, b)| (p, b.trim_end().to_string()))
        .collect()
}

fn main() {
    let root = xtask::workspace_root();
    let mut stamp = Stamp::load(&root).expect("the stamp");
    let code = Code::scan(&root).expect("the code");
    let mut held: BTreeMap<String, Vec<(String, Stamped)>> = BTreeMap::new();
    for items in stamp.book.values_mut() {
        let keys: Vec<String> = items
            .keys()
            .filter(|k| k.ends_with(":code"))
            .cloned()
            .collect();
        for key in keys {
            let s = items.remove(&key).expect("the key");
            for (path, text) in split(s.text.as_deref().unwrap_or("")) {
                held.entry(path).or_default().push((text, s.clone()));
            }
        }
    }
    let (mut same, mut changed) = (0, 0);
    for (path, mut texts) in held {
        texts.sort_by(|a, b| a.1.date.cmp(&b.1.date));
        let now = code.item(&path).map(|i| xtask::audit::normalised(&i.text));
        let pick = texts
            .iter()
            .rev()
            .find(|(t, _)| Some(t) == now.as_ref())
            .or(texts.last())
            .expect("one text");
        if Some(&pick.0) == now.as_ref() {
            same += 1
        } else {
            changed += 1
        }
        stamp.code.insert(
            path,
            Stamped {
                sha256: Some(checksum(&pick.0)),
                reviewer: pick.1.reviewer.clone(),
                date: pick.1.date.clone(),
                text: Some(pick.0.clone()),
            },
        );
    }
    stamp.save(&root).expect("save");
    eprintln!("{same} functions as reviewed, {changed} changed since");
}
