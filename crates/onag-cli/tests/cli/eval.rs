//! `onag eval` and the prompt fed from a pipe: one output line per input,
//! `error: ...` lines on stdout, exit 1 if any input failed.

use crate::{assert_error, onag, onag_with_stdin};

#[test]
fn arguments_print_one_line_each() {
    let run = onag(&["eval", "1/2 + 1/4", "3^2^2^2", "4/6", "-3"]);
    assert_eq!(run.stdout, "3/4\n43046721\n2/3\n-3\n");
    assert_eq!(run.code, 0);
    assert!(run.stderr.is_empty());
}

#[test]
fn standard_input_is_read_line_by_line_in_one_session() {
    let input =
        "x := 5\n\n   \nx * x\n[n*n for n from 1 to 4]\ny := 2; y^10\nx := 1;\n// a comment\n";
    let run = onag_with_stdin(&["eval", "-"], input);
    assert_eq!(run.stdout, "5\n25\n[1,4,9,16]\n1024\n\n\n");
    assert_eq!(run.code, 0);
}

#[test]
fn failures_are_error_lines_in_place_and_exit_1() {
    let input = "1+1\n{3|2|1}\n1|0\n{1|0\n2^(2^100)\n0/0\nfoo\n*\"foo\"\n3\n";
    let run = onag_with_stdin(&["eval", "-"], input);
    let expected = "2\n\
        error: 2:5: a second '|' at the same level: more bars bind more loosely, write {3||2|1} for {3|{2|1}}\n\
        error: 3:2: expected an operator, ';' or the end of the input, found '|'\n\
        error: 4:1: unclosed '{': missing '}'\n\
        error: 5:2: Overflow: the result would have more than 262144 bits; numbers here are exact, with numerator and denominator below 2^262144 (about 78,900 digits)\n\
        error: 6:2: Division by zero.\n\
        error: 7:1: unknown name 'foo'\n\
        error: 8:1: '*' needs a non-negative integer, not a string\n\
        3\n";
    assert_eq!(run.stdout, expected);
    assert_eq!(run.code, 1);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
}

#[test]
fn deep_and_wide_inputs_fail_cleanly() {
    let deep = format!("{}1{}", "(".repeat(50_000), ")".repeat(50_000));
    let wide = "[n for n from 1 to 10^6]";
    let run =
        onag_with_stdin(&["eval", "-", "--max-positions", "1000"], &format!("{deep}\n{wide}\n"));
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(
        lines[0].starts_with("error: 1:") && lines[0].contains("nested too deeply"),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("error: 2:1:") && lines[1].contains("limit"), "{}", lines[1]);
    assert_eq!(run.code, 1);
}

#[test]
fn json_gives_one_object_per_input() {
    let run = onag(&["eval", "--json", "1+2", "0/0"]);
    let lines: Vec<serde_json::Value> =
        run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["input"], "1+2");
    assert_eq!(lines[0]["value"], "3");
    assert_eq!(lines[1]["error"], "2:2: Division by zero.");
    assert_eq!(run.code, 1);
}

#[test]
fn the_prompt_reads_a_pipe_like_eval() {
    let run = onag_with_stdin(&[], "x := 2\nx + 1\nbad(\n");
    assert_eq!(run.stdout, "2\n3\nerror: 3:4: unclosed '(': missing ')'\n");
    assert_eq!(run.code, 1);
}

