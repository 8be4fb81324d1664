//! The calculator's layers as a test: every path a file of `lang` names
//! (in `use` lines and in code) points to its own unit or to one below it,
//! as ARCHITECTURE.md's "Inside `lang`" draws them, and only the runtime
//! adds methods to the evaluation context (`impl Eval` elsewhere would be
//! an import the `use` lines do not show).
//!
//! A layer is a folder of `lang` (`syntax`, `value`, ...); its units are
//! its files and subfolders, listed from the bottom up: a unit may use the
//! units listed before it in its layer, and any unit of a lower layer.
//! Files inside one unit (a folder such as `classes/loopy/`) use each
//! other freely. Tests inside a file (`#[cfg(test)]`) are not layered.

use std::fs;
use std::path::{Path, PathBuf};

/// The layers from the bottom up, each with its units from the bottom up.
const LAYERS: &[(&str, &[&str])] = &[
    ("syntax", &["lexer", "ast", "parser", "unparse"]),
    ("value", &["*"]),
    ("runtime", &["*"]),
    (
        "classes",
        &[
            "table",
            "coordinates",
            "grid",
            "strip",
            "graph",
            "range",
            "infinity",
            "game",
            "transfinite",
            "loopy",
            "explicit",
            "heap",
            "misere",
            "catalog",
            "user",
        ],
    ),
    (
        "members",
        &[
            "player",
            "random",
            "coordinates",
            "grid",
            "graph",
            "strip",
            "range",
            "infinity",
            "list",
            "map",
            "mutable",
            "misere",
            "game",
            "transfinite",
            "number",
            "loopy",
            "heap",
            "classic",
            "catalog",
            "object",
            "user",
        ],
    ),
    ("dispatch", &["show", "convert", "ops", "collections", "names", "members"]),
    ("interp", &["*"]),
    ("session", &["*"]),
    ("mod", &["*"]),
];

/// Where a module of `lang` sits: (layer index, unit index in its layer).
/// A layer listed with the unit `*` is one unit.
fn rank(module: &[String]) -> Option<(usize, usize)> {
    let layer_name = module.first().map_or("mod", String::as_str);
    let layer = LAYERS.iter().position(|(name, _)| *name == layer_name)?;
    let units = LAYERS[layer].1;
    if units == ["*"] {
        return Some((layer, 0));
    }
    // A layer's own `mod.rs` declares its units and sits on top of them.
    let Some(unit) = module.get(1) else { return Some((layer, units.len())) };
    units.iter().position(|u| u == unit).map(|u| (layer, u))
}

fn lang_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lang"), &mut files);
    files.sort();
    files
}

/// The module a file of `lang` holds, as path components below `lang`
/// (`classes/loopy/mod.rs` is `["classes", "loopy"]`, `mod.rs` is `[]`).
fn module_of(file: &Path) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lang");
    let relative = file.strip_prefix(&root).unwrap();
    let mut parts: Vec<String> =
        relative.iter().map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string()).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The code of a file without comments, string and character literals,
/// and its tests.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(at) => &text[..at],
        None => text,
    };
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        match (chars[i], at(i + 1)) {
            ('/', '/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            ('/', '*') => {
                i += 2;
                while i < chars.len() && !(chars[i] == '*' && at(i + 1) == '/') {
                    i += 1;
                }
                i += 2;
            }
            ('"', _) => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            ('\'', '\\') => {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            ('\'', _) if at(i + 2) == '\'' => i += 3,
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Every module path a file's code names: `crate::lang::a::b`,
/// `super::a`, `self::a`, and each item of a `use` group, resolved
/// against the file's own module.
fn paths_named(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':' || c == '{' || c == ','))
        .filter(|w| !w.is_empty())
        .collect();
    for word in words {
        for path in expand_groups(word) {
            let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
            let resolved: Option<Vec<String>> = match parts.first() {
                Some(&"crate") if parts.get(1) == Some(&"lang") => {
                    Some(parts[2..].iter().map(|p| p.to_string()).collect())
                }
                Some(&"super") | Some(&"self") => {
                    let mut base = module.to_vec();
                    let mut rest = &parts[..];
                    while let Some(&first) = rest.first() {
                        match first {
                            "super" => {
                                base.pop();
                            }
                            "self" => {}
                            _ => break,
                        }
                        rest = &rest[1..];
                    }
                    base.extend(rest.iter().map(|p| p.to_string()));
                    Some(base)
                }
                _ => None,
            };
            if let Some(resolved) = resolved {
                found.push(resolved);
            }
        }
    }
    found
}

/// `a::{b, c::d}` as `a::b` and `a::c::d` (one level of grouping, which is
/// all rustfmt leaves in this crate's `use` lines; a nested group expands
/// to its prefix).
fn expand_groups(word: &str) -> Vec<String> {
    match word.find("::{") {
        Some(at) => {
            let prefix = &word[..at];
            let inner = word[at + 3..].trim_end_matches(['}', ',']);
            inner
                .split(',')
                .map(|item| item.split("::{").next().unwrap_or(item).trim_matches(['{', '}']))
                .filter(|item| !item.is_empty())
                .map(
                    |item| {
                        if item == "self" {
                            prefix.to_string()
                        } else {
                            format!("{prefix}::{item}")
                        }
                    },
                )
                .collect()
        }
        None => vec![word.trim_matches([',', '{', '}']).to_string()],
    }
}

#[test]
fn lang_imports_point_downward() {
    let mut wrong = Vec::new();
    for file in lang_files() {
        let module = module_of(&file);
        let Some(own) = rank(&module) else {
            wrong.push(format!("{}: not in any layer of this test's LAYERS", file.display()));
            continue;
        };
        let code = code_of(&fs::read_to_string(&file).unwrap());
        for target in paths_named(&code, &module) {
            let Some(theirs) = rank(&target) else { continue };
            // The same unit, or a unit below: fine.
            if theirs <= own {
                continue;
            }
            wrong.push(format!(
                "{} uses crate::lang::{} (a unit above it)",
                module.join("/"),
                target.join("::")
            ));
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "{} upward uses:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn only_the_runtime_adds_methods_to_eval() {
    for file in lang_files() {
        let module = module_of(&file);
        if module.first().is_some_and(|l| l == "runtime") {
            continue;
        }
        let code = code_of(&fs::read_to_string(&file).unwrap());
        for line in code.lines() {
            let line = line.trim_start();
            assert!(
                !(line.starts_with("impl") && line.contains(" Eval<") && !line.contains(" for ")),
                "{} adds methods to Eval: {line}",
                file.display()
            );
        }
    }
}
