//! `onag loopy`: values, outcomes with draws, moves, files and errors.

use crate::{assert_error, onag};

#[test]
fn values_and_outcomes() {
    let run = onag(&["loopy", "on + off"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "value: dud\noutcome: D (Left moving first: draw; Right moving first: draw)\n\
         Left moves keeping the result: pass\nRight moves keeping the result: pass\n"
    );
    let run = onag(&["loopy", "{pass|*}"]);
    assert!(run.stdout.starts_with("value: ^[on]\noutcome: L "), "{}", run.stdout);
    assert!(run.stdout.contains("Right moves keeping the result: *\n"), "{}", run.stdout);
    let run = onag(&["loopy", "a{0||||0|||a|*||*}"]);
    assert!(run.stdout.starts_with("value: a{0||||0|||a|*||*}\n"), "{}", run.stdout);
    let run = onag(&["loopy", "2 & {1|-1}"]);
    assert_eq!(run.stdout.lines().next(), Some("value: 2 & +-1"));
}

#[test]
fn json_report() {
    let run = onag(&["loopy", "over", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["value"], "over");
    assert_eq!(v["stopper"], true);
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["nodes"], 2);
    assert_eq!(v["left_moves"][0]["value"], "0");
    assert_eq!(v["right_moves"][0]["move"], "pass");
}

#[test]
fn files_name_the_moves() {
    let dir = std::env::temp_dir().join(format!("onag-loopy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("over.loopy");
    std::fs::write(&path, "# over\ntop: zero | top\nzero: |\n").unwrap();
    let p = path.to_str().unwrap();
    let run = onag(&["loopy", p]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("value: over\n"), "{}", run.stdout);
    assert!(run.stdout.contains("Left moves keeping the result: zero\n"), "{}", run.stdout);
    std::fs::write(&path, "top: zero | top\n").unwrap();
    assert_error(&["loopy", p], "unknown position `zero`");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_is_one_line() {
    assert_error(&["loopy", "pass"], "Unexpected pass.");
    assert_error(&["loopy", "{0|x}"], "unknown name `x`");
    assert_error(&["loopy", "{0|"], "unclosed");
    assert_error(&["loopy", "off & on"], "onside must be");
    assert_error(&["loopy", "upon + upon + upon + upon", "--max-positions", "3"], "");
}

#[test]
fn a_missing_file_is_named() {
    assert_error(&["loopy", "/missing/file"], "no such file: /missing/file");
    assert_error(&["loopy", "games/over.loopy"], "no such file: games/over.loopy");
    assert_error(&["loopy", "over.loopy"], "no such file: over.loopy");
    let dir = std::env::temp_dir();
    let d = dir.to_str().unwrap();
    assert_error(&["loopy", d], "is not a file");
    // A broken literal with a fraction stays a literal's error.
    let run = onag(&["loopy", "1/2 +"]);
    assert_eq!(run.code, 2);
    assert!(!run.stderr.contains("no such file"), "{}", run.stderr);
}

#[test]
fn backsliding_toads_and_frogs() {
    let run = onag(&["loopy", "--backsliding", "t."]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("value: on\n"), "{}", run.stdout);
    assert!(run.stdout.contains("Left moves keeping the result: .t\n"), "{}", run.stdout);
    let run = onag(&["loopy", "--backsliding", "tf"]);
    assert!(run.stdout.starts_with("value: 0\n"), "{}", run.stdout);
    assert_error(&["loopy", "--backsliding", "t.x"], "only t, f and .");
}

#[test]
fn a_memory_limit_stops_a_large_order_table() {
    // 54 positions: an order table of 5832 states, some 30 KB.
    assert_error(&["loopy", "--max-memory", "1000", "upon + upon + upon + over"], "memory limit");
}

#[test]
fn fox_and_geese() {
    // Winning Ways, chapter 20: the opening position is 2 + over.
    let run = onag(&["loopy", "--fox-and-geese", "(8,2),(8,4),(8,6),(8,8);(1,5)"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("value: 2over\noutcome: L "), "{}", run.stdout);
    assert!(run.stdout.contains("Left moves keeping the result: goose (8,"), "{}", run.stdout);
    // Two geese on a board 4 wide: the table has a value on every square of
    // the fox's colour below them, and `#` on the geese.
    let run = onag(&["loopy", "--fox-and-geese", "--width", "4", "(4,2),(4,4)"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines[1].starts_with("  4 ") && lines[1].contains('#'), "{}", run.stdout);
    assert_eq!(lines.len(), 6, "{}", run.stdout);
    let run = onag(&["loopy", "--fox-and-geese", "--width", "4", "(4,2),(4,4)", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["top_row"], 4);
    assert_eq!(v["rows"].as_array().map(Vec::len), Some(4));
    // Each cell of the table is the value of that position.
    let cell = v["rows"][3][0].as_str().unwrap().to_string();
    let one = onag(&["loopy", "--fox-and-geese", "--width", "4", "(4,2),(4,4);(1,1)"]);
    assert!(one.stdout.starts_with(&format!("value: {cell}\n")), "{} vs {cell}", one.stdout);
    assert_error(&["loopy", "--fox-and-geese", "(8,2);(1,2)"], "not a square");
    assert_error(&["loopy", "--fox-and-geese", "(8,x)"], "not a row or column");
    assert_error(&["loopy", "--width", "4", "over"], "--fox-and-geese");
}
