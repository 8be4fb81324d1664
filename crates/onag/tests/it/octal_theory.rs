//! Misère genus with a proved settling point, and winning moves of heaps of
//! any size from a certified period, each against an independent computation:
//! a brute force over explicit sums with nim heaps `*2` and `*1`, CGSuite's
//! genus tables, and a listing of every option of moderate heaps.

use std::ops::ControlFlow;

use onag::Budget;
use onag::impartial::heap::TakeAndBreak;
use onag::impartial::misere::MisereSolver;
use rustc_hash::FxHashMap;

fn code(text: &str) -> TakeAndBreak {
    TakeAndBreak::parse(text).unwrap()
}

/// Misère value of heaps of `rule` plus literal nim heaps (sizes in `nims`),
/// straight from the definition: no reduction of `*1 + *1`, no genus theory.
fn brute(
    rule: &TakeAndBreak,
    heaps: &[usize],
    nims: &[usize],
    memo: &mut FxHashMap<(Vec<usize>, Vec<usize>), u32>,
) -> u32 {
    let mut heaps = heaps.to_vec();
    heaps.sort_unstable();
    let mut nims: Vec<usize> = nims.iter().copied().filter(|&n| n > 0).collect();
    nims.sort_unstable();
    if let Some(&v) = memo.get(&(heaps.clone(), nims.clone())) {
        return v;
    }
    let mut options: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for i in 0..heaps.len() {
        let _ = rule.for_each_option(heaps[i], |parts| {
            let mut h = heaps.clone();
            h.remove(i);
            h.extend_from_slice(parts);
            options.push((h, nims.clone()));
            ControlFlow::Continue(())
        });
    }
    for i in 0..nims.len() {
        for smaller in 0..nims[i] {
            let mut n = nims.clone();
            n[i] = smaller;
            options.push((heaps.clone(), n));
        }
    }
    let value = if options.is_empty() {
        1
    } else {
        let seen: Vec<u32> = options.iter().map(|(h, n)| brute(rule, h, n, memo)).collect();
        (0..).find(|v| !seen.contains(v)).unwrap()
    };
    memo.insert((heaps, nims), value);
    value
}

#[test]
fn genus_sequences_match_explicit_sums_with_twos() {
    let budget = Budget::unlimited();
    for (c, max_heap) in [
        ("0.77", 9),
        ("0.07", 10),
        ("0.137", 10),
        ("4!.0", 11),
        ("0.6", 10),
        ("4.07", 8),
        ("0.3F", 6),
    ] {
        let rule = code(c);
        let mut solver = MisereSolver::new(&rule);
        let mut memo = FxHashMap::default();
        for h in 0..=max_heap {
            let (gammas, settled) = solver.gamma_sequence(&[h], &budget).unwrap();
            assert_eq!(gammas.len(), settled + 2, "{c} heap {h}");
            // Past the proved settling point by six more terms.
            for k in 0..settled + 8 {
                let expected = brute(&rule, &[h], &vec![2; k], &mut memo);
                let ours =
                    if k < gammas.len() { gammas[k] } else { gammas[settled + (k - settled) % 2] };
                assert_eq!(ours, expected, "{c} heap {h}: γ{k}");
            }
        }
        // Sums of two heaps as well.
        for a in 1..=4 {
            for b in a..=5 {
                let (gammas, settled) = solver.gamma_sequence(&[a, b], &budget).unwrap();
                for k in 0..settled + 6 {
                    let expected = brute(&rule, &[a, b], &vec![2; k], &mut memo);
                    let ours = if k < gammas.len() {
                        gammas[k]
                    } else {
                        gammas[settled + (k - settled) % 2]
                    };
                    assert_eq!(ours, expected, "{c} heaps {a}+{b}: γ{k}");
                }
            }
        }
    }
}

/// CGSuite's genus tables: heap, printed genus, and the terms γ0..γ7.
const KAYLES: &[(usize, &str, &str)] = &[
    (0, "0", "12020202"),
    (1, "1", "03131313"),
    (2, "2", "20202020"),
    (3, "3", "31313131"),
    (4, "1", "03131313"),
    (5, "4^146", "14646464"),
    (6, "3", "31313131"),
    (7, "2^2", "20202020"),
    (8, "1^1", "13131313"),
    (9, "4^046", "04646464"),
    (10, "2^2", "20202020"),
    (11, "6^46", "46464646"),
    (12, "4^046", "04646464"),
    (13, "1^1", "13131313"),
    (14, "2^2", "20202020"),
    (15, "7^57", "57575757"),
    (16, "1^13", "13131313"),
    (17, "4^64", "64646464"),
    (18, "3^31", "31313131"),
    (19, "2^20", "20202020"),
    (20, "1^031", "03131313"),
    (21, "4^64", "64646464"),
    (22, "6^46", "46464646"),
    (23, "7^57", "57575757"),
    (24, "4^64", "64646464"),
    (25, "1^731", "73131313"),
];

