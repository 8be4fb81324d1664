//! Games with cycles: the retrograde solver against the seed's iterate-until-stable
//! method, P/N and Grundy values against a plain mex search on acyclic graphs,
//! and loopy Grundy values against sums with nim-heaps solved from the rules.

use onag::Budget;
use onag::impartial::Outcome;
use onag::impartial::graph::solve::grundy_values;
use onag::impartial::graph::{GameGraph, PositionId};
use onag::loopy::chase::{EasyChase, Square, Winner};
use onag::loopy::grundy::{LoopyValue, SumOutcome, loopy_grundy, sum_outcome, sum_value};
use onag::loopy::reference::{chase_iterate_until_stable, iterate_until_stable};
use onag::loopy::{
    Declared, ExplicitGraph, PredecessorGame, Side, SuccessorGame, TerminalRule, Value, solve,
    solve_successors,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn random_graph(rng: &mut StdRng, partizan: bool, declare: bool) -> ExplicitGraph {
    let n = rng.gen_range(1..=14u32);
    let max_degree = rng.gen_range(0..=4u32);
    let succ: Vec<Vec<u32>> = (0..n)
        .map(|_| (0..rng.gen_range(0..=max_degree)).map(|_| rng.gen_range(0..n)).collect())
        .collect();
    let sides = partizan.then(|| {
        (0..n).map(|_| if rng.gen_bool(0.5) { Side::Left } else { Side::Right }).collect()
    });
    let declared = if declare {
        (0..n)
            .map(|_| match rng.gen_range(0..10) {
                0 => Some(Declared::Win),
                1 => Some(Declared::Loss),
                2 => Some(Declared::Draw),
                _ => None,
            })
            .collect()
    } else {
        Vec::new()
    };
    ExplicitGraph::new(&succ, sides, declared).unwrap()
}

/// The same graph seen through predecessor lists built naively, to drive
/// `solve` (the predecessor-trait path) directly.
struct ByPredecessors<'a> {
    graph: &'a ExplicitGraph,
    preds: Vec<Vec<u32>>,
}

impl<'a> ByPredecessors<'a> {
    fn new(graph: &'a ExplicitGraph) -> Self {
        let mut preds = vec![Vec::new(); graph.len()];
        for p in 0..graph.len() as u32 {
            for &s in graph.successors(p) {
                preds[s as usize].push(p);
            }
        }
        ByPredecessors { graph, preds }
    }
}

impl PredecessorGame for ByPredecessors<'_> {
    fn num_positions(&self) -> u32 {
        self.graph.len() as u32
    }
    fn out_degree(&self, p: u32) -> u32 {
        self.graph.successors(p).len() as u32
    }
    fn for_each_predecessor(&self, p: u32, mut f: impl FnMut(u32)) {
        for &q in &self.preds[p as usize] {
            f(q);
        }
    }
    fn to_move(&self, p: u32) -> Option<Side> {
        SuccessorGame::to_move(self.graph, p)
    }
    fn declared(&self, p: u32) -> Option<Declared> {
        SuccessorGame::declared(self.graph, p)
    }
}

#[test]
fn random_graphs_match_the_seed_method() {
    let mut rng = StdRng::seed_from_u64(9);
    let mut seen = [0u64; 3];
    for round in 0..4000 {
        let g = random_graph(&mut rng, round % 2 == 1, round % 4 >= 2);
        for rule in [TerminalRule::MoverLoses, TerminalRule::MoverWins] {
            let expected = iterate_until_stable(&g, rule);
            let fast = solve_successors(&g, rule, &Budget::unlimited()).unwrap();
            let got: Vec<Value> = fast.values().collect();
            let moves: usize = (0..g.len() as u32).map(|p| g.successors(p).len()).sum();
            assert!(fast.moves_examined() <= moves as u64, "each move examined once at most");
            let (w, l, d) = fast.counts();
            seen = [seen[0] + w, seen[1] + l, seen[2] + d];
            assert_eq!(got, expected, "graph {g:?}, {rule:?}");
            let by_preds = solve(&ByPredecessors::new(&g), rule, &Budget::unlimited()).unwrap();
            assert_eq!(by_preds.values().collect::<Vec<_>>(), expected);
            for p in 0..g.len() as u32 {
                check_best_move(&g, &fast, p);
            }
        }
    }
    assert!(seen.iter().all(|&c| c > 1000), "wins, losses and draws all occur: {seen:?}");
}