#[test]
fn eval_needs_an_expression() {
    let run = onag(&["eval"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.starts_with("error: "));
}

#[test]
fn games_in_batch_mode_print_cgsuite_notation() {
    let input = "{0|*}\n^+^+*\n*3+*5\n{1|0}+0\n3+-1\n{0||0|-1}\n{0|v*}\n{^|*}\n\
                 g := {3||2|1}\ng.LeftOptions\n5 * ^\n[8 NimProduct n for n from 1 to 4]\n\
                 game.heap.Subtraction([1,3,4]).NimValueSequence(10)\n{3||2*|1*}.Temperature\n0/0\n";
    let run = onag_with_stdin(&["eval", "-"], input);
    let expected = "^\n^^*\n*6\n{1|0}\n{4|2}\nTiny(1)\n^<2>\n^[2]\n{3||2|1}\n{3}\n^5\n[8,12,4,11]\n\
                    [1,0,1,2,3,2,0,1,0,1]\n3/4\nerror: 15:2: Division by zero.\n";
    assert_eq!(run.stdout, expected);
    assert_eq!(run.code, 1);
}

#[test]
fn big_games_stop_at_the_position_limit() {
    let run = onag(&["--max-positions", "5000", "eval", "^.Pow(100000)", "1+1"]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(
        lines[0].starts_with("error: 1:") && lines[0].contains("--max-positions"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "2");
    assert_eq!(run.code, 1);
}

#[test]
fn printed_games_read_back_in_the_same_batch() {
    let run = onag(&["eval", "{3||2|1} + ^* + Tiny(2)"]);
    let printed = run.stdout.lines().next().unwrap_or_default().to_string();
    let again = onag(&["eval", &printed]);
    assert_eq!(again.stdout.trim_end(), printed);
}

#[test]
fn the_prompt_and_eval_dash_give_the_same_lines() {
    let input = "1+1\n{0|*}\ngame.heap.Wythoff(3,5).NimValue\nWythoff(5,6).NimValue\n\
                 FibonacciNim(13).OutcomeClass\nFibonacciNim(13).NimValue\nWythoff(5000,1).NimValue\n";
    let expected = "2\n^\n0\n10\nP\n0\n\
                    error: 7:17: NimValue of Wythoff searches positions with both heaps below 4096 \
                    (Wythoff's Grundy values have no known closed form; OutcomeClass works for any size)\n";
    let prompt = onag_with_stdin(&[], input);
    let eval = onag_with_stdin(&["eval", "-"], input);
    assert_eq!(prompt.stdout, expected);
    assert_eq!(eval.stdout, expected);
    assert_eq!((prompt.code, eval.code), (1, 1));
    assert!(prompt.stderr.is_empty() && eval.stderr.is_empty(), "{}", prompt.stderr);
}

#[test]
fn eval_expressions_starting_with_a_hyphen_are_explained() {
    assert_error(&["eval", "-1+2"], "'-1+2' is not an option of onag eval");
    assert_error(&["eval", "-^"], "goes after '--': onag eval -- '-^'");
    let run = onag(&["eval", "--", "-1+2", "-^"]);
    assert_eq!(run.stdout, "1\nv\n");
}

#[test]
fn a_line_that_uses_up_the_budget_does_not_fail_the_next_ones() {
    let input = "x := *3\n[*n for n from 1 to 4000]; [*n for n from 4001 to 9000]\n\
                 [*n for n from 10000 to 14000].Length\nx + *5\n-3^22/2^72\n4 Max 3 + 5\n";
    let run = onag_with_stdin(&["eval", "-", "--max-positions", "5000"], input);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{}", run.stdout);
    assert!(lines[1].starts_with("error: 2:") && lines[1].contains("limit"), "{}", lines[1]);
    assert_eq!(lines[2..], ["4001", "*6", "-31381059609/4722366482869645213696", "8"]);
    assert_eq!(run.code, 1);
}

#[test]
fn an_error_inside_a_function_names_the_line_that_defined_it() {
    let input = "1\n2\ndef f(n) := [1][n]\nf(5)\n";
    let run = onag_with_stdin(&["eval", "-"], input);
    assert_eq!(
        run.stdout,
        "1\n2\nn -> [1][n]\nerror: 4:1: a list of 1 elements has no element 5 (inside the function, at 3:13)\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn standard_input_and_arguments_do_not_mix() {
    assert_error(
        &["eval", "-", "2"],
        "'-' reads the expressions from standard input and must be the only argument",
    );
}

/// Issue 39: a number too large says which limit and what is allowed.
#[test]
fn an_overflow_names_the_limit() {
    let run = onag(&["eval", "2^(10^6)"]);
    assert_eq!(
        run.stdout,
        "error: 1:2: Overflow: the result would have more than 262144 bits; numbers here are \
         exact, with numerator and denominator below 2^262144 (about 78,900 digits)\n"
    );
    assert_eq!(run.code, 1);
}

/// Issue 39: a block over several lines piped to `onag eval -` is one error
/// that says to use `onag run`, and the lines after it are evaluated.
#[test]
fn a_multi_line_block_on_standard_input_says_to_use_run() {
    let input = "1+1\ndef f(n) begin\n  n + 1\nend\nx := begin\n 2\nend; 3\n*2\n";
    let run = onag_with_stdin(&["eval", "-"], input);
    assert_eq!(
        run.stdout,
        "2\n\
         error: 2:1: a 'begin' block over lines 2-4, and each line here is one input: run a \
         multi-line script with onag run FILE\n\
         error: 5:1: a 'begin' block over lines 5-7, and each line here is one input: run a \
         multi-line script with onag run FILE\n\
         *2\n"
    );
    assert_eq!(run.code, 1);
    let run = onag_with_stdin(&["eval", "-"], "for n from 1 to 3 do\n  n\n");
    assert_eq!(
        run.stdout,
        "error: 1:1: the 'for' of line 1 is not finished by the end of the input, and each \
         line here is one input: run a multi-line script with onag run FILE\n"
    );
    // With --json, the one error is a JSON line like the others.
    let run = onag_with_stdin(&["--json", "eval", "-"], "begin\n 1\nend\n2\n");
    let lines: Vec<serde_json::Value> =
        run.stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert_eq!(lines[0]["input"], "begin");
    assert!(lines[0]["error"].as_str().unwrap().contains("onag run FILE"), "{}", run.stdout);
    assert_eq!(lines[1]["value"], "2");
    // An unclosed bracket stays an error of its own line.
    let run = onag_with_stdin(&["eval", "-"], "{1|0\n2\n");
    assert_eq!(run.stdout, "error: 1:1: unclosed '{': missing '}'\n2\n");
}

/// Issue 39: declaring a class in an input is "not supported yet", not a
/// parse error; one over several lines is one error.
#[test]
fn class_declarations_are_not_supported_yet() {
    let run = onag(&["eval", "class Foo def f := 1; end"]);
    assert_eq!(
        run.stdout,
        "error: 1:1: declaring a class in an input or a worksheet is not supported yet: put it \
         in Foo.cgs in a folder of the library path (the current folder, --lib DIR or \
         ONAG_PATH), then use it by its name\n"
    );
    let run = onag(&["eval", "singleton class Bar end"]);
    assert!(run.stdout.contains("1:1: declaring a class in an input"), "{}", run.stdout);
    assert!(run.stdout.contains("Bar.cgs"), "{}", run.stdout);
    let run = onag_with_stdin(&["eval", "-"], "class Foo\n  def f := 1;\nend\n7\n");
    assert_eq!(
        run.stdout,
        "error: 1:1: a 'class' block over lines 1-3, and each line here is one input: run a \
         multi-line script with onag run FILE\n7\n"
    );
}

/// Issue 39: members of mutable collections on immutable ones say which
/// class has them; `g[r, c]` says to write `g[(r, c)]`.
#[test]
fn mutable_members_and_pair_indexes_are_explained() {
    let run =
        onag(&["eval", "{=>}.Put(1,2)", "[1].Add(2)", "{1}.Add(2)", "[3,1].Sort()", "g[1, 2]"]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", run.stdout);
    assert!(
        lines[0].contains("a map cannot change") && lines[0].contains("MutableMap()"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("a list cannot change") && lines[1].contains("MutableList()"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains("a set cannot change") && lines[2].contains("MutableSet()"),
        "{}",
        lines[2]
    );
    assert!(lines[3].contains("MutableList()"), "{}", lines[3]);
    assert!(lines[4].contains("g[(r, c)]"), "{}", lines[4]);
}
