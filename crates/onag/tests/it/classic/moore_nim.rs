//! Moore's Nim_k against search over 4 heaps below 16, and the Bash-k variant.

use num_traits::ToPrimitive;
use onag::impartial::Outcome;
use onag::impartial::classic::moore_nim;

use super::big;

const HEAPS: usize = 4;
const SIZE: usize = 16;

fn index(h: &[usize]) -> usize {
    h.iter().fold(0, |acc, &x| acc * SIZE + x)
}

fn heaps_of(mut i: usize) -> Vec<usize> {
    let mut h = vec![0; HEAPS];
    for slot in h.iter_mut().rev() {
        *slot = i % SIZE;
        i /= SIZE;
    }
    h
}

/// Whether `to` is reachable from `from` in one Nim_k move: no heap grows, and
/// between 1 and k heaps shrink.
fn reachable(from: &[usize], to: &[usize], k: usize) -> bool {
    let mut changed = 0;
    for (a, b) in from.iter().zip(to) {
        if b > a {
            return false;
        }
        if b < a {
            changed += 1;
        }
    }
    (1..=k).contains(&changed)
}

/// The heaps packed one per byte, so that [`reachable_packed`] compares all at once.
fn pack(h: &[usize]) -> u32 {
    h.iter().fold(0, |acc, &x| (acc << 8) | x as u32)
}

/// [`reachable`] on packed heaps: with 0x80 added to every byte of `from`, a
/// byte keeps its top bit after subtracting `to` iff that heap did not grow.
fn reachable_packed(from: u32, to: u32, k: u32) -> bool {
    let no_growth = ((from | 0x8080_8080) - to) & 0x8080_8080 == 0x8080_8080;
    let diff = from ^ to;
    // The top bit of each byte of `nonzero` says whether that byte of diff is non-zero.
    let nonzero = (((diff & 0x7f7f_7f7f) + 0x7f7f_7f7f) | diff) & 0x8080_8080;
    let changed = nonzero.count_ones();
    no_growth && (1..=k).contains(&changed)
}

/// P-positions by search: a position is P iff no P-position is reachable.
fn brute_p(k: usize) -> Vec<bool> {
    let total = SIZE.pow(HEAPS as u32);
    let mut is_p = vec![false; total];
    let mut ps: Vec<u32> = Vec::new();
    for (i, slot) in is_p.iter_mut().enumerate() {
        let h = pack(&heaps_of(i));
        if !ps.iter().any(|&p| reachable_packed(h, p, k as u32)) {
            *slot = true;
            ps.push(h);
        }
    }
    is_p
}

#[test]
fn outcomes_and_constructed_moves_match_search() {
    for k in 1..=3usize {
        let is_p = brute_p(k);
        for i in 0..is_p.len() {
            let h = heaps_of(i);
            let hu: Vec<u64> = h.iter().map(|&x| x as u64).collect();
            let sol = moore_nim::solve_u64(&hu, k as u64).unwrap();
            assert_eq!(sol.outcome == Outcome::P, is_p[i], "k={k} {h:?}");
            assert_eq!(moore_nim::is_p_position(&hu, k as u64).unwrap(), is_p[i]);
            if is_p[i] {
                assert!(sol.winning_moves.is_empty());
                continue;
            }
            let mv = &sol.winning_moves[0];
            let mut after = h.clone();
            for c in &mv.changes {
                assert_eq!(c.from.to_usize(), Some(h[c.heap]));
                after[c.heap] = c.to.to_usize().unwrap();
            }
            assert!(reachable(&h, &after, k), "k={k} {h:?} -> {after:?}");
            assert!(is_p[index(&after)], "k={k} {h:?} -> {after:?} is not P");
        }
    }
}

#[test]
fn big_heaps_take_the_same_route() {
    let heaps = vec![(big(1) << 100u32) + 7u32, big(3), (big(1) << 100u32) + 1u32, big(12)];
    let sol = moore_nim::solve(&heaps, 2).unwrap();
    assert_eq!(sol.outcome, Outcome::N);
    let mv = &sol.winning_moves[0];
    assert!(!mv.changes.is_empty() && mv.changes.len() <= 2);
    let mut after = heaps.clone();
    for c in &mv.changes {
        assert!(c.to < c.from);
        after[c.heap] = c.to.clone();
    }
    // Every binary column of the result holds a multiple of 3 ones.
    for bit in 0..128u64 {
        let ones = after.iter().filter(|h| h.bit(bit)).count();
        assert_eq!(ones % 3, 0, "column {bit}");
    }
}

#[test]
fn k_zero_is_an_error() {
    assert!(moore_nim::solve(&[big(1)], 0).is_err());
}

