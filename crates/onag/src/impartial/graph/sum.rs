//! Disjunctive sums of graph positions, valued by the Sprague–Grundy theorem.
//!
//! The value of a sum is the nim-sum (XOR) of its components' values; the
//! product graph is never built. The winning moves from a sum of value
//! `s ≠ 0` move one component of value `g` to an option of value exactly
//! `g ⊕ s`; one exists whenever `g ⊕ s < g` (because `g` is a mex), and some
//! component has that property, but options of larger value count too.

use super::solve::GrundyValues;
use super::{GameGraph, PositionId};
use crate::impartial::Outcome;

/// One component of a sum: a position of a solved graph.
#[derive(Debug, Clone, Copy)]
pub struct Component<'a> {
    /// The graph the position belongs to.
    pub graph: &'a GameGraph,
    /// The Grundy values of that graph.
    pub values: &'a GrundyValues,
    /// The position.
    pub position: PositionId,
}

/// A move in a sum: component `component` (0-based) moves to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SumMove {
    /// Index of the component that moves, 0-based.
    pub component: usize,
    /// The position that component moves to.
    pub to: PositionId,
}

/// The value, outcome and winning moves of a sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumSolution {
    /// The nim-sum of the components' Grundy values.
    pub grundy: u64,
    /// P when the value is zero, N otherwise.
    pub outcome: Outcome,
    /// Every move to a sum of value 0, by component then in the order written.
    pub winning_moves: Vec<SumMove>,
}

/// Values the disjunctive sum of `components` and lists its winning moves.
pub fn solve_sum(components: &[Component<'_>]) -> SumSolution {
    let grundy = components.iter().fold(0, |acc, c| acc ^ c.values.grundy(c.position));
    let mut winning_moves = Vec::new();
    if grundy != 0 {
        for (i, c) in components.iter().enumerate() {
            // The option must have value g ⊕ s; it exists when g ⊕ s < g (mex),
            // and may also exist above g.
            let target = c.values.grundy(c.position) ^ grundy;
            winning_moves.extend(
                c.graph
                    .moves(c.position)
                    .iter()
                    .filter(|&&q| c.values.grundy(q) == target)
                    .map(|&to| SumMove { component: i, to }),
            );
        }
    }
    SumSolution { grundy, outcome: Outcome::from_zero(grundy == 0), winning_moves }
}
