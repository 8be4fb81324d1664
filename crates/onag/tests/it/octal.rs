//! Take-and-break games: the sparse-space algorithm against the plain one,
//! published Grundy sequences and periods, code round trips, and misère
//! values against a direct brute force of the misère game.

use std::ops::ControlFlow;

use onag::Budget;
use onag::impartial::heap::sequence::{Algorithm, compute, compute_plain};
use onag::impartial::heap::{HeapRuleset, TakeAndBreak, nim_value_of_sum, winning_moves};
use onag::impartial::misere::MisereSolver;
use proptest::prelude::*;
use rayon::prelude::*;

fn code(text: &str) -> TakeAndBreak {
    TakeAndBreak::parse(text).unwrap()
}

fn seq(text: &str, upto: usize) -> onag::impartial::heap::GrundySequence {
    code(text).sequence(upto, &Budget::unlimited()).unwrap()
}

fn sparse_disagreements(codes: &[String], upto: usize) -> Vec<String> {
    let budget = Budget::unlimited();
    codes
        .par_iter()
        .filter_map(|c| {
            let rule = code(c);
            let fast = rule.sequence_with(upto, &budget, false).unwrap();
            let plain = compute_plain(&rule, upto, &budget).unwrap();
            (fast.values != plain.values).then(|| c.clone())
        })
        .collect()
}

#[test]
fn sparse_agrees_with_plain_on_every_three_digit_octal_code() {
    // All 512 codes 0.d1d2d3 to n = 600, and every seventh of them to n = 3000
    // (all 512 to 3000 take minutes of plain search on a loaded machine).
    let codes: Vec<String> =
        (0..512).map(|i| format!("0.{}{}{}", i / 64, i / 8 % 8, i % 8)).collect();
    let bad = sparse_disagreements(&codes, 600);
    assert!(bad.is_empty(), "sparse and plain differ on {bad:?}");
    let sample: Vec<String> = codes.iter().step_by(7).cloned().collect();
    let bad = sparse_disagreements(&sample, 3000);
    assert!(bad.is_empty(), "sparse and plain differ on {bad:?}");
}

#[test]
fn sparse_agrees_with_plain_beyond_the_first_mask_choice() {
    // Games whose sequences are not periodic early: the mask is chosen and re-chosen.
    let codes: Vec<String> = ["4!.0", "0.6", "0.16", "0.376", "0.165", "4?.3", "8.0", "0.4!7"]
        .iter()
        .map(|c| c.to_string())
        .collect();
    let bad = sparse_disagreements(&codes, 4000);
    assert!(bad.is_empty(), "sparse and plain differ on {bad:?}");
    for c in ["4!.0", "0.6", "0.16"] {
        let s = code(c).sequence_with(4000, &Budget::unlimited(), false).unwrap();
        assert_ne!(s.rare_mask, Some(0), "{c}: the rare/common split is used");
    }
    assert_eq!(
        code("0.6").sequence_with(6000, &Budget::unlimited(), false).unwrap().algorithm,
        Algorithm::Sparse
    );
}

#[test]
fn kayles_period_12_from_71() {
    let s = seq("0.77", 1_000);
    let p = s.certified.unwrap();
    assert_eq!((p.period, p.preperiod), (12, 71));
    assert_ne!(s.values[70], s.values[82], "last exception at 70");
    assert_eq!(&s.values[1..11], &[1, 2, 3, 1, 4, 3, 2, 1, 4, 2]);
    let plain = compute_plain(&code("0.77"), 1_000, &Budget::unlimited()).unwrap();
    assert_eq!(s.values, plain.values, "values past the certificate follow from the period");
}

#[test]
fn dawsons_kayles_period_34_from_53() {
    let p = seq("0.07", 2_000).certified.unwrap();
    assert_eq!((p.period, p.preperiod), (34, 53));
}

