//! `onag <ruleset> POSITION...` and `onag rulesets`: values, winning moves for
//! each player, sums, tables, JSON and one-line errors.

use crate::{assert_error, onag};

#[test]
fn a_position_with_its_value_and_each_players_winning_moves() {
    let run = onag(&["domineering", "...|..."]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.starts_with("Domineering ...|...\nvalue: {2|-1/2}\n"), "{out}");
    assert!(out.contains("outcome: N (the player to move wins)"), "{out}");
    assert!(out.contains("mean: 3/4"), "{out}");
    assert!(out.contains("temperature: 5/4"), "{out}");
    // Left's vertical domino in the middle leaves two columns: 2, a win.
    assert!(out.contains("Left's winning moves (1):\n  .#.|.#.   (then 2)"), "{out}");
    // Right's dominoes leave -1/2 (a win for Right moving second).
    assert!(out.contains("Right's winning moves (4):"), "{out}");
}

#[test]
fn several_positions_are_a_sum_and_json_lists_moves() {
    let run = onag(&["domineering", "..|..", ".|.", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["value"], "{2|0}");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["ruleset"], "game.grid.Domineering");
    assert_eq!(v["left_winning_moves"].as_array().unwrap().len(), 2);
    assert_eq!(v["left_winning_moves"][0]["component"], 1);
    assert_eq!(v["left_winning_moves"][0]["position"], "#.|#.");
    assert_eq!(v["right_winning_moves"][1]["value"], "0");
}

