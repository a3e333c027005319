//! `cargo xtask test`: every test of the workspace (`cargo test --workspace`),
//! after making sure of the two things the suite needs beyond the Rust
//! toolchain: Debian's `chromium`, which the audit report's browser test
//! (`xtask/tests/browser.rs`) runs headless, and Debian's `neovim`, the real
//! editor of the language server's test (`xtask/tests/nvim.rs`). On a fresh
//! Debian machine, as root, it installs each missing package with apt-get
//! rather than let its test fail.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::Command;

use crate::context::Context;

/// A program a test runs, and the Debian package that brings it.
pub struct Needed {
    pub program: &'static str,
    pub package: &'static str,
    /// Where the package puts it; looked for first, then on `PATH`.
    pub debian: &'static str,
    /// The test that runs it.
    pub test: &'static str,
    /// How to skip that test explicitly instead, when it can be.
    pub skip: Option<&'static str>,
}

pub const CHROMIUM: Needed = Needed {
    program: "chromium",
    package: "chromium",
    debian: "/usr/bin/chromium",
    test: "the audit report's browser test",
    skip: Some("AUDIT_BROWSER=skip"),
};

pub const NEOVIM: Needed = Needed {
    program: "nvim",
    package: "neovim",
    debian: "/usr/bin/nvim",
    test: "the language server's editor test",
    skip: None,
};

impl Needed {
    /// The commands that install the package, as the user would type them.
    pub fn install(&self) -> [Vec<&'static str>; 2] {
        [
            vec!["apt-get", "update"],
            vec!["apt-get", "install", "-y", self.package],
        ]
    }

    fn install_line(&self) -> String {
        self.install().map(|c| c.join(" ")).join(" && ")
    }

    /// The program where its test finds it: [`Needed::debian`], else in a
    /// folder of `path` (the value of `PATH`).
    pub fn find(&self, path: Option<&OsStr>) -> Option<PathBuf> {
        std::iter::once(PathBuf::from(self.debian))
            .chain(find_program(self.program, path))
            .find(|p| p.is_file())
    }

    /// Makes sure `find` finds the program, calling `install` once when it
    /// does not. A skipped test needs nothing. Returns what was done, to print.
    pub fn ensure(
        &self,
        skip: bool,
        find: impl Fn() -> Option<PathBuf>,
        install: impl FnOnce() -> Result<(), String>,
    ) -> Result<String, String> {
        let Needed {
            program,
            package,
            debian,
            test,
            ..
        } = self;
        if skip {
            return Ok(format!(
                "{}: {test} will be skipped",
                self.skip.unwrap_or_default()
            ));
        }
        if let Some(found) = find() {
            return Ok(format!("{program}: {}", found.display()));
        }
        let how = self.install_line();
        let instead = match self.skip {
            Some(skip) => format!(", or set {skip} to skip that test explicitly"),
            None => String::new(),
        };
        install().map_err(|e| {
            format!(
                "{test} needs {program}, which is not installed, and `{how}` failed: {e}\n\
                 install Debian's `{package}` package yourself (as root){instead}"
            )
        })?;
        match find() {
            Some(found) => Ok(format!("{program}: installed {}", found.display())),
            None => Err(format!(
                "`{how}` succeeded, but {program} is neither at {debian} nor on PATH"
            )),
        }
    }

    /// Runs [`Needed::install`], showing apt-get's progress.
    fn apt_install(&self) -> Result<(), String> {
        eprintln!(
            "{} is not installed; {} needs it. Installing Debian's package: {}",
            self.program,
            self.test,
            self.install_line()
        );
        for command in self.install() {
            let status = Command::new(command[0])
                .args(&command[1..])
                .env("DEBIAN_FRONTEND", "noninteractive")
                .status()
                .map_err(|e| format!("cannot run {}: {e}", command[0]))?;
            if !status.success() {
                return Err(format!("`{}` exited with {status}", command.join(" ")));
            }
        }
        Ok(())
    }
}

