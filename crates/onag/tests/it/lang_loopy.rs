//! Loopy games in the calculator: literals, names, operators and members,
//! with outputs from the theory (Siegel, CGT ch. VI) and CGSuite's own test
//! cases for canonical stoppers.

use onag::Budget;
use onag::lang::Session;

fn run(input: &str) -> String {
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(1_000_000);
    match session.run_to_string(input, &budget) {
        Ok(text) => text,
        Err(err) => format!("error: {err}"),
    }
}

fn check(cases: &[(&str, &str)]) {
    for (input, expected) in cases {
        assert_eq!(run(input), *expected, "input {input:?}");
    }
}

#[test]
fn literals_and_names() {
    check(&[
        ("{pass|pass}", "dud"),
        ("{pass|}", "on"),
        ("{|pass}", "off"),
        ("a{0|a}", "over"),
        ("{0|pass}", "over"),
        ("{pass|*}", "^[on]"),
        ("upon", "^[on]"),
        ("-upon", "v[on]"),
        ("uponth", "^<on>"),
        ("under", "under"),
        // CGSuite's CanonicalStopperTestCase.
        ("{pass|3/2}", "3/2under"),
        ("{-1/4+*|pass}", "-1/4v[on]"),
        // A named node without a cycle is a short game.
        ("a{1|}", "2"),
    ]);
}

#[test]
fn sums_negation_and_comparison() {
    check(&[
        ("on + off", "dud"),
        // Not dud: infinite play of the sum is Left's on the onside, Right's on
        // the offside.
        ("over + under", "over & under"),
        ("-on", "off"),
        ("upon > 0", "true"),
        ("upon < ^", "false"),
        ("on >= 1000", "true"),
        ("off <= -1000", "true"),
        ("a{0|a} == over", "true"),
        ("over == 0", "false"),
        ("over > 0", "true"),
        ("over < 1/1024", "true"),
        ("on - on", "dud"),
    ]);
}

#[test]
fn members() {
    check(&[
        ("on.OutcomeClass", "L"),
        ("off.OutcomeClass", "R"),
        ("dud.OutcomeClass", "D"),
        ("over.OutcomeClass", "L"),
        ("{-1/4+*|pass}.OutcomeClass", "R"),
        ("over.LeftOptions", "{0}"),
        ("over.RightOptions", "{over}"),
        ("on.LeftOptions", "{on}"),
        ("on.RightOptions", "{}"),
        ("off.RightOptions", "{off}"),
        ("on.FollowerCount", "1"),
        ("over.FollowerCount", "2"),
        ("{pass|3/2}.LeftOptions", "{3/2under}"),
        ("{pass|3/2}.RightOptions", "{3/2}"),
        ("upon.IsStopper", "true"),
        ("dud.IsStopper", "false"),
        ("upon.IsLoopfree", "false"),
        ("(on + off).Onside", "on"),
        ("(on + off).Offside", "off"),
    ]);
}

#[test]
fn bad_input() {
    assert_eq!(run("pass"), "error: 1:1: Unexpected pass.");
    assert!(
        run("dud.LeftOptions").contains("LeftOptions needs a stopper"),
        "{}",
        run("dud.LeftOptions")
    );
    assert!(run("{0|x}").starts_with("error: "));
    assert!(run("over.Temperature").starts_with("error: "));
    assert!(run("upon * 2").starts_with("error: "));
}
