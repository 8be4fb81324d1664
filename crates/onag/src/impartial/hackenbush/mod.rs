//! Green Hackenbush on any rooted graph: values in linear time and winning cuts.
//!
//! A position is a multigraph (loops and parallel edges allowed) with one
//! distinguished vertex, the ground. A move cuts one edge; everything no longer
//! connected to the ground disappears. The theory (seed 004, section 五):
//!
//! - a stalk (bamboo) of n edges is *n;
//! - colon principle: branches meeting at a vertex may be replaced by one stalk
//!   whose length is the nim-sum of theirs;
//! - fusion principle: the vertices of any cycle may be fused; the cycle's edges
//!   become loops at the fused vertex, and a loop is worth one leaf edge (*1).
//!
//! So a 2-edge-connected component with k edges and branches worth b_1, b_2, …
//! (each branch = a bridge and what hangs above it) is worth
//! `(k mod 2) ⊕ b_1 ⊕ b_2 ⊕ …`, and a bridge over a part worth v is worth v + 1.
//! [`structure`] computes this in O(V + E) without recursion; [`cuts`] finds the
//! winning cuts; [`parse`] reads edge lists and CGSuite's green strings.

pub mod cuts;
pub mod parse;
pub mod structure;

use rustc_hash::FxHashMap;

use crate::impartial::ImpartialPosition;

pub use cuts::{Cut, CutSearch, Solution, solve};
pub use parse::{parse_edge_list, parse_strings};

/// Marks a vertex not yet renumbered.
const NO_VERTEX: u32 = u32::MAX;

/// The name of the ground vertex in edge lists.
pub const GROUND: &str = "G";

/// One edge of a Hackenbush picture.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Edge {
    /// One endpoint (an index into [`GreenHackenbush::names`]).
    pub from: u32,
    /// The other endpoint; equal to `from` for a loop.
    pub to: u32,
    /// Where the edge was written: the 1-based line of an edge-list file, or the
    /// 1-based number of the string it came from.
    pub line: usize,
}

/// A Green Hackenbush position: a multigraph whose vertex 0 is the ground.
///
/// Invariant: `names` is non-empty, `names[0]` is the ground, and every edge's
/// endpoints are indices into `names`. Edges not connected to the ground may be
/// present (an edge list may contain them); they are not part of the game and
/// every computation ignores them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GreenHackenbush {
    names: Vec<String>,
    edges: Vec<Edge>,
}

impl GreenHackenbush {
    /// A position with vertices `names` (vertex 0 is the ground) and `edges`.
    ///
    /// Fails if `names` is empty or an edge names a vertex that does not exist.
    pub fn new(names: Vec<String>, edges: Vec<Edge>) -> crate::Result<Self> {
        if names.is_empty() {
            return Err(crate::Error::invalid("a Hackenbush position needs a ground vertex"));
        }
        if u32::try_from(names.len()).is_err() || u32::try_from(edges.len()).is_err() {
            return Err(crate::Error::invalid("too many vertices or edges (at most 2^32 - 1)"));
        }
        let n = names.len();
        if let Some(e) = edges.iter().find(|e| e.from as usize >= n || e.to as usize >= n) {
            return Err(crate::Error::invalid(format!(
                "the edge of line {} names a vertex that does not exist",
                e.line
            )));
        }
        Ok(GreenHackenbush { names, edges })
    }

