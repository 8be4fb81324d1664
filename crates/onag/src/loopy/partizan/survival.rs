//! The survival game of `H − G` solved lazily: `G ≤ H` for stoppers.
//!
//! Left survives `H − G` (Right moving first) unless Right can force a state
//! where Left, to move, has no move; infinite play is Left's. The states are
//! `(x in G, y in H, player to move)`. "Left loses" is the least fixed point
//! of: a Right state loses (for Left) if some move leads to a losing state, a
//! Left state if every move does. It is computed by the local algorithm of
//! Liu and Smolka (ICALP 1998) on this dependency structure: states are
//! created only when reached from the start, a Left state waits on one of
//! its moves at a time (a move to a state already explored first, then a new
//! one), and the search stops as soon as the start is known lost. When the
//! work list empties, every explored state not marked lost is a survival for
//! Left, the start among them.
//!
//! Before the product, for stoppers, each game alone answers the comparison when it is
//! `on` or `off` (`on ≥` every game, `off ≤` every game): Left survives `H`
//! against Right moving in `H` or passing exactly when `H ≥ on`, and
//! symmetrically for `G ≤ off`. These checks cost one pass over each graph.
//! A game compared with itself from the same node is `≤` by the copying
//! strategy.
//!
//! The search explores only what the proof needs, but a proof can need a
//! quadratic part of the product (two unrelated long stoppers in which
//! Right can move in either component at every turn).
//!
//! Invariant: a state marked lost is lost (marks are only set from moves of
//! lost states); the explored states and dependency records grow with the
//! part of the product the search touches, never with `|G|·|H|` unless the
//! game needs it.

use rustc_hash::FxHashMap;

use super::graph::LoopyGame;
use crate::budget::Budget;
use crate::error::Result;

/// `g` from `gs` ≤ `h` from `hs` for stoppers: Left survives `h − g` with
/// Right moving first.
///
/// Fails when the explored states pass the budget's position limit or the
/// budget runs out.
pub fn left_survives(
    g: &LoopyGame,
    gs: u32,
    h: &LoopyGame,
    hs: u32,
    budget: &Budget,
) -> Result<bool> {
    // `on` and `off` decide alone (for stoppers only: on other graphs the
    // survival game is not an order).
    let stoppers = g.is_stopper() && h.is_stopper();
    if stoppers && (at_least_on(h, hs, false) || at_least_on(g, gs, true)) {
        // h ≥ on, or g ≤ off.
        return Ok(true);
    }
    if stoppers && (at_least_on(g, gs, false) || at_least_on(h, hs, true)) {
        // g = on and h is not, or h = off and g is not.
        return Ok(false);
    }
    if gs == hs && (std::ptr::eq(g, h) || g == h) {
        // Left copies each of Right's moves in the other component.
        return Ok(true);
    }
    Search::new(g, h, budget).run(gs, hs)
}

/// Whether `g` from `start` is ≥ `on` (with `negate`, whether `−g` is, that
/// is `g ≤ off`): Left survives `g` when Right, to move, may also pass. One
/// attractor on the states `(v, player)` of `g` reachable from `start`.
fn at_least_on(g: &LoopyGame, start: u32, negate: bool) -> bool {
    let (lm, rm) =
        if negate { (g.right_edges(), g.left_edges()) } else { (g.left_edges(), g.right_edges()) };
    let n = g.len();
    // State 2v: Left to move; 2v + 1: Right to move (who may pass).
    let succ = |s: usize| -> Vec<usize> {
        let v = s / 2;
        if s % 2 == 0 {
            lm[v].iter().map(|&w| 2 * w as usize + 1).collect()
        } else {
            rm[v].iter().map(|&w| 2 * w as usize).chain([2 * v]).collect()
        }
    };
    let root = 2 * start as usize + 1;
    let mut seen = vec![false; 2 * n];
    let mut order = vec![root];
    seen[root] = true;
    let mut pred: Vec<Vec<u32>> = vec![Vec::new(); 2 * n];
    let mut count = vec![0u32; 2 * n];
    let mut i = 0;
    while i < order.len() {
        let s = order[i];
        let next = succ(s);
        count[s] = next.len() as u32;
        for t in next {
            pred[t].push(s as u32);
            if !seen[t] {
                seen[t] = true;
                order.push(t);
            }
        }
        i += 1;
    }
    // Left loses: a Left state all of whose moves lose (none: stuck), a
    // Right state with one losing move.
    let mut lost = vec![false; 2 * n];
    let mut queue: Vec<usize> =
        order.iter().copied().filter(|&s| s % 2 == 0 && count[s] == 0).collect();
    for &s in &queue {
        lost[s] = true;
    }
    while let Some(t) = queue.pop() {
        for &s in &pred[t] {
            let s = s as usize;
            if lost[s] {
                continue;
            }
            if s % 2 == 0 {
                count[s] -= 1;
                if count[s] > 0 {
                    continue;
                }
            }
            lost[s] = true;
            queue.push(s);
        }
    }
    !lost[root]
}

/// One unit of work: re-examine a Left state, or the `i`-th move of a Right
/// state (moves in `H` first, then Right's moves in `−G`).
#[derive(Clone, Copy)]
enum Work {
    Left(u32),
    RightMove(u32, u32),
}

/// The explored part of the product and the local algorithm's records.
struct Search<'a> {
    g: &'a LoopyGame,
    h: &'a LoopyGame,
    budget: &'a Budget,
    index: FxHashMap<(u32, u32, bool), u32>,
    /// Per state: (x, y, Left to move).
    states: Vec<(u32, u32, bool)>,
    lost: Vec<bool>,
    /// Head of the list of work waiting on each state (`NONE` if empty).
    waiting: Vec<u32>,
    /// Waiting work as linked lists: (work, next).
    waits: Vec<(Work, u32)>,
    work: Vec<Work>,
}

