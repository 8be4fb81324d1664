//! Every example in every subcommand's `--help` runs as written from the
//! repository's root (sample files live in `examples/data/`). The runs happen
//! in a scratch copy of `examples/data`, so files the examples write (plots)
//! stay out of the tree.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::onag;

/// Splits an example line into arguments: words, with '...' quoting.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// The example command lines of one help text: `onag ...` lines after
/// "Examples:" (or "Example:"), up to the first blank line.
fn examples(help: &str) -> Vec<Vec<String>> {
    let Some((_, rest)) = help.split_once("Example") else { return Vec::new() };
    rest.lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.trim().strip_prefix("onag "))
        // A remark after two or more spaces is not part of the command.
        .map(|l| l.split("  ").next().unwrap_or(l))
        .map(shell_words)
        .collect()
}

#[test]
fn help_examples_run_as_written() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/data");
    let root = std::env::temp_dir().join(format!("onag-help-examples-{}", std::process::id()));
    let copy = root.join("examples/data");
    std::fs::create_dir_all(&copy).expect("scratch directory");
    for entry in std::fs::read_dir(&data).expect("examples/data exists") {
        let path = entry.expect("readable entry").path();
        std::fs::copy(&path, copy.join(path.file_name().expect("a file"))).expect("copy");
    }
    let help = onag(&["--help"]);
    let commands: Vec<String> = help
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    let mut ran = 0;
    for command in commands {
        let help = onag(&[&command, "--help"]).stdout;
        for args in examples(&help) {
            let out = Command::new(env!("CARGO_BIN_EXE_onag"))
                .args(&args)
                .current_dir(&root)
                .stdin(Stdio::null())
                .output()
                .expect("onag runs");
            assert!(
                out.status.success(),
                "onag {args:?} failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(!out.stdout.is_empty(), "onag {args:?} printed nothing");
            ran += 1;
        }
    }
    std::fs::remove_dir_all(&root).ok();
    assert!(ran >= 30, "only {ran} examples found");
}
