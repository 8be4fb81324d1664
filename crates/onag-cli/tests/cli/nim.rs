//! `onag nim`.

use crate::{assert_error, onag};

#[test]
fn seed_example_json_has_exactly_the_promised_keys() {
    let run = onag(&["nim", "13", "12", "8", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout.trim(),
        r#"{"nim_sum":9,"outcome":"N","winning_moves":[{"heap":0,"from":13,"to":4},{"heap":1,"from":12,"to":5},{"heap":2,"from":8,"to":1}]}"#
    );
}

#[test]
fn text_output_lists_the_moves() {
    let run = onag(&["nim", "13", "12", "8"]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("nim-sum: 9"));
    assert!(run.stdout.contains("heap 0: 13 -> 4"));
    assert!(run.stdout.contains("heap 1: 12 -> 5"));
    assert!(run.stdout.contains("heap 2: 8 -> 1"));
}

#[test]
fn heaps_beyond_64_bits() {
    let big = "340282366920938463463374607431768211457"; // 2^128 + 1
    let run = onag(&["nim", big, "1", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["nim_sum"], "340282366920938463463374607431768211456");
    assert_eq!(v["winning_moves"][0]["to"], 1);
}

#[test]
fn bad_heaps_are_rejected() {
    assert_error(&["nim", "-3"], "must not be negative");
    assert_error(&["nim", "x"], "not a non-negative integer");
    assert_error(&["nim"], "HEAP");
}
