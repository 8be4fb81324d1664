//! Moore's Nim_k: a move takes stones from at least one and at most `k` heaps
//! (at least one stone from each heap it touches).
//!
//! Moore's theorem: a position is P iff, writing the heaps in binary, every bit
//! column holds a multiple of `k + 1` ones. The winning move from an N-position is
//! constructed column by column from the top, never searched: keep a set `C` of
//! heaps already lowered (below the column where they were lowered their bits are
//! free). In a column with `u` ones among the other heaps, if `(−u) mod (k+1) ≤ |C|`
//! set that many bits of `C` to 1 and the rest to 0; otherwise lower `u mod (k+1)`
//! more heaps that have a 1 there (clearing it) and set `C`'s bits to 0. The
//! second case only happens when `|C| + (u mod (k+1)) ≤ k`, so at most `k` heaps
//! change, and each one decreases at the column where it joined `C`.
//!
//! Column counts use bit-sliced counters (a branch-free ripple add per 64-bit
//! limb, flushed every 255 heaps), so 10^6 heaps of 64 bits take milliseconds; heaps beyond 64 bits go through the
//! same code limb by limb.
//!
//! The Bash-k variant (at most `r` stones from each heap) is a sum of Bash games
//! when `k = 1`: Nim on the residues `a mod (r + 1)`. For `k ≥ 2` the residue rule
//! is false (heaps 0 1 1 1 2 with `k = 2`, `r = 1` are N though every column of
//! residues is a multiple of 3), so [`solve_bash`] refuses those.

use num_traits::ToPrimitive;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::impartial::Outcome;
use crate::number::{BigUint, serde_decimal};

/// One heap changed by a move.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct HeapChange {
    /// Index of the heap, 0-based.
    pub heap: usize,
    /// Stones before the move.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub from: BigUint,
    /// Stones after the move.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub to: BigUint,
}

/// One move of Nim_k: the heaps it changes (between 1 and `k`), by index.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct NimKMove {
    /// The changed heaps, in index order.
    pub changes: Vec<HeapChange>,
}

/// The solution of a Nim_k position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimKSolution {
    /// At most this many heaps per move.
    pub k: u64,
    /// P iff every binary column sum is a multiple of `k + 1`.
    pub outcome: Outcome,
    /// For an N-position, one constructed winning move; empty for a P-position.
    pub winning_moves: Vec<NimKMove>,
}

fn check_k(k: u64) -> Result<u64> {
    if k == 0 {
        return Err(Error::invalid("k must be at least 1 (a move takes from 1 to k heaps)"));
    }
    k.checked_add(1).ok_or_else(|| Error::invalid("k is too large"))
}

/// Words counted per block: counts within a block stay below 2^8, so eight
/// bit-sliced planes hold them.
const BLOCK: usize = 255;

/// Adds `word` to eight bit-sliced counters (bit `j` of `planes[p]` is bit `p` of
/// column `j`'s count), with a fixed, branch-free ripple.
#[inline]
fn add_word(planes: &mut [u64; 8], word: u64) {
    let mut carry = word;
    for plane in planes.iter_mut() {
        let t = *plane & carry;
        *plane ^= carry;
        carry = t;
    }
}

/// Adds the column counts held in `planes` to `counts`.
fn flush(planes: &[u64; 8], counts: &mut [u64]) {
    for (p, &plane) in planes.iter().enumerate() {
        let mut w = plane;
        while w != 0 {
            counts[w.trailing_zeros() as usize] += 1 << p;
            w &= w - 1;
        }
    }
}

/// Heaps as 64-bit limbs, little-endian; `limb(i, l)` is limb `l` of heap `i`.
trait Limbs {
    fn heaps(&self) -> usize;
    fn limbs(&self) -> usize;
    fn limb(&self, heap: usize, l: usize) -> u64;
    fn bit(&self, heap: usize, b: usize) -> bool {
        (self.limb(heap, b / 64) >> (b % 64)) & 1 == 1
    }
}

impl Limbs for [u64] {
    fn heaps(&self) -> usize {
        self.len()
    }
    fn limbs(&self) -> usize {
        1
    }
    fn limb(&self, heap: usize, l: usize) -> u64 {
        if l == 0 { self[heap] } else { 0 }
    }
}

struct Wide(Vec<Vec<u64>>);

impl Limbs for Wide {
    fn heaps(&self) -> usize {
        self.0.len()
    }
    fn limbs(&self) -> usize {
        self.0.iter().map(Vec::len).max().unwrap_or(0)
    }
    fn limb(&self, heap: usize, l: usize) -> u64 {
        self.0[heap].get(l).copied().unwrap_or(0)
    }
}

fn counts_of<H: Limbs + ?Sized>(heaps: &H) -> Vec<u64> {
    let mut counts = Vec::with_capacity(heaps.limbs() * 64);
    for l in 0..heaps.limbs() {
        let mut column = [0u64; 64];
        let mut start = 0;
        while start < heaps.heaps() {
            let end = (start + BLOCK).min(heaps.heaps());
            let mut planes = [0u64; 8];
            for i in start..end {
                add_word(&mut planes, heaps.limb(i, l));
            }
            flush(&planes, &mut column);
            start = end;
        }
        counts.extend_from_slice(&column);
    }
    counts
}

fn to_big(limbs: &[u64]) -> BigUint {
    limbs.iter().rev().fold(BigUint::default(), |acc, &l| (acc << 64u32) + l)
}