const DAWSONS_CHESS: &[(usize, &str, &str)] = &[
    (0, "0", "12020202"),
    (1, "1", "03131313"),
    (2, "1", "03131313"),
    (3, "2", "20202020"),
    (4, "0", "12020202"),
    (5, "3", "31313131"),
    (6, "1", "03131313"),
    (7, "1", "03131313"),
    (8, "0", "12020202"),
    (9, "3^1431", "14313131"),
    (10, "3", "31313131"),
    (11, "2^0520", "05202020"),
    (12, "2", "20202020"),
    (13, "4^146", "14646464"),
    (14, "0", "12020202"),
    (15, "5^057", "05757575"),
    (16, "2^0520", "05202020"),
    (17, "2", "20202020"),
    (18, "3^1431", "14313131"),
    (19, "3", "31313131"),
    (20, "0^02", "02020202"),
    (21, "1^031", "03131313"),
    (22, "1^13", "13131313"),
    (23, "3^1431", "14313131"),
    (24, "0^31", "31313131"),
    (25, "2^0520", "05202020"),
];

const OFFICERS: &[(usize, &str, &str)] = &[
    (7, "3^1431", "14313131"),
    (11, "4^0564", "05646464"),
    (12, "0^20", "20202020"),
    (17, "3^0531", "05313131"),
    (20, "0^02", "02020202"),
    (23, "4^0564", "05646464"),
    (24, "5^475", "47575757"),
];

fn check_table(c: &str, table: &[(usize, &str, &str)]) {
    let rule = code(c);
    let mut solver = MisereSolver::new(&rule);
    let budget = Budget::unlimited();
    for &(h, printed, terms) in table {
        let (gammas, settled) = solver.gamma_sequence(&[h], &budget).unwrap();
        let ours: String = (0..8)
            .map(|k| {
                let g =
                    if k < gammas.len() { gammas[k] } else { gammas[settled + (k - settled) % 2] };
                g.to_string()
            })
            .collect();
        assert_eq!(ours, terms, "{c} heap {h}");
        let genus = solver.genus(&[h], &budget).unwrap().to_string();
        assert_eq!(genus, printed, "{c} heap {h}");
    }
}

#[test]
fn genus_matches_cgsuite_tables() {
    check_table("0.77", KAYLES);
    check_table("0.137", DAWSONS_CHESS);
    check_table("0.6", OFFICERS);
}

/// Every option of value `want` of a heap of `h`, listed from the rule with
/// the values read from `value`.
fn options_of_value(
    rule: &TakeAndBreak,
    h: usize,
    want: u32,
    value: &dyn Fn(usize) -> u32,
) -> Vec<Vec<u64>> {
    let mut found = Vec::new();
    let _ = rule.for_each_option(h, |parts| {
        if parts.iter().fold(0, |x, &p| x ^ value(p)) == want {
            found.push(parts.iter().map(|&p| p as u64).collect());
        }
        ControlFlow::Continue(())
    });
    found
}

#[test]
fn winning_moves_from_the_period_match_every_option() {
    use onag::impartial::heap::moves::winning_moves_of_sum;
    use onag::impartial::heap::sequence::compute_plain;
    let budget = Budget::unlimited();
    for c in ["0.77", "0.07", "0.137", "4.07", "0.26", "0.33", "0.51", "0.156"] {
        let rule = code(c);
        let seq = rule.sequence_until(u64::MAX, &budget).unwrap();
        let period = seq.certified.unwrap_or_else(|| panic!("{c}: no period"));
        assert_eq!(period.saltus, 0);
        let n = 1200;
        let plain = compute_plain(&rule, n, &budget).unwrap().values;
        let g = |x: usize| plain[x];
        for h1 in (0..n).step_by(7) {
            for h2 in [0, 1, 5, 13, 200] {
                let heaps = [h1 as u64, h2];
                let total = plain[h1] ^ plain[h2 as usize];
                let mut expected = Vec::new();
                if total != 0 {
                    for (i, &h) in heaps.iter().enumerate() {
                        let want = total ^ plain[h as usize];
                        for to in options_of_value(&rule, h as usize, want, &g) {
                            expected.push((i, h, to));
                        }
                    }
                }
                let ours = winning_moves_of_sum(&rule, &seq, &heaps, usize::MAX).unwrap();
                let listed: Vec<(usize, u64, Vec<u64>)> =
                    ours.listed.iter().map(|m| (m.heap, m.from, m.to.clone())).collect();
                assert_eq!(listed, expected, "{c} {heaps:?}");
                assert_eq!(ours.count, expected.len().into(), "{c} {heaps:?}");
                let few = winning_moves_of_sum(&rule, &seq, &heaps, 3).unwrap();
                assert_eq!(few.count, ours.count);
                assert_eq!(few.listed[..], ours.listed[..ours.listed.len().min(3)]);
            }
        }
    }
}

