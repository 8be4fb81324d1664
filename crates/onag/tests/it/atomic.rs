//! Atomic weights, reduced canonical forms and incentives against
//! independent computations: values derived by hand from the atomic weight
//! calculus, additivity and the two-ahead rule on random all-small games
//! (proptest), the defining bound `|G − aw(G)·↑| ≤ ↑* + (far kite)` with the
//! far star found by walking followers, and the laws of reduction modulo
//! infinitesimals (`G − rcf(G)` infinitesimal, idempotence, additivity,
//! uniqueness on infinitesimally close pairs), and the expected values of
//! CGSuite's own test suite for its `CanonicalShortGame` cases.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::random_games::random_games;
use onag::game::{Arena, GameId};
use onag::lang::Session;
use onag::number::Dyadic;
use onag::{Budget, ErrorKind};

/// Small all-small games: 0, nimbers, ups, ↑², {0|*2}; then `levels`
/// rounds of four games whose options (1 or 2 a side) come from the pool.
fn random_all_small(a: &mut Arena, seed: u64, levels: usize) -> Vec<GameId> {
    let mut rng = StdRng::seed_from_u64(seed);
    let zero = a.zero();
    let star2 = a.nimber(2).unwrap();
    let mut pool = vec![
        zero,
        a.nimber(1).unwrap(),
        star2,
        a.up_multiple(1).unwrap(),
        a.up_multiple(-1).unwrap(),
        a.number_up_star(&Dyadic::zero(), 1, 1).unwrap(),
        a.number_up_star(&Dyadic::zero(), 2, 1).unwrap(),
        a.up_power(2).unwrap(),
        a.from_options(&[zero], &[star2]).unwrap(),
    ];
    for _ in 0..levels {
        let before = pool.len();
        for _ in 0..4 {
            let nl = rng.gen_range(1..=2);
            let nr = rng.gen_range(1..=2);
            let l: Vec<GameId> = (0..nl).map(|_| pool[rng.gen_range(0..before)]).collect();
            let r: Vec<GameId> = (0..nr).map(|_| pool[rng.gen_range(0..before)]).collect();
            pool.push(a.from_options(&l, &r).unwrap());
        }
    }
    pool
}

fn pick(seed: u64, games: &[GameId], count: usize) -> Vec<GameId> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count).map(|_| games[rng.gen_range(0..games.len())]).collect()
}

/// One more than the largest nimber among the followers, by walking them.
fn far_star_by_walk(a: &mut Arena, g: GameId) -> u64 {
    let followers = a.followers(g).unwrap();
    followers.iter().filter_map(|&f| a.as_nimber(f)).map(|m| m + 1).max().unwrap_or(1)
}

/// `↑* + (*2^k : −1)` with `2^k` at least the far star of `g` (k ≥ 1).
fn epsilon(a: &mut Arena, g: GameId) -> GameId {
    let far = far_star_by_walk(a, g);
    let mut n = 2;
    while n < far {
        n *= 2;
    }
    let base = a.nimber(n).unwrap();
    let minus_one = a.integer(-1).unwrap();
    let kite = a.ordinal_sum(base, minus_one).unwrap();
    let up_star = a.number_up_star(&Dyadic::zero(), 1, 1).unwrap();
    a.add(up_star, kite).unwrap()
}

fn weight(a: &mut Arena, g: GameId) -> GameId {
    a.atomic_weight(g).unwrap()
}

fn show(a: &mut Arena, g: GameId) -> String {
    a.print(g).unwrap()
}

fn aw_text(a: &mut Arena, g: GameId) -> String {
    let w = weight(a, g);
    show(a, w)
}

#[test]
fn number_up_star_weighs_its_ups() {
    let mut a = Arena::new();
    for ups in -6i64..=6 {
        for star in 0u64..5 {
            let g = a.number_up_star(&Dyadic::zero(), ups, star).unwrap();
            let w = weight(&mut a, g);
            assert_eq!(w, a.integer(ups).unwrap(), "aw({})", show(&mut a, g));
        }
    }
}

