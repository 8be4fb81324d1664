//! The calculator language end to end: inputs and the exact text they print.

use onag::Budget;
use onag::lang::Session;

/// Evaluates each input in one session; returns the printed line or `error: …`.
fn run_all(inputs: &[&str]) -> Vec<String> {
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(1_000_000);
    inputs
        .iter()
        .map(|input| match session.run_to_string(input, &budget) {
            Ok(text) => text,
            Err(err) => format!("error: {err}"),
        })
        .collect()
}

fn run(input: &str) -> String {
    run_all(&[input]).remove(0)
}

fn check(cases: &[(&str, &str)]) {
    for (input, expected) in cases {
        assert_eq!(run(input), *expected, "input {input:?}");
    }
}

#[test]
fn integers_and_rationals() {
    check(&[
        ("17", "17"),
        ("-3", "-3"),
        ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("3/8", "3/8"),
        ("4/6", "2/3"),
        ("1/2 + 1/4", "3/4"),
        ("3^2^2^2", "43046721"),
        ("2^-2", "1/4"),
        ("(2/3)^3", "8/27"),
        ("-2^2", "4"),
        ("7 % 3", "1"),
        ("-7 % 3", "2"),
        ("2*3+4*5", "26"),
        ("(1+2)*3", "9"),
        ("10 - 2 - 3", "5"),
        ("12/4/3", "1"),
        ("2^100", "1267650600228229401496703205376"),
    ]);
}

#[test]
fn booleans_and_comparisons() {
    check(&[
        ("1 < 2", "true"),
        ("2 <= 1", "false"),
        ("1/2 == 2/4", "true"),
        ("1 != 1", "false"),
        ("3 <> 4", "false"),
        ("3 <| 4", "true"),
        ("3 |> 4", "false"),
        ("true == false", "false"),
        ("[1,2] == [1,2]", "true"),
    ]);
}

#[test]
fn lists_strings_and_variables() {
    check(&[
        ("[1,2,3]", "[1,2,3]"),
        ("[]", "[]"),
        ("[n*n for n from 1 to 5]", "[1,4,9,16,25]"),
        ("[n for n from 3 to 1]", "[]"),
        ("[x+1 for x in [1,2,3]]", "[2,3,4]"),
        ("[[i,j] for i in [1,2]]", "error: 1:5: unknown name 'j'"),
        ("\"0.77\"", "\"0.77\""),
        ("x := 5; x * x", "25"),
        ("x := 5;", ""),
        ("[1,2,3].Length", "3"),
    ]);
    assert_eq!(run_all(&["a := 2", "b := a^10", "b + a"]), ["2", "1024", "1026"]);
    assert_eq!(run_all(&["n := 7", "[n for n from 1 to 2]", "n"]), ["7", "[1,2]", "7"]);
}

#[test]
fn number_members() {
    check(&[
        ("(7/2).Floor", "3"),
        ("7/2.Floor", "7/2"),
        ("(-7/2).Floor", "-4"),
        ("(2/3).Reciprocal", "3/2"),
        ("3.Max(5)", "5"),
        ("3 Min 5", "3"),
        ("(-5).Sign", "-1"),
        ("17.Div(5)", "3"),
        ("(-17).Div(5)", "-4"),
        ("17.Isqrt", "4"),
        ("17.Lb", "4"),
        ("64.IsTwoPower", "true"),
        ("5.IsEvil", "true"),
        ("7.IsOdious", "true"),
        ("6.IsEven", "true"),
        ("5 NimSum 3", "6"),
        ("[n NimSum 1 for n from 0 to 3]", "[1,0,3,2]"),
    ]);
}

#[test]
fn bad_input_is_a_located_error() {
    check(&[
        ("2^(2^100)", "error: 1:1: Overflow."),
        ("1/0", "error: 1:1: Division by zero."),
        ("1 / (1 - 1)", "error: 1:1: Division by zero."),
        ("foo + 1", "error: 1:1: unknown name 'foo'"),
        ("1 + \"a\"", "error: 1:1: '+' cannot combine an integer and a string"),
        ("17.Frobnicate", "error: 1:4: unknown member 'Frobnicate' of an integer"),
        ("17.Temperature", "error: 1:4: Temperature is not available yet"),
        ("(1/2).Isqrt", "error: 1:7: Isqrt needs an integer, not a rational number"),
        ("2^(1/2)", "error: 1:1: the exponent of '^' must be an integer"),
        ("3.Max(1, 2)", "error: 1:3: Max takes 1 argument, not 2"),
        (
            "[n for n from 1 to 10^30]",
            "error: 1:1: a list of more than 10000000 elements is too long",
        ),
        (
            "{3|2|1}",
            "error: 1:5: a second '|' at the same level: more bars bind more loosely, write {3||2|1} for {3|{2|1}}",
        ),
        ("1|0", "error: 1:2: expected an operator, ';' or the end of the input, found '|'"),
    ]);
}
