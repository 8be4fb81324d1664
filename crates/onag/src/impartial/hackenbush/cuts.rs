//! Winning cuts: which edges leave a position of value 0.
//!
//! **Bridges.** Let need(c) be the value comp c must take for the whole to be 0
//! (need(ground comp) = 0). Going down the bridge tree, comp c under parent p
//! contributes the branch g(c) + 1 to p; the branch must become
//! `w = need(p) ⊕ g(p) ⊕ (g(c) + 1)`. Cutting c's bridge makes it 0, so that cut
//! wins iff w = 0; otherwise need(c) = w − 1 (and if w = 0 nothing inside c can
//! help, since the branch keeps its bridge). O(V + E) for all bridges.
//!
//! **Cycle edges.** Inside a comp C (2-edge-connected), the bridges of C − e are
//! exactly the edges f with {e, f} a 2-edge cut. These "cut classes" partition
//! C's edges; removing a class K = {e_1, …, e_m} leaves m pieces arranged in a
//! cycle Q_0 e_1 Q_1 e_2 … Q_{m−1} e_m (back to Q_0), with Q_0 holding C's root.
//! Cutting e_i turns C into Q_0 with two stalks of fused pieces:
//! `Q_1 … Q_{i−1}` through e_1 and `Q_{m−1} … Q_i` through e_m, and a chain
//! `P_1 … P_k` is worth `1 + (f(P_1) ⊕ (1 + (f(P_2) ⊕ … (1 + f(P_k)))))`, where
//! f(P) = (edges inside P mod 2) ⊕ (branches hanging from P's vertices).
//!
//! Classes are found with the DFS tree: each non-tree edge gets a random 128-bit
//! label, each tree edge the XOR of the labels of the non-tree edges over it;
//! {e, f} is a 2-edge cut iff the labels are equal. The tree edges of a class
//! lie on one root path and at most one non-tree edge joins them, so subtree
//! sums give every piece's f in O(1). A class of m edges costs O(m·(1 + z))
//! where z is the number of its pieces of non-zero worth (each cut re-folds its
//! two stalks, skipping runs of worthless pieces), so a comp costs
//! O(|C| log |C| + Σ_K |K|·(1 + z_K)): linear for random graphs and for bare
//! cycles, quadratic for one long cycle with something hanging from every vertex. A label collision (probability below 2⁻⁹⁰ for a million edges) that
//! breaks a class's shape is detected and that class is re-solved edge by edge;
//! the one cut [`CutSearch::One`] returns is always re-checked by a full solve.

use serde::Serialize;

use super::GreenHackenbush;
use super::structure::{NONE, Structure};
use crate::budget::Budget;
use crate::error::Result;
use crate::impartial::Outcome;

/// One cut: the edge to remove.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Cut {
    /// The edge's index in [`GreenHackenbush::edges`].
    #[serde(skip)]
    pub edge: usize,
    /// Where the edge was written (1-based line of the edge list).
    pub line: usize,
    /// One endpoint's name.
    pub from: String,
    /// The other endpoint's name.
    pub to: String,
}

/// How many winning cuts to look for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CutSearch {
    /// Only the value.
    None,
    /// One winning cut (if the position is N).
    One,
    /// Every winning cut.
    All,
}

/// A solved position: its value, outcome and winning cuts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// The n of the value *n.
    pub value: u64,
    /// P when the value is 0.
    pub outcome: Outcome,
    /// Winning cuts, in the order of the edges (none, one or all of them, as asked).
    pub winning_moves: Vec<Cut>,
    /// How many edges are not connected to the ground (not part of the game).
    #[serde(skip)]
    pub floating_edges: usize,
}

