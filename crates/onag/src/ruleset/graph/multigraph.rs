//! Labelled multigraphs exactly as CGSuite's graph rulesets hold them.
//!
//! CGSuite prints a position by walking each vertex's adjacency list in
//! order, and a move (delete an edge, delete vertices, keep a component)
//! keeps the surviving entries in their order and renumbers the surviving
//! vertices in increasing order. A [`Graph`] therefore stores, per vertex,
//! its label and its ordered list of half-edges, and every operation here
//! reproduces CGSuite's (`Graph.scala`) order. An undirected edge `u–w` is two
//! half-edges, one in each list; a loop is a single entry.
//!
//! The storage is flat (three vectors) so that a position is cheap to clone
//! and hash: the solver keys its table by positions. Vertices are numbered
//! from 0 (CGSuite numbers from 1), at most [`MAX_VERTICES`] of them.

use std::fmt;

use crate::error::{Error, Result};

/// The most vertices a graph may have (vertex numbers are bytes).
pub const MAX_VERTICES: usize = 255;

/// The most half-edges (adjacency entries) a graph may have.
pub const MAX_HALF_EDGES: usize = u16::MAX as usize;

/// One adjacency entry: the vertex at the other end and the edge's label.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Half {
    /// The other endpoint (the vertex itself for a loop).
    pub to: u8,
    /// The edge's label (what a label means is the ruleset's business).
    pub label: u8,
}

/// A multigraph with labelled vertices and labelled edges, loops and
/// parallel edges allowed, each vertex's edges in order.
///
/// Invariant: every edge `u–w` with `u ≠ w` appears once in `u`'s list and
/// once in `w`'s list with the same label; a loop appears once.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Graph {
    labels: Vec<u8>,
    /// `ends[v]` is where vertex v's entries end in `adj`.
    ends: Vec<u16>,
    adj: Vec<Half>,
}

impl fmt::Debug for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Graph[")?;
        for v in 0..self.vertex_count() {
            if v > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{v}:{}", self.labels[v])?;
            for h in self.neighbours(v) {
                write!(f, " {}/{}", h.to, h.label)?;
            }
        }
        f.write_str("]")
    }
}

/// Builds a [`Graph`] vertex by vertex and edge by edge.
#[derive(Debug, Clone, Default)]
pub struct GraphBuilder {
    labels: Vec<u8>,
    lists: Vec<Vec<Half>>,
}

impl GraphBuilder {
    /// No vertices yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many vertices so far.
    pub fn vertex_count(&self) -> usize {
        self.labels.len()
    }

    /// The labels of the vertices so far.
    pub fn labels(&self) -> &[u8] {
        &self.labels
    }

    /// Adds a vertex with `label`; its number, or an error past
    /// [`MAX_VERTICES`].
    pub fn add_vertex(&mut self, label: u8) -> Result<u8> {
        if self.labels.len() >= MAX_VERTICES {
            return Err(too_many_vertices());
        }
        self.labels.push(label);
        self.lists.push(Vec::new());
        Ok((self.labels.len() - 1) as u8)
    }

    /// Adds the edge `a–b` with `label` at the end of both lists (once for
    /// a loop); an error if either vertex does not exist.
    pub fn add_edge(&mut self, a: u8, b: u8, label: u8) -> Result<()> {
        let n = self.labels.len();
        if a as usize >= n || b as usize >= n {
            return Err(Error::invalid(format!(
                "the edge {a}–{b} names a vertex that does not exist (there are {n})"
            )));
        }
        self.lists[a as usize].push(Half { to: b, label });
        if a != b {
            self.lists[b as usize].push(Half { to: a, label });
        }
        Ok(())
    }

    /// The graph, or an error past [`MAX_HALF_EDGES`].
    pub fn build(self) -> Result<Graph> {
        let total: usize = self.lists.iter().map(Vec::len).sum();
        if total > MAX_HALF_EDGES {
            return Err(Error::invalid(format!(
                "a graph may have at most {} edges",
                MAX_HALF_EDGES / 2
            )));
        }
        let mut g = Graph {
            labels: self.labels,
            ends: Vec::with_capacity(self.lists.len()),
            adj: Vec::with_capacity(total),
        };
        for list in self.lists {
            g.adj.extend(list);
            g.ends.push(g.adj.len() as u16);
        }
        Ok(g)
    }
}

