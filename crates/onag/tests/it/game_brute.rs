//! The arena against a brute-force evaluator written from the definitions.
//!
//! Games here are explicit trees (a `Vec` of nodes whose options are node
//! indices), never simplified. A sum is a sorted list of component nodes; who
//! wins it is decided by plain minimax over all moves (memoised by position,
//! which changes nothing about the answer). `G ≤ H` is decided as "Right,
//! moving first in H − G, loses" — the recursive definition unrolled — and
//! every arena answer (canonical forms, sums, comparisons, outcome classes,
//! the closed forms of number + ups + star) is checked against it.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashMap;

use onag::game::{Arena, GameId, PartizanOutcome};
use onag::number::Dyadic;

#[derive(Default)]
struct Trees {
    nodes: Vec<(Vec<usize>, Vec<usize>)>,
    neg: FxHashMap<usize, usize>,
    wins: FxHashMap<(Vec<usize>, bool), bool>,
    exported: FxHashMap<GameId, usize>,
}

impl Trees {
    fn node(&mut self, l: Vec<usize>, r: Vec<usize>) -> usize {
        self.nodes.push((l, r));
        self.nodes.len() - 1
    }

    fn neg(&mut self, t: usize) -> usize {
        if let Some(&n) = self.neg.get(&t) {
            return n;
        }
        let (l, r) = self.nodes[t].clone();
        let nl = r.iter().map(|&x| self.neg(x)).collect();
        let nr = l.iter().map(|&x| self.neg(x)).collect();
        let n = self.node(nl, nr);
        self.neg.insert(t, n);
        n
    }

    /// Does the player to move (Left if `left`) win the sum `pos`?
    fn mover_wins(&mut self, pos: &[usize], left: bool) -> bool {
        let key = (pos.to_vec(), left);
        if let Some(&w) = self.wins.get(&key) {
            return w;
        }
        let mut win = false;
        'search: for i in 0..pos.len() {
            let opts =
                if left { self.nodes[pos[i]].0.clone() } else { self.nodes[pos[i]].1.clone() };
            for o in opts {
                let mut next = pos.to_vec();
                next[i] = o;
                next.sort_unstable();
                if !self.mover_wins(&next, !left) {
                    win = true;
                    break 'search;
                }
            }
        }
        self.wins.insert(key, win);
        win
    }

    /// Outcome class of the sum of `parts`.
    fn outcome(&mut self, parts: &[usize]) -> PartizanOutcome {
        let mut pos = parts.to_vec();
        pos.sort_unstable();
        match (self.mover_wins(&pos, true), self.mover_wins(&pos, false)) {
            (true, true) => PartizanOutcome::N,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::P,
        }
    }

    /// Is the sum of `a` at most the sum of `b`?
    fn leq(&mut self, a: &[usize], b: &[usize]) -> bool {
        let mut pos: Vec<usize> = b.to_vec();
        for &x in a {
            pos.push(self.neg(x));
        }
        pos.sort_unstable();
        !self.mover_wins(&pos, false)
    }

    fn equal(&mut self, a: &[usize], b: &[usize]) -> bool {
        self.leq(a, b) && self.leq(b, a)
    }

    /// The arena's canonical form of `g` as an explicit tree.
    fn export(&mut self, arena: &mut Arena, g: GameId) -> usize {
        if let Some(&t) = self.exported.get(&g) {
            return t;
        }
        let l = arena.left_options(g).unwrap();
        let r = arena.right_options(g).unwrap();
        let l = l.into_iter().map(|x| self.export(arena, x)).collect();
        let r = r.into_iter().map(|x| self.export(arena, x)).collect();
        let t = self.node(l, r);
        self.exported.insert(g, t);
        t
    }

    /// The number x as a tree, by the Dali function δ of seed 003.
    fn dali(&mut self, x: &Dyadic) -> usize {
        if x.is_zero() {
            return self.node(vec![], vec![]);
        }
        let one = Dyadic::from_i64(1);
        if x.is_integer() {
            return if x.signum() > 0 {
                let p = self.dali(&(x - &one));
                self.node(vec![p], vec![])
            } else {
                let p = self.dali(&(x + &one));
                self.node(vec![], vec![p])
            };
        }
        let step = Dyadic::new(1, x.exponent());
        let a = self.dali(&(x - &step));
        let b = self.dali(&(x + &step));
        self.node(vec![a], vec![b])
    }

    fn nimber(&mut self, m: u64) -> usize {
        let opts: Vec<usize> = (0..m).map(|k| self.nimber(k)).collect();
        self.node(opts.clone(), opts)
    }
}