#[test]
fn literature_values() {
    let mut a = Arena::new();
    let zero = a.zero();
    let up = a.up_multiple(1).unwrap();
    let down = a.up_multiple(-1).unwrap();
    // ↑ⁿ has weight 0 for n ≥ 2, so ↑ + ↑² + … + ↑ⁿ has weight 1.
    for n in 2..=5 {
        let p = a.up_power(n).unwrap();
        assert_eq!(weight(&mut a, p), zero, "aw(^<{n}>)");
        let s = a.up_power_sum(n).unwrap();
        assert_eq!(aw_text(&mut a, s), "1", "aw(^[{n}])");
    }
    // {0 | *n} = ↑ + *(n⊕1) for n ≥ 2 (the calculus: G⁰⁰ = {−2 | 2} = 0,
    // an integer, and G > *(n+1), so aw is the greatest integer ◁ 2: 1).
    for n in 2..=5 {
        let s = a.nimber(n).unwrap();
        let g = a.from_options(&[zero], &[s]).unwrap();
        assert_eq!(g, a.number_up_star(&Dyadic::zero(), 1, n ^ 1).unwrap());
        assert_eq!(aw_text(&mut a, g), "1", "aw({{0|*{n}}})");
    }
    // {⇑* | ↓}: G⁰⁰ = {2 − 2 | −1 + 2} = {0 | 1} = 1/2, not an integer.
    let up2_star = a.number_up_star(&Dyadic::zero(), 2, 1).unwrap();
    let g = a.from_options(&[up2_star], &[down]).unwrap();
    assert_eq!(a.left_options(g).unwrap(), vec![up2_star]);
    assert_eq!(a.right_options(g).unwrap(), vec![down]);
    assert_eq!(aw_text(&mut a, g), "1/2");
    // {3↑* | ⇓}: G⁰⁰ = {1 | 0}, a game weight.
    let l = a.number_up_star(&Dyadic::zero(), 3, 1).unwrap();
    let r = a.up_multiple(-2).unwrap();
    let g = a.from_options(&[l], &[r]).unwrap();
    assert_eq!(a.left_options(g).unwrap(), vec![l]);
    assert_eq!(aw_text(&mut a, g), "{1|0}");
    // ±↑: G⁰⁰ = {−1 | 1} = 0 and ±↑ ‖ *2 (far star), so aw = 0.
    let pm_up = a.switch(up).unwrap();
    assert_eq!(weight(&mut a, pm_up), zero);
}

#[test]
fn games_that_are_not_atomic() {
    let mut a = Arena::new();
    let one = a.integer(1).unwrap();
    let half = a.dyadic(&Dyadic::new(1, 1)).unwrap();
    let pm_one = a.switch(one).unwrap();
    let zero = a.zero();
    let hot = a.from_options(&[one], &[zero]).unwrap();
    for g in [one, half, pm_one, hot] {
        assert!(!a.is_atomic(g).unwrap());
        let err = a.atomic_weight(g).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput);
        assert_eq!(err.message(), "That game is not atomic.");
    }
    // Tiny(1) is infinitesimal but not all-small; it is atomic, of weight 0.
    let tiny = a.tiny(one).unwrap();
    assert!(!a.is_all_small(tiny).unwrap());
    assert!(a.is_atomic(tiny).unwrap());
    assert_eq!(weight(&mut a, tiny), zero);
}

#[test]
fn incentives_by_hand() {
    let mut a = Arena::new();
    let check = |a: &mut Arena, g: GameId, want: &str| {
        let inc = a.incentives(g).unwrap();
        assert_eq!(a.print_set(&inc).unwrap(), want, "incentives of {}", show(a, g));
    };
    let zero = a.zero();
    check(&mut a, zero, "{}");
    // ↑: ↓ (Left) and ↑ − * = ↑* (Right); ↓ < ↑*.
    let up = a.up_multiple(1).unwrap();
    check(&mut a, up, "{^*}");
    // *: both incentives are *.
    let star = a.nimber(1).unwrap();
    check(&mut a, star, "{*}");
    // 1 = {0|}: 0 − 1.
    let one = a.integer(1).unwrap();
    check(&mut a, one, "{-1}");
    // 1/2 = {0|1}: both −1/2.
    let half = a.dyadic(&Dyadic::new(1, 1)).unwrap();
    check(&mut a, half, "{-1/2}");
    // ±1: 1 − ±1 = ±1 + 1 = {2|0} on both sides.
    let pm = a.switch(one).unwrap();
    check(&mut a, pm, "{{2|0}}");
    // {2|−1}: 2 − {2|−1} = {3|0} = {2|−1} + 1.
    let two = a.integer(2).unwrap();
    let m1 = a.integer(-1).unwrap();
    let g = a.from_options(&[two], &[m1]).unwrap();
    check(&mut a, g, "{{3|0}}");
    // *2: incentives *2 − 0 = *2, *2 − * = *3, ...: * + *2 = *3 and *2 are
    // confused, so both stay.
    let star2 = a.nimber(2).unwrap();
    check(&mut a, star2, "{*2,*3}");
}

