//! Every-SG: sums in which each player moves in EVERY component that still has
//! a move; the player who cannot move at all loses.
//!
//! Play goes on until the last component ends, so the sum is decided by the
//! component that lasts longest, and each component is valued by its step
//! (Conway's suspense number for such "continued conjunctive" sums): a
//! terminal position has step 0; a position with an option of even step has
//! step 1 + the LARGEST such even step (the player winning a component makes
//! it last); otherwise its step is 1 + the SMALLEST step of its options (the
//! player losing it ends it fast). A position is N exactly when its step is
//! odd. In a sum, the first player wins iff the largest step is odd, and the
//! right move in every component is to an option of step exactly one less
//! (both rules above reach step − 1).
//!
//! (Steinhaus' remoteness, where the winner hurries and the loser delays,
//! decides the other conjunctive sum, which ends as soon as ANY component
//! ends; the tests check the rule here against the explicit Every-SG game.)

use super::solve::solve_acyclic;
use super::{GameGraph, PositionId};
use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};
use crate::impartial::Outcome;

/// The step of a position whose options have the steps `options`.
pub fn step_from_options<I: IntoIterator<Item = u64>>(options: I) -> u64 {
    let mut largest_even: Option<u64> = None;
    let mut smallest: Option<u64> = None;
    for s in options {
        if s % 2 == 0 {
            largest_even = Some(largest_even.map_or(s, |e| e.max(s)));
        }
        smallest = Some(smallest.map_or(s, |l| l.min(s)));
    }
    match (largest_even, smallest) {
        (Some(e), _) => e + 1,
        (None, Some(l)) => l + 1,
        (None, None) => 0,
    }
}

/// The outcome of a single position with step `step`: N iff odd.
pub fn outcome_of_step(step: u64) -> Outcome {
    Outcome::from_zero(step % 2 == 0)
}

/// The outcome of an Every-SG sum whose components have the steps `steps`:
/// the largest step decides (N iff it is odd). Returns the largest step too.
pub fn sum_outcome<I: IntoIterator<Item = u64>>(steps: I) -> (u64, Outcome) {
    let largest = steps.into_iter().max().unwrap_or(0);
    (largest, outcome_of_step(largest))
}

/// The step of every position of a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Steps {
    values: Vec<u32>,
}

impl Steps {
    /// The step of `p`.
    pub fn step(&self, p: PositionId) -> u64 {
        u64::from(self.values[p.index()])
    }

    /// N if the step of `p` is odd.
    pub fn outcome(&self, p: PositionId) -> Outcome {
        outcome_of_step(self.step(p))
    }

    /// The move to make from `p` in an Every-SG sum: the first option of step
    /// one less; `None` when `p` has no moves.
    pub fn best_move(&self, graph: &GameGraph, p: PositionId) -> Option<PositionId> {
        let step = self.values[p.index()];
        graph.moves(p).iter().copied().find(|q| self.values[q.index()] + 1 == step)
    }
}

/// The step of every position of the acyclic graph `graph`.
pub fn steps(graph: &GameGraph, budget: &Budget) -> Result<Steps> {
    let values = solve_acyclic(graph, budget, "solving graph (Every-SG)", |moves, values| {
        // A step is at most the length of the longest path, below 2^32 - 2.
        step_from_options(moves.iter().map(|q| u64::from(values[q.index()]))) as u32
    })?;
    Ok(Steps { values })
}

/// A subtraction set checked for use: sorted, distinct, positive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtractionSet(Vec<u64>);

impl SubtractionSet {
    /// Checks `set`: non-empty, no zero (a move must remove something).
    pub fn new(set: &[u64]) -> Result<Self> {
        if set.is_empty() {
            return Err(Error::invalid("the subtraction set is empty"));
        }
        if set.contains(&0) {
            return Err(Error::invalid(
                "0 is not a move: subtraction set members must be positive",
            ));
        }
        let mut s = set.to_vec();
        s.sort_unstable();
        s.dedup();
        Ok(SubtractionSet(s))
    }

    /// The members, increasing.
    pub fn members(&self) -> &[u64] {
        &self.0
    }
}

/// The steps of heaps 0..=`upto` in the subtraction game on `set`.
pub fn subtraction_steps(set: &SubtractionSet, upto: u64, budget: &Budget) -> Result<Vec<u64>> {
    let len = upto.checked_add(1).ok_or_else(|| {
        Error::new(
            ErrorKind::LimitExceeded,
            format!("heap {upto} is too large: the table of steps would need 2^64 entries"),
        )
    })?;
    budget.check_positions(len)?;
    let len = usize::try_from(len).map_err(|_| {
        Error::new(ErrorKind::LimitExceeded, format!("heap {upto} is too large for a table"))
    })?;
    let mut table: Vec<u64> = Vec::new();
    table.try_reserve_exact(len).map_err(|_| {
        Error::new(ErrorKind::LimitExceeded, format!("not enough memory for {len} heap sizes"))
    })?;
    let report = budget.reports_progress();
    for n in 0..len as u64 {
        let step = step_from_options(
            set.members().iter().take_while(|&&s| s <= n).map(|&s| table[(n - s) as usize]),
        );
        table.push(step);
        if n % (1 << 16) == 0 && n > 0 {
            budget.check(n)?;
            if report {
                budget.progress("Every-SG steps", n, Some(len as u64));
            }
        }
    }
    Ok(table)
}

/// The move to make on heap `heap` in an Every-SG sum, given the steps table
/// (from [`subtraction_steps`], covering `heap`): the heap after the move, or
/// `None` when no move is possible.
pub fn subtraction_best_move(set: &SubtractionSet, steps: &[u64], heap: u64) -> Option<u64> {
    let step = *steps.get(usize::try_from(heap).ok()?)?;
    set.members()
        .iter()
        .take_while(|&&s| s <= heap)
        .map(|&s| heap - s)
        .find(|&to| steps[to as usize] + 1 == step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::graph::parse_text;

    #[test]
    fn steps_of_a_small_graph() {
        // e: terminal (0); d -> e (1); c -> d (all odd: 1 + 1 = 2);
        // b -> c, e (largest even 2: 3); a -> b, d (all odd, smallest 1: 2).
        let g = parse_text("a: b d\nb: c e\nc: d\nd: e\ne:\n", "").unwrap();
        let s = steps(&g, &Budget::unlimited()).unwrap();
        let got: Vec<u64> = g.positions().map(|p| s.step(p)).collect();
        assert_eq!(got, [2, 3, 2, 1, 0]);
        assert_eq!(s.best_move(&g, g.find("b").unwrap()), g.find("c"));
        assert_eq!(s.best_move(&g, g.find("a").unwrap()), g.find("d"));
        assert_eq!(s.best_move(&g, g.find("e").unwrap()), None);
    }

    #[test]
    fn subtraction_steps_for_1_2() {
        // S = {1, 2}: P-positions n ≡ 0 (mod 3).
        let set = SubtractionSet::new(&[2, 1, 2]).unwrap();
        let t = subtraction_steps(&set, 9, &Budget::unlimited()).unwrap();
        assert_eq!(t, [0, 1, 1, 2, 3, 3, 4, 5, 5, 6]);
        assert_eq!(subtraction_best_move(&set, &t, 4), Some(3));
        assert_eq!(subtraction_best_move(&set, &t, 3), Some(2));
        assert_eq!(subtraction_best_move(&set, &t, 0), None);
        assert_eq!(sum_outcome([3, 6, 5]), (6, Outcome::P));
        assert!(SubtractionSet::new(&[]).is_err());
        assert!(SubtractionSet::new(&[0, 1]).is_err());
    }
}
