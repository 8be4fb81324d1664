//! Games on the positions of loopy partizan games: alternating cycles,
//! comparison (the survival game and its sided forms), and outcomes with
//! draws.
//!
//! Every question here is a two-player game on an explicit graph of states
//! `(position, player to move)`, solved by attractors (a counter of unresolved
//! moves per state, a queue): no recursion.
//!
//! Comparison `G ≤ H` is decided on the states of `H − G`, Right moving first:
//! - stoppers: Left survives (never runs out of moves; infinite play is
//!   fine for Left), solved lazily from the start pair by
//!   [`survival`](super::survival);
//! - onsides `G⁺ ≤ H⁺`: Left wins if Right runs out of moves or the play is
//!   infinite with infinitely many moves in the `H` component;
//! - offsides `G⁻ ≤ H⁻`: the same with infinitely many moves in the `−G`
//!   component.
//!
//! A state space larger than the budget's position limit is an error.

use rustc_hash::FxHashMap;

use super::graph::LoopyGame;
use crate::budget::Budget;
use crate::error::Result;
use crate::loopy::Side;

/// How infinite play is scored in a comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Survival: every infinite play is a win for Left (stoppers).
    Stopper,
    /// Onsides: infinite play is Left's if the larger game is played
    /// infinitely often.
    Onside,
    /// Offsides: infinite play is Left's if the smaller game is played
    /// infinitely often.
    Offside,
}

/// Per node: whether no cycle (of any moves) can be reached from it.
pub fn acyclic_nodes(g: &LoopyGame) -> Vec<bool> {
    let n = g.len();
    let mut out: Vec<u32> =
        (0..n as u32).map(|v| (g.left(v).len() + g.right(v).len()) as u32).collect();
    let mut pred: Vec<Vec<u32>> = vec![Vec::new(); n];
    for v in 0..n as u32 {
        for &w in g.left(v).iter().chain(g.right(v)) {
            pred[w as usize].push(v);
        }
    }
    let mut done = vec![false; n];
    let mut queue: Vec<u32> = (0..n as u32).filter(|&v| out[v as usize] == 0).collect();
    for &v in &queue {
        done[v as usize] = true;
    }
    while let Some(w) = queue.pop() {
        for &v in &pred[w as usize] {
            out[v as usize] -= 1;
            if out[v as usize] == 0 && !done[v as usize] {
                done[v as usize] = true;
                queue.push(v);
            }
        }
    }
    done
}

/// A node from which play can alternate forever (with the player to move
/// there), or `None` for a stopper.
pub fn alternating_cycle_node(g: &LoopyGame) -> Option<(u32, Side)> {
    let n = g.len();
    // State 2v: Left to move at v; 2v + 1: Right to move.
    let moves = |s: usize| -> &[u32] {
        if s % 2 == 0 { g.left((s / 2) as u32) } else { g.right((s / 2) as u32) }
    };
    let mut out: Vec<u32> = (0..2 * n).map(|s| moves(s).len() as u32).collect();
    let mut pred: Vec<Vec<u32>> = vec![Vec::new(); 2 * n];
    for s in 0..2 * n {
        for &w in moves(s) {
            let t = 2 * w as usize + (1 - s % 2);
            pred[t].push(s as u32);
        }
    }
    let mut done = vec![false; 2 * n];
    let mut queue: Vec<u32> = (0..2 * n as u32).filter(|&s| out[s as usize] == 0).collect();
    for &s in &queue {
        done[s as usize] = true;
    }
    while let Some(t) = queue.pop() {
        for &s in &pred[t as usize] {
            out[s as usize] -= 1;
            if out[s as usize] == 0 && !done[s as usize] {
                done[s as usize] = true;
                queue.push(s);
            }
        }
    }
    done.iter()
        .position(|&d| !d)
        .map(|s| ((s / 2) as u32, if s % 2 == 0 { Side::Left } else { Side::Right }))
}

/// An explicit two-player game: states owned by Left or Right, moves, and
/// accepting states (for the Büchi condition of sided comparisons).
struct StateGraph {
    owner_left: Vec<bool>,
    accepting: Vec<bool>,
    succ: Vec<Vec<u32>>,
    pred: Vec<Vec<u32>>,
}

impl StateGraph {
    /// The states `player` can force play into `seed` from, within `alive`.
    fn attractor(&self, left: bool, seed: &[u32], alive: &[bool]) -> Vec<bool> {
        let n = self.succ.len();
        let mut count: Vec<u32> = (0..n)
            .map(|s| self.succ[s].iter().filter(|&&t| alive[t as usize]).count() as u32)
            .collect();
        let mut mark = vec![false; n];
        let mut queue = Vec::new();
        for &s in seed {
            if alive[s as usize] && !mark[s as usize] {
                mark[s as usize] = true;
                queue.push(s);
            }
        }
        while let Some(t) = queue.pop() {
            for &s in &self.pred[t as usize] {
                let s = s as usize;
                if !alive[s] || mark[s] {
                    continue;
                }
                if self.owner_left[s] == left {
                    mark[s] = true;
                    queue.push(s as u32);
                } else {
                    count[s] -= 1;
                    if count[s] == 0 {
                        mark[s] = true;
                        queue.push(s as u32);
                    }
                }
            }
        }
        mark
    }

