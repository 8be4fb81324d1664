//! Fibonacci Nim: one heap of `n`; the first move takes `1..n−1` stones, every
//! later move at most twice the previous one; whoever takes the last stone wins.
//!
//! With `L` the most the player to move may take, write `n` as its Zeckendorf sum
//! `t_1 < t_2 < ... < t_p` (non-consecutive Fibonacci numbers 1, 2, 3, 5, ...).
//! Taking the `s` smallest terms `T_s = t_1 + ... + t_s` wins when `T_s ≤ L` and
//! either `s = p` (nothing is left) or `t_{s+1} > 2·T_s` (the opponent may not reach
//! the smallest term of what is left). These are all the winning moves: a winning
//! move must leave `r` whose smallest term exceeds `2(n − r)`, and the only such
//! candidates are the truncations of `n`'s Zeckendorf sum, because numbers whose
//! terms are all at least `F_j` lie at least `F_{j−1} ≥ F_j/2` apart. In particular
//! the first player loses exactly when `n` is a Fibonacci number, and otherwise
//! wins by taking the smallest Zeckendorf term. `n` is an integer of any size.

use num_traits::Zero;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::impartial::Outcome;
use crate::number::{BigUint, serde_decimal};

/// The Zeckendorf sum of `n`: non-consecutive Fibonacci numbers (from 1, 2, 3, 5,
/// ...) adding up to `n`, largest first. Empty for 0.
pub fn zeckendorf(n: &BigUint) -> Vec<BigUint> {
    let mut fibs = vec![BigUint::from(1u32), BigUint::from(2u32)];
    while fibs[fibs.len() - 1] <= *n {
        let next = &fibs[fibs.len() - 1] + &fibs[fibs.len() - 2];
        fibs.push(next);
    }
    let mut rest = n.clone();
    let mut terms = Vec::new();
    for f in fibs.iter().rev() {
        if rest.is_zero() {
            break;
        }
        if *f <= rest {
            rest -= f;
            terms.push(f.clone());
        }
    }
    terms
}

/// Whether `n` is a Fibonacci number (1, 2, 3, 5, 8, ...).
pub fn is_fibonacci(n: &BigUint) -> bool {
    zeckendorf(n).len() == 1
}

/// A move: take `take` stones, leaving `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FibMove {
    /// Stones taken.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub take: BigUint,
    /// Stones left.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub to: BigUint,
}

/// The solution of a Fibonacci Nim position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FibSolution {
    /// Stones in the heap.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub n: BigUint,
    /// The most the player to move may take.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub max_take: BigUint,
    /// `n`'s Zeckendorf sum, largest term first.
    #[serde(serialize_with = "serialize_terms")]
    pub zeckendorf: Vec<BigUint>,
    /// P when the player to move loses.
    pub outcome: Outcome,
    /// Every winning move, smallest take first.
    pub winning_moves: Vec<FibMove>,
}

fn serialize_terms<S: serde::Serializer>(terms: &[BigUint], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    #[derive(Serialize)]
    struct Term<'a>(#[serde(serialize_with = "serde_decimal::serialize")] &'a BigUint);
    let mut seq = s.serialize_seq(Some(terms.len()))?;
    for t in terms {
        seq.serialize_element(&Term(t))?;
    }
    seq.end()
}

/// Solves a heap of `n` stones. Without `last_take` it is the first move (take
/// `1..n−1`); with it, the previous move took `last_take ≥ 1` stones, so at most
/// twice that may be taken now.
pub fn solve(n: &BigUint, last_take: Option<&BigUint>) -> Result<FibSolution> {
    let max_take = match last_take {
        Some(m) if m.is_zero() => {
            return Err(Error::invalid("the last take must be at least 1"));
        }
        Some(m) => (m << 1u32).min(n.clone()),
        None if n.is_zero() => BigUint::zero(),
        None => n - 1u32,
    };
    let terms = zeckendorf(n);
    let mut winning_moves = Vec::new();
    let mut taken = BigUint::zero();
    // Ascending terms t_1 < t_2 < ...; T_s is `taken` after adding t_s.
    for (s, t) in terms.iter().rev().enumerate() {
        taken += t;
        if taken > max_take {
            break;
        }
        let next = terms.len().checked_sub(s + 2).map(|i| &terms[i]);
        let wins = match next {
            None => true,
            Some(next) => *next > (&taken << 1u32),
        };
        if wins {
            winning_moves.push(FibMove { take: taken.clone(), to: n - &taken });
        }
    }
    Ok(FibSolution {
        n: n.clone(),
        max_take,
        zeckendorf: terms,
        outcome: Outcome::from_zero(winning_moves.is_empty()),
        winning_moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(n: u64) -> BigUint {
        BigUint::from(n)
    }

    #[test]
    fn zeckendorf_sums() {
        assert_eq!(zeckendorf(&b(100)), vec![b(89), b(8), b(3)]);
        assert!(zeckendorf(&b(0)).is_empty());
        assert!(is_fibonacci(&b(144)));
        assert!(!is_fibonacci(&b(100)));
    }

    #[test]
    fn first_moves() {
        assert_eq!(solve(&b(89), None).unwrap().outcome, Outcome::P);
        let sol = solve(&b(100), None).unwrap();
        assert_eq!(sol.outcome, Outcome::N);
        assert_eq!(sol.winning_moves[0].take, b(3));
        // 25 = 21 + 3 + 1: taking 1 or 4 both win.
        let takes: Vec<BigUint> =
            solve(&b(25), None).unwrap().winning_moves.into_iter().map(|m| m.take).collect();
        assert_eq!(takes, vec![b(1), b(4)]);
    }
}
