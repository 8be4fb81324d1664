//! Subtraction games (`impartial::heap::subtraction`) against the naive mex from
//! the rules, the seed examples, and the periodicity claims checked on long tables.

use num_traits::ToPrimitive;
use onag::Budget;
use onag::impartial::Outcome;
use onag::impartial::heap::subtraction::{
    self, Analysis, Rule, SubtractionSet, analyze, solve_sum,
};
use onag::number::BigUint;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// g(n) = mex{g(n − k) : k ≥ 1 allowed, k ≤ n}, quadratic and obvious.
fn naive(len: usize, allowed: impl Fn(usize) -> bool) -> Vec<u32> {
    let allowed: Vec<bool> = (0..len).map(|k| k >= 1 && allowed(k)).collect();
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let mut seen = vec![false; n + 2];
        for k in 1..=n {
            if allowed[k] {
                seen[(g[n - k] as usize).min(n + 1)] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

/// The same for a finite set, looping over its members only.
fn naive_finite(len: usize, set: &[u64]) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let opts: Vec<u32> =
            set.iter().filter(|&&k| k as usize <= n).map(|&k| g[n - k as usize]).collect();
        g.push((0..).find(|v| !opts.contains(v)).unwrap());
    }
    g
}

fn run(set: SubtractionSet, upto: u64) -> Analysis {
    analyze(&set, upto, 100_000, &Budget::unlimited()).unwrap()
}

fn finite(s: &[u64]) -> SubtractionSet {
    SubtractionSet::finite(s.to_vec()).unwrap()
}

/// The periodicity claim holds on `g` and its preperiod cannot be lowered.
fn check_claim(g: &[u32], a: &Analysis) {
    let p = a.periodicity.as_ref().expect("a period");
    let (pre, per, salt) = (p.preperiod as usize, p.period as usize, p.saltus as u32);
    for n in pre..g.len() - per {
        assert_eq!(g[n + per], g[n] + salt, "g({}) vs g({n}) for {}", n + per, a.set);
    }
    if pre > 0 {
        assert_ne!(
            g[pre - 1 + per],
            g[pre - 1] + salt,
            "preperiod {pre} of {} is not least",
            a.set
        );
    }
}

/// No period shorter than `per` holds on the second half of `g`.
fn check_least_period(g: &[u32], per: usize, salt: u32) {
    let half = g.len() / 2;
    for q in 1..per {
        let holds = (half..g.len() - q).all(|n| {
            let d = g[n + q] as i64 - g[n] as i64;
            d == (g[half + q] as i64 - g[half] as i64)
        });
        assert!(!holds || salt > 0 && q % per == 0, "period {q} < {per} also fits");
    }
}

#[test]
fn seed_004_s_1_3_4() {
    let a = run(finite(&[1, 3, 4]), 100);
    assert_eq!(a.p_positions(16), vec![0, 2, 7, 9, 14, 16]);
    let p = a.periodicity.as_ref().unwrap();
    assert_eq!((p.preperiod, p.period), (0, 7));
    // 100 mod 7 = 2: P, the second player wins.
    assert_eq!(a.table[100], 0);
    let pattern: String = a.table[..7].iter().map(|&g| if g == 0 { 'P' } else { 'N' }).collect();
    assert_eq!(pattern, "PNPNNNN");
    assert!(p.explain().contains("g(n+7) = g(n) for every n >= 0"));
}

#[test]
fn seed_004_matches_and_s_1_to_6() {
    // 21 matches, take 1..3: take 1 and leave 20.
    let a = run(finite(&[1, 2, 3]), 30);
    let sol = solve_sum(&a, &[BigUint::from(21u32)]).unwrap();
    assert_eq!(sol.outcome, Outcome::N);
    assert_eq!(sol.winning_moves.len(), 1);
    assert_eq!(sol.winning_moves[0].to, BigUint::from(20u32));
    // S = {1..6}, 10000 matches: 10000 = 7·1428 + 4, so N: take 4.
    let a = run(finite(&[1, 2, 3, 4, 5, 6]), 10);
    let sol = solve_sum(&a, &[BigUint::from(10_000u32)]).unwrap();
    assert_eq!(sol.outcome, Outcome::N);
    assert_eq!(sol.winning_moves[0].take, BigUint::from(4u32));
}

#[test]
fn bash_games_are_p_iff_multiple_of_m_plus_1() {
    // m ≥ 64 exercises the stamped path.
    for m in [1u64, 2, 3, 7, 10, 63, 64, 70] {
        let set: Vec<u64> = (1..=m).collect();
        let a = run(finite(&set), 500);
        for n in 0..=500u64 {
            assert_eq!(a.table[n as usize] == 0, n % (m + 1) == 0, "m={m} n={n}");
            assert_eq!(a.table[n as usize] as u64, n % (m + 1));
        }
        let p = a.periodicity.as_ref().unwrap();
        assert_eq!((p.preperiod, p.period), (0, m + 1));
        // Seed 001: from n not a multiple of m + 1, the winning move takes n mod (m + 1).
        for n in [m + 2, 5 * m + 3, 1000] {
            let sol = solve_sum(&a, &[BigUint::from(n)]).unwrap();
            if n % (m + 1) == 0 {
                assert!(sol.winning_moves.is_empty());
            } else {
                assert_eq!(sol.winning_moves.len(), 1);
                assert_eq!(sol.winning_moves[0].take, BigUint::from(n % (m + 1)));
            }
        }
    }
}

#[test]
fn random_finite_sets_match_naive_mex() {
    let mut rng = StdRng::seed_from_u64(4);
    for _ in 0..300 {
        let size = rng.gen_range(1..=5);
        let set: Vec<u64> = (0..size).map(|_| rng.gen_range(1..=12)).collect();
        let a = run(SubtractionSet::finite(set.clone()).unwrap(), 600);
        let g = naive_finite(3000, &set);
        assert_eq!(a.table[..601], g[..601], "{set:?}");
        check_claim(&g, &a);
        let p = a.periodicity.as_ref().unwrap();
        check_least_period(&g, p.period as usize, 0);
    }
}

#[test]
fn all_but_sets_match_naive_mex_and_their_claims() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut sets: Vec<Vec<u64>> = vec![vec![], vec![1], vec![2, 3, 7], vec![1, 2], vec![3]];
    for _ in 0..60 {
        let size = rng.gen_range(1..=4);
        sets.push((0..size).map(|_| rng.gen_range(1..=8)).collect());
    }
    for set in sets {
        let all_but = SubtractionSet::all_but(set.clone()).unwrap();
        let a = analyze(&all_but, 300, 1500, &Budget::unlimited()).unwrap();
        let g = naive(1500, |k| !set.contains(&(k as u64)));
        assert_eq!(a.table[..301], g[..301], "all but {set:?}");
        if a.periodicity.is_some() {
            check_claim(&g, &a);
        }
    }
}