fn solve_limbs<H: Limbs + ?Sized>(heaps: &H, k: u64) -> Result<NimKSolution> {
    let modulus = check_k(k)?;
    let counts = counts_of(heaps);
    if counts.iter().all(|c| c % modulus == 0) {
        return Ok(NimKSolution { k, outcome: Outcome::P, winning_moves: Vec::new() });
    }
    let limbs = heaps.limbs();
    let mut chosen_flag = vec![false; heaps.heaps()];
    // Chosen heaps and their new values (as limbs), in the order chosen.
    let mut chosen: Vec<(usize, Vec<u64>)> = Vec::new();
    for b in (0..limbs * 64).rev() {
        let (l, j) = (b / 64, b % 64);
        let chosen_ones = chosen.iter().filter(|(i, _)| heaps.bit(*i, b)).count() as u64;
        let others = counts[b] - chosen_ones;
        let residue = others % modulus;
        let need = (modulus - residue) % modulus;
        if need <= chosen.len() as u64 {
            for (n, (_, value)) in chosen.iter_mut().enumerate() {
                if (n as u64) < need {
                    value[l] |= 1 << j;
                } else {
                    value[l] &= !(1 << j);
                }
            }
        } else {
            for (_, value) in chosen.iter_mut() {
                value[l] &= !(1 << j);
            }
            let mut more = residue;
            let mut i = 0;
            while more > 0 && i < heaps.heaps() {
                if !chosen_flag[i] && heaps.bit(i, b) {
                    chosen_flag[i] = true;
                    let mut value: Vec<u64> = (0..limbs).map(|l| heaps.limb(i, l)).collect();
                    value[l] &= !(1 << j);
                    chosen.push((i, value));
                    more -= 1;
                }
                i += 1;
            }
        }
    }
    chosen.sort_by_key(|(i, _)| *i);
    let changes = chosen
        .into_iter()
        .map(|(i, value)| {
            let from: Vec<u64> = (0..limbs).map(|l| heaps.limb(i, l)).collect();
            HeapChange { heap: i, from: to_big(&from), to: to_big(&value) }
        })
        .collect();
    Ok(NimKSolution { k, outcome: Outcome::N, winning_moves: vec![NimKMove { changes }] })
}

/// Solves Nim_k on 64-bit heaps (the fast path).
pub fn solve_u64(heaps: &[u64], k: u64) -> Result<NimKSolution> {
    solve_limbs(heaps, k)
}

/// Solves Nim_k on heaps of any size (64-bit heaps take the fast path).
pub fn solve(heaps: &[BigUint], k: u64) -> Result<NimKSolution> {
    let small: Option<Vec<u64>> = heaps.iter().map(ToPrimitive::to_u64).collect();
    match small {
        Some(small) => solve_limbs(small.as_slice(), k),
        None => solve_limbs(&Wide(heaps.iter().map(BigUint::to_u64_digits).collect()), k),
    }
}

/// Whether the Nim_k position `heaps` is P (every column sum ≡ 0 mod k+1).
pub fn is_p_position(heaps: &[u64], k: u64) -> Result<bool> {
    let modulus = check_k(k)?;
    Ok(counts_of(heaps).iter().all(|c| c % modulus == 0))
}

/// Bash-k with at most `max_take` stones per heap. Only `k = 1` has the residue
/// closed form (see the module doc); the winning move lowers each changed
/// residue by taking the difference.
pub fn solve_bash(heaps: &[BigUint], k: u64, max_take: u64) -> Result<NimKSolution> {
    check_k(k)?;
    if max_take == 0 {
        return Err(Error::invalid("--max-take must be at least 1"));
    }
    if k != 1 {
        return Err(Error::invalid(format!(
            "no closed form for Bash-k with k = {k}: the residue rule (a mod (r+1), columns \
             mod k+1) is false for k >= 2 (k = 2, r = 1: heaps 0 1 1 1 2 are N, the rule says P)"
        )));
    }
    let modulus = BigUint::from(max_take) + 1u32;
    let residues: Vec<BigUint> = heaps.iter().map(|a| a % &modulus).collect();
    let mut sol = solve(&residues, k)?;
    for m in &mut sol.winning_moves {
        for c in &mut m.changes {
            let taken = &c.from - &c.to;
            c.from = heaps[c.heap].clone();
            c.to = &c.from - taken;
        }
    }
    Ok(sol)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k1_is_nim() {
        let sol = solve_u64(&[13, 12, 8], 1).unwrap();
        assert_eq!(sol.outcome, Outcome::N);
        let c = &sol.winning_moves[0].changes;
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].heap, 0);
        assert_eq!(c[0].to, BigUint::from(4u32));
    }

    #[test]
    fn k0_is_rejected() {
        assert!(solve_u64(&[1], 0).is_err());
    }

    #[test]
    fn wide_heaps_agree_with_narrow() {
        let heaps = [5u64, 9, 14, 3];
        let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h) << 70u32).collect();
        let a = solve_u64(&heaps, 2).unwrap();
        let b = solve(&big, 2).unwrap();
        assert_eq!(a.outcome, b.outcome);
        let shifted: Vec<_> =
            a.winning_moves[0].changes.iter().map(|c| (c.heap, &c.to << 70u32)).collect();
        let wide: Vec<_> =
            b.winning_moves[0].changes.iter().map(|c| (c.heap, c.to.clone())).collect();
        assert_eq!(shifted, wide);
    }
}
