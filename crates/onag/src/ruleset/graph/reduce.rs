//! Hackenbush positions simplified by the colon principle, for the normal
//! form the solver keys its table by.
//!
//! If a part H of a Hackenbush picture meets the rest only at one vertex v,
//! replacing H by any H' of the same value keeps the value of the whole
//! (play H − H' as a second-player win and copy every other move). Two
//! kinds of part have a value known without search and a small picture of
//! that value:
//!
//! - a tree of blue and red edges is a number: a branch above an edge of
//!   colour c is the ordinal sum c : x, whose sign expansion is c's sign
//!   followed by x's; a number is drawn as its shortest string
//!   ([`Stalk::of_value`]);
//! - a picture of green edges is a nimber *n (colon and fusion principles: a
//!   green edge over *n is *(n+1); a 2-connected block of k green edges with
//!   *n_i hanging on its vertices is *((k mod 2) ⊕ n_1 ⊕ n_2 ⊕ …)); it is
//!   drawn as a green string of n edges.
//!
//! The picture is cut into blocks (2-connected parts, bridges and loops) by
//! an iterative Tarjan search from the ground; blocks are valued from the
//! top down to the ground, and at every vertex the known branches are
//! replaced by one blue-red string (their sum) and one green string (their
//! nim-sum). A value of n edges' worth never needs more than n edges, so the
//! picture never grows. Childish Hackenbush has no colon principle (whether
//! a branch is empty matters), so only plain Hackenbush is reduced.

use super::hackenbush::{BLUE, GREEN, RED};
use super::multigraph::{Graph, GraphBuilder};
use super::stalks::Stalk;
use crate::number::Dyadic;

/// A branch's value, when known without search.
#[derive(Clone, Debug)]
enum Value {
    Number(Dyadic),
    Nim(u64),
    Unknown,
}

/// A block: the vertex it hangs from (nearest the ground) and its edges.
struct Block {
    attach: u8,
    edges: Vec<u32>,
}

/// The sum of the branches hanging at a vertex: number part, nim part, and
/// whether some branch is unknown.
struct Sum {
    number: Dyadic,
    nim: u64,
    unknown: bool,
}

const NO_EDGE: u32 = u32::MAX;
const UNSEEN: u32 = u32::MAX;

/// The blocks of a connected graph from vertex 0, each after every block
/// hanging above it (loops first). `None` if some vertex is not connected.
fn blocks(n: usize, edges: &[(u8, u8, u8)]) -> Option<Vec<Block>> {
    let mut incident: Vec<Vec<(u32, u8)>> = vec![Vec::new(); n];
    let mut out = Vec::new();
    for (id, &(a, b, _)) in edges.iter().enumerate() {
        if a == b {
            out.push(Block { attach: a, edges: vec![id as u32] });
        } else {
            incident[a as usize].push((id as u32, b));
            incident[b as usize].push((id as u32, a));
        }
    }
    let mut disc = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    // (vertex, next incident entry, edge to the parent)
    let mut frames: Vec<(usize, usize, u32)> = vec![(0, 0, NO_EDGE)];
    let mut stack: Vec<u32> = Vec::new();
    disc[0] = 0;
    let mut time = 1u32;
    while let Some(top) = frames.len().checked_sub(1) {
        let (v, i, parent_edge) = frames[top];
        if i < incident[v].len() {
            frames[top].1 += 1;
            let (e, w) = incident[v][i];
            let w = w as usize;
            if e == parent_edge {
                continue;
            }
            if disc[w] == UNSEEN {
                stack.push(e);
                disc[w] = time;
                low[w] = time;
                time += 1;
                frames.push((w, 0, e));
            } else if disc[w] < disc[v] {
                stack.push(e);
                low[v] = low[v].min(disc[w]);
            }
            continue;
        }
        frames.pop();
        if let Some(&(u, _, _)) = frames.last() {
            low[u] = low[u].min(low[v]);
            if low[v] >= disc[u] {
                let mut block = Vec::new();
                while let Some(e) = stack.pop() {
                    block.push(e);
                    if e == parent_edge {
                        break;
                    }
                }
                out.push(Block { attach: u as u8, edges: block });
            }
        }
    }
    if disc.contains(&UNSEEN) {
        return None;
    }
    Some(out)
}

