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
