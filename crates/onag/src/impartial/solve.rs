//! Grundy values of a user's own game, given through [`ImpartialPosition`].
//!
//! A depth-first search with an explicit stack (no recursion on game depth)
//! and a memo table. A position that [`split`](ImpartialPosition::split)s is
//! valued as the nim-sum of its parts' values, so the search never explores
//! the product space of a sum; any other position is valued as the mex of its
//! options' values. A position reachable from itself (through options or
//! parts) is an [`ErrorKind::Cycle`] error.

use rustc_hash::{FxHashMap, FxHashSet};

use super::{ImpartialPosition, Outcome, mex};
use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};

/// How many memo entries are created between two budget checks.
const CHECK_EVERY: usize = 1 << 10;

/// One position being valued: its children (parts or options) and how far
/// the search has got through them.
struct Frame<P> {
    position: P,
    children: Vec<P>,
    is_split: bool,
    next: usize,
}

impl<P: ImpartialPosition> Frame<P> {
    fn new(position: P) -> Self {
        let (children, is_split) = match position.split() {
            Some(parts) => (parts, true),
            None => (position.options(), false),
        };
        Frame { position, children, is_split, next: 0 }
    }
}

/// A Grundy solver with a memo table kept across queries.
#[derive(Debug, Clone)]
pub struct Solver<P: ImpartialPosition> {
    memo: FxHashMap<P, u64>,
}

impl<P: ImpartialPosition> Default for Solver<P> {
    fn default() -> Self {
        Solver { memo: FxHashMap::default() }
    }
}

impl<P: ImpartialPosition> Solver<P> {
    /// A solver with an empty memo table.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of positions valued so far.
    pub fn known(&self) -> usize {
        self.memo.len()
    }

    /// The Grundy value of `position`.
    pub fn grundy(&mut self, position: &P, budget: &Budget) -> Result<u64> {
        if let Some(&v) = self.memo.get(position) {
            return Ok(v);
        }
        let mut on_stack: FxHashSet<P> = FxHashSet::default();
        let mut stack = vec![Frame::new(position.clone())];
        on_stack.insert(position.clone());
        let mut since_check = 0;
        while let Some(top) = stack.last_mut() {
            let mut pending = None;
            while top.next < top.children.len() {
                let child = &top.children[top.next];
                if self.memo.contains_key(child) {
                    top.next += 1;
                } else if on_stack.contains(child) {
                    return Err(Error::new(
                        ErrorKind::Cycle,
                        "a position is reachable from itself: the game must end",
                    ));
                } else {
                    pending = Some(child.clone());
                    break;
                }
            }
            if let Some(child) = pending {
                on_stack.insert(child.clone());
                stack.push(Frame::new(child));
                continue;
            }
            let Some(frame) = stack.pop() else { break };
            let values = frame.children.iter().map(|c| self.memo.get(c).copied().unwrap_or(0));
            let value = if frame.is_split { values.fold(0, |a, v| a ^ v) } else { mex(values) };
            on_stack.remove(&frame.position);
            self.memo.insert(frame.position, value);
            since_check += 1;
            if since_check >= CHECK_EVERY {
                since_check = 0;
                let known = self.memo.len() as u64;
                budget.check(known)?;
                budget.progress("solving positions", known, None);
            }
        }
        self.memo
            .get(position)
            .copied()
            .ok_or_else(|| Error::invalid("the position was not valued"))
    }

    /// The options of `position` whose value is 0: the winning moves.
    pub fn winning_moves(&mut self, position: &P, budget: &Budget) -> Result<Vec<P>> {
        let mut winning = Vec::new();
        for option in position.options() {
            if self.grundy(&option, budget)? == 0 {
                winning.push(option);
            }
        }
        Ok(winning)
    }
}

/// The Grundy value of `position` (normal play).
pub fn grundy_value<P: ImpartialPosition>(position: &P, budget: &Budget) -> Result<u64> {
    Solver::new().grundy(position, budget)
}

/// The outcome of `position`: P when its Grundy value is 0.
pub fn outcome<P: ImpartialPosition>(position: &P, budget: &Budget) -> Result<Outcome> {
    Ok(Outcome::from_zero(grundy_value(position, budget)? == 0))
}

/// The winning moves from `position`: its options of Grundy value 0.
pub fn winning_moves<P: ImpartialPosition>(position: &P, budget: &Budget) -> Result<Vec<P>> {
    Solver::new().winning_moves(position, budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim heaps as a multiset; a position of several heaps splits.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    struct Heaps(Vec<u64>);

    impl ImpartialPosition for Heaps {
        fn options(&self) -> Vec<Self> {
            let mut out = Vec::new();
            for (i, &h) in self.0.iter().enumerate() {
                for to in 0..h {
                    let mut next = self.0.clone();
                    next[i] = to;
                    out.push(Heaps(next));
                }
            }
            out
        }

        fn split(&self) -> Option<Vec<Self>> {
            (self.0.len() > 1).then(|| self.0.iter().map(|&h| Heaps(vec![h])).collect())
        }
    }

    /// A game where a position can move to itself.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    struct Loop;

    impl ImpartialPosition for Loop {
        fn options(&self) -> Vec<Self> {
            vec![Loop]
        }
    }

    #[test]
    fn nim_values_by_split() {
        let b = Budget::unlimited();
        assert_eq!(grundy_value(&Heaps(vec![13, 12, 8]), &b).unwrap(), 9);
        assert_eq!(outcome(&Heaps(vec![3, 5, 6]), &b).unwrap(), Outcome::P);
        let moves = winning_moves(&Heaps(vec![13, 12, 8]), &b).unwrap();
        assert_eq!(moves, [Heaps(vec![4, 12, 8]), Heaps(vec![13, 5, 8]), Heaps(vec![13, 12, 1])]);
    }

    #[test]
    fn deep_games_need_no_recursion() {
        let mut solver = Solver::new();
        assert_eq!(solver.grundy(&Heaps(vec![2000]), &Budget::unlimited()).unwrap(), 2000);
    }

    #[test]
    fn cycles_and_limits_are_errors() {
        let b = Budget::unlimited();
        assert_eq!(grundy_value(&Loop, &b).unwrap_err().kind(), ErrorKind::Cycle);
        let small = Budget::unlimited().with_max_positions(10);
        let err = grundy_value(&Heaps(vec![5000]), &small).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::LimitExceeded);
    }
}
