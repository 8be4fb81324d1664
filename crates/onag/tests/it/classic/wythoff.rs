//! Wythoff and extended Wythoff against search on the grid, the mex recurrence
//! and, for huge indices, the definition of the floor and Beatty complementarity.

use num_traits::ToPrimitive;
use onag::Budget;
use onag::impartial::Outcome;
use onag::impartial::classic::wythoff;
use onag::number::BigUint;

use super::{big, mex};

const N: usize = 60;

/// The legal moves of extended Wythoff from (x, y), from the rules.
fn moves(x: usize, y: usize, k: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for s in 0..=x {
        for t in 0..=y {
            if s + t == 0 {
                continue;
            }
            if s == 0 || t == 0 || s.abs_diff(t) <= k {
                out.push((x - s, y - t));
            }
        }
    }
    out
}

/// Winning (true) or losing for every (x, y) < N by search.
fn brute_wins(k: usize) -> Vec<Vec<bool>> {
    let mut win = vec![vec![false; N]; N];
    for x in 0..N {
        for y in 0..N {
            win[x][y] = moves(x, y, k).into_iter().any(|(a, b)| !win[a][b]);
        }
    }
    win
}

#[test]
fn outcomes_and_every_winning_move_match_search() {
    for k in 0..=2usize {
        let win = brute_wins(k);
        for x in 0..N {
            for y in 0..N {
                let sol = wythoff::solve(&big(x as u64), &big(y as u64), k as u64).unwrap();
                assert_eq!(sol.outcome == Outcome::N, win[x][y], "k={k} ({x},{y})");
                let mut want: Vec<(usize, usize)> =
                    moves(x, y, k).into_iter().filter(|&(a, b)| !win[a][b]).collect();
                want.sort();
                let got: Vec<(usize, usize)> = sol
                    .winning_moves
                    .iter()
                    .map(|m| (m.to.x.to_usize().unwrap(), m.to.y.to_usize().unwrap()))
                    .collect();
                assert_eq!(got, want, "k={k} ({x},{y})");
            }
        }
    }
}

/// x_i = mex{x_j, y_j : j < i}, y_i = x_i + (k+1)i, straight from the definition.
fn recurrence(count: usize, k: u64) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = Vec::new();
    for i in 0..count as u64 {
        let used: Vec<u32> = out.iter().flat_map(|&(x, y)| [x as u32, y as u32]).collect();
        let x = mex(used) as u64;
        out.push((x, x + (k + 1) * i));
    }
    out
}

#[test]
fn p_positions_follow_the_recurrence_and_the_grid() {
    for k in 0..=2u64 {
        let rec = recurrence(300, k);
        assert_eq!(wythoff::p_positions(300, k, &Budget::unlimited()).unwrap(), rec);
        for (i, &(x, y)) in rec.iter().enumerate() {
            let p = wythoff::p_position(&big(i as u64), k).unwrap();
            assert_eq!((p.x, p.y), (big(x), big(y)), "k={k} i={i}");
        }
        let win = brute_wins(k as usize);
        let grid: Vec<(u64, u64)> = (0..N)
            .flat_map(|x| (0..N).map(move |y| (x, y)))
            .filter(|&(x, y)| !win[x][y] && x <= y)
            .map(|(x, y)| (x as u64, y as u64))
            .collect();
        let from_rec: Vec<(u64, u64)> =
            rec.iter().copied().filter(|&(_, y)| (y as usize) < N).collect();
        assert_eq!(grid, from_rec, "k={k}");
    }
    let first = wythoff::p_positions(5, 0, &Budget::unlimited()).unwrap();
    assert_eq!(first, vec![(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
}

#[test]
fn huge_indices_satisfy_the_floor_definition_and_beatty() {
    // x_i = ⌊iφ⌋ iff (2x − i)² < 5i² < (2x + 2 − i)² (both sides non-negative).
    let base: BigUint = "1000000000000000000000000000000".parse().unwrap(); // 10^30
    for d in 0u32..50 {
        let i = &base + d;
        let p = wythoff::p_position(&i, 0).unwrap();
        assert_eq!(&p.y - &p.x, i);
        let five_i2 = &i * &i * 5u32;
        let lo = &p.x * 2u32 - &i;
        let hi = &p.x * 2u32 + 2u32 - &i;
        assert!(&lo * &lo < five_i2 && five_i2 < &hi * &hi, "i = {i}");
    }
    // Beatty: the lower and upper numbers partition a window of integers near 10^30.
    let i0 = &base;
    let start = wythoff::p_position(i0, 0).unwrap().x;
    let mut lower = Vec::new();
    let mut upper = Vec::new();
    for d in 0u32..400 {
        lower.push(wythoff::p_position(&(i0 + d), 0).unwrap().x);
    }
    let end = lower.last().unwrap().clone();
    // Upper numbers in [start, end]: indices near start/φ².
    let mut j = wythoff_upper_index_below(&start);
    loop {
        let y = wythoff::p_position(&j, 0).unwrap().y;
        if y > end {
            break;
        }
        if y >= start {
            upper.push(y);
        }
        j += 1u32;
    }
    let mut all: Vec<BigUint> = lower.into_iter().chain(upper).collect();
    all.sort();
    let expected: Vec<BigUint> = (0u32..).map(|d| &start + d).take_while(|n| *n <= end).collect();
    assert_eq!(all, expected);
}

/// An index whose upper number is below `n`: about n/φ² = n(3 − √5)/2, less 2.
fn wythoff_upper_index_below(n: &BigUint) -> BigUint {
    let estimate = (n * 3u32 - (n * n * 5u32).sqrt()) / 2u32;
    estimate - 2u32
}

#[test]
fn grundy_table_matches_naive_mex() {
    let n = 40usize;
    let table = wythoff::grundy_table(n as u64, &Budget::unlimited()).unwrap();
    let mut g = vec![vec![0u32; n]; n];
    for x in 0..n {
        for y in 0..n {
            g[x][y] = mex(moves(x, y, 0).into_iter().map(|(a, b)| g[a][b]));
            assert_eq!(table[x * n + y], g[x][y], "({x},{y})");
        }
    }
    let win = brute_wins(0);
    for x in 0..n {
        for y in 0..n {
            assert_eq!(g[x][y] != 0, win[x][y]);
        }
    }
    for (x, y) in [(0, 0), (5, 6), (39, 2), (17, 30)] {
        let v = wythoff::grundy_value(x as u64, y as u64, &Budget::unlimited()).unwrap();
        assert_eq!(v, g[x][y], "({x},{y})");
    }
}

#[test]
fn grundy_table_respects_the_limit() {
    let budget = Budget::unlimited().with_max_positions(100);
    assert!(wythoff::grundy_table(11, &budget).is_err());
    assert!(wythoff::grundy_table(10, &budget).is_ok());
}