/// Random explicit games by birthday: level k draws options from levels < k.
fn random_levels(t: &mut Trees, rng: &mut StdRng, levels: usize, per_level: usize) -> Vec<usize> {
    let zero = t.node(vec![], vec![]);
    let mut all = vec![zero];
    for _ in 0..levels {
        let before = all.len();
        for _ in 0..per_level {
            let nl = rng.gen_range(0..=2);
            let nr = rng.gen_range(0..=2);
            let l = (0..nl).map(|_| all[rng.gen_range(0..before)]).collect();
            let r = (0..nr).map(|_| all[rng.gen_range(0..before)]).collect();
            all.push(t.node(l, r));
        }
    }
    all
}

/// Builds a tree in the arena bottom-up through `from_options`.
fn build(arena: &mut Arena, t: &Trees, node: usize, memo: &mut FxHashMap<usize, GameId>) -> GameId {
    if let Some(&g) = memo.get(&node) {
        return g;
    }
    let (l, r) = t.nodes[node].clone();
    let l: Vec<GameId> = l.into_iter().map(|x| build(arena, t, x, memo)).collect();
    let r: Vec<GameId> = r.into_iter().map(|x| build(arena, t, x, memo)).collect();
    let g = arena.from_options(&l, &r).unwrap();
    memo.insert(node, g);
    g
}

/// Builds random trees (`per_level` games on each of 4 levels, from `seed`)
/// and checks each canonical form and outcome against its tree.
fn check_canonical_forms(seed: u64, per_level: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut t = Trees::default();
    let games = random_levels(&mut t, &mut rng, 4, per_level);
    let mut arena = Arena::new();
    let mut memo = FxHashMap::default();
    for &g in &games {
        let id = build(&mut arena, &t, g, &mut memo);
        let canon = t.export(&mut arena, id);
        assert!(t.equal(&[g], &[canon]), "seed {seed}: tree {g} and its canonical form differ");
        assert_eq!(arena.outcome(id).unwrap(), t.outcome(&[g]));
    }
}

#[test]
fn canonical_forms_equal_their_trees() {
    check_canonical_forms(8, 14);
}

#[test]
fn forms_equal_to_numbers_through_reversible_options_are_those_numbers() {
    // While a game is canonicalised its stops are not known: bounds from
    // its options must hold even when it turns out to be a number.
    let mut a = Arena::new();
    let star = a.nimber(1).unwrap();
    let one = a.integer(1).unwrap();
    let one_star = a.add(one, star).unwrap();
    let zero = a.zero();
    assert_eq!(a.from_options(&[star], &[star]).unwrap(), zero);
    assert_eq!(a.from_options(&[one_star], &[one_star]).unwrap(), one);
    let minus_one = a.integer(-1).unwrap();
    let pm_one = a.from_options(&[one], &[minus_one]).unwrap();
    assert_eq!(a.from_options(&[pm_one], &[pm_one]).unwrap(), zero);
    for seed in 30..36 {
        check_canonical_forms(seed, 10);
    }
}

#[test]
fn comparisons_and_equality_match_brute_force() {
    let mut rng = StdRng::seed_from_u64(17);
    let mut t = Trees::default();
    let games = random_levels(&mut t, &mut rng, 4, 12);
    let mut arena = Arena::new();
    let mut memo = FxHashMap::default();
    let ids: Vec<GameId> = games.iter().map(|&g| build(&mut arena, &t, g, &mut memo)).collect();
    for i in 0..games.len() {
        for j in 0..games.len() {
            let want = t.leq(&[games[i]], &[games[j]]);
            assert_eq!(arena.leq(ids[i], ids[j]).unwrap(), want, "{i} <= {j}");
            // Equal games have identical ids.
            if want && t.leq(&[games[j]], &[games[i]]) {
                assert_eq!(ids[i], ids[j]);
            }
        }
    }
}

