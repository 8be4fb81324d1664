//! The linear-time solver: bridges, 2-edge-connected components, fusion, colon.
//!
//! One iterative depth-first search from the ground (an explicit stack, so a
//! path of millions of edges is fine) finds the grounded part, a DFS tree,
//! low-links and hence the bridges. Cutting the tree at the bridges leaves the
//! 2-edge-connected components ("comps"); each is a connected subtree of the DFS
//! tree whose top vertex is its root. Comps are numbered in preorder of their
//! roots, so a comp's parent comp has a smaller number.
//!
//! Value (fusion + colon principles): a comp with k non-bridge edges fuses to
//! one vertex carrying k loops, worth k mod 2; each child comp c hangs from it
//! through its bridge, a branch worth g(c) + 1; so
//! `g(comp) = (k mod 2) ⊕ (⊕ over child comps c of (g(c) + 1))` and the
//! position's value is g of the ground's comp. Values never exceed the number of
//! edges, so `u64` arithmetic cannot overflow.

use super::GreenHackenbush;

/// Marks "no vertex / no edge" in the index arrays.
pub const NONE: u32 = u32::MAX;

/// The bridge/component decomposition of the grounded part of a position.
///
/// Vertices are indexed as in the position; unreached vertices have
/// `tin == NONE`. Edge arrays are indexed as the position's edges.
#[derive(Debug, Clone)]
pub struct Structure {
    /// Preorder index of each vertex (`NONE` if not connected to the ground).
    pub tin: Vec<u32>,
    /// The largest preorder index in each vertex's DFS subtree.
    pub tout: Vec<u32>,
    /// The vertices in preorder; `order[0]` is the ground.
    pub order: Vec<u32>,
    /// The DFS tree edge into each vertex (`NONE` for the ground and unreached).
    pub parent_edge: Vec<u32>,
    /// The DFS parent of each vertex (`NONE` for the ground and unreached).
    pub parent: Vec<u32>,
    /// Whether each edge is part of the game (grounded and not excluded).
    pub active: Vec<bool>,
    /// Whether each edge is a bridge.
    pub bridge: Vec<bool>,
    /// The comp of each reached vertex.
    pub comp: Vec<u32>,
    /// The root (top vertex) of each comp; comp 0's root is the ground.
    pub comp_root: Vec<u32>,
    /// The parent comp of each comp (`NONE` for comp 0).
    pub comp_parent: Vec<u32>,
    /// The bridge from each comp down to its parent comp (`NONE` for comp 0).
    pub comp_bridge: Vec<u32>,
    /// The number of non-bridge edges inside each comp.
    pub comp_edges: Vec<u64>,
    /// Per vertex: the nim-sum of the branches hanging from it through bridges.
    pub hang: Vec<u64>,
    /// The value g of each comp together with everything above it.
    pub g: Vec<u64>,
}

