//! The retrograde solver: win / loss / draw and distances, each move examined once.
//!
//! Every position holds one `u32`:
//!
//! ```text
//! bit 31 = 1 (resolved):   bit 30 = 1 win / 0 loss, bits 0..30 = distance
//! bit 31 = 0 (unresolved): the number of moves not yet known to lose,
//!                          or 0x7FFF_FFFF for a position declared drawn
//! ```
//!
//! The ends of the game (declared results, positions without moves) are
//! resolved at distance 0 and form the first level. Resolving level `d` visits
//! each position's predecessors once: a predecessor with a move to a position
//! that is lost for whoever moves there next wins at distance `d + 1` (the first
//! such move found is a shortest win, levels being processed in order); any
//! other resolved move decrements the predecessor's counter, and a counter that
//! reaches zero means every move loses, at distance `d + 1` (the last move
//! resolved is the longest). Positions never resolved are draws. A move that
//! keeps the turn (partizan positions with the same side to move) counts as
//! good when the position moved to is a win, not a loss.

use serde::Serialize;

use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};

use super::csr::PredecessorLists;
use super::game::{Declared, PredecessorGame, Side, SuccessorGame, TerminalRule, keeps_turn};

/// The result of a position for the player to move there, with the number of
/// moves to the end of the game under best play (win as fast as possible, lose
/// as slowly as possible).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// The player to move wins, in this many moves.
    Win(u32),
    /// The player to move loses, after this many moves.
    Loss(u32),
    /// Neither player can force a win.
    Draw,
}

impl Value {
    /// The same result seen by the other player.
    pub fn flip(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d),
            Value::Loss(d) => Value::Win(d),
            Value::Draw => Value::Draw,
        }
    }

    /// The number of moves to the end, `None` for a draw.
    pub fn distance(self) -> Option<u32> {
        match self {
            Value::Win(d) | Value::Loss(d) => Some(d),
            Value::Draw => None,
        }
    }

    /// "win", "loss" or "draw".
    pub fn word(self) -> &'static str {
        match self {
            Value::Win(_) => "win",
            Value::Loss(_) => "loss",
            Value::Draw => "draw",
        }
    }

    /// Who wins when `mover` is to move with this value (`None` for a draw).
    pub fn winner(self, mover: Side) -> Option<Side> {
        match self {
            Value::Win(_) => Some(mover),
            Value::Loss(_) => Some(mover.other()),
            Value::Draw => None,
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win in {d}"),
            Value::Loss(d) => write!(f, "loss in {d}"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

const RESOLVED: u32 = 1 << 31;
const WIN: u32 = 1 << 30;
const DISTANCE: u32 = WIN - 1;
/// The unresolved state of a declared draw; also one more than the largest
/// counter, so `state >= FROZEN` means "never touch again".
const FROZEN: u32 = RESOLVED - 1;
/// How often (in positions) the solver checks the budget.
const CHECK_EVERY: usize = 1 << 14;

/// Every position's [`Value`], packed in one `u32` each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    state: Vec<u32>,
    moves: u64,
}

impl Solution {
    /// The value of position `p`.
    ///
    /// # Panics
    /// If `p` is not a position of the solved game.
    #[inline]
    pub fn value(&self, p: u32) -> Value {
        decode(self.state[p as usize])
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.state.len()
    }

    /// Whether the game has no positions.
    pub fn is_empty(&self) -> bool {
        self.state.is_empty()
    }

    /// Every position's value, in order.
    pub fn values(&self) -> impl Iterator<Item = Value> + '_ {
        self.state.iter().map(|&s| decode(s))
    }

    /// The number of wins, losses and draws (for the player to move).
    pub fn counts(&self) -> (u64, u64, u64) {
        let mut c = (0, 0, 0);
        for v in self.values() {
            match v {
                Value::Win(_) => c.0 += 1,
                Value::Loss(_) => c.1 += 1,
                Value::Draw => c.2 += 1,
            }
        }
        c
    }

    /// The number of moves the solver examined (each move once at most).
    pub fn moves_examined(&self) -> u64 {
        self.moves
    }

    /// A best move from `p`: to a shortest win, a longest loss, or a draw,
    /// matching `p`'s value. `None` at a declared position or one without
    /// moves. `game` must be the game that was solved.
    pub fn best_move<G: SuccessorGame>(&self, game: &G, p: u32) -> Option<u32> {
        if game.declared(p).is_some() {
            return None;
        }
        let want = match self.value(p) {
            Value::Win(d) => Value::Win(d.checked_sub(1)?),
            Value::Loss(d) => Value::Loss(d.checked_sub(1)?),
            Value::Draw => Value::Draw,
        };
        let mover = game.to_move(p);
        let mut best = None;
        game.for_each_successor(p, |s| {
            if best.is_some() || s as usize >= self.state.len() {
                return;
            }
            let v = self.value(s);
            let seen = if keeps_turn(mover, game.to_move(s)) { v } else { v.flip() };
            if seen == want {
                best = Some(s);
            }
        });
        best
    }
}

#[inline]
fn decode(state: u32) -> Value {
    if state & RESOLVED == 0 {
        Value::Draw
    } else if state & WIN != 0 {
        Value::Win(state & DISTANCE)
    } else {
        Value::Loss(state & DISTANCE)
    }
}

/// How many positions of a level ahead the solver prefetches predecessors' state.
const AHEAD: usize = 4;

/// Solves a game given by its predecessors.
///
/// Fails when a predecessor is out of range, a position has 2^31 - 1 moves or
/// more, a distance reaches 2^30, or the budget runs out (positions, memory,
/// time, Ctrl-C).
pub fn solve<G: PredecessorGame>(
    game: &G,
    rule: TerminalRule,
    budget: &Budget,
) -> Result<Solution> {
    run(game, None, rule, budget)
}

/// Solves a game given by its successors: builds its predecessor lists (4
/// bytes per move, 4 per position) and solves.
pub fn solve_successors<G: SuccessorGame>(
    game: &G,
    rule: TerminalRule,
    budget: &Budget,
) -> Result<Solution> {
    let (lists, degrees) = PredecessorLists::build(game, budget)?;
    run(&Reversed { game, lists }, Some(degrees), rule, budget)
}

/// A successor game seen through its built predecessor lists.
struct Reversed<'a, G> {
    game: &'a G,
    lists: PredecessorLists,
}

