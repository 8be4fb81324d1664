//! Canonical labelling of small graphs: one representative per isomorphism
//! class, so that the solver values isomorphic regions once.
//!
//! [`canonical`] renumbers a graph's vertices (keeping a given root, the
//! Hackenbush ground, as vertex 0) and sorts every adjacency list. Trees get
//! the exact AHU ranking: level by level from the leaves, subtrees are ranked
//! by their root's label and their children's sorted (edge label, rank)
//! pairs, and the vertices are numbered in a preorder that visits children
//! in rank order (an unrooted tree hangs from its centre, or from its two
//! centres, the smaller ranked first). Other graphs go through
//! colour refinement (a vertex's colour is its label; colours are refined by
//! the sorted colours and edge labels of neighbours until stable) and, while
//! a colour class has several vertices, individualisation of each of its
//! vertices in turn, keeping the smallest graph found. Two vertices with the
//! same neighbours (twins: swapping them is an automorphism) are only tried
//! once. The search stops after [`LEAF_LIMIT`] complete labellings: the best
//! graph so far is still an isomorphic copy, so the result is always a valid
//! representative, only perhaps not the unique one for very symmetric graphs.

use super::multigraph::Graph;

/// Complete labellings tried before settling for the best so far.
pub const LEAF_LIMIT: usize = 256;

/// `graph` renumbered into its canonical form (see the module
/// documentation); `root`, if given, becomes vertex 0.
pub fn canonical(graph: &Graph, root: Option<u8>) -> Graph {
    let n = graph.vertex_count();
    if n <= 1 {
        return graph.permuted(&[0][..n]);
    }
    if graph.edge_count() == n - 1 && graph.is_connected() {
        return tree(graph, root);
    }
    general(graph, root)
}

/// The canonical form of a tree, rooted at `root` or at its centre(s).
fn tree(graph: &Graph, root: Option<u8>) -> Graph {
    let roots = match root {
        Some(r) => vec![r],
        None => centres(graph),
    };
    graph.permuted(&tree_order(graph, &roots))
}

/// The one or two centres of a tree (by peeling leaves).
fn centres(graph: &Graph) -> Vec<u8> {
    let n = graph.vertex_count();
    let mut degree: Vec<usize> = (0..n).map(|v| graph.neighbours(v).len()).collect();
    let mut layer: Vec<usize> = (0..n).filter(|&v| degree[v] <= 1).collect();
    let mut left = n;
    while left > 2 {
        left -= layer.len();
        let mut next = Vec::new();
        for &v in &layer {
            for h in graph.neighbours(v) {
                let w = h.to as usize;
                degree[w] -= 1;
                if degree[w] == 1 {
                    next.push(w);
                }
            }
        }
        layer = next;
    }
    layer.into_iter().map(|v| v as u8).collect()
}