/// Solves `game`: its value and the winning cuts `search` asks for.
pub fn solve(game: &GreenHackenbush, search: CutSearch, budget: &Budget) -> Result<Solution> {
    // The tables take about 64 bytes per edge and vertex; no game positions are
    // created, so only time, memory and cancellation limits apply.
    budget
        .check_memory((game.edges().len() as u64 + game.names().len() as u64).saturating_mul(64))?;
    budget.check(0)?;
    let st = Structure::build(game, None);
    let value = st.value();
    let floating_edges = st.active.iter().filter(|&&a| !a).count();
    let mut edges = Vec::new();
    if value != 0 && search != CutSearch::None {
        edges = winning_edges(game, &st, search == CutSearch::One, budget)?;
        if search == CutSearch::One {
            // Re-check the cut with an independent full solve.
            edges.retain(|&e| Structure::build(game, Some(e)).value() == 0);
            if edges.is_empty() {
                edges = slow_first_winning_edge(game, &st, budget)?.into_iter().collect();
            }
        }
    }
    let names = game.names();
    let winning_moves = edges
        .into_iter()
        .map(|e| {
            let edge = &game.edges()[e];
            Cut {
                edge: e,
                line: edge.line,
                from: names[edge.from as usize].clone(),
                to: names[edge.to as usize].clone(),
            }
        })
        .collect();
    Ok(Solution { value, outcome: Outcome::from_zero(value == 0), winning_moves, floating_edges })
}

/// The first winning edge found by re-solving the position once per edge.
fn slow_first_winning_edge(
    game: &GreenHackenbush,
    st: &Structure,
    budget: &Budget,
) -> Result<Option<usize>> {
    for e in 0..game.edges().len() {
        budget.check(0)?;
        if st.active[e] && Structure::build(game, Some(e)).value() == 0 {
            return Ok(Some(e));
        }
    }
    Ok(None)
}

/// The winning edges of a position of non-zero value, sorted (just one if `one`).
fn winning_edges(
    game: &GreenHackenbush,
    st: &Structure,
    one: bool,
    budget: &Budget,
) -> Result<Vec<usize>> {
    let comps = st.g.len();
    let mut need: Vec<Option<u64>> = vec![None; comps];
    need[0] = Some(0);
    let mut winners = Vec::new();
    for c in 1..comps {
        let p = st.comp_parent[c] as usize;
        if let Some(np) = need[p] {
            let w = np ^ st.g[p] ^ (st.g[c] + 1);
            if w == 0 {
                winners.push(st.comp_bridge[c] as usize);
                if one {
                    return Ok(winners);
                }
            }
            need[c] = w.checked_sub(1);
        }
    }
    if need.iter().zip(&st.comp_edges).any(|(n, &k)| n.is_some() && k > 0) {
        CycleCuts::new(game, st, &need).search(one, budget, &mut winners)?;
    }
    winners.sort_unstable();
    winners.dedup();
    Ok(winners)
}

/// Per-vertex subtree sums inside comps, for the cut classes of cycle edges.
struct CycleCuts<'a> {
    game: &'a GreenHackenbush,
    st: &'a Structure,
    need: &'a [Option<u64>],
    /// Parity of the comp edges with both ends in the vertex's comp subtree.
    inside: Vec<u8>,
    /// XOR of `hang` over the vertex's comp subtree.
    hang_sum: Vec<u64>,
    /// The label of each non-bridge edge (tree edges: XOR of covering labels).
    label: Vec<u128>,
}

/// A 64-bit mixing generator (SplitMix64), for the random class labels.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// One cut class: its tree edges' lower vertices (by depth) and its non-tree edges.
struct Class {
    tree: Vec<u32>,
    back: Vec<u32>,
}

impl<'a> CycleCuts<'a> {
    fn new(game: &'a GreenHackenbush, st: &'a Structure, need: &'a [Option<u64>]) -> Self {
        let n = game.names().len();
        let edges = game.edges();
        let mut rng = SplitMix(0x6f6e_6167_6861_636b);
        let mut up = vec![0u8; n];
        let mut mark = vec![0u128; n];
        let mut label = vec![0u128; edges.len()];
        for (i, e) in edges.iter().enumerate() {
            let (a, b) = (e.from as usize, e.to as usize);
            if !st.active[i]
                || st.bridge[i]
                || st.parent_edge[b] == i as u32
                || st.parent_edge[a] == i as u32
            {
                continue;
            }
            let upper = if st.tin[a] < st.tin[b] { a } else { b };
            up[upper] ^= 1;
            let l = (u128::from(rng.next()) << 64) | u128::from(rng.next());
            label[i] = l;
            if a != b {
                mark[a] ^= l;
                mark[b] ^= l;
            }
        }
        let mut inside = up;
        let mut hang_sum = st.hang.clone();
        for &v in st.order.iter().rev() {
            let v = v as usize;
            let e = st.parent_edge[v];
            if e == NONE || st.bridge[e as usize] {
                continue;
            }
            let p = st.parent[v] as usize;
            label[e as usize] = mark[v];
            mark[p] ^= mark[v];
            inside[p] ^= inside[v] ^ 1;
            hang_sum[p] ^= hang_sum[v];
        }
        CycleCuts { game, st, need, inside, hang_sum, label }
    }

