//! Games whose positions a caller supplies: a class declared in the
//! calculator's language, a Python class. The caller meets the positions
//! one by one (asking each for its options, or for the parts it splits
//! into) and records them in a [`GameGraph`]; the [`Solver`](super::Solver)
//! values them as it values the library's own rulesets, each region once.
//!
//! A node of the graph is one of:
//! - a **region**: a position with its options for each player, each
//!   option another node;
//! - a **sum**: a position that is the disjunctive sum of other nodes (a
//!   position that splits into parts, or an option that is a sum); the
//!   empty sum is 0;
//! - a **value**: a game given by its value (an option written as `*2` or
//!   `{1|0}`), whose canonical form the caller records in the solver with
//!   [`Solver::insert_value`](super::Solver::insert_value) before asking
//!   for a value that reaches it;
//! - **loopy**: a loopy game given by its value (a stopper such as `off`),
//!   which only the loopy valuation reads;
//! - **unexplored**: a node whose position has been met but not yet asked
//!   for its options.
//!
//! [`UserPosition`] and [`UserImpartialPosition`] are positions of the
//! graph for the partizan and the impartial engine. Positions compare by
//! node, so a solver's table is only meaningful with the graph it was
//! filled from: its owner keeps one graph, and one solver, for all of them.
//!
//! A graph whose positions repeat is valued as a loopy game by
//! [`loopy_game`].
//!
//! Invariants: a region's and a sum's nodes are nodes of the same graph;
//! the graph only grows (a node, once recorded, never changes but from
//! unexplored to what it is); a value node's value is in the solver before
//! any search reaches it.

use std::sync::{Arc, RwLock};

mod loopy;
pub use loopy::loopy_game;

use super::position::{PartizanPosition, Player};

/// The index of a node in its graph.
pub type NodeId = u32;

/// What a node of a [`GameGraph`] is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// Met, but its options not recorded yet.
    Unexplored,
    /// A position with its options.
    Region {
        /// Left's options.
        left: Box<[NodeId]>,
        /// Right's options.
        right: Box<[NodeId]>,
    },
    /// The disjunctive sum of these nodes (0 when empty).
    Sum(Box<[NodeId]>),
    /// A game given by its value (see the module doc).
    Value,
    /// A loopy game given by its value, a stopper (an option or part
    /// written as `off` or `over`). Only [`loopy_game`] values it: a search
    /// for the value of a game that ends must not reach it (see
    /// [`GameGraph::reaches_loopy`]).
    Loopy(Arc<crate::loopy::partizan::LoopyGame>),
}

/// The positions of a game supplied by its caller, shared by every
/// position of it (a read-write lock guards it: the solver may read it
/// from two threads while no one writes).
///
/// Invariant: `lists` is the number of node ids the nodes' option and
/// part lists hold together (kept as nodes are recorded, so the memory
/// count is constant time).
#[derive(Debug, Default)]
pub struct GameGraph {
    nodes: RwLock<Vec<Node>>,
    lists: std::sync::atomic::AtomicUsize,
    /// Whether any node is [`Node::Loopy`].
    loopy: std::sync::atomic::AtomicBool,
}

/// How many node ids `node`'s lists hold.
fn list_len(node: &Node) -> usize {
    match node {
        Node::Region { left, right } => left.len() + right.len(),
        Node::Sum(parts) => parts.len(),
        Node::Unexplored | Node::Value | Node::Loopy(_) => 0,
    }
}

impl GameGraph {
    /// An empty graph.
    pub fn new() -> Arc<GameGraph> {
        Arc::new(GameGraph::default())
    }

    /// How many nodes it holds.
    pub fn len(&self) -> usize {
        self.read().len()
    }

    /// Whether it holds no node.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A new node, unexplored.
    pub fn add(&self) -> NodeId {
        self.push(Node::Unexplored)
    }

    /// A new node that is `node`.
    pub fn push(&self, node: Node) -> NodeId {
        self.note_loopy(&node);
        let mut nodes = self.write();
        self.lists.fetch_add(list_len(&node), std::sync::atomic::Ordering::Relaxed);
        nodes.push(node);
        (nodes.len() - 1) as NodeId
    }

    /// Records what an unexplored node is.
    pub fn set(&self, id: NodeId, node: Node) {
        self.note_loopy(&node);
        if let Some(slot) = self.write().get_mut(id as usize) {
            let added = list_len(&node);
            let removed = list_len(slot);
            self.lists.fetch_add(added, std::sync::atomic::Ordering::Relaxed);
            self.lists.fetch_sub(removed, std::sync::atomic::Ordering::Relaxed);
            *slot = node;
        }
    }

    /// What node `id` is.
    pub fn node(&self, id: NodeId) -> Node {
        self.read().get(id as usize).cloned().unwrap_or(Node::Unexplored)
    }

    /// Whether node `id` is unexplored (or not in the graph), without
    /// copying it.
    pub fn is_unexplored(&self, id: NodeId) -> bool {
        matches!(self.read().get(id as usize), None | Some(Node::Unexplored))
    }