#[test]
fn comparisons_of_games_with_equal_stops_match_brute_force() {
    // Every form born by day 2 (options drawn from 0, 1, -1, *): many
    // share their stops and differ only by infinitesimals (0, *, ^, ^*,
    // *2, ...), where comparisons rest on which side of its stops a game
    // lies. Then sums of two of them against a third.
    let mut t = Trees::default();
    let zero = t.node(vec![], vec![]);
    let one = t.node(vec![zero], vec![]);
    let minus_one = t.node(vec![], vec![zero]);
    let star = t.node(vec![zero], vec![zero]);
    let day1 = [zero, one, minus_one, star];
    let subset = |mask: usize| -> Vec<usize> {
        (0..4).filter(|i| mask >> i & 1 == 1).map(|i| day1[i]).collect()
    };
    let mut forms = Vec::new();
    for l in 0..16 {
        for r in 0..16 {
            forms.push(t.node(subset(l), subset(r)));
        }
    }
    let mut arena = Arena::new();
    let mut memo = FxHashMap::default();
    let ids: Vec<GameId> = forms.iter().map(|&g| build(&mut arena, &t, g, &mut memo)).collect();
    for i in 0..forms.len() {
        for j in 0..forms.len() {
            let want = t.leq(&[forms[i]], &[forms[j]]);
            assert_eq!(arena.leq(ids[i], ids[j]).unwrap(), want, "form {i} <= form {j}");
        }
    }
    let mut rng = StdRng::seed_from_u64(41);
    for _ in 0..2000 {
        let [a, b, c] = [(); 3].map(|_| rng.gen_range(0..forms.len()));
        let sum = arena.add(ids[a], ids[b]).unwrap();
        assert_eq!(arena.leq(sum, ids[c]).unwrap(), t.leq(&[forms[a], forms[b]], &[forms[c]]));
        assert_eq!(arena.leq(ids[c], sum).unwrap(), t.leq(&[forms[c]], &[forms[a], forms[b]]));
    }
}

#[test]
fn sums_match_brute_force() {
    let mut rng = StdRng::seed_from_u64(29);
    let mut t = Trees::default();
    let games = random_levels(&mut t, &mut rng, 4, 10);
    let mut arena = Arena::new();
    let mut memo = FxHashMap::default();
    let ids: Vec<GameId> = games.iter().map(|&g| build(&mut arena, &t, g, &mut memo)).collect();
    for _ in 0..400 {
        let k = rng.gen_range(2..=3);
        let pick: Vec<usize> = (0..k).map(|_| rng.gen_range(0..games.len())).collect();
        let parts: Vec<usize> = pick.iter().map(|&i| games[i]).collect();
        let mut sum = arena.zero();
        for &i in &pick {
            sum = arena.add(sum, ids[i]).unwrap();
        }
        assert_eq!(arena.outcome(sum).unwrap(), t.outcome(&parts));
        let canon = t.export(&mut arena, sum);
        assert!(t.equal(&parts, &[canon]), "sum {pick:?}");
        let other = rng.gen_range(0..games.len());
        assert_eq!(arena.leq(sum, ids[other]).unwrap(), t.leq(&parts, &[games[other]]));
    }
}

#[test]
fn number_up_star_closed_forms_match_trees() {
    let mut t = Trees::default();
    let mut arena = Arena::new();
    let up = {
        let zero = t.node(vec![], vec![]);
        let star = t.nimber(1);
        t.node(vec![zero], vec![star])
    };
    let down = t.neg(up);
    for (num, exp) in [(0, 0), (1, 0), (-2, 0), (1, 1), (-3, 2)] {
        let x = Dyadic::new(num, exp);
        for ups in -3i64..=3 {
            for star in 0..=4u64 {
                let id = arena.number_up_star(&x, ups, star).unwrap();
                let canon = t.export(&mut arena, id);
                let mut parts = vec![t.dali(&x), t.nimber(star)];
                let unit = if ups > 0 { up } else { down };
                parts.extend(std::iter::repeat_n(unit, ups.unsigned_abs() as usize));
                assert!(t.equal(&parts, &[canon]), "{x} {ups} {star}");
                // The same value built from its options gets the same id.
                let l = arena.left_options(id).unwrap();
                let r = arena.right_options(id).unwrap();
                assert_eq!(arena.from_options(&l, &r).unwrap(), id);
            }
        }
    }
}

#[test]
fn deep_games_do_not_overflow_the_stack() {
    // G(k+1) = {k+1 | G(k)}: a chain of 50 000 nested games, walked iteratively.
    let depth = 50_000;
    let mut arena = Arena::new();
    let mut g = arena.zero();
    for k in 1..=depth {
        let left = arena.integer(k).unwrap();
        g = arena.from_options(&[left], &[g]).unwrap();
    }
    let zero = arena.zero();
    assert!(arena.leq(zero, g).unwrap());
    assert_eq!(arena.outcome(g).unwrap(), PartizanOutcome::L);
    let n = arena.neg(g).unwrap();
    assert!(arena.leq(n, zero).unwrap());
    assert_eq!(arena.birthday(g).unwrap().to_string(), (depth + 1).to_string());
    let text = arena.print(g).unwrap();
    assert!(text.starts_with("{50000||||49999|||49998||49997|{49996|||"), "{}", &text[..40]);
}

#[test]
fn budgets_stop_runaway_work() {
    let budget = onag::Budget::unlimited().with_max_positions(1000);
    let mut arena = Arena::new().with_budget(budget);
    let big = arena.nimber(1 << 40).unwrap();
    let err = arena.left_options(big).unwrap_err();
    assert_eq!(err.kind(), onag::ErrorKind::LimitExceeded);
}