/// The value of the ordinal sum c : x for a blue or red edge c over the
/// number x: the sign expansion of x with c's sign in front. When x has c's
/// sign (or is 0) the first run just grows: x ± 1. Otherwise all of x's
/// signs move down to the halves: for blue over x < 0 with r = ⌈−x⌉ (the
/// length of x's first run) the value is (x + r + 1) / 2^r, and red over
/// x > 0 is its mirror image.
fn over(blue: bool, x: &Dyadic) -> Dyadic {
    let one = Dyadic::from_i64(1);
    let s = x.signum();
    if blue && s >= 0 {
        return x + &one;
    }
    if !blue && s <= 0 {
        return x - &one;
    }
    let a = if blue { -x } else { x.clone() };
    let run = a.ceil();
    let top = Dyadic::from_bigint(&(&run + 1));
    let t = match u32::try_from(&run).ok().map(|r| (&top - &a).div_pow2(r)) {
        Some(Ok(t)) => t,
        // Beyond any picture's size: spell the sign expansion out.
        _ => {
            let mut edges = vec![blue];
            edges.extend_from_slice(Stalk::of_value(x).edges());
            return Stalk::from_edges(edges).value();
        }
    };
    if blue { t } else { -t }
}

/// The plain-Hackenbush position `graph` (ground 0, connected) with every
/// branch of known value replaced by strings (see the module documentation).
pub(super) fn reduce(graph: &Graph) -> Graph {
    let n = graph.vertex_count();
    let edges: Vec<(u8, u8, u8)> = graph.edges().map(|(a, h)| (a, h.to, h.label)).collect();
    if edges.is_empty() {
        return graph.clone();
    }
    let Some(blocks) = blocks(n, &edges) else { return graph.clone() };
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, block) in blocks.iter().enumerate() {
        children[block.attach as usize].push(b);
    }
    let mut values: Vec<Value> = Vec::with_capacity(blocks.len());
    let sum_at = |v: usize, values: &[Value]| {
        let mut s = Sum { number: Dyadic::zero(), nim: 0, unknown: false };
        for &b in &children[v] {
            match &values[b] {
                Value::Number(x) => s.number = &s.number + x,
                Value::Nim(k) => s.nim ^= k,
                Value::Unknown => s.unknown = true,
            }
        }
        s
    };
    for block in &blocks {
        let value = if let [e] = block.edges[..] {
            let (a, b, colour) = edges[e as usize];
            if a == b {
                leaf_value(colour)
            } else {
                let w = if a == block.attach { b } else { a };
                let s = sum_at(w as usize, &values);
                edge_over(colour, &s)
            }
        } else if block.edges.iter().all(|&e| edges[e as usize].2 == GREEN) {
            let mut nim = (block.edges.len() % 2) as u64;
            let mut known = true;
            for w in block_vertices(block, &edges) {
                let s = sum_at(w as usize, &values);
                if s.unknown || s.number.signum() != 0 {
                    known = false;
                    break;
                }
                nim ^= s.nim;
            }
            if known { Value::Nim(nim) } else { Value::Unknown }
        } else {
            Value::Unknown
        };
        values.push(value);
    }
    rebuild(graph, &edges, &blocks, &children, &values).unwrap_or_else(|| graph.clone())
}

/// The vertices of a block other than the one it hangs from.
fn block_vertices(block: &Block, edges: &[(u8, u8, u8)]) -> Vec<u8> {
    let mut vs: Vec<u8> = Vec::new();
    for &e in &block.edges {
        let (a, b, _) = edges[e as usize];
        for v in [a, b] {
            if v != block.attach && !vs.contains(&v) {
                vs.push(v);
            }
        }
    }
    vs
}

