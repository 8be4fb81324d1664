//! `onag solve EXPR`: who wins a sum written as in the calculator, printed
//! as `onag RULESET --outcome` prints it; errors, limits and Ctrl-C.

use std::process::{Command, Stdio};
use std::time::Duration;

use crate::{assert_error, assert_stops, onag};

const EIGHT_BY_EIGHT: &str =
    "........|........|........|........|........|........|........|........";

#[test]
fn a_mixed_sum_is_solved_in_text() {
    let run = onag(&["solve", r#"Domineering("....|....|....") + Clobber("xo|ox") + *2 + 1/2"#]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        r#"Domineering.Position("....|....|....") + GenClobber.Position("xo|ox") + *2 + 1/2"#
    );
    // As the canonical form of the sum says: Right wins.
    let value = onag(&[
        "eval",
        r#"(Domineering("....|....|....") + Clobber("xo|ox") + *2 + 1/2).CanonicalForm.OutcomeClass"#,
    ]);
    assert_eq!(value.stdout.trim(), "R");
    assert_eq!(lines[1], "outcome: R (Right wins, whoever starts)");
    assert_eq!(lines[2], "Left moving first loses");
    assert!(lines[3].starts_with("Right moving first wins, e.g. in position "), "{}", run.stdout);
    assert!(lines[4].starts_with("searched "), "{}", run.stdout);
    assert_eq!(lines.len(), 5, "{}", run.stdout);
}

#[test]
fn json_is_that_of_outcome() {
    let board = "......|......|......|......|......";
    let solved = onag(&["solve", "--json", &format!("Domineering(\"{board}\")")]);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let s: serde_json::Value = serde_json::from_str(&solved.stdout).unwrap();
    let outcome = onag(&["domineering", "--outcome", "--json", board]);
    let o: serde_json::Value = serde_json::from_str(&outcome.stdout).unwrap();
    for key in ["outcome", "nodes"] {
        assert_eq!(s[key], o[key], "{key}: {s} {o}");
    }
    for side in ["left_first", "right_first"] {
        assert_eq!(s[side]["wins"], o[side]["wins"], "{s} {o}");
        assert_eq!(s[side]["nodes"], o[side]["nodes"], "{s} {o}");
    }
    assert_eq!(s["right_first"]["move"]["component"], 1);
    let moved = s["right_first"]["move"]["position"].as_str().unwrap();
    let expected = o["right_first"]["move"]["position"].as_str().unwrap();
    assert_eq!(moved, format!("Domineering.Position(\"{expected}\")"));
    assert_eq!(s["positions"][0], format!("Domineering.Position(\"{board}\")"));
    assert!(s.get("ruleset").is_none(), "{s}");
    assert!(s["seconds"].as_f64().is_some(), "{s}");

    // A subtracted position is the negative: G - G is a second-player win.
    let run = onag(&["solve", "--json", r#"g := Clobber("xoxo|oxox"); g + *2 - g + *2"#]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["outcome"], "P", "{v}");
    assert_eq!(v["left_first"]["move"], serde_json::Value::Null);
    assert_eq!(v["positions"][2], r#"-GenClobber.Position("xoxo|oxox")"#);
}

#[test]
fn bad_input_is_one_line_with_its_column() {
    assert_error(&["solve", r#"Domineering("..") + [1]"#], "expression:1:21: solve needs a game");
    assert_error(
        &["solve", r#"Domineering("..") + on"#],
        "expression:1:21: solve needs short games",
    );
    assert_error(&["solve", r#"Domineering("..") + {1|"#], "expression:1:21:");
    assert_error(&["solve", "1/3"], "dyadic");
    assert_error(&["solve", r#"Domineering("..x")"#], "expression:1:");
    assert_error(&["solve", "*2;"], "nothing is left to solve");
}

#[test]
fn limits_stop_the_search_as_they_stop_outcome() {
    let sum = format!("Domineering(\"{EIGHT_BY_EIGHT}\") + *");
    assert_stops(
        &["solve", "--timeout", "1", &sum],
        Duration::from_secs(20),
        2,
        "time limit reached (raise --timeout)",
    );
    assert_stops(
        &["domineering", "--outcome", "--timeout", "1", EIGHT_BY_EIGHT],
        Duration::from_secs(20),
        2,
        "time limit reached (raise --timeout)",
    );
    assert_error(&["solve", "--max-positions", "2000", &sum], "exceed the limit of 2000");
}

#[test]
fn ctrl_c_stops_the_search() {
    let sum = format!("Domineering(\"{EIGHT_BY_EIGHT}\") + *");
    let child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["solve", "-q", &sum])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("onag runs");
    // Long enough for the handler to be installed, even on a loaded machine.
    std::thread::sleep(Duration::from_millis(2000));
    let pid = child.id().to_string();
    let sent = Command::new("kill").args(["-INT", &pid]).status().expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("onag ends");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
