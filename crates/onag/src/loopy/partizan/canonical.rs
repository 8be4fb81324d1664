//! Canonical stoppers and sided values.
//!
//! A stopper's canonical form (the unique simplest form, Siegel's CGT VI.3) is
//! reached by three moves on its graph, all of which keep the value of every
//! node: bypass reversible options (a Left option `w` of `v` with a Right
//! option `u ≤ v` is replaced by `u`'s Left options; symmetrically for
//! Right), delete dominated options, and fuse nodes of equal value. The order
//! between nodes is computed once for the whole graph (one survival game on
//! all pairs), since none of these moves changes a node's value.
//!
//! A game that is not a stopper has an onside and an offside (`G = G⁺ & G⁻`).
//! Each side is found by deleting moves that lie on infinite alternating
//! plays as long as the side's value (compared by [`Rule::Onside`] or
//! [`Rule::Offside`]) does not change, then any other move that can go
//! (dominated ones), until the graph is a stopper; its canonical form is the
//! side. When no move can be deleted and alternating cycles remain, the game
//! is not stopper-sided (Bach's Carousel): the side is kept as simplified,
//! with bisimilar nodes merged. Such a side has no simplest form in general;
//! every deletion is checked to keep its value, so it is the game's side.

use super::graph::LoopyGame;
use super::solve::{Rule, alternating_cycle_node, leq};
use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};

/// `table[x * n + y]`: node `x` ≤ node `y` in the stopper `g` (survival).
///
/// Fails when `2n²` states pass the budget.
pub fn order_table(g: &LoopyGame, budget: &Budget) -> Result<Vec<bool>> {
    let n = g.len();
    let states = (n as u64) * (n as u64) * 2;
    budget.check(states)?;
    // A counter and a mark per state, and the table.
    budget.check_memory(states * 5 + states / 2)?;
    let n32 = n as u32;
    // Reverse edges.
    let mut rev_l: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut rev_r: Vec<Vec<u32>> = vec![Vec::new(); n];
    for v in 0..n32 {
        for &w in g.left(v) {
            rev_l[w as usize].push(v);
        }
        for &w in g.right(v) {
            rev_r[w as usize].push(v);
        }
    }
    // State (x, y, left to move) of y − x, index 2(xn + y) + left.
    let idx = |x: u32, y: u32, left: bool| 2 * (x as usize * n + y as usize) + left as usize;
    let mut count = vec![0u32; 2 * n * n];
    let mut lost = vec![false; 2 * n * n]; // Right forces Left to run out.
    let mut queue = Vec::new();
    for x in 0..n32 {
        for y in 0..n32 {
            let c = (g.left(y).len() + g.right(x).len()) as u32;
            count[idx(x, y, true)] = c;
            if c == 0 {
                lost[idx(x, y, true)] = true;
                queue.push((x, y, true));
            }
        }
    }
    let mut steps = 0u64;
    while let Some((x, y, left)) = queue.pop() {
        steps += 1;
        if steps % 65536 == 0 {
            budget.check(states)?;
        }
        if left {
            // Reached by Right moves: y0 → y (Right in y), x0 → x (Left in x).
            for &y0 in &rev_r[y as usize] {
                let s = idx(x, y0, false);
                if !lost[s] {
                    lost[s] = true;
                    queue.push((x, y0, false));
                }
            }
            for &x0 in &rev_l[x as usize] {
                let s = idx(x0, y, false);
                if !lost[s] {
                    lost[s] = true;
                    queue.push((x0, y, false));
                }
            }
        } else {
            // Reached by Left moves: y0 → y (Left in y), x0 → x (Right in x).
            for &y0 in &rev_l[y as usize] {
                let s = idx(x, y0, true);
                if !lost[s] {
                    count[s] -= 1;
                    if count[s] == 0 {
                        lost[s] = true;
                        queue.push((x, y0, true));
                    }
                }
            }
            for &x0 in &rev_r[x as usize] {
                let s = idx(x0, y, true);
                if !lost[s] {
                    count[s] -= 1;
                    if count[s] == 0 {
                        lost[s] = true;
                        queue.push((x0, y, true));
                    }
                }
            }
        }
    }
    let mut table = vec![false; n * n];
    for x in 0..n32 {
        for y in 0..n32 {
            table[x as usize * n + y as usize] = !lost[idx(x, y, false)];
        }
    }
    Ok(table)
}

