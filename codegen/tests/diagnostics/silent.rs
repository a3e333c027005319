//! Folder shapes the compiler used to pass over without a word (the chapters
//! of that kind are UI tests): a `.markdown` file, a system of prose alone, a
//! chapter in a subfolder, links and FIFOs; and a folder read apart from its
//! compiling, which must report the same.

use super::*;

/// The folders of a `spec/`: each `(path, text)` under it.
fn compile_spec(test: &str, files: &[(&str, &str)]) -> Vec<String> {
    let files: Vec<(String, &[u8])> = files
        .iter()
        .map(|(p, t)| (format!("spec/{p}"), t.as_bytes()))
        .collect();
    let files: Vec<(&str, &[u8])> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    let result = common::in_folder("diagnostics", test, &files, |dir| {
        codegen::compile_dir(&dir.join("spec"), dir)
    });
    match result {
        Ok(_) => panic!("`{test}` should not compile"),
        Err(d) => d.0.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn a_markdown_file_that_is_no_md_chapter_is_reported() {
    let good = chapter(GOOD);
    let messages = compile_spec(
        "markdown_file",
        &[
            ("demo/demo.md", &good),
            ("demo/more.markdown", &good),
            ("demo/notes.txt", ""),
        ],
    );
    assert_eq!(
        messages,
        ["spec/demo/more.markdown:1:1: error[E0002]: a Markdown file that is no chapter"]
    );
}

#[test]
fn a_system_of_prose_alone_is_reported() {
    let prose = chapter("\n# Demo {#demo}\n\nOnly prose.\n");
    let messages = compile_spec(
        "prose_only",
        &[("demo/demo.md", &prose), ("empty/notes.txt", "")],
    );
    assert_eq!(
        messages,
        [
            "spec/demo/demo.md:1:1: error[E0002]: system `demo` has nothing to compile: no table, rule or example",
            "spec/empty:1:1: error[E0002]: system folder `empty/` holds no chapter",
        ]
    );
}

/// A folder read (`load::read_spec`) and then compiled (`compile_sources`)
/// reports what `compile_dir` reports, in the same order: a file that could
/// not be read is reported where its chapter would have been, among the other
/// files' parse errors, and every check error follows them.
#[test]
fn reading_apart_from_compiling_reports_each_file_in_its_place() {
    let good = chapter(GOOD);
    let elsewhere = good.replacen("system = \"demo\"", "system = \"other\"", 1);
    let files: &[(&str, &[u8])] = &[
        ("spec/Bad/x.md", good.as_bytes()),
        ("spec/demo/a.md", elsewhere.as_bytes()),
        ("spec/demo/b.md", b"+++\n\xff\n"),
        ("spec/demo/c.markdown", b""),
        ("spec/demo/d.md", good.as_bytes()),
    ];
    let messages = |r: Result<codegen::Book, codegen::Diagnostics>| -> Vec<String> {
        let diags = r.expect_err("the spec should not compile");
        diags.0.iter().map(ToString::to_string).collect()
    };
    let (apart, whole) = common::in_folder("diagnostics", "read_apart", files, |dir| {
        let spec = dir.join("spec");
        let sources = codegen::load::read_spec(&spec, dir).expect("the folder lists");
        let apart = messages(codegen::compile_sources(&sources));
        (apart, messages(codegen::compile_dir(&spec, dir)))
    });
    assert_eq!(apart, whole);
    let heads: Vec<&str> = apart
        .iter()
        .map(|m| m.split(": error").next().unwrap_or(m))
        .collect();
    // The files' own errors, in file order, then the check's (duplicates, rules).
    let expected = [
        "spec/Bad:1:1",
        "spec/demo/a.md:1:1",
        "spec/demo/b.md:2:1",
        "spec/demo/c.markdown:1:1",
        "spec/demo/d.md:10:1",
        "spec/demo/d.md:12:1",
        "spec/demo/d.md:29:1",
        "spec/demo/a.md:30:8",
        "spec/demo/d.md:30:8",
    ];
    assert_eq!(heads, expected, "{apart:#?}");
}

/// Compiles `spec/` after `make` has added to it what a file cannot be
/// written as (a link, a FIFO), on a thread of its own, so that a read that
/// blocks fails the test rather than hanging it.
fn compile_spec_with(
    test: &'static str,
    files: &[(&str, &str)],
    make: fn(&std::path::Path),
) -> Vec<String> {
    let files: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|(p, t)| (format!("spec/{p}"), t.as_bytes().to_vec()))
        .collect();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let files: Vec<(&str, &[u8])> = files.iter().map(|(p, t)| (p.as_str(), &t[..])).collect();
        let result = common::in_folder("diagnostics", test, &files, |dir| {
            make(&dir.join("spec"));
            codegen::compile_dir(&dir.join("spec"), dir)
        });
        let _ = send.send(
            result
                .map(|_| ())
                .map_err(|d| d.0.iter().map(ToString::to_string).collect::<Vec<_>>()),
        );
    });
    match receive.recv_timeout(std::time::Duration::from_secs(60)) {
        Ok(Err(messages)) => messages,
        Ok(Ok(())) => panic!("`{test}` should not compile"),
        Err(_) => panic!("`{test}`: the compile did not return (a read blocks)"),
    }
}