/// A best move exists exactly at non-final positions and realises the value.
fn check_best_move(g: &ExplicitGraph, sol: &onag::loopy::Solution, p: u32) {
    let final_position = SuccessorGame::declared(g, p).is_some() || g.successors(p).is_empty();
    let best = sol.best_move(g, p);
    assert_eq!(best.is_none(), final_position, "best move at {p} of {g:?}");
    if let Some(s) = best {
        assert!(g.successors(p).contains(&s));
        let keeps = matches!(
            (SuccessorGame::to_move(g, p), SuccessorGame::to_move(g, s)),
            (Some(a), Some(b)) if a == b
        );
        let seen = if keeps { sol.value(s) } else { sol.value(s).flip() };
        let expected = match sol.value(p) {
            Value::Win(d) => Value::Win(d - 1),
            Value::Loss(d) => Value::Loss(d - 1),
            Value::Draw => Value::Draw,
        };
        assert_eq!(seen, expected);
    }
}

#[test]
fn easy_chase_matches_the_seed_method_up_to_8() {
    for n in 2..=8u32 {
        let game = EasyChase::new(n).unwrap();
        let sol = game.solve(&Budget::unlimited()).unwrap();
        let table = chase_iterate_until_stable(n as usize);
        let mut count = 0;
        for p in game.positions() {
            let a = game.answer_at(&sol, p);
            let w = ((a.white.y - 1) * n + a.white.x - 1) as usize;
            let b = ((a.black.y - 1) * n + a.black.x - 1) as usize;
            let cur = usize::from(a.to_move == "black");
            let (winner, moves) = table.get(w, b, cur);
            let expected_winner = match winner {
                Some(0) => Winner::White,
                Some(_) => Winner::Black,
                None => Winner::Draw,
            };
            assert_eq!((a.winner, a.moves.map(u64::from)), (expected_winner, moves), "n={n} {a:?}");
            // The best move leads to the position whose value gives this one.
            let m = a.best_move.unwrap();
            let (white, black) = if m.piece == "white" { (m.to, a.black) } else { (a.white, m.to) };
            let next_mover = if m.piece == "white" { Side::Right } else { Side::Left };
            if white == black {
                assert_eq!(a.moves, Some(1));
            } else {
                let after = game.answer(&sol, white, black, next_mover).unwrap();
                assert_eq!(after.winner, a.winner);
                assert_eq!(after.moves.map(|d| d + 1), a.moves);
            }
            count += 1;
        }
        let cells = (n * n) as usize;
        assert_eq!(count, 2 * cells * (cells - 1));
    }
}

#[test]
fn easy_chase_predecessors_undo_its_moves() {
    for n in 2..=5u32 {
        let game = EasyChase::new(n).unwrap();
        let total = PredecessorGame::num_positions(&game);
        let mut forward = vec![Vec::new(); total as usize];
        for p in 0..total {
            if PredecessorGame::declared(&game, p).is_some() {
                continue;
            }
            let mut degree = 0;
            game.for_each_successor(p, |s| {
                forward[s as usize].push(p);
                degree += 1;
            });
            assert_eq!(game.out_degree(p), degree);
        }
        for s in 0..total {
            let mut back = Vec::new();
            game.for_each_predecessor(s, |p| {
                if PredecessorGame::declared(&game, p).is_none() {
                    back.push(p);
                }
            });
            back.sort_unstable();
            forward[s as usize].sort_unstable();
            assert_eq!(back, forward[s as usize], "n = {n}, position {s}");
        }
    }
}