fn not_stopper(g: &LoopyGame) -> Error {
    let what = match alternating_cycle_node(g) {
        Some((v, side)) => {
            format!("not a stopper: from node {v} with {side} to move, play can alternate forever")
        }
        None => "not a stopper".to_string(),
    };
    Error::invalid(what)
}

/// The canonical form of the stopper `g` (nodes numbered from the start in
/// order of discovery along sorted edges).
///
/// Fails if `g` is not a stopper, or past the budget.
pub fn canonical_stopper(g: &LoopyGame, budget: &Budget) -> Result<LoopyGame> {
    let comps = super::components::components(g);
    if comps.len() > 1 {
        return Ok(super::components::canonical_each_of(g, comps, budget)?.swap_remove(0));
    }
    let (left, right, rep) = simplify_all(g, budget)?;
    Ok(LoopyGame::packed(&left, &right, rep[0]))
}

/// The canonical form of the stopper played from each node of `g`, found
/// one strongly connected component at a time
/// ([`components`](super::components)).
///
/// Fails if `g` is not a stopper, or past the budget.
pub fn canonical_all(g: &LoopyGame, budget: &Budget) -> Result<Vec<LoopyGame>> {
    super::components::canonical_each(g, budget)
}

/// The canonical form of the stopper played from each node of `g` (one
/// order table and one simplification for the whole graph).
///
/// Fails if `g` is not a stopper, or past the budget.
pub(crate) fn canonical_all_at_once(g: &LoopyGame, budget: &Budget) -> Result<Vec<LoopyGame>> {
    let (left, right, rep) = simplify_all(g, budget)?;
    Ok(rep.iter().map(|&r| LoopyGame::packed(&left, &right, r)).collect())
}

/// Every node simplified (reversible options bypassed, dominated ones
/// deleted) and equal nodes fused: the edges, and each node's class.
#[allow(clippy::type_complexity)]
pub(crate) fn simplify_all(
    g: &LoopyGame,
    budget: &Budget,
) -> Result<(Vec<Vec<u32>>, Vec<Vec<u32>>, Vec<u32>)> {
    if !g.is_stopper() {
        return Err(not_stopper(g));
    }
    let n = g.len();
    let le = order_table(g, budget)?;
    let le = |a: u32, b: u32| le[a as usize * n + b as usize];
    let mut left: Vec<Vec<u32>> = g.left_edges().to_vec();
    let mut right: Vec<Vec<u32>> = g.right_edges().to_vec();
    // Each bypass replaces an option by options of a node of smaller or equal
    // value reached by an alternating step; in a stopper this ends. The cap
    // turns a bug into an error instead of a hang.
    let cap = 4 * n * n + 64;
    for v in 0..n as u32 {
        let mut rounds = 0usize;
        loop {
            rounds += 1;
            if rounds > cap {
                return Err(Error::invalid(format!(
                    "reversible options of node {v} do not settle"
                )));
            }
            let mut changed = false;
            // Left options reversible through a Right option u ≤ v.
            let lv = left[v as usize].clone();
            'l: for &w in &lv {
                for &u in &right[w as usize] {
                    if le(u, v) {
                        let mut next: Vec<u32> =
                            left[v as usize].iter().copied().filter(|&x| x != w).collect();
                        next.extend(left[u as usize].iter().copied());
                        left[v as usize] = next;
                        changed = true;
                        break 'l;
                    }
                }
            }
            let rv = right[v as usize].clone();
            'r: for &w in &rv {
                for &u in &left[w as usize] {
                    if le(v, u) {
                        let mut next: Vec<u32> =
                            right[v as usize].iter().copied().filter(|&x| x != w).collect();
                        next.extend(right[u as usize].iter().copied());
                        right[v as usize] = next;
                        changed = true;
                        break 'r;
                    }
                }
            }
            for opts in [&mut left[v as usize], &mut right[v as usize]] {
                opts.sort_unstable();
                opts.dedup();
            }
            // Dominated options (of equal ones, the lowest node stays).
            let keep_left = |a: u32, opts: &[u32]| {
                !opts.iter().any(|&b| b != a && le(a, b) && (!le(b, a) || b < a))
            };
            let keep_right = |a: u32, opts: &[u32]| {
                !opts.iter().any(|&b| b != a && le(b, a) && (!le(a, b) || b < a))
            };
            let l = left[v as usize].clone();
            let l2: Vec<u32> = l.iter().copied().filter(|&a| keep_left(a, &l)).collect();
            let r = right[v as usize].clone();
            let r2: Vec<u32> = r.iter().copied().filter(|&a| keep_right(a, &r)).collect();
            changed |= l2.len() != l.len() || r2.len() != r.len();
            left[v as usize] = l2;
            right[v as usize] = r2;
            if !changed {
                break;
            }
        }
    }
    // Fuse equal nodes into the lowest of their class.
    let mut rep: Vec<u32> = (0..n as u32).collect();
    for x in 0..n as u32 {
        for y in 0..x {
            if rep[y as usize] == y && le(x, y) && le(y, x) {
                rep[x as usize] = y;
                break;
            }
        }
    }
    let map = |opts: &Vec<u32>| opts.iter().map(|&w| rep[w as usize]).collect::<Vec<u32>>();
    let left: Vec<Vec<u32>> = left.iter().map(map).collect();
    let right: Vec<Vec<u32>> = right.iter().map(map).collect();
    Ok((left, right, rep))
}

