//! Impartial games: Sprague–Grundy values, outcomes, sums and winning moves.
//!
//! A user's own game implements [`ImpartialPosition`]. A position whose
//! [`split`](ImpartialPosition::split) returns parts is a disjunctive sum of those
//! parts, and its value is the nim-sum (XOR) of theirs: solvers never explore the
//! product space of a sum.

pub mod classic;
pub mod coins;
pub mod graph;
pub mod hackenbush;
pub mod heap;
pub mod misere;
pub mod solve;

use serde::Serialize;

/// The outcome class of an impartial position under normal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: value 0.
    P,
    /// The next player (the one to move) wins: value non-zero.
    N,
}

impl Outcome {
    /// The outcome of a position whose value is zero exactly when `is_zero`.
    pub fn from_zero(is_zero: bool) -> Self {
        if is_zero { Outcome::P } else { Outcome::N }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

/// A position of a finite, progressively bounded impartial game.
///
/// Both players have the same moves; [`options`](Self::options) lists them.
/// Implementations must terminate: no position may be reachable from itself.
pub trait ImpartialPosition: Clone + Eq + std::hash::Hash {
    /// The positions reachable in one move.
    fn options(&self) -> Vec<Self>;

    /// If this position is a disjunctive sum of independent parts, those parts.
    ///
    /// `None` (the default) means the position is not split. A split must have
    /// at least two parts, each simpler than the whole, and the whole's value is
    /// the nim-sum of the parts' values.
    fn split(&self) -> Option<Vec<Self>> {
        None
    }
}

/// The minimum excludant: the least non-negative integer not in `values`.
///
/// Runs in time linear in the number of values (values too large to be the
/// answer are skipped without being stored).
pub fn mex<I>(values: I) -> u64
where
    I: IntoIterator<Item = u64>,
{
    let values: Vec<u64> = values.into_iter().collect();
    let mut seen = vec![false; values.len() + 1];
    for &v in &values {
        if let Ok(i) = usize::try_from(v)
            && i < seen.len()
        {
            seen[i] = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u64
}

#[cfg(test)]
mod tests {
    use super::mex;

    #[test]
    fn mex_of_small_sets() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 2]), 3);
        assert_eq!(mex([0, 2, 2, 5, u64::MAX]), 1);
    }
}
