//! Project standards as tests: every source file starts with a `//!` doc
//! comment, no debugging leftovers, and the library prints nothing.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "target") {
                continue;
            }
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn all_sources() -> Vec<PathBuf> {
    let root = workspace_root();
    let mut files = Vec::new();
    for dir in ["crates", "examples", "fuzz"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 5, "found the sources");
    files
}

#[test]
fn every_file_starts_with_a_module_doc() {
    for file in all_sources() {
        let text = fs::read_to_string(&file).unwrap();
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        assert!(first.starts_with("//!"), "{} must start with a //! doc comment", file.display());
    }
}

#[test]
fn no_debugging_leftovers() {
    let banned = [concat!("db", "g!("), concat!("to", "do!("), concat!("unimpl", "emented!(")];
    for file in all_sources() {
        let text = fs::read_to_string(&file).unwrap();
        for b in banned {
            assert!(!text.contains(b), "{} contains {b}", file.display());
        }
    }
}

#[test]
fn the_library_prints_nothing() {
    let mut files = Vec::new();
    rust_files(&workspace_root().join("crates/onag/src"), &mut files);
    let banned = [
        concat!("print", "ln!("),
        concat!("eprint", "ln!("),
        concat!("print", "!("),
        concat!("eprint", "!("),
    ];
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for line in text.lines() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for b in banned {
                assert!(!code.contains(b), "{} prints: {line}", file.display());
            }
        }
    }
}