/// Whether the stoppers `g` and `h` are equal.
pub fn stoppers_equal(g: &LoopyGame, h: &LoopyGame, budget: &Budget) -> Result<bool> {
    Ok(leq(g, 0, h, 0, Rule::Stopper, budget)? && leq(h, 0, g, 0, Rule::Stopper, budget)?)
}

/// One side of `g` as a canonical stopper: `onside` true for `G⁺`.
///
/// Fails if the side is not found to be a stopper (the error names a node
/// of an alternating cycle), or past the budget.
pub fn side(g: &LoopyGame, onside: bool, budget: &Budget) -> Result<LoopyGame> {
    let s = simplified_side(g, onside, budget)?;
    if s.is_stopper() {
        return Ok(s);
    }
    let (v, who) = alternating_cycle_node(&s).unwrap_or((0, crate::loopy::Side::Left));
    Err(Error::new(
        ErrorKind::InvalidInput,
        format!(
            "the {} is not a stopper: from node {v} with {who} to move, play alternates forever \
             in every simplified form found",
            if onside { "onside" } else { "offside" }
        ),
    ))
}

/// The rule that compares two versions of a side: the stoppers' when
/// both are stoppers (the rules agree there), else the side's own.
pub fn side_rule(g: &LoopyGame, h: &LoopyGame, onside: bool) -> Rule {
    if g.is_stopper() && h.is_stopper() {
        Rule::Stopper
    } else if onside {
        Rule::Onside
    } else {
        Rule::Offside
    }
}

/// One side of `g`, simplified: its canonical stopper when one is found,
/// else a graph with alternating cycles from which no move can be deleted
/// without changing the side's value (there is no simplest form in
/// general, as for Bach's Carousel).
///
/// Moves are deleted while the side's value (compared by
/// [`Rule::Onside`] or [`Rule::Offside`]) stays the same: first moves on
/// alternating cycles, Right's before Left's for the onside; when none of
/// those can go, any other move (a dominated one), after which cyclic moves
/// are tried again. A stopper reached on the way is made canonical.
pub fn simplified_side(g: &LoopyGame, onside: bool, budget: &Budget) -> Result<LoopyGame> {
    let rule = if onside { Rule::Onside } else { Rule::Offside };
    let mut cur = merge_bisimilar(g);
    // Onside: Right's moves first (deleting them can only help Left).
    let order = if onside { [false, true] } else { [true, false] };
    // Sweeps over the moves, each deleting what it can, until a sweep of
    // every move deletes none: cyclic moves alone while they give way.
    let mut cyclic_only = true;
    loop {
        if cur.is_stopper() {
            return canonical_stopper(&cur, budget);
        }
        let mut deleted = false;
        // Recomputed after each deletion only.
        let mut on_cycles = cyclic_states(&cur);
        for left_edge in order {
            let mut v = 0;
            while (v as usize) < cur.len() {
                let from = 2 * v as usize + if left_edge { 0 } else { 1 };
                let opts = if left_edge { cur.left(v) } else { cur.right(v) }.to_vec();
                for w in opts {
                    let to = 2 * w as usize + if left_edge { 1 } else { 0 };
                    let cyclic = on_cycles[from] && on_cycles[to];
                    if cyclic_only && !cyclic {
                        continue;
                    }
                    let cand = without_edge(&cur, v, w, left_edge);
                    // Without a Left move the game is no better for Left,
                    // without a Right move no worse: one comparison says
                    // whether the value stayed.
                    let same = if left_edge {
                        leq(&cur, 0, &cand, 0, rule, budget)?
                    } else {
                        leq(&cand, 0, &cur, 0, rule, budget)?
                    };
                    if same {
                        cur = cand;
                        on_cycles = cyclic_states(&cur);
                        deleted = true;
                        break;
                    }
                }
                v += 1;
            }
        }
        match (deleted, cyclic_only) {
            (true, _) => cyclic_only = true,
            (false, true) => cyclic_only = false,
            (false, false) => return Ok(merge_bisimilar(&cur)),
        }
    }
}

