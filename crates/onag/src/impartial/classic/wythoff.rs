//! Wythoff's game and extended Wythoff: two heaps; a move takes any amount from
//! one heap, or `s ≥ 1` and `t ≥ 1` from both with `|s − t| ≤ k` (`k = 0` is
//! Wythoff's game).
//!
//! P-positions are the pairs `(x_i, y_i)` and `(y_i, x_i)` with
//! `x_i = mex{x_j, y_j : j < i}` and `y_i = x_i + c·i`, `c = k + 1`. By Beatty's
//! theorem `x_i = ⌊iα⌋` with `α = (2 − c + √(c² + 4))/2` (the golden ratio for
//! `c = 1`). Computed with integers only: `x_i = i + ⌊(isqrt((c² + 4)·i²) − c·i)/2⌋`,
//! exact because `√(c² + 4)·i` is irrational for `i > 0` and
//! `⌊(n + ⌊r⌋)/2⌋ = ⌊(n + r)/2⌋` for integer `n`. Every positive integer is an
//! `x_i` or a `y_i` (never both), which gives every winning move directly.
//!
//! The Grundy values of Wythoff's game have no known closed form; [`grundy_table`]
//! computes them by search with one bitset of seen values per row, column and
//! diagonal.

use num_traits::{ToPrimitive, Zero};
use serde::Serialize;

use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::impartial::Outcome;
use crate::number::{BigUint, serde_decimal};

/// A pair of heap sizes; in JSON the array `[x, y]`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pair {
    /// The first heap.
    pub x: BigUint,
    /// The second heap.
    pub y: BigUint,
}

impl Serialize for Pair {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        #[derive(Serialize)]
        struct Decimal<'a>(#[serde(serialize_with = "serde_decimal::serialize")] &'a BigUint);
        let mut t = s.serialize_tuple(2)?;
        t.serialize_element(&Decimal(&self.x))?;
        t.serialize_element(&Decimal(&self.y))?;
        t.end()
    }
}

fn c_of(k: u64) -> Result<u64> {
    k.checked_add(1).ok_or_else(|| Error::invalid("k is too large"))
}

/// The `i`-th P-position `(x_i, y_i)` of extended Wythoff with parameter `k`
/// (`(0, 0)` is the 0th), for `i` of any size.
pub fn p_position(i: &BigUint, k: u64) -> Result<Pair> {
    let c = BigUint::from(c_of(k)?);
    let d = &c * &c + 4u32;
    let ci = &c * i;
    let root = (d * i * i).sqrt();
    // root ≥ c·i because c² + 4 > c².
    let x = i + ((root - &ci) >> 1u32);
    let y = &x + ci;
    Ok(Pair { x, y })
}

/// Which P-position contains the heap size `n`: `Some((i, true))` if `n = x_i`,
/// `Some((i, false))` if `n = y_i` (for `n = 0` both hold; this returns the lower).
fn locate(n: &BigUint, k: u64) -> Result<(BigUint, bool)> {
    if n.is_zero() {
        return Ok((BigUint::zero(), true));
    }
    let c = c_of(k)?;
    let cb = BigUint::from(c);
    let d = &cb * &cb + 4u32;
    // n/α = n(c − 2 + √d)/(2c); the index of a lower number is ⌈n/α⌉.
    let root = (d * n * n).sqrt();
    let est =
        if c >= 2 { (n * (c - 2) + &root) / (&cb * 2u32) } else { (&root - n) / (&cb * 2u32) };
    let lo = if est >= BigUint::from(2u32) { &est - 2u32 } else { BigUint::zero() };
    let mut i = lo.clone();
    while i <= &est + 2u32 {
        if p_position(&i, k)?.x == *n {
            return Ok((i, true));
        }
        i += 1u32;
    }
    // Upper: n = ⌊iβ⌋ with 1/β = 1 − 1/α, so i ≈ n − n/α.
    let est_up = if *n >= est { n - &est } else { BigUint::zero() };
    let mut i = if est_up >= BigUint::from(3u32) { &est_up - 3u32 } else { BigUint::zero() };
    while i <= &est_up + 3u32 {
        if p_position(&i, k)?.y == *n {
            return Ok((i, false));
        }
        i += 1u32;
    }
    Err(Error::invalid(format!("internal: {n} is neither a lower nor an upper Wythoff number")))
}

