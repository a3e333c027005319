//! The server's check of the resolver functions, remembered between edits, is
//! made again when the resolver's sources change.

mod common;

use common::Scratch;
use server::world::{Overlays, Resolvers};

#[test]
fn a_remembered_check_is_redone_when_the_sources_change() {
    let scratch = Scratch::workspace_copy("world-resolvers");
    let root = &scratch.0;
    let mut resolvers = Resolvers::default();
    let none = Overlays::new();
    assert!(resolvers.compile(root, &none).is_ok());
    assert!(resolvers.compile(root, &none).is_ok());
    let falling = root.join("rules/src/action/falling.rs");
    let text = std::fs::read_to_string(&falling).unwrap();
    let renamed = text.replacen("pub fn fall(", "pub fn fall_renamed(", 1);
    assert_ne!(text, renamed, "falling.rs has no `pub fn fall(`");
    std::fs::write(&falling, renamed).unwrap();
    let missing = resolvers
        .compile(root, &none)
        .map(|_| ())
        .unwrap_err()
        .render();
    assert!(
        missing.contains("error[E0031]: rule `falling.fall`"),
        "{missing}"
    );
    std::fs::write(&falling, text).unwrap();
    assert!(resolvers.compile(root, &none).is_ok());
}
