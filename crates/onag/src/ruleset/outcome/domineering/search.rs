//! The search over Domineering boards: who wins a node with a given player
//! to move.
//!
//! A node is a board of the regions still searched (one 128-bit word: the
//! regions need not be told apart, moves and bounds are the same on all of
//! them together) and the id of the sum of the values of the regions small
//! enough to have been replaced by their canonical forms. After a move only
//! the cells next to the domino can have split off a small region, so only
//! they are looked at.

use std::sync::atomic::{AtomicU64, Ordering};

use rustc_hash::FxHashMap;

use super::bits::{Cells, Geometry};
use super::table::Table;
use crate::budget::Budget;
use crate::error::Result;
use crate::game::{Arena, GameId};
use crate::ruleset::grid::Domineering;
use crate::ruleset::outcome::values::{SumId, ValueSums};
use crate::ruleset::position::Player;
use crate::ruleset::solver::Solver;

/// Nodes between two looks at the budget.
const CHECK_EVERY: u64 = 1 << 12;

/// Nodes this near the root look up their children in the table before
/// searching any. Measured on 7×7: 4 takes 4% fewer nodes than none, 8
/// 10% fewer, more no fewer; past 6 the look-ups cost more than they save.
const LOOK_AHEAD_DEPTH: usize = 6;

/// What a move's change of the players' moves counts for in its score,
/// against where it lies (a rank of at most 4). Measured on 7×7: 1, 2, 4
/// and 8 all take 1.26 M nodes (within 0.5%); ranking by where a move lies
/// twice as strongly takes 3% more.
const MOVE_WEIGHT: i32 = 8;

/// A node: the board still searched and the sum of the values.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct Node {
    pub free: Cells,
    pub sum: SumId,
}

/// A move from a node.
#[derive(Clone, Copy, Debug)]
pub(super) enum Step {
    /// A domino placed on the board, by its top (or left) cell.
    Domino(u32),
    /// A move in the values, to the sum with this id.
    Values(SumId),
}

/// A move's score (less is better) and the move.
type Scored = (i32, Step);

/// One question's search. Searches on different threads share nothing but
/// the budget and the node count.
pub(super) struct Search<'a> {
    geometry: Geometry,
    arena: Arena,
    values: Solver<Domineering>,
    sums: ValueSums,
    /// Canonical forms of the small regions met, by their cells moved to
    /// the top left corner.
    small_values: FxHashMap<Cells, GameId>,
    /// A region with at most this many options (both players') is valued.
    small: u32,
    table: Table,
    /// Buffers of children, one per depth.
    buffers: Vec<Vec<Scored>>,
    pending: u64,
    own: u64,
    nodes: &'a AtomicU64,
    budget: Budget,
}

fn vertical(player: Player) -> bool {
    player == Player::Left
}

impl<'a> Search<'a> {
    /// A search with empty tables on boards of `geometry`.
    pub fn new(
        geometry: Geometry,
        small: u32,
        table_bytes: u64,
        budget: Budget,
        nodes: &'a AtomicU64,
    ) -> Self {
        let arena = Arena::new().with_budget(budget.clone());
        let sums = ValueSums::new(&arena);
        Search {
            geometry,
            arena,
            values: Solver::new().with_budget(budget.clone()),
            sums,
            small_values: FxHashMap::default(),
            small,
            table: Table::new(table_bytes),
            buffers: Vec::new(),
            pending: 0,
            own: 0,
            nodes,
            budget,
        }
    }

    /// The node of the board `free`: each region small enough replaced by
    /// its value.
    pub fn node_of(&mut self, free: Cells) -> Result<Node> {
        let mut node = Node { free, sum: ValueSums::EMPTY };
        let mut rest = free;
        while rest != 0 {
            let seed = rest & rest.wrapping_neg();
            let g = &self.geometry;
            let part = g.small_part(free, seed, g.cells()).unwrap_or(seed);
            rest &= !part;
            self.settle_part(&mut node, part)?;
        }
        Ok(node)
    }

    /// Takes the region `part` of `node.free` out of the board into the
    /// sum if it is small (or has no moves at all).
    fn settle_part(&mut self, node: &mut Node, part: Cells) -> Result<bool> {
        let g = &self.geometry;
        let moves = g.vertical(part).count_ones() + g.horizontal(part).count_ones();
        if moves > self.small {
            return Ok(false);
        }
        node.free &= !part;
        if moves > 0 {
            let v = self.value_of(part)?;
            node.sum = self.sums.add(&mut self.arena, node.sum, v)?;
        }
        Ok(true)
    }

