//! A caller's game whose positions repeat, as a loopy partizan game.
//!
//! The solver values games that end; when a position of a [`GameGraph`]
//! can be reached from itself, its value is a loopy game instead. A node
//! of the loopy game is a sum state: the regions (and short games, for
//! the options given as values) that the position is the sum of, sorted,
//! so each sum is one node however it was reached. A move is a move in
//! one part, which that part's option replaces (flattened: an option
//! that is a sum adds all its parts; a part that is 0 is dropped).
//!
//! Invariant: every node reachable from the root has been explored.

use rustc_hash::FxHashMap;

use super::{GameGraph, Node, NodeId};
use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::game::{Arena, GameId};
use crate::loopy::partizan::LoopyGame;

/// One part of a sum state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Part {
    /// A region of the graph.
    Region(NodeId),
    /// A short game, for an option given as a value.
    Short(GameId),
    /// Vertex `.1` of the loopy game of node `.0` (a [`Node::Loopy`]).
    Loopy(NodeId, u32),
}

/// The loopy game node `root` of `graph` stands for; `value_of` gives the
/// game of each value node (in `arena`).
///
/// Fails past the budget's position limit (counting sum states), when a
/// reachable node is unexplored, or when a value node has no game.
pub fn loopy_game(
    graph: &GameGraph,
    root: NodeId,
    arena: &mut Arena,
    value_of: &dyn Fn(NodeId) -> Option<GameId>,
    budget: &Budget,
) -> Result<LoopyGame> {
    let mut builder =
        Builder { graph, arena, value_of, states: Vec::new(), index: FxHashMap::default() };
    let mut start = Vec::new();
    builder.flatten_node(root, &mut start)?;
    start.sort_unstable();
    builder.intern(start);
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < builder.states.len() {
        if i % 256 == 0 {
            budget.check(builder.states.len() as u64)?;
        }
        let state = builder.states[i].clone();
        left.push(builder.moves(&state, true)?);
        right.push(builder.moves(&state, false)?);
        i += 1;
    }
    budget.check(builder.states.len() as u64)?;
    LoopyGame::new(left, right, 0)
}

/// Appends vertex `v` of `game` (node `n`'s loopy game) as a part, unless
/// it is 0 (a vertex with no move for either player).
fn push_loopy(n: NodeId, game: &LoopyGame, v: u32, out: &mut Vec<Part>) {
    if !game.left(v).is_empty() || !game.right(v).is_empty() {
        out.push(Part::Loopy(n, v));
    }
}

/// The sum states met so far and where their parts' options come from.
struct Builder<'a> {
    graph: &'a GameGraph,
    arena: &'a mut Arena,
    value_of: &'a dyn Fn(NodeId) -> Option<GameId>,
    /// Each state's parts, sorted; state 0 is the root.
    states: Vec<Vec<Part>>,
    index: FxHashMap<Vec<Part>, u32>,
}

impl Builder<'_> {
    /// The number of `state` (a new one is added).
    fn intern(&mut self, state: Vec<Part>) -> u32 {
        if let Some(&n) = self.index.get(&state) {
            return n;
        }
        let n = self.states.len() as u32;
        self.states.push(state.clone());
        self.index.insert(state, n);
        n
    }

    /// Appends the parts node `id` is the sum of.
    fn flatten_node(&mut self, id: NodeId, out: &mut Vec<Part>) -> Result<()> {
        let mut ids = Vec::new();
        self.graph.flatten(id, &mut ids);
        for n in ids {
            match self.graph.node(n) {
                Node::Region { .. } => out.push(Part::Region(n)),
                Node::Value => {
                    let g = (self.value_of)(n)
                        .ok_or_else(|| Error::invalid("an option given as a value has no game"))?;
                    self.push_short(g, out);
                }
                Node::Loopy(game) => push_loopy(n, &game, 0, out),
                Node::Sum(_) => {}
                Node::Unexplored => {
                    return Err(Error::invalid("a position of the game was not explored"));
                }
            }
        }
        Ok(())
    }

    fn push_short(&self, g: GameId, out: &mut Vec<Part>) {
        if g != self.arena.zero() {
            out.push(Part::Short(g));
        }
    }

    /// The states `state` moves to, for Left (`left`) or Right.
    fn moves(&mut self, state: &[Part], left: bool) -> Result<Vec<u32>> {
        let mut out = Vec::new();
        for (i, part) in state.iter().enumerate() {
            let rest = || state.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, p)| *p);
            match *part {
                Part::Region(n) => {
                    let player = if left {
                        crate::ruleset::position::Player::Left
                    } else {
                        crate::ruleset::position::Player::Right
                    };
                    for option in self.graph.options(n, player) {
                        let mut next: Vec<Part> = rest().collect();
                        self.flatten_node(option, &mut next)?;
                        next.sort_unstable();
                        out.push(self.intern(next));
                    }
                }
                Part::Loopy(n, v) => {
                    let Node::Loopy(game) = self.graph.node(n) else {
                        return Err(Error::invalid("a loopy part of the sum has no game"));
                    };
                    let options = if left { game.left(v) } else { game.right(v) };
                    for &w in options {
                        let mut next: Vec<Part> = rest().collect();
                        push_loopy(n, &game, w, &mut next);
                        next.sort_unstable();
                        out.push(self.intern(next));
                    }
                }
                Part::Short(g) => {
                    let options = if left {
                        self.arena.left_options(g)?
                    } else {
                        self.arena.right_options(g)?
                    };
                    for h in options {
                        let mut next: Vec<Part> = rest().collect();
                        self.push_short(h, &mut next);
                        next.sort_unstable();
                        out.push(self.intern(next));
                    }
                }
            }
        }
        Ok(out)
    }
}
