//! Generalised Sprague–Grundy values of impartial games with cycles.
//!
//! Smith's generalised function γ (C. A. B. Smith, 1966; computed as in
//! Fraenkel and Yesha, 1986) gives each position of a finite impartial graph
//! under normal play either a finite value `k` or `∞(K)`, where `K` is the set
//! of finite values among its moves. A position has finite value `k` when no
//! move goes to value `k`, every smaller value is a move away, and every move to
//! a larger or infinite value can be answered by a move back to value `k`; that
//! answer is what makes it behave like a nim-heap of size `k`, even inside a
//! cycle. Consequences used by [`sum_value`] and [`sum_outcome`]:
//!
//! - `G + *k` is a second-player win exactly when `γ(G) = k`;
//! - a sum of finite values has the nim-sum as value;
//! - `∞(K) + b = ∞(K ⊕ b)` for finite `b`, and a sum with two infinite values is
//!   `∞` (every position of it is a draw);
//! - a position of value `∞(K)` is a first-player win when `0 ∈ K`, a draw
//!   otherwise.
//!
//! Printing: finite values as numbers, infinite ones as `∞(0,2)` (the values in
//! `K`, increasing) and `∞` when `K` is empty. JSON: `{"finite": 3}` or
//! `{"infinite": [0, 2]}`.
//!
//! The computation labels values `0, 1, 2, ...` in rounds. In round `i`, an
//! unlabelled position gets `i` when no move reaches `i` and every move to an
//! unlabelled or `∞` position can be answered by a move to `i`: a retrograde
//! propagation with counters, like [`solve`](fn@super::solve). Then every
//! unlabelled position with no move to `i` becomes `∞` (it can never get a
//! finite value, lacking `i`). Each round examines each move a bounded number of
//! times; the number of rounds is at most the largest out-degree plus one.

use serde::Serialize;

use crate::budget::Budget;
use crate::error::Result;

use super::csr::PredecessorLists;
use super::explicit::ExplicitGraph;
use super::game::SuccessorGame;

/// A generalised Sprague–Grundy value.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LoopyValue {
    /// A finite value: the position behaves like a nim-heap of this size.
    Finite(u32),
    /// An infinite value with the (increasing) finite values of its moves.
    Infinite(Vec<u32>),
}

impl LoopyValue {
    /// The outcome of the position alone.
    pub fn outcome(&self) -> SumOutcome {
        match self {
            LoopyValue::Finite(0) => SumOutcome::P,
            LoopyValue::Finite(_) => SumOutcome::N,
            LoopyValue::Infinite(k) if k.contains(&0) => SumOutcome::N,
            LoopyValue::Infinite(_) => SumOutcome::Draw,
        }
    }
}

impl std::fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoopyValue::Finite(k) => write!(f, "{k}"),
            LoopyValue::Infinite(k) if k.is_empty() => f.write_str("∞"),
            LoopyValue::Infinite(k) => {
                f.write_str("∞(")?;
                for (i, v) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// The outcome of an impartial position that may be drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum SumOutcome {
    /// The player to move loses.
    P,
    /// The player to move wins.
    N,
    /// Neither player can force a win.
    #[serde(rename = "D")]
    Draw,
}

impl std::fmt::Display for SumOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SumOutcome::P => "P",
            SumOutcome::N => "N",
            SumOutcome::Draw => "D",
        })
    }
}

/// The value of the disjunctive sum of two positions with values `a` and `b`.
pub fn sum_value(a: &LoopyValue, b: &LoopyValue) -> LoopyValue {
    match (a, b) {
        (LoopyValue::Finite(x), LoopyValue::Finite(y)) => LoopyValue::Finite(x ^ y),
        (LoopyValue::Infinite(k), LoopyValue::Finite(y))
        | (LoopyValue::Finite(y), LoopyValue::Infinite(k)) => {
            let mut shifted: Vec<u32> = k.iter().map(|v| v ^ y).collect();
            shifted.sort_unstable();
            LoopyValue::Infinite(shifted)
        }
        (LoopyValue::Infinite(_), LoopyValue::Infinite(_)) => LoopyValue::Infinite(Vec::new()),
    }
}

/// The outcome of the disjunctive sum of positions with these values.
pub fn sum_outcome<'a>(values: impl IntoIterator<Item = &'a LoopyValue>) -> SumOutcome {
    values.into_iter().fold(LoopyValue::Finite(0), |acc, v| sum_value(&acc, v)).outcome()
}

const UNLABELLED: u32 = u32::MAX;
const INFINITE: u32 = u32::MAX - 1;
const CHECK_EVERY: usize = 1 << 14;