    /// The canonical form of the region `part`.
    fn value_of(&mut self, part: Cells) -> Result<GameId> {
        let (corner, w, h) = self.geometry.corner(part);
        if let Some(&v) = self.small_values.get(&corner) {
            return Ok(v);
        }
        let bits = self.geometry.packed(corner, w, h);
        let mut text = String::with_capacity(((w + 1) * h) as usize);
        for r in 0..h {
            if r > 0 {
                text.push('|');
            }
            for c in 0..w {
                text.push(if bits >> (r * w + c) & 1 == 1 { '.' } else { '#' });
            }
        }
        let position = Domineering::parse(&text)?;
        let v = self.values.value(&mut self.arena, &position)?;
        self.small_values.insert(corner, v);
        Ok(v)
    }

    /// The node after the domino `domino` is placed on `node`'s board: the
    /// small regions split off next to it are valued.
    pub fn after(&mut self, node: Node, domino: Cells) -> Result<Node> {
        let mut child = Node { free: node.free & !domino, sum: node.sum };
        let cap = self.small + 1;
        let mut seeds = self.geometry.neighbours(domino) & child.free;
        while seeds != 0 {
            let seed = seeds & seeds.wrapping_neg();
            seeds &= !seed;
            if let Some(part) = self.geometry.small_part(child.free, seed, cap) {
                seeds &= !part;
                self.settle_part(&mut child, part)?;
            }
        }
        Ok(child)
    }

    /// Counts a node and looks at the budget every [`CHECK_EVERY`] nodes.
    fn tick(&mut self) -> Result<()> {
        self.pending += 1;
        self.own += 1;
        if self.pending < CHECK_EVERY {
            return Ok(());
        }
        let total = self.nodes.fetch_add(self.pending, Ordering::Relaxed) + self.pending;
        self.pending = 0;
        self.budget.check(total)?;
        self.budget.check_memory(self.memory_bytes())?;
        if self.budget.reports_progress() {
            self.budget.progress("nodes searched", total, None);
        }
        Ok(())
    }

    /// Adds the nodes not yet counted to the shared count.
    pub fn flush(&mut self) {
        self.nodes.fetch_add(self.pending, Ordering::Relaxed);
        self.pending = 0;
    }

    /// Nodes this search visited.
    pub fn own_nodes(&self) -> u64 {
        self.own
    }

    /// Bytes of this search's tables.
    fn memory_bytes(&self) -> u64 {
        self.table.memory_bytes()
            + self.sums.memory_bytes()
            + (self.small_values.capacity() * (std::mem::size_of::<(Cells, GameId)>() + 1)) as u64
            + self.values.memory_bytes()
            + self.arena.memory_bytes()
    }

    /// The standing of `free` for `player`.
    pub fn standing(&self, free: Cells, player: Player) -> Standing {
        Standing::of(&self.geometry, free, player)
    }

    /// Whether `player`, moving first at `node`, wins.
    pub fn wins(&mut self, node: Node, player: Player, depth: usize) -> Result<bool> {
        self.tick()?;
        if node.free == 0 {
            return self.sums.wins(&mut self.arena, node.sum, player);
        }
        if let Some(settled) = self.by_bounds(node, player) {
            return Ok(settled);
        }
        let key = Node { free: self.geometry.normal(node.free), sum: node.sum };

        if let Some(answer) = self.table.get(key, player) {
            return Ok(answer);
        }
        let start = self.own;
        let mut children = self.take_buffer(depth);
        let mut won = self.children(node, player, &mut children)?;
        let opponent = player.opponent();
        let me = vertical(player);
        // Near the root a child the table knows the opponent loses settles
        // the node before any child is searched.
        if !won && depth < LOOK_AHEAD_DEPTH {
            for &(_, step) in children.iter() {
                let child = match step {
                    Step::Domino(a) => self.after(node, self.geometry.domino(a, me))?,
                    Step::Values(sum) => Node { free: node.free, sum },
                };
                let key = Node { free: self.geometry.normal(child.free), sum: child.sum };
                if self.table.get(key, opponent) == Some(false) {
                    won = true;
                    break;
                }
            }
        }
        for &(_, step) in children.iter() {
            if won {
                break;
            }
            let child = match step {
                Step::Domino(a) => self.after(node, self.geometry.domino(a, me))?,
                Step::Values(sum) => Node { free: node.free, sum },
            };
            won = !self.wins(child, opponent, depth + 1)?;
        }
        self.buffers[depth] = children;
        self.table.put(key, player, won, self.own - start);
        Ok(won)
    }

