//! `cargo xtask test`: every test of the workspace (`cargo test --workspace`),
//! after making sure of the one thing the suite needs beyond the Rust
//! toolchain: Debian's `chromium`, which the audit report's browser test
//! (`xtask/tests/browser.rs`) runs headless. On a fresh Debian machine, as
//! root, it installs the package with apt-get rather than let that test fail.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::Command;

/// Where Debian's package puts the browser; the browser test looks here first.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// The commands that install the browser, as the user would type them.
pub const INSTALL: [&[&str]; 2] = [
    &["apt-get", "update"],
    &["apt-get", "install", "-y", "chromium"],
];

/// Chromium where the browser test finds it: [`CHROMIUM`], else `chromium` in
/// a folder of `path` (the value of `PATH`).
pub fn find_chromium(path: Option<&OsStr>) -> Option<PathBuf> {
    let on_path = path
        .into_iter()
        .flat_map(std::env::split_paths)
        .map(|d| d.join("chromium"));
    std::iter::once(PathBuf::from(CHROMIUM))
        .chain(on_path)
        .find(|p| p.is_file())
}

/// Makes sure `find` finds chromium, calling `install` once when it does not.
/// `skip` (the browser test told to skip) needs nothing. Returns what was done,
/// to print.
pub fn ensure_chromium(
    skip: bool,
    find: impl Fn() -> Option<PathBuf>,
    install: impl FnOnce() -> Result<(), String>,
) -> Result<String, String> {
    if skip {
        return Ok("AUDIT_BROWSER=skip: the browser test will be skipped".into());
    }
    if let Some(found) = find() {
        return Ok(format!("chromium: {}", found.display()));
    }
    let how = INSTALL.map(|c| c.join(" ")).join(" && ");
    install().map_err(|e| {
        format!(
            "the audit report's browser test needs chromium, which is not installed, and \
             `{how}` failed: {e}\ninstall Debian's `chromium` package yourself (as root), or \
             set AUDIT_BROWSER=skip to skip that test explicitly"
        )
    })?;
    match find() {
        Some(found) => Ok(format!("chromium: installed {}", found.display())),
        None => Err(format!(
            "`{how}` succeeded, but chromium is neither at {CHROMIUM} nor on PATH"
        )),
    }
}

/// Runs [`INSTALL`], showing apt-get's progress.
fn apt_install() -> Result<(), String> {
    eprintln!(
        "chromium is not installed; the audit report's browser test needs it. Installing \
         Debian's package: {}",
        INSTALL.map(|c| c.join(" ")).join(" && ")
    );
    for command in INSTALL {
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

/// The whole command: chromium, then `cargo test --workspace` with `args`
/// (such as `--locked`, or `-- --nocapture`) in `root`.
pub fn run(root: &std::path::Path, args: &[String]) -> Result<(), String> {
    let skip = std::env::var("AUDIT_BROWSER").as_deref() == Ok("skip");
    let path = std::env::var_os("PATH");
    let done = ensure_chromium(skip, || find_chromium(path.as_deref()), apt_install)?;
    eprintln!("{done}");
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
        let before = find_chromium(Some(&path));
        std::fs::write(dir.join("chromium"), "").unwrap();
        let after = find_chromium(Some(&path));
        std::fs::remove_dir_all(&dir).unwrap();
        // Where this machine has Debian's package, that is found first.
        let debian = std::path::Path::new(CHROMIUM).is_file();
        assert_eq!(before.is_some(), debian);
        let expected = if debian {
            PathBuf::from(CHROMIUM)
        } else {
            dir.join("chromium")
        };
        assert_eq!(after, Some(expected));
    }

    #[test]
    fn a_missing_browser_is_installed_once_then_found() {
        let installed = Cell::new(false);
        let find = || installed.get().then(|| PathBuf::from("/x/chromium"));
        let done = ensure_chromium(false, find, || {
            installed.set(true);
            Ok(())
        });
        assert_eq!(done, Ok("chromium: installed /x/chromium".into()));
    }

    #[test]
    fn a_browser_already_there_is_not_installed() {
        let done = ensure_chromium(
            false,
            || Some(PathBuf::from("/x/chromium")),
            || panic!("installed although present"),
        );
        assert_eq!(done, Ok("chromium: /x/chromium".into()));
    }

    #[test]
    fn a_failed_install_says_what_to_do_instead_of_skipping() {
        let err = ensure_chromium(false, || None, || Err("are you root?".into())).unwrap_err();
        for needle in [
            "`apt-get update && apt-get install -y chromium` failed: are you root?",
            "AUDIT_BROWSER=skip",
        ] {
            assert!(err.contains(needle), "no `{needle}` in: {err}");
        }
        let err = ensure_chromium(false, || None, || Ok(())).unwrap_err();
        assert!(
            err.contains("neither at /usr/bin/chromium nor on PATH"),
            "{err}"
        );
    }

    #[test]
    fn a_skipped_browser_test_needs_no_browser() {
        let done = ensure_chromium(true, || None, || panic!("installed although skipped"));
        assert!(done.unwrap().contains("skipped"));
    }
}