    /// Whether edge `e` is the tree edge into one of its endpoints; that endpoint.
    fn lower_of_tree_edge(&self, e: usize) -> Option<u32> {
        let edge = &self.game.edges()[e];
        [edge.from, edge.to].into_iter().find(|&v| self.st.parent_edge[v as usize] == e as u32)
    }

    /// Finds the winning cycle-edge cuts of every comp with a target value.
    fn search(&self, one: bool, budget: &Budget, winners: &mut Vec<usize>) -> Result<()> {
        let st = self.st;
        let mut keyed: Vec<(u32, u128, u32)> = Vec::new();
        for (i, e) in self.game.edges().iter().enumerate() {
            if !st.active[i] || st.bridge[i] {
                continue;
            }
            let c = st.comp[e.from as usize];
            if self.need[c as usize].is_some() {
                keyed.push((c, self.label[i], i as u32));
            }
        }
        budget.check(0)?;
        keyed.sort_unstable();
        let mut groups: Vec<&[(u32, u128, u32)]> =
            keyed.chunk_by(|a, b| a.0 == b.0 && a.1 == b.1).collect();
        if one {
            groups.sort_by_key(|g| g.len());
        }
        let total = groups.len() as u64;
        let mut work = 0u64;
        for (done, group) in groups.into_iter().enumerate() {
            if done % 4096 == 0 {
                budget.progress("winning cuts", done as u64, Some(total));
            }
            let c = group[0].0 as usize;
            let Some(target) = self.need[c] else { continue };
            let mut class = Class { tree: Vec::new(), back: Vec::new() };
            for &(_, _, e) in group {
                match self.lower_of_tree_edge(e as usize) {
                    Some(x) => class.tree.push(x),
                    None => class.back.push(e),
                }
            }
            class.tree.sort_unstable_by_key(|&x| st.tin[x as usize]);
            work = work.saturating_add((group.len() as u64).saturating_mul(group.len() as u64));
            if work >= 1 << 20 {
                budget.check(0)?;
                work = 0;
            }
            let found = match self.evaluate(c, &class, target, budget)? {
                Some(found) => found,
                None => self.evaluate_slowly(group, budget)?,
            };
            winners.extend(found);
            if one && !winners.is_empty() {
                winners.truncate(1);
                return Ok(());
            }
        }
        Ok(())
    }

    /// The winning edges of a class whose shape is inconsistent (a label
    /// collision): each edge re-solved by a full solve.
    fn evaluate_slowly(&self, group: &[(u32, u128, u32)], budget: &Budget) -> Result<Vec<usize>> {
        let mut found = Vec::new();
        for &(_, _, e) in group {
            budget.check(0)?;
            if Structure::build(self.game, Some(e as usize)).value() == 0 {
                found.push(e as usize);
            }
        }
        Ok(found)
    }