#[test]
fn subtraction_2_3_7_period_5() {
    let rule = TakeAndBreak::from_subtraction_set(&[2, 3, 7], false).unwrap();
    assert_eq!(rule.to_string(), "0.0330003");
    let s = rule.sequence(500, &Budget::unlimited()).unwrap();
    assert_eq!(s.certified.unwrap().period, 5);
    // From the definition: g(n) = mex{g(n-s) : s in {2,3,7}, s <= n}.
    let mut g = vec![0u32; 501];
    for n in 0..=500 {
        g[n] = onag::impartial::mex(
            [2, 3, 7].iter().filter(|&&s| s <= n).map(|&s| u64::from(g[n - s])),
        ) as u32;
    }
    assert_eq!(s.values, g);
}

#[test]
fn all_but_subtraction_is_a_code() {
    let rule = TakeAndBreak::from_subtraction_set(&[1, 2], true).unwrap();
    assert_eq!(rule.to_string(), "0.00[3]");
    let s = compute(&rule, 300, &Budget::unlimited()).unwrap();
    let mut g = vec![0u32; 301];
    for n in 0..=300 {
        g[n] = onag::impartial::mex((3..=n).map(|s| u64::from(g[n - s]))) as u32;
    }
    assert_eq!(s.values, g);
    let a = s.apparent.unwrap();
    assert_eq!((a.period, a.saltus), (3, 1));
    assert!(s.certified.is_none());
}

#[test]
fn grundys_game_first_values() {
    let s = seq("4!.0", 20);
    assert_eq!(&s.values[1..], &[0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]);
    assert!(s.certified.is_none(), "no theorem for constrained codes");
}

#[test]
fn nim_is_a_code_with_saltus_one() {
    let s = seq("0.[3]", 200);
    assert!(s.values.iter().enumerate().all(|(n, &v)| v as usize == n));
    assert_eq!(s.apparent.unwrap().saltus, 1);
}

#[test]
fn hexadecimal_codes_split_into_three() {
    // 0.8: remove one token, leave exactly three heaps. Brute force from the definition.
    let s = compute_plain(&code("0.8"), 40, &Budget::unlimited()).unwrap();
    let g = &s.values;
    for n in 0..=40usize {
        let mut opts = Vec::new();
        if n >= 4 {
            let m = n - 1;
            for a in 1..m {
                for b in 1..m - a {
                    let c = m - a - b;
                    if c >= 1 {
                        opts.push(u64::from(g[a] ^ g[b] ^ g[c]));
                    }
                }
            }
        }
        assert_eq!(u64::from(g[n]), onag::impartial::mex(opts), "heap {n}");
    }
}

#[test]
fn sums_and_winning_moves() {
    let rule = code("0.77");
    let s = seq("0.77", 30);
    assert_eq!(nim_value_of_sum(&s.values, &[1, 2, 3]), Some(0));
    let moves = winning_moves(&rule, &s.values, &[4, 2]).unwrap();
    for (i, parts) in &moves {
        let mut heaps = vec![4usize, 2];
        heaps.remove(*i);
        heaps.extend(parts);
        assert_eq!(nim_value_of_sum(&s.values, &heaps), Some(0));
    }
    assert!(!moves.is_empty());
}

#[test]
fn user_rulesets_get_sequences_and_periods() {
    // Take 1 or 2 tokens, or split a heap into two equal halves.
    struct Halving;
    impl HeapRuleset for Halving {
        fn for_each_option(&self, heap: usize, f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) {
            for take in 1..=2.min(heap) {
                if heap > take {
                    let _ = f(&[heap - take]);
                } else {
                    let _ = f(&[]);
                }
            }
            if heap >= 2 && heap % 2 == 0 {
                let _ = f(&[heap / 2, heap / 2]);
            }
        }
        fn name(&self) -> String {
            "halving".into()
        }
    }
    let s = compute(&Halving, 60, &Budget::unlimited()).unwrap();
    let mut g = vec![0u32; 61];
    for n in 1..=60usize {
        let mut o: Vec<u64> = (1..=2.min(n)).map(|t| u64::from(g[n - t])).collect();
        if n % 2 == 0 {
            o.push(0);
        }
        g[n] = onag::impartial::mex(o) as u32;
    }
    assert_eq!(s.values, g);
    assert!(s.certified.is_none());
}

