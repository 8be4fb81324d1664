//! Loopy partizan games: graphs with Left and Right moves, stoppers, their
//! canonical forms, sided values (onside & offside), comparison, sums,
//! outcomes with draws, and CGSuite's notation.
//!
//! - [`graph`]: [`LoopyGame`] (a packed graph played from node 0) and its
//!   [`Builder`]; `on`, `off`, `dud`, `over`, `under`, `upon`, `uponth`,
//!   short games, negation and sums.
//! - [`solve`]: alternating cycles (stopper recognition), comparison by the
//!   survival game and its sided (Büchi) forms, play with draws.
//! - [`canonical`]: canonical stoppers (reversible, dominated, fusion) and
//!   [`SidedValue`] (onside and offside found by deleting moves on infinite
//!   alternating plays).
//! - [`outcome`]: CGSuite's loopy outcome classes (`L`, `R`, `P`, `N`, `D`,
//!   `PHat`, `PCheck`, `NHat`, `NCheck`).
//! - `print`: CGSuite's notation; `parse`: its literals (`pass`, named
//!   nodes, `on`, `over`, ..., sums, `&`); `file`: graph files with `L`/`R`
//!   edges; [`position`]: a trait for a user's own loopy ruleset;
//!   [`survival`]: `G ≤ H` for stoppers by a lazy search of the survival
//!   game; [`backsliding`]: Backsliding Toads and Frogs.
//! - [`stops`]: Left and Right stops of stoppers (pseudonumbers);
//!   [`degree`]: upsums, downsums, the degree of loopiness and varieties.
//!
//! Invariants: no recursion on game depth except the printer and the parser,
//! both bounded by a fixed depth and failing with an error past it; every
//! state space is checked against a [`Budget`](crate::Budget).

pub mod backsliding;
pub mod canonical;
pub mod components;
pub mod degree;
pub mod file;
pub mod fox_geese;
pub mod graph;
pub mod ordinal;
pub mod outcome;
pub mod parse;
pub mod position;
pub mod print;
pub mod solve;
pub mod stops;
pub mod survival;

pub use canonical::{SidedValue, canonical_stopper};
pub use graph::{Builder, LoopyGame};
pub use outcome::LoopyOutcome;
pub use solve::{PlayResult, Rule, leq, play_results};
