//! Outcome classes of loopy games, with draws (CGSuite's `LoopyOutcomeClass`).

use serde::Serialize;

use super::canonical::{SidedValue, side_rule};
use super::graph::LoopyGame;
use super::solve::{PlayResult, leq};
use crate::budget::Budget;
use crate::error::Result;

/// The outcome of a loopy game: who wins with Left moving first and with
/// Right moving first, a draw being possible. Printed with CGSuite's names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum LoopyOutcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The second player wins.
    P,
    /// The first player wins.
    N,
    /// A draw whoever starts.
    D,
    /// Left moving first: draw; Right moving first: Left wins.
    PHat,
    /// Left moving first: Right wins; Right moving first: draw.
    PCheck,
    /// Left moving first: Left wins; Right moving first: draw.
    NHat,
    /// Left moving first: draw; Right moving first: Right wins.
    NCheck,
}

impl LoopyOutcome {
    /// The class from the results of play with Left and with Right moving
    /// first.
    pub fn from_results(left_first: PlayResult, right_first: PlayResult) -> Self {
        use PlayResult::*;
        match (left_first, right_first) {
            (RightWins, LeftWins) => LoopyOutcome::P,
            (LeftWins, RightWins) => LoopyOutcome::N,
            (LeftWins, LeftWins) => LoopyOutcome::L,
            (RightWins, RightWins) => LoopyOutcome::R,
            (Draw, Draw) => LoopyOutcome::D,
            (LeftWins, Draw) => LoopyOutcome::NHat,
            (RightWins, Draw) => LoopyOutcome::PCheck,
            (Draw, LeftWins) => LoopyOutcome::PHat,
            (Draw, RightWins) => LoopyOutcome::NCheck,
        }
    }

    /// The results of play `[Left first, Right first]`.
    pub fn results(self) -> [PlayResult; 2] {
        use PlayResult::*;
        match self {
            LoopyOutcome::P => [RightWins, LeftWins],
            LoopyOutcome::N => [LeftWins, RightWins],
            LoopyOutcome::L => [LeftWins, LeftWins],
            LoopyOutcome::R => [RightWins, RightWins],
            LoopyOutcome::D => [Draw, Draw],
            LoopyOutcome::NHat => [LeftWins, Draw],
            LoopyOutcome::PCheck => [RightWins, Draw],
            LoopyOutcome::PHat => [Draw, LeftWins],
            LoopyOutcome::NCheck => [Draw, RightWins],
        }
    }

    /// The class of a value from its sides compared with 0: Left moving
    /// first wins if the offside is not ≤ 0 and draws if only the onside is
    /// not; Right moving first symmetrically.
    pub fn of_sides(v: &SidedValue, budget: &Budget) -> Result<Self> {
        let zero = LoopyGame::packed(&[vec![]], &[vec![]], 0);
        // Each side by its own rule when it is not a stopper.
        let le0 = |g: &LoopyGame, on: bool| leq(g, 0, &zero, 0, side_rule(g, &zero, on), budget);
        let ge0 = |g: &LoopyGame, on: bool| leq(&zero, 0, g, 0, side_rule(g, &zero, on), budget);
        use PlayResult::*;
        let left_first = if !le0(&v.offside, false)? {
            LeftWins
        } else if !le0(&v.onside, true)? {
            Draw
        } else {
            RightWins
        };
        let right_first = if !ge0(&v.onside, true)? {
            RightWins
        } else if !ge0(&v.offside, false)? {
            Draw
        } else {
            LeftWins
        };
        Ok(Self::from_results(left_first, right_first))
    }
}

impl std::fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}