/// Whether `(a, b)` is a P-position of extended Wythoff with parameter `k`.
pub fn is_p_position(a: &BigUint, b: &BigUint, k: u64) -> Result<bool> {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let c = BigUint::from(c_of(k)?);
    let diff = hi - lo;
    if !(&diff % &c).is_zero() {
        return Ok(false);
    }
    Ok(p_position(&(diff / c), k)?.x == *lo)
}

/// A winning move: leave `to`, taking `take` from the heaps.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct WythoffMove {
    /// The position after the move.
    pub to: Pair,
    /// Stones taken from each heap.
    pub take: Pair,
}

/// The solution of a Wythoff position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WythoffSolution {
    /// The parameter `k` (0 for Wythoff's game).
    pub k: u64,
    /// P iff the position is a P-position.
    pub outcome: Outcome,
    /// Every move to a P-position.
    pub winning_moves: Vec<WythoffMove>,
}

/// Solves the position `(a, b)`: outcome and every winning move.
pub fn solve(a: &BigUint, b: &BigUint, k: u64) -> Result<WythoffSolution> {
    if is_p_position(a, b, k)? {
        return Ok(WythoffSolution { k, outcome: Outcome::P, winning_moves: Vec::new() });
    }
    let c = c_of(k)?;
    let mut targets: Vec<Pair> = Vec::new();
    // One heap: keep one heap, move the other to its partner.
    let partner = |n: &BigUint| -> Result<BigUint> {
        let (i, lower) = locate(n, k)?;
        let p = p_position(&i, k)?;
        Ok(if lower { p.y } else { p.x })
    };
    let q = partner(a)?;
    if q < *b {
        targets.push(Pair { x: a.clone(), y: q });
    }
    let p = partner(b)?;
    if p < *a {
        targets.push(Pair { x: p, y: b.clone() });
    }
    // Both heaps: the target's difference q − p = ±c·i is within k of b − a.
    for swapped in [false, true] {
        let (u, v) = if swapped { (b, a) } else { (a, b) };
        // Targets (x_i, y_i) read as (u, v) order: need c·i ∈ [d − k, d + k], d = v − u.
        if v + k < *u {
            continue;
        }
        let hi = (v + k - u) / c; // floor((d + k)/c), d + k ≥ 0
        let lo_num = if *v >= u + k { v - u - k } else { BigUint::zero() };
        let lo = (&lo_num + (c - 1)) / c; // ceil(max(d − k, 0)/c)
        let mut i = lo;
        while i <= hi {
            let pos = p_position(&i, k)?;
            let (tu, tv) = (pos.x, pos.y);
            if tu < *u && tv < *v {
                let (s, t) = (u - &tu, v - &tv);
                let diff = if s >= t { &s - &t } else { &t - &s };
                if diff <= BigUint::from(k) {
                    targets.push(if swapped {
                        Pair { x: tv, y: tu }
                    } else {
                        Pair { x: tu, y: tv }
                    });
                }
            }
            i += 1u32;
        }
    }
    targets.sort();
    targets.dedup();
    let winning_moves = targets
        .into_iter()
        .map(|to| {
            let take = Pair { x: a - &to.x, y: b - &to.y };
            WythoffMove { to, take }
        })
        .collect();
    Ok(WythoffSolution { k, outcome: Outcome::N, winning_moves })
}

/// The first `count` P-positions `(x_i, y_i)`, `i = 0..count`, by the mex
/// recurrence (machine words; fails with an error on overflow).
pub fn p_positions(count: u64, k: u64, budget: &Budget) -> Result<Vec<(u64, u64)>> {
    budget.check_positions(count)?;
    let c = c_of(k)?;
    let count = usize::try_from(count).map_err(|_| Error::invalid("too many P-positions"))?;
    let overflow = || Error::invalid("P-positions beyond 64 bits: use --index");
    let mut out = Vec::with_capacity(count);
    // used[n]: n is already some x_j or y_j (j < i). Only numbers ≥ the current
    // mex matter, so the window is shifted as the mex grows.
    let mut used: Vec<bool> = Vec::new();
    let mut base = 0u64; // used[n - base]
    let mut mex = 0u64;
    for i in 0..count as u64 {
        if i % (1 << 16) == 0 {
            budget.check(i)?;
        }
        while used.get((mex - base) as usize).copied().unwrap_or(false) {
            mex += 1;
        }
        let x = mex;
        let y = c.checked_mul(i).and_then(|ci| x.checked_add(ci)).ok_or_else(overflow)?;
        out.push((x, y));
        for n in [x, y] {
            let at = (n - base) as usize;
            if at >= used.len() {
                used.resize(at + 1, false);
            }
            used[at] = true;
        }
        // Drop the prefix below the mex now and then.
        let drop = (mex - base) as usize;
        if drop > 4096 && drop * 2 > used.len() {
            used.drain(..drop);
            base = mex;
        }
    }
    Ok(out)
}