    /// Whether Left wins from state 0 when Left must make Right run out of
    /// moves or visit accepting states infinitely often (a Büchi game).
    fn left_wins_buchi(&self) -> bool {
        let n = self.succ.len();
        let mut alive = vec![true; n];
        loop {
            let target: Vec<u32> = (0..n)
                .filter(|&s| {
                    alive[s]
                        && ((!self.owner_left[s] && self.succ[s].is_empty())
                            || (self.accepting[s]
                                && (!self.owner_left[s]
                                    || self.succ[s].iter().any(|&t| alive[t as usize]))))
                })
                .map(|s| s as u32)
                .collect();
            let reach = self.attractor(true, &target, &alive);
            let trap: Vec<u32> =
                (0..n).filter(|&s| alive[s] && !reach[s]).map(|s| s as u32).collect();
            if trap.is_empty() {
                return alive[0];
            }
            let lost = self.attractor(false, &trap, &alive);
            for s in 0..n {
                if lost[s] {
                    alive[s] = false;
                }
            }
            if !alive[0] {
                return false;
            }
        }
    }
}

/// Whether `g` (from node `gs`) ≤ `h` (from node `hs`) under `rule`.
///
/// This plays the games as given: the search can need a good part of the
/// product of two big graphs. To compare the values of big stoppers, bring
/// each to its canonical stopper first ([`SidedValue::of`](super::SidedValue::of),
/// component by component, usually far smaller) and compare those
/// ([`SidedValue::leq`](super::SidedValue::leq)), as the calculator does.
///
/// Fails when the states of `h − g` reachable from the start pass the
/// budget's position limit, or the budget runs out.
pub fn leq(
    g: &LoopyGame,
    gs: u32,
    h: &LoopyGame,
    hs: u32,
    rule: Rule,
    budget: &Budget,
) -> Result<bool> {
    if rule == Rule::Stopper {
        return super::survival::left_survives(g, gs, h, hs, budget);
    }
    // State: (x in g, y in h, Left to move?, last move counted for Büchi).
    let mut index: FxHashMap<(u32, u32, bool, bool), u32> = FxHashMap::default();
    let mut states: Vec<(u32, u32, bool, bool)> = vec![(gs, hs, false, false)];
    index.insert(states[0], 0);
    let mut sg = StateGraph {
        owner_left: Vec::new(),
        accepting: Vec::new(),
        succ: Vec::new(),
        pred: Vec::new(),
    };
    let mut i = 0;
    while i < states.len() {
        if i % 4096 == 0 {
            budget.check(states.len() as u64)?;
        }
        let (x, y, left, flag) = states[i];
        let (hm, gm) = if left { (h.left(y), g.right(x)) } else { (h.right(y), g.left(x)) };
        let mut succ = Vec::with_capacity(hm.len() + gm.len());
        let mut go = |key: (u32, u32, bool, bool)| {
            let next = states.len() as u32;
            let k = *index.entry(key).or_insert(next);
            if k == next {
                states.push(key);
            }
            succ.push(k);
        };
        for &b in hm {
            go((x, b, !left, rule == Rule::Onside));
        }
        for &a in gm {
            go((a, y, !left, rule == Rule::Offside));
        }
        sg.owner_left.push(left);
        sg.accepting.push(flag);
        sg.succ.push(succ);
        i += 1;
    }
    budget.check(states.len() as u64)?;
    sg.pred = vec![Vec::new(); states.len()];
    for s in 0..states.len() {
        for &t in &sg.succ[s] {
            sg.pred[t as usize].push(s as u32);
        }
    }
    Ok(sg.left_wins_buchi())
}

/// Who wins a play of a loopy game, or a draw (infinite play).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayResult {
    /// Left wins.
    LeftWins,
    /// Neither player can force a win: play goes on forever.
    Draw,
    /// Right wins.
    RightWins,
}

/// The result of optimal play from every node, Left moving first and Right
/// moving first (`[left_first, right_first]` per node): the player unable to
/// move loses, infinite play is a draw.
pub fn play_results(g: &LoopyGame) -> Vec<[PlayResult; 2]> {
    let n = g.len();
    let mut sg = StateGraph {
        owner_left: (0..2 * n).map(|s| s % 2 == 0).collect(),
        accepting: vec![false; 2 * n],
        succ: (0..2 * n)
            .map(|s| {
                let v = (s / 2) as u32;
                if s % 2 == 0 {
                    g.left(v).iter().map(|&w| 2 * w + 1).collect()
                } else {
                    g.right(v).iter().map(|&w| 2 * w).collect()
                }
            })
            .collect(),
        pred: vec![Vec::new(); 2 * n],
    };
    for s in 0..2 * n {
        for t in sg.succ[s].clone() {
            sg.pred[t as usize].push(s as u32);
        }
    }
    let alive = vec![true; 2 * n];
    let stuck = |left: bool| -> Vec<u32> {
        (0..2 * n as u32)
            .filter(|&s| sg.owner_left[s as usize] == left && sg.succ[s as usize].is_empty())
            .collect()
    };
    let left_wins = sg.attractor(true, &stuck(false), &alive);
    let right_wins = sg.attractor(false, &stuck(true), &alive);
    let result = |s: usize| {
        if left_wins[s] {
            PlayResult::LeftWins
        } else if right_wins[s] {
            PlayResult::RightWins
        } else {
            PlayResult::Draw
        }
    };
    (0..n).map(|v| [result(2 * v), result(2 * v + 1)]).collect()
}
