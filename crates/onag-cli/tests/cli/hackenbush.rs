//! `onag hackenbush`.

use crate::{assert_error, onag, onag_with_stdin};

/// Seed 004's first tree, the described picture of the second (worth 8) and a
/// stalk of 4 for the third: a sum worth 13. Line 1 is a comment.
const SUM_13: &str = "# trees of figure 3.1\nG 2\n2 1\n2 w\n1 x\n1 y\nG r\nr a1\na1 a2\na2 a3\nr b1\nb1 b2\nr c1\nc1 c2\nc2 c3\nc3 c4\nc4 c5\nc5 c6\nG d1\nd1 d2\nd2 d3\nd3 d4\n";

#[test]
fn seed_sum_json_lists_every_winning_cut_with_its_line() {
    let run = onag_with_stdin(&["hackenbush", "-", "--all", "--json"], SUM_13);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout.trim(),
        r#"{"value":13,"outcome":"N","winning_moves":[{"line":8,"from":"r","to":"a1"},{"line":12,"from":"b1","to":"b2"},{"line":18,"from":"c5","to":"c6"}]}"#
    );
}

#[test]
fn text_output_gives_one_cut() {
    let run = onag_with_stdin(&["hackenbush", "-"], SUM_13);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("value: *13"), "{}", run.stdout);
    assert!(run.stdout.contains("outcome: N"));
    assert!(run.stdout.contains("winning cut: line 8: r a1"), "{}", run.stdout);
}

#[test]
fn loops_cycles_and_floating_edges() {
    // A triangle on the floor (worth 1) and a loop at the ground (worth 1): 0.
    let run = onag_with_stdin(&["hackenbush", "-", "--json"], "G a\na b\nb G\nG G\nx y\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.trim(), r#"{"value":0,"outcome":"P","winning_moves":[]}"#);
    let run = onag_with_stdin(&["hackenbush", "-"], "G a\na b\nb G\nG G\nx y\n");
    assert!(run.stdout.contains("ignored: 1 edge"), "{}", run.stdout);
    assert!(run.stdout.contains("none"), "{}", run.stdout);
}

#[test]
fn strings_in_cgsuite_notation() {
    let run = onag(&["hackenbush", "--string", "e(ee;e)", "--string", "eee", "--json", "--all"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // e(ee;e) = 1 + (2 ⊕ 1) = 4 and eee = 3: *7; the only winning cut is the
    // single-edge branch (column 6), leaving 3 + 3.
    assert_eq!(
        run.stdout.trim(),
        r#"{"value":7,"outcome":"N","winning_moves":[{"line":1,"from":"1.1","to":"1.6"}]}"#
    );
    let run = onag(&["hackenbush", "--string", "e(ee;e)", "--string", "eee"]);
    assert!(
        run.stdout.contains("winning cut: string 1, the edge at column 6 (1.1 to 1.6)"),
        "{}",
        run.stdout
    );
    let run = onag(&["hackenbush", "--string", "e(ee;e)"]);
    assert!(run.stdout.contains("string 1, the edge at column 1 (G to 1)"), "{}", run.stdout);
}

#[test]
fn bad_input_is_a_one_line_error_naming_the_line() {
    let path = std::env::temp_dir().join(format!("onag-hackenbush-{}.txt", std::process::id()));
    std::fs::write(&path, "G a\na b c\n").unwrap();
    let file = path.to_str().unwrap();
    assert_error(&["hackenbush", file], &format!("{file}:2:5"));
    std::fs::write(&path, "G a\n\nb\n").unwrap();
    assert_error(&["hackenbush", file], &format!("{file}:3:"));
    std::fs::write(&path, "").unwrap();
    assert_error(&["hackenbush", file], "no edges");
    std::fs::write(&path, "# only\n a b\n").unwrap();
    assert_error(&["hackenbush", file], "ground");
    std::fs::remove_file(&path).unwrap();
    assert_error(&["hackenbush", "/nonexistent/onag/graph.txt"], "cannot read");
    assert_error(&["hackenbush", "--string", "e(e;e"], "--string:1:2");
    assert_error(&["hackenbush", "--string", "elr"], "green");
    assert_error(&["hackenbush"], "FILE");
}
