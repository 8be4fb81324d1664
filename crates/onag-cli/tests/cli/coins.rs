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

#[test]
fn a_rule_reaching_past_the_strip_costs_nothing_more() {
    // 21 coins: `upto:4096`, `1-4096` and `upto:1000` are all `1+` here. The
    // position limit is far above what `1+` needs and far below what tables
    // sized by the rule's bound (4096 counts) would take.
    let coins = "h".repeat(21);
    let motley = onag(&["coins", "1+", &coins, "--json"]);
    assert_eq!(motley.code, 0, "{}", motley.stderr);
    let v: serde_json::Value = serde_json::from_str(&motley.stdout).unwrap();
    for rule in ["upto:4096", "1-4096", "upto:1000"] {
        let run = onag(&["--max-positions", "20000000", "coins", rule, &coins, "--json"]);
        assert_eq!(run.code, 0, "{rule}: {}", run.stderr);
        let w: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(w["values"], v["values"], "{rule}");
        assert_eq!(w["value"], v["value"], "{rule}");
        assert_eq!(w["rule"], rule, "the rule is shown as given");
    }
    // A count no strip of 21 coins can reach allows no move.
    let run = onag(&["coins", "4096+", &coins]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("value: *0"), "{}", run.stdout);
}

#[test]
fn empty_input_is_rejected() {
    assert_error(&["coins", "mock", ""], "COINS: empty strip (give h/t coins)");
    let dir = std::env::temp_dir().join(format!("onag-coins-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in [("empty.txt", ""), ("blank.txt", "\n  \n")] {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let path = file.to_str().unwrap();
        assert_error(
            &["coins", "--product", "corners", path],
            &format!("{path}: the board is empty"),
        );
    }
    let run = onag_with_stdin(&["coins", "--product", "mock", "-"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.starts_with("error: stdin: the board is empty"), "{}", run.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}
