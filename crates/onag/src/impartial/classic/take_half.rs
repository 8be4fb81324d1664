//! Take-at-least-half: one heap, and a move removes at least half of it (so at
//! most `⌊x/2⌋` stones remain).
//!
//! Closed form: `g(x) = min{k : 2^k > x}`, the bit length of `x`. From `x` the
//! heaps left, `0..=⌊x/2⌋`, have every bit length below that of `x`, so their mex
//! is exactly the bit length of `x`. In a sum, a heap of value `b` moves to value
//! `t < b` by leaving any `r` with bit length `t` and `r ≤ ⌊x/2⌋`: a whole range,
//! reported as its ends. Heaps are integers of any size.

use num_traits::Zero;
use serde::Serialize;

use crate::impartial::Outcome;
use crate::number::{BigUint, serde_decimal};

/// The Grundy value of a heap of `x` stones: its bit length.
pub fn grundy(x: &BigUint) -> u64 {
    x.bits()
}

/// The heaps of value `t` that a heap of `x` stones can move to: the range
/// `lo..=hi`, or `None` if there is none.
pub fn moves_to_value(x: &BigUint, t: u64) -> Option<(BigUint, BigUint)> {
    let half: BigUint = x >> 1u32;
    let (lo, hi) = if t == 0 {
        (BigUint::zero(), BigUint::zero())
    } else {
        (BigUint::from(1u32) << (t - 1), (BigUint::from(1u32) << t) - 1u32)
    };
    let hi = hi.min(half);
    (lo <= hi).then_some((lo, hi))
}

/// One heap of a sum with its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeapValue {
    /// Index of the heap, 0-based.
    pub heap: usize,
    /// Stones in the heap.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub size: BigUint,
    /// Its Grundy value (its bit length).
    pub value: u64,
}

/// The winning moves from one heap: leave any number of stones in `to_min..=to_max`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RangeMove {
    /// Index of the heap, 0-based.
    pub heap: usize,
    /// Stones before the move.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub from: BigUint,
    /// Fewest stones that may be left.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub to_min: BigUint,
    /// Most stones that may be left.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub to_max: BigUint,
}

/// The solution of a sum of take-at-least-half heaps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TakeHalfSolution {
    /// Each heap's value.
    pub values: Vec<HeapValue>,
    /// The nim-sum of the values.
    pub value: u64,
    /// P when the value is 0.
    pub outcome: Outcome,
    /// Every winning move, as ranges of heaps to leave (one range per heap).
    pub winning_moves: Vec<RangeMove>,
}

/// Solves a sum of take-at-least-half heaps.
pub fn solve(heaps: &[BigUint]) -> TakeHalfSolution {
    let values: Vec<HeapValue> = heaps
        .iter()
        .enumerate()
        .map(|(heap, size)| HeapValue { heap, size: size.clone(), value: grundy(size) })
        .collect();
    let value = values.iter().fold(0, |acc, v| acc ^ v.value);
    let winning_moves = if value == 0 {
        Vec::new()
    } else {
        values
            .iter()
            .filter_map(|v| {
                let t = v.value ^ value;
                let (to_min, to_max) = moves_to_value(&v.size, t)?;
                Some(RangeMove { heap: v.heap, from: v.size.clone(), to_min, to_max })
            })
            .collect()
    };
    TakeHalfSolution { values, value, outcome: Outcome::from_zero(value == 0), winning_moves }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_table() {
        // Seed 004: g(0..=12) = 0 1 2 2 3 3 3 3 4 4 4 4 4.
        let g: Vec<u64> = (0u32..=12).map(|x| grundy(&BigUint::from(x))).collect();
        assert_eq!(g, vec![0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4]);
    }

    #[test]
    fn sum_5_9() {
        let sol = solve(&[BigUint::from(5u32), BigUint::from(9u32)]);
        assert_eq!(sol.value, 3 ^ 4);
        // 9 (value 4) must go to value 3: leave 4..=4 (at most 4 may remain).
        assert_eq!(sol.winning_moves.len(), 1);
        assert_eq!(sol.winning_moves[0].heap, 1);
        assert_eq!(sol.winning_moves[0].to_min, BigUint::from(4u32));
        assert_eq!(sol.winning_moves[0].to_max, BigUint::from(4u32));
    }
}