    /// A position from edges between named vertices; the vertex named `G` is the
    /// ground (it need not occur: then no edge is grounded). Each edge gets the
    /// line number of its position in `edges`, 1-based. Meant for programs and
    /// tests; input from users goes through [`parse_edge_list`], which also
    /// enforces the limit of 2^32 − 1 vertices and edges.
    pub fn from_named_edges<'a>(edges: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        let mut names = vec![GROUND.to_string()];
        let mut index: FxHashMap<String, u32> = FxHashMap::default();
        index.insert(GROUND.to_string(), 0);
        let mut out = Vec::new();
        for (i, (a, b)) in edges.into_iter().enumerate() {
            let mut id = |name: &str| {
                *index.entry(name.to_string()).or_insert_with(|| {
                    names.push(name.to_string());
                    (names.len() - 1) as u32
                })
            };
            let (from, to) = (id(a), id(b));
            out.push(Edge { from, to, line: i + 1 });
        }
        GreenHackenbush { names, edges: out }
    }

    /// A stalk (bamboo) of `n` edges standing on the ground: the value *n.
    pub fn stalk(n: usize) -> Self {
        let names: Vec<String> =
            std::iter::once(GROUND.to_string()).chain((1..=n).map(|i| i.to_string())).collect();
        let edges =
            (0..n).map(|i| Edge { from: i as u32, to: (i + 1) as u32, line: i + 1 }).collect();
        GreenHackenbush { names, edges }
    }

    /// The vertex names; index 0 is the ground.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// All edges as given, including any not connected to the ground.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Whether each edge is connected to the ground (is part of the game).
    pub fn grounded_mask(&self) -> Vec<bool> {
        let n = self.names.len();
        let mut adjacency: Vec<Vec<u32>> = vec![Vec::new(); n];
        for e in &self.edges {
            adjacency[e.from as usize].push(e.to);
            adjacency[e.to as usize].push(e.from);
        }
        let mut seen = vec![false; n];
        seen[0] = true;
        let mut stack = vec![0u32];
        while let Some(v) = stack.pop() {
            for &w in &adjacency[v as usize] {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        self.edges.iter().map(|e| seen[e.from as usize]).collect()
    }

    /// The same position without the edges not connected to the ground (vertex
    /// names are kept).
    pub fn grounded(&self) -> Self {
        let mask = self.grounded_mask();
        let edges = self.edges.iter().zip(&mask).filter(|p| *p.1).map(|(e, _)| e.clone()).collect();
        GreenHackenbush { names: self.names.clone(), edges }
    }

    /// The position after cutting edge number `edge` (an index into
    /// [`edges`](Self::edges)), with what falls off removed.
    pub fn cut(&self, edge: usize) -> Self {
        let mut edges = self.edges.clone();
        if edge < edges.len() {
            edges.remove(edge);
        }
        GreenHackenbush { names: self.names.clone(), edges }.grounded()
    }

    /// The Sprague–Grundy value n of this position (*n), in O(V + E).
    pub fn value(&self) -> u64 {
        structure::Structure::build(self, None).value()
    }
}

impl ImpartialPosition for GreenHackenbush {
    /// One option per grounded edge: cut it.
    fn options(&self) -> Vec<Self> {
        let mask = self.grounded_mask();
        (0..self.edges.len()).filter(|&i| mask[i]).map(|i| self.cut(i)).collect()
    }

    /// The grounded pieces: the parts that meet only at the ground. A loop at the
    /// ground is a piece of its own.
    fn split(&self) -> Option<Vec<Self>> {
        let mask = self.grounded_mask();
        let n = self.names.len();
        // Union-find over non-ground vertices joined by non-ground edges.
        let mut parent: Vec<u32> = (0..n as u32).collect();
        let find = |parent: &mut Vec<u32>, mut x: u32| {
            while parent[x as usize] != x {
                let up = parent[parent[x as usize] as usize];
                parent[x as usize] = up;
                x = up;
            }
            x
        };
        for (e, _) in self.edges.iter().zip(&mask).filter(|p| *p.1) {
            if e.from != 0 && e.to != 0 {
                let (a, b) = (find(&mut parent, e.from), find(&mut parent, e.to));
                parent[a as usize] = b;
            }
        }
        let mut piece_of: FxHashMap<u64, usize> = FxHashMap::default();
        let mut pieces: Vec<Vec<Edge>> = Vec::new();
        for (i, (e, _)) in self.edges.iter().zip(&mask).enumerate().filter(|p| *p.1.1) {
            let key = if e.from == 0 && e.to == 0 {
                u64::from(u32::MAX) + 1 + i as u64
            } else {
                u64::from(find(&mut parent, if e.from == 0 { e.to } else { e.from }))
            };
            let p = *piece_of.entry(key).or_insert_with(|| {
                pieces.push(Vec::new());
                pieces.len() - 1
            });
            pieces[p].push(e.clone());
        }
        if pieces.len() < 2 {
            return None;
        }
        // Each piece keeps only its own vertices (the ground stays vertex 0).
        // Pieces share no vertex but the ground, so one renumbering table serves all.
        let mut local = vec![NO_VERTEX; n];
        let parts = pieces
            .into_iter()
            .map(|mut edges| {
                let mut names = vec![self.names[0].clone()];
                local[0] = 0;
                for e in &mut edges {
                    for end in [&mut e.from, &mut e.to] {
                        let v = *end as usize;
                        if local[v] == NO_VERTEX {
                            local[v] = names.len() as u32;
                            names.push(self.names[v].clone());
                        }
                        *end = local[v];
                    }
                }
                GreenHackenbush { names, edges }
            })
            .collect();
        Some(parts)
    }
}