impl Structure {
    /// Decomposes `game`, ignoring edge number `excluded` if given (the position
    /// after cutting it, before what falls off is removed).
    pub fn build(game: &GreenHackenbush, excluded: Option<usize>) -> Self {
        let n = game.names().len();
        let edges = game.edges();
        let m = edges.len();
        // Compressed adjacency: (neighbour, edge) pairs; a loop is listed once.
        let mut start = vec![0u32; n + 1];
        for (i, e) in edges.iter().enumerate() {
            if Some(i) == excluded {
                continue;
            }
            start[e.from as usize + 1] += 1;
            if e.to != e.from {
                start[e.to as usize + 1] += 1;
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut adjacency = vec![(0u32, 0u32); start[n] as usize];
        for (i, e) in edges.iter().enumerate() {
            if Some(i) == excluded {
                continue;
            }
            adjacency[fill[e.from as usize] as usize] = (e.to, i as u32);
            fill[e.from as usize] += 1;
            if e.to != e.from {
                adjacency[fill[e.to as usize] as usize] = (e.from, i as u32);
                fill[e.to as usize] += 1;
            }
        }

        // Per-vertex DFS state packed together: one cache line per vertex touch.
        #[derive(Clone, Copy)]
        struct Slot {
            next: u32,
            end: u32,
            tin: u32,
            low: u32,
            parent: u32,
            parent_edge: u32,
            tout: u32,
        }
        let mut slots: Vec<Slot> = (0..n)
            .map(|v| Slot {
                next: start[v],
                end: start[v + 1],
                tin: NONE,
                low: NONE,
                parent: NONE,
                parent_edge: NONE,
                tout: NONE,
            })
            .collect();
        drop(start);
        let mut bridge = vec![false; m];
        let mut order: Vec<u32> = Vec::new();
        let mut stack: Vec<u32> = vec![0];
        slots[0].tin = 0;
        slots[0].low = 0;
        order.push(0);
        while let Some(&v) = stack.last() {
            let v = v as usize;
            let slot = slots[v];
            if slot.next < slot.end {
                let (w, e) = adjacency[slot.next as usize];
                slots[v].next += 1;
                if e == slot.parent_edge {
                    continue;
                }
                let w = w as usize;
                let tw = slots[w].tin;
                if tw == NONE {
                    let t = order.len() as u32;
                    let sw = &mut slots[w];
                    sw.tin = t;
                    sw.low = t;
                    sw.parent = v as u32;
                    sw.parent_edge = e;
                    order.push(w as u32);
                    stack.push(w as u32);
                } else if tw < slot.low {
                    slots[v].low = tw;
                }
            } else {
                stack.pop();
                slots[v].tout = order.len() as u32 - 1;
                if let Some(&p) = stack.last() {
                    let p = p as usize;
                    if slot.low < slots[p].low {
                        slots[p].low = slot.low;
                    }
                    if slot.low > slots[p].tin {
                        bridge[slot.parent_edge as usize] = true;
                    }
                }
            }
        }
        drop(adjacency);
        let tin: Vec<u32> = slots.iter().map(|s| s.tin).collect();
        let tout: Vec<u32> = slots.iter().map(|s| s.tout).collect();
        let parent: Vec<u32> = slots.iter().map(|s| s.parent).collect();
        let parent_edge: Vec<u32> = slots.iter().map(|s| s.parent_edge).collect();
        drop(slots);

        let active: Vec<bool> = edges
            .iter()
            .enumerate()
            .map(|(i, e)| Some(i) != excluded && tin[e.from as usize] != NONE)
            .collect();

        let mut comp = vec![NONE; n];
        let mut comp_root = vec![0u32];
        let mut comp_parent = vec![NONE];
        let mut comp_bridge = vec![NONE];
        comp[0] = 0;
        for &v in &order[1..] {
            let v = v as usize;
            let p = parent[v] as usize;
            let e = parent_edge[v] as usize;
            if bridge[e] {
                comp[v] = comp_root.len() as u32;
                comp_root.push(v as u32);
                comp_parent.push(comp[p]);
                comp_bridge.push(e as u32);
            } else {
                comp[v] = comp[p];
            }
        }
        let comps = comp_root.len();
        let mut comp_edges = vec![0u64; comps];
        for (i, e) in edges.iter().enumerate() {
            if active[i] && !bridge[i] {
                comp_edges[comp[e.from as usize] as usize] += 1;
            }
        }
        let mut hang = vec![0u64; n];
        let mut comp_hang = vec![0u64; comps];
        let mut g = vec![0u64; comps];
        for c in (0..comps).rev() {
            g[c] = (comp_edges[c] & 1) ^ comp_hang[c];
            if c > 0 {
                let attach = parent[comp_root[c] as usize] as usize;
                let branch = g[c] + 1;
                hang[attach] ^= branch;
                comp_hang[comp_parent[c] as usize] ^= branch;
            }
        }
        Structure {
            tin,
            tout,
            order,
            parent_edge,
            parent,
            active,
            bridge,
            comp,
            comp_root,
            comp_parent,
            comp_bridge,
            comp_edges,
            hang,
            g,
        }
    }

    /// The value n of the whole position (*n).
    pub fn value(&self) -> u64 {
        self.g[0]
    }

    /// Whether `x` is in the DFS subtree of `y` (both reached).
    pub fn in_subtree(&self, x: u32, y: u32) -> bool {
        let (tx, ty) = (self.tin[x as usize], self.tin[y as usize]);
        ty <= tx && tx <= self.tout[y as usize]
    }
}
