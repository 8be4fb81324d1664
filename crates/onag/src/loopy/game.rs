//! The traits a game implements to be solved, and the rules around them.
//!
//! Positions are dense numbers `0..n` (`n < 2^32`). A game gives either its
//! predecessors ([`PredecessorGame`]: nothing is stored, the solver asks the
//! game) or its successors ([`SuccessorGame`]: the solver stores the reversed
//! graph). Both say who moves where ([`to_move`](PredecessorGame::to_move)) and
//! which positions the rules have already decided
//! ([`declared`](PredecessorGame::declared)).

use serde::Serialize;

/// A player of a partizan game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Left (in The Easy Chase: white).
    Left,
    /// Right (in The Easy Chase: black).
    Right,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::Left => "Left",
            Side::Right => "Right",
        })
    }
}

/// A result fixed by the game's own rules, for the player to move at that
/// position. A declared position ends the game there: its moves are ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Declared {
    /// The player to move has won (distance 0).
    Win,
    /// The player to move has lost (distance 0).
    Loss,
    /// The game is drawn here.
    Draw,
}

/// What happens at a position with no moves and no declared result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TerminalRule {
    /// The player who cannot move loses (normal play).
    #[default]
    MoverLoses,
    /// The player who cannot move wins.
    MoverWins,
}

/// Whether the move `from → to` leaves the same player to move.
///
/// Impartial positions (no side) always pass the turn; partizan positions keep
/// it exactly when both sides are equal.
#[inline]
pub fn keeps_turn(from: Option<Side>, to: Option<Side>) -> bool {
    matches!((from, to), (Some(a), Some(b)) if a == b)
}

/// A game that lists, for each position, the positions that move into it.
///
/// Contract: if position `p` has `k` moves to `s`, then
/// [`for_each_predecessor`](Self::for_each_predecessor)`(s)` reports `p`
/// exactly `k` times and [`out_degree`](Self::out_degree)`(p)` counts all of
/// `p`'s moves. Predecessors that are declared positions may be reported; the
/// solver skips them. Numbers out of range are reported as errors by the solver.
pub trait PredecessorGame {
    /// The number of positions; positions are `0..num_positions()`.
    fn num_positions(&self) -> u32;

    /// The number of moves from `p` (counting repeated targets).
    fn out_degree(&self, p: u32) -> u32;

    /// Calls `f` once for every move into `p`, with the position moved from.
    fn for_each_predecessor(&self, p: u32, f: impl FnMut(u32));

    /// Calls `f` with the predecessors of `p` (all, some or none), a few
    /// positions before the solver visits them, so that it can prefetch their
    /// state. Only a speed hint: the default lists none; games whose
    /// predecessors are cheap to list again may forward to
    /// [`for_each_predecessor`](Self::for_each_predecessor).
    fn predecessors_ahead(&self, _p: u32, _f: impl FnMut(u32)) {}

    /// Who moves at `p`; `None` for an impartial game, where every move passes
    /// the turn.
    fn to_move(&self, _p: u32) -> Option<Side> {
        None
    }

    /// The result the rules declare at `p`, if any.
    fn declared(&self, _p: u32) -> Option<Declared> {
        None
    }
}

/// A game that lists only the moves from each position.
///
/// Successors must be numbers below [`num_positions`](Self::num_positions)
/// (the solver reports others as errors). Moves of declared positions are
/// never asked for.
pub trait SuccessorGame {
    /// The number of positions; positions are `0..num_positions()`.
    fn num_positions(&self) -> u32;

    /// Calls `f` once for every move from `p`, with the position moved to.
    fn for_each_successor(&self, p: u32, f: impl FnMut(u32));

    /// Who moves at `p`; `None` for an impartial game, where every move passes
    /// the turn.
    fn to_move(&self, _p: u32) -> Option<Side> {
        None
    }

    /// The result the rules declare at `p`, if any.
    fn declared(&self, _p: u32) -> Option<Declared> {
        None
    }
}
