//! `onag octal`.

use crate::{assert_error, onag};

#[test]
fn kayles_summary_certifies_the_period() {
    let run = onag(&["octal", "0.77", "--upto", "1000000"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("period 12, preperiod 71"), "{}", run.stdout);
    assert!(run.stdout.contains("certified"), "{}", run.stdout);
}

#[test]
fn json_has_the_promised_keys() {
    let run = onag(&["octal", "0.07", "--upto", "300", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["sequence"].as_array().unwrap().len(), 301);
    assert_eq!(v["period"], 34);
    assert_eq!(v["preperiod"], 53);
    assert_eq!(v["saltus"], 0);
    let run = onag(&["octal", "4!.0", "--upto", "50", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert!(v["preperiod"].is_null() && v["period"].is_null());
}

#[test]
fn values_and_normalised_code() {
    let run = onag(&["octal", "04.30", "--upto", "5"]);
    assert!(run.stdout.contains("code: 4.3"), "{}", run.stdout);
    let run = onag(&["octal", "4!.0", "--values", "0..20"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "0: 0 0 0 1 0 2 1 0 2 1\n10: 0 2 1 3 2 1 3 2 4 3\n20: 0\n");
}

#[test]
fn sums_genus_plot_and_output() {
    let run = onag(&["octal", "0.77", "--sum", "4,2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("nim value: 3"), "{}", run.stdout);
    assert!(run.stdout.contains("misère value"), "{}", run.stdout);
    let run = onag(&["octal", "4!.0", "--genus", "13..13"]);
    assert_eq!(run.stdout, "13: 3^1431\n");
    let dir = std::env::temp_dir().join(format!("onag-octal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("k.svg");
    let txt = dir.join("k.txt");
    let run = onag(&[
        "octal",
        "0.77",
        "--upto",
        "100",
        "--plot",
        svg.to_str().unwrap(),
        "--output",
        txt.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    assert_eq!(std::fs::read_to_string(&txt).unwrap().lines().count(), 101);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_a_one_line_error() {
    assert_error(&["octal", "0."], "CODE:1:3");
    assert_error(&["octal", "1.2.3"], "only one '.'");
    assert_error(&["octal", ""], "empty");
    assert_error(&["octal", "0.77", "--upto", "99999999999"], "--upto");
    assert_error(&["octal", "0.77", "--output", "/nonexistent/dir/x"], "cannot write");
    assert_error(&["octal", "0.77", "--values", "5..2"], "empty range");
    assert_error(&["octal", "0.77", "--upto", "1000", "--max-positions", "10"], "limit");
}