#[test]
fn easy_chase_small_boards_by_hand() {
    // 2x2: black reaches any square in one move, so black to move wins at once;
    // white to move must step next to black (every square is) and is caught.
    let game = EasyChase::new(2).unwrap();
    let sol = game.solve(&Budget::unlimited()).unwrap();
    let sq = |x, y| Square { x, y };
    let a = game.answer(&sol, sq(1, 1), sq(2, 2), Side::Left).unwrap();
    assert_eq!((a.winner, a.moves), (Winner::Black, Some(2)));
    let a = game.answer(&sol, sq(1, 1), sq(2, 1), Side::Left).unwrap();
    assert_eq!((a.winner, a.moves), (Winner::White, Some(1)));
    // Black cannot reach the diagonal square in one move: it must step next
    // to white, which captures it.
    let a = game.answer(&sol, sq(1, 1), sq(2, 2), Side::Right).unwrap();
    assert_eq!((a.winner, a.moves), (Winner::White, Some(2)));
}

/// P/N by a plain mex search over a topological order (graphs built acyclic).
fn mex_values(succ: &[Vec<u32>]) -> Vec<u32> {
    // Successors always have smaller numbers, so increasing order is topological.
    let mut g = vec![0u32; succ.len()];
    for p in 0..succ.len() {
        let mut seen = vec![false; succ[p].len() + 1];
        for &s in &succ[p] {
            if (g[s as usize] as usize) < seen.len() {
                seen[g[s as usize] as usize] = true;
            }
        }
        g[p] = seen.iter().position(|&x| !x).unwrap() as u32;
    }
    g
}

#[test]
fn acyclic_graphs_match_a_mex_search() {
    let mut rng = StdRng::seed_from_u64(10);
    for _ in 0..1000 {
        let n = rng.gen_range(1..=20u32);
        let succ: Vec<Vec<u32>> = (0..n)
            .map(|p| {
                if p == 0 {
                    vec![]
                } else {
                    (0..rng.gen_range(0..=4)).map(|_| rng.gen_range(0..p)).collect()
                }
            })
            .collect();
        let g = ExplicitGraph::impartial(&succ).unwrap();
        let mex = mex_values(&succ);
        // The acyclic Sprague-Grundy solver of `impartial::graph` agrees too
        // (its files allow each move once, which changes no value).
        let names: Vec<String> = (0..n).map(|p| format!("p{p}")).collect();
        let distinct: Vec<Vec<u32>> = succ
            .iter()
            .map(|row| {
                let mut row = row.clone();
                row.sort_unstable();
                row.dedup();
                row
            })
            .collect();
        let file_graph = GameGraph::from_moves(&names, &distinct).unwrap();
        let sg = grundy_values(&file_graph, &Budget::unlimited()).unwrap();
        let sol = solve_successors(&g, TerminalRule::MoverLoses, &Budget::unlimited()).unwrap();
        let loopy = loopy_grundy(&g, &Budget::unlimited()).unwrap();
        for p in 0..n as usize {
            let v = sol.value(p as u32);
            assert_eq!(matches!(v, Value::Loss(_)), mex[p] == 0, "{succ:?} at {p}");
            assert!(v != Value::Draw);
            assert_eq!(loopy[p], LoopyValue::Finite(mex[p]));
            assert_eq!(u64::from(mex[p]), sg.grundy(PositionId(p as u32)));
            assert_eq!(sg.outcome(PositionId(p as u32)) == Outcome::P, mex[p] == 0);
        }
    }
}

