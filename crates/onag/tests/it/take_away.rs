//! The partizan take-away example: its values through `regions` against a
//! search of whole positions and against the library's
//! `PartizanSubtraction([1,2],[1,3])`; its winning moves against the
//! definition; its report as printed.

use expect_test::expect;
use onag::game::Arena;
use onag::ruleset::{Arg, PartizanPosition, Player, Solver, Solvers, catalog};
use rustc_hash::FxHashMap;

use crate::ruleset_brute::brute_value;

#[allow(dead_code, reason = "the example's main is for `cargo run`, not for tests")]
#[path = "../../../../examples/take_away.rs"]
mod example;

use example::{TakeAway, report, winning_move};

#[test]
fn values_match_a_search_of_whole_positions_and_the_library_ruleset() {
    let mut arena = Arena::new();
    let mut solver = Solver::new();
    let mut solvers = Solvers::new();
    let mut memo = FxHashMap::default();
    // The moves again, on whole positions (no regions).
    let moves = |p: &Vec<u32>, left: bool| {
        let takes: &[u32] = if left { &[1, 2] } else { &[1, 3] };
        let mut out = Vec::new();
        for i in 0..p.len() {
            for &t in takes.iter().filter(|&&t| t <= p[i]) {
                let mut q = p.clone();
                q[i] -= t;
                out.push(q);
            }
        }
        out
    };
    let ruleset = catalog::find("PartizanSubtraction").unwrap();
    let set = |v: &[i64]| Arg::List(v.iter().map(|&x| Arg::Int(x.into())).collect());
    let params = ruleset.params(&[set(&[1, 2]), set(&[1, 3])], &[]).unwrap();
    for n in 0..=30u32 {
        let got = solver.value(&mut arena, &TakeAway(vec![n])).unwrap();
        assert_eq!(got, brute_value(&mut arena, &vec![n], &moves, &mut memo), "heap {n}");
        let library = ruleset.position(&params, &Arg::Int(n.into())).unwrap();
        assert_eq!(got, library.value(&mut arena, &mut solvers).unwrap(), "heap {n}");
    }
    for heaps in [vec![2, 3, 7], vec![1, 1, 3], vec![4, 0, 5, 6], vec![3, 3]] {
        let got = solver.value(&mut arena, &TakeAway(heaps.clone())).unwrap();
        assert_eq!(got, brute_value(&mut arena, &heaps, &moves, &mut memo), "{heaps:?}");
    }
}

#[test]
fn winning_moves_win() {
    let mut arena = Arena::new();
    let mut solver = Solver::new();
    let zero = arena.zero();
    for heaps in [vec![2, 3, 7], vec![1, 1, 3], vec![1], vec![3], vec![1, 1]] {
        let p = TakeAway(heaps.clone());
        let v = solver.value(&mut arena, &p).unwrap();
        for player in Player::BOTH {
            // The player moving first wins exactly when the value is not on
            // the other side of 0: Left when not G ≤ 0, Right when not G ≥ 0.
            let wins = match player {
                Player::Left => !arena.leq(v, zero).unwrap(),
                Player::Right => !arena.geq(v, zero).unwrap(),
            };
            let m = winning_move(&mut solver, &mut arena, &p, player).unwrap();
            assert_eq!(m.is_some(), wins, "{heaps:?} {player}");
            if let Some(m) = m {
                let mut options = Vec::new();
                p.options(player, &mut options);
                assert!(options.contains(&m), "{heaps:?} {player}: {m:?}");
            }
        }
    }
}

#[test]
fn the_report_as_printed() {
    expect![[r#"
        heap  0: 0  (P)
        heap  1: *  (N)
        heap  2: ^  (L)
        heap  3: ^*  (N)
        heap  4: ^[2]  (L)
        heap  5: ^^*  (L)
        heap  6: ^^  (L)
        heap  7: {0|^[2]}  (L)
        heap  8: ^3  (L)
        heaps [1, 1, 3]: ^*  (N)
        Left moving first wins by moving to [0, 1, 3]
        Right moving first wins by moving to [1, 1, 0]
    "#]]
    .assert_eq(&(report(8, &[1, 1, 3]).unwrap().join("\n") + "\n"));
}