    /// The buffer for the children of a node at `depth`, emptied.
    fn take_buffer(&mut self, depth: usize) -> Vec<Scored> {
        while self.buffers.len() <= depth {
            self.buffers.push(Vec::new());
        }
        let mut b = std::mem::take(&mut self.buffers[depth]);
        b.clear();
        b
    }

    /// The answer move bounds give, if they give one: the player to move
    /// wins with more safe moves than the opponent can make at most, and
    /// loses when the opponent's safe moves cover every move the player
    /// can make.
    fn by_bounds(&self, node: Node, player: Player) -> Option<bool> {
        let g = &self.geometry;
        let me = vertical(player);
        let values = self.sums.bounds(node.sum);
        let (mine, theirs) = match player {
            Player::Left => (values[0], values[1]),
            Player::Right => (values[1], values[0]),
        };
        let my_safe = g.guaranteed(node.free, me) + mine.safe;
        let their_most = g.most(node.free, !me) + theirs.most;
        if my_safe > their_most {
            return Some(true);
        }
        let their_safe = g.guaranteed(node.free, !me) + theirs.safe;
        let my_most = g.most(node.free, me) + mine.most;
        if their_safe >= my_most {
            return Some(false);
        }
        None
    }

    /// The moves `player` can make at `node`, best first, into `out`:
    /// dominoes by their scores, then moves in the values. True, with
    /// `out` left unfinished, when a domino is found that wins by move
    /// bounds alone: after it the mover's safe moves cover every move the
    /// opponent can make.
    pub fn children(&mut self, node: Node, player: Player, out: &mut Vec<Scored>) -> Result<bool> {
        let g = &self.geometry;
        let me = vertical(player);
        let before = self.standing(node.free, player);
        let values = self.sums.bounds(node.sum);
        let (mine, theirs) = match player {
            Player::Left => (values[0], values[1]),
            Player::Right => (values[1], values[0]),
        };
        let anchors = g.anchors(node.free, me);
        // A safe move (both cells out of the opponent's reach) keeps: it is
        // played only when there is nothing else to play.
        let protected = g.protected(node.free, me);
        let both = g.anchors(protected, me);
        let mut rest = if anchors == both { anchors } else { anchors & !both };
        while rest != 0 {
            let a = rest.trailing_zeros();
            rest &= rest - 1;
            let domino = self.geometry.domino(a, me);
            let after = node.free & !domino;
            let now = self.standing(after, player);
            if g.guaranteed(after, me) + mine.safe >= now.opponent_most + theirs.most {
                return Ok(true);
            }
            out.push((before.score(&now, &self.geometry, a, me), Step::Domino(a)));
        }
        out.sort_by_key(|&(score, _)| score);
        let moves = self.sums.moves(&mut self.arena, node.sum, player)?;
        out.extend(moves.iter().map(|&sum| (i32::MAX, Step::Values(sum))));
        Ok(false)
    }
}

/// What a move is scored by: the mover's and the opponent's most and
/// safe moves on the board.
pub(super) struct Standing {
    mover_most: u32,
    mover_safe: u32,
    opponent_most: u32,
    opponent_safe: u32,
}

impl Standing {
    fn of(g: &Geometry, free: Cells, player: Player) -> Self {
        let me = vertical(player);
        Standing {
            mover_most: g.most(free, me),
            mover_safe: g.safe(free, me),
            opponent_most: g.most(free, !me),
            opponent_safe: g.safe(free, !me),
        }
    }

    /// How good the move at `anchor` from `self` to `now` looks for the
    /// mover (less is better): the change it makes to the opponent's most
    /// and safe moves less the change to the mover's, then where it lies
    /// ([`Geometry::rank`]).
    pub fn score(&self, now: &Standing, g: &Geometry, anchor: u32, vertical: bool) -> i32 {
        let count = |most: u32, safe: u32| (most + safe) as i32;
        let change = (count(now.opponent_most, now.opponent_safe)
            - count(self.opponent_most, self.opponent_safe))
            - (count(now.mover_most, now.mover_safe) - count(self.mover_most, self.mover_safe));
        MOVE_WEIGHT * change + g.rank(anchor, vertical)
    }
}
