//! `onag coins`.

use crate::{assert_error, onag, onag_with_stdin};

#[test]
fn mock_turtles_strip() {
    let run = onag(&["coins", "mock", "hthht"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Values 1 2 4 7 8; heads at 1, 3, 4 → 1 ⊕ 4 ⊕ 7 = 2.
    assert!(run.stdout.contains("coin values: 1 2 4 7 8"), "{}", run.stdout);
    assert!(run.stdout.contains("value: *2"));
    assert!(run.stdout.contains("  1,3,4\n"));
}

#[test]
fn json_has_the_promised_keys() {
    let run = onag(&["coins", "1-3C", "tthhth", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout.trim(),
        r#"{"rule":"1-3C","code":"1-3C","values":[1,2,1,2,1,2],"value":1,"outcome":"N","winning_moves":[[2,3,4],[3],[4,5,6]]}"#
    );
    let run = onag(&["coins", "ruler", "tttt", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["values"], serde_json::json!([1, 2, 1, 4]));
    assert_eq!(v["outcome"], "P");
}

#[test]
fn products_from_files_and_stdin() {
    let dir = std::env::temp_dir().join(format!("onag-coins-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.txt");
    // Turning Corners: the coin in row 9, column 5 is worth 8 ⊗ 4 = 11.
    let mut board = String::new();
    for row in 1..=9 {
        board.push_str(if row == 9 { "tttth\n" } else { "ttttt\n" });
    }
    std::fs::write(&file, board).unwrap();
    let path = file.to_str().unwrap();
    let run = onag(&["coins", "--product", "corners", path, "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["value"], 11);
    assert_eq!(v["rules"], serde_json::json!(["twins", "twins"]));
    assert_eq!(v["winning_moves"][0]["turn"].as_array().map(Vec::len), Some(2));

    let run = onag_with_stdin(&["coins", "--product", "mock", "ruler", "twins", "-"], "2 2 2\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("value: *3"), "{}", run.stdout);
    assert!(run.stdout.contains("  2 × 2 × 1,2"), "{}", run.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_a_one_line_error() {
    assert_error(&["coins", "mock", "hxt"], "COINS:1:2: expected 'h'");
    assert_error(&["coins", "1-3Q", "hh"], "rule 1-3Q:1:4:");
    assert_error(&["coins", "xyz", "hh"], "unknown rule name");
    assert_error(&["coins", "3-1", "hh"], "empty range");
    assert_error(&["coins", "mock"], "expected RULE and COINS");
    assert_error(&["coins", "--product", "mock", "/nonexistent/board"], "cannot read board");
    let run = onag_with_stdin(&["coins", "--product", "mock", "ruler", "-"], "h\nx\n");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("stdin:2:1"), "{}", run.stderr);
    let long = "h".repeat(40);
    assert_error(&["coins", "motley", &long], "strip too long");
}
