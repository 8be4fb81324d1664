//! End-to-end tests: run the real `onag` binary and check its output and exit code.

mod args;
mod atomic;
mod classic;
mod coins;
mod eval;
mod eval_heaps;
mod graph;
mod hackenbush;
mod help_examples;
mod limits;
mod loopy;
mod loopy_partizan;
mod nim;
mod nimber;
mod octal;
mod octal_search;
mod octal_theory;
mod rulesets;
mod rulesets_mcgs;
mod run;
mod solve;
mod subtraction;
mod thermo;
mod uptimal;

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a run of `onag` printed and how it ended.
pub struct Run {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Exit code (-1 if killed by a signal).
    pub code: i32,
}

/// Runs `onag` with `args` and no standard input.
pub fn onag(args: &[&str]) -> Run {
    onag_with_stdin(args, "")
}

/// Runs `onag` with `args`, feeding `stdin`.
pub fn onag_with_stdin(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("onag binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin accepts input");
    let out = child.wait_with_output().expect("onag finishes");
    Run {
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
        code: out.status.code().unwrap_or(-1),
    }
}

/// Runs `onag` with `args` and the extra environment `env`, killed if it
/// has not ended within `limit` (then its code is -1): for computations
/// that must stop, tested by the clock of a subprocess.
pub fn onag_within(args: &[&str], env: &[(&str, &str)], limit: Duration) -> (Run, Duration) {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("onag binary runs");
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout is piped")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr is piped")));
    let status = loop {
        if let Some(status) = child.try_wait().expect("onag can be waited for") {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let took = start.elapsed();
    let run = Run {
        stdout: stdout.join().expect("stdout is read"),
        stderr: stderr.join().expect("stderr is read"),
        code: status.and_then(|s| s.code()).unwrap_or(-1),
    };
    (run, took)
}

/// Asserts that `args` stop within `limit` (wall clock) with exit code
/// `code` and one line `error: ...` containing `needle`.
pub fn assert_stops(args: &[&str], limit: Duration, code: i32, needle: &str) {
    let (run, took) = onag_within(args, &[], limit);
    assert_eq!(run.code, code, "{args:?} after {took:?}; stderr: {}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "one-line error for {args:?}: {}", run.stderr);
    assert!(run.stderr.contains(needle), "{args:?}: expected {needle:?} in {}", run.stderr);
}

/// Asserts that `args` fail with exit code 2 and one line `error: ...` containing `needle`.
pub fn assert_error(args: &[&str], needle: &str) {
    let run = onag(args);
    assert_eq!(run.code, 2, "exit code of {args:?}; stderr: {}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "one-line error for {args:?}: {}", run.stderr);
    assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    assert!(run.stderr.contains(needle), "{args:?}: expected {needle:?} in {}", run.stderr);
    assert!(run.stdout.is_empty(), "no output on error: {}", run.stdout);
}

#[test]
fn every_subcommand_has_help_with_an_example() {
    let help = onag(&["--help"]);
    assert_eq!(help.code, 0);
    let commands: Vec<String> = help
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        // A description too long for one line continues further indented.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    assert!(!commands.is_empty(), "{}", help.stdout);
    for command in commands {
        let run = onag(&[&command, "--help"]);
        assert_eq!(run.code, 0, "{command} --help");
        // The usage line always names the command; the example must come after it.
        let examples = run.stdout.split_once("Example").map(|(_, rest)| rest).unwrap_or("");
        assert!(
            examples.contains(&format!("onag {command}")),
            "{command} --help has an example: {}",
            run.stdout
        );
    }
}

#[test]
fn unknown_subcommand_is_a_one_line_error() {
    assert_error(&["frobnicate"], "frobnicate");
}

/// Issue 40: `onag nimber` alone printed 31 lines of help.
#[test]
fn a_command_without_its_subcommand_is_a_one_line_error() {
    assert_error(&["nimber"], "onag nimber needs a subcommand: add, mul, inv");
}

/// Issue 40: errors echoed NUL and control characters from the input raw.
#[test]
fn error_messages_escape_control_characters() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("escapes");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.txt");
    std::fs::write(&path, "a: b\u{1}\0c\n").unwrap();
    let file = path.to_str().unwrap();
    assert_error(&["graph", file], "found '\\u{1}'");
    std::fs::write(&path, "a: b\nb:\n").unwrap();
    assert_error(&["graph", file, "--position", "x\u{1b}[31m\ty"], "--position x\\u{1b}[31m\\ty:");
    let run = onag(&["graph", file, "--position", "x\u{7}"]);
    assert!(!run.stderr.contains('\u{7}'), "{:?}", run.stderr);
}

/// Issue 39: `onag --version` gives the workspace's version, which the
/// Python package's `onag.__version__` gives too.
#[test]
fn version_is_the_workspace_version() {
    let run = onag(&["--version"]);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, format!("onag {}\n", env!("CARGO_PKG_VERSION")));
}

/// Issue 39: the README installs the command with the versions of
/// `Cargo.lock`, and what it installs (the release profile) carries no
/// debug information, which benches and profilers get from their own
/// profiles.
#[test]
fn the_install_is_locked_and_without_debug_information() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(readme.contains("`cargo install --path crates/onag-cli --locked`"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let profile = |name: &str| -> String {
        let header = format!("[profile.{name}]\n");
        let start = manifest.find(&header).unwrap_or_else(|| panic!("no {header}"));
        let body = &manifest[start + header.len()..];
        body[..body.find("\n[").unwrap_or(body.len())].to_string()
    };
    assert!(profile("release").contains("debug = false"), "{}", profile("release"));
    assert!(profile("profiling").contains("debug = 1"), "{}", profile("profiling"));
    assert!(profile("bench").contains("debug = 1"), "{}", profile("bench"));
}