/// `name` in a folder of `path` (the value of `PATH`).
pub fn find_program(name: &str, path: Option<&OsStr>) -> Option<PathBuf> {
    path.into_iter()
        .flat_map(std::env::split_paths)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// `cargo xtask test`: the arguments after `test` go to cargo test as typed;
/// the suite passes with a resolver module pending, and says so at the end.
pub fn command(cx: &Context) -> Result<(), String> {
    // As typed: clap drops a leading `--`, which cargo test needs to
    // tell the test binaries' arguments (`-- --nocapture`) from its own.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .skip_while(|a| a != "test")
        .skip(1)
        .collect();
    run(&cx.root, &args)?;
    if let Some(waiting) = crate::mutants::pending(&cx.root)? {
        eprintln!("{waiting}");
    }
    Ok(())
}

/// The whole command: chromium and neovim, then `cargo test --workspace`
/// with `args` (such as `--locked`, or `-- --nocapture`) in `root`.
pub fn run(root: &std::path::Path, args: &[String]) -> Result<(), String> {
    let skip_browser = std::env::var("AUDIT_BROWSER").as_deref() == Ok("skip");
    let path = std::env::var_os("PATH");
    for (needed, skip) in [(&CHROMIUM, skip_browser), (&NEOVIM, false)] {
        let done = needed.ensure(
            skip,
            || needed.find(path.as_deref()),
            || needed.apt_install(),
        )?;
        eprintln!("{done}");
    }
    let status = Command::new(crate::cargo_program())
        .current_dir(root)
        .args(["test", "--workspace"])
        .args(args)
        .status()
        .map_err(|e| format!("cannot run cargo test: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("cargo test --workspace failed ({status})"))
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    #[test]
    fn chromium_is_found_in_a_folder_of_path() {
        let dir = std::env::temp_dir().join(format!("xtask-suite-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = std::env::join_paths([dir.clone()]).unwrap();
        let before = CHROMIUM.find(Some(&path));
        std::fs::write(dir.join("chromium"), "").unwrap();
        let after = CHROMIUM.find(Some(&path));
        std::fs::remove_dir_all(&dir).unwrap();
        // Where this machine has Debian's package, that is found first.
        let debian = std::path::Path::new(CHROMIUM.debian).is_file();
        assert_eq!(before.is_some(), debian);
        let expected = if debian {
            PathBuf::from(CHROMIUM.debian)
        } else {
            dir.join("chromium")
        };
        assert_eq!(after, Some(expected));
    }

    #[test]
    fn a_missing_browser_is_installed_once_then_found() {
        let installed = Cell::new(false);
        let find = || installed.get().then(|| PathBuf::from("/x/chromium"));
        let done = CHROMIUM.ensure(false, find, || {
            installed.set(true);
            Ok(())
        });
        assert_eq!(done, Ok("chromium: installed /x/chromium".into()));
    }

    #[test]
    fn a_browser_already_there_is_not_installed() {
        let done = CHROMIUM.ensure(
            false,
            || Some(PathBuf::from("/x/chromium")),
            || panic!("installed although present"),
        );
        assert_eq!(done, Ok("chromium: /x/chromium".into()));
    }

    #[test]
    fn a_failed_install_says_what_to_do_instead_of_skipping() {
        let err = CHROMIUM
            .ensure(false, || None, || Err("are you root?".into()))
            .unwrap_err();
        for needle in [
            "`apt-get update && apt-get install -y chromium` failed: are you root?",
            "set AUDIT_BROWSER=skip to skip that test explicitly",
            "AUDIT_BROWSER=skip",
        ] {
            assert!(err.contains(needle), "no `{needle}` in: {err}");
        }
        let err = CHROMIUM.ensure(false, || None, || Ok(())).unwrap_err();
        assert!(
            err.contains("neither at /usr/bin/chromium nor on PATH"),
            "{err}"
        );
    }

    #[test]
    fn a_missing_neovim_is_installed_and_has_no_skip() {
        let err = NEOVIM
            .ensure(false, || None, || Err("are you root?".into()))
            .unwrap_err();
        assert!(
            err.contains("`apt-get update && apt-get install -y neovim` failed"),
            "{err}"
        );
        assert!(
            err.contains("the language server's editor test needs nvim"),
            "{err}"
        );
        assert!(!err.contains("skip"), "{err}");
    }

    #[test]
    fn a_skipped_browser_test_needs_no_browser() {
        let done = CHROMIUM.ensure(true, || None, || panic!("installed although skipped"));
        assert!(done.unwrap().contains("skipped"));
    }
}