/// The canonical preorder of a tree hanging from `roots`: one root, or two
/// adjacent centres (both at depth 0, the edge between them left out).
///
/// AHU by levels: from the deepest level up, each vertex's signature is its
/// label followed by its children's sorted (edge label, rank) pairs, and
/// the vertices of a level are ranked by signature; equal ranks are
/// isomorphic subtrees. The preorder visits the roots and then every
/// vertex's children in (edge label, rank) order, so isomorphic trees get
/// the same numbering up to exchanging isomorphic subtrees.
fn tree_order(graph: &Graph, roots: &[u8]) -> Vec<u8> {
    let n = graph.vertex_count();
    let mut parent = vec![u8::MAX; n];
    let mut depth = vec![0u32; n];
    let mut bfs: Vec<u8> = roots.to_vec();
    for &r in roots {
        parent[r as usize] = r;
    }
    let mut i = 0;
    while i < bfs.len() {
        let v = bfs[i] as usize;
        i += 1;
        for h in graph.neighbours(v) {
            let w = h.to as usize;
            if parent[w] == u8::MAX {
                parent[w] = v as u8;
                depth[w] = depth[v] + 1;
                bfs.push(h.to);
            }
        }
    }
    let is_child = |v: usize, w: usize| parent[w] as usize == v && !roots.contains(&(w as u8));
    // Ranks, level by level from the bottom; the BFS order is by depth.
    let mut rank = vec![0u32; n];
    let mut sigs: Vec<u32> = Vec::with_capacity(2 * n);
    let mut start: Vec<usize> = Vec::with_capacity(n + 1);
    let mut level_end = bfs.len();
    while level_end > 0 {
        let d = depth[bfs[level_end - 1] as usize];
        let mut level_start = level_end;
        while level_start > 0 && depth[bfs[level_start - 1] as usize] == d {
            level_start -= 1;
        }
        let level = &bfs[level_start..level_end];
        sigs.clear();
        start.clear();
        for &v in level {
            let v = v as usize;
            start.push(sigs.len());
            sigs.push(u32::from(graph.label(v)));
            let from = sigs.len();
            for h in graph.neighbours(v) {
                if is_child(v, h.to as usize) {
                    sigs.push((u32::from(h.label) << 8) | rank[h.to as usize]);
                }
            }
            sigs[from..].sort_unstable();
        }
        start.push(sigs.len());
        let sig = |k: usize| &sigs[start[k]..start[k + 1]];
        let mut by_sig: Vec<usize> = (0..level.len()).collect();
        by_sig.sort_unstable_by(|&a, &b| sig(a).cmp(sig(b)));
        let mut r = 0u32;
        for (k, &j) in by_sig.iter().enumerate() {
            if k > 0 && sig(j) != sig(by_sig[k - 1]) {
                r += 1;
            }
            rank[level[j] as usize] = r;
        }
        level_end = level_start;
    }
    // Every vertex's children, sorted by (parent, edge label, rank).
    let mut kids: Vec<(u8, u32, u8)> = Vec::with_capacity(n);
    for v in 0..n {
        for h in graph.neighbours(v) {
            if is_child(v, h.to as usize) {
                kids.push((v as u8, (u32::from(h.label) << 8) | rank[h.to as usize], h.to));
            }
        }
    }
    kids.sort_unstable();
    let mut first = vec![0usize; n + 1];
    for &(p, _, _) in &kids {
        first[p as usize + 1] += 1;
    }
    for v in 0..n {
        first[v + 1] += first[v];
    }
    let mut top: Vec<u8> = roots.to_vec();
    top.sort_by_key(|&r| rank[r as usize]);
    let mut order = Vec::with_capacity(n);
    let mut stack: Vec<u8> = top.into_iter().rev().collect();
    while let Some(v) = stack.pop() {
        order.push(v);
        let v = v as usize;
        for &(_, _, c) in kids[first[v]..first[v + 1]].iter().rev() {
            stack.push(c);
        }
    }
    order
}

/// Refines `colours` (dense ranks) until stable; returns the number of
/// colours. A vertex's new colour ranks its old colour followed by the
/// sorted (neighbour colour, edge label) pairs of its entries.
fn refine(graph: &Graph, colours: &mut [u32]) -> usize {
    let n = colours.len();
    let mut count = distinct(colours);
    // Each vertex's signature, flat: sigs[start[v]..start[v + 1]].
    let mut sigs: Vec<u32> = Vec::with_capacity(n + 2 * graph.edge_count() + 2);
    let mut start: Vec<usize> = Vec::with_capacity(n + 1);
    let mut order: Vec<usize> = (0..n).collect();
    while count < n {
        sigs.clear();
        start.clear();
        for (v, &c) in colours.iter().enumerate() {
            start.push(sigs.len());
            sigs.push(c);
            let from = sigs.len();
            sigs.extend(
                graph.neighbours(v).iter().map(|h| (colours[h.to as usize] << 8) | h.label as u32),
            );
            sigs[from..].sort_unstable();
        }
        start.push(sigs.len());
        let sig = |v: usize| &sigs[start[v]..start[v + 1]];
        order.sort_unstable_by(|&a, &b| sig(a).cmp(sig(b)));
        let mut rank = 0u32;
        let mut next = vec![0u32; n];
        for i in 0..n {
            if i > 0 && sig(order[i]) != sig(order[i - 1]) {
                rank += 1;
            }
            next[order[i]] = rank;
        }
        colours.copy_from_slice(&next);
        let new_count = rank as usize + 1;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    count
}

/// The number of colours of dense ranks 0..k.
fn distinct(colours: &[u32]) -> usize {
    colours.iter().max().map_or(0, |&m| m as usize + 1)
}

/// The search over individualisations.
struct Search<'a> {
    graph: &'a Graph,
    /// Each vertex's twin class (the smallest twin), computed when first needed.
    twins: Option<Vec<u8>>,
    best: Option<Graph>,
    leaves: usize,
}

