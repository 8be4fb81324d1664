//! `onag subtraction`.

use crate::{assert_error, onag};

fn json(args: &[&str]) -> serde_json::Value {
    let run = onag(args);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    serde_json::from_str(&run.stdout).expect("JSON output")
}

#[test]
fn sequence_period_and_certificate() {
    let v = json(&["subtraction", "1,3,4", "--upto", "16", "--json"]);
    assert_eq!(
        v["sequence"],
        serde_json::json!([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0])
    );
    assert_eq!(v["p_positions"], serde_json::json!([0, 2, 7, 9, 14, 16]));
    assert_eq!(v["preperiod"], 0);
    assert_eq!(v["period"], 7);
    assert!(v["certificate"].as_str().unwrap().contains("g(n+7) = g(n)"));
    let run = onag(&["subtraction", "1,3,4", "--upto", "100"]);
    assert!(run.stdout.contains("period: 7"));
    assert!(run.stdout.contains("P-positions up to 100: 0 2 7 9 14 16"));
    assert!(run.stdout.contains("certificate:"));
}

#[test]
fn heaps_sum_with_winning_moves() {
    let v = json(&["subtraction", "1,3,4", "7", "9", "12", "--json"]);
    assert_eq!(v["value"], 3);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([
            {"heap": 1, "from": 9, "to": 5, "take": 4},
            {"heap": 2, "from": 12, "to": 9, "take": 3}
        ])
    );
    let run = onag(&["subtraction", "1,3,4", "7", "9", "12"]);
    assert!(run.stdout.contains("heap 2: 12 -> 9 (take 3)"));
    // Beyond the table, through the proved period: 10^30 ≡ 1 (mod 7), g = 1.
    let v = json(&["subtraction", "1,3,4", "1000000000000000000000000000000", "--json"]);
    assert_eq!(v["value"], 1);
    assert_eq!(v["winning_moves"][0]["to"], "999999999999999999999999999999");
}

#[test]
fn all_but_and_rules() {
    let v = json(&["subtraction", "--all-but", "2,3,7", "--upto", "30", "--json"]);
    assert_eq!(v["period"], 4);
    assert_eq!(v["saltus"], 2);
    let v =
        json(&["subtraction", "--all-but", "2,3,7", "1000000000000000000000000000000", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
    let v = json(&["subtraction", "--rule", "squares", "--upto", "10", "--json"]);
    assert_eq!(v["sequence"], serde_json::json!([0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0]));
    assert_eq!(v["period"], serde_json::Value::Null);
    let run = onag(&["subtraction", "--rule", "primes", "--upto", "10"]);
    assert!(run.stdout.contains("no claim"));
    let v = json(&["subtraction", "--rule", "powers-of-2", "5", "6", "--json"]);
    assert!(v["outcome"] == "N" || v["outcome"] == "P");
}

#[test]
fn bad_input() {
    assert_error(&["subtraction"], "missing the subtraction set");
    assert_error(&["subtraction", ","], "subtraction set");
    assert_error(&["subtraction", "1,x"], "'x' is not a positive integer");
    assert_error(&["subtraction", "0,2"], "0 cannot be in a subtraction set");
    assert_error(&["subtraction", "1,2", "-4"], "must not be negative");
    assert_error(
        &["subtraction", "1,2", "--upto", "1000", "--max-positions", "100"],
        "--max-positions",
    );
    assert_error(&["subtraction", "--rule", "cubes"], "cubes");
    assert_error(&["subtraction", "--all-but", "2", "--rule", "squares"], "cannot be used");
    assert_error(&["subtraction", "--rule", "squares", "100000000000000000000"], "too large");
}

#[test]
fn all_but_nothing_is_nim() {
    let v = json(&["subtraction", "--all-but", "", "--upto", "12", "--json"]);
    assert_eq!(v["set"], "all but {}");
    assert_eq!(v["sequence"], serde_json::json!((0..=12).collect::<Vec<u32>>()));
    assert_eq!((v["period"].clone(), v["saltus"].clone()), (1.into(), 1.into()));
    // Nim's winning move: make the nim-sum 0 (5 ^ 9 = 12, so 9 -> 5).
    let v = json(&["subtraction", "--all-but", " ", "5", "9", "--json"]);
    assert_eq!(v["value"], 12);
    assert_eq!(v["winning_moves"], serde_json::json!([{"heap": 1, "from": 9, "to": 5, "take": 4}]));
    let run = onag(&["subtraction", "--all-but", "", "--upto", "3"]);
    assert!(run.stdout.contains("certificate: every amount may be taken"), "{}", run.stdout);
    // An empty plain set has no moves at all: still an error.
    assert_error(&["subtraction", ""], "the subtraction set is empty");
    assert_error(
        &["subtraction", "1,2", "--timeout", "0"],
        "invalid value '0' for '--timeout <SECONDS>': must be at least 1 second",
    );
}
