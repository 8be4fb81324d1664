//! Numeric arguments read the same way in every subcommand (digits or a power
//! like `10^30`), bad ones get a message in words rather than a raw parser
//! message, and sizes that would print nothing are refused.

use crate::{assert_error, onag, onag_with_stdin};

/// Writes `text` to a fresh file in the temporary directory and returns its path.
fn temp_file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("onag-args-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("temporary file is writable");
    path.to_string_lossy().into_owned()
}

#[test]
fn powers_are_accepted_where_integers_are() {
    let power = onag(&["wythoff", "--index", "10^30"]);
    let digits = onag(&["wythoff", "--index", "1000000000000000000000000000000"]);
    assert_eq!(power.code, 0, "{}", power.stderr);
    assert_eq!(power.stdout, digits.stdout);
    assert!(power.stdout.starts_with("P-position 1000000000000000000000000000000: ("));

    let nim = onag(&["nim", "2^64", "18446744073709551616", "--json"]);
    assert_eq!(nim.code, 0, "{}", nim.stderr);
    assert!(nim.stdout.starts_with(r#"{"nim_sum":0,"#), "{}", nim.stdout);

    let upto = onag(&["subtraction", "1,3,4", "--upto", "10^1"]);
    assert_eq!(upto.code, 0, "{}", upto.stderr);
    assert!(upto.stdout.contains("g(0..=10): 0 1 0 1 2 3 2 0 1 0 1\n"), "{}", upto.stdout);
}

#[test]
fn huge_powers_are_refused_as_too_large() {
    assert_error(&["nim", "10^99999999999"], "is too large");
    assert_error(&["wythoff", "--index", "2^1048577"], "is too large");
}

#[test]
fn counts_that_do_not_fit_say_too_large() {
    assert_error(
        &["subtraction", "1,3,4", "--upto", "10^30"],
        "'--upto <N>': is too large (at most",
    );
    assert_error(&["every-sg", "--subtraction", "1,2", "100000000000000000000"], "is too large");
    assert_error(&["easy-chase", "--n", "2^32", "--table"], "is too large (at most 4294967295)");
}

#[test]
fn negative_numbers_must_not_be_negative() {
    for args in [
        &["subtraction", "1,3,4", "--upto", "-1"][..],
        &["moore-nim", "--k", "-1", "3"],
        &["subtraction", "-1,2"],
        &["easy-chase", "--n", "-3", "--table"],
        &["every-sg", "--subtraction", "-1,2", "3"],
        &["wythoff", "--p-positions", "-2"],
        &["nim", "3", "--max-positions", "-5"],
        &["nim", "3", "--max-memory", "-5G"],
        &["octal", "0.77", "--upto", "-5"],
    ] {
        assert_error(args, "must not be negative");
    }
}

#[test]
fn timeouts_are_whole_seconds() {
    for bad in ["0.5", "inf", "1e3"] {
        assert_error(&["nim", "3", "--timeout", bad], "must be a whole number of seconds");
    }
    assert_error(&["nim", "3", "--timeout", "-1"], "must not be negative");
    // Issue 40: a timeout past the clock's range panicked adding to an Instant.
    for long in ["18446744073709551615", "10000000001"] {
        assert_error(&["octal", "0.07", "--upto", "5", "--timeout", long], "is too long");
    }
    assert_eq!(onag(&["nim", "3", "--timeout", "10"]).code, 0);
}

#[test]
fn no_raw_parser_messages() {
    for args in [
        &["subtraction", "1,3,4", "--upto", "-1"][..],
        &["moore-nim", "--k", "-1", "3"],
        &["nim", "3", "--timeout", "0.5"],
        &["nim", "3", "--timeout", "inf"],
        &["subtraction", "-1,2"],
        &["easy-chase", "--n", "-3"],
        &["every-sg", "--subtraction", "1,2", "100000000000000000000"],
    ] {
        let run = onag(args);
        assert_eq!(run.code, 2, "{args:?}");
        for raw in ["invalid digit", "unexpected argument", "not a non-negative integer"] {
            assert!(!run.stderr.contains(raw), "{args:?}: {}", run.stderr);
        }
    }
}

#[test]
fn empty_sizes_are_refused() {
    assert_error(&["nimber", "table", "0"], "must be at least 1");
    assert_error(&["wythoff", "--p-positions", "0"], "must be at least 1");
    assert_error(&["wythoff", "--grundy", "0"], "must be at least 1");
    let one = onag(&["wythoff", "--p-positions", "1"]);
    assert_eq!(one.stdout, "0: (0, 0)\n");
    assert_eq!(onag(&["nimber", "table", "1"]).stdout, "0\n");
}

#[test]
fn misere_nim_json_names_its_play() {
    let misere = onag(&["nim", "--misere", "5", "--json"]);
    assert_eq!(
        misere.stdout.trim(),
        r#"{"play":"misere","nim_sum":5,"outcome":"N","winning_moves":[{"heap":0,"from":5,"to":1}]}"#
    );
    let normal = onag(&["nim", "5", "--json"]);
    assert_eq!(
        normal.stdout.trim(),
        r#"{"nim_sum":5,"outcome":"N","winning_moves":[{"heap":0,"from":5,"to":0}]}"#
    );
}

#[test]
fn one_of_a_thing_is_singular() {
    let moore = onag(&["moore-nim", "--k", "1", "1", "0"]);
    assert!(moore.stdout.contains("winning move (1 heap):\n"), "{}", moore.stdout);
    let staircase = onag(&["staircase", "0", "0", "1"]);
    assert!(staircase.stdout.contains("move 1 coin from"), "{}", staircase.stdout);
    let file = temp_file("one.txt", "a:\n");
    let retro = onag(&["retro", &file]);
    assert!(retro.stdout.starts_with("1 position (impartial)"), "{}", retro.stdout);
}

#[test]
fn a_cycle_suggests_loopy() {
    let file = temp_file("loops.txt", "a: b\nb: a\n");
    assert_error(&["graph", &file], "--loopy");
    assert_eq!(onag(&["graph", &file, "--loopy"]).code, 0);
}

#[test]
fn bare_onag_reads_a_calculator_script_from_stdin() {
    let run = onag_with_stdin(&[], "1+1\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "2\n"), "{}", run.stderr);
}

#[test]
fn bare_onag_reads_prompt_commands_from_stdin() {
    let run = onag_with_stdin(&[], "1+1\n:help CakeProduct\n:quit\n2+2\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("2\nCakeProduct (heap ruleset): "), "{}", run.stdout);
    assert!(!run.stdout.contains("\n4\n"), "input after :quit was run: {}", run.stdout);
    let run = onag_with_stdin(&[], ":frob\n3\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "error: 1: unknown command ':frob' (try :help)\n3\n");
}

#[test]
fn memory_limits_stop_big_tables() {
    assert_error(
        &["--max-memory", "1M", "octal", "4!.0", "--upto", "10^7"],
        "bytes of tables exceed the memory limit of 1048576 bytes",
    );
    assert_error(&["nim", "3", "--max-memory", "4X"], "optional unit K, M, G or T");
    let run =
        onag(&["--max-memory", "1G", "octal", "0.07", "--upto", "10^6", "--values", "0..10^1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("0: 0 0 1 1 2 0 3 1 1 0"), "{}", run.stdout);
}

#[test]
fn oversized_sets_and_heaps_say_what_is_too_large() {
    assert_error(&["subtraction", "2^64"], "'2^64' is too large for a move (at most");
    let run = onag(&["subtraction", "1,2^3", "--upto", "9"]);
    assert!(run.stdout.contains("S = {1, 8}"), "{}", run.stdout);
    let max = u64::MAX.to_string();
    assert_error(
        &["--max-positions", &max, "every-sg", "--subtraction", "1,2,3", &max],
        "the table of steps would need 2^64 entries",
    );
}

#[test]
fn a_time_limit_of_zero_is_rejected_everywhere() {
    for sub in [&["nim", "3"][..], &["octal", "0.77"], &["eval", "1"]] {
        let mut args = sub.to_vec();
        args.extend(["--timeout", "0"]);
        assert_error(&args, "must be at least 1 second");
    }
}

/// Issue 39: a misspelt subcommand or option names the nearest one.
#[test]
fn typos_suggest_the_nearest_subcommand_or_option() {
    assert_error(&["domineerin", "...."], "did you mean 'domineering'?");
    assert_error(&["nim", "--misre", "1", "2"], "did you mean '--misere'?");
    assert_error(&["subtracton", "1,2"], "did you mean 'subtraction'?");
}

/// Issue 39: `--strng lrl` is a misspelt option, not a position to put after `--`.
#[test]
fn a_misspelt_option_of_a_ruleset_is_not_taken_for_a_position() {
    let run = onag(&["hackenbush", "--strng", "lrl"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(!run.stderr.contains("after '--'"), "{}", run.stderr);
    assert!(run.stderr.contains("'--strng'"), "{}", run.stderr);
    assert!(run.stderr.contains("did you mean '--string'?"), "{}", run.stderr);
    // A position that starts with '-' still hears about '--'.
    assert_error(&["arc-kayles", "---"], "goes after '--'");
}

/// Issue 39: a time limit names the option that raises it, as memory limits do.
#[test]
fn a_time_limit_names_its_option() {
    let input = "while true do 1 end\n";
    let run = onag_with_stdin(&["eval", "-", "--timeout", "1"], input);
    assert_eq!(run.stdout, "error: 1:1: time limit reached (raise --timeout)\n");
}
