//! Loopy partizan game graphs: nodes with Left and Right edges, a start node.
//!
//! Invariant: every node of a [`LoopyGame`] is reachable from node 0, the
//! start (constructors pack the graph), and every edge target is a node.
//! Edges from a node to itself are `pass` moves.

use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::game::{Arena, GameId};

/// A loopy partizan game: a finite graph of positions with Left and Right
/// moves, played from node 0.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LoopyGame {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

/// Node of the largest graph a [`LoopyGame`] holds (nodes are `u32`).
pub const MAX_NODES: usize = u32::MAX as usize;

/// What a node of a sum being built takes, about: its pair, its index
/// entry, its edge lists and the packed graph it becomes.
const SUM_BYTES_PER_NODE: u64 = 160;

impl LoopyGame {
    /// The game played from `start` on the graph with Left edges `left` and
    /// Right edges `right` (one list per node). Nodes not reachable from
    /// `start` are dropped and the rest renumbered, start first, in order of
    /// discovery.
    ///
    /// Fails if the lists differ in length, `start` or an edge target is not
    /// a node, or there are 2^32 nodes or more.
    pub fn new(left: Vec<Vec<u32>>, right: Vec<Vec<u32>>, start: u32) -> Result<Self> {
        let n = left.len();
        if right.len() != n {
            return Err(Error::invalid("one list of Left and one of Right edges per node"));
        }
        // Compared as u64: where usize has 32 bits, MAX_NODES is its largest.
        if n as u64 >= MAX_NODES as u64 {
            return Err(Error::invalid("a loopy game has fewer than 2^32 nodes"));
        }
        if start as usize >= n {
            return Err(Error::invalid(format!("start node {start} is not one of the {n} nodes")));
        }
        for (v, row) in left.iter().chain(right.iter()).enumerate() {
            if let Some(&w) = row.iter().find(|&&w| w as usize >= n) {
                return Err(Error::invalid(format!(
                    "node {} has a move to {w}, but there are only {n} nodes",
                    v % n
                )));
            }
        }
        Ok(Self::packed(&left, &right, start))
    }

