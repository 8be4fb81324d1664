//! An in-memory game graph: successor lists, optional sides, declared results.
//!
//! This is what a graph file becomes once its names are numbered, and what
//! tests build by hand. Successors live in compressed sparse rows (one `u32`
//! per move); construction checks every successor is in range, so a built
//! graph is always consistent.

use crate::error::{Error, Result};

use super::game::{Declared, Side, SuccessorGame};

/// A finite game graph held in memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExplicitGraph {
    /// `n + 1` row starts into `targets`.
    starts: Vec<usize>,
    /// Every move's target, grouped by source.
    targets: Vec<u32>,
    /// Who moves at each position (partizan graphs), or `None` (impartial).
    sides: Option<Vec<Side>>,
    /// Declared results, one per position.
    declared: Vec<Option<Declared>>,
}

impl ExplicitGraph {
    /// A graph from successor lists, sides (one per position, or `None` for an
    /// impartial graph) and declared results (empty, or one per position).
    ///
    /// Fails if a successor is out of range, there are 2^32 positions or more,
    /// or the side or declared lists have the wrong length.
    pub fn new(
        successors: &[Vec<u32>],
        sides: Option<Vec<Side>>,
        declared: Vec<Option<Declared>>,
    ) -> Result<Self> {
        let n = u32::try_from(successors.len())
            .map_err(|_| Error::invalid("a game graph has at most 2^32 - 1 positions"))?;
        if sides.as_ref().is_some_and(|s| s.len() != successors.len()) {
            return Err(Error::invalid("one side per position is needed"));
        }
        let declared = if declared.is_empty() { vec![None; successors.len()] } else { declared };
        if declared.len() != successors.len() {
            return Err(Error::invalid("one declared result (or none) per position is needed"));
        }
        let mut starts = Vec::with_capacity(successors.len() + 1);
        let mut targets = Vec::new();
        starts.push(0);
        for (p, row) in successors.iter().enumerate() {
            for &s in row {
                if s >= n {
                    return Err(Error::invalid(format!(
                        "position {p} has a move to {s}, but there are only {n} positions"
                    )));
                }
                targets.push(s);
            }
            starts.push(targets.len());
        }
        Ok(ExplicitGraph { starts, targets, sides, declared })
    }

    /// A copy of `game`'s moves (sides and declared results dropped).
    ///
    /// Fails if a successor is out of range.
    pub fn moves_of<G: SuccessorGame>(game: &G) -> Result<Self> {
        let n = game.num_positions();
        let mut starts = Vec::with_capacity(n as usize + 1);
        let mut targets = Vec::new();
        starts.push(0);
        let mut bad = None;
        for p in 0..n {
            game.for_each_successor(p, |s| {
                if s >= n {
                    bad.get_or_insert((p, s));
                }
                targets.push(s);
            });
            if let Some((p, s)) = bad {
                return Err(Error::invalid(format!(
                    "position {p} has a move to {s}, but there are only {n} positions"
                )));
            }
            starts.push(targets.len());
        }
        Ok(ExplicitGraph { starts, targets, sides: None, declared: vec![None; n as usize] })
    }

    /// An impartial graph without declared results, from successor lists.
    ///
    /// Fails if a successor is out of range.
    pub fn impartial(successors: &[Vec<u32>]) -> Result<Self> {
        ExplicitGraph::new(successors, None, Vec::new())
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.declared.len()
    }

    /// Whether the graph has no positions.
    pub fn is_empty(&self) -> bool {
        self.declared.is_empty()
    }

    /// The moves from `p`.
    ///
    /// # Panics
    /// If `p` is not a position of the graph.
    pub fn successors(&self, p: u32) -> &[u32] {
        &self.targets[self.starts[p as usize]..self.starts[p as usize + 1]]
    }

    /// Who moves at each position, if the graph is partizan.
    pub fn sides(&self) -> Option<&[Side]> {
        self.sides.as_deref()
    }
}

impl SuccessorGame for ExplicitGraph {
    fn num_positions(&self) -> u32 {
        // `new` guarantees the count fits.
        self.declared.len() as u32
    }

    fn for_each_successor(&self, p: u32, mut f: impl FnMut(u32)) {
        for &s in self.successors(p) {
            f(s);
        }
    }

    fn to_move(&self, p: u32) -> Option<Side> {
        self.sides.as_ref().map(|s| s[p as usize])
    }

    fn declared(&self, p: u32) -> Option<Declared> {
        self.declared[p as usize]
    }
}
