//! What a player wants to know about a position of a ruleset (or a sum of
//! several): its value, outcome class and winning moves for each player.
//!
//! A move for Left is winning when Left, having made it, wins moving second:
//! the sum after the move is ≥ 0 (≤ 0 for Right). A move in a sum is a move
//! in one component; the sum after it is the other components' value plus the
//! option's value, so each component is valued once. Two moves that leave
//! the same position (toppling the first domino of `l.l` to the right or the
//! last to the left) are one winning move: the first is listed.

use super::any::{AnyPosition, Solvers};
use super::position::Player;
use crate::error::Result;
use crate::game::{Arena, GameId, PartizanOutcome};

/// One move in a sum of positions.
#[derive(Debug, Clone)]
pub struct Move {
    /// Which component (0-based) the move is made in.
    pub component: usize,
    /// That component after the move.
    pub position: Box<dyn AnyPosition>,
    /// The value of the whole sum after the move.
    pub value: GameId,
}

/// The value of a sum of positions and the moves that win.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The canonical form of the sum.
    pub value: GameId,
    /// Its outcome class.
    pub outcome: PartizanOutcome,
    /// The nim value, when every component is impartial.
    pub nim_value: Option<u64>,
    /// Left's winning moves, components in order, each in its ruleset's
    /// order; moves that leave the same position are listed once.
    pub left: Vec<Move>,
    /// Right's winning moves.
    pub right: Vec<Move>,
}

/// Values the sum of `positions` (0 when there are none) and finds every
/// winning move of each player.
pub fn analyse(
    positions: &[Box<dyn AnyPosition>],
    arena: &mut Arena,
    solvers: &mut Solvers,
) -> Result<Analysis> {
    let mut values = Vec::with_capacity(positions.len());
    for p in positions {
        values.push(p.value(arena, solvers)?);
    }
    let mut value = arena.zero();
    for &v in &values {
        value = arena.add(value, v)?;
    }
    let outcome = arena.outcome(value)?;
    let mut nim_value = Some(0u64);
    for p in positions {
        nim_value = match (nim_value, p.nim_value(solvers)?) {
            (Some(a), Some(b)) => Some(a ^ b),
            _ => None,
        };
    }
    let mut left = Vec::new();
    let mut right = Vec::new();
    // The other components' value for each component, from sums of the
    // components before it and after it (never `value − values[i]`: the
    // canonical sum G + (−G) of a large G is costly to reduce to 0).
    let mut after_each = vec![arena.zero(); values.len()];
    for i in (0..values.len().saturating_sub(1)).rev() {
        after_each[i] = arena.add(values[i + 1], after_each[i + 1])?;
    }
    let mut before = arena.zero();
    for (i, p) in positions.iter().enumerate() {
        let rest = arena.add(before, after_each[i])?;
        before = arena.add(before, values[i])?;
        for player in Player::BOTH {
            let mut listed = rustc_hash::FxHashSet::default();
            for option in p.options(player) {
                if !listed.insert(option.notation()) {
                    continue;
                }
                let v = option.value(arena, solvers)?;
                let after = arena.add(rest, v)?;
                let zero = arena.zero();
                let wins = match player {
                    Player::Left => arena.geq(after, zero)?,
                    Player::Right => arena.leq(after, zero)?,
                };
                if wins {
                    let m = Move { component: i, position: option, value: after };
                    match player {
                        Player::Left => left.push(m),
                        Player::Right => right.push(m),
                    }
                }
            }
        }
    }
    Ok(Analysis { value, outcome, nim_value, left, right })
}
