//! `onag retro` and `onag easy-chase`: games with cycles end to end, and their
//! one-line errors.

use std::path::PathBuf;

use crate::{assert_error, onag};

/// Writes `text` to a fresh file named `name` in a per-test folder.
fn file(test: &str, name: &str, text: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("loopy-cli").join(test);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn json(args: &[&str]) -> serde_json::Value {
    let run = onag(args);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

const PARTIZAN: &str = "start [L]: a b\na [R]: start end\nb [R win]:\nend [L]:\n";
const IMPARTIAL: &str = "x: y end\ny: x\nend:\nloop: loop\n";

#[test]
fn retro_values_every_position() {
    let g = file("values", "g.txt", IMPARTIAL);
    let v = json(&["retro", &g, "--json"]);
    assert_eq!(v["partizan"], false);
    assert_eq!(v["counts"], serde_json::json!({"win": 1, "loss": 2, "draw": 1}));
    assert_eq!(
        v["positions"],
        serde_json::json!([
            {"name": "x", "result": "win", "distance": 1, "best_move": "end"},
            {"name": "y", "result": "loss", "distance": 2, "best_move": "x"},
            {"name": "end", "result": "loss", "distance": 0, "best_move": null},
            {"name": "loop", "result": "draw", "distance": null, "best_move": "loop"},
        ])
    );
    let text = onag(&["retro", &g]).stdout;
    assert!(text.contains("  y     loss in 2  -> x"), "{text}");
    // The player who cannot move wins: x's move to the end hands the win to
    // the opponent, so x and y circle forever (a draw).
    let v = json(&["retro", &g, "--terminal", "win", "--json"]);
    assert_eq!(v["positions"][2]["result"], "win");
    assert_eq!(v["positions"][0]["result"], "draw");
}

#[test]
fn retro_partizan_position_with_best_move() {
    let g = file("partizan", "p.txt", PARTIZAN);
    let v = json(&["retro", &g, "--position", "start", "--json"]);
    assert_eq!(v["position"], "start");
    assert_eq!(v["to_move"], "left");
    assert_eq!(v["result"], "loss");
    assert_eq!(v["distance"], 2);
    assert_eq!(v["winner"], "right");
    assert_eq!(v["best_move"], "a");
    let text = onag(&["retro", &g, "--position", "a"]).stdout;
    assert!(text.contains("result for the player to move: win in 1 (Right wins)"), "{text}");
    assert!(text.contains("best move: end"), "{text}");
}

#[test]
fn retro_bad_input() {
    let unknown_tag = file("bad", "tag.txt", "a [L]: b\nb [Q]: a\n");
    assert_error(&["retro", &unknown_tag], &format!("{unknown_tag}:2:3: unknown tag `Q`"));
    let partial = file("bad", "partial.txt", "a [L]: b\nb: a\n");
    assert_error(&["retro", &partial], &format!("{partial}:2:1: `b` has no side tag"));
    let unknown = file("bad", "unknown.txt", "a: b\n");
    assert_error(&["retro", &unknown], &format!("{unknown}:1:4"));
    let malformed = file("bad", "malformed.txt", "a b c\n");
    assert_error(&["retro", &malformed], &format!("{malformed}:1:"));
    let g = file("bad", "g.txt", IMPARTIAL);
    assert_error(&["retro", &g, "--position", "zz"], "--position zz: no position `zz`");
    assert_error(&["retro", &g, "--max-positions", "2"], "exceed the limit");
    assert_error(&["retro", "/nonexistent/g.txt"], "cannot read /nonexistent/g.txt");
}

#[test]
fn easy_chase_one_position() {
    let v = json(&[
        "easy-chase",
        "--n",
        "20",
        "--white",
        "1,1",
        "--black",
        "3,3",
        "--to-move",
        "white",
        "--json",
    ]);
    assert_eq!(v["winner"], "black");
    assert_eq!(v["moves"], 6);
    assert_eq!(v["best_move"]["piece"], "white");
    assert_eq!(v["best_move"]["from"], "1,1");
    // Black next to white, black to move: captured in one move.
    let v = json(&[
        "easy-chase",
        "--n",
        "5",
        "--white",
        "2,2",
        "--black",
        "2,4",
        "--to-move",
        "black",
        "--json",
    ]);
    assert_eq!(v["winner"], "black");
    assert_eq!(v["moves"], 1);
    assert_eq!(v["best_move"], serde_json::json!({"piece": "black", "from": "2,4", "to": "2,2"}));
    let text = onag(&["easy-chase", "--n", "20", "--white", "1,1", "--black", "3,3"]).stdout;
    assert!(text.contains("winner: black"), "{text}");
    assert!(text.contains("moves: 6"), "{text}");
    assert!(text.contains("best move: white 1,1 -> "), "{text}");
}

#[test]
fn easy_chase_table() {
    let v = json(&["easy-chase", "--n", "2", "--table", "--json"]);
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 2 * 4 * 3);
    let counts = &v["counts"];
    let total = counts["white"].as_u64().unwrap()
        + counts["black"].as_u64().unwrap()
        + counts["draw"].as_u64().unwrap();
    assert_eq!(total, 24);
    let text = onag(&["easy-chase", "--n", "3", "--table"]).stdout;
    assert_eq!(text.lines().count(), 2 + 2 * 9 * 8, "{text}");
}

#[test]
fn easy_chase_bad_input() {
    let base = ["easy-chase", "--white", "1,1", "--black", "2,2"];
    let with = |extra: &[&str]| -> Vec<String> {
        base.iter().chain(extra).map(|s| s.to_string()).collect()
    };
    for (extra, needle) in [
        (&["--n", "1"][..], "--n: board size 1 is out of range (2 to 100)"),
        (&["--n", "101"][..], "board size 101 is out of range"),
        (&["--n", "-3"][..], "-3"),
    ] {
        let args = with(extra);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_error(&args, needle);
    }
    assert_error(
        &["easy-chase", "--n", "5", "--white", "0,1", "--black", "2,2"],
        "--white: square '0,1' is off the 5x5 board",
    );
    assert_error(
        &["easy-chase", "--n", "5", "--white", "1,1", "--black", "6,2"],
        "--black: square '6,2' is off the 5x5 board",
    );
    assert_error(
        &["easy-chase", "--n", "5", "--white", "1;1", "--black", "2,2"],
        "--white: '1;1' is not a square",
    );
    assert_error(
        &["easy-chase", "--n", "5", "--white", "3,3", "--black", "3,3"],
        "both pieces on square 3,3",
    );
    assert_error(&["easy-chase", "--n", "5", "--white", "3,3"], "--black");
    assert_error(&["easy-chase", "--n", "5", "--table", "--white", "1,1"], "--table");
}

#[test]
fn graph_loopy_values() {
    // a loops on itself and reaches 0 (end) and 1 (b): ∞(0,1). c <-> d with
    // an exit from c to the end: d = 0 (c answers d's move by moving to the
    // end), c = 1.
    let g = file("graph-loopy", "l.txt", "a: end b a\nend:\nb: end\nc: d end\nd: c\nx: x\n");
    let v = json(&["graph", &g, "--loopy", "--json"]);
    assert_eq!(v["position"], "a");
    assert_eq!(v["value"], serde_json::json!({"infinite": [0, 1]}));
    assert_eq!(v["text"], "∞(0,1)");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"], serde_json::json!([{"from": "a", "to": "end"}]));
    let texts: Vec<&str> =
        v["positions"].as_array().unwrap().iter().map(|p| p["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["∞(0,1)", "0", "1", "1", "0", "∞"]);
    let v = json(&["graph", &g, "--loopy", "--position", "x", "--json"]);
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["drawing_moves"], serde_json::json!([{"from": "x", "to": "x"}]));
    // ∞(0,1) + 1 = ∞(1,0): the move a -> b makes 1 + 1 = 0.
    let text = onag(&["graph", &g, "--loopy", "--sum", "a", "b"]).stdout;
    assert!(text.contains("value: ∞(0,1)"), "{text}");
    assert!(text.contains("winning moves: component 0: a -> b"), "{text}");
    let tagged = file("graph-loopy", "t.txt", "a [L]: a\n");
    assert_error(&["graph", &tagged, "--loopy"], "tags are not used");
    assert_error(&["graph", &g, "--loopy", "--misere"], "--misere");
}