#[test]
fn winning_moves_of_heaps_past_a_million() {
    use onag::impartial::heap::moves::winning_moves_of_sum;
    let budget = Budget::unlimited();
    for (c, heaps) in
        [("0.77", [3_000_017u64, 0]), ("0.07", [2_500_001, 7]), ("0.137", [2_000_003, 0])]
    {
        let rule = code(c);
        let seq = rule.sequence_until(u64::MAX, &budget).unwrap();
        let g = |x: usize| seq.value(x as u64).unwrap();
        let total = g(heaps[0] as usize) ^ g(heaps[1] as usize);
        assert_ne!(total, 0, "{c}: pick an N-position");
        let mut expected = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for to in options_of_value(&rule, h as usize, total ^ g(h as usize), &g) {
                expected.push((i, h, to));
            }
        }
        let ours = winning_moves_of_sum(&rule, &seq, &heaps, 50).unwrap();
        assert_eq!(ours.count, expected.len().into(), "{c}");
        let listed: Vec<(usize, u64, Vec<u64>)> =
            ours.listed.iter().map(|m| (m.heap, m.from, m.to.clone())).collect();
        assert_eq!(listed[..], expected[..50.min(expected.len())], "{c}");
    }
}

#[test]
fn winning_moves_of_astronomical_heaps_are_legal_and_winning() {
    use onag::impartial::heap::moves::winning_moves_of_sum;
    let budget = Budget::unlimited();
    let rule = code("0.77");
    let seq = rule.sequence_until(u64::MAX, &budget).unwrap();
    for heaps in [vec![1_000_000_000_000_000_003u64], vec![1_000_000_000_000_000_003u64, 5]] {
        let ours = winning_moves_of_sum(&rule, &seq, &heaps, 40).unwrap();
        let shown = ours.count.clone().min(num_bigint::BigUint::from(40u32));
        assert_eq!(num_bigint::BigUint::from(ours.listed.len()), shown);
        for m in &ours.listed {
            let removed = heaps[m.heap] - m.to.iter().sum::<u64>();
            assert!((1..=2).contains(&removed) && m.to.len() <= 2, "{m:?}");
            let mut x = m.to.iter().fold(0, |x, &h| x ^ seq.value(h).unwrap());
            for (i, &h) in heaps.iter().enumerate() {
                if i != m.heap {
                    x ^= seq.value(h).unwrap();
                }
            }
            assert_eq!(x, 0, "{m:?}");
        }
        if heaps.len() == 1 {
            // No Kayles value past the preperiod is 0, and splits into two
            // heaps of equal value abound: about as many as the heap is large.
            assert!(ours.count > num_bigint::BigUint::from(10_000_000_000_000_000u64));
        }
    }
    // A hexadecimal code leaving three heaps is refused beyond the table.
    let hex = code("0.F");
    let seq = hex.sequence_until(u64::MAX, &budget).unwrap();
    assert!(winning_moves_of_sum(&hex, &seq, &[10_000_001, 2], 5).is_err());
    assert!(winning_moves_of_sum(&hex, &seq, &[11, 2], 5).is_ok());
}

/// Certifies what the arithmetic periodicity theorem can from `g(0..=upto)`.
fn arithmetic(c: &str, upto: usize) -> (TakeAndBreak, onag::impartial::heap::GrundySequence) {
    let rule = code(c);
    let mut seq = rule.sequence(upto, &Budget::unlimited()).unwrap();
    onag::impartial::heap::arith::certify_sequence(&rule, &mut seq);
    (rule, seq)
}

#[test]
fn certified_arithmetic_periods_hold_far_past_the_certificate() {
    use onag::impartial::heap::sequence::compute_plain;
    let budget = Budget::unlimited();
    let digits = "0123456789ABCDEF";
    let mut certified = Vec::new();
    for a in digits.chars() {
        for b in digits.chars() {
            let c = format!("0.{a}{b}");
            let (rule, seq) = arithmetic(&c, 120);
            let Some(per) = seq.certified.filter(|p| p.saltus > 0) else { continue };
            // Every value up to 400 by plain search against the period.
            let plain = compute_plain(&rule, 400, &budget).unwrap().values;
            for (n, &v) in plain.iter().enumerate() {
                assert_eq!(seq.value(n as u64), Some(v), "{c} heap {n} ({per:?})");
            }
            certified.push(c);
        }
    }
    assert!(certified.len() >= 30, "{certified:?}");
    assert!(certified.contains(&"0.80".to_string()) && certified.contains(&"0.EF".to_string()));
}

#[test]
fn patterns_outside_the_theorem_stay_apparent() {
    // 0.FF (g(n) = n), 0.0F (value 0 reached only by heaps that cancel,
    // with none left to grow) and 0.3F (saltus 3) grow arithmetically but
    // the theorem's conditions fail.
    for c in ["0.FF", "0.0F", "0.3F"] {
        let (_, seq) = arithmetic(c, 300);
        assert!(seq.certified.is_none(), "{c}");
        assert!(seq.apparent.is_some_and(|a| a.saltus > 0), "{c}");
    }
    let (_, seq) = arithmetic("0.8", 300);
    let per = seq.certified.unwrap();
    assert_eq!((per.period, per.preperiod, per.saltus), (3, 1, 1));
    // Heaps far beyond the table follow from the certified period.
    assert_eq!(seq.value(3_000_000_001), Some(1_000_000_000));
}