/// Bash-k by search over small heaps: at most `k` heaps, 1..=r stones from each.
fn bash_wins(heaps: &[usize], k: usize, r: usize, memo: &mut Vec<Option<bool>>) -> bool {
    let key = heaps.iter().fold(0, |acc, &x| acc * 8 + x);
    if let Some(w) = memo[key] {
        return w;
    }
    let n = heaps.len();
    let mut win = false;
    // Each heap takes 0..=min(r, h); at most k non-zero, at least one.
    let mut takes = vec![0usize; n];
    'outer: loop {
        let mut i = 0;
        loop {
            if i == n {
                break 'outer;
            }
            if takes[i] < r.min(heaps[i]) {
                takes[i] += 1;
                break;
            }
            takes[i] = 0;
            i += 1;
        }
        let touched = takes.iter().filter(|&&t| t > 0).count();
        if touched == 0 || touched > k {
            continue;
        }
        let after: Vec<usize> = heaps.iter().zip(&takes).map(|(h, t)| h - t).collect();
        if !bash_wins(&after, k, r, memo) {
            win = true;
            break;
        }
    }
    memo[key] = Some(win);
    win
}

#[test]
fn bash_with_k_1_is_nim_on_residues() {
    for r in 1..=3usize {
        let mut memo = vec![None; 8usize.pow(3)];
        for a in 0..8usize {
            for b in 0..8usize {
                for c in 0..8usize {
                    let heaps = [a, b, c];
                    let wins = bash_wins(&heaps, 1, r, &mut memo);
                    let big_heaps: Vec<_> = heaps.iter().map(|&x| big(x as u64)).collect();
                    let sol = moore_nim::solve_bash(&big_heaps, 1, r as u64).unwrap();
                    assert_eq!(sol.outcome == Outcome::N, wins, "r={r} {heaps:?}");
                    if let Some(mv) = sol.winning_moves.first() {
                        let mut after = heaps.to_vec();
                        for ch in &mv.changes {
                            let take = (&ch.from - &ch.to).to_usize().unwrap();
                            assert!((1..=r).contains(&take));
                            after[ch.heap] = ch.to.to_usize().unwrap();
                        }
                        assert!(!bash_wins(&after, 1, r, &mut memo), "{heaps:?} -> {after:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_residue_rule_fails_for_bash_with_k_2() {
    // Residues mod 2 of 0 1 1 1 2 are 0 1 1 1 0: the one column holds 3 ones, a
    // multiple of k + 1 = 3, so the rule would call this P; search finds a win.
    let heaps = [0usize, 1, 1, 1, 2];
    let mut memo = vec![None; 8usize.pow(5)];
    assert!(bash_wins(&heaps, 2, 1, &mut memo));
    let residues: Vec<u64> = heaps.iter().map(|&h| (h % 2) as u64).collect();
    assert!(moore_nim::is_p_position(&residues, 2).unwrap());
    let big_heaps: Vec<_> = heaps.iter().map(|&x| big(x as u64)).collect();
    assert!(moore_nim::solve_bash(&big_heaps, 2, 1).is_err());
}

/// Whether every binary column of `heaps` holds a multiple of `k + 1` ones, bit by bit.
fn columns_ok(heaps: &[u64], k: u64) -> bool {
    (0..64).all(|b| heaps.iter().filter(|&&h| (h >> b) & 1 == 1).count() as u64 % (k + 1) == 0)
}

#[test]
fn many_heaps_cross_the_counting_blocks() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(7);
    for (n, k) in [(256usize, 1u64), (1000, 2), (3000, 5), (600, 300)] {
        let mut heaps: Vec<u64> =
            (0..n).map(|_| rng.r#gen::<u64>() >> rng.gen_range(0..64)).collect();
        // A P-position too: append copies so every column count is a multiple of k + 1.
        let mut p_heaps = heaps.clone();
        for _ in 0..k {
            p_heaps.extend_from_slice(&heaps);
        }
        assert!(moore_nim::is_p_position(&p_heaps, k).unwrap());
        assert_eq!(moore_nim::solve_u64(&p_heaps, k).unwrap().outcome, Outcome::P);
        let sol = moore_nim::solve_u64(&heaps, k).unwrap();
        assert_eq!(sol.outcome == Outcome::P, columns_ok(&heaps, k));
        if let Some(mv) = sol.winning_moves.first() {
            assert!(!mv.changes.is_empty() && mv.changes.len() as u64 <= k);
            for c in &mv.changes {
                assert!(c.to < c.from);
                heaps[c.heap] = c.to.to_u64().unwrap();
            }
            assert!(columns_ok(&heaps, k), "n={n} k={k}");
        }
    }
}