fn symlink(target: &str, link: std::path::PathBuf) {
    std::os::unix::fs::symlink(target, link).expect("make a link");
}

#[test]
fn a_fifo_named_like_a_chapter_is_reported_not_read() {
    let messages = compile_spec_with("fifo", &[("demo/demo.md", &chapter(GOOD))], |spec| {
        let fifo = spec.join("demo/pipe.md");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", fifo.display());
    });
    assert_eq!(
        messages,
        ["spec/demo/pipe.md:1:1: error[E0001]: `pipe.md` is not a regular file, so no chapter"]
    );
}

#[test]
fn a_system_folder_that_is_a_link_is_reported() {
    let messages = compile_spec_with(
        "linked_system",
        &[("demo/demo.md", &chapter(GOOD))],
        |spec| {
            symlink("demo", spec.join("linked"));
        },
    );
    assert_eq!(
        messages,
        [
            "spec/linked:1:1: error[E0002]: `linked` is a symbolic link, which the compiler does not follow"
        ]
    );
}

#[test]
fn a_link_loop_in_spec_is_reported() {
    let messages = compile_spec_with("link_loop", &[("demo/demo.md", &chapter(GOOD))], |spec| {
        symlink("loop", spec.join("loop"));
        symlink("round", spec.join("demo/round"));
    });
    assert_eq!(
        messages,
        [
            "spec/demo/round:1:1: error[E0002]: `round` is a symbolic link, which the compiler does not follow",
            "spec/loop:1:1: error[E0002]: `loop` is a symbolic link, which the compiler does not follow",
        ]
    );
}

#[test]
fn a_chapter_in_a_subfolder_is_reported() {
    let good = chapter(GOOD);
    let messages = compile_spec(
        "subfolder",
        &[("demo/demo.md", &good), ("demo/sub/x.md", &good)],
    );
    assert_eq!(
        messages,
        [
            "spec/demo/sub:1:1: error[E0002]: folder `sub/` inside a system folder, whose chapters are not read"
        ]
    );
}

/// `eval` reads the files it is given through the same check: a FIFO is
/// reported, not opened (opening one waits for a writer).
#[test]
fn a_fifo_given_to_eval_is_reported_not_read() {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let result = common::in_folder("diagnostics", "eval_fifo", &[], |dir| {
            let fifo = dir.join("pipe.md");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", fifo.display());
            codegen::compile_files(Book::default(), &[fifo], dir)
        });
        let _ = send.send(
            result
                .err()
                .map(|d| d.0.iter().map(ToString::to_string).collect()),
        );
    });
    let reported = receive
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the compile did not return (a read blocks)");
    assert_eq!(
        reported,
        Some(vec![
            "pipe.md:1:1: error[E0001]: `pipe.md` is not a regular file, so no chapter".to_string()
        ])
    );
}

/// `spec/reviewed.toml` turned into a folder was read as a system named
/// `reviewed.toml` and refused as "not a valid system id" (E0004); it is a
/// damaged reviewed state, and is named as one.
#[test]
fn a_folder_in_the_place_of_the_reviewed_state_is_named_as_such() {
    let messages = compile_spec(
        "reviewed_folder",
        &[
            ("demo/demo.md", &chapter(GOOD)),
            ("reviewed.toml/x.md", &chapter(GOOD)),
        ],
    );
    assert_eq!(
        messages,
        [
            "spec/reviewed.toml:1:1: error[E0002]: `reviewed.toml` is a folder: spec/reviewed.toml is the file of the reviewed state, which `cargo xtask audit --stamp` writes"
        ]
    );
}
