//! `onag eval` with temperature theory: means, temperatures, thermographs,
//! cooling and heating, end to end through the binary.

use crate::{onag, onag_with_stdin};

#[test]
fn temperature_members_print_like_cgsuite() {
    let run = onag(&[
        "eval",
        "{3||2*|1*}.Mean",
        "{3||2*|1*}.Temperature",
        "(+-1).Thermograph",
        "{4|1}.Cool(3/2)",
        "* Heat 1",
        "{0||0|{v|-1}}",
    ]);
    assert_eq!(
        run.stdout,
        "9/4\n3/4\nThermograph(0,[1],[0,-1],0,[1],[0,1])\n5/2*\n+-1\nTiny({1|^})\n"
    );
    assert_eq!(run.code, 0);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
}

#[test]
fn bad_temperatures_are_located_errors() {
    let input = "g := {4|1}\ng.Cool(-1)\ng.Cool(1/3)\ng.Overheat(1)\ng.StopCount\n";
    let run = onag_with_stdin(&["eval", "-"], input);
    let expected = "{4|1}\n\
        error: 2:3: Invalid cooling temperature (must be > -1): -1\n\
        error: 3:8: Cool needs a dyadic rational, not a rational number\n\
        error: 4:3: Overheat takes 2 arguments, not 1\n\
        2\n";
    assert_eq!(run.stdout, expected);
    assert_eq!(run.code, 1);
}

#[test]
fn the_thermograph_command_prints_what_eval_prints_and_draws_it() {
    let eval = onag(&["eval", "{3||2*|1*}.Thermograph", "{3||2*|1*}.Temperature"]);
    let lines: Vec<&str> = eval.stdout.lines().collect();
    let dir = std::env::temp_dir().join(format!("onag-thermo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("th.svg");
    let path = path.to_str().unwrap();
    let run = onag(&["thermograph", "{3||2*|1*}", "--svg", path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!("{}\ntemperature: {}\nmean: 9/4\npicture: {path}\n", lines[0], lines[1])
    );
    let svg = std::fs::read_to_string(path).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    for needle in ["Thermograph of {3||2*|1*}", "t = 3/4", "left wall", "right wall", "mast"] {
        assert!(svg.contains(needle), "{needle} missing from the picture");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_thermograph_command_rejects_what_is_not_a_game() {
    crate::assert_error(&["thermograph", "{3|2|1}"], "GAME:1:5:");
    crate::assert_error(&["thermograph", "[1,2]"], "a list is not a game");
    crate::assert_error(&["thermograph", "1/3"], "not a dyadic rational");
}
