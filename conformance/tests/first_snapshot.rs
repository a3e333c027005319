//! A first snapshot written by `conformance::snapshot` is one insta accepts as
//! is, and one that exists is never overwritten.

use conformance::snapshot::write_first;

#[test]
fn a_first_snapshot_is_accepted_by_insta_and_never_overwritten() {
    let dir = std::env::temp_dir().join(format!("conformance-first-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rendered = "case: new-example\nverdict: agrees\n";
    assert!(write_first(&dir, "demo__new-example", rendered).unwrap());
    // No INSTA_UPDATE here: a snapshot insta could not read would fail this.
    insta::with_settings!({ snapshot_path => &dir, prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!("demo__new-example", rendered);
    });
    assert!(!write_first(&dir, "demo__new-example", "changed\n").unwrap());
    let kept = std::fs::read_to_string(dir.join("demo__new-example.snap")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        kept.ends_with("case: new-example\nverdict: agrees\n"),
        "{kept}"
    );
}