/// The graph of `g + *heap` for every heap `0..=max`: position `(u, j)` is
/// `u * (max + 1) + j`.
fn plus_nim_heaps(succ: &[Vec<u32>], max: u32) -> ExplicitGraph {
    let k = max + 1;
    let mut out = Vec::new();
    for (u, row) in succ.iter().enumerate() {
        for j in 0..k {
            let mut moves: Vec<u32> = row.iter().map(|&v| v * k + j).collect();
            moves.extend((0..j).map(|j2| u as u32 * k + j2));
            out.push(moves);
        }
    }
    ExplicitGraph::impartial(&out).unwrap()
}

#[test]
fn loopy_values_match_sums_with_nim_heaps() {
    let mut rng = StdRng::seed_from_u64(11);
    let (mut infinite_with_exits, mut finite_on_cycles) = (0, 0);
    for _ in 0..600 {
        let g = random_graph(&mut rng, false, false);
        let succ: Vec<Vec<u32>> = (0..g.len() as u32).map(|p| g.successors(p).to_vec()).collect();
        let values = loopy_grundy(&g, &Budget::unlimited()).unwrap();
        let max = succ.iter().map(Vec::len).max().unwrap_or(0) as u32 + 1;
        let sum = plus_nim_heaps(&succ, max);
        let outcome = iterate_until_stable(&sum, TerminalRule::MoverLoses);
        for (u, value) in values.iter().enumerate() {
            for j in 0..=max {
                let o = outcome[(u as u32 * (max + 1) + j) as usize];
                let expected = sum_outcome([value, &LoopyValue::Finite(j)]);
                let got = match o {
                    Value::Win(_) => SumOutcome::N,
                    Value::Loss(_) => SumOutcome::P,
                    Value::Draw => SumOutcome::Draw,
                };
                assert_eq!(got, expected, "{succ:?}: position {u} = {value} plus *{j}");
            }
            if let LoopyValue::Infinite(k) = value {
                let mut finite: Vec<u32> = succ[u]
                    .iter()
                    .filter_map(|&v| match &values[v as usize] {
                        LoopyValue::Finite(x) => Some(*x),
                        LoopyValue::Infinite(_) => None,
                    })
                    .collect();
                finite.sort_unstable();
                finite.dedup();
                assert_eq!(k, &finite);
                infinite_with_exits += usize::from(!k.is_empty());
            } else if on_a_cycle(&succ, u) {
                finite_on_cycles += 1;
            }
        }
    }
    assert!(
        infinite_with_exits > 100 && finite_on_cycles > 100,
        "{infinite_with_exits} {finite_on_cycles}"
    );
}

fn on_a_cycle(succ: &[Vec<u32>], u: usize) -> bool {
    let mut seen = vec![false; succ.len()];
    let mut stack: Vec<usize> = succ[u].iter().map(|&v| v as usize).collect();
    while let Some(v) = stack.pop() {
        if v == u {
            return true;
        }
        if !std::mem::replace(&mut seen[v], true) {
            stack.extend(succ[v].iter().map(|&w| w as usize));
        }
    }
    false
}

#[test]
fn loopy_values_of_sums_match_the_sum_graph() {
    let mut rng = StdRng::seed_from_u64(12);
    for _ in 0..200 {
        let a = random_graph(&mut rng, false, false);
        let b = random_graph(&mut rng, false, false);
        let (na, nb) = (a.len() as u32, b.len() as u32);
        let mut succ = Vec::new();
        for u in 0..na {
            for v in 0..nb {
                let mut moves: Vec<u32> = a.successors(u).iter().map(|&u2| u2 * nb + v).collect();
                moves.extend(b.successors(v).iter().map(|&v2| u * nb + v2));
                succ.push(moves);
            }
        }
        let sum = ExplicitGraph::impartial(&succ).unwrap();
        let va = loopy_grundy(&a, &Budget::unlimited()).unwrap();
        let vb = loopy_grundy(&b, &Budget::unlimited()).unwrap();
        let vs = loopy_grundy(&sum, &Budget::unlimited()).unwrap();
        for u in 0..na {
            for v in 0..nb {
                assert_eq!(
                    vs[(u * nb + v) as usize],
                    sum_value(&va[u as usize], &vb[v as usize]),
                    "{a:?} + {b:?} at ({u}, {v})"
                );
            }
        }
    }
}

