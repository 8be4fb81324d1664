//! Temperature theory against independent computations: cooling by the
//! definition on explicit option trees, the mean value theorem, algebraic
//! laws (proptest), thermographs against stops, and values from the
//! literature.

use std::collections::BTreeMap;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::random_games::random_games;
use onag::game::{Arena, GameId};
use onag::number::Dyadic;

fn d(n: i64, k: u32) -> Dyadic {
    Dyadic::new(n, k)
}

// ----- cooling from the definition, on explicit trees -----

/// A game given by its options, never simplified (a leaf is a number).
#[derive(Clone, Debug)]
struct Tree {
    number: Option<Dyadic>,
    left: Vec<Tree>,
    right: Vec<Tree>,
}

fn random_tree(rng: &mut StdRng, depth: u32) -> Tree {
    if depth == 0 {
        let x = [d(-2, 0), d(-1, 0), d(0, 0), d(1, 0), d(2, 0), d(1, 1), d(3, 0)]
            [rng.gen_range(0..7)]
        .clone();
        return Tree { number: Some(x), left: vec![], right: vec![] };
    }
    let side = |rng: &mut StdRng| {
        let n = rng.gen_range(1..=2);
        let mut out = Vec::new();
        for _ in 0..n {
            let below = rng.gen_range(0..depth);
            out.push(random_tree(rng, below));
        }
        out
    };
    let left = side(rng);
    let right = side(rng);
    Tree { number: None, left, right }
}

fn value(a: &mut Arena, t: &Tree) -> GameId {
    if let Some(x) = &t.number {
        return a.dyadic(x).unwrap();
    }
    let l: Vec<GameId> = t.left.iter().map(|x| value(a, x)).collect();
    let r: Vec<GameId> = t.right.iter().map(|x| value(a, x)).collect();
    a.from_options(&l, &r).unwrap()
}

/// The temperatures where freezing is looked for: multiples of 1/64, enough
/// for the breakpoints of games born by day 4.
const GRID: u32 = 6;