#[test]
fn limits_are_honoured() {
    let budget = Budget::unlimited().with_max_positions(100);
    assert!(code("0.77").sequence(1000, &budget).is_err());
    assert!(code("0.77").sequence(usize::MAX, &Budget::unlimited()).is_err());
}

/// Misère Grundy value of a sum of heaps by brute force from the rules: 1
/// with no move, else the mex of the options. Memoised on the sorted heaps.
fn misere_grundy(
    rule: &TakeAndBreak,
    heaps: &[usize],
    memo: &mut rustc_hash::FxHashMap<Vec<usize>, u32>,
) -> u32 {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut values = Vec::new();
    for i in 0..heaps.len() {
        let mut opts = Vec::new();
        let _ = rule.for_each_option(heaps[i], |p| {
            opts.push(p.to_vec());
            ControlFlow::Continue(())
        });
        for p in opts {
            let mut next: Vec<usize> =
                heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
            next.extend(p);
            values.push(u64::from(misere_grundy(rule, &next, memo)));
        }
    }
    let w = if values.is_empty() { 1 } else { onag::impartial::mex(values) as u32 };
    memo.insert(key, w);
    w
}

#[test]
fn misere_values_agree_with_brute_force() {
    let budget = Budget::unlimited();
    let codes = ["0.77", "0.07", "4!.0", "0.137", "0.3F", "0.8", "0.15", "4.07", "0.[3]", "0.3?4="];
    for c in codes {
        let rule = code(c);
        let mut solver = MisereSolver::new(&rule);
        let mut memo = rustc_hash::FxHashMap::default();
        for a in 0..9 {
            for b in a..9 {
                for c3 in [0, 3, 5] {
                    let heaps = [a, b, c3];
                    let v = solver.misere_value(&heaps, &budget).unwrap();
                    assert_eq!(v, misere_grundy(&rule, &heaps, &mut memo), "{c} {heaps:?}");
                }
            }
        }
    }
}

#[test]
fn grundys_game_genus_like_cgsuite() {
    let rule = code("4!.0");

    let mut solver = MisereSolver::new(&rule);
    let genus: Vec<String> =
        (0..=20).map(|n| solver.genus(&[n], &Budget::unlimited()).unwrap().to_string()).collect();
    assert_eq!(genus.join(","), "0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20");
}

#[test]
fn nim_heaps_misere_values() {
    // Misère Nim: value of *a alone is a xor 1 for a <= 1, a otherwise.
    let rule = code("0.[3]");
    let mut solver = MisereSolver::new(&rule);
    let b = Budget::unlimited();
    assert_eq!(solver.misere_value(&[], &b).unwrap(), 1);
    assert_eq!(solver.misere_value(&[1], &b).unwrap(), 0);
    assert_eq!(solver.misere_value(&[1, 1], &b).unwrap(), 1);
    assert_eq!(solver.misere_value(&[2, 3], &b).unwrap(), 1);
    assert_eq!(solver.genus(&[], &b).unwrap().gammas, vec![1, 2, 0]);
    assert_eq!(solver.genus(&[1], &b).unwrap().gammas, vec![0, 3, 1]);
}

fn arb_digit() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u32..32).prop_map(|d| char::from_digit(d, 32).unwrap().to_string()),
        (32u64..1000).prop_map(|d| format!("&{d};")),
    ]
    .prop_flat_map(|d| {
        prop_oneof![
            Just(d.clone()),
            Just(format!("{d}!")),
            Just(format!("{d}?")),
            Just(format!("{d}="))
        ]
    })
}

