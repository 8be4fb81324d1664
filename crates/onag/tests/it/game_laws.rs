//! Algebraic laws of the game arena (proptest), and `Dyadic` against
//! `num-rational`.

use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::random_games::random_games;
use onag::game::{Arena, GameId};
use onag::number::Dyadic;

fn pick(rng_seed: u64, games: &[GameId]) -> (GameId, GameId, GameId) {
    let mut rng = StdRng::seed_from_u64(rng_seed);
    let n = games.len();
    let start = n.saturating_sub(8);
    let mut one = || games[rng.gen_range(start..n)];
    (one(), one(), one())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn sum_laws(seed in any::<u64>(), choice in any::<u64>()) {
        let mut a = Arena::new();
        let games = random_games(&mut a, seed, 3, 0..=2);
        let (g, h, k) = pick(choice, &games);
        let zero = a.zero();
        // G + (−G) = 0
        let ng = a.neg(g).unwrap();
        prop_assert_eq!(a.add(g, ng).unwrap(), zero);
        prop_assert_eq!(a.neg(ng).unwrap(), g);
        // commutativity and associativity
        let gh = a.add(g, h).unwrap();
        prop_assert_eq!(gh, a.add(h, g).unwrap());
        let left = a.add(gh, k).unwrap();
        let hk = a.add(h, k).unwrap();
        let right = a.add(g, hk).unwrap();
        prop_assert_eq!(left, right);
        // G ≤ H ⇔ H − G ≥ 0
        let d = a.sub(h, g).unwrap();
        prop_assert_eq!(a.leq(g, h).unwrap(), a.leq(zero, d).unwrap());
        // Norton multiplication by integers is repeated addition.
        let three = a.norton_multiply(g, &BigInt::from(3)).unwrap();
        let gg = a.add(g, g).unwrap();
        prop_assert_eq!(three, a.add(gg, g).unwrap());
        let minus_two = a.norton_multiply(g, &BigInt::from(-2)).unwrap();
        prop_assert_eq!(minus_two, a.add(ng, ng).unwrap());
    }

    #[test]
    fn canonical_forms_are_idempotent_and_unique(seed in any::<u64>(), choice in any::<u64>()) {
        let mut a = Arena::new();
        let games = random_games(&mut a, seed, 3, 0..=2);
        let (g, h, _) = pick(choice, &games);
        let l = a.left_options(g).unwrap();
        let r = a.right_options(g).unwrap();
        prop_assert_eq!(a.from_options(&l, &r).unwrap(), g);
        // Repeated and dominated options change nothing.
        if let Some(&first) = l.first() {
            let one = a.integer(1).unwrap();
            let smaller = a.sub(first, one).unwrap();
            let mut more = l.clone();
            more.push(smaller);
            more.push(first);
            more.reverse();
            prop_assert_eq!(a.from_options(&more, &r).unwrap(), g);
        }
        // The same value reached two ways has one id.
        let gh = a.add(g, h).unwrap();
        let back = a.sub(gh, h).unwrap();
        prop_assert_eq!(back, g);
        // Comparison is consistent with equality of ids.
        let equal = a.leq(g, h).unwrap() && a.leq(h, g).unwrap();
        prop_assert_eq!(equal, g == h);
    }

    #[test]
    fn dyadics_agree_with_rationals(
        a in any::<i64>(), ea in 0u32..80, b in any::<i64>(), eb in 0u32..80,
    ) {
        let x = Dyadic::new(a, ea);
        let y = Dyadic::new(b, eb);
        let rx = BigRational::new(BigInt::from(a), BigInt::from(1) << ea);
        let ry = BigRational::new(BigInt::from(b), BigInt::from(1) << eb);
        prop_assert_eq!(x.to_rational(), rx.clone());
        prop_assert_eq!((&x + &y).to_rational(), &rx + &ry);
        prop_assert_eq!((&x - &y).to_rational(), &rx - &ry);
        prop_assert_eq!((-&x).to_rational(), -rx.clone());
        prop_assert_eq!(x.checked_mul(&y).unwrap().to_rational(), &rx * &ry);
        prop_assert_eq!(x.cmp(&y), rx.cmp(&ry));
        prop_assert_eq!(x.floor(), rx.floor().to_integer());
        prop_assert_eq!(x.ceil(), rx.ceil().to_integer());
        prop_assert_eq!(Dyadic::from_rational(&rx), Some(x.clone()));
        prop_assert_eq!(x.to_string(), rx.to_string());
        if x < y {
            let s = onag::number::simplest_between(&x, &y).unwrap();
            prop_assert!(x < s && s < y);
        }
    }
}

#[test]
fn simplest_is_earliest_born_among_small_dyadics() {
    // Every dyadic with denominator up to 16 in [-4, 4], by brute force.
    let all: Vec<Dyadic> = (-64..=64).map(|n| Dyadic::new(n, 4)).collect();
    for x in &all {
        for y in &all {
            if x >= y {
                continue;
            }
            let s = onag::number::simplest_between(x, y).unwrap();
            let best = all.iter().filter(|z| x < *z && *z < y).map(onag::number::birthday).min();
            if let Some(best) = best {
                assert_eq!(onag::number::birthday(&s), best, "{x} {y}");
            }
            assert!(x < &s && &s < y);
        }
    }
}

#[test]
fn outcomes_and_predicates_of_known_games() {
    use onag::game::PartizanOutcome::{L, N, P, R};
    use std::cmp::Ordering;
    let mut a = Arena::new();
    let zero = a.zero();
    let one = a.integer(1).unwrap();
    let star = a.nimber(1).unwrap();
    let up = a.up_multiple(1).unwrap();
    let down = a.neg(up).unwrap();
    let up_star = a.add(up, star).unwrap();
    let pm1 = a.switch(one).unwrap();
    let up2 = a.up_power(2).unwrap();
    let sum3 = a.up_power_sum(3).unwrap();
    for (g, want) in
        [(zero, P), (one, L), (star, N), (up, L), (down, R), (up_star, N), (pm1, N), (up2, L)]
    {
        assert_eq!(a.outcome(g).unwrap(), want);
    }
    assert_eq!(a.compare(up, star).unwrap(), None);
    assert_eq!(a.compare(up2, up).unwrap(), Some(Ordering::Less));
    assert_eq!(a.compare(sum3, up).unwrap(), Some(Ordering::Greater));
    assert!(a.is_infinitesimal(sum3).unwrap());
    assert!(!a.is_infinitesimal(pm1).unwrap());
    assert!(a.is_all_small(up2).unwrap());
    assert!(!a.is_all_small(pm1).unwrap());
    assert!(a.is_switch(pm1).unwrap());
    assert!(!a.is_switch(up).unwrap());
    assert!(a.is_number(one) && !a.is_number(star));
    assert_eq!(a.as_nimber(star), Some(1));
    assert_eq!(a.nim_value(up), None);
    assert_eq!(a.stops(pm1).unwrap(), (Dyadic::from_i64(1), Dyadic::from_i64(-1)));
    // ↑ⁿ is infinitesimal with respect to ↑^(n-1): 8·↑³ < ↑².
    let up3 = a.up_power(3).unwrap();
    let many = a.norton_multiply(up3, &BigInt::from(8)).unwrap();
    assert!(a.lt(many, up2).unwrap());
    // Overflow is an error, not a wrap.
    let huge = a.up_multiple(i64::MAX).unwrap();
    assert_eq!(a.add(huge, up).unwrap_err().kind(), onag::ErrorKind::Overflow);
}
