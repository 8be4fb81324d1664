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
    // Issue 40: a file mixing coloured and uncoloured lines was refused at
    // its first coloured line (by the green reader), not where it goes wrong.
    std::fs::write(&path, "G a\na b r\nb c\nc d e f\n").unwrap();
    assert_error(&["hackenbush", file], &format!("{file}:4:7: an edge is 'A B' or 'A B colour'"));
    std::fs::write(&path, "G a\na b l\nb c purple\n").unwrap();
    assert_error(&["hackenbush", file], &format!("{file}:3:5: unknown colour 'purple'"));
    std::fs::remove_file(&path).unwrap();
    assert_error(&["hackenbush", "/nonexistent/onag/graph.txt"], "cannot read");
    assert_error(&["hackenbush", "--string", "e(e;e"], "--string:1:2");
    assert_error(&["hackenbush", "--string", "elx"], "--string:1:3");
    assert_error(&["hackenbush"], "FILE");
}

#[test]
fn coloured_pictures_name_each_players_winning_cuts_by_line() {
    // A blue-red-green stalk, a red edge and a green edge on the ground; a
    // blue edge in the air (ignored). lre is 1/2*... its sum with -1 and *:
    // the engine's value, checked here against the Blue-Red-Green rules by
    // the cuts it allows.
    let picture = "G a l\na b r\nb c\nG d r\nG e e\nx y l\n";
    let run = onag_with_stdin(&["hackenbush", "-", "--json"], picture);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["value"], "-1/2");
    assert_eq!(v["outcome"], "R");
    assert_eq!(v["winner_if_left_starts"], "Right");
    assert_eq!(v["left_winning_cuts"].as_array().unwrap().len(), 0);
    let right: Vec<u64> = v["right_winning_cuts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["line"].as_u64().unwrap())
        .collect();
    assert_eq!(right, vec![3, 5]);
    // The same picture as strings: l-r-e on one stalk, r and e beside it.
    let run = onag(&["hackenbush", "--string", "(lre;r;e)"]);
    assert!(run.stdout.contains("value: -1/2"), "{}", run.stdout);
}

#[test]
fn blue_red_stalks_by_berlekamps_rule_and_comparisons() {
    let run = onag(&["hackenbush", "--string", "lrlrrllr"]);
    assert!(run.stdout.starts_with("value: 77/128\n"), "{}", run.stdout);
    assert!(run.stdout.contains("if Right starts: Left wins"), "{}", run.stdout);
    let run = onag(&["hackenbush", "--string", "lr", "--string", "rl"]);
    assert!(run.stdout.contains("value: 0\noutcome: P"), "{}", run.stdout);
    assert!(run.stdout.contains("if Left starts: Right wins"), "{}", run.stdout);
    // lr = 1/2 is not at least as good as l = 1, but l(l;rl) = 3/2 is.
    let run = onag(&["hackenbush", "--string", "lr", "--versus", "l"]);
    assert!(
        run.stdout.contains("relation: 1/2 < 1\nat least as good for Left: no"),
        "{}",
        run.stdout
    );
    let run = onag(&["hackenbush", "--string", "l(l;rl)", "--versus", "l", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["relation"], ">");
    assert_eq!(v["at_least_as_good_for_left"], true);
    assert_error(&["hackenbush", "--string", "l(x"], "--string:1:3");
    assert_error(&["hackenbush", "--versus", "l"], "FILE");
    assert_error(&["hackenbush", "--string", "lr", "--versus", "q"], "--versus:1:1");
}

#[test]
fn a_string_with_a_stray_character_names_every_colour() {
    assert_error(
        &["hackenbush", "--string", "eex"],
        "expected an edge ('l', 'r', 'e'), '(', ';' or ')', found 'x'",
    );
    assert_error(&["hackenbush", "--string", "e(e"], "unclosed '('");
}
