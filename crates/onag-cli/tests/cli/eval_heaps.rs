//! `onag eval` on heap rulesets: positions as games, search limits and their
//! defaults, normalised codes, as a user at the command line sees them.

use crate::{Run, onag};

fn single_line_error(run: &Run, needles: &[&str]) {
    assert_eq!(run.code, 1, "a failing input exits 1: {}", run.stdout);
    assert_eq!(run.stdout.lines().count(), 1, "{}", run.stdout);
    assert!(run.stdout.starts_with("error: "), "{}", run.stdout);
    for needle in needles {
        assert!(run.stdout.contains(needle), "expected {needle:?} in {}", run.stdout);
    }
}

#[test]
fn misere_value_stops_at_its_default_limit() {
    let run = onag(&["eval", "game.heap.DawsonsKayles(300).MisereNimValue"]);
    single_line_error(&run, &["MisereNimValue", "limit of 300000", "--max-positions"]);
}

#[test]
fn the_users_limit_replaces_the_misere_defaults() {
    let run = onag(&["--max-positions", "2000", "eval", "game.heap.GrundysGame(500).Genus"]);
    single_line_error(&run, &["Genus", "limit of 2000", "--max-positions"]);
    let run = onag(&["--max-positions", "3000", "eval", "game.heap.Kayles(2000).MisereNimValue"]);
    single_line_error(&run, &["limit of 3000"]);
}

#[test]
fn heap_positions_are_games() {
    let run = onag(&[
        "eval",
        "game.heap.Kayles(5) == *4",
        "game.heap.Kayles(5)+game.heap.Kayles(3)",
        "game.heap.Kayles(5).CanonicalForm",
        "game.heap.TakeAndBreak(\"0.77\") == game.heap.Kayles",
    ]);
    assert_eq!(run.stdout, "true\n*7\n*4\ntrue\n");
    assert_eq!(run.code, 0);
}

#[test]
fn a_big_heap_nim_value_is_computed_and_the_limit_is_honoured() {
    let run = onag(&["eval", "game.heap.GrundysGame(100001).NimValue"]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    let value: u32 = run.stdout.trim().parse().expect("a nim value");
    let sequence = onag::impartial::heap::TakeAndBreak::parse("4!.0")
        .and_then(|code| code.sequence(100_001, &onag::Budget::unlimited()))
        .expect("Grundy's game");
    assert_eq!(value, sequence.values[100_001]);
    let run = onag(&["--max-positions", "50000", "eval", "game.heap.GrundysGame(100001).NimValue"]);
    single_line_error(&run, &["limit of 50000", "--max-positions"]);
}

#[test]
fn counts_at_the_limit_are_refused_by_the_count_check() {
    let run = onag(&["eval", "game.heap.GrundysGame.NimValueSequence(10000000).Length"]);
    single_line_error(&run, &["the count is larger than 9999999"]);
    let run = onag(&["eval", "game.heap.GrundysGame.CheckPeriodicity(10000000)"]);
    single_line_error(&run, &["the count is larger than 9999999"]);
}

#[test]
fn codes_print_normalised() {
    let run =
        onag(&["eval", "game.heap.TakeAndBreak(\"04.30\")", "game.heap.TakeAndBreak(\"0.3f\")"]);
    assert_eq!(run.stdout, "game.heap.TakeAndBreak(\"4.3\")\ngame.heap.TakeAndBreak(\"0.3F\")\n");
}