/// Wythoff's Grundy values `g(x, y)` for `0 ≤ x, y < n`, row by row (`x` major),
/// by search. Fails if `n²` exceeds the budget's position limit.
pub fn grundy_table(n: u64, budget: &Budget) -> Result<Vec<u32>> {
    let cells = n.checked_mul(n).ok_or_else(|| Error::invalid("the table is too large"))?;
    budget.check_positions(cells)?;
    let n = usize::try_from(n).map_err(|_| Error::invalid("the table is too large"))?;
    let cells = n * n;
    // A cell has fewer than 3n options, so its value is below 3n.
    let words = (3 * n).div_ceil(64) + 1;
    let mut col = vec![0u64; n * words];
    let mut diag = vec![0u64; (2 * n).max(1) * words];
    let mut row = vec![0u64; words];
    let mut table = vec![0u32; cells];
    for x in 0..n {
        budget.check((x * n) as u64)?;
        if budget.reports_progress() {
            budget.progress("Wythoff Grundy table", (x * n) as u64, Some(cells as u64));
        }
        row.iter_mut().for_each(|w| *w = 0);
        for y in 0..n {
            let c = &col[y * words..(y + 1) * words];
            let d_at = (y + n - x) * words;
            let d = &diag[d_at..d_at + words];
            let mut g = 0u32;
            for w in 0..words {
                let seen = row[w] | c[w] | d[w];
                if seen != u64::MAX {
                    g = (w * 64) as u32 + seen.trailing_ones();
                    break;
                }
            }
            table[x * n + y] = g;
            let (w, bit) = (g as usize / 64, 1u64 << (g % 64));
            row[w] |= bit;
            col[y * words + w] |= bit;
            diag[d_at + w] |= bit;
        }
    }
    Ok(table)
}

/// The Grundy value of `(a, b)` in Wythoff's game, by [`grundy_table`] on the
/// square of side `max(a, b) + 1` (so the same position limit applies).
pub fn grundy_value(a: u64, b: u64, budget: &Budget) -> Result<u32> {
    let side = a.max(b).checked_add(1).ok_or_else(|| Error::invalid("the table is too large"))?;
    let table = grundy_table(side, budget)?;
    let at = usize::try_from(a * side + b).map_err(|_| Error::invalid("the table is too large"))?;
    table.get(at).copied().ok_or_else(|| Error::invalid("the table is too large"))
}

/// `(x, y)` of the `i`-th P-position as `u64` when both fit.
pub fn p_position_u64(i: u64, k: u64) -> Result<Option<(u64, u64)>> {
    let p = p_position(&BigUint::from(i), k)?;
    Ok(p.x.to_u64().zip(p.y.to_u64()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_p_positions() {
        let p = p_positions(5, 0, &Budget::unlimited()).unwrap();
        assert_eq!(p, vec![(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
        for (i, &(x, y)) in p.iter().enumerate() {
            assert_eq!(p_position_u64(i as u64, 0).unwrap(), Some((x, y)));
        }
    }

    #[test]
    fn moves_from_5_6() {
        let sol = solve(&BigUint::from(5u32), &BigUint::from(6u32), 0).unwrap();
        let to: Vec<(u64, u64)> = sol
            .winning_moves
            .iter()
            .map(|m| (m.to.x.to_u64().unwrap(), m.to.y.to_u64().unwrap()))
            .collect();
        assert_eq!(to, vec![(1, 2), (5, 3)]);
    }
}