    /// The nodes reachable from `start` in the order the packed game numbers
    /// them (breadth first along sorted edges, Left before Right).
    pub fn pack_order(left: &[Vec<u32>], right: &[Vec<u32>], start: u32) -> Vec<u32> {
        let n = left.len();
        let mut seen = vec![false; n];
        let mut order = vec![start];
        seen[start as usize] = true;
        let mut i = 0;
        while i < order.len() {
            let v = order[i] as usize;
            for &w in left[v].iter().chain(right[v].iter()) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    order.push(w);
                }
            }
            i += 1;
        }
        order
    }

    /// Packs without checks (callers guarantee the edges are in range).
    pub(crate) fn packed(left: &[Vec<u32>], right: &[Vec<u32>], start: u32) -> Self {
        let n = left.len();
        let order = Self::pack_order(left, right, start);
        let mut map = vec![u32::MAX; n];
        for (i, &v) in order.iter().enumerate() {
            map[v as usize] = i as u32;
        }
        let remap = |row: &Vec<u32>| {
            let mut r: Vec<u32> = row.iter().map(|&w| map[w as usize]).collect();
            r.sort_unstable();
            r.dedup();
            r
        };
        LoopyGame {
            left: order.iter().map(|&v| remap(&left[v as usize])).collect(),
            right: order.iter().map(|&v| remap(&right[v as usize])).collect(),
        }
    }

    /// The number of nodes (positions reachable from the start, the start
    /// included).
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Always false: a game has its start node.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// Left's moves from node `v` (sorted, no repeats).
    pub fn left(&self, v: u32) -> &[u32] {
        &self.left[v as usize]
    }

    /// Right's moves from node `v` (sorted, no repeats).
    pub fn right(&self, v: u32) -> &[u32] {
        &self.right[v as usize]
    }

    /// The Left edge lists of every node.
    pub fn left_edges(&self) -> &[Vec<u32>] {
        &self.left
    }

    /// The Right edge lists of every node.
    pub fn right_edges(&self) -> &[Vec<u32>] {
        &self.right
    }

    /// The game played from node `v` of this graph.
    pub fn at(&self, v: u32) -> LoopyGame {
        Self::packed(&self.left, &self.right, v)
    }

    /// `{pass|}`.
    pub fn on() -> Self {
        LoopyGame { left: vec![vec![0]], right: vec![vec![]] }
    }

    /// `{|pass}`.
    pub fn off() -> Self {
        LoopyGame { left: vec![vec![]], right: vec![vec![0]] }
    }

    /// `{pass|pass}`.
    pub fn dud() -> Self {
        LoopyGame { left: vec![vec![0]], right: vec![vec![0]] }
    }

    /// `{0|pass}`.
    pub fn over() -> Self {
        LoopyGame { left: vec![vec![1], vec![]], right: vec![vec![0], vec![]] }
    }

    /// `{pass|0}`.
    pub fn under() -> Self {
        Self::over().negative()
    }

    /// `{pass|*}` (printed `^[on]`).
    pub fn upon() -> Self {
        // 0 = upon, 1 = *, 2 = 0.
        LoopyGame { left: vec![vec![0], vec![2], vec![]], right: vec![vec![1], vec![2], vec![]] }
    }

    /// `{0||0|0,pass}` (printed `^<on>`).
    pub fn uponth() -> Self {
        // 0 = uponth, 1 = 0, 2 = {0|0,pass}.
        LoopyGame { left: vec![vec![1], vec![], vec![1]], right: vec![vec![2], vec![], vec![1, 2]] }
    }

    /// The short game `g` of `arena` as a loopy game (its graph of
    /// followers).
    pub fn from_short(arena: &mut Arena, g: GameId) -> Result<Self> {
        let mut b = Builder::new();
        let v = b.add_short(arena, g)?;
        b.finish(v)
    }

    /// The negative: Left and Right edges exchanged.
    pub fn negative(&self) -> Self {
        LoopyGame { left: self.right.clone(), right: self.left.clone() }
    }

    /// The disjunctive sum `self + other`: the product graph of the positions
    /// reachable from the pair of starts.
    ///
    /// Fails past `max_nodes` nodes.
    pub fn sum(&self, other: &LoopyGame, max_nodes: usize) -> Result<Self> {
        self.sum_within(other, max_nodes, &Budget::unlimited())
    }

    /// [`sum`](Self::sum) within `budget`: its position and memory limits
    /// count the sum's nodes, and its clock and cancel flag are looked at
    /// every few thousand nodes.
    pub fn sum_within(&self, other: &LoopyGame, max_nodes: usize, budget: &Budget) -> Result<Self> {
        let m = other.len() as u64;
        let mut index: rustc_hash::FxHashMap<u64, u32> = Default::default();
        let mut pairs: Vec<(u32, u32)> = vec![(0, 0)];
        index.insert(0, 0);
        let mut left = Vec::new();
        let mut right = Vec::new();
        let mut i = 0;
        while i < pairs.len() {
            if i % 4096 == 0 {
                budget.check(pairs.len() as u64)?;
                budget.check_memory(pairs.len() as u64 * SUM_BYTES_PER_NODE)?;
            }
            let (x, y) = pairs[i];
            let mut id = |a: u32, b: u32, pairs: &mut Vec<(u32, u32)>| -> Result<u32> {
                let key = a as u64 * m + b as u64;
                if let Some(&k) = index.get(&key) {
                    return Ok(k);
                }
                if pairs.len() >= max_nodes.min(MAX_NODES - 1) {
                    return Err(Error::new(
                        crate::error::ErrorKind::LimitExceeded,
                        format!("the sum has more than {max_nodes} positions"),
                    ));
                }
                let k = pairs.len() as u32;
                pairs.push((a, b));
                index.insert(key, k);
                Ok(k)
            };
            let mut l = Vec::new();
            for &a in self.left(x) {
                l.push(id(a, y, &mut pairs)?);
            }
            for &b in other.left(y) {
                l.push(id(x, b, &mut pairs)?);
            }
            let mut r = Vec::new();
            for &a in self.right(x) {
                r.push(id(a, y, &mut pairs)?);
            }
            for &b in other.right(y) {
                r.push(id(x, b, &mut pairs)?);
            }
            left.push(l);
            right.push(r);
            i += 1;
        }
        Ok(Self::packed(&left, &right, 0))
    }

    /// Whether the game has no cycle at all (it is a short game).
    pub fn is_loopfree(&self) -> bool {
        super::solve::acyclic_nodes(self).iter().all(|&a| a)
    }

    /// Whether every cycle of the graph is a single node passing to itself
    /// (a plumtree): the graph without its self-loops has no cycle.
    pub fn is_plumtree(&self) -> bool {
        let strip = |edges: &[Vec<u32>]| -> Vec<Vec<u32>> {
            edges
                .iter()
                .enumerate()
                .map(|(v, row)| row.iter().copied().filter(|&w| w as usize != v).collect())
                .collect()
        };
        let g = LoopyGame { left: strip(&self.left), right: strip(&self.right) };
        g.is_loopfree()
    }

    /// Whether the game is a stopper: no infinite alternating play from any
    /// position.
    pub fn is_stopper(&self) -> bool {
        super::solve::alternating_cycle_node(self).is_none()
    }
}