impl<G: SuccessorGame> PredecessorGame for Reversed<'_, G> {
    fn num_positions(&self) -> u32 {
        self.game.num_positions()
    }

    fn out_degree(&self, p: u32) -> u32 {
        let mut d = 0u32;
        self.game.for_each_successor(p, |_| d = d.saturating_add(1));
        d
    }

    #[inline]
    fn for_each_predecessor(&self, p: u32, mut f: impl FnMut(u32)) {
        for &q in self.lists.row(p) {
            f(q);
        }
    }

    #[inline]
    fn predecessors_ahead(&self, p: u32, f: impl FnMut(u32)) {
        self.for_each_predecessor(p, f);
    }

    #[inline]
    fn to_move(&self, p: u32) -> Option<Side> {
        self.game.to_move(p)
    }

    #[inline]
    fn declared(&self, p: u32) -> Option<Declared> {
        self.game.declared(p)
    }
}

/// The solver proper. `degrees`, when given, holds every position's
/// out-degree and becomes the state array.
fn run<G: PredecessorGame>(
    game: &G,
    degrees: Option<Vec<u32>>,
    rule: TerminalRule,
    budget: &Budget,
) -> Result<Solution> {
    let n = game.num_positions();
    let total = u64::from(n);
    budget.check_positions(total)?;
    budget.check_memory(total * 4)?;
    let given = degrees.is_some();
    let mut state = degrees.unwrap_or_else(|| vec![0u32; n as usize]);
    let mut frontier = Vec::new();
    let terminal = match rule {
        TerminalRule::MoverLoses => RESOLVED,
        TerminalRule::MoverWins => RESOLVED | WIN,
    };
    for p in 0..n {
        if p as usize % CHECK_EVERY == 0 {
            budget.check(total)?;
        }
        let s = match game.declared(p) {
            Some(Declared::Win) => RESOLVED | WIN,
            Some(Declared::Loss) => RESOLVED,
            Some(Declared::Draw) => FROZEN,
            None => {
                let degree = if given { state[p as usize] } else { game.out_degree(p) };
                if degree == 0 {
                    terminal
                } else if degree >= FROZEN {
                    return Err(Error::new(
                        ErrorKind::LimitExceeded,
                        format!("position {p} has {degree} moves; at most 2^31 - 2 are supported"),
                    ));
                } else {
                    degree
                }
            }
        };
        state[p as usize] = s;
        if s & RESOLVED != 0 {
            frontier.push(p);
        }
    }

    let mut next = Vec::new();
    let mut level = 0u32;
    let mut resolved = frontier.len() as u64;
    let mut moves = 0u64;
    let mut bad = None;
    while !frontier.is_empty() {
        if level >= DISTANCE {
            return Err(Error::new(ErrorKind::Overflow, "a game lasts 2^30 moves or more"));
        }
        let loss = RESOLVED | (level + 1);
        let win = loss | WIN;
        for (i, &s) in frontier.iter().enumerate() {
            if i % CHECK_EVERY == 0 {
                budget.check(total)?;
                budget.progress("solving", resolved, Some(total));
            }
            if let Some(&t) = frontier.get(i + AHEAD) {
                game.predecessors_ahead(t, |p| crate::prefetch::prefetch(&state, p as usize));
            }
            let s_win = state[s as usize] & WIN != 0;
            let s_side = game.to_move(s);
            game.for_each_predecessor(s, |p| {
                moves += 1;
                let Some(ps) = state.get(p as usize).copied() else {
                    bad.get_or_insert(p);
                    return;
                };
                if ps >= FROZEN {
                    return;
                }
                let slot = &mut state[p as usize];
                if s_win == keeps_turn(game.to_move(p), s_side) {
                    *slot = win;
                    next.push(p);
                } else if ps <= 1 {
                    *slot = loss;
                    next.push(p);
                } else {
                    *slot = ps - 1;
                }
            });
            if let Some(p) = bad {
                return Err(Error::invalid(format!(
                    "position {s} has predecessor {p}, but there are only {n} positions"
                )));
            }
        }
        resolved += next.len() as u64;
        // Order within a level changes no value; in increasing order the next
        // level reads its predecessor lists as one forward sweep.
        next.sort_unstable();
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
        level += 1;
    }
    budget.progress("solving", total, Some(total));
    Ok(Solution { state, moves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::ExplicitGraph;

    fn values(g: &ExplicitGraph, rule: TerminalRule) -> Vec<Value> {
        solve_successors(g, rule, &Budget::unlimited()).unwrap().values().collect()
    }

    #[test]
    fn chain_into_a_loop_and_an_end() {
        // 0 -> 1 -> 2 (end); 3 <-> 4; 5 -> 3, 5 -> 2.
        let g = ExplicitGraph::impartial(&[vec![1], vec![2], vec![], vec![4], vec![3], vec![3, 2]])
            .unwrap();
        use Value::*;
        assert_eq!(
            values(&g, TerminalRule::MoverLoses),
            vec![Loss(2), Win(1), Loss(0), Draw, Draw, Win(1)]
        );
        assert_eq!(
            values(&g, TerminalRule::MoverWins),
            vec![Win(2), Loss(1), Win(0), Draw, Draw, Draw]
        );
    }

    #[test]
    fn loser_delays_and_winner_hurries() {
        // 2 loses in 2 (-> 3 -> 4); 1 wins in 1. From 0 the move to 1 loses,
        // the move to 2 wins in 3.
        let g = ExplicitGraph::impartial(&[vec![1, 2], vec![4], vec![3], vec![4], vec![]]).unwrap();
        let sol = solve_successors(&g, TerminalRule::MoverLoses, &Budget::unlimited()).unwrap();
        assert_eq!(sol.value(2), Value::Loss(2));
        assert_eq!(sol.value(0), Value::Win(3));
        assert_eq!(sol.best_move(&g, 0), Some(2));
    }

    #[test]
    fn partizan_moves_that_keep_the_turn() {
        // Left at 0 moves to 1 (Left again), which moves to 2: Right to move,
        // no moves, Right loses.
        let g = ExplicitGraph::new(
            &[vec![1], vec![2], vec![]],
            Some(vec![Side::Left, Side::Left, Side::Right]),
            Vec::new(),
        )
        .unwrap();
        use Value::*;
        assert_eq!(values(&g, TerminalRule::MoverLoses), vec![Win(2), Win(1), Loss(0)]);
    }

    #[test]
    fn declared_results_override_moves() {
        let g = ExplicitGraph::new(
            &[vec![1], vec![0], vec![0]],
            None,
            vec![None, Some(Declared::Draw), Some(Declared::Win)],
        )
        .unwrap();
        use Value::*;
        assert_eq!(values(&g, TerminalRule::MoverLoses), vec![Draw, Draw, Win(0)]);
    }

    #[test]
    fn position_limit_applies() {
        let g = ExplicitGraph::impartial(&[vec![], vec![0]]).unwrap();
        let budget = Budget::unlimited().with_max_positions(1);
        let err = solve_successors(&g, TerminalRule::MoverLoses, &budget).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::LimitExceeded);
    }
}
