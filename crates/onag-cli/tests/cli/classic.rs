//! `onag take-half`, `moore-nim`, `wythoff`, `fibonacci-nim`, `staircase` and
//! `nim --misere`.

use crate::{assert_error, onag, onag_with_stdin};

fn json(args: &[&str]) -> serde_json::Value {
    let run = onag(args);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    serde_json::from_str(&run.stdout).expect("JSON output")
}

#[test]
fn take_half() {
    let v = json(&["take-half", "5", "9", "--json"]);
    assert_eq!(v["value"], 7);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"heap": 1, "from": 9, "to_min": 4, "to_max": 4}])
    );
    assert!(onag(&["take-half", "5", "9"]).stdout.contains("heap 1: 9 -> 4"));
    assert_error(&["take-half", "-1"], "must not be negative");
}

#[test]
fn moore_nim() {
    let v = json(&["moore-nim", "--k", "2", "3", "5", "6", "--json"]);
    assert_eq!(v["outcome"], "N");
    let changes = v["winning_moves"][0]["changes"].as_array().unwrap();
    assert!(!changes.is_empty() && changes.len() <= 2);
    let v = json(&["moore-nim", "--k", "2", "1", "2", "3", "--json"]);
    // Columns: ones 2 (1, 3) and twos 2 (2, 3): not multiples of 3, so N.
    assert_eq!(v["outcome"], "N");
    let v = json(&["moore-nim", "--k", "2", "7", "7", "7", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    let v = json(&["moore-nim", "--k", "1", "--max-take", "3", "5", "6", "--json"]);
    // Residues mod 4: 1 and 2, nim-sum 3: N.
    assert_eq!(v["outcome"], "N");
    assert_error(&["moore-nim", "--k", "0", "1"], "k must be at least 1");
    assert_error(&["moore-nim", "--k", "2", "--max-take", "1", "1", "2"], "no closed form");
    // The cap is part of the report, in JSON and in text.
    let v = json(&["moore-nim", "--k", "1", "--max-take", "3", "7", "9", "--json"]);
    assert_eq!(v["max_take"], 3);
    assert_eq!(
        v["winning_moves"][0]["changes"][0],
        serde_json::json!({"heap": 0, "from": 7, "to": 5})
    );
    assert!(json(&["moore-nim", "--k", "2", "7", "9", "--json"]).get("max_take").is_none());
    let run = onag(&["moore-nim", "--k", "1", "--max-take", "3", "7", "9"]);
    assert!(run.stdout.contains("at most 3 from a heap per move"), "{}", run.stdout);
    // --max-take alone is the Bash game, k = 1; without either, k is needed.
    let v = json(&["moore-nim", "--max-take", "3", "7", "9", "--json"]);
    assert_eq!(v["max_take"], 3);
    assert_eq!(v["outcome"], "N");
    assert_error(&["moore-nim", "7", "9"], "--k");
    assert_error(&["moore-nim", "--k", "1", "-5"], "must not be negative");
}

#[test]
fn wythoff() {
    let v = json(&["wythoff", "3", "5", "--json"]);
    assert_eq!(v["outcome"], "P");
    let v = json(&["wythoff", "5", "6", "--json"]);
    // g(5, 6) = 10 in Wythoff's Grundy table.
    assert_eq!(v["value"], 10);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([{"to": [1, 2], "take": [4, 4]}, {"to": [5, 3], "take": [0, 3]}])
    );
    let v = json(&["wythoff", "--p-positions", "5", "--json"]);
    assert_eq!(v["p_positions"], serde_json::json!([[0, 0], [1, 2], [3, 5], [4, 7], [6, 10]]));
    let v = json(&["wythoff", "--index", "1000000000000000000000000000000", "--json"]);
    assert_eq!(v["x"], "1618033988749894848204586834365");
    assert_eq!(v["y"], "2618033988749894848204586834365");
    let v = json(&["wythoff", "--index", "4", "--json"]);
    assert_eq!((v["x"].clone(), v["y"].clone()), (serde_json::json!(6), serde_json::json!(10)));
    let v = json(&["wythoff", "--k", "1", "--p-positions", "4", "--json"]);
    assert_eq!(v["p_positions"], serde_json::json!([[0, 0], [1, 3], [2, 6], [4, 10]]));
    let v = json(&["wythoff", "--grundy", "3", "--json"]);
    assert_eq!(v["grundy"], serde_json::json!([[0, 1, 2], [1, 2, 0], [2, 0, 1]]));
    assert!(onag(&["wythoff", "--grundy", "4"]).stdout.starts_with("0 1 2 3\n1 2 0 4\n"));
    assert_error(&["wythoff", "--grundy", "100", "--max-positions", "50"], "--max-positions");
    assert_error(&["wythoff", "3"], "2 values required");
    assert_error(&["wythoff", "-1", "2"], "must not be negative");
}

#[test]
fn fibonacci_nim() {
    let v = json(&["fibonacci-nim", "100", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["zeckendorf"], serde_json::json!([89, 8, 3]));
    assert_eq!(v["winning_moves"][0], serde_json::json!({"take": 3, "to": 97}));
    let v = json(&["fibonacci-nim", "89", "--json"]);
    assert_eq!(v["outcome"], "P");
    let v = json(&["fibonacci-nim", "97", "--last-take", "3", "--json"]);
    assert_eq!(v["outcome"], "P");
    let big = format!("1{}", "0".repeat(100));
    let v = json(&["fibonacci-nim", &big, "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_error(&["fibonacci-nim", "10", "--last-take", "0"], "at least 1");
    // Grundy values: 0 exactly at the losses (89 fresh, 97 after a take of 3).
    let v = json(&["fibonacci-nim", "10", "--nim-value", "--json"]);
    assert_eq!(v["nim_value"], 5);
    assert_eq!(json(&["fibonacci-nim", "89", "--nim-value", "--json"])["nim_value"], 0);
    let v = json(&["fibonacci-nim", "97", "--last-take", "3", "--nim-value", "--json"]);
    assert_eq!(v["nim_value"], 0);
    assert!(json(&["fibonacci-nim", "100", "--json"]).get("nim_value").is_none());
    assert_error(&["fibonacci-nim", &big, "--nim-value"], "up to 23,168");
    assert_error(&["fibonacci-nim", "100000", "--nim-value"], "too large");
    assert_error(&["fibonacci-nim", "10^300000", "--last-take", "1"], "limited to 4096 bits");
    assert_error(&["fibonacci-nim", "23169", "--nim-value"], "heaps up to 23,168");
    assert_error(&["fibonacci-nim", "-3"], "must not be negative");
}

#[test]
fn staircase() {
    let v = json(&["staircase", "3", "1", "4", "1", "5", "--json"]);
    assert_eq!(v["value"], 2);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"], serde_json::json!([{"from_step": 1, "to_step": 0, "coins": 2}]));
    let run = onag(&["staircase", "3", "1", "4", "1", "5"]);
    assert!(run.stdout.contains("move 2 coins from step 1 off the staircase"));
    assert_error(&["staircase"], "COINS");
}

#[test]
fn misere_nim() {
    let v = json(&["nim", "--misere", "1", "1", "2", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"], serde_json::json!([{"heap": 2, "from": 2, "to": 1}]));
    assert_eq!(json(&["nim", "--misere", "1", "1", "--json"])["outcome"], "N");
    assert_eq!(json(&["nim", "--misere", "2", "2", "--json"])["outcome"], "P");
    assert!(onag(&["nim", "--misere", "1", "1", "2"]).stdout.contains("misère"));
}

#[test]
fn moore_nim_reads_heaps_from_stdin() {
    let run =
        onag_with_stdin(&["moore-nim", "--k", "2", "--heaps-from", "-", "5", "--json"], "1\n 2\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        v["winning_moves"][0]["changes"],
        serde_json::json!([{"heap": 0, "from": 5, "to": 1}, {"heap": 2, "from": 2, "to": 1}])
    );
    let run = onag_with_stdin(&["moore-nim", "--k", "2", "--heaps-from", "-"], "1 2\n 3 x\n");
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr.trim(), "error: <stdin>:2:4: 'x' is not a non-negative integer");
}
