//! Canonical stoppers one strongly connected component at a time.
//!
//! The nodes of a stopper split into the strongly connected components of
//! its move graph (Left and Right moves together), which form an acyclic
//! graph. Taken from the sinks up, each component is simplified on a graph
//! of its own: its nodes, and for every move that leaves the component the
//! canonical stopper already found for the target, each distinct one copied
//! once. Replacing an option by an equal stopper keeps a stopper's value, so
//! the component's nodes get their canonical stoppers, and the order table,
//! quadratic in the graph it is built on, is built on each component with
//! its exits instead of on the whole game. Values of big stoppers tend to be
//! small, so the pieces stay small. A node alone in its component is
//! settled by the values of its options and its passes, so nodes that agree
//! there share one simplification.
//!
//! When the pieces are not small (a long chain whose canonical stopper is
//! the whole chain), the quadratic cost of the pieces together passes that
//! of the whole game: past twice the whole game's cost the piecewise work is
//! dropped and the whole game is simplified at once, so the method never
//! costs much more than the whole-game simplification.
//!
//! Invariant: when a component is simplified, every node a move leaves it
//! for already has its canonical stopper.

use rustc_hash::FxHashMap;

use super::canonical::{canonical_all_at_once, simplify_all};
use super::graph::LoopyGame;
use crate::budget::Budget;
use crate::error::Result;

