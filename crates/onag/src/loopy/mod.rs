//! Games with cycles: retrograde analysis with draws and distances, The Easy
//! Chase, and generalised Sprague–Grundy values of loopy impartial games.
//!
//! A game here is a finite graph of positions numbered `0..n` (dense numbers, so
//! that the solver's tables are plain arrays). Each position may say who moves
//! there ([`Side`], for partizan games where the player to move is part of the
//! position) and may carry a result declared by the game's own rules
//! ([`Declared`], e.g. "the piece was captured: the player to move has lost").
//! A position without moves and without a declared result ends the game by the
//! [`TerminalRule`].
//!
//! The solver ([`solve`](fn@solve), [`solve_successors`]) labels every position
//! [`Value::Win`], [`Value::Loss`] or [`Value::Draw`] for the player to move,
//! with the number of moves to the end when both players win as fast as
//! possible and lose as slowly as possible. It is a retrograde analysis: a
//! counter of unresolved moves per position, positions resolved level by level
//! from the ends of the game, each edge examined once.
//!
//! Games come in through two traits: [`PredecessorGame`] (the game lists the
//! positions that move *into* a position, as a board game can by unmaking a
//! move: no edge is stored) and [`SuccessorGame`] (the game lists only its
//! moves; the solver then builds the predecessor lists itself, in compressed
//! sparse rows). [`ExplicitGraph`] is an in-memory graph implementing both;
//! [`file::TaggedGraph`] reads a game graph file's tags (`L`/`R`, `win`/`loss`/
//! `draw`); [`chase::EasyChase`] is seed 003's game; [`grundy`] gives
//! generalised Sprague–Grundy values; [`reference`](mod@reference) keeps the seed's
//! iterate-until-stable method as the oracle the tests compare with.
//! [`partizan`] gives loopy partizan games their values: stoppers, canonical
//! stoppers, onside & offside, CGSuite's notation, and loopy rulesets (Fox
//! and Geese).
//!
//! Invariants: no recursion on game depth (queues and loops only); a position's
//! state is one `u32` (the [`solve`](mod@solve) module gives the layout); long work takes a
//! [`Budget`](crate::Budget), checks it every few thousand steps and reports
//! progress.

pub mod chase;
pub mod csr;
pub mod explicit;
pub mod file;
pub mod game;
pub mod grundy;
pub mod partizan;
pub mod reference;
pub mod solve;

pub use explicit::ExplicitGraph;
pub use game::{Declared, PredecessorGame, Side, SuccessorGame, TerminalRule};
pub use grundy::{LoopyValue, SumOutcome, loopy_grundy};
pub use solve::{Solution, Value, solve, solve_successors};