#[test]
fn reduced_canonical_forms_by_hand() {
    let mut a = Arena::new();
    let zero = a.zero();
    let one = a.integer(1).unwrap();
    let two = a.integer(2).unwrap();
    let three = a.integer(3).unwrap();
    let up = a.up_multiple(1).unwrap();
    // {1 | ↑} is {1 | 0} plus an infinitesimal.
    let g = a.from_options(&[one], &[up]).unwrap();
    let r = a.reduced_canonical_form(g).unwrap();
    assert_eq!(show(&mut a, r), "{1|0}");
    // {3 || 2 | ↑} reduces to {3 || 2 | 0}.
    let inner = a.from_options(&[two], &[up]).unwrap();
    let g = a.from_options(&[three], &[inner]).unwrap();
    let r = a.reduced_canonical_form(g).unwrap();
    assert_eq!(show(&mut a, r), "{3||2|0}");
    // Number-ish games reduce to their number.
    let tiny = a.tiny(one).unwrap();
    let quarter = a.dyadic(&Dyadic::new(1, 2)).unwrap();
    let q_tiny = a.add(quarter, tiny).unwrap();
    let g = a.add(q_tiny, up).unwrap();
    assert_eq!(a.reduced_canonical_form(g).unwrap(), quarter);
    assert_eq!(a.reduced_canonical_form(tiny).unwrap(), zero);
    // ±1 + ↑* reduces to ±1.
    let pm = a.switch(one).unwrap();
    let up_star = a.number_up_star(&Dyadic::zero(), 1, 1).unwrap();
    let g = a.add(pm, up_star).unwrap();
    assert_eq!(a.reduced_canonical_form(g).unwrap(), pm);
}

/// CGSuite's test suite (`CanonicalShortGameTestCase`): a game, then its
/// `AtomicWeight` (`ERR`: "That game is not atomic."), `Incentives` and
/// `ReducedCanonicalForm` as CGSuite prints them.
const CGSUITE_CASES: &[(&str, &str, &str, &str)] = &[
    ("0", "0", "{}", "0"),
    ("5", "ERR", "{-1}", "5"),
    ("-1823437481924", "ERR", "{-1}", "-1823437481924"),
    ("-1/2", "ERR", "{-1/2}", "-1/2"),
    ("25/16", "ERR", "{-1/16}", "25/16"),
    ("*8", "0", "{*8,*9,*10,*11,*12,*13,*14,*15}", "0"),
    ("9/8+*", "ERR", "{*}", "9/8"),
    ("^", "1", "{^*}", "0"),
    ("v*", "-1", "{^*}", "0"),
    ("6+^*", "ERR", "{^*}", "6"),
    ("^*6", "1", "{^*}", "0"),
    ("73/16+v9*8", "ERR", "{^*}", "73/16"),
    ("{0|*||*|||*||||*}", "1", "{^[4]*}", "0"),
    ("{0||0|v*}", "1", "{^[2]*}", "0"),
    (
        "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        "0",
        "{^[4]*}",
        "0",
    ),
    (
        "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
        "0",
        "{^[4]*}",
        "0",
    ),
    ("{0||0|vvv}", "0", "{{^3,{^3|0}|0}}", "0"),
    ("{^^^|vv}", "{1|0}", "{{^5|0}}", "0"),
    ("{0||0|-3/2}", "0", "{{3/2,{3/2|0}|0}}", "0"),
    ("{0|||0||-1|-3}", "0", "{{3Tiny({3|1})|1Tiny({3|1}),{2,{3|1}|0}||0}}", "0"),
    (
        "{5||3|1|||0||||0}",
        "0",
        "{{5Tiny({5||3|1})|{3,{3|1}|||3|1||0|-2,{-2|-4}},{{4|2},{5||3|1}|0}||0}}",
        "0",
    ),
    ("{1|^^||^}", "2", "{{1v|^||0},{{1v|^},{1v||1vv|0}|0,{^|0,{0|-1^^}}}}", "0"),
    ("{1|^^^||^}", "ERR", "{{1v|^^||0},{{1v|^^},{1v||1v3|0}|0,{^^|0,{0|-1^3}}}}", "0"),
    ("{3||2+*|1+*}", "ERR", "{{2*|1*||0}}", "{3||2|1}"),
    (
        "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
        "ERR",
        "{{{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}},{9/2*|7/2||3/2*|1/2}|0},{{9/2*|7/2||{3|0},{2*,{5/2|2*}|1/2}},{9/2*|7/2||3/2*|1/2}|0,{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}}}",
        "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}",
    ),
];