#[test]
fn all_but_2_3_7_is_arithmetic_periodic() {
    let a =
        analyze(&SubtractionSet::all_but(vec![2, 3, 7]).unwrap(), 100, 5000, &Budget::unlimited())
            .unwrap();
    let p = a.periodicity.as_ref().expect("certified");
    assert!(p.saltus > 0);
    // Values beyond the table follow the claim.
    let g = naive(2500, |k| ![2, 3, 7].contains(&k));
    check_claim(&g, &a);
    for n in [1000u32, 2222, 2499] {
        assert_eq!(a.value(&BigUint::from(n)).unwrap().to_u32(), Some(g[n as usize]));
    }
}

#[test]
fn rule_sets_match_naive_mex() {
    let is_prime = |k: usize| k >= 2 && (2..k).all(|d| k % d != 0);
    for rule in Rule::ALL {
        let a = run(SubtractionSet::Rule(rule), 400);
        assert!(a.periodicity.is_none());
        let g = match rule {
            Rule::Squares => naive(401, |k| (1..=k).any(|r| r * r == k)),
            Rule::PowersOf2 => naive(401, |k| k.is_power_of_two()),
            Rule::Primes => naive(401, is_prime),
        };
        assert_eq!(a.table, g, "{}", rule.name());
    }
}

#[test]
fn sums_list_every_winning_move() {
    let mut rng = StdRng::seed_from_u64(6);
    for _ in 0..100 {
        let size = rng.gen_range(1..=4);
        let set: Vec<u64> = (0..size).map(|_| rng.gen_range(1..=9)).collect();
        let heaps: Vec<u64> = (0..3).map(|_| rng.gen_range(0..60)).collect();
        let a = run(SubtractionSet::finite(set.clone()).unwrap(), 70);
        let g = naive(70, |k| set.contains(&(k as u64)));
        let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
        let sol = solve_sum(&a, &big).unwrap();
        let total = heaps.iter().fold(0, |acc, &h| acc ^ g[h as usize]);
        assert_eq!(sol.outcome == Outcome::P, total == 0);
        let mut want = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for to in 0..h {
                if set.contains(&(h - to)) && (total ^ g[h as usize] ^ g[to as usize]) == 0 {
                    want.push((i, to));
                }
            }
        }
        let got: Vec<(usize, u64)> =
            sol.winning_moves.iter().map(|m| (m.heap, m.to.to_u64().unwrap())).collect();
        assert_eq!(got, want, "{set:?} {heaps:?}");
    }
    // All-but sums list moves from the table too.
    let a = run(SubtractionSet::all_but(vec![2, 3]).unwrap(), 40);
    let g = naive(41, |k| k != 2 && k != 3);
    let sol = solve_sum(&a, &[BigUint::from(17u32), BigUint::from(9u32)]).unwrap();
    let total = g[17] ^ g[9];
    for m in &sol.winning_moves {
        let (from, to) = (m.from.to_usize().unwrap(), m.to.to_usize().unwrap());
        let other = if m.heap == 0 { g[9] } else { g[17] };
        assert_eq!(g[to] ^ other, 0);
        assert!(from - to != 2 && from - to != 3);
    }
    assert_eq!(sol.outcome == Outcome::P, total == 0);
}