/// Builds a loopy game graph node by node (for parsers and rulesets).
#[derive(Debug, Default, Clone)]
pub struct Builder {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl Builder {
    /// An empty graph.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of nodes so far.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether no node was added.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// A new node without edges.
    pub fn add_node(&mut self) -> Result<u32> {
        if self.left.len() >= MAX_NODES - 1 {
            return Err(Error::invalid("a loopy game has fewer than 2^32 nodes"));
        }
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        Ok(self.left.len() as u32 - 1)
    }

    /// A Left move `from → to` (both nodes of this builder).
    pub fn add_left(&mut self, from: u32, to: u32) {
        self.left[from as usize].push(to);
    }

    /// A Right move `from → to` (both nodes of this builder).
    pub fn add_right(&mut self, from: u32, to: u32) {
        self.right[from as usize].push(to);
    }

    /// Copies `game`'s graph in; returns the node of its start.
    pub fn add_game(&mut self, game: &LoopyGame) -> Result<u32> {
        let base = self.left.len() as u64;
        if base + game.len() as u64 >= MAX_NODES as u64 {
            return Err(Error::invalid("a loopy game has fewer than 2^32 nodes"));
        }
        let base = base as u32;
        for v in 0..game.len() {
            self.left.push(game.left[v].iter().map(|&w| w + base).collect());
            self.right.push(game.right[v].iter().map(|&w| w + base).collect());
        }
        Ok(base)
    }

    /// Adds the short game `g` (its followers, each once); returns its node.
    pub fn add_short(&mut self, arena: &mut Arena, g: GameId) -> Result<u32> {
        let mut node: rustc_hash::FxHashMap<GameId, u32> = Default::default();
        // Explicit stack: (game, options pushed?).
        let mut stack = vec![(g, false)];
        while let Some((h, expanded)) = stack.pop() {
            if node.contains_key(&h) {
                continue;
            }
            let l = arena.left_options(h)?;
            let r = arena.right_options(h)?;
            if expanded {
                let v = self.add_node()?;
                for x in l {
                    self.left[v as usize].push(node[&x]);
                }
                for x in r {
                    self.right[v as usize].push(node[&x]);
                }
                node.insert(h, v);
            } else {
                stack.push((h, true));
                for x in l.into_iter().chain(r) {
                    if !node.contains_key(&x) {
                        stack.push((x, false));
                    }
                }
            }
        }
        Ok(node[&g])
    }

    /// The nodes reachable from `start` in the order [`finish`](Self::finish)
    /// numbers them.
    pub fn pack_order(&self, start: u32) -> Vec<u32> {
        LoopyGame::pack_order(&self.left, &self.right, start)
    }

    /// The game played from `start`.
    pub fn finish(&self, start: u32) -> Result<LoopyGame> {
        LoopyGame::new(self.left.clone(), self.right.clone(), start)
    }
}