    fn note_loopy(&self, node: &Node) {
        if matches!(node, Node::Loopy(_)) {
            self.loopy.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// Whether node `id` is a game given by its value ([`Node::Value`]).
    pub fn is_value(&self, id: NodeId) -> bool {
        matches!(self.read().get(id as usize), Some(Node::Value))
    }

    /// The nodes reachable from `root` (itself included) through options
    /// and parts, each once, in the order met.
    pub fn reachable(&self, root: NodeId) -> Vec<NodeId> {
        let nodes = self.read();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut order = Vec::new();
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            if !seen.insert(n) {
                continue;
            }
            order.push(n);
            match nodes.get(n as usize) {
                Some(Node::Region { left, right }) => {
                    stack.extend(left.iter().chain(right.iter()).copied());
                }
                Some(Node::Sum(parts)) => stack.extend(parts.iter().copied()),
                _ => {}
            }
        }
        order
    }

    /// Whether a [`Node::Loopy`] can be reached from `root`: then only
    /// [`loopy_game`] can value it.
    pub fn reaches_loopy(&self, root: NodeId) -> bool {
        if !self.loopy.load(std::sync::atomic::Ordering::Relaxed) {
            return false;
        }
        let reachable = self.reachable(root);
        let nodes = self.read();
        reachable.iter().any(|&n| matches!(nodes.get(n as usize), Some(Node::Loopy(_))))
    }

    /// Bytes the graph holds, for the memory limit.
    pub fn bytes(&self) -> u64 {
        let capacity = self.read().capacity();
        let lists = self.lists.load(std::sync::atomic::Ordering::Relaxed);
        (capacity * std::mem::size_of::<Node>() + lists * std::mem::size_of::<NodeId>()) as u64
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Vec<Node>> {
        self.nodes.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Vec<Node>> {
        self.nodes.write().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Appends to `out` the regions and value nodes whose sum node `id` is.
    fn flatten(&self, id: NodeId, out: &mut Vec<NodeId>) {
        let nodes = self.read();
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            match nodes.get(n as usize) {
                Some(Node::Sum(parts)) => stack.extend(parts.iter().rev().copied()),
                _ => out.push(n),
            }
        }
    }

    /// The options of node `id` for `player` (none for a node that is not a
    /// region).
    fn options(&self, id: NodeId, player: Player) -> Vec<NodeId> {
        match self.read().get(id as usize) {
            Some(Node::Region { left, right }) => match player {
                Player::Left => left.to_vec(),
                Player::Right => right.to_vec(),
            },
            _ => Vec::new(),
        }
    }
}

macro_rules! graph_position {
    ($name:ident, $impartial:expr, $doc:literal) => {
        #[doc = $doc]
        #[derive(Debug, Clone)]
        pub struct $name {
            graph: Arc<GameGraph>,
            node: NodeId,
        }

        impl $name {
            /// Node `node` of `graph`.
            pub fn new(graph: &Arc<GameGraph>, node: NodeId) -> Self {
                $name { graph: graph.clone(), node }
            }

            /// Its node.
            pub fn node(&self) -> NodeId {
                self.node
            }
        }

        impl PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                self.node == other.node
            }
        }

        impl Eq for $name {}

        impl std::hash::Hash for $name {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.node.hash(state);
            }
        }

        impl PartizanPosition for $name {
            const IMPARTIAL: bool = $impartial;

            fn options(&self, player: Player, out: &mut Vec<Self>) {
                out.extend(
                    self.graph
                        .options(self.node, player)
                        .into_iter()
                        .map(|n| $name::new(&self.graph, n)),
                );
            }

            fn regions(&self, out: &mut Vec<Self>) {
                let mut nodes = Vec::new();
                self.graph.flatten(self.node, &mut nodes);
                out.extend(nodes.into_iter().map(|n| $name::new(&self.graph, n)));
            }
        }
    };
}

graph_position!(
    UserPosition,
    false,
    "A position of a partizan game supplied by its caller: a node of its \
     [`GameGraph`], equal to another when the nodes are."
);
graph_position!(
    UserImpartialPosition,
    true,
    "A position of an impartial game supplied by its caller (its Left options \
     are the options of both players)."
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Arena;
    use crate::ruleset::Solver;

    /// Nim heaps 0..=n as a graph: heap k has every smaller heap as an
    /// option, for both players.
    fn nim_graph(n: u32) -> Arc<GameGraph> {
        let graph = GameGraph::new();
        for k in 0..=n {
            let id = graph.add();
            let options: Box<[NodeId]> = (0..k).collect();
            graph.set(id, Node::Region { left: options.clone(), right: options });
        }
        graph
    }

    #[test]
    fn heaps_of_nim_are_nimbers() {
        let graph = nim_graph(6);
        let mut arena = Arena::new();
        let mut solver = Solver::<UserPosition>::new();
        for k in 0..=6 {
            let v = solver.value(&mut arena, &UserPosition::new(&graph, k)).unwrap();
            assert_eq!(v, arena.nimber(k as u64).unwrap());
        }
        let mut impartial = Solver::<UserImpartialPosition>::new();
        let sum = graph.push(Node::Sum(vec![3, 5, 6].into()));
        let nim = impartial.nim_value(&UserImpartialPosition::new(&graph, sum)).unwrap();
        assert_eq!(nim, 3 ^ 5 ^ 6);
    }

    #[test]
    fn values_given_by_the_caller_are_used_as_they_are() {
        let graph = GameGraph::new();
        let mut arena = Arena::new();
        let mut solver = Solver::<UserPosition>::new();
        // A region {1 | *} whose options are values.
        let one = graph.push(Node::Value);
        let star = graph.push(Node::Value);
        let g = graph.push(Node::Region { left: vec![one].into(), right: vec![star].into() });
        let one_id = arena.integer(1).unwrap();
        let star_id = arena.nimber(1).unwrap();
        solver.insert_value(UserPosition::new(&graph, one), one_id).unwrap();
        solver.insert_value(UserPosition::new(&graph, star), star_id).unwrap();
        let v = solver.value(&mut arena, &UserPosition::new(&graph, g)).unwrap();
        assert_eq!(v, arena.from_options(&[one_id], &[star_id]).unwrap());
        // The empty sum is 0.
        let zero = graph.push(Node::Sum(Vec::new().into()));
        assert_eq!(
            solver.value(&mut arena, &UserPosition::new(&graph, zero)).unwrap(),
            arena.zero()
        );
    }
}
