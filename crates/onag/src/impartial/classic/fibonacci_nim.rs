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
//!
//! Grundy values (for sums with other games) have no such closed form here:
//! [`GrundyTable`] computes them by search over the positions `(heap, most
//! that may be taken)`, in time and memory quadratic in the heap.

use num_traits::Zero;
use serde::Serialize;

use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::impartial::Outcome;
use crate::number::{BigUint, serde_decimal};

/// The largest heap [`solve`] takes, in bits.
pub const MAX_HEAP_BITS: u64 = 4096;

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
///
/// Heaps are limited to [`MAX_HEAP_BITS`]: the Zeckendorf sum of a heap of
/// `b` bits has up to `0.7·b` terms of up to `b` bits each, so its size (and
/// that of the move list) grows with the square of `b`.
pub fn solve(n: &BigUint, last_take: Option<&BigUint>) -> Result<FibSolution> {
    if n.bits() > MAX_HEAP_BITS {
        return Err(Error::invalid(format!(
            "Fibonacci Nim heaps are limited to {MAX_HEAP_BITS} bits (about 1233 digits); \
             this one has {} bits",
            n.bits()
        )));
    }
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

/// The largest table [`GrundyTable::new`] builds: 2^28 entries (1 GiB).
pub const MAX_TABLE_ENTRIES: u64 = 1 << 28;

/// The largest heap whose table fits [`MAX_TABLE_ENTRIES`]:
/// `(n+1)(n+2)/2 ≤ 2^28`.
pub const MAX_TABLE_HEAP: u64 = 23_168;

/// Grundy values of every Fibonacci Nim position `(r, m)` with `r ≤ n` stones
/// left and at most `m ≤ r` to take, by search:
/// `g(r, m) = mex{ g(r − k, min(2k, r − k)) : 1 ≤ k ≤ m }`.
///
/// Invariant: row `r` holds `g(r, 0..=r)` at `offset(r) = r(r+1)/2`; a limit
/// above `r` is the same as `r`.
#[derive(Debug, Clone)]
pub struct GrundyTable {
    n: u64,
    values: Vec<u32>,
}

fn offset(r: u64) -> usize {
    (r * (r + 1) / 2) as usize
}

impl GrundyTable {
    /// Builds the table for heaps up to `n`. The `(n+1)(n+2)/2` entries count
    /// against the budget's position limit and [`MAX_TABLE_ENTRIES`].
    pub fn new(n: u64, budget: &Budget) -> Result<Self> {
        let entries = n
            .checked_add(1)
            .and_then(|a| a.checked_mul(n.saturating_add(2)))
            .map(|e| e / 2)
            .filter(|&e| e <= MAX_TABLE_ENTRIES)
            .ok_or_else(|| {
                Error::invalid(format!(
                    "Fibonacci Nim's Grundy values need a table quadratic in the heap: \
                     heap {n} is too large (heaps up to 23,168)"
                ))
            })?;
        budget.check_positions(entries)?;
        let mut values = vec![0u32; entries as usize];
        let mut seen = vec![false; n as usize + 2];
        for r in 1..=n {
            if r % 256 == 0 {
                budget.check(offset(r) as u64)?;
                budget.progress("Fibonacci Nim Grundy values", offset(r) as u64, Some(entries));
            }
            seen[..=r as usize].fill(false);
            let row = offset(r);
            let mut mex = 0usize;
            for m in 1..=r {
                let left = r - m;
                let g = values[offset(left) + (2 * m).min(left) as usize] as usize;
                seen[g] = true;
                while seen[mex] {
                    mex += 1;
                }
                values[row + m as usize] = mex as u32;
            }
        }
        Ok(GrundyTable { n, values })
    }

    /// The largest heap in the table.
    pub fn max_heap(&self) -> u64 {
        self.n
    }

    /// `g(r, m)`: `r` stones left, at most `m` may be taken (`None` if `r`
    /// is beyond the table).
    pub fn value(&self, r: u64, m: u64) -> Option<u32> {
        (r <= self.n).then(|| self.values[offset(r) + m.min(r) as usize])
    }

    /// The Grundy value of a fresh heap of `r` (the first move takes `1..r−1`).
    pub fn start_value(&self, r: u64) -> Option<u32> {
        self.value(r, r.saturating_sub(1))
    }
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
    #[test]
    fn grundy_values_vanish_exactly_at_the_zeckendorf_losses() {
        let table = GrundyTable::new(300, &Budget::unlimited()).unwrap();
        for r in 1..=300 {
            let p = table.start_value(r).unwrap() == 0;
            assert_eq!(p, is_fibonacci(&b(r)), "heap {r}");
            // Mid-game limits are twice the last take: even numbers.
            for last in 1..=r / 2 {
                let sol = solve(&b(r), Some(&b(last))).unwrap();
                let zero = table.value(r, 2 * last).unwrap() == 0;
                assert_eq!(zero, sol.outcome == Outcome::P, "({r}, last take {last})");
            }
        }
    }

    #[test]
    fn the_table_limit_is_exact() {
        let entries = |n: u64| (n + 1) * (n + 2) / 2;
        assert!(entries(MAX_TABLE_HEAP) <= MAX_TABLE_ENTRIES);
        assert!(entries(MAX_TABLE_HEAP + 1) > MAX_TABLE_ENTRIES);
        let huge = BigUint::from(1u32) << 5000u32;
        assert!(solve(&huge, None).unwrap_err().message().contains("limited to 4096 bits"));
        assert!(solve(&(BigUint::from(1u32) << 4095u32), None).is_ok());
    }

    #[test]
    fn oversized_tables_are_refused() {
        assert!(GrundyTable::new(1 << 20, &Budget::unlimited()).is_err());
        assert!(GrundyTable::new(1000, &Budget::unlimited().with_max_positions(1000)).is_err());
    }
}