/// `g` with bisimilar nodes merged: nodes whose Left options and Right
/// options fall in the same classes, refined from one class until no class
/// splits (the coarsest such partition). Bisimilar nodes are the same game
/// played from different places, so every node keeps its value under any
/// rule of infinite play.
pub fn merge_bisimilar(g: &LoopyGame) -> LoopyGame {
    let n = g.len();
    let mut class = vec![0u32; n];
    let mut classes = 1;
    loop {
        let mut ids: rustc_hash::FxHashMap<(u32, Vec<u32>, Vec<u32>), u32> = Default::default();
        let mut next = Vec::with_capacity(n);
        for v in 0..n as u32 {
            let of = |opts: &[u32]| {
                let mut c: Vec<u32> = opts.iter().map(|&w| class[w as usize]).collect();
                c.sort_unstable();
                c.dedup();
                c
            };
            let key = (class[v as usize], of(g.left(v)), of(g.right(v)));
            let fresh = ids.len() as u32;
            next.push(*ids.entry(key).or_insert(fresh));
        }
        let count = ids.len();
        class = next;
        if count == classes {
            break;
        }
        classes = count;
    }
    // One node per class: the first of its members.
    let mut left = vec![Vec::new(); classes];
    let mut right = vec![Vec::new(); classes];
    let mut done = vec![false; classes];
    for v in 0..n as u32 {
        let c = class[v as usize] as usize;
        if std::mem::replace(&mut done[c], true) {
            continue;
        }
        left[c] = g.left(v).iter().map(|&w| class[w as usize]).collect();
        right[c] = g.right(v).iter().map(|&w| class[w as usize]).collect();
    }
    LoopyGame::packed(&left, &right, class[0])
}

fn without_edge(g: &LoopyGame, v: u32, w: u32, left_edge: bool) -> LoopyGame {
    let mut left = g.left_edges().to_vec();
    let mut right = g.right_edges().to_vec();
    let opts = if left_edge { &mut left[v as usize] } else { &mut right[v as usize] };
    opts.retain(|&x| x != w);
    LoopyGame::packed(&left, &right, 0)
}

/// Alternating states `2v` (Left to move) / `2v + 1` that can both be reached
/// from and reach an alternating cycle.
fn cyclic_states(g: &LoopyGame) -> Vec<bool> {
    let n = g.len();
    let succ = |s: usize| -> Vec<usize> {
        let v = (s / 2) as u32;
        if s % 2 == 0 {
            g.left(v).iter().map(|&w| 2 * w as usize + 1).collect()
        } else {
            g.right(v).iter().map(|&w| 2 * w as usize).collect()
        }
    };
    let edges: Vec<Vec<usize>> = (0..2 * n).map(succ).collect();
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); 2 * n];
    for (s, row) in edges.iter().enumerate() {
        for &t in row {
            pred[t].push(s);
        }
    }
    let peel = |fwd: &Vec<Vec<usize>>, back: &Vec<Vec<usize>>| -> Vec<bool> {
        let mut deg: Vec<usize> = fwd.iter().map(Vec::len).collect();
        let mut gone = vec![false; 2 * n];
        let mut queue: Vec<usize> = (0..2 * n).filter(|&s| deg[s] == 0).collect();
        for &s in &queue {
            gone[s] = true;
        }
        while let Some(t) = queue.pop() {
            for &s in &back[t] {
                deg[s] -= 1;
                if deg[s] == 0 && !gone[s] {
                    gone[s] = true;
                    queue.push(s);
                }
            }
        }
        gone
    };
    let a = peel(&edges, &pred);
    let b = peel(&pred, &edges);
    (0..2 * n).map(|s| !a[s] && !b[s]).collect()
}

/// Whether a stop of the canonical stopper `g` exceeds the same stop of
/// `h`, which rules out `g ≤ h`.
pub fn stops_exceed(g: &LoopyGame, h: &LoopyGame, budget: &Budget) -> Result<bool> {
    let mut arena = crate::game::Arena::new().with_budget(budget.clone());
    let (a, b) = (super::stops::stops(g, &mut arena)?, super::stops::stops(h, &mut arena)?);
    Ok(a.left > b.left || a.right > b.right)
}

