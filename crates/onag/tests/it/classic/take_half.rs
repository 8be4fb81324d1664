//! Take-at-least-half: the bit-length closed form against the mex search.

use num_traits::ToPrimitive;
use onag::impartial::Outcome;
use onag::impartial::classic::take_half;
use onag::number::BigUint;

use super::{big, mex};

/// g(x) = mex{g(r) : r ≤ ⌊x/2⌋}: at least half is taken, so at most half remains.
fn brute(upto: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for x in 0..=upto {
        let v = mex((0..=x / 2).filter(|&r| r < x).map(|r| g[r]));
        g.push(v);
    }
    g
}

#[test]
fn closed_form_matches_search() {
    let g = brute(3000);
    for (x, &v) in g.iter().enumerate() {
        assert_eq!(take_half::grundy(&big(x as u64)), v as u64, "x = {x}");
    }
}

#[test]
fn winning_ranges_are_exactly_the_winning_moves() {
    let g = brute(64);
    for a in 0..40usize {
        for b in 0..40usize {
            let sol = take_half::solve(&[big(a as u64), big(b as u64)]);
            let total = g[a] ^ g[b];
            assert_eq!(sol.value, total as u64);
            assert_eq!(sol.outcome == Outcome::P, total == 0);
            // Brute: every (heap, remaining) that makes the XOR zero.
            let mut want: Vec<(usize, usize)> = Vec::new();
            for (heap, (x, other)) in [(a, g[b]), (b, g[a])].into_iter().enumerate() {
                let left = g.iter().enumerate().take(x / 2 + 1).filter(|&(r, _)| r < x);
                want.extend(left.filter(|&(_, &v)| v ^ other == 0).map(|(r, _)| (heap, r)));
            }
            let mut got: Vec<(usize, usize)> = Vec::new();
            for m in &sol.winning_moves {
                let (lo, hi) = (m.to_min.to_usize().unwrap(), m.to_max.to_usize().unwrap());
                got.extend((lo..=hi).map(|r| (m.heap, r)));
            }
            assert_eq!(got, want, "heaps {a} {b}");
        }
    }
}

#[test]
fn huge_heaps() {
    let x: BigUint = (big(1) << 200u32) + 5u32;
    assert_eq!(take_half::grundy(&x), 201);
}