/// The strongly connected components of the move graph of `g` (every node
/// is reachable from the start), each component after every component its
/// moves reach. Tarjan's algorithm with an explicit stack.
pub fn components(g: &LoopyGame) -> Vec<Vec<u32>> {
    const UNSEEN: u32 = u32::MAX;
    let n = g.len();
    let succ = |v: u32, i: usize| -> Option<u32> {
        let l = g.left(v);
        if i < l.len() { Some(l[i]) } else { g.right(v).get(i - l.len()).copied() }
    };
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut out = Vec::new();
    let mut next = 0u32;
    for root in 0..n as u32 {
        if index[root as usize] != UNSEEN {
            continue;
        }
        index[root as usize] = next;
        low[root as usize] = next;
        next += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        // Frames: (node, index of the next move to follow).
        let mut call: Vec<(u32, usize)> = vec![(root, 0)];
        while let Some(frame) = call.last_mut() {
            let v = frame.0;
            if let Some(w) = succ(v, frame.1) {
                frame.1 += 1;
                if index[w as usize] == UNSEEN {
                    index[w as usize] = next;
                    low[w as usize] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w as usize] = true;
                    call.push((w, 0));
                } else if on_stack[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
                continue;
            }
            call.pop();
            if let Some(&(u, _)) = call.last() {
                low[u as usize] = low[u as usize].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                let mut comp = Vec::new();
                loop {
                    let w = stack.pop().expect("v is on the stack");
                    on_stack[w as usize] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                out.push(comp);
            }
        }
    }
    out
}

/// A node alone in its component: the values of its Left and Right options
/// that leave it (sorted, each once), and whether each player may pass.
type SingleKey = (Vec<u32>, Vec<u32>, bool, bool);

fn single_key(g: &LoopyGame, v: u32, canon: &[u32]) -> SingleKey {
    let ids = |opts: &[u32]| {
        let mut ids: Vec<u32> =
            opts.iter().filter(|&&w| w != v).map(|&w| canon[w as usize]).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    };
    (ids(g.left(v)), ids(g.right(v)), g.left(v).contains(&v), g.right(v).contains(&v))
}

/// Canonical stoppers found so far, each node of them once, with Left and
/// Right options by id.
///
/// Invariant: the graph reachable from any id is a canonical stopper.
#[derive(Default)]
struct Values {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl Values {
    /// A new id with no options yet.
    fn push(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        self.left.len() as u32 - 1
    }

    /// The stopper played from `id`.
    fn game(&self, id: u32) -> LoopyGame {
        let mut at: FxHashMap<u32, u32> = FxHashMap::default();
        let mut order = vec![id];
        at.insert(id, 0);
        let mut i = 0;
        while i < order.len() {
            let x = order[i] as usize;
            for &y in self.left[x].iter().chain(&self.right[x]) {
                if let std::collections::hash_map::Entry::Vacant(e) = at.entry(y) {
                    e.insert(order.len() as u32);
                    order.push(y);
                }
            }
            i += 1;
        }
        let local = |opts: &Vec<u32>| opts.iter().map(|y| at[y]).collect::<Vec<u32>>();
        let left: Vec<Vec<u32>> = order.iter().map(|&x| local(&self.left[x as usize])).collect();
        let right: Vec<Vec<u32>> = order.iter().map(|&x| local(&self.right[x as usize])).collect();
        LoopyGame::packed(&left, &right, 0)
    }
}

/// The canonical stopper of every node of the stopper `g`, found component
/// by component (see the module notes).
///
/// Fails if `g` is not a stopper, or past the budget.
pub fn canonical_each(g: &LoopyGame, budget: &Budget) -> Result<Vec<LoopyGame>> {
    canonical_each_of(g, components(g), budget)
}

/// [`canonical_each`] with the components of `g` already found.
pub(crate) fn canonical_each_of(
    g: &LoopyGame,
    comps: Vec<Vec<u32>>,
    budget: &Budget,
) -> Result<Vec<LoopyGame>> {
    if comps.len() == 1 || !g.is_stopper() {
        // One piece is the whole game; a game that is not a stopper is
        // reported by the whole-game path, which names an alternating cycle.
        return canonical_all_at_once(g, budget);
    }
    let n = g.len();
    let whole_cost = (n as u64) * (n as u64);
    let mut spent = 0u64;
    let mut values = Values::default();
    let mut canon = vec![u32::MAX; n];
    let mut single: FxHashMap<SingleKey, u32> = FxHashMap::default();
    let mut comp_of = vec![u32::MAX; n];
    let mut local = vec![0u32; n];
    for (c, comp) in comps.iter().enumerate() {
        let c = c as u32;
        if let [v] = comp[..] {
            if let Some(&id) = single.get(&single_key(g, v, &canon)) {
                canon[v as usize] = id;
                continue;
            }
        }
        for (i, &v) in comp.iter().enumerate() {
            comp_of[v as usize] = c;
            local[v as usize] = i as u32;
        }
        // The piece: the component's nodes, then every value its moves
        // leave to and every value those reach, each once.
        let k0 = comp.len();
        let mut ids: Vec<u32> = Vec::new();
        let mut at_id: FxHashMap<u32, u32> = FxHashMap::default();
        let mut stack: Vec<u32> = comp
            .iter()
            .flat_map(|&v| g.left(v).iter().chain(g.right(v)))
            .filter(|&&w| comp_of[w as usize] != c)
            .map(|&w| canon[w as usize])
            .collect();
        while let Some(id) = stack.pop() {
            if let std::collections::hash_map::Entry::Vacant(e) = at_id.entry(id) {
                e.insert((k0 + ids.len()) as u32);
                ids.push(id);
                let (l, r) = (&values.left[id as usize], &values.right[id as usize]);
                stack.extend(l.iter().chain(r).filter(|x| !at_id.contains_key(x)));
            }
        }
        let total = k0 + ids.len();
        spent += (total as u64) * (total as u64);
        if spent > 2 * whole_cost {
            return canonical_all_at_once(g, budget);
        }
        let to = |w: &u32| {
            if comp_of[*w as usize] == c { local[*w as usize] } else { at_id[&canon[*w as usize]] }
        };
        let mut left: Vec<Vec<u32>> =
            comp.iter().map(|&v| g.left(v).iter().map(to).collect()).collect();
        let mut right: Vec<Vec<u32>> =
            comp.iter().map(|&v| g.right(v).iter().map(to).collect()).collect();
        for &id in &ids {
            left.push(values.left[id as usize].iter().map(|x| at_id[x]).collect());
            right.push(values.right[id as usize].iter().map(|x| at_id[x]).collect());
        }
        // The component is strongly connected, so its first node reaches
        // every node of the piece; packing numbers them in `pack_order`.
        let mut at = vec![0u32; total];
        for (p, &x) in LoopyGame::pack_order(&left, &right, 0).iter().enumerate() {
            at[x as usize] = p as u32;
        }
        let piece = LoopyGame::packed(&left, &right, 0);
        let (sl, sr, rep) = simplify_all(&piece, budget)?;
        // Each class of equal nodes keeps the id of a value already known
        // in it; the others are new values.
        let mut class_id: FxHashMap<u32, u32> = FxHashMap::default();
        for (j, &id) in ids.iter().enumerate() {
            class_id.entry(rep[at[k0 + j] as usize]).or_insert(id);
        }
        let mut fresh = Vec::new();
        for i in 0..k0 {
            let r = rep[at[i] as usize];
            if let std::collections::hash_map::Entry::Vacant(e) = class_id.entry(r) {
                let id = values.push();
                e.insert(id);
                fresh.push((r, id));
            }
        }
        for (r, id) in fresh {
            let ids_of = |opts: &Vec<u32>| {
                let mut out: Vec<u32> = opts.iter().map(|p| class_id[&rep[*p as usize]]).collect();
                out.sort_unstable();
                out.dedup();
                out
            };
            values.left[id as usize] = ids_of(&sl[r as usize]);
            values.right[id as usize] = ids_of(&sr[r as usize]);
        }
        for (i, &v) in comp.iter().enumerate() {
            canon[v as usize] = class_id[&rep[at[i] as usize]];
        }
        if let [v] = comp[..] {
            single.insert(single_key(g, v, &canon), canon[v as usize]);
        }
    }
    let mut games: FxHashMap<u32, LoopyGame> = FxHashMap::default();
    Ok(canon.iter().map(|&id| games.entry(id).or_insert_with(|| values.game(id)).clone()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::partizan::canonical::stoppers_equal;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn components_come_sinks_first_and_cover_every_node() {
        // 0 → 1 ⇄ 2 → 3, 3 with a pass.
        let g = LoopyGame::new(
            vec![vec![1], vec![2], vec![3], vec![3]],
            vec![vec![], vec![], vec![1], vec![]],
            0,
        )
        .unwrap();
        let comps = components(&g);
        let mut sorted: Vec<Vec<u32>> = comps
            .iter()
            .map(|c| {
                let mut c = c.clone();
                c.sort_unstable();
                c
            })
            .collect();
        assert_eq!(sorted.len(), 3);
        assert_eq!(sorted.remove(0), vec![3]);
        assert_eq!(sorted.remove(0), vec![1, 2]);
        assert_eq!(sorted.remove(0), vec![0]);
    }

    /// A random stopper: moves to later nodes, and passes for one player
    /// at some nodes; with `back`, some Left moves go back, kept only when
    /// the game stays a stopper.
    fn random_stopper(rng: &mut StdRng, n: u32) -> LoopyGame {
        loop {
            let mut left = vec![Vec::new(); n as usize];
            let mut right = vec![Vec::new(); n as usize];
            for v in 0..n {
                for side in [&mut left, &mut right] {
                    for _ in 0..rng.gen_range(0..=2) {
                        if v + 1 < n {
                            side[v as usize].push(rng.gen_range(v + 1..n));
                        }
                    }
                }
                match rng.gen_range(0..8) {
                    0 => left[v as usize].push(v),
                    1 => right[v as usize].push(v),
                    2 if v > 0 => left[v as usize].push(rng.gen_range(0..v)),
                    _ => {}
                }
            }
            let g = LoopyGame::new(left, right, 0).unwrap();
            if g.is_stopper() {
                return g;
            }
        }
    }

    /// Piece by piece and all at once give equal stoppers at every node,
    /// with the same number of nodes (canonical stoppers are unique).
    #[test]
    fn pieces_agree_with_the_whole_game() {
        let mut rng = StdRng::seed_from_u64(11);
        let b = Budget::unlimited();
        for _ in 0..150 {
            let n = rng.gen_range(1..=14);
            let g = random_stopper(&mut rng, n);
            let each = canonical_each(&g, &b).unwrap();
            let whole = canonical_all_at_once(&g, &b).unwrap();
            for (x, y) in each.iter().zip(&whole) {
                assert_eq!(x.len(), y.len(), "{g:?}");
                assert!(stoppers_equal(x, y, &b).unwrap(), "{g:?}");
            }
        }
    }

    /// A chain `v = {v + 1 |}` ending in 0 is the integer of its length;
    /// each piece holds the whole rest of the chain, so the pieces pass the
    /// whole game's cost and the whole game is simplified at once.
    #[test]
    fn long_canonical_chains_fall_back_to_the_whole_game() {
        let n = 40u32;
        let left = (0..n).map(|v| if v + 1 < n { vec![v + 1] } else { vec![] }).collect();
        let g = LoopyGame::new(left, vec![Vec::new(); n as usize], 0).unwrap();
        let each = canonical_each(&g, &Budget::unlimited()).unwrap();
        for (v, c) in each.iter().enumerate() {
            assert_eq!(c.len(), n as usize - v);
        }
    }
}