#[test]
fn huge_heaps_use_the_period() {
    let a = run(finite(&[1, 3, 4]), 20);
    let n: BigUint = "1000000000000000000000000000000".parse().unwrap();
    let r = (&n % 7u32).to_usize().unwrap();
    assert_eq!(a.value(&n).unwrap().to_usize(), Some(a.table[r] as usize));
    let sol = solve_sum(&a, &[n.clone(), BigUint::from(2u32)]).unwrap();
    for m in &sol.winning_moves {
        assert!(m.take <= BigUint::from(4u32));
    }
    // Rule sets never extrapolate.
    let rule = run(SubtractionSet::Rule(Rule::Squares), 20);
    assert!(solve_sum(&rule, &[n]).is_err());
}

#[test]
fn bad_input_is_an_error() {
    assert!(subtraction::parse_set("").is_err());
    assert!(subtraction::parse_set("1,x").is_err());
    assert!(SubtractionSet::finite(vec![0, 1]).is_err());
    let limited = Budget::unlimited().with_max_positions(50);
    assert!(analyze(&finite(&[1, 2]), 100, 10, &limited).is_err());
    assert!(analyze(&finite(&[1, 2]), 40, 1000, &limited).is_ok());
}

/// Whether the player to move wins the sum of `heaps` in the subtraction game
/// `set`, by search over the sum itself (no Grundy values).
fn sum_wins(
    heaps: &mut Vec<u64>,
    set: &[u64],
    memo: &mut rustc_hash::FxHashMap<Vec<u64>, bool>,
) -> bool {
    let mut key = heaps.clone();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut win = false;
    'all: for i in 0..heaps.len() {
        for &k in set {
            if k <= heaps[i] {
                heaps[i] -= k;
                let opponent = sum_wins(heaps, set, memo);
                heaps[i] += k;
                if !opponent {
                    win = true;
                    break 'all;
                }
            }
        }
    }
    memo.insert(key, win);
    win
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Sprague–Grundy: the sum is P exactly when the XOR of the values is 0.
    #[test]
    fn the_value_of_a_sum_is_the_xor_of_values(
        set in proptest::collection::btree_set(1u64..8, 1..4),
        heaps in proptest::collection::vec(0u64..25, 1..4),
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let a = run(SubtractionSet::finite(set.clone()).unwrap(), 30);
        let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
        let sol = solve_sum(&a, &big).unwrap();
        let wins = sum_wins(&mut heaps.clone(), &set, &mut Default::default());
        proptest::prop_assert_eq!(sol.outcome == Outcome::N, wins);
        for m in &sol.winning_moves {
            let mut after = heaps.clone();
            after[m.heap] = m.to.to_u64().unwrap();
            proptest::prop_assert!(!sum_wins(&mut after, &set, &mut Default::default()));
        }
    }
}

#[test]
fn all_but_heaps_beyond_the_table_use_the_arithmetic_period() {
    for set in [vec![2u64, 3, 7], vec![1], vec![3, 4], vec![1, 2, 5]] {
        let g = naive(1200, |k| !set.contains(&(k as u64)));
        let a =
            analyze(&SubtractionSet::all_but(set.clone()).unwrap(), 10, 200, &Budget::unlimited())
                .unwrap();
        assert!(a.periodicity.is_some() && a.table.len() < 1000, "{set:?}");
        for heaps in [[900u64, 17], [1100, 1000], [1199, 3]] {
            let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
            let sol = solve_sum(&a, &big).unwrap();
            let total = g[heaps[0] as usize] ^ g[heaps[1] as usize];
            assert_eq!(sol.value.to_u32(), Some(total), "{set:?} {heaps:?}");
            let mut want = Vec::new();
            for (i, &h) in heaps.iter().enumerate() {
                for to in 0..h {
                    if !set.contains(&(h - to)) && (total ^ g[h as usize] ^ g[to as usize]) == 0 {
                        want.push((i, to));
                    }
                }
            }
            let got: Vec<(usize, u64)> =
                sol.winning_moves.iter().map(|m| (m.heap, m.to.to_u64().unwrap())).collect();
            assert_eq!(got, want, "{set:?} {heaps:?}");
        }
    }
    let a = run(SubtractionSet::all_but(vec![2, 3, 7]).unwrap(), 10);
    let huge: BigUint = BigUint::from(10u32).pow(30);
    let sol = solve_sum(&a, &[huge.clone(), huge + 1u32]).unwrap();
    for m in &sol.winning_moves {
        assert!(m.take != BigUint::from(2u32) && m.take != BigUint::from(3u32));
    }
}
