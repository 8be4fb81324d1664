//! Fibonacci Nim against search over every heap up to 200 and every limit.

use num_traits::ToPrimitive;
use onag::impartial::Outcome;
use onag::impartial::classic::fibonacci_nim;
use onag::number::BigUint;

use super::big;

const N: usize = 200;

/// wins[n][l]: the player to move wins with n stones, taking at most l (l ≤ n).
fn brute() -> Vec<Vec<bool>> {
    let mut wins = vec![vec![false; N + 1]; N + 1];
    for n in 1..=N {
        for l in 1..=n {
            wins[n][l] = (1..=l).any(|t| t == n || !wins[n - t][(2 * t).min(n - t)]);
        }
    }
    wins
}

fn winning_takes(wins: &[Vec<bool>], n: usize, l: usize) -> Vec<usize> {
    (1..=l.min(n)).filter(|&t| t == n || !wins[n - t][(2 * t).min(n - t)]).collect()
}

#[test]
fn first_moves_match_search() {
    let wins = brute();
    let fibs: Vec<usize> = {
        let mut f = vec![1usize, 2];
        while f[f.len() - 1] <= N {
            f.push(f[f.len() - 1] + f[f.len() - 2]);
        }
        f
    };
    for n in 0..=N {
        let sol = fibonacci_nim::solve(&big(n as u64), None).unwrap();
        let l = n.saturating_sub(1);
        assert_eq!(sol.outcome == Outcome::N, wins[n][l], "n={n}");
        assert_eq!(sol.outcome == Outcome::P, n == 0 || fibs.contains(&n), "n={n}");
        let takes: Vec<usize> =
            sol.winning_moves.iter().map(|m| m.take.to_usize().unwrap()).collect();
        assert_eq!(takes, winning_takes(&wins, n, l), "n={n}");
        if n > 0 && !fibs.contains(&n) {
            let smallest = sol.zeckendorf.last().unwrap().to_usize().unwrap();
            assert_eq!(takes[0], smallest, "n={n} takes the smallest Zeckendorf term");
        }
    }
}

#[test]
fn mid_game_states_match_search() {
    let wins = brute();
    for n in 1..=N {
        for last in 1..=n {
            let sol = fibonacci_nim::solve(&big(n as u64), Some(&big(last as u64))).unwrap();
            let l = (2 * last).min(n);
            assert_eq!(sol.outcome == Outcome::N, wins[n][l], "n={n} last={last}");
            let takes: Vec<usize> =
                sol.winning_moves.iter().map(|m| m.take.to_usize().unwrap()).collect();
            assert_eq!(takes, winning_takes(&wins, n, l), "n={n} last={last}");
        }
    }
}

#[test]
fn huge_heaps() {
    let n: BigUint = BigUint::from(10u32).pow(100);
    let sol = fibonacci_nim::solve(&n, None).unwrap();
    assert_eq!(sol.outcome, Outcome::N);
    let sum: BigUint = sol.zeckendorf.iter().sum();
    assert_eq!(sum, n);
    // Terms are Fibonacci numbers (1, 2, 3, 5, ...), never two consecutive ones:
    // F(j+2) > 2F(j) while F(j+1) < 2F(j).
    let mut fibs = vec![big(1), big(2)];
    while fibs[fibs.len() - 1] <= n {
        let next = &fibs[fibs.len() - 1] + &fibs[fibs.len() - 2];
        fibs.push(next);
    }
    for t in &sol.zeckendorf {
        assert!(fibs.contains(t));
    }
    for w in sol.zeckendorf.windows(2) {
        assert!(w[0] > &w[1] * 2u32);
    }
    assert_eq!(sol.winning_moves[0].take, *sol.zeckendorf.last().unwrap());
    // A big Fibonacci number: F(480) from the recurrence is a P-position.
    let (mut a, mut b) = (big(1), big(2));
    for _ in 0..480 {
        let c = &a + &b;
        a = b;
        b = c;
    }
    assert!(fibonacci_nim::is_fibonacci(&b));
    assert_eq!(fibonacci_nim::solve(&b, None).unwrap().outcome, Outcome::P);
    assert!(!fibonacci_nim::is_fibonacci(&(&b + 1u32)));
}

#[test]
fn last_take_zero_is_an_error() {
    assert!(fibonacci_nim::solve(&big(5), Some(&big(0))).is_err());
}

/// Fibonacci Nim's Grundy values from the rules alone: a memoised search over
/// (stones left, most that may be taken), every take tried.
#[test]
fn fibonacci_nim_grundy_values_match_a_search_of_the_rules() {
    use onag::impartial::classic::fibonacci_nim::GrundyTable;
    use std::collections::BTreeMap;
    fn g(r: u64, limit: u64, memo: &mut BTreeMap<(u64, u64), u32>) -> u32 {
        if let Some(&v) = memo.get(&(r, limit)) {
            return v;
        }
        let options: Vec<u32> = (1..=limit.min(r)).map(|k| g(r - k, 2 * k, memo)).collect();
        let v = super::mex(options);
        memo.insert((r, limit), v);
        v
    }
    let table = GrundyTable::new(80, &onag::Budget::unlimited()).unwrap();
    let mut memo = BTreeMap::new();
    for r in 0..=80 {
        assert_eq!(table.start_value(r), Some(g(r, r.saturating_sub(1), &mut memo)), "heap {r}");
        for m in 0..=r + 3 {
            assert_eq!(table.value(r, m), Some(g(r, m, &mut memo)), "({r}, {m})");
        }
    }
    assert_eq!(table.value(81, 1), None);
}