/// `G_t` for t ≥ 0 by the definition: a number stays; otherwise
/// `F(t) = {G^L_t − t | G^R_t + t}`, unless some F(t') with t' < t is
/// infinitely close to a number x (equal stops), in which case `G_t = x` for
/// the least such t'. The least t' is found by bisection on the grid (being
/// frozen is monotone in t'). Memoised by tree node and temperature.
fn cool_def(
    a: &mut Arena,
    tree: &Tree,
    t: &Dyadic,
    memo: &mut BTreeMap<(usize, Dyadic), GameId>,
) -> GameId {
    let key = (tree as *const Tree as usize, t.clone());
    if let Some(&g) = memo.get(&key) {
        return g;
    }
    let g = value(a, tree);
    let result = if a.is_number(g) {
        g
    } else {
        let formal = |a: &mut Arena, s: &Dyadic, memo: &mut BTreeMap<(usize, Dyadic), GameId>| {
            let sid = a.dyadic(s).unwrap();
            let l: Vec<GameId> = tree
                .left
                .iter()
                .map(|x| {
                    let c = cool_def(a, x, s, memo);
                    a.sub(c, sid).unwrap()
                })
                .collect();
            let r: Vec<GameId> = tree
                .right
                .iter()
                .map(|x| {
                    let c = cool_def(a, x, s, memo);
                    a.add(c, sid).unwrap()
                })
                .collect();
            a.from_options(&l, &r).unwrap()
        };
        let frozen = |a: &mut Arena, s: &Dyadic, memo: &mut BTreeMap<_, _>| {
            let f = formal(a, s, memo);
            let (l, r) = a.stops(f).unwrap();
            (l == r).then_some(l)
        };
        // Grid points below t: 0, 1/64, …, the last one below t.
        let steps = t.mul_pow2(GRID);
        let top: num_bigint::BigInt = steps.ceil() - 1;
        let mut found = None;
        if top >= num_bigint::BigInt::from(0) {
            let top: i64 = top.try_into().unwrap();
            let at = |k: i64| Dyadic::new(k, GRID);
            if frozen(a, &at(top), memo).is_some() {
                // Least frozen grid point in [0, top].
                let (mut lo, mut hi) = (-1i64, top);
                while hi - lo > 1 {
                    let mid = (lo + hi) / 2;
                    if frozen(a, &at(mid), memo).is_some() {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                found = frozen(a, &at(hi), memo);
            }
        }
        match found {
            Some(x) => a.dyadic(&x).unwrap(),
            None => formal(a, t, memo),
        }
    };
    memo.insert(key, result);
    result
}

#[test]
fn cooling_and_walls_match_the_definition_on_random_trees() {
    let mut rng = StdRng::seed_from_u64(8);
    let temps = [d(0, 0), d(1, 2), d(1, 1), d(3, 4), d(1, 0), d(3, 2), d(2, 0), d(5, 2)];
    let (mut checked, mut hot) = (0, 0);
    for _ in 0..100 {
        let tree = random_tree(&mut rng, 3);
        let mut a = Arena::new();
        let g = value(&mut a, &tree);
        let mut memo = BTreeMap::new();
        if a.temperature(g).unwrap() > Dyadic::zero() {
            hot += 1;
        }
        let th = a.thermograph(g).unwrap();
        for t in &temps {
            let by_definition = cool_def(&mut a, &tree, t, &mut memo);
            // The walls at t ≥ 0 are the stops of G cooled by t.
            let (l, r) = a.stops(by_definition).unwrap();
            assert_eq!(th.left_wall().value_at(t).unwrap(), l, "left wall at {t}");
            assert_eq!(th.right_wall().value_at(t).unwrap(), r, "right wall at {t}");
            let by_thermograph = a.cool(g, t).unwrap();
            assert_eq!(
                a.print(by_definition).unwrap(),
                a.print(by_thermograph).unwrap(),
                "{} cooled by {t}",
                a.print(g).unwrap()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 800);
    // The sample is not all numbers and infinitesimals.
    assert!(hot >= 30, "only {hot} hot games");
}

// ----- known values -----

#[test]
fn values_from_the_literature() {
    let mut a = Arena::new();
    let one = a.integer(1).unwrap();
    let pm1 = a.switch(one).unwrap();
    assert_eq!(a.mean(pm1).unwrap(), d(0, 0));
    assert_eq!(a.temperature(pm1).unwrap(), d(1, 0));
    // {3 || 2* | 1*}: mean 9/4, temperature 3/4 (CALCULATOR.md).
    let two = a.integer(2).unwrap();
    let three = a.integer(3).unwrap();
    let star = a.nimber(1).unwrap();
    let two_star = a.add(two, star).unwrap();
    let one_star = a.add(one, star).unwrap();
    let inner = a.from_options(&[two_star], &[one_star]).unwrap();
    let g = a.from_options(&[three], &[inner]).unwrap();
    assert_eq!(a.mean(g).unwrap(), d(9, 2));
    assert_eq!(a.temperature(g).unwrap(), d(3, 2));
    // {2|1} is hot at 1/2 around 3/2; {4|1} at 3/2 around 5/2.
    let four = a.integer(4).unwrap();
    let h = a.from_options(&[four], &[one]).unwrap();
    assert_eq!((a.mean(h).unwrap(), a.temperature(h).unwrap()), (d(5, 1), d(3, 1)));
    // Cooling ±1 by 1 gives *, {4|1} by 3/2 gives 5/2*, by 2 gives 5/2.
    let c = a.cool(pm1, &d(1, 0)).unwrap();
    assert_eq!(c, star);
    let c = a.cool(h, &d(3, 1)).unwrap();
    assert_eq!(a.print(c).unwrap(), "5/2*");
    let c = a.cool(h, &d(2, 0)).unwrap();
    assert_eq!(a.print(c).unwrap(), "5/2");
    // Heating * by 1 gives ±1; overheating 1 from * by 1 gives *.
    let heated = a.heat(star, one).unwrap();
    assert_eq!(heated, pm1);
    let over = a.overheat(one, star, one).unwrap();
    assert_eq!(over, star);
    // Temperatures CGSuite gives numbers: −1 for integers, −1/2^k otherwise.
    let q = a.dyadic(&d(5, 3)).unwrap();
    assert_eq!(a.temperature(three).unwrap(), d(-1, 0));
    assert_eq!(a.temperature(q).unwrap(), d(-1, 3));
    assert_eq!(a.temperature(star).unwrap(), d(0, 0));
}

#[test]
fn thermographs_print_as_cgsuite_prints_them() {
    let mut a = Arena::new();
    let check = |a: &mut Arena, g: GameId, want: &str| {
        assert_eq!(a.thermograph(g).unwrap().to_string(), want);
    };
    let one = a.integer(1).unwrap();
    let pm1 = a.switch(one).unwrap();
    check(&mut a, pm1, "Thermograph(0,[1],[0,-1],0,[1],[0,1])");
    let five = a.integer(5).unwrap();
    check(&mut a, five, "Thermograph(5,[],[0],5,[],[0])");
    // {3 || 2* | 1*}: the right wall rises from 1 (t = 0) to 3/2 (t = 1/2),
    // stays, then rises again to meet the left wall 3 − t at 3/4.
    let two = a.integer(2).unwrap();
    let three = a.integer(3).unwrap();
    let star = a.nimber(1).unwrap();
    let two_star = a.add(two, star).unwrap();
    let one_star = a.add(one, star).unwrap();
    let inner = a.from_options(&[two_star], &[one_star]).unwrap();
    let g = a.from_options(&[three], &[inner]).unwrap();
    check(&mut a, g, "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])");
}

// ----- laws -----

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn walls_at_zero_are_the_stops_and_means_add(seed in any::<u64>(), i in 0usize..64, j in 0usize..64) {
        let mut a = Arena::new();
        let games = random_games(&mut a, seed, 3, 1..=2);
        let (g, h) = (games[i % games.len()], games[j % games.len()]);
        for x in [g, h] {
            let th = a.thermograph(x).unwrap();
            let (l, r) = a.stops(x).unwrap();
            prop_assert_eq!(th.left_wall().value_at(&Dyadic::zero()).unwrap(), l);
            prop_assert_eq!(th.right_wall().value_at(&Dyadic::zero()).unwrap(), r);
            if !a.is_number(x) {
                prop_assert_eq!(th.mean().unwrap(), a.mean(x).unwrap());
                prop_assert_eq!(th.temperature(), a.temperature(x).unwrap());
            }
        }
        let s = a.add(g, h).unwrap();
        prop_assert_eq!(a.mean(s).unwrap(), a.mean(g).unwrap() + a.mean(h).unwrap());
    }

    #[test]
    fn mean_value_theorem(seed in any::<u64>(), i in 0usize..64) {
        let mut a = Arena::new();
        let games = random_games(&mut a, seed, 2, 1..=2);
        let g = games[i % games.len()];
        let m = a.mean(g).unwrap();
        let t = a.temperature(g).unwrap().max(Dyadic::zero());
        let mut multiple = a.zero();
        for n in 1..=8i64 {
            multiple = a.add(multiple, g).unwrap();
            let nm = m.checked_mul(&Dyadic::from_i64(n)).unwrap();
            let (l, r) = a.stops(multiple).unwrap();
            for stop in [l, r] {
                let gap = &stop - &nm;
                let gap = if gap.signum() < 0 { -gap } else { gap };
                prop_assert!(gap <= t, "{}·G stop {} vs mean {}", n, stop, nm);
            }
        }
    }

    #[test]
    fn cooling_distributes_over_sums(seed in any::<u64>(), i in 0usize..64, j in 0usize..64, k in 0usize..6) {
        let mut a = Arena::new();
        let games = random_games(&mut a, seed, 2, 1..=2);
        let (g, h) = (games[i % games.len()], games[j % games.len()]);
        let t = [d(0, 0), d(1, 2), d(1, 1), d(1, 0), d(3, 2), d(2, 0)][k].clone();
        let s = a.add(g, h).unwrap();
        let cs = a.cool(s, &t).unwrap();
        let cg = a.cool(g, &t).unwrap();
        let ch = a.cool(h, &t).unwrap();
        prop_assert_eq!(cs, a.add(cg, ch).unwrap());
    }

    #[test]
    fn numbers_have_masts(n in -64i64..64, k in 0u32..6) {
        let mut a = Arena::new();
        let x = d(n, k);
        let g = a.dyadic(&x).unwrap();
        let th = a.thermograph(g).unwrap();
        prop_assert_eq!(th.is_mast(), x.is_integer());
        // Above its (negative) temperature the thermograph is the mast at x.
        let t = a.temperature(g).unwrap();
        prop_assert!(t < Dyadic::zero());
        for s in [t.clone(), Dyadic::zero(), d(7, 1)] {
            prop_assert_eq!(th.left_wall().value_at(&s).unwrap(), x.clone());
            prop_assert_eq!(th.right_wall().value_at(&s).unwrap(), x.clone());
        }
        prop_assert_eq!(a.mean(g).unwrap(), x);
    }

    #[test]
    fn heating_then_cooling_gives_the_game_back(seed in any::<u64>(), i in 0usize..64, k in 0usize..3) {
        let mut a = Arena::new();
        let games = random_games(&mut a, seed, 2, 1..=2);
        let g = games[i % games.len()];
        let t = [d(1, 1), d(1, 0), d(2, 0)][k].clone();
        let tid = a.dyadic(&t).unwrap();
        let heated = a.heat(g, tid).unwrap();
        prop_assert_eq!(a.cool(heated, &t).unwrap(), g);
    }
}

// ----- the calculator -----

#[test]
fn calculator_members() {
    use onag::Budget;
    use onag::lang::Session;
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(1_000_000);
    let cases = [
        ("{3||2*|1*}.Mean", "9/4"),
        ("{3||2*|1*}.Temperature", "3/4"),
        ("(+-1).Mean", "0"),
        ("(+-1).Temperature", "1"),
        ("{1|0}.Thermograph", "Thermograph(1/2,[1/2],[0,-1],1/2,[1/2],[0,1])"),
        ("3.Thermograph", "Thermograph(3,[],[0],3,[],[0])"),
        ("(1/2).Thermograph", "Thermograph(1/2,[-1/2],[0,-1],1/2,[-1/2],[0,1])"),
        ("^.Thermograph", "Thermograph(0,[0],[0,-1],0,[],[0])"),
        // CGSuite's expected walls.
        ("{3||2|1}.Thermograph.Wall(Left)", "Trajectory(9/4,[3/4],[0,-1])"),
        ("{3||2|1}.Thermograph.Wall(Right)", "Trajectory(9/4,[3/4,1/2],[0,1,0])"),
        ("{3||2|1}.Thermograph.Wall(3)", "error: 1:27: Wall needs Left or Right, not an integer"),
        ("7.Temperature", "-1"),
        ("(3/8).Temperature", "-1/8"),
        ("(1/2).Mean", "1/2"),
        ("^*.Temperature", "0"),
        ("(+-1).Cool(1)", "*"),
        ("{4|1}.Cool(3/2)", "5/2*"),
        ("{4|1}.Cool(2)", "5/2"),
        ("{4|1} Cool 1", "{3|2}"),
        ("* Heat 1", "+-1"),
        ("*.Heat(1)", "+-1"),
        ("(+-1).Overheat(1, 2)", "+-3"),
        ("1.Overheat(*, 1)", "*"),
        ("3.IsEvenTempered", "true"),
        ("(3*).IsOddTempered", "true"),
        ("(+-1).IsOddTempered", "true"),
        ("^.IsEvenTempered", "false"),
        ("^.IsOddTempered", "false"),
        ("{0||0|-1}.IsNumberTiny", "true"),
        ("{1|0||0}.IsNumberTiny", "true"),
        ("{0||0|{v|-1}}.IsNumberTiny", "true"),
        ("(+-1).IsNumberTiny", "false"),
        ("*3.StopCount", "18"),
        ("(+-1).StopCount", "2"),
        ("5.StopCount", "1"),
        ("{0||0|{v|-1}}", "Tiny({1|^})"),
        ("3.Cool(-1)", "error: 1:3: Invalid cooling temperature (must be > -1): -1"),
        ("*.Cool(1/3)", "error: 1:8: Cool needs a dyadic rational, not a rational number"),
        ("*.Cool", "error: 1:3: Cool takes 1 argument, not 0"),
        ("*.Overheat(1)", "error: 1:3: Overheat takes 2 arguments, not 1"),
        ("*.Heat([1])", "error: 1:8: Heat needs a game, not a list"),
    ];
    for (input, want) in cases {
        let got = match session.run_to_string(input, &budget) {
            Ok(text) => text,
            Err(err) => format!("error: {err}"),
        };
        assert_eq!(got, want, "input {input:?}");
    }
}

#[test]
fn thermographs_satisfy_the_scaffold_equation() {
    // For every game here (nimbers and x + *m included, which take a short
    // cut), the thermograph is the intersection of the scaffolds built from
    // its options' thermographs.
    use onag::game::Wall;
    let mut a = Arena::new();
    let mut games = random_games(&mut a, 3, 3, 1..=2);
    for m in 1..=8 {
        for x in [d(0, 0), d(1, 1), d(-3, 2), d(2, 0)] {
            games.push(a.number_up_star(&x, 0, m).unwrap());
            games.push(a.number_up_star(&x, 1, m).unwrap());
        }
    }
    for g in games {
        if a.as_number(g).is_some_and(|x| x.is_integer()) {
            continue;
        }
        let lo = a.left_options(g).unwrap();
        let ro = a.right_options(g).unwrap();
        let mut left: Option<Wall> = None;
        for o in lo {
            let w = a.thermograph(o).unwrap().right_wall().clone();
            left = Some(match left {
                Some(l) => Wall::combine(&l, &w, true).unwrap(),
                None => w,
            });
        }
        let mut right: Option<Wall> = None;
        for o in ro {
            let w = a.thermograph(o).unwrap().left_wall().clone();
            right = Some(match right {
                Some(r) => Wall::combine(&r, &w, false).unwrap(),
                None => w,
            });
        }
        let (l, r) =
            Wall::intersect(&left.unwrap().tilt(-1).unwrap(), &right.unwrap().tilt(1).unwrap())
                .unwrap();
        let th = a.thermograph(g).unwrap();
        assert_eq!((th.left_wall(), th.right_wall()), (&l, &r), "{}", a.print(g).unwrap());
    }
}
