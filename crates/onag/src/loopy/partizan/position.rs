//! A user's own loopy partizan ruleset: positions that list their options;
//! positions may repeat.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use super::graph::LoopyGame;
use crate::budget::Budget;
use crate::error::Result;

/// A position of a loopy partizan game. Equal positions (by `Eq`) are the
/// same node of the game graph, so a position must hold everything that
/// decides its moves.
pub trait LoopyPosition: Clone + Eq + Hash {
    /// The positions Left can move to.
    fn left_options(&self) -> Vec<Self>;
    /// The positions Right can move to.
    fn right_options(&self) -> Vec<Self>;
}

/// The graph of the positions reachable from `start` (breadth first; node 0
/// is `start`), with the position of each node.
///
/// Fails past the budget's position limit.
pub fn build_graph<P: LoopyPosition>(start: &P, budget: &Budget) -> Result<(LoopyGame, Vec<P>)> {
    let mut index: FxHashMap<P, u32> = FxHashMap::default();
    let mut positions = vec![start.clone()];
    index.insert(start.clone(), 0);
    let mut left = Vec::new();
    let mut right = Vec::new();
    let mut i = 0;
    while i < positions.len() {
        if i % 1024 == 0 {
            budget.check(positions.len() as u64)?;
        }
        let p = positions[i].clone();
        let mut ids = |opts: Vec<P>| -> Vec<u32> {
            opts.into_iter()
                .map(|q| {
                    let next = positions.len() as u32;
                    let k = *index.entry(q.clone()).or_insert(next);
                    if k == next {
                        positions.push(q);
                    }
                    k
                })
                .collect()
        };
        let l = ids(p.left_options());
        let r = ids(p.right_options());
        left.push(l);
        right.push(r);
        i += 1;
    }
    budget.check(positions.len() as u64)?;
    let order = LoopyGame::pack_order(&left, &right, 0);
    let game = LoopyGame::new(left, right, 0)?;
    let positions = order.iter().map(|&v| positions[v as usize].clone()).collect();
    Ok((game, positions))
}