const NONE: u32 = u32::MAX;

/// Memory of one explored state, about: its key in the index (with the
/// table's overhead), its record, and its share of work and waiting lists.
const BYTES_PER_STATE: u64 = 64;

impl<'a> Search<'a> {
    fn new(g: &'a LoopyGame, h: &'a LoopyGame, budget: &'a Budget) -> Self {
        Search {
            g,
            h,
            budget,
            index: FxHashMap::default(),
            states: Vec::new(),
            lost: Vec::new(),
            waiting: Vec::new(),
            waits: Vec::new(),
            work: Vec::new(),
        }
    }

    /// The number of moves from a state.
    fn degree(&self, (x, y, left): (u32, u32, bool)) -> usize {
        if left {
            self.h.left(y).len() + self.g.right(x).len()
        } else {
            self.h.right(y).len() + self.g.left(x).len()
        }
    }

    /// The state the `i`-th move from `key` leads to.
    fn target(&self, (x, y, left): (u32, u32, bool), i: usize) -> (u32, u32, bool) {
        let (hm, gm) = if left {
            (self.h.left(y), self.g.right(x))
        } else {
            (self.h.right(y), self.g.left(x))
        };
        if i < hm.len() { (x, hm[i], !left) } else { (gm[i - hm.len()], y, !left) }
    }

    /// The state's id; a new state is created and its work queued.
    fn explore(&mut self, key: (u32, u32, bool)) -> Result<u32> {
        if let Some(&s) = self.index.get(&key) {
            return Ok(s);
        }
        let s = self.states.len() as u32;
        if self.states.len() % 4096 == 0 {
            self.budget.check(self.states.len() as u64 + 1)?;
            self.budget.check_memory(BYTES_PER_STATE * (self.states.len() as u64 + 4096))?;
        }
        self.index.insert(key, s);
        self.states.push(key);
        self.lost.push(false);
        self.waiting.push(NONE);
        let left = key.2;
        if left {
            self.work.push(Work::Left(s));
        } else {
            // The stack pops the first move first.
            for i in (0..self.degree(key) as u32).rev() {
                self.work.push(Work::RightMove(s, i));
            }
        }
        Ok(s)
    }

    /// `w` is examined again if `t` is found lost.
    fn wait(&mut self, t: u32, w: Work) {
        self.waits.push((w, self.waiting[t as usize]));
        self.waiting[t as usize] = self.waits.len() as u32 - 1;
    }

    fn mark_lost(&mut self, s: u32) {
        self.lost[s as usize] = true;
        let mut e = std::mem::replace(&mut self.waiting[s as usize], NONE);
        while e != NONE {
            let (w, next) = self.waits[e as usize];
            self.work.push(w);
            e = next;
        }
    }

    /// Left chooses a move to wait on: one to a state already explored and
    /// not lost, else one to a new state; with none, the state is lost.
    fn examine_left(&mut self, s: u32) -> Result<()> {
        let key = self.states[s as usize];
        let k = self.degree(key);
        let mut fresh = None;
        for i in 0..k {
            let t = self.target(key, i);
            match self.index.get(&t) {
                Some(&ti) if !self.lost[ti as usize] => {
                    self.wait(ti, Work::Left(s));
                    return Ok(());
                }
                Some(_) => {}
                None => {
                    if fresh.is_none() {
                        fresh = Some(t);
                    }
                }
            }
        }
        match fresh {
            Some(t) => {
                let ti = self.explore(t)?;
                self.wait(ti, Work::Left(s));
            }
            None => self.mark_lost(s),
        }
        Ok(())
    }

    /// Whether Left survives from `(gs, hs)` with Right to move.
    fn run(mut self, gs: u32, hs: u32) -> Result<bool> {
        let start = self.explore((gs, hs, false))?;
        while let Some(w) = self.work.pop() {
            match w {
                Work::RightMove(s, i) => {
                    if self.lost[s as usize] {
                        continue;
                    }
                    let t = self.target(self.states[s as usize], i as usize);
                    let t = self.explore(t)?;
                    if self.lost[t as usize] {
                        self.mark_lost(s);
                    } else {
                        self.wait(t, w);
                    }
                }
                Work::Left(s) => {
                    if !self.lost[s as usize] {
                        self.examine_left(s)?;
                    }
                }
            }
            if self.lost[start as usize] {
                return Ok(false);
            }
        }
        self.budget.check(self.states.len() as u64)?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The search alone agrees with the full comparison (the `on`/`off`
    /// and copying shortcuts, checked against the retrograde solver in the
    /// integration tests) on random graphs, loopy or not.
    #[test]
    fn the_search_alone_agrees_with_the_shortcuts() {
        let mut rng = StdRng::seed_from_u64(3);
        let b = Budget::unlimited();
        for _ in 0..400 {
            let mut game = || {
                let n = rng.gen_range(1..=8);
                let mut edges = || -> Vec<Vec<u32>> {
                    (0..n)
                        .map(|_| {
                            (0..rng.gen_range(0..=2)).map(|_| rng.gen_range(0..n as u32)).collect()
                        })
                        .collect()
                };
                let (l, r) = (edges(), edges());
                LoopyGame::new(l, r, 0).unwrap()
            };
            let (g, h) = (game(), game());
            for (x, y) in [(0, 0), (0, h.len() as u32 - 1), (g.len() as u32 - 1, 0)] {
                assert_eq!(
                    Search::new(&g, &h, &b).run(x, y).unwrap(),
                    left_survives(&g, x, &h, y, &b).unwrap(),
                    "{g:?} {x} {h:?} {y}"
                );
            }
            assert!(Search::new(&g, &g, &b).run(0, 0).unwrap());
        }
    }
}