    /// The winning edges of one class of comp `c` whose target is `target`, or
    /// `None` if the class does not have the shape of a cut class.
    fn evaluate(
        &self,
        c: usize,
        class: &Class,
        target: u64,
        budget: &Budget,
    ) -> Result<Option<Vec<usize>>> {
        let st = self.st;
        let xs = &class.tree;
        for pair in xs.windows(2) {
            if !(st.in_subtree(pair[1], pair[0]) && pair[0] != pair[1]) {
                return Ok(None);
            }
        }
        if class.back.len() > 1 {
            return Ok(None);
        }
        let back = class.back.first().copied();
        let edges = self.game.edges();
        if let (Some(b), Some(&first), Some(&last)) = (back, xs.first(), xs.last()) {
            let edge = &edges[b as usize];
            let (a, z) = (edge.from, edge.to);
            let (upper, lower) =
                if st.tin[a as usize] < st.tin[z as usize] { (a, z) } else { (z, a) };
            if !st.in_subtree(lower, last) || st.tin[upper as usize] >= st.tin[first as usize] {
                return Ok(None);
            }
        }
        let root = st.comp_root[c] as usize;
        let whole_parity = (st.comp_edges[c] & 1) as u8;
        let whole_hang = self.hang_sum[root];
        let piece = |parity: u8, hang: u64| u64::from(parity & 1) ^ hang;
        // f(Q_0), the pieces Q_1..Q_{m-1} and the class edges e_1..e_m.
        let mut cycle_edges: Vec<usize> =
            xs.iter().map(|&x| st.parent_edge[x as usize] as usize).collect();
        let mut pieces: Vec<u64> = xs
            .windows(2)
            .map(|w| {
                let (x, y) = (w[0] as usize, w[1] as usize);
                piece(self.inside[x] ^ self.inside[y] ^ 1, self.hang_sum[x] ^ self.hang_sum[y])
            })
            .collect();
        let q0 = match (xs.first(), xs.last(), back) {
            (None, _, _) | (_, None, _) => piece(whole_parity ^ 1, whole_hang),
            (Some(&x1), Some(&xs_), Some(_)) => {
                let (x1, xs_) = (x1 as usize, xs_ as usize);
                pieces.push(piece(self.inside[xs_], self.hang_sum[xs_]));
                piece(whole_parity ^ self.inside[x1], whole_hang ^ self.hang_sum[x1])
            }
            (Some(&x1), Some(&xs_), None) => {
                let (x1, xs_) = (x1 as usize, xs_ as usize);
                piece(
                    whole_parity ^ self.inside[x1] ^ 1 ^ self.inside[xs_],
                    whole_hang ^ self.hang_sum[x1] ^ self.hang_sum[xs_],
                )
            }
        };
        cycle_edges.extend(back.map(|b| b as usize));
        let m = cycle_edges.len();
        debug_assert_eq!(pieces.len() + 1, m);
        // Q_j is pieces[j - 1]; a stalk is folded from its far end inwards, and
        // a run of r pieces worth 0 just adds r (x -> 1 + (0 ^ x) = x + 1), so
        // each stalk costs O(1 + its pieces of non-zero worth).
        let nonzero: Vec<usize> = (1..m).filter(|&j| pieces[j - 1] != 0).collect();
        let mut found = Vec::new();
        for i in 1..=m {
            if i % 1024 == 0 {
                budget.check(0)?;
            }
            let split = nonzero.partition_point(|&j| j < i);
            // Arm through e_1: Q_1 (nearest) .. Q_{i-1} (farthest).
            let (mut a, mut next) = (0u64, i);
            for &p in nonzero[..split].iter().rev() {
                a += (next - 1 - p) as u64;
                a = 1 + (pieces[p - 1] ^ a);
                next = p;
            }
            a += (next - 1) as u64;
            // Arm through e_m: Q_{m-1} (nearest) .. Q_i (farthest).
            let (mut b, mut next) = (0u64, i);
            for &p in &nonzero[split..] {
                b += (p - next) as u64;
                b = 1 + (pieces[p - 1] ^ b);
                next = p + 1;
            }
            b += (m - next) as u64;
            debug_assert!(
                m > 64
                    || (a == (1..i).rev().fold(0u64, |x, j| 1 + (pieces[j - 1] ^ x))
                        && b == (i..m).fold(0u64, |x, j| 1 + (pieces[j - 1] ^ x)))
            );
            if q0 ^ a ^ b == target {
                found.push(cycle_edges[i - 1]);
            }
        }
        Ok(Some(found))
    }
}