fn too_many_vertices() -> Error {
    Error::invalid(format!("a graph may have at most {MAX_VERTICES} vertices"))
}

impl Graph {
    /// The graph with no vertices.
    pub fn empty() -> Self {
        Self::default()
    }

    /// Assembles a graph from labels and adjacency lists whose sizes are
    /// already known to fit (internal: every caller derives them from a
    /// graph of at least that size).
    fn from_lists(labels: Vec<u8>, lists: impl IntoIterator<Item = Vec<Half>>) -> Graph {
        let mut g = Graph { ends: Vec::with_capacity(labels.len()), labels, adj: Vec::new() };
        for list in lists {
            g.adj.extend(list);
            g.ends.push(g.adj.len() as u16);
        }
        g
    }

    /// CGSuite's `Graph.Path(n)`: vertices 1..n in a row (`"----"` for 5),
    /// unlabelled.
    pub fn path(n: usize) -> Result<Graph> {
        let mut b = GraphBuilder::new();
        for _ in 0..n {
            b.add_vertex(0)?;
        }
        for v in 1..n {
            b.add_edge((v - 1) as u8, v as u8, 0)?;
        }
        b.build()
    }

    /// CGSuite's `Graph.Cycle(n)` (`":A-----:A"` for 5; a loop for 1).
    pub fn cycle(n: usize) -> Result<Graph> {
        if n == 0 {
            return Ok(Graph::empty());
        }
        if n > MAX_VERTICES {
            return Err(too_many_vertices());
        }
        // CGSuite lists vertex v's edges as [v - 1, v + 1], cyclically.
        let lists = (0..n).map(|v| {
            if n == 1 {
                return vec![Half { to: 0, label: 0 }];
            }
            let prev = if v == 0 { n - 1 } else { v - 1 };
            let next = if v == n - 1 { 0 } else { v + 1 };
            vec![Half { to: prev as u8, label: 0 }, Half { to: next as u8, label: 0 }]
        });
        Ok(Graph::from_lists(vec![0; n], lists))
    }

    /// CGSuite's `Graph.Star(n)`: vertex 1 joined to n − 1 leaves
    /// (`"(-;-;-;-)"` for 5).
    pub fn star(n: usize) -> Result<Graph> {
        let mut b = GraphBuilder::new();
        for _ in 0..n {
            b.add_vertex(0)?;
        }
        for v in 1..n {
            b.add_edge(0, v as u8, 0)?;
        }
        b.build()
    }

    /// CGSuite's `Graph.Clique(n)`: every two vertices joined.
    pub fn clique(n: usize) -> Result<Graph> {
        if n > MAX_VERTICES {
            return Err(too_many_vertices());
        }
        let lists = (0..n)
            .map(|v| (0..n).filter(|&w| w != v).map(|w| Half { to: w as u8, label: 0 }).collect());
        // 255 · 254 half-edges fit in MAX_HALF_EDGES.
        Ok(Graph::from_lists(vec![0; n], lists))
    }

    /// How many vertices.
    pub fn vertex_count(&self) -> usize {
        self.labels.len()
    }

    /// Whether there are no vertices.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The label of vertex `v` (`v` must be a vertex, as for slice indexing).
    pub fn label(&self, v: usize) -> u8 {
        self.labels[v]
    }

    /// Every vertex's label, in order.
    pub fn labels(&self) -> &[u8] {
        &self.labels
    }

    /// Vertex `v`'s adjacency list, in order (`v` must be a vertex).
    pub fn neighbours(&self, v: usize) -> &[Half] {
        let start = if v == 0 { 0 } else { self.ends[v - 1] as usize };
        &self.adj[start..self.ends[v] as usize]
    }

    /// How many edges (a loop counts once), as CGSuite's `EdgeCount`.
    pub fn edge_count(&self) -> usize {
        (0..self.vertex_count())
            .map(|v| self.neighbours(v).iter().filter(|h| v <= h.to as usize).count())
            .sum()
    }