#[test]
fn cgsuite_test_suite_values() {
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(1_000_000);
    let mut run = |input: String| match session.run_to_string(&input, &budget) {
        Ok(text) => text,
        Err(err) => format!("error: {}", err.message()),
    };
    for &(game, aw, incentives, rcf) in CGSUITE_CASES {
        let want_aw = if aw == "ERR" {
            "error: That game is not atomic.".to_string()
        } else {
            aw.to_string()
        };
        assert_eq!(run(format!("({game}).AtomicWeight")), want_aw, "AtomicWeight of {game}");
        let atomic = (aw != "ERR").to_string();
        assert_eq!(run(format!("({game}).IsAtomic")), atomic, "IsAtomic of {game}");
        assert_eq!(run(format!("({game}).Incentives")), incentives, "Incentives of {game}");
        assert_eq!(run(format!("({game}).ReducedCanonicalForm")), rcf, "rcf of {game}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// aw(G + H) = aw(G) + aw(H) and aw(−G) = −aw(G) for all-small G, H.
    #[test]
    fn atomic_weight_is_additive(seed in any::<u64>(), choice in any::<u64>()) {
        let mut a = Arena::new();
        let games = random_all_small(&mut a, seed, 3);
        let picked = pick(choice, &games, 2);
        let (g, h) = (picked[0], picked[1]);
        prop_assert!(a.is_all_small(g).unwrap());
        let wg = weight(&mut a, g);
        let wh = weight(&mut a, h);
        let sum = a.add(g, h).unwrap();
        let w_sum = weight(&mut a, sum);
        let sum_w = a.add(wg, wh).unwrap();
        prop_assert_eq!(w_sum, sum_w, "aw({} + {})", show(&mut a, g), show(&mut a, h));
        let ng = a.neg(g).unwrap();
        let w_neg = weight(&mut a, ng);
        prop_assert_eq!(w_neg, a.neg(wg).unwrap());
    }

    /// The two-ahead rule: aw(G) ≥ 2 ⇒ G > 0, aw(G) ≤ −2 ⇒ G < 0; and the
    /// one-ahead rule: aw(G) ≥ 1 ⇒ G ⧐ 0, aw(G) ≤ −1 ⇒ G ◁ 0.
    #[test]
    fn two_ahead_rule(seed in any::<u64>(), choice in any::<u64>()) {
        let mut a = Arena::new();
        let games = random_all_small(&mut a, seed, 3);
        let zero = a.zero();
        let mut g = zero;
        for h in pick(choice, &games, 3) {
            g = a.add(g, h).unwrap();
        }
        let w = weight(&mut a, g);
        let two = a.integer(2).unwrap();
        let minus_two = a.integer(-2).unwrap();
        let one = a.integer(1).unwrap();
        let minus_one = a.integer(-1).unwrap();
        if a.leq(two, w).unwrap() {
            prop_assert!(a.lt(zero, g).unwrap());
        }
        if a.leq(w, minus_two).unwrap() {
            prop_assert!(a.lt(g, zero).unwrap());
        }
        if a.leq(one, w).unwrap() {
            prop_assert!(!a.leq(g, zero).unwrap());
        }
        if a.leq(w, minus_one).unwrap() {
            prop_assert!(!a.leq(zero, g).unwrap());
        }
    }

    /// Every weight w satisfies the defining bound `−ε ≤ G − w.↑ ≤ ε` with
    /// `ε = ↑* + (*2^k : −1)` (all-small games are atomic): integer weights
    /// through repeated addition, others through Norton's product.
    #[test]
    fn weights_satisfy_the_defining_bound(seed in any::<u64>(), choice in any::<u64>()) {
        let mut a = Arena::new();
        let games = random_all_small(&mut a, seed, 3);
        let mut g = a.zero();
        for h in pick(choice, &games, 2) {
            g = a.add(g, h).unwrap();
        }
        let w = weight(&mut a, g);
        let up = a.up_multiple(1).unwrap();
        let ups = match a.as_number(w).filter(|x| x.is_integer()) {
            Some(n) => a.norton_multiply(up, &n.floor()).unwrap(),
            None => a.norton_product(w, up).unwrap(),
        };
        let d = a.sub(g, ups).unwrap();
        let e = epsilon(&mut a, g);
        let ne = a.neg(e).unwrap();
        prop_assert!(a.leq(d, e).unwrap() && a.leq(ne, d).unwrap(), "{}", show(&mut a, g));
    }

    /// `G − rcf(G)` is infinitesimal, rcf is idempotent, number-ish games
    /// reduce to their number, and rcf(G + H) = rcf(rcf(G) + rcf(H)).
    #[test]
    fn reduction_laws(seed in any::<u64>(), choice in any::<u64>()) {
        let mut a = Arena::new();
        let games = random_games(&mut a, seed, 3, 0..=2);
        let picked = pick(choice, &games, 2);
        let (g, h) = (picked[0], picked[1]);
        let rg = a.reduced_canonical_form(g).unwrap();
        let d = a.sub(g, rg).unwrap();
        prop_assert!(a.is_infinitesimal(d).unwrap(), "{} - rcf", show(&mut a, g));
        prop_assert_eq!(a.reduced_canonical_form(rg).unwrap(), rg);
        let (ls, rs) = a.stops(g).unwrap();
        if ls == rs {
            prop_assert_eq!(rg, a.dyadic(&ls).unwrap());
        }
        let rh = a.reduced_canonical_form(h).unwrap();
        let sum = a.add(g, h).unwrap();
        let r_sum = a.reduced_canonical_form(sum).unwrap();
        let sum_r = a.add(rg, rh).unwrap();
        prop_assert_eq!(r_sum, a.reduced_canonical_form(sum_r).unwrap());
    }

    /// Infinitesimally close games have the same reduced form, and games
    /// with the same reduced form are infinitesimally close.
    #[test]
    fn reduction_is_unique_per_class(seed in any::<u64>(), choice in any::<u64>()) {
        let mut a = Arena::new();
        let games = random_games(&mut a, seed, 2, 0..=2);
        let small = random_all_small(&mut a, seed ^ 0x5eed, 2);
        let picked = pick(choice, &games, 2);
        let (g, h) = (picked[0], picked[1]);
        let eps = pick(choice ^ 1, &small, 1)[0];
        let close = a.add(g, eps).unwrap();
        prop_assert_eq!(
            a.reduced_canonical_form(close).unwrap(),
            a.reduced_canonical_form(g).unwrap()
        );
        let d = a.sub(g, h).unwrap();
        let same = a.reduced_canonical_form(g).unwrap() == a.reduced_canonical_form(h).unwrap();
        prop_assert_eq!(same, a.is_infinitesimal(d).unwrap());
    }

    /// Incentives are an antichain of differences `G^L − G`, `G − G^R`, and
    /// every such difference is at most one of them.
    #[test]
    fn incentives_are_the_maximal_differences(seed in any::<u64>(), choice in any::<u64>()) {
        let mut a = Arena::new();
        let games = random_games(&mut a, seed, 3, 0..=2);
        let g = pick(choice, &games, 1)[0];
        let inc = a.incentives(g).unwrap();
        let mut all = Vec::new();
        for l in a.left_options(g).unwrap() {
            all.push(a.sub(l, g).unwrap());
        }
        for r in a.right_options(g).unwrap() {
            all.push(a.sub(g, r).unwrap());
        }
        for &x in &inc {
            prop_assert!(all.contains(&x));
            for &y in &inc {
                prop_assert!(x == y || !a.leq(x, y).unwrap());
            }
        }
        for &x in &all {
            let mut covered = false;
            for &y in &inc {
                covered |= a.leq(x, y).unwrap();
            }
            prop_assert!(covered);
        }
    }
}
