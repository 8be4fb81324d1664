//! Spawning games (coin-turning rules played on heaps): the values from the
//! coin-turning engine, the options listed for the plain and misère
//! algorithms, and both against a search over every set of coins the rule
//! allows, written here from the definition; published sequences; the
//! calculator's `game.heap.Spawning`.

use std::ops::ControlFlow;

use onag::Budget;
use onag::impartial::coins::CoinRule;
use onag::impartial::heap::HeapRuleset;
use onag::impartial::heap::sequence::compute_plain;
use onag::impartial::heap::spawning::Spawning;
use onag::lang::Session;

/// Grundy values of heaps `0..=n` from the definition: heap `m` may become
/// the heaps of any set `S` of positions below `m` such that the rule allows
/// turning `S ∪ {m}`; every subset is tried.
fn brute(rule: &CoinRule, n: usize) -> Vec<u32> {
    let mut g = vec![0u32];
    for m in 1..=n {
        let mut seen = Vec::new();
        for mask in 0u32..1 << (m - 1) {
            let mut turned: Vec<usize> = (1..m).filter(|&x| mask >> (x - 1) & 1 == 1).collect();
            let value = turned.iter().fold(0, |v, &x| v ^ g[x]);
            turned.push(m);
            if rule.allows(&turned) {
                seen.push(value);
            }
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap_or(0));
    }
    g
}

const CODES: &[&str] =
    &["1-3", "1+", "2", "1+S", "3E", "4FS", "1-3C(5)", "1+C", "1,3", "2-4E", "1+FS"];

#[test]
fn values_and_options_match_every_set_of_coins_the_rule_allows() {
    let budget = Budget::unlimited();
    for code in CODES {
        let spawning = Spawning::parse(code).unwrap();
        let want = brute(spawning.rule(), 13);
        assert_eq!(spawning.values(13, &budget).unwrap(), want, "{code}: values");
        let plain = compute_plain(&spawning, 13, &budget).unwrap();
        assert_eq!(plain.values, want, "{code}: the plain algorithm over the options");
        assert!(spawning.take_error().is_none());
        // Every option lies below the heap, and the empty move is there when one coin may turn.
        for m in 1..=13 {
            let mut empty = false;
            spawning.for_each_option(m, &mut |parts| {
                assert!(parts.iter().all(|&p| (1..m).contains(&p)), "{code}: {parts:?} from {m}");
                empty |= parts.is_empty();
                ControlFlow::Continue(())
            });
            assert_eq!(empty, spawning.rule().allows(&[m]), "{code}: heap {m}");
        }
    }
}

#[test]
fn published_sequences() {
    let budget = Budget::unlimited();
    // Mock Turtles (1-3): the odious numbers (OEIS A000069).
    let mock = Spawning::parse("1-3").unwrap().values(16, &budget).unwrap();
    assert_eq!(mock[1..], [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31]);
    // Ruler (1+C): the largest power of 2 dividing n (A006519).
    let ruler = Spawning::parse("1+C").unwrap().values(16, &budget).unwrap();
    assert_eq!(ruler[1..], [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]);
}

#[test]
fn a_budget_cuts_an_option_list_short_and_says_so() {
    // 1+ has 2^(m-1) moves from heap m.
    let rule = CoinRule::parse("1+").unwrap();
    let spawning = Spawning::new(rule, Budget::unlimited().with_max_positions(1000));
    let mut count = 0;
    spawning.for_each_option(20, &mut |_| {
        count += 1;
        ControlFlow::Continue(())
    });
    assert!(count < 1 << 19);
    assert!(spawning.take_error().is_some());
    assert!(spawning.take_error().is_none(), "taken");
}

fn run(input: &str) -> String {
    match Session::new().run_to_string(input, &Budget::unlimited().with_max_positions(1_000_000)) {
        Ok(text) => text,
        Err(err) => format!("error: {err}"),
    }
}

#[test]
fn the_calculator_plays_spawning_games() {
    let mock = brute(&CoinRule::parse("1-3").unwrap(), 12);
    for (n, &v) in mock.iter().enumerate() {
        assert_eq!(run(&format!("game.heap.Spawning(\"1-3\")({n}).NimValue")), v.to_string());
    }
    assert_eq!(run("game.heap.Spawning(\"1-3\")"), "game.heap.Spawning(\"1-3\")");
    assert_eq!(run("game.heap.Spawning(\"1-3\")(4)"), "game.heap.Spawning(\"1-3\")(4)");
    assert_eq!(run("game.heap.Spawning(\"1-3\").NimValueSequence(8)"), "[1,2,4,7,8,11,13,14]");
    assert_eq!(run("game.heap.Spawning(\"mock\") == game.heap.Spawning(\"1-3\")"), "true");
    assert_eq!(run("game.heap.Spawning(\"1-3\")(3) + game.heap.Spawning(\"1-3\")(4)"), "*3");
    assert!(run("game.heap.Spawning(\"1-3\").CheckPeriodicity(100)").starts_with("error:"));
    assert!(run("game.heap.Spawning(\"1-x\")").starts_with("error:"));
    assert!(run("game.heap.Spawning(13)").starts_with("error:"));
}

#[test]
fn misere_values_of_spawning_heaps_match_a_search_of_the_heap_game() {
    // Misère play of the heap game, from the definition: a position is a
    // multiset of heaps; the player who cannot move wins.
    fn wins(heaps: &[usize], rule: &CoinRule) -> bool {
        if heaps.is_empty() {
            return true;
        }
        for i in 0..heaps.len() {
            let m = heaps[i];
            for mask in 0u32..1 << (m - 1) {
                let mut turned: Vec<usize> = (1..m).filter(|&x| mask >> (x - 1) & 1 == 1).collect();
                let others = turned.clone();
                turned.push(m);
                if !rule.allows(&turned) {
                    continue;
                }
                let mut next = heaps.to_vec();
                next.remove(i);
                next.extend(others);
                next.sort_unstable();
                if !wins(&next, rule) {
                    return true;
                }
            }
        }
        false
    }
    let rule = CoinRule::parse("1-2").unwrap();
    for n in 0..=6 {
        let heaps: Vec<usize> = [n].into_iter().filter(|&h| h > 0).collect();
        let p = !wins(&heaps, &rule);
        let value = run(&format!("game.heap.Spawning(\"1-2\")({n}).MisereNimValue"));
        assert_eq!(value == "0", p, "heap {n}: misère value {value}");
    }
}