    /// Every edge once, as CGSuite's `Edges`: vertices in order, each
    /// vertex's entries in order, keeping those whose other end is not
    /// smaller. Items are (from, entry).
    pub fn edges(&self) -> impl Iterator<Item = (u8, Half)> + '_ {
        (0..self.vertex_count()).flat_map(move |v| {
            self.neighbours(v)
                .iter()
                .filter(move |h| v <= h.to as usize)
                .map(move |h| (v as u8, *h))
        })
    }

    /// The vertices connected to `from` (itself included), as a mask.
    pub fn reach(&self, from: usize) -> Vec<bool> {
        let mut seen = vec![false; self.vertex_count()];
        if from >= seen.len() {
            return seen;
        }
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(v) = stack.pop() {
            for h in self.neighbours(v) {
                let w = h.to as usize;
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        seen
    }

    /// Whether every vertex is connected to every other (true when empty).
    pub fn is_connected(&self) -> bool {
        self.is_empty() || self.reach(0).iter().all(|&s| s)
    }

    /// Each vertex's component number; components are numbered in order of
    /// their smallest vertex. Also returns how many there are.
    pub fn component_ids(&self) -> (Vec<u8>, usize) {
        let n = self.vertex_count();
        let mut id = vec![u8::MAX; n];
        let mut count = 0usize;
        let mut stack = Vec::new();
        for s in 0..n {
            if id[s] != u8::MAX {
                continue;
            }
            id[s] = count as u8;
            stack.push(s);
            while let Some(v) = stack.pop() {
                for h in self.neighbours(v) {
                    let w = h.to as usize;
                    if id[w] == u8::MAX {
                        id[w] = count as u8;
                        stack.push(w);
                    }
                }
            }
            count += 1;
        }
        (id, count)
    }

    /// CGSuite's `RetainVertices`: the vertices marked in `keep`, renumbered
    /// in increasing order, with the entries between them kept in order.
    pub fn retain(&self, keep: &[bool]) -> Graph {
        self.retain_relabelled(keep, &self.labels)
    }

    /// [`retain`](Self::retain), the kept vertices taking their labels from
    /// `labels` (one per vertex of this graph) instead.
    pub fn retain_relabelled(&self, keep: &[bool], labels_now: &[u8]) -> Graph {
        let mut map = vec![u8::MAX; self.vertex_count()];
        let mut labels = Vec::new();
        for (v, &k) in keep.iter().enumerate().take(self.vertex_count()) {
            if k {
                map[v] = labels.len() as u8;
                labels.push(labels_now[v]);
            }
        }
        let mut g = Graph { ends: Vec::with_capacity(labels.len()), labels, adj: Vec::new() };
        for v in 0..self.vertex_count() {
            if map[v] == u8::MAX {
                continue;
            }
            for h in self.neighbours(v) {
                let to = map[h.to as usize];
                if to != u8::MAX {
                    g.adj.push(Half { to, label: h.label });
                }
            }
            g.ends.push(g.adj.len() as u16);
        }
        g
    }

    /// CGSuite's `ConnectedComponent(v)`: the component of `v`, renumbered.
    pub fn connected_component(&self, v: usize) -> Graph {
        let keep = self.reach(v);
        if keep.iter().all(|&k| k) {
            return self.clone();
        }
        self.retain(&keep)
    }

    /// CGSuite's `ConnectedComponents`: each component, renumbered, in order
    /// of its smallest vertex.
    pub fn connected_components(&self) -> Vec<Graph> {
        let (id, count) = self.component_ids();
        if count == 1 {
            return vec![self.clone()];
        }
        (0..count)
            .map(|c| self.retain(&id.iter().map(|&i| i as usize == c).collect::<Vec<_>>()))
            .collect()
    }

    /// The parts of a simplified copy, for splitting a position into
    /// regions: edges failing `keep_edge` are dropped, parallel edges (and
    /// repeated loops) become one edge whose label folds theirs with
    /// `merge`, a vertex with no edge left is kept only if `keep_vertex`
    /// says so, and the result is cut into connected components (vertices
    /// and edges in their original order).
    pub fn simplified_components(
        &self,
        keep_edge: impl Fn(u8, Half) -> bool,
        merge: impl Fn(u8, u8) -> u8,
        keep_vertex: impl Fn(usize) -> bool,
    ) -> Vec<Graph> {
        let n = self.vertex_count();
        // The kept edges, parallel ones merged (sorted by endpoints).
        let mut kept: Vec<(u8, u8, u8)> = self
            .edges()
            .filter(|&(a, h)| keep_edge(a, h))
            .map(|(a, h)| (a, h.to, h.label))
            .collect();
        kept.sort_by_key(|&(a, b, _)| (a, b));
        let mut w = 0;
        for i in 0..kept.len() {
            if w > 0 && (kept[w - 1].0, kept[w - 1].1) == (kept[i].0, kept[i].1) {
                kept[w - 1].2 = merge(kept[w - 1].2, kept[i].2);
            } else {
                kept[w] = kept[i];
                w += 1;
            }
        }
        kept.truncate(w);
        // Adjacency of the kept edges, flat.
        let mut first = vec![0usize; n + 1];
        for &(a, b, _) in &kept {
            first[a as usize + 1] += 1;
            if a != b {
                first[b as usize + 1] += 1;
            }
        }
        for v in 0..n {
            first[v + 1] += first[v];
        }
        let mut fill = first.clone();
        let mut flat = vec![Half { to: 0, label: 0 }; first[n]];
        for &(a, b, label) in &kept {
            flat[fill[a as usize]] = Half { to: b, label };
            fill[a as usize] += 1;
            if a != b {
                flat[fill[b as usize]] = Half { to: a, label };
                fill[b as usize] += 1;
            }
        }
        let list = |v: usize| &flat[first[v]..first[v + 1]];
        let mut component = vec![usize::MAX; n];
        let mut count = 0;
        let mut stack = Vec::new();
        for s in 0..n {
            if component[s] != usize::MAX || (list(s).is_empty() && !keep_vertex(s)) {
                continue;
            }
            component[s] = count;
            stack.push(s);
            while let Some(v) = stack.pop() {
                for h in list(v) {
                    let w = h.to as usize;
                    if component[w] == usize::MAX {
                        component[w] = count;
                        stack.push(w);
                    }
                }
            }
            count += 1;
        }
        let mut out = Vec::with_capacity(count);
        let mut map = vec![0u8; n];
        let mut members = Vec::with_capacity(n);
        for c in 0..count {
            members.clear();
            members.extend((0..n).filter(|&v| component[v] == c));
            for (i, &v) in members.iter().enumerate() {
                map[v] = i as u8;
            }
            let mut g = Graph {
                labels: members.iter().map(|&v| self.labels[v]).collect(),
                ends: Vec::with_capacity(members.len()),
                adj: Vec::new(),
            };
            for &v in &members {
                g.adj.extend(
                    list(v).iter().map(|h| Half { to: map[h.to as usize], label: h.label }),
                );
                g.ends.push(g.adj.len() as u16);
            }
            out.push(g);
        }
        out
    }

    /// CGSuite's `DeleteEdge` on an undirected graph: removes the first entry
    /// `to` with `label` from `from`'s list and, unless it is a loop, the
    /// first entry `from` with `label` from `to`'s list. Vertices stay.
    pub fn delete_edge(&self, from: u8, edge: Half) -> Graph {
        let mut g = Graph {
            labels: self.labels.clone(),
            ends: Vec::with_capacity(self.ends.len()),
            adj: Vec::with_capacity(self.adj.len()),
        };
        for v in 0..self.vertex_count() {
            let target = if v == from as usize {
                Some(edge)
            } else if v == edge.to as usize && edge.to != from {
                Some(Half { to: from, label: edge.label })
            } else {
                None
            };
            let mut pending = target;
            for h in self.neighbours(v) {
                if pending == Some(*h) {
                    pending = None;
                    continue;
                }
                g.adj.push(*h);
            }
            g.ends.push(g.adj.len() as u16);
        }
        g
    }

    /// CGSuite's `DeleteVertices`: every vertex but those listed, renumbered.
    pub fn delete_vertices(&self, gone: &[u8]) -> Graph {
        let mut keep = vec![true; self.vertex_count()];
        for &v in gone {
            if let Some(k) = keep.get_mut(v as usize) {
                *k = false;
            }
        }
        self.retain(&keep)
    }

    /// The same graph with vertex `v` (which must exist) labelled `label`.
    pub fn with_label(mut self, v: usize, label: u8) -> Graph {
        self.labels[v] = label;
        self
    }

    /// The same graph with every vertex label mapped through `f`.
    pub fn map_vertex_labels(&self, f: impl Fn(u8) -> u8) -> Graph {
        Graph {
            labels: self.labels.iter().map(|&l| f(l)).collect(),
            ends: self.ends.clone(),
            adj: self.adj.clone(),
        }
    }

    /// The same graph with every edge label mapped through `f`.
    pub fn map_edge_labels(&self, f: impl Fn(u8) -> u8) -> Graph {
        Graph {
            labels: self.labels.clone(),
            ends: self.ends.clone(),
            adj: self.adj.iter().map(|h| Half { to: h.to, label: f(h.label) }).collect(),
        }
    }

    /// The graph with vertex `order[i]` renumbered `i` (`order` is a
    /// permutation of the vertices) and each adjacency list sorted: the form
    /// a canonical labelling produces.
    pub fn permuted(&self, order: &[u8]) -> Graph {
        let n = self.vertex_count();
        let mut place = vec![0u8; n];
        for (i, &v) in order.iter().enumerate() {
            place[v as usize] = i as u8;
        }
        let mut g = Graph {
            labels: order.iter().map(|&v| self.labels[v as usize]).collect(),
            ends: Vec::with_capacity(n),
            adj: Vec::with_capacity(self.adj.len()),
        };
        for &v in order {
            let start = g.adj.len();
            g.adj.extend(
                self.neighbours(v as usize)
                    .iter()
                    .map(|h| Half { to: place[h.to as usize], label: h.label }),
            );
            g.adj[start..].sort_unstable();
            g.ends.push(g.adj.len() as u16);
        }
        g
    }

    /// Bytes on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.labels.capacity() + 2 * self.ends.capacity() + 2 * self.adj.capacity()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(g: &Graph, v: usize) -> Vec<u8> {
        g.neighbours(v).iter().map(|h| h.to).collect()
    }

    #[test]
    fn shapes_have_cgsuite_adjacency() {
        let p = Graph::path(5).unwrap();
        assert_eq!(pairs(&p, 1), [0, 2]);
        assert_eq!(p.edge_count(), 4);
        let c = Graph::cycle(5).unwrap();
        assert_eq!(pairs(&c, 0), [4, 1]);
        assert_eq!(c.edges().next().map(|(f, h)| (f, h.to)), Some((0, 4)));
        assert_eq!(Graph::cycle(1).unwrap().edge_count(), 1);
        assert_eq!(Graph::clique(5).unwrap().edge_count(), 10);
        assert_eq!(Graph::star(5).unwrap().edge_count(), 4);
    }

    #[test]
    fn deleting_an_edge_removes_both_entries_once() {
        let mut b = GraphBuilder::new();
        let a = b.add_vertex(0).unwrap();
        let c = b.add_vertex(0).unwrap();
        b.add_edge(a, c, 1).unwrap();
        b.add_edge(a, c, 1).unwrap();
        b.add_edge(a, a, 2).unwrap();
        assert!(b.add_edge(a, 7, 0).is_err());
        let g = b.build().unwrap();
        assert_eq!(g.edge_count(), 3);
        let h = g.delete_edge(0, Half { to: 1, label: 1 });
        assert_eq!(h.edge_count(), 2);
        let h = h.delete_edge(0, Half { to: 0, label: 2 });
        assert_eq!(h.edge_count(), 1);
        assert!(h.is_connected());
    }

    #[test]
    fn retain_renumbers_in_order() {
        let p = Graph::path(5).unwrap();
        let q = p.delete_vertices(&[1]);
        assert_eq!(q.vertex_count(), 4);
        assert_eq!(q.connected_components().len(), 2);
        assert_eq!(pairs(&q, 1), [2]);
    }
}