/// A single edge (or loop) of `colour` with nothing above it.
fn leaf_value(colour: u8) -> Value {
    match colour {
        BLUE => Value::Number(Dyadic::from_i64(1)),
        RED => Value::Number(Dyadic::from_i64(-1)),
        GREEN => Value::Nim(1),
        _ => Value::Unknown,
    }
}

/// An edge of `colour` with branches worth `s` on top.
fn edge_over(colour: u8, s: &Sum) -> Value {
    if s.unknown {
        return Value::Unknown;
    }
    match (colour, s.number.signum() == 0, s.nim == 0) {
        (_, true, true) => leaf_value(colour),
        (BLUE | RED, false, true) => Value::Number(over(colour == BLUE, &s.number)),
        (GREEN, true, false) => Value::Nim(s.nim + 1),
        _ => Value::Unknown,
    }
}

/// The graph with each vertex's known branches replaced by strings, built
/// from the ground up. `None` only if a limit is hit (it cannot be: the
/// picture does not grow).
fn rebuild(
    graph: &Graph,
    edges: &[(u8, u8, u8)],
    blocks: &[Block],
    children: &[Vec<usize>],
    values: &[Value],
) -> Option<Graph> {
    let mut b = GraphBuilder::new();
    let mut map = vec![u8::MAX; graph.vertex_count()];
    map[0] = b.add_vertex(graph.label(0)).ok()?;
    let mut todo = vec![0usize];
    while let Some(x) = todo.pop() {
        let nx = map[x];
        let mut number = Dyadic::zero();
        let mut nim = 0u64;
        for &k in &children[x] {
            match &values[k] {
                Value::Number(v) => number = &number + v,
                Value::Nim(m) => nim ^= m,
                Value::Unknown => {
                    let block = &blocks[k];
                    for w in block_vertices(block, edges) {
                        map[w as usize] = b.add_vertex(graph.label(w as usize)).ok()?;
                        todo.push(w as usize);
                    }
                    for &e in &block.edges {
                        let (p, q, colour) = edges[e as usize];
                        b.add_edge(map[p as usize], map[q as usize], colour).ok()?;
                    }
                }
            }
        }
        let mut top = nx;
        for &blue in Stalk::of_value(&number).edges() {
            let w = b.add_vertex(0).ok()?;
            b.add_edge(top, w, if blue { BLUE } else { RED }).ok()?;
            top = w;
        }
        let mut top = nx;
        for _ in 0..nim {
            let w = b.add_vertex(0).ok()?;
            b.add_edge(top, w, GREEN).ok()?;
            top = w;
        }
    }
    b.build().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::graph::hackenbush::LABELS;
    use crate::ruleset::graph::notation::{parse, write};

    fn r(text: &str) -> String {
        write(&reduce(&parse(text, LABELS).unwrap()), LABELS)
    }

    #[test]
    fn ordinal_sums_of_numbers_follow_sign_expansions() {
        for num in -40i64..=40 {
            for exp in 0..5 {
                let x = Dyadic::new(num, exp);
                for blue in [true, false] {
                    let mut edges = vec![blue];
                    edges.extend_from_slice(Stalk::of_value(&x).edges());
                    assert_eq!(over(blue, &x), Stalk::from_edges(edges).value(), "{blue} {x}");
                }
            }
        }
    }

    #[test]
    fn known_branches_become_strings() {
        assert_eq!(r("l(l;rl)"), "llr");
        assert_eq!(r("e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))"), "ee");
        assert_eq!(r("eeeeeee"), "eeeeeee");
        assert_eq!(r("lr(l;r)"), "lr");
        assert_eq!(r("l(e;r)"), "l(r;e)");
        assert_eq!(r("lrlerrr"), "lrlerrr");
        assert_eq!(r(":Aeee:A"), "e");
        assert_eq!(r(":Alr:A"), ":Arl:A");
    }
}
