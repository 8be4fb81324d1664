//! The options and followers of a number's canonical form, in closed form.
//!
//! The canonical form of an integer n > 0 is {n−1 |}, of n < 0 is {| n+1},
//! of 0 is {|}; of m/2^k with m odd and k ≥ 1 it is {x − 2^−k | x + 2^−k}.
//! So the integer followers of any number are exactly the integers from
//! min(0, lowest) to max(0, highest) it reaches, and its other followers
//! are at most two per binary digit of its denominator. Counting them needs
//! no game to be built: `1000000.FollowerCount` is 1000001 at once.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeSet;

use crate::budget::Budget;
use crate::error::Result;

/// The Left and Right options of the canonical form of the dyadic `x`.
pub fn options(x: &BigRational) -> (Option<BigRational>, Option<BigRational>) {
    if x.is_integer() {
        let one = BigRational::one();
        if x.is_positive() {
            (Some(x - one), None)
        } else if x.is_negative() {
            (None, Some(x + one))
        } else {
            (None, None)
        }
    } else {
        let eps = BigRational::new(BigInt::one(), x.denom().clone());
        (Some(x - &eps), Some(x + eps))
    }
}

/// The followers of the dyadic `x` (x included): the numbers that are not
/// integers, ascending, and the range `lo..=hi` of the integer ones (it
/// always holds 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Followers {
    /// The followers that are not integers, ascending.
    pub fractions: Vec<BigRational>,
    /// The least integer follower (at most 0).
    pub lo: BigInt,
    /// The greatest integer follower (at least 0).
    pub hi: BigInt,
}

impl Followers {
    /// How many followers there are.
    pub fn count(&self) -> BigInt {
        BigInt::from(self.fractions.len()) + (&self.hi - &self.lo) + 1
    }

    /// Every follower, ascending; fails when there are more than the
    /// budget's position limit.
    pub fn all(&self, budget: &Budget) -> Result<Vec<BigRational>> {
        let count = self.count();
        let n = u64::try_from(&count).unwrap_or(u64::MAX);
        budget.check_positions(n)?;
        let mut out: Vec<BigRational> = Vec::new();
        let mut k = self.lo.clone();
        let mut fractions = self.fractions.iter().peekable();
        while k <= self.hi {
            let integer = BigRational::from_integer(k.clone());
            while let Some(f) = fractions.next_if(|f| **f < integer) {
                out.push(f.clone());
            }
            out.push(integer);
            k += 1;
            if out.len() & 0xfff == 0 {
                budget.check(out.len() as u64)?;
            }
        }
        out.extend(fractions.cloned());
        Ok(out)
    }
}

/// The followers of the dyadic `x`, walking only the non-integers (at most
/// two per binary digit of the denominator).
pub fn followers(x: &BigRational, budget: &Budget) -> Result<Followers> {
    let mut lo = BigInt::zero();
    let mut hi = BigInt::zero();
    let mut seen: BTreeSet<BigRational> = BTreeSet::new();
    let mut stack = vec![x.clone()];
    let mut steps = 0u64;
    while let Some(y) = stack.pop() {
        steps += 1;
        if steps & 0xff == 0 {
            budget.check(seen.len() as u64)?;
        }
        if y.is_integer() {
            let n = y.to_integer();
            if n < lo {
                lo = n;
            } else if n > hi {
                hi = n;
            }
            continue;
        }
        if !seen.insert(y.clone()) {
            continue;
        }
        let (l, r) = options(&y);
        stack.extend(l);
        stack.extend(r);
    }
    Ok(Followers { fractions: seen.into_iter().collect(), lo, hi })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(a: i64, b: i64) -> BigRational {
        BigRational::new(a.into(), b.into())
    }

    #[test]
    fn options_of_numbers() {
        assert_eq!(options(&q(3, 1)), (Some(q(2, 1)), None));
        assert_eq!(options(&q(-3, 1)), (None, Some(q(-2, 1))));
        assert_eq!(options(&q(0, 1)), (None, None));
        assert_eq!(options(&q(-1, 2)), (Some(q(-1, 1)), Some(q(0, 1))));
        assert_eq!(options(&q(5, 8)), (Some(q(1, 2)), Some(q(3, 4))));
    }

    #[test]
    fn followers_of_numbers() {
        let b = Budget::unlimited();
        let f = followers(&q(5, 8), &b).unwrap();
        assert_eq!(f.all(&b).unwrap(), vec![q(0, 1), q(1, 2), q(5, 8), q(3, 4), q(1, 1)]);
        let n = BigInt::from(10).pow(30);
        let f = followers(&BigRational::from_integer(-n.clone()), &b).unwrap();
        assert_eq!(f.count(), n + 1);
        assert!(f.all(&Budget::unlimited().with_max_positions(100)).is_err());
    }
}
