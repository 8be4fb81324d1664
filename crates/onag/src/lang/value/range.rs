//! Ranges of integers as data (CGScript's `a..b` and `a..b..step`): the
//! elements in closed form. What the calculator does with ranges is in
//! `classes/range`.
//!
//! Invariant: the step is never 0. The elements are `start + k·step` for
//! `k = 0, 1, …` as long as they do not pass `end` (an empty range, such as
//! `1..0`, has none).

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// The integers `start, start + step, …` up to `end`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntRange {
    /// The first element (when the range is not empty).
    pub start: BigInt,
    /// The bound no element passes.
    pub end: BigInt,
    /// The difference of consecutive elements; never 0.
    pub step: BigInt,
}

impl IntRange {
    /// How many elements the range has.
    pub fn len(&self) -> BigInt {
        let span = &self.end - &self.start;
        if span.is_zero() || span.signum() == self.step.signum() {
            span.div_floor(&self.step) + 1
        } else {
            BigInt::zero()
        }
    }

    /// Whether the range has no element.
    pub fn is_empty(&self) -> bool {
        self.len().is_zero()
    }

    /// Whether `n` is an element.
    pub fn contains(&self, n: &BigInt) -> bool {
        let k = n - &self.start;
        (&k % &self.step).is_zero() && {
            let index = k / &self.step;
            !index.is_negative() && index < self.len()
        }
    }

    /// The elements in order (lazily: `for x in 1..10^9` never holds them).
    pub fn iter(&self) -> impl Iterator<Item = BigInt> + '_ {
        let count = self.len();
        let mut k = BigInt::zero();
        std::iter::from_fn(move || {
            if k >= count {
                return None;
            }
            let x = &self.start + &k * &self.step;
            k += 1;
            Some(x)
        })
    }

    /// As CGSuite prints it: `3..12`, or `3..12..3` when the step is not 1.
    pub fn notation(&self) -> String {
        if self.step.is_one() {
            format!("{}..{}", self.start, self.end)
        } else {
            format!("{}..{}..{}", self.start, self.end, self.step)
        }
    }
}
