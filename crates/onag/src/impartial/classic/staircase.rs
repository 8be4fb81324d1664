//! Staircase Nim: coins on steps 1..n; a move carries any positive number of
//! coins from one step to the step below (from step 1 they leave the game).
//!
//! The value is the nim-sum of the odd-numbered steps: a move from an odd step
//! is a Nim move there, and a move from an even step onto an odd one can be
//! undone by carrying the same coins on down, so it only delays. Winning moves
//! therefore lower an odd step `i` from `c` to `c ⊕ s`, or carry `(c ⊕ s) − c`
//! coins from the even step above it onto odd step `i` when that raises it to
//! `c ⊕ s` (the even step must hold enough coins). Coin counts are integers of
//! any size.

use num_traits::Zero;
use serde::Serialize;

use crate::impartial::Outcome;
use crate::number::{BigUint, serde_decimal};

/// A move: carry `coins` coins from step `from_step` to step `to_step = from_step − 1`
/// (step 0 is off the staircase).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StairMove {
    /// The step the coins leave (1-based).
    pub from_step: usize,
    /// The step below (0 = off the staircase).
    pub to_step: usize,
    /// How many coins move.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub coins: BigUint,
}

/// The solution of a staircase position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StaircaseSolution {
    /// The nim-sum of the coins on odd steps (the Grundy value).
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub value: BigUint,
    /// P when the value is 0.
    pub outcome: Outcome,
    /// Every winning move, by step.
    pub winning_moves: Vec<StairMove>,
}

/// Solves the staircase with `steps[i]` coins on step `i + 1`.
pub fn solve(steps: &[BigUint]) -> StaircaseSolution {
    let value = steps.iter().step_by(2).fold(BigUint::zero(), |acc, c| acc ^ c);
    let mut winning_moves = Vec::new();
    if !value.is_zero() {
        for (i, c) in steps.iter().enumerate() {
            let step = i + 1;
            if step % 2 == 1 {
                let target = c ^ &value;
                if target < *c {
                    winning_moves.push(StairMove {
                        from_step: step,
                        to_step: step - 1,
                        coins: c - target,
                    });
                }
            } else {
                let below = &steps[i - 1];
                let target = below ^ &value;
                if target > *below && &target - below <= *c {
                    winning_moves.push(StairMove {
                        from_step: step,
                        to_step: step - 1,
                        coins: target - below,
                    });
                }
            }
        }
    }
    StaircaseSolution { outcome: Outcome::from_zero(value.is_zero()), value, winning_moves }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_3_1_4_1_5() {
        let steps: Vec<BigUint> = [3u32, 1, 4, 1, 5].into_iter().map(BigUint::from).collect();
        let sol = solve(&steps);
        assert_eq!(sol.value, BigUint::from(3u32 ^ 4 ^ 5));
        assert_eq!(sol.outcome, Outcome::N);
        assert!(!sol.winning_moves.is_empty());
    }
}