proptest! {
    #[test]
    fn codes_round_trip(first in prop_oneof![Just("0"), Just("4"), Just("8!"), Just("C")],
                        fixed in proptest::collection::vec(arb_digit(), 0..5),
                        repeat in proptest::collection::vec(arb_digit(), 0..3)) {
        let mut text = format!("{first}.");
        text.extend(fixed.iter().map(String::as_str));
        if repeat.is_empty() && fixed.is_empty() {
            text.push('0');
        }
        if !repeat.is_empty() {
            text.push('[');
            text.extend(repeat.iter().map(String::as_str));
            text.push(']');
        }
        let rule = TakeAndBreak::parse(&text).unwrap();
        let printed = rule.to_string();
        let again = TakeAndBreak::parse(&printed).unwrap();
        prop_assert_eq!(&again, &rule);
        prop_assert_eq!(again.to_string(), printed);
        // Same options for small heaps as the text says.
        for n in 0..12 {
            let mut a = Vec::new();
            let _ = rule.for_each_option(n, |p| { a.push(p.to_vec()); ControlFlow::Continue(()) });
            let mut b = Vec::new();
            let _ = again.for_each_option(n, |p| { b.push(p.to_vec()); ControlFlow::Continue(()) });
            prop_assert_eq!(a, b);
        }
    }
}

#[test]
fn bad_codes_are_errors() {
    for bad in [
        "0.",
        "1.2.3",
        "",
        "0.[]",
        "0.[3]4",
        "x.1",
        "1.0",
        "14.0",
        "0.&;",
        "0.&99999999999999999999;",
    ] {
        assert!(TakeAndBreak::parse(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn octal_sequence_until_answers_any_heap_from_the_period() {
    let budget = Budget::unlimited();
    // Independent: every value by search, no period used.
    let plain = compute_plain(&code("0.77"), 3000, &budget).unwrap();
    let lazy = code("0.77").sequence_until(u64::MAX, &budget).unwrap();
    assert!(lazy.values.len() < 300, "search stops at the certificate");
    for n in 0..=3000u64 {
        assert_eq!(lazy.value(n), Some(plain.values[n as usize]), "heap {n}");
    }
    // Far heaps agree with the smallest heap of the same residue past the preperiod.
    for n in [4_294_967_293u64, 10_000_000_000_000, u64::MAX] {
        let small = 71 + (n - 71) % 12;
        assert_eq!(lazy.value(n), Some(plain.values[small as usize]), "heap {n}");
    }
}

#[test]
fn octal_sequence_until_bounds_the_table_without_a_certificate() {
    // Grundy's game has no certificate: the limit is checked before allocating.
    let budget = Budget::unlimited().with_max_positions(1000);
    let err = code("4!.0").sequence_until(10_000_000_000_000, &budget).unwrap_err();
    assert!(err.to_string().contains("raise --max-positions"), "{err}");
    // A certifying code that has not certified yet fails as the table passes the limit.
    let err = code("0.77").sequence_until(1_000_000, &Budget::unlimited().with_max_positions(50));
    assert!(err.is_err());
    let s = code("4!.0").sequence_until(500, &Budget::unlimited()).unwrap();
    assert_eq!(s.values, compute_plain(&code("4!.0"), 500, &Budget::unlimited()).unwrap().values);
    assert_eq!(s.value(501), None);
}

#[test]
fn misere_winning_moves_agree_with_brute_force() {
    let budget = Budget::unlimited();
    let mut listed = 0;
    for c in ["0.77", "0.137", "4!.0", "0.3F"] {
        let rule = code(c);
        let mut solver = MisereSolver::new(&rule);
        let mut memo = rustc_hash::FxHashMap::default();
        for heaps in [vec![1, 1], vec![2, 5], vec![5, 7], vec![3, 4, 7], vec![9, 9], vec![1, 2, 8]]
        {
            let moves = solver.misere_winning_moves(&heaps, &budget).unwrap();
            // Every option of every heap, by brute force.
            let mut expected = Vec::new();
            for (i, &h) in heaps.iter().enumerate() {
                let mut options = Vec::new();
                let _ = rule.for_each_option(h, |parts| {
                    options.push(parts.to_vec());
                    std::ops::ControlFlow::Continue(())
                });
                for mut parts in options {
                    let mut next: Vec<usize> = heaps.clone();
                    next.remove(i);
                    next.extend(parts.iter().copied());
                    if misere_grundy(&rule, &next, &mut memo) == 0 {
                        parts.sort_unstable();
                        expected.push((i, parts));
                    }
                }
            }
            expected.sort();
            expected.dedup();
            assert_eq!(moves, expected, "{c} {heaps:?}");
            listed += moves.len();
        }
    }
    assert!(listed > 20, "{listed}");
}