#[test]
fn loopy_values_by_hand() {
    let text = |succ: &[Vec<u32>]| -> Vec<String> {
        let g = ExplicitGraph::impartial(succ).unwrap();
        loopy_grundy(&g, &Budget::unlimited()).unwrap().iter().map(ToString::to_string).collect()
    };
    // A 2-cycle: both ∞, drawn.
    assert_eq!(text(&[vec![1], vec![0]]), ["∞", "∞"]);
    // A position with moves to 0, to 2 and to itself: no move answers the move
    // to itself, so it is ∞(0,2). 2 = {0, 1}.
    assert_eq!(text(&[vec![1, 3, 0], vec![], vec![1], vec![1, 2]]), ["∞(0,2)", "0", "1", "2"]);
    // A cycle a -> b -> c -> a with an exit from a to the end (value 0).
    // c's only move goes to a, which answers by moving to the end: c = 0.
    // b's only move goes to c = 0: b = 1. a reaches 1 and 0: a = 2.
    assert_eq!(text(&[vec![1, 3], vec![2], vec![0], vec![]]), ["2", "1", "0", "0"]);
}

#[test]
fn solving_stops_when_cancelled() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let game = EasyChase::new(4).unwrap();
    let budget = Budget::unlimited().with_cancel_flag(Arc::new(AtomicBool::new(true)));
    let err = game.solve(&budget).unwrap_err();
    assert_eq!(err.kind(), onag::ErrorKind::Cancelled);
    let err = game.solve(&Budget::unlimited().with_max_positions(100)).unwrap_err();
    assert_eq!(err.kind(), onag::ErrorKind::LimitExceeded);
}

#[test]
fn tagged_files_solve_like_the_graphs_they_describe() {
    use onag::impartial::graph::parse_text;
    use onag::loopy::file::TaggedGraph;
    let mut rng = StdRng::seed_from_u64(13);
    for round in 0..500 {
        let g = random_graph(&mut rng, round % 2 == 0, true);
        let mut text = String::new();
        let mut rows = Vec::new();
        for p in 0..g.len() as u32 {
            let mut row = g.successors(p).to_vec();
            row.sort_unstable();
            row.dedup();
            let mut tags = Vec::new();
            match SuccessorGame::to_move(&g, p) {
                Some(Side::Left) => tags.push("L"),
                Some(Side::Right) => tags.push("R"),
                None => {}
            }
            match SuccessorGame::declared(&g, p) {
                Some(Declared::Win) => tags.push("win"),
                Some(Declared::Loss) => tags.push("loss"),
                Some(Declared::Draw) => tags.push("draw"),
                None => {}
            }
            let tags =
                if tags.is_empty() { String::new() } else { format!(" [{}]", tags.join(" ")) };
            let moves: Vec<String> = row.iter().map(|s| format!("p{s}")).collect();
            text.push_str(&format!("p{p}{tags}: {}\n", moves.join(" ")));
            rows.push(row);
        }
        let sides = g.sides().map(<[Side]>::to_vec);
        let declared = (0..g.len() as u32).map(|p| SuccessorGame::declared(&g, p)).collect();
        let distinct = ExplicitGraph::new(&rows, sides, declared).unwrap();
        let file = parse_text(&text, "g.txt").unwrap();
        let tagged = TaggedGraph::new(&file).unwrap();
        assert_eq!(tagged.is_partizan(), g.sides().is_some());
        for rule in [TerminalRule::MoverLoses, TerminalRule::MoverWins] {
            let from_file = solve_successors(&tagged, rule, &Budget::unlimited()).unwrap();
            assert_eq!(
                from_file.values().collect::<Vec<_>>(),
                iterate_until_stable(&distinct, rule),
                "{text}"
            );
        }
    }
}