#[test]
fn impartial_rulesets_give_nim_values_and_tables() {
    let run = onag(&["cram", "...."]);
    assert!(run.stdout.contains("value: *2\nnim value: 2\n"), "{}", run.stdout);
    let run = onag(&["cram", "--table", "2x4", "--quiet"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "1x1  0\n1x2  *\n1x3  *\n1x4  *2\n2x1  *\n2x2  0\n2x3  *\n2x4  0\n");
    let run = onag(&["domineering", "--table", "2x2", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v[3]["value"], "+-1");
    assert!(run.stderr.contains("2x2: "), "{}", run.stderr);
}

#[test]
fn rulesets_are_listed_and_named_either_way() {
    let run = onag(&["rulesets"]);
    assert!(run.stdout.contains("domineering") && run.stdout.contains("game.grid.Cram"));
    let run = onag(&["Domineering", "..|.."]);
    assert!(run.stdout.contains("value: +-1"), "{}", run.stdout);
    let run = onag(&["domineering", "--help"]);
    assert!(run.stdout.contains("onag domineering '"), "{}", run.stdout);
}

#[test]
fn bad_positions_are_one_line_errors() {
    assert_error(&["domineering", "..|."], "equal lengths");
    assert_error(&["domineering", "..", "x"], "position 2:1:1: unexpected 'x'");
    assert_error(&["domineering", "-.."], "goes after '--'");
    assert_error(&["domineering", "..", "--param", "k=1"], "no parameter k");
    assert_error(&["domineering", "--table", "7"], "ROWSxCOLUMNS");
    assert_error(&["dominoes", ".."], "dominoes");
    assert_error(&["domineering", &["..........."; 12].join("|")], "at most 128 cells");
    assert_error(&["domineering", "....|....|....|....", "--max-positions", "5"], "limit");
}

#[test]
fn every_rulesets_example_runs_from_its_help() {
    for r in onag::ruleset::catalog::rulesets() {
        let command = r.command();
        let mut args: Vec<String> = vec![command.clone()];
        for p in r.params.iter().filter(|p| p.default.is_none()) {
            args.push("--param".into());
            args.push(format!("{}={}", p.name, p.example));
        }
        args.push("--json".into());
        args.push("--".into());
        args.push(r.example.to_string());
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = onag(&refs);
        // `hackenbush` is its own subcommand and reads a picture file.
        if command == "hackenbush" {
            continue;
        }
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert!(v["value"].is_string(), "{args:?}: {}", run.stdout);
        let help = onag(&[&command, "--help"]);
        assert!(help.stdout.contains(&format!("onag {command}")), "{command} --help");
        let first: Vec<&str> = help.stdout.lines().take_while(|l| !l.is_empty()).collect();
        assert_eq!(
            first.join(" "),
            format!("{}: {}", r.name, r.about),
            "{command} --help says what it is"
        );
    }
}

#[test]
fn a_table_past_the_board_limit_is_refused_before_any_work() {
    assert_error(
        &["domineering", "--table", "100x100"],
        "--table 100x100: the largest rectangle is not a board here",
    );
}

#[test]
fn a_parameter_the_ruleset_refuses_is_named_as_the_option() {
    assert_error(
        &["partizan-subtraction", "--param", "leftSet=[1,0]", "--param", "rightSet=[2]", "5"],
        "--param leftSet: each entry of leftSet must be an integer from 1",
    );
    // Refused by the ruleset's own rules, not by the parameter's type.
    assert_error(
        &["gen-toads-and-frogs", "--param", "minSlide=-1", "t.f"],
        "--param minSlide: minSlide = -1 lets pieces slide backwards",
    );
    assert_error(
        &["gen-clobber", "--param", "maxDistance=zero", "xo"],
        "--param maxDistance: maxDistance must be a positive integer or inf",
    );
    assert_error(
        &["gen-cutcake", "--param", "leftRuleset=4.x", "--param", "rightRuleset=0.7", "(8,3)"],
        "--param leftRuleset: unexpected 'x'",
    );
    // A bad position with good parameters is the position's fault.
    assert_error(&["gen-clobber", "--param", "maxDistance=2", "xq"], "position");
}

#[test]
fn a_json_table_stopped_by_a_limit_prints_the_rectangles_valued() {
    // Each rectangle has its own limit: the small ones fit, 2x2 does not.
    let run = onag(&["domineering", "--table", "3x3", "--json", "--max-positions", "3"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("exceed the limit of 3"), "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let cells = v.as_array().unwrap();
    assert!(!cells.is_empty() && cells.len() < 9, "{}", run.stdout);
    let text = onag(&["domineering", "--table", "3x3", "--quiet", "--max-positions", "3"]);
    assert_eq!(text.stdout.lines().count(), cells.len(), "{}", text.stdout);
    for (cell, line) in cells.iter().zip(text.stdout.lines()) {
        let expected =
            format!("{}x{}  {}", cell["rows"], cell["columns"], cell["value"].as_str().unwrap());
        assert_eq!(line, expected);
    }
}

#[test]
fn outcome_searches_without_the_canonical_form() {
    let run = onag(&["domineering", "--outcome", "......|......|......|......|......"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.starts_with("Domineering ......|......|......|......|......\n"), "{out}");
    // 5 rows × 6 columns: Right (horizontal) wins whoever starts.
    assert!(out.contains("outcome: R (Right wins, whoever starts)"), "{out}");
    assert!(out.contains("Left moving first loses"), "{out}");
    assert!(out.contains("Right moving first wins, e.g. "), "{out}");
    assert!(!out.contains("value:"), "{out}");

    let run = onag(&["clobber", "--outcome", "--json", "xo", "xo|ox", "xo"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    // xo and the 2×2 checkerboard are * each: a first-player win.
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["left_first"]["wins"], true);
    assert_eq!(v["left_first"]["move"]["component"], 1);
    assert_eq!(v["right_first"]["wins"], true);
    assert!(v["nodes"].as_u64().unwrap() >= 1, "{v}");
    assert!(v["seconds"].as_f64().is_some(), "{v}");

    // A second-player win has no winning move.
    let run = onag(&["domineering", "--outcome", "--json", "..|..", "..|.."]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["left_first"]["move"], serde_json::Value::Null);
}

#[test]
fn outcome_searches_honour_limits() {
    let run = onag(&[
        "domineering",
        "--outcome",
        "--max-positions",
        "2000",
        "........|........|........|........|........|........|........|........",
    ]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("exceed the limit of 2000"), "{}", run.stderr);
    assert!(run.stderr.contains("--max-positions"), "{}", run.stderr);
    let run = onag(&["domineering", "--outcome", "--table", "3x3"]);
    assert_eq!(run.code, 2);
}

#[test]
fn outcome_searches_domineering_boards_past_64_cells() {
    // 10×10 (100 cells) with empty cells in one corner only: a 3×3 square
    // with its centre blocked is 0, so the player moving first loses.
    let mut rows = vec!["##########".to_string(); 10];
    rows[0] = "...#######".into();
    rows[1] = ".#.#######".into();
    rows[2] = "...#######".into();
    let board = rows.join("|");
    let run = onag(&["domineering", "--outcome", "--json", &board]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["outcome"], "P", "{v}");
    // A board of more than 128 cells is refused in one line that says so.
    let big = ["............"; 11].join("|");
    let run = onag(&["domineering", "--outcome", &big]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("at most 128 cells"), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
}