/// Every position's generalised Sprague–Grundy value (normal play: the player
/// who cannot move loses). Only the moves of `game` count: sides and declared
/// results are not part of an impartial graph and are ignored.
pub fn loopy_grundy<G: SuccessorGame>(game: &G, budget: &Budget) -> Result<Vec<LoopyValue>> {
    let n = game.num_positions();
    budget.check_positions(u64::from(n))?;
    // `moves_of` checks every successor is in range.
    let graph = ExplicitGraph::moves_of(game)?;
    let (preds, _) = PredecessorLists::build(&graph, budget)?;
    let len = n as usize;
    let mut label = vec![UNLABELLED; len];
    let mut count = vec![0u32; len];
    let mut answers_i = vec![false; len];
    let mut queue = Vec::new();
    let mut open: Vec<u32> = (0..n).collect();
    let mut round = 0u32;
    while !open.is_empty() {
        budget.check(u64::from(n))?;
        budget.progress("loopy values", u64::from(n) - open.len() as u64, Some(u64::from(n)));
        for (k, &u) in open.iter().enumerate() {
            if k % CHECK_EVERY == 0 {
                budget.check(u64::from(n))?;
            }
            let c = graph
                .successors(u)
                .iter()
                .filter(|&&v| matches!(label[v as usize], UNLABELLED | INFINITE))
                .count();
            count[u as usize] = c as u32;
        }
        // Label only after every count is taken: a position labelled now
        // must still count as open for its predecessors' counters.
        for &u in &open {
            if count[u as usize] == 0 {
                label[u as usize] = round;
                queue.push(u);
            }
        }
        let mut steps = 0usize;
        while let Some(u) = queue.pop() {
            for &p in preds.row(u) {
                let lp = label[p as usize];
                if !matches!(lp, UNLABELLED | INFINITE) || answers_i[p as usize] {
                    continue;
                }
                answers_i[p as usize] = true;
                steps += 1;
                if steps % CHECK_EVERY == 0 {
                    budget.check(u64::from(n))?;
                }
                for &q in preds.row(p) {
                    let qi = q as usize;
                    if label[qi] != UNLABELLED || answers_i[qi] {
                        continue;
                    }
                    count[qi] -= 1;
                    if count[qi] == 0 {
                        label[qi] = round;
                        queue.push(q);
                    }
                }
            }
        }
        for &u in &open {
            let ui = u as usize;
            if label[ui] == UNLABELLED && !answers_i[ui] {
                label[ui] = INFINITE;
            }
        }
        for a in answers_i.iter_mut() {
            *a = false;
        }
        open.retain(|&u| label[u as usize] == UNLABELLED);
        round += 1;
    }
    Ok((0..n)
        .map(|u| match label[u as usize] {
            INFINITE => {
                let mut k: Vec<u32> = graph
                    .successors(u)
                    .iter()
                    .map(|&v| label[v as usize])
                    .filter(|&l| l != INFINITE)
                    .collect();
                k.sort_unstable();
                k.dedup();
                LoopyValue::Infinite(k)
            }
            finite => LoopyValue::Finite(finite),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(succ: &[Vec<u32>]) -> Vec<String> {
        let g = ExplicitGraph::impartial(succ).unwrap();
        loopy_grundy(&g, &Budget::unlimited()).unwrap().iter().map(|v| v.to_string()).collect()
    }

    #[test]
    fn a_self_loop_is_infinite() {
        assert_eq!(values(&[vec![0]]), vec!["∞"]);
    }

    #[test]
    fn a_loop_with_an_exit_to_zero() {
        // 0 -> end, 0 -> 0: ∞(0), a first-player win (move to the end).
        assert_eq!(values(&[vec![1, 0], vec![]]), vec!["∞(0)", "0"]);
        assert_eq!(sum_outcome(&[LoopyValue::Infinite(vec![0])]), SumOutcome::N);
    }

    #[test]
    fn a_reversible_cycle_is_finite() {
        // u -> t, u -> v, v -> u: v = 0 (any move to u is answered by u -> t),
        // u = 1.
        assert_eq!(values(&[vec![2, 1], vec![0], vec![]]), vec!["1", "0", "0"]);
    }

    #[test]
    fn sums() {
        let inf02 = LoopyValue::Infinite(vec![0, 2]);
        assert_eq!(sum_value(&inf02, &LoopyValue::Finite(2)), LoopyValue::Infinite(vec![0, 2]));
        assert_eq!(sum_value(&inf02, &LoopyValue::Finite(1)), LoopyValue::Infinite(vec![1, 3]));
        assert_eq!(sum_outcome([&inf02, &LoopyValue::Finite(1)]), SumOutcome::Draw);
        assert_eq!(sum_outcome([&inf02, &inf02]), SumOutcome::Draw);
        assert_eq!(sum_outcome([&LoopyValue::Finite(3), &LoopyValue::Finite(3)]), SumOutcome::P);
    }
}
