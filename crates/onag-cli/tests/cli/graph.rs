//! `onag graph` and `onag every-sg`: values, sums, misère play, Every-SG and
//! located errors on bad graph files.

use std::path::PathBuf;

use crate::{assert_error, onag, onag_with_stdin};

/// Writes `text` to a fresh file named `name` in a per-test folder.
fn file(test: &str, name: &str, text: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("graph-cli").join(test);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

const TINY: &str = "# tiny\nstart: a b  # two moves\na: end\nb: a end\nend:\n";

fn json(args: &[&str]) -> serde_json::Value {
    let run = onag(args);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

#[test]
fn values_every_position_and_lists_winning_moves() {
    let g = file("values", "g.txt", TINY);
    let v = json(&["graph", &g, "--json"]);
    assert_eq!(v["position"], "start");
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    assert_eq!(
        v["positions"],
        serde_json::json!([
            {"name": "start", "grundy": 0, "outcome": "P"},
            {"name": "a", "grundy": 1, "outcome": "N"},
            {"name": "b", "grundy": 2, "outcome": "N"},
            {"name": "end", "grundy": 0, "outcome": "P"},
        ])
    );
    let v = json(&["graph", &g, "--position", "b", "--json"]);
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["winning_moves"], serde_json::json!(["end"]));
    let text = onag(&["graph", &g, "--position", "b"]).stdout;
    assert!(text.contains("grundy: 2"), "{text}");
    assert!(text.contains("winning moves: end"), "{text}");
}

#[test]
fn reads_json_files_and_standard_input() {
    let g = file(
        "json",
        "g.json",
        r#"{"start": "b", "positions": [{"name": "a"}, {"name": "b", "moves": ["a"]}]}"#,
    );
    let v = json(&["graph", &g, "--json"]);
    assert_eq!(v["position"], "b");
    assert_eq!(v["grundy"], 1);
    let bom = file("json", "bom.txt", "\u{feff}a: b\r\nb:\r\n");
    assert_eq!(json(&["graph", &bom, "--json"])["position"], "a");
    let run = onag_with_stdin(&["graph", "-", "--json"], "x: y\ny:\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["winning_moves"], serde_json::json!(["y"]));
}

#[test]
fn sums_across_files() {
    let g = file("sum", "g.txt", TINY);
    let h = file("sum", "h.txt", "x: y\ny:\n");
    let v = json(&["graph", &g, &h, "--sum", "b", "x", "--json"]);
    // 2 xor 1 = 3: move b (value 2) to a position of value 1, that is a.
    assert_eq!(v["grundy"], 3);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"component": 0, "file": g, "from": "b", "to": "a"}])
    );
    assert_eq!(v["components"][1]["position"], "x");
    let with_file = format!("{h}:x");
    let v = json(&["graph", &g, &h, "--sum", "a", &with_file, "--json"]);
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn misere_values() {
    let g = file("misere", "g.txt", TINY);
    let v = json(&["graph", &g, "--misere", "--json"]);
    assert_eq!(v["play"], "misere");
    assert_eq!(v["value"], 1);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"], serde_json::json!(["a"]));
    assert_eq!(v["positions"][3], serde_json::json!({"name": "end", "value": 1, "outcome": "N"}));
    assert_error(&["graph", &g, "--misere", "--sum", "a", "b"], "--misere with --sum");
}

#[test]
fn every_sg_on_graphs_and_heaps() {
    let v = json(&["every-sg", "--subtraction", "1,2,3", "5", "7", "9", "--json"]);
    assert_eq!(v["largest_step"], 5);
    assert_eq!(v["winner"], "first");
    assert_eq!(v["outcome"], "N");
    let steps: Vec<u64> =
        v["components"].as_array().unwrap().iter().map(|c| c["step"].as_u64().unwrap()).collect();
    assert_eq!(steps, [3, 3, 5]);
    assert_eq!(v["winning_moves"][2], serde_json::json!({"component": 2, "from": 9, "to": 8}));
    let g = file("everysg", "g.txt", TINY);
    let v = json(&["every-sg", &g, "--sum", "start", "b", "--json"]);
    assert_eq!(v["largest_step"], 2);
    assert_eq!(v["winner"], "second");
    assert_eq!(v["components"][0]["move"], serde_json::json!({"from": "start", "to": "a"}));
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    assert_error(&["every-sg", "--subtraction", "1,0", "5"], "--subtraction 1,0");
    assert_error(&["every-sg", "--subtraction", "", "5"], "not a positive integer");
    assert_error(&["every-sg", "--subtraction", "1,2", "-5"], "HEAP `-5`");
    let too_big = ["every-sg", "--subtraction", "1", "1000", "--max-positions", "10"];
    assert_error(&too_big, "exceed the limit");
    assert_error(
        &["every-sg", "--subtraction", "1", "100000000000"],
        "allow it with --max-positions",
    );
}

#[test]
fn bad_graph_files_are_located_errors() {
    let cases = [
        ("syntax.txt", "a: b\n: c\n", ":2:1: expected a position name"),
        ("unknown.txt", "a: b c\nb:\n", ":1:6: unknown successor `c`"),
        ("duplicate.txt", "a: b\nb:\na:\n", ":3:1: duplicate position name `a`"),
        ("empty.txt", "", ":1:1: no positions"),
        ("cycle.txt", "s: a\na: b\nb: a\n", ":2:1: cycle through position `a`"),
        ("tags.txt", "a [L]: b\nb:\n", ":1:3: tags are not used by `onag graph`"),
        ("bad.json", "{\"positions\": [", ":1:15: invalid JSON game graph"),
    ];
    for (name, text, needle) in cases {
        let g = file("bad", name, text);
        assert_error(&["graph", &g], &format!("{g}{needle}"));
    }
    let g = file("bad", "ok.txt", TINY);
    assert_error(&["graph", &g, "--position", "zz"], "--position zz: no position `zz`");
    assert_error(
        &["graph", &g, "--sum", "other.txt:a"],
        "`other.txt` is not one of the FILE arguments",
    );
    assert_error(&["graph", "/nonexistent/g.txt"], "cannot read /nonexistent/g.txt");
    let cycle = file("bad", "cycle2.txt", "a: a\n");
    assert_error(&["every-sg", &cycle], "cycle through position `a`");
}

/// Issue 40: a name of 65,536 characters or more made the tables' padding
/// panic (`format!` widths stop at 65,535).
#[test]
fn issue_40_names_of_any_length_print() {
    let long = "a".repeat(70_000);
    let g = file("long-names", "g.txt", &format!("{long}: b\nb:\n"));
    for args in [vec!["graph"], vec!["graph", "--misere"], vec!["graph", "--loopy"], vec!["retro"]]
    {
        let mut args = args.clone();
        args.push(&g);
        let run = onag(&args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        let b_row = run
            .stdout
            .lines()
            .find(|l| l.trim() == "b" || l.trim_start().starts_with("b "))
            .unwrap();
        assert!(b_row.len() > 70_000, "{args:?}: the short name is padded to the long one's width");
    }
}
