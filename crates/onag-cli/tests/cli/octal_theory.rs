//! `onag octal`: genus settled by a proved rule, and winning moves of heaps
//! past a million from a certified period.

use crate::{assert_error, onag};

#[test]
fn genus_of_dawsons_chess_like_cgsuite() {
    let run = onag(&["octal", "0.137", "--genus", "9..13"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "9: 3^1431\n10: 3\n11: 2^0520\n12: 2\n13: 4^146\n");
    let run = onag(&["octal", "0.77", "--genus", "11..11", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["genus"][0]["genus"], "6^46");
    assert_eq!(v["genus"][0]["misere_value"], 4);
    // The phylum of the misère canonical form decides the printing: Kayles
    // 6 is the nim heap *3, 7 a reversibly tame 2^2, 18 a wild game whose
    // terms are those of *3.
    let run = onag(&["octal", "0.77", "--genus", "6..8", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let phyla: Vec<&str> = (0..3).map(|i| v["genus"][i]["phylum"].as_str().unwrap()).collect();
    assert_eq!(phyla, ["nim-heap", "reversibly-tame", "hereditarily-tame"]);
    let run = onag(&["octal", "0.77", "--genus", "17..20"]);
    assert_eq!(run.stdout, "17: 4^64\n18: 3^31\n19: 2^20\n20: 1^031\n");
    let run = onag(&["eval", "game.heap.TakeAndBreak(\"0.137\")(23).Genus"]);
    assert_eq!(run.stdout.trim(), "3^1431");
}

#[test]
fn winning_moves_of_a_huge_heap_are_counted_and_listed() {
    let heap = "1000000000000000003";
    let run = onag(&["octal", "0.77", "--sum", heap]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("winning moves: 416666666666666654 in all, the first 20 listed:"),
        "{}",
        run.stdout
    );
    let moves: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with("  heap 0: ")).collect();
    assert_eq!(moves.len(), 20);
    let h: u64 = heap.parse().unwrap();
    for line in moves {
        let (_, to) = line.split_once(" -> ").unwrap();
        let parts: Vec<u64> = to.split(" + ").map(|p| p.parse().unwrap()).collect();
        let removed = h - parts.iter().sum::<u64>();
        assert!((1..=2).contains(&removed), "{line}");
    }
    let run = onag(&["octal", "0.77", "--sum", heap, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["sum"]["winning_move_count"], 416666666666666654u64);
    assert_eq!(v["sum"]["winning_moves"].as_array().unwrap().len(), 20);
    // Small heaps: every move listed, with the count.
    let run = onag(&["octal", "0.77", "--sum", "12,5", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["sum"]["winning_move_count"], 0);
}

#[test]
fn huge_heaps_of_codes_beyond_the_counting_say_why() {
    let run = onag(&["octal", "0.F", "--sum", "10000001,2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("winning moves: not listed (heap 10000001"), "{}", run.stdout);
    assert_error(&["octal", "0.77", "--sum", "1,x"], "--sum");
    assert_error(&["octal", "0.77", "--genus", "0..2000000"], "--genus 0..2000000");
    assert_error(&["octal", "0.77", "--genus", "9..3"], "--genus");
}

#[test]
fn arithmetic_periods_are_certified_where_the_theorem_applies() {
    let run = onag(&["octal", "0.8", "--upto", "1000"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "period 3, preperiod 1, saltus 1 (certified by the arithmetic periodicity theorem \
             from the values of heaps 0..=9;"
        ),
        "{}",
        run.stdout
    );
    let run = onag(&["octal", "0.8", "--upto", "100", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        (v["period"].as_u64(), v["preperiod"].as_u64(), v["saltus"].as_u64()),
        (Some(3), Some(1), Some(1))
    );
    assert_eq!(v["certified_at"], 9);
    // g(n) = ⌊(n − 1) / 3⌋ for n ≥ 1, read from the period for a heap far past the table.
    let run = onag(&["octal", "0.8", "--upto", "100", "--values", "3000000001..3000000001"]);
    assert_eq!(run.stdout, "3000000001: 1000000000\n", "{}", run.stderr);
    // 0.3F grows by 3 every 6 heaps: not a power of two, so only apparent.
    let run = onag(&["octal", "0.3F", "--upto", "300"]);
    assert!(run.stdout.contains("no period found up to 300"), "{}", run.stdout);
    assert!(run.stdout.contains("apparent: period 6, preperiod 0, saltus 3"), "{}", run.stdout);
    let run = onag(&["octal", "0.3F", "--upto", "300", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert!(v["preperiod"].is_null() && v["saltus"].is_null());
    assert_eq!(v["apparent"]["saltus"], 3);
    let run = onag(&["eval", "game.heap.TakeAndBreak(\"0.8\").CheckPeriodicity(200)"]);
    assert_eq!(run.stdout.trim(), "Periodicity(Period => 3, Preperiod => 1, Saltus => 1)");
    let run = onag(&["eval", "game.heap.TakeAndBreak(\"0.3F\").CheckPeriodicity(200)"]);
    assert_eq!(run.stdout.trim(), "Nothing");
    assert_error(&["octal", "0.8", "--upto", "5000000000", "--json"], "--upto 5000000000");
}

#[test]
fn a_short_probe_certifies_before_a_long_table() {
    // 0.8 leaves three heaps (plain search is cubic): a million values come
    // from the period certified below n = 10, not from search.
    let run = onag(&["octal", "0.8", "--upto", "1000000"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("saltus 1 (certified"), "{}", run.stdout);
    assert!(run.stdout.contains("largest value: 333333"), "{}", run.stdout);
}

#[test]
fn genus_of_a_big_nim_heap_is_quick_or_bounded() {
    // Nim heaps are their own simplest forms: no reduction is searched.
    let run = onag(&["eval", "game.heap.Nim(1500).Genus"]);
    assert_eq!(run.stdout.trim(), "1500");
    // *n lists n options, so the forms of big heaps take quadratic memory:
    // the limit stops them with the flag to raise.
    let run = onag(&["octal", "0.[3]", "--genus", "20000..20000", "--max-memory", "50M"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("(raise --max-memory)"), "{}", run.stderr);
}

#[test]
fn misere_winning_moves_of_a_sum() {
    // Two Kayles heaps of 1: in misère play take either, leaving the last
    // pin to the opponent.
    let run = onag(&["octal", "0.77", "--sum", "1,1"]);
    assert!(
        run.stdout
            .ends_with("misère winning moves:\n  heap 0: 1 -> nothing\n  heap 1: 1 -> nothing\n"),
        "{}",
        run.stdout
    );
    let run = onag(&["octal", "0.77", "--sum", "5,7", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["sum"]["misere_winning_move_count"], 2);
    assert_eq!(v["sum"]["misere_winning_moves"][0]["to"], serde_json::json!([1, 3]));
}