impl Search<'_> {
    fn twins(&mut self) -> &[u8] {
        let graph = self.graph;
        self.twins.get_or_insert_with(|| twin_classes(graph))
    }

    /// Explores the labellings below `colours`, depth first; the depth is at
    /// most the number of vertices.
    fn run(&mut self, mut colours: Vec<u32>) {
        if self.leaves >= LEAF_LIMIT {
            return;
        }
        let n = colours.len();
        let count = refine(self.graph, &mut colours);
        if count == n {
            let mut order = vec![0u8; n];
            for (v, &c) in colours.iter().enumerate() {
                order[c as usize] = v as u8;
            }
            let g = self.graph.permuted(&order);
            if self.best.as_ref().is_none_or(|b| g < *b) {
                self.best = Some(g);
            }
            self.leaves += 1;
            return;
        }
        // The first colour class with several vertices.
        let mut size = vec![0usize; count];
        for &c in &colours {
            size[c as usize] += 1;
        }
        let Some(target) = size.iter().position(|&s| s > 1) else { return };
        let target = target as u32;
        let members: Vec<usize> = (0..n).filter(|&v| colours[v] == target).collect();
        let mut tried: Vec<u8> = Vec::new();
        for &u in &members {
            let class = self.twins()[u];
            if tried.contains(&class) {
                continue;
            }
            tried.push(class);
            let next: Vec<u32> = colours
                .iter()
                .enumerate()
                .map(|(v, &c)| if c > target || (c == target && v != u) { c + 1 } else { c })
                .collect();
            self.run(next);
            if self.leaves >= LEAF_LIMIT {
                return;
            }
        }
    }
}

/// Each vertex's twin class: vertices u, w with equal labels whose entries
/// agree once u and w are exchanged (so exchanging them is an automorphism)
/// share the class of the smallest of them.
fn twin_classes(graph: &Graph) -> Vec<u8> {
    let n = graph.vertex_count();
    let mut class: Vec<u8> = (0..n as u8).collect();
    let mapped = |v: usize, a: u8, b: u8| {
        let mut s: Vec<(u8, u8)> = graph
            .neighbours(v)
            .iter()
            .map(|h| {
                let t = if h.to == a {
                    b
                } else if h.to == b {
                    a
                } else {
                    h.to
                };
                (t, h.label)
            })
            .collect();
        s.sort_unstable();
        s
    };
    for w in 1..n {
        for u in 0..w {
            if class[u] as usize != u || graph.label(u) != graph.label(w) {
                continue;
            }
            if graph.neighbours(u).len() != graph.neighbours(w).len() {
                continue;
            }
            let (a, b) = (u as u8, w as u8);
            let mut nw: Vec<(u8, u8)> =
                graph.neighbours(w).iter().map(|h| (h.to, h.label)).collect();
            nw.sort_unstable();
            if mapped(u, a, b) == nw {
                class[w] = u as u8;
                break;
            }
        }
    }
    class
}

/// Refinement and individualisation for graphs that are not trees.
fn general(graph: &Graph, root: Option<u8>) -> Graph {
    let n = graph.vertex_count();
    // Initial colours: the root first, then by label.
    let key = |v: usize| (root != Some(v as u8), graph.label(v));
    let mut keys: Vec<(bool, u8)> = (0..n).map(key).collect();
    keys.sort_unstable();
    keys.dedup();
    let colours: Vec<u32> =
        (0..n).map(|v| keys.binary_search(&key(v)).unwrap_or(0) as u32).collect();
    let mut search = Search { graph, twins: None, best: None, leaves: 0 };
    search.run(colours);
    match search.best {
        Some(g) => g,
        None => graph.permuted(&(0..n as u8).collect::<Vec<_>>()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::graph::notation::{PLAIN, parse};

    fn canon(text: &str) -> Graph {
        canonical(&parse(text, PLAIN).unwrap(), None)
    }

    #[test]
    fn isomorphic_graphs_meet() {
        assert_eq!(canon("----"), canon(":A-;:A---"));
        assert_ne!(canon("----"), canon("-(-;--)"));
        assert_ne!(canon("----"), canon("(-;-;-;-)"));
        assert_eq!(canon(":A-----:A"), canon(":X--:Y;:X---:Y"));
        assert_ne!(canon(":A-----:A"), canon("-:B----:B"));
        assert_eq!(
            canon(":A-:B-:C(-:A;-(-:A;-:B;-(-:A;-:B;-:C)))"),
            canonical(&Graph::clique(5).unwrap(), None)
        );
        assert_eq!(canon("-:A(-;--:A)"), canon(":A(-;-;-:B-:A)"));
    }

    #[test]
    fn a_root_stays_first() {
        let g = parse("--(-;-)", PLAIN).unwrap();
        let c = canonical(&g, Some(0));
        assert_eq!(c.neighbours(0).len(), 1);
        let c = canonical(&g, Some(2));
        assert_eq!(c.neighbours(0).len(), 3);
    }
}
