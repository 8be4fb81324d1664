//! Nim (Bouton): a position is P iff the nim-sum (XOR) of its heaps is zero.
//!
//! The winning moves from an N-position reduce each heap `b` with
//! `b ⊕ s < b` (where `s` is the nim-sum) to `b ⊕ s`. Heaps are arbitrary-size
//! integers.
//!
//! Misère Nim (the player who takes the last stone loses): the player to move
//! wins iff (every heap ≤ 1 and the nim-sum is 0) or (some heap > 1 and the
//! nim-sum is not 0). [`solve_misere`] lists every move to a misère P-position.

use serde::Serialize;

use crate::impartial::Outcome;
use crate::number::{BigUint, serde_decimal};

/// One move in Nim: heap number `heap` (0-based) goes from `from` to `to` stones.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct NimMove {
    /// Index of the heap, 0-based.
    pub heap: usize,
    /// Stones before the move.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub from: BigUint,
    /// Stones after the move.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub to: BigUint,
}

/// The solution of a Nim position: its nim-sum, outcome and every winning move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimSolution {
    /// The XOR of all heaps.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub nim_sum: BigUint,
    /// P when the nim-sum is zero, N otherwise.
    pub outcome: Outcome,
    /// Every move to a position of nim-sum zero, in heap order.
    pub winning_moves: Vec<NimMove>,
}

/// The nim-sum (XOR) of `heaps`.
pub fn nim_sum(heaps: &[BigUint]) -> BigUint {
    heaps.iter().fold(BigUint::default(), |acc, h| acc ^ h)
}

/// Solves the Nim position `heaps` (normal play).
pub fn solve(heaps: &[BigUint]) -> NimSolution {
    let s = nim_sum(heaps);
    let winning_moves = if s == BigUint::default() {
        Vec::new()
    } else {
        heaps
            .iter()
            .enumerate()
            .filter_map(|(heap, from)| {
                let to = from ^ &s;
                (to < *from).then(|| NimMove { heap, from: from.clone(), to })
            })
            .collect()
    };
    NimSolution { outcome: Outcome::from_zero(winning_moves.is_empty()), nim_sum: s, winning_moves }
}

/// Whether a Nim position with nim-sum `s` and `big` heaps larger than 1 is a
/// misère P-position (the player to move loses).
fn misere_p(s: &BigUint, big: usize) -> bool {
    if big == 0 { *s == BigUint::from(1u32) } else { *s == BigUint::default() }
}

/// Solves the Nim position `heaps` under misère play: `nim_sum` is the ordinary
/// nim-sum, `outcome` the misère outcome, and `winning_moves` every move to a
/// misère P-position.
pub fn solve_misere(heaps: &[BigUint]) -> NimSolution {
    let one = BigUint::from(1u32);
    let s = nim_sum(heaps);
    let big = heaps.iter().filter(|h| **h > one).count();
    let p_position = misere_p(&s, big);
    let mut winning_moves = Vec::new();
    if !p_position {
        for (heap, from) in heaps.iter().enumerate() {
            let mut targets = vec![from ^ &s, BigUint::default(), one.clone()];
            targets.retain(|to| to < from);
            targets.sort();
            targets.dedup();
            for to in targets {
                let s_after = &s ^ from ^ &to;
                let big_after = big - usize::from(*from > one) + usize::from(to > one);
                if misere_p(&s_after, big_after) {
                    winning_moves.push(NimMove { heap, from: from.clone(), to });
                }
            }
        }
    }
    // The empty position is N with no move: the player to move has already won.
    NimSolution { outcome: Outcome::from_zero(p_position), nim_sum: s, winning_moves }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heaps(xs: &[u64]) -> Vec<BigUint> {
        xs.iter().map(|&x| BigUint::from(x)).collect()
    }

    #[test]
    fn seed_example_13_12_8() {
        let sol = solve(&heaps(&[13, 12, 8]));
        assert_eq!(sol.nim_sum, BigUint::from(9u32));
        assert_eq!(sol.outcome, Outcome::N);
        let moves: Vec<_> =
            sol.winning_moves.iter().map(|m| (m.heap, m.from.clone(), m.to.clone())).collect();
        assert_eq!(
            moves,
            vec![
                (0, BigUint::from(13u32), BigUint::from(4u32)),
                (1, BigUint::from(12u32), BigUint::from(5u32)),
                // The seed names the first two; 13 ⊕ 12 = 1, so 8 -> 1 wins too.
                (2, BigUint::from(8u32), BigUint::from(1u32)),
            ]
        );
    }

    #[test]
    fn zero_sum_is_p() {
        let sol = solve(&heaps(&[1, 2, 3]));
        assert_eq!(sol.outcome, Outcome::P);
        assert!(sol.winning_moves.is_empty());
    }

    #[test]
    fn misere_1_1_2() {
        // Heaps 1 1 2: the only winning move leaves 1 1 1 (an odd number of ones).
        let sol = solve_misere(&heaps(&[1, 1, 2]));
        assert_eq!(sol.outcome, Outcome::N);
        let moves: Vec<_> = sol.winning_moves.iter().map(|m| (m.heap, m.to.clone())).collect();
        assert_eq!(moves, vec![(2, BigUint::from(1u32))]);
        assert_eq!(solve_misere(&heaps(&[1, 1])).outcome, Outcome::N);
        assert_eq!(solve_misere(&heaps(&[1])).outcome, Outcome::P);
        assert_eq!(solve_misere(&heaps(&[])).outcome, Outcome::N);
    }
}
