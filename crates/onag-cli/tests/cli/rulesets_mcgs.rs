//! `onag nogo`, `onag fission`, `onag cannibal-clobber` (the rulesets taken
//! from MCGS): values, outcomes by search, the calculator's names and
//! one-line errors for bad boards.

use crate::{assert_error, onag};

#[test]
fn values_and_outcomes_from_the_command_line() {
    for (args, value, outcome) in [
        (&["nogo", ".."][..], "*", "N"),
        (&["no-go", "...."][..], "0", "P"),
        (&["NoGo", "x..|...", "--quiet"][..], "", "N"),
        (&["fission", ".x."][..], "-1", "R"),
        (&["fission", ".|x|."][..], "1", "L"),
        (&["cannibal-clobber", "xx"][..], "1", "L"),
        (&["cannibal-clobber", "xo"][..], "*", "N"),
    ] {
        let mut json: Vec<&str> = args.iter().copied().filter(|a| *a != "--quiet").collect();
        json.push("--json");
        let run = onag(&json);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        if !value.is_empty() {
            assert_eq!(v["value"], value, "{args:?}");
        }
        assert_eq!(v["outcome"], outcome, "{args:?}");
        // The search finds the same class without the canonical form.
        json.insert(1, "--outcome");
        let run = onag(&json);
        assert_eq!(run.code, 0, "{json:?}: {}", run.stderr);
        let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(v["outcome"], outcome, "{json:?}");
    }
    // Every ruleset answers to its CGSuite name in lower case too.
    let run = onag(&["toadsandfrogs", "t.f", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = onag(&["nogo", "..."]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("NoGo ...\n"), "{}", run.stdout);
    let run = onag(&["nogo", "--outcome", "...|...|..."]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // MCGS: the empty 3×3 board is a first-player win.
    assert!(run.stdout.contains("outcome: N"), "{}", run.stdout);
}

#[test]
fn the_rulesets_are_listed_and_named_in_the_calculator() {
    let run = onag(&["rulesets"]);
    for name in ["game.grid.NoGo", "game.grid.Fission", "game.grid.CannibalClobber"] {
        assert!(run.stdout.contains(name), "{name}: {}", run.stdout);
    }
    let run = onag(&[
        "eval",
        "game.grid.NoGo(\"..\").CanonicalForm",
        "game.grid.Fission(\".x.\").CanonicalForm",
        "game.grid.CannibalClobber(\"xx\").CanonicalForm",
        "game.grid.NoGo(\"..\")",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[..3], ["*", "-1", "1"], "{}", run.stdout);
    assert_eq!(lines[3], "NoGo.Position(\"..\")", "{}", run.stdout);
}

#[test]
fn bad_boards_are_one_line_errors() {
    for command in ["nogo", "fission", "cannibal-clobber"] {
        assert_error(&[command, "..|."], "equal lengths");
        assert_error(&[command, "..", ".q"], "position 2:1:2: unexpected 'q'");
        assert_error(&[command, &["........"; 9].join("|")], "at most 64 cells");
        assert_error(&[command, "--outcome", &["........"; 9].join("|")], "at most 64 cells");
    }
    assert_error(&["nogo", "xo"], "no liberty");
    assert_error(&["nogo", "..|xo|ox"], "1:8");
    assert_error(&["fission", "x.o"], "unexpected 'o'");
    assert_error(&["cannibal-clobber", "x#o"], "unexpected '#'");
}
