//! Green Hackenbush: the seed's worked examples, and the fast solver (fusion +
//! colon principles, winning cuts by cut classes) against a brute-force search of
//! the game itself on thousands of small random graphs.

use onag::Budget;
use onag::impartial::ImpartialPosition;
use onag::impartial::hackenbush::{
    CutSearch, GreenHackenbush, parse_edge_list, parse_strings, solve,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashMap;

fn graph(edges: &[(&str, &str)]) -> GreenHackenbush {
    GreenHackenbush::from_named_edges(edges.iter().copied())
}

fn all_cut_lines(g: &GreenHackenbush) -> Vec<usize> {
    let sol = solve(g, CutSearch::All, &Budget::unlimited()).unwrap();
    sol.winning_moves.iter().map(|c| c.line).collect()
}

// ---------------------------------------------------------------------------
// Brute force, written from the rules only: a position is a set of edges (a
// bitmask); a move removes one edge and then every edge no longer connected to
// the ground; the value is the mex of the options' values.

struct Brute {
    /// Per mask: the edges of the mask still connected to the ground.
    grounded: Vec<u16>,
    /// Per grounded mask: its value (computed in increasing mask order; every
    /// option of a mask is a smaller number).
    value: Vec<u8>,
}

impl Brute {
    fn new(ends: &[(u32, u32)]) -> Self {
        let k = ends.len();
        assert!(k <= 12);
        let size = 1usize << k;
        let mut grounded = vec![0u16; size];
        for (mask, slot) in grounded.iter_mut().enumerate() {
            let mut reach: u64 = 1; // vertex 0 is the ground
            let mut kept = 0u16;
            loop {
                let before = kept;
                for (e, &(a, b)) in ends.iter().enumerate() {
                    if mask >> e & 1 == 1 && (reach >> a & 1 == 1 || reach >> b & 1 == 1) {
                        reach |= 1 << a | 1 << b;
                        kept |= 1 << e;
                    }
                }
                if kept == before {
                    break;
                }
            }
            *slot = kept;
        }
        let mut value = vec![0u8; size];
        for mask in 0..size {
            if grounded[mask] as usize != mask {
                continue;
            }
            let mut seen = [false; 16];
            for e in 0..k {
                if mask >> e & 1 == 1 {
                    let option = grounded[mask & !(1 << e)] as usize;
                    seen[value[option] as usize] = true;
                }
            }
            value[mask] = seen.iter().position(|&s| !s).unwrap() as u8;
        }
        Brute { grounded, value }
    }

    fn value_of(&self, mask: usize) -> u64 {
        u64::from(self.value[self.grounded[mask] as usize])
    }
}

fn random_graph(rng: &mut StdRng) -> Vec<(u32, u32)> {
    let k = rng.gen_range(1..=12);
    let most = if rng.gen_bool(0.5) { 5 } else { 9 };
    let vertices = rng.gen_range(2..=most);
    let mut ends = Vec::new();
    for i in 0..k {
        // Keep most graphs grounded and connected-ish: often attach to an earlier vertex.
        let a = if i == 0 { 0 } else { rng.gen_range(0..vertices) };
        let b = rng.gen_range(0..vertices);
        ends.push((a, b));
    }
    ends
}

fn to_game(ends: &[(u32, u32)], mask: usize) -> GreenHackenbush {
    let names: Vec<String> =
        (0..16).map(|i| if i == 0 { "G".into() } else { format!("v{i}") }).collect();
    let pairs: Vec<(String, String)> = ends
        .iter()
        .enumerate()
        .filter(|(e, _)| mask >> e & 1 == 1)
        .map(|(_, &(a, b))| (names[a as usize].clone(), names[b as usize].clone()))
        .collect();
    GreenHackenbush::from_named_edges(pairs.iter().map(|(a, b)| (a.as_str(), b.as_str())))
}

/// Checks the fast value and the complete set of winning cuts of the position
/// `mask` of the graph `ends` against the brute force.
fn check_position(ends: &[(u32, u32)], mask: usize, brute: &Brute) {
    let game = to_game(ends, mask);
    let kept: Vec<usize> = (0..ends.len()).filter(|e| mask >> e & 1 == 1).collect();
    let expected = brute.value_of(mask);
    let sol = solve(&game, CutSearch::All, &Budget::unlimited()).unwrap();
    assert_eq!(sol.value, expected, "value of {ends:?} mask {mask:b}");
    assert_eq!(game.value(), expected);
    let grounded = brute.grounded[mask] as usize;
    let expected_cuts: Vec<usize> = kept
        .iter()
        .enumerate()
        .filter(|&(_, &e)| grounded >> e & 1 == 1 && brute.value_of(mask & !(1 << e)) == 0)
        .map(|(i, _)| i)
        .collect();
    let got: Vec<usize> = sol.winning_moves.iter().map(|c| c.edge).collect();
    assert_eq!(got, expected_cuts, "winning cuts of {ends:?} mask {mask:b} (value {expected})");
    // Every reported cut, re-solved: value 0.
    for &e in &got {
        assert_eq!(game.cut(e).value(), 0);
    }
    let one = solve(&game, CutSearch::One, &Budget::unlimited()).unwrap();
    assert_eq!(one.winning_moves.len(), usize::from(expected != 0));
    if let Some(c) = one.winning_moves.first() {
        assert!(expected_cuts.contains(&c.edge));
    }
}

#[test]
fn brute_force_agrees_on_random_graphs_and_all_their_positions() {
    let mut rng = StdRng::seed_from_u64(7);
    for round in 0..3000 {
        let ends = random_graph(&mut rng);
        let brute = Brute::new(&ends);
        let full = (1usize << ends.len()) - 1;
        check_position(&ends, full, &brute);
        // Every reachable position of the first graphs too.
        if round < 150 {
            for mask in 0..full {
                if brute.grounded[mask] as usize == mask {
                    check_position(&ends, mask, &brute);
                }
            }
        }
    }
}

#[test]
fn brute_force_agrees_on_dense_cycle_rich_graphs() {
    // Few vertices, many edges: loops, parallel edges, cycles sharing vertices.
    let mut rng = StdRng::seed_from_u64(70);
    for _ in 0..1500 {
        let k = rng.gen_range(6..=12);
        let vertices = rng.gen_range(2..=4);
        let ends: Vec<(u32, u32)> =
            (0..k).map(|_| (rng.gen_range(0..vertices), rng.gen_range(0..vertices))).collect();
        let brute = Brute::new(&ends);
        check_position(&ends, (1 << k) - 1, &brute);
    }
}

#[test]
fn options_and_split_agree_with_the_value() {
    // A generic mex search over `options`, using `split` for sums: the position
    // type plays the game correctly.
    fn sg(g: &GreenHackenbush, memo: &mut FxHashMap<GreenHackenbush, u64>) -> u64 {
        if let Some(&v) = memo.get(g) {
            return v;
        }
        let v = match g.split() {
            Some(parts) => parts.iter().fold(0, |acc, p| acc ^ sg(p, memo)),
            None => onag::impartial::mex(g.options().iter().map(|o| sg(o, memo))),
        };
        memo.insert(g.clone(), v);
        v
    }
    let mut rng = StdRng::seed_from_u64(77);
    for _ in 0..200 {
        let mut ends = random_graph(&mut rng);
        ends.truncate(8);
        let game = to_game(&ends, (1 << ends.len()) - 1);
        let mut memo = FxHashMap::default();
        assert_eq!(sg(&game.grounded(), &mut memo), game.value(), "{ends:?}");
        if let Some(parts) = game.split() {
            assert!(parts.len() >= 2);
            assert_eq!(parts.iter().fold(0, |acc, p| acc ^ p.value()), game.value());
        }
    }
}

// ---------------------------------------------------------------------------
// Seed 004, section 五. The figures themselves are pictures; what the text
// describes in words is transcribed here.

#[test]
fn seed_bamboo_is_nim() {
    for n in 0..20 {
        assert_eq!(GreenHackenbush::stalk(n).value(), n as u64);
    }
}

/// Figure 3.1, first tree, as the text walks through it: vertex 1 has two
/// branches of one edge each (they cancel), then vertex 2 has two branches of
/// one edge each (they cancel), leaving a stalk of one edge: value 1.
fn seed_tree_one() -> Vec<(&'static str, &'static str)> {
    vec![("G", "2"), ("2", "1"), ("2", "w"), ("1", "x"), ("1", "y")]
}

/// Figure 3.2, next-to-last picture (described in the text): one edge from the
/// ground, then three stalks of 3, 2 and 6 edges: 1 + (3 ⊕ 2 ⊕ 6) = 8.
fn seed_tree_two() -> Vec<(&'static str, &'static str)> {
    let mut edges = vec![("G", "r")];
    edges.extend([("r", "a1"), ("a1", "a2"), ("a2", "a3")]);
    edges.extend([("r", "b1"), ("b1", "b2")]);
    edges.extend([
        ("r", "c1"),
        ("c1", "c2"),
        ("c2", "c3"),
        ("c3", "c4"),
        ("c4", "c5"),
        ("c5", "c6"),
    ]);
    edges
}

#[test]
fn seed_trees_worth_1_and_8() {
    assert_eq!(graph(&seed_tree_one()).value(), 1);
    assert_eq!(graph(&seed_tree_two()).value(), 8);
    // The colon principle on the string form of the same trees.
    assert_eq!(parse_strings(&["e(e(e;e);e)"]).unwrap().value(), 1);
    assert_eq!(parse_strings(&["e(eee;ee;eeeeee)"]).unwrap().value(), 8);
}

#[test]
fn seed_sum_13_and_its_winning_cuts() {
    // The third tree (worth 4) is only a picture; a stalk of 4 stands in for it
    // (the colon principle makes any tree of value 4 equivalent).
    let mut edges = seed_tree_one();
    edges.extend(seed_tree_two());
    edges.extend([("G", "d1"), ("d1", "d2"), ("d2", "d3"), ("d3", "d4")]);
    let g = graph(&edges);
    assert_eq!(g.value(), 1 ^ 8 ^ 4);
    assert_eq!(g.value(), 13);
    let sol = solve(&g, CutSearch::All, &Budget::unlimited()).unwrap();
    let cuts: Vec<(String, String)> =
        sol.winning_moves.iter().map(|c| (c.from.clone(), c.to.clone())).collect();
    // The text: the second tree must become 5; remove the whole left stalk of 3,
    // or one edge of the middle stalk (2 → 1), or one of the right (6 → 5).
    let expected: Vec<(String, String)> = [("r", "a1"), ("b1", "b2"), ("c5", "c6")]
        .iter()
        .map(|&(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(cuts, expected);
}

#[test]
fn seed_fusion_rules_from_the_text() {
    // The door: two ground points are one, so a door is a triangle on the floor,
    // three loops, worth 1.
    assert_eq!(graph(&[("G", "a"), ("a", "b"), ("b", "G")]).value(), 1);
    // An odd cycle is worth one edge hanging from its vertex, an even one a point.
    for n in 1..12usize {
        let names: Vec<String> = (0..n).map(|i| format!("c{i}")).collect();
        let mut edges: Vec<(&str, &str)> = vec![("G", "c0")];
        for i in 0..n {
            edges.push((&names[i], &names[(i + 1) % n]));
        }
        // Edge G–c0 then a cycle of n at c0 (n = 1 is a loop, n = 2 a double edge).
        assert_eq!(graph(&edges).value(), 1 + (n as u64 % 2), "cycle of {n}");
    }
    // A loop is a leaf edge.
    assert_eq!(graph(&[("G", "G")]).value(), 1);
    assert_eq!(graph(&[("G", "a"), ("a", "a"), ("a", "a")]).value(), 1);
}

#[test]
fn edge_list_file_with_comments() {
    let text = "# the first tree of figure 3.1\nG 2\n2 1\n2 w\n1 x\n1 y\n# a floating edge\np q\n";
    let g = parse_edge_list(text).unwrap();
    assert_eq!(g.value(), 1);
    assert_eq!(all_cut_lines(&g), vec![2]);
}

#[test]
fn a_path_of_a_million_edges_needs_no_recursion() {
    let g = GreenHackenbush::stalk(1_000_000);
    assert_eq!(g.value(), 1_000_000);
    let sol = solve(&g, CutSearch::One, &Budget::unlimited()).unwrap();
    assert_eq!(sol.winning_moves[0].line, 1);
    // A cycle of a million edges through the ground: even, worth 0.
    let mut edges: Vec<(String, String)> =
        (0..999_999).map(|i| (format!("{i}"), format!("{}", i + 1))).collect();
    edges[0].0 = "G".into();
    edges.push(("999999".into(), "G".into()));
    let g = GreenHackenbush::from_named_edges(edges.iter().map(|(a, b)| (a.as_str(), b.as_str())));
    assert_eq!(g.value(), 0);
}

#[test]
fn a_long_odd_cycle_is_cut_in_the_middle() {
    // G, 1, 2, …, 100000, G: 100001 edges, worth 1. Cutting the i-th edge leaves
    // stalks of i − 1 and 100001 − i edges, worth 0 only when they are equal.
    let m = 100_001usize;
    let names: Vec<String> =
        (0..m).map(|i| if i == 0 { "G".to_string() } else { i.to_string() }).collect();
    let edges: Vec<(&str, &str)> =
        (0..m).map(|i| (names[i].as_str(), names[(i + 1) % m].as_str())).collect();
    let g = GreenHackenbush::from_named_edges(edges);
    assert_eq!(g.value(), 1);
    assert_eq!(all_cut_lines(&g), vec![50_001]);
    let one = solve(&g, CutSearch::One, &Budget::unlimited()).unwrap();
    assert_eq!(one.winning_moves[0].line, 50_001);
}
