//! Game graphs against searches written from the definitions: Grundy values
//! (mex), misère outcomes (win/loss search), sums (the explicit product graph)
//! and Every-SG (the explicit "move in every component" game).

use onag::Budget;
use onag::impartial::Outcome;
use onag::impartial::graph::every_sg::{
    SubtractionSet, steps, subtraction_best_move, subtraction_steps, sum_outcome,
};
use onag::impartial::graph::misere::misere_values;
use onag::impartial::graph::solve::grundy_values;
use onag::impartial::graph::sum::{Component, solve_sum};
use onag::impartial::graph::{GameGraph, GraphPosition, PositionId, parse_json, parse_text};
use onag::impartial::solve::grundy_value;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A small DAG as adjacency lists (edges from `i` go to larger indices before
/// the positions are shuffled), with names.
#[derive(Debug, Clone)]
struct Dag {
    names: Vec<String>,
    moves: Vec<Vec<u32>>,
}

impl Dag {
    fn random(rng: &mut StdRng, max_n: usize, density: f64) -> Dag {
        let n = rng.gen_range(1..=max_n);
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.shuffle(rng);
        let mut moves = vec![Vec::new(); n];
        for i in 0..n {
            for j in i + 1..n {
                if rng.gen_bool(density) {
                    moves[order[i] as usize].push(order[j]);
                }
            }
        }
        let names = (0..n).map(|i| format!("p{i}")).collect();
        Dag { names, moves }
    }

    fn graph(&self) -> GameGraph {
        GameGraph::from_moves(&self.names, &self.moves).unwrap()
    }

    fn text(&self) -> String {
        let mut out = String::new();
        for (i, name) in self.names.iter().enumerate() {
            out.push_str(name);
            out.push(':');
            for &m in &self.moves[i] {
                out.push(' ');
                out.push_str(&self.names[m as usize]);
            }
            out.push('\n');
        }
        out
    }
}

/// Grundy value from the definition: mex of the options' values (recursive;
/// the graphs are tiny).
fn brute_grundy(dag: &Dag, v: usize, memo: &mut Vec<Option<u64>>) -> u64 {
    if let Some(g) = memo[v] {
        return g;
    }
    let values: Vec<u64> =
        dag.moves[v].iter().map(|&w| brute_grundy(dag, w as usize, memo)).collect();
    let mut g = 0;
    while values.contains(&g) {
        g += 1;
    }
    memo[v] = Some(g);
    g
}

/// Whether the player to move wins in misère play (the player who cannot
/// move wins).
fn brute_misere_wins(dag: &Dag, v: usize, memo: &mut Vec<Option<bool>>) -> bool {
    if let Some(w) = memo[v] {
        return w;
    }
    let wins = dag.moves[v].is_empty()
        || dag.moves[v].iter().any(|&w| !brute_misere_wins(dag, w as usize, memo));
    memo[v] = Some(wins);
    wins
}

/// Whether the player to move wins the Every-SG sum (x in a, y in b): each
/// move moves every component that can move; no move at all loses.
fn brute_every_sg_wins(
    a: &Dag,
    b: &Dag,
    x: usize,
    y: usize,
    memo: &mut [Vec<Option<bool>>],
) -> bool {
    if let Some(w) = memo[x][y] {
        return w;
    }
    let xs: Vec<usize> = if a.moves[x].is_empty() {
        vec![x]
    } else {
        a.moves[x].iter().map(|&m| m as usize).collect()
    };
    let ys: Vec<usize> = if b.moves[y].is_empty() {
        vec![y]
    } else {
        b.moves[y].iter().map(|&m| m as usize).collect()
    };
    let terminal = a.moves[x].is_empty() && b.moves[y].is_empty();
    let wins = !terminal
        && xs.iter().any(|&x2| ys.iter().any(|&y2| !brute_every_sg_wins(a, b, x2, y2, memo)));
    memo[x][y] = Some(wins);
    wins
}

/// The disjunctive sum of two DAGs as an explicit product graph; position
/// (x, y) has id x * |b| + y.
fn product(a: &Dag, b: &Dag) -> Dag {
    let (na, nb) = (a.names.len(), b.names.len());
    let mut names = Vec::new();
    let mut moves = Vec::new();
    for x in 0..na {
        for y in 0..nb {
            names.push(format!("{}+{}", a.names[x], b.names[y]));
            let mut m: Vec<u32> = a.moves[x].iter().map(|&x2| x2 * nb as u32 + y as u32).collect();
            m.extend(b.moves[y].iter().map(|&y2| (x * nb) as u32 + y2));
            moves.push(m);
        }
    }
    Dag { names, moves }
}

#[test]
fn grundy_values_match_the_definition_on_random_dags() {
    let mut rng = StdRng::seed_from_u64(3);
    for round in 0..3000 {
        let dag = Dag::random(&mut rng, 14, [0.15, 0.35, 0.7][round % 3]);
        let g = dag.graph();
        let fast = grundy_values(&g, &Budget::unlimited()).unwrap();
        let mut memo = vec![None; dag.names.len()];
        for v in 0..dag.names.len() {
            let p = PositionId(v as u32);
            let expected = brute_grundy(&dag, v, &mut memo);
            assert_eq!(fast.grundy(p), expected, "{}", dag.text());
            let winning = fast.winning_moves(&g, p);
            let expected_moves: Vec<PositionId> = dag.moves[v]
                .iter()
                .filter(|&&w| brute_grundy(&dag, w as usize, &mut memo) == 0)
                .map(|&w| PositionId(w))
                .collect();
            assert_eq!(winning, expected_moves);
        }
        // The generic solver, through ImpartialPosition, agrees.
        if round % 10 == 0 {
            for p in g.positions() {
                let gp = GraphPosition { graph: &g, id: p };
                assert_eq!(grundy_value(&gp, &Budget::unlimited()).unwrap(), fast.grundy(p));
            }
        }
        // The text form gives the same values, by name.
        let parsed = parse_text(&dag.text(), "").unwrap();
        let again = grundy_values(&parsed, &Budget::unlimited()).unwrap();
        for p in parsed.positions() {
            assert_eq!(again.grundy(p), fast.grundy(g.find(parsed.name(p)).unwrap()));
        }
    }
}

#[test]
fn misere_outcomes_match_a_win_loss_search() {
    let mut rng = StdRng::seed_from_u64(4);
    for round in 0..2000 {
        let dag = Dag::random(&mut rng, 12, [0.2, 0.5][round % 2]);
        let g = dag.graph();
        let values = misere_values(&g, &Budget::unlimited()).unwrap();
        let mut memo = vec![None; dag.names.len()];
        for v in 0..dag.names.len() {
            let p = PositionId(v as u32);
            let wins = brute_misere_wins(&dag, v, &mut memo);
            assert_eq!(values.outcome(p) == Outcome::N, wins, "{}", dag.text());
            for q in values.winning_moves(&g, p) {
                assert!(!brute_misere_wins(&dag, q.index(), &mut memo));
            }
        }
    }
}

#[test]
fn every_sg_matches_the_explicit_game() {
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..400 {
        let a = Dag::random(&mut rng, 8, 0.4);
        let b = Dag::random(&mut rng, 8, 0.4);
        let (ga, gb) = (a.graph(), b.graph());
        let (sa, sb) =
            (steps(&ga, &Budget::unlimited()).unwrap(), steps(&gb, &Budget::unlimited()).unwrap());
        let mut memo = vec![vec![None; b.names.len()]; a.names.len()];
        for x in 0..a.names.len() {
            for y in 0..b.names.len() {
                let (px, py) = (PositionId(x as u32), PositionId(y as u32));
                let (_, outcome) = sum_outcome([sa.step(px), sb.step(py)]);
                let wins = brute_every_sg_wins(&a, &b, x, y, &mut memo);
                assert_eq!(
                    outcome == Outcome::N,
                    wins,
                    "{}\n{}\n({x},{y}) steps {} {}",
                    a.text(),
                    b.text(),
                    sa.step(px),
                    sb.step(py)
                );
                if wins {
                    // The move in every component leads to a lost position.
                    let x2 = sa.best_move(&ga, px).map_or(x, PositionId::index);
                    let y2 = sb.best_move(&gb, py).map_or(y, PositionId::index);
                    assert!(!brute_every_sg_wins(&a, &b, x2, y2, &mut memo));
                }
            }
        }
    }
}

#[test]
fn every_sg_subtraction_heaps_match_the_graph() {
    let set = SubtractionSet::new(&[1, 2, 3]).unwrap();
    let table = subtraction_steps(&set, 40, &Budget::unlimited()).unwrap();
    let mut text = String::new();
    for n in (0..=40u64).rev() {
        let moves: Vec<String> = (1..=3).filter(|&s| s <= n).map(|s| (n - s).to_string()).collect();
        text.push_str(&format!("{n}: {}\n", moves.join(" ")));
    }
    let g = parse_text(&text, "").unwrap();
    let s = steps(&g, &Budget::unlimited()).unwrap();
    for n in 0..=40u64 {
        let p = g.find(&n.to_string()).unwrap();
        assert_eq!(table[n as usize], s.step(p), "heap {n}");
        let to = subtraction_best_move(&set, &table, n);
        assert_eq!(to.map(|t| t.to_string()), s.best_move(&g, p).map(|q| g.name(q).to_string()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn sum_value_is_the_xor_of_values(seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let a = Dag::random(&mut rng, 7, 0.4);
        let b = Dag::random(&mut rng, 7, 0.4);
        let (ga, gb) = (a.graph(), b.graph());
        let budget = Budget::unlimited();
        let (va, vb) = (grundy_values(&ga, &budget).unwrap(), grundy_values(&gb, &budget).unwrap());
        let prod = product(&a, &b);
        let gp = prod.graph();
        let vp = grundy_values(&gp, &budget).unwrap();
        let nb = b.names.len();
        for x in 0..a.names.len() {
            for y in 0..nb {
                let (px, py) = (PositionId(x as u32), PositionId(y as u32));
                let pxy = PositionId((x * nb + y) as u32);
                let sum = solve_sum(&[
                    Component { graph: &ga, values: &va, position: px },
                    Component { graph: &gb, values: &vb, position: py },
                ]);
                prop_assert_eq!(sum.grundy, vp.grundy(pxy));
                prop_assert_eq!(sum.outcome, vp.outcome(pxy));
                // The sum's winning moves are exactly the product's.
                let mut from_sum: Vec<u32> = sum
                    .winning_moves
                    .iter()
                    .map(|m| if m.component == 0 { m.to.0 * nb as u32 + y as u32 } else { (x * nb) as u32 + m.to.0 })
                    .collect();
                let mut from_product: Vec<u32> = vp.winning_moves(&gp, pxy).iter().map(|q| q.0).collect();
                from_sum.sort_unstable();
                from_product.sort_unstable();
                prop_assert_eq!(from_sum, from_product);
            }
        }
    }

    #[test]
    fn text_and_json_forms_round_trip(seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let dag = Dag::random(&mut rng, 10, 0.4);
        let g = dag.graph();
        let back = parse_text(&g.to_text(), "").unwrap();
        prop_assert!(back.same_graph(&g));
        let positions: Vec<serde_json::Value> = (0..dag.names.len())
            .map(|i| serde_json::json!({
                "name": dag.names[i],
                "moves": dag.moves[i].iter().map(|&m| dag.names[m as usize].clone()).collect::<Vec<_>>(),
            }))
            .collect();
        let json = serde_json::json!({ "positions": positions }).to_string();
        let from_json = parse_json(&json, "").unwrap();
        prop_assert!(from_json.same_graph(&g));
    }
}

#[test]
fn json_and_text_parsing_stop_when_cancelled() {
    use onag::impartial::graph::{parse_json_within, parse_text_within};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let cancelled = Budget::unlimited().with_cancel_flag(Arc::new(AtomicBool::new(true)));
    let json = r#"{"positions": [{"name": "a", "moves": ["b"]}, {"name": "b", "moves": []}]}"#;
    let err = parse_json_within(json, "g.json", &cancelled).unwrap_err();
    assert_eq!(err.kind(), onag::ErrorKind::Cancelled);
    let graph = parse_json_within(json, "g.json", &Budget::unlimited()).unwrap();
    assert_eq!(graph.len(), 2);
    let text: String = (0..70_000).map(|i| format!("p{i}: p{}\n", i + 1)).collect();
    let err = parse_text_within(&text, "g.txt", &cancelled).unwrap_err();
    assert_eq!(err.kind(), onag::ErrorKind::Cancelled);
}