/// The value of a loopy game: its onside and offside, canonical stoppers
/// when the game is stopper-sided (equal, as games, exactly when the game is
/// equal to a stopper), else simplified graphs ([`simplified_side`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SidedValue {
    /// `G⁺`: a canonical stopper, or (for a game that is not
    /// stopper-sided) a simplified graph that is not a stopper.
    pub onside: LoopyGame,
    /// `G⁻`: a canonical stopper, or a simplified graph that is not a
    /// stopper.
    pub offside: LoopyGame,
}

impl SidedValue {
    /// The value of `g`: its canonical stopper when `g` is a stopper, else
    /// its two sides.
    ///
    /// Sides that are not stoppers (a game that is not stopper-sided, such
    /// as Bach's Carousel) are kept simplified ([`simplified_side`]).
    pub fn of(g: &LoopyGame, budget: &Budget) -> Result<Self> {
        if g.is_stopper() {
            let s = canonical_stopper(g, budget)?;
            return Ok(SidedValue { onside: s.clone(), offside: s });
        }
        let onside = simplified_side(g, true, budget)?;
        let offside = simplified_side(g, false, budget)?;
        Ok(SidedValue { onside, offside })
    }

    /// Whether both sides are stoppers (then they are canonical stoppers).
    pub fn is_stopper_sided(&self) -> bool {
        self.onside.is_stopper() && self.offside.is_stopper()
    }

    /// `onside & offside` from two stoppers. Fails if either is not a
    /// stopper or the onside is not ≥ the offside.
    pub fn from_sides(onside: &LoopyGame, offside: &LoopyGame, budget: &Budget) -> Result<Self> {
        let on = canonical_stopper(onside, budget)?;
        let off = canonical_stopper(offside, budget)?;
        if !leq(&off, 0, &on, 0, Rule::Stopper, budget)? {
            return Err(Error::invalid("in `onside & offside` the onside must be ≥ the offside"));
        }
        Ok(SidedValue { onside: on, offside: off })
    }

    /// Whether the value is a stopper (its sides are equal).
    pub fn is_stopper(&self, budget: &Budget) -> Result<bool> {
        if !self.is_stopper_sided() {
            return Ok(false);
        }
        stoppers_equal(&self.onside, &self.offside, budget)
    }

    /// The negative `−G = (−G⁻) & (−G⁺)`.
    pub fn negative(&self) -> Self {
        SidedValue { onside: self.offside.negative(), offside: self.onside.negative() }
    }

    /// The sum: onsides added with infinite play to Left (upsum), offsides
    /// with infinite play to Right (downsum).
    pub fn sum(&self, other: &SidedValue, max_nodes: usize, budget: &Budget) -> Result<Self> {
        let on = self.onside.sum_within(&other.onside, max_nodes, budget)?;
        let off = self.offside.sum_within(&other.offside, max_nodes, budget)?;
        Ok(SidedValue {
            onside: simplified_side(&on, true, budget)?,
            offside: simplified_side(&off, false, budget)?,
        })
    }

    /// `self ≤ other`: onsides and offsides both in order.
    ///
    /// Stops keep the order of stoppers, so a side whose stops exceed the
    /// other's settles "no" in time linear in the games; only the rest goes
    /// to the survival search of the product.
    ///
    /// Sides that are not stoppers are compared by their own rule
    /// ([`side_rule`]), without the stops.
    pub fn leq(&self, other: &SidedValue, budget: &Budget) -> Result<bool> {
        let pairs = [(&self.onside, &other.onside, true), (&self.offside, &other.offside, false)];
        for (g, h, _) in pairs {
            if g.is_stopper() && h.is_stopper() && stops_exceed(g, h, budget)? {
                return Ok(false);
            }
        }
        for (g, h, onside) in pairs {
            if !leq(g, 0, h, 0, side_rule(g, h, onside), budget)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Equality of values.
    pub fn equals(&self, other: &SidedValue, budget: &Budget) -> Result<bool> {
        Ok(self.leq(other, budget)? && other.leq(self, budget)?)
    }

    /// The outcome class (CGSuite's, from the sides compared with 0).
    pub fn outcome(&self, budget: &Budget) -> Result<super::outcome::LoopyOutcome> {
        super::outcome::LoopyOutcome::of_sides(self, budget)
    }
}
